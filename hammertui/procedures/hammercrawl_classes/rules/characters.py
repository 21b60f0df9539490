"""Rolling a character by the rules: class, stats, Hit Points, AC, and the bonuses on the sheet.

Everything here is a pure function of a ruleset and a dice source, so a replacement character
rolled mid-session replays identically, and every die thrown comes back for the log. The result
is a plain record the session layer turns into its own character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, roll
from hammertui.kernel.rules.modifiers import ModifierRules, modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import ClassDef, HitPointRules, Ruleset


@record
class RolledCharacter:
    """A freshly rolled character and every roll made for it, in order."""

    name: str
    class_id: str
    level: int
    stats: dict[str, int]
    mods: dict[str, int]
    stat_rolls: tuple[int, ...]
    max_hp: int
    ac: int
    movement: int
    rolls: tuple[Roll, ...]
    armour: str = "none"
    shield: bool = False
    uses: dict[str, int] = attrs.field(factory=dict)
    bailiwick: str = ""
    failing: str = ""
    notes: tuple[str, ...] = ()


def assign_stats(rolls: Sequence[int], prime_stats: Sequence[str], stat_order: Sequence[str]) -> dict[str, int]:
    """The rules' placement: the highest rolls, in rolling order, to the Prime Stats in sheet order.

    The rest go, in rolling order, to the remaining stats in sheet order. When equal rolls compete
    for the last Prime Stat, the earliest rolled wins, which keeps the later ones in their place for
    the remaining stats. Extra rolls beyond the stats (a ruleset rolling seven) are dropped lowest
    first, before placing.
    """
    if len(rolls) < len(stat_order):
        raise ValueError(f"{len(rolls)} rolls cannot fill {len(stat_order)} stats")
    order = list(range(len(rolls)))
    used = sorted(_highest(rolls, order, len(stat_order)))
    primes = [s for s in stat_order if s in prime_stats]
    prime_indices = sorted(_highest(rolls, used, len(primes)))
    rest_indices = [i for i in used if i not in prime_indices]
    others = [s for s in stat_order if s not in prime_stats]
    stats = dict(zip(primes, (rolls[i] for i in prime_indices), strict=True))
    stats.update(zip(others, (rolls[i] for i in rest_indices), strict=True))
    return {s: stats[s] for s in stat_order}


def _highest(rolls: Sequence[int], among: Sequence[int], n: int) -> list[int]:
    """Indices of the `n` highest rolls among `among`; on a tie the earliest."""
    return sorted(among, key=lambda i: (-rolls[i], i))[:n]


def roll_class(ruleset: Ruleset, source: DiceSource) -> tuple[str, list[Roll]]:
    """Roll on the class table, and on a sub-table (Human: 1d4) when the row sends there."""
    table = ruleset.class_table
    if table is None:
        raise ValueError(f"ruleset {ruleset.id} has no class table")
    first = _labelled(roll(source, table.dice), "class")
    row = table.row_for(first.total)
    if row.table is None:
        assert row.class_id is not None
        return row.class_id, [first]
    second = _labelled(roll(source, table.tables[row.table].dice), row.table.capitalize())
    return table.class_for(first.total, second.total), [first, second]


def _labelled(thrown: Roll, purpose: str) -> Roll:
    """Name what a roll was for, so the log reads `class 3d6: [4, 4, 5] = 13`."""
    return attrs.evolve(thrown, label=f"{purpose} {thrown.label}")


def roll_stats(ruleset: Ruleset, source: DiceSource, class_def: ClassDef | None) -> tuple[dict[str, int], list[Roll]]:
    """Roll the stats as the ruleset says and place them by its method."""
    rolling = ruleset.stat_rolling
    rolls = [_labelled(roll(source, rolling.dice), f"stat {n}") for n in range(1, rolling.count + 1)]
    totals = [r.total for r in rolls]
    if rolling.method == "in_order":
        return dict(zip(ruleset.stats, totals, strict=False)), rolls
    primes = class_def.prime_stats if class_def else ()
    return assign_stats(totals, primes, ruleset.stats), rolls


def hit_die_roll(source: DiceSource, class_def: ClassDef, dice: ModifierRules | None = None) -> Roll:
    """One Hit Die, as `hit_dice_rolls` throws them."""
    return hit_dice_rolls(source, class_def, 1, dice)[0]


def hit_dice_rolls(
    source: DiceSource, class_def: ClassDef, count: int, dice: ModifierRules | None = None
) -> tuple[Roll, ...]:
    """`count` Hit Dice: with Advantage and a reroll of the listed faces where the class has them.

    Advantage on the Hit Dice is one die more in their pool, the lowest dropped ("When rolling
    pools of dice with an advantage, just add one die of the base type to the pool, and then drop
    the lowest die after the roll"): one roll. Where the ruleset's modifier dice (`dice`) are a die
    added to a total (Boons and Banes), the class's edge is that die added to each Hit Die instead.
    A reroll throws once more and keeps that result, even if it shows the same face again.
    """
    sides = class_def.hit_die
    if class_def.hit_dice_advantage and dice is not None and dice.added_die(1) is not None:
        return tuple(
            _rerolled(source, class_def, dice.throw(source, DiceExpr(1, sides), 1), f"d{sides}") for _ in range(count)
        )
    if class_def.hit_dice_advantage:
        pool = roll(source, DiceExpr(count + 1, sides, keep=count))
        return (_rerolled(source, class_def, pool, f"{count if count > 1 else ''}d{sides} adv"),)
    return tuple(_rerolled(source, class_def, roll(source, DiceExpr(1, sides)), f"d{sides}") for _ in range(count))


def _rerolled(source: DiceSource, class_def: ClassDef, thrown: Roll, label: str) -> Roll:
    """`thrown` with each kept face the class rerolls thrown once more: the faces that stand, then
    the new ones, every die shown."""
    stand = tuple(face for face in thrown.kept if face not in class_def.hit_dice_reroll)
    again = tuple(source.roll(class_def.hit_die) for _ in range(len(thrown.kept) - len(stand)))
    label += " reroll" if again else ""
    return attrs.evolve(thrown, label=label, dice=(*thrown.dice, *again), kept=(*stand, *again))


def first_level_hp(ruleset: Ruleset, class_def: ClassDef, con_mod: int, source: DiceSource) -> tuple[int, list[Roll]]:
    """Hit Points at level 1: the Hit Die's maximum (or a throw of it) + CON mod, not below the floor."""
    rules = ruleset.hit_points or HitPointRules()
    if rules.first_level == "max_hit_die":
        return max(rules.minimum, class_def.hit_die + con_mod), []
    thrown = hit_die_roll(source, class_def, modifier_rules(ruleset.modifier_dice))
    return max(rules.minimum, thrown.total + con_mod), [thrown]


def level_up_hp_rule(ruleset: Ruleset, chosen: str = "") -> str:
    """The levelling rule in force: the session's `chosen` one where the ruleset offers it, else
    the ruleset's own."""
    rules = ruleset.hit_points or HitPointRules()
    return chosen if chosen in rules.level_up_choices else rules.level_up


def level_up_hp(
    ruleset: Ruleset,
    class_def: ClassDef,
    new_level: int,
    old_max: int,
    con_mod: int,
    source: DiceSource,
    mode: str = "",
) -> tuple[int, list[Roll]]:
    """New maximum Hit Points on reaching `new_level`, by `mode` (empty: the ruleset's rule).

    `reroll_all` (complete rules): throw every Hit Die, add CON mod once; "if the total is less
    than your previous HP total", the old maximum + 1, so an equal total stands. `reroll_all_con_each`
    (Book Three's Hit Points section) adds the mod to each die and keeps the total only if it is
    greater, else the old + 1. `plus_one_and_death_save` (Book Three's Levelling Up): +1, plus
    however much the Death save bonus rose this level.
    """
    rules = ruleset.hit_points or HitPointRules()
    mode = level_up_hp_rule(ruleset, mode)
    if mode == "plus_one_and_death_save":
        rise = _save_level_bonus(ruleset, class_def, "Death", new_level) - _save_level_bonus(
            ruleset, class_def, "Death", new_level - 1
        )
        return max(rules.minimum, old_max + 1 + rise), []
    thrown = list(hit_dice_rolls(source, class_def, new_level, modifier_rules(ruleset.modifier_dice)))
    if mode == "reroll_all_con_each":
        total = sum(t.total for t in thrown) + con_mod * new_level
        new_max = total if total > old_max else old_max + 1
    else:
        total = sum(t.total for t in thrown) + con_mod
        new_max = old_max + 1 if total < old_max else total
    return max(rules.minimum, new_max), thrown


def armour_class(
    ruleset: Ruleset,
    stats: Mapping[str, int],
    class_def: ClassDef | None = None,
    armour: str = "none",
    shield: bool = False,
) -> tuple[int, str]:
    """AC and how it is made: base + AC stat's mod + armour + shield.

    A class that ignores a low DEX in heavy armour (the Dwarf) drops a negative mod there.
    """
    combat = ruleset.combat
    total = combat.armour_class.base
    parts = [str(combat.armour_class.base)]
    if combat.armour_class.stat is not None:
        mod = ruleset.stat_mod(stats[combat.armour_class.stat])
        if mod < 0 and class_def is not None and armour in class_def.no_dex_penalty_in:
            parts.append(f"{combat.armour_class.stat} {mod} ignored in {armour} armour")
        else:
            total += mod
            parts.append(f"{combat.armour_class.stat} {_signed(mod)}")
    worn = [ruleset.armour_kind(armour)] if armour != "none" and ruleset.armour else []
    if shield and ruleset.shield is not None:
        worn.append(ruleset.shield)
    for kind in worn:
        total += kind.ac
        parts.append(f"{kind.name} +{kind.ac}")
    return total, f"AC {total} = " + " + ".join(parts)


def armour_problems(ruleset: Ruleset, class_id: str, armour: str, shield: bool) -> list[str]:
    """Why a class cannot wear this armour or carry a shield; empty when it can."""
    class_def = ruleset.classes[class_id]
    problems = []
    known = [a.id for a in ruleset.body_armour]
    if armour != "none" and armour not in known:
        problems.append(f"no armour called {armour!r} (one of {', '.join(known)})")
    elif armour in class_def.armour_forbidden:
        problems.append(f"a {class_def.short_name} cannot wear {ruleset.armour_kind(armour).name}")
    if shield and ruleset.shield is None:
        problems.append("this ruleset has no shields")
    elif shield and ruleset.shield is not None and ruleset.shield.id in class_def.armour_forbidden:
        problems.append(f"a {class_def.short_name} cannot carry a shield")
    return problems


def best_allowed_armour(ruleset: Ruleset, class_id: str, armour: str, shield: bool) -> tuple[str, bool]:
    """The wanted armour if the class may wear it, else the heaviest lighter kind it may."""
    forbidden = ruleset.classes[class_id].armour_forbidden
    if armour != "none" and armour in forbidden:
        wanted = ruleset.armour_kind(armour).weight
        allowed = [a for a in ruleset.body_armour if a.id not in forbidden and a.weight <= wanted]
        armour = max(allowed, key=lambda a: a.weight).id if allowed else "none"
    if shield and ruleset.shield is not None and ruleset.shield.id in forbidden:
        shield = False
    return armour, shield


def roll_bailiwick(ruleset: Ruleset, source: DiceSource) -> tuple[str, str, list[Roll]]:
    """A Thief's Bailiwick and Failing: two different thief skills, each rolled at random."""
    skills = ruleset.skills.thief_skills if ruleset.skills else ()
    if len(skills) < 2:
        return "", "", []
    die = f"1d{len(skills)}"
    first = _labelled(roll(source, die), "Bailiwick")
    rolls = [first]
    while True:
        second = _labelled(roll(source, die), "Failing")
        rolls.append(second)
        if second.total != first.total:
            break
    return skills[first.total - 1].id, skills[second.total - 1].id, rolls


def starting_uses(class_def: ClassDef, level: int) -> dict[str, int]:
    """Uses of each class resource a character of `level` has when fresh."""
    return {r.id: r.uses(level) for r in class_def.resources}


def roll_character(
    ruleset: Ruleset,
    source: DiceSource,
    name: str,
    level: int = 1,
    armour: str = "none",
    shield: bool = False,
) -> RolledCharacter:
    """Class, stats, Hit Points (levelled up to `level` by the ruleset's rule), AC and movement.

    Armour is chosen before the class is known, so a class that cannot wear it gets the heaviest
    lighter kind it can (and no shield if it cannot carry one); the notes say so.
    """
    if level < 1:
        raise ValueError("a character starts at level 1 or above")
    class_id, rolls = roll_class(ruleset, source)
    class_def = ruleset.classes[class_id]
    stats, stat_rolls = roll_stats(ruleset, source, class_def)
    rolls += stat_rolls
    mods = {stat: ruleset.stat_mod(score) for stat, score in stats.items()}
    con_mod = mods.get(ruleset.stat_rules.role("constitution"), 0)
    max_hp, hp_rolls = first_level_hp(ruleset, class_def, con_mod, source)
    rolls += hp_rolls
    for new_level in range(2, level + 1):
        max_hp, hp_rolls = level_up_hp(ruleset, class_def, new_level, max_hp, con_mod, source)
        rolls += hp_rolls
    worn, carried = best_allowed_armour(ruleset, class_id, armour, shield)
    notes = tuple(armour_problems(ruleset, class_id, armour, shield))
    bailiwick = failing = ""
    if class_def.thief_skills is not None and class_def.thief_skills.bailiwick_and_failing:
        bailiwick, failing, thief_rolls = roll_bailiwick(ruleset, source)
        rolls += thief_rolls
    return RolledCharacter(
        name=name,
        class_id=class_id,
        level=level,
        stats=stats,
        mods=mods,
        stat_rolls=tuple(r.total for r in stat_rolls),
        max_hp=max_hp,
        ac=armour_class(ruleset, stats, class_def, worn, carried)[0],
        movement=class_def.movement,
        rolls=tuple(rolls),
        armour=worn,
        shield=carried,
        uses=starting_uses(class_def, level),
        bailiwick=bailiwick,
        failing=failing,
        notes=notes,
    )


def save_bonus(ruleset: Ruleset, class_id: str, level: int, save: str, stats: Mapping[str, int]) -> tuple[int, str]:
    """The bonus to a save and how it is made: `Body save +3 = level 2 (Good) + CON +1`."""
    class_def = ruleset.classes[class_id]
    quality = class_def.saves[save]
    divisor = ruleset.save_quality_divisor[quality]
    base = level // divisor
    parts = [_level_part(level, divisor, quality.capitalize())]
    total = base
    stat = ruleset.save_stat.get(save)
    if stat is not None:
        mod = ruleset.stat_mod(stats[stat])
        total += mod
        parts.append(f"{stat} {_signed(mod)}")
    text = f"{save} save {_signed(total)} = " + " + ".join(parts)
    if class_def.advantage_on_good_saves and divisor == 1:
        text += f", rolled with {_edge_word(ruleset)}"
    return total, text


def attack_bonus(
    ruleset: Ruleset, class_id: str, level: int, stats: Mapping[str, int], kind: str = "melee"
) -> tuple[int, str]:
    """The bonus to an attack die: rank by level plus the stat for the kind of attack."""
    class_def = ruleset.classes[class_id]
    rank = class_def.attack_rank
    divisor = ruleset.attack_rank_divisor[rank]
    base = level // divisor if divisor else 0
    level_text = _level_part(level, divisor, f"Rank {rank}") if divisor else f"0 (Rank {rank}: no level bonus)"
    parts = [level_text]
    total = base
    stat = ruleset.combat.attack_stats.get(kind)
    if stat is not None:
        mod = ruleset.stat_mod(stats[stat])
        total += mod
        parts.append(f"{stat} {_signed(mod)}")
    return total, f"{kind.capitalize()} attack {_signed(total)} = " + " + ".join(parts)


def attack_dice(ruleset: Ruleset, class_id: str, level: int) -> int:
    """How many attack dice the class throws at `level`."""
    return ruleset.classes[class_id].attack_dice.at(level)


BONUS_DICE_MELEE_ONLY = "bonus dice are melee only; the base die goes with any attack"
"""The Dwarf's rule: "Dwarves can only use their bonus dice for melee attacks ... your base die
can always be used however you like"."""


def attack_dice_for(ruleset: Ruleset, class_id: str, level: int, kind: str) -> int:
    """How many attack dice the class may throw in a `kind` attack (melee, missile, thrown).

    A class whose bonus dice are melee only keeps just its base die for any other attack.
    """
    dice = attack_dice(ruleset, class_id, level)
    if kind != "melee" and ruleset.classes[class_id].attack_dice.bonus_melee_only:
        return min(dice, 1)
    return dice


def spellbook_size(ruleset: Ruleset, class_id: str, level: int, stats: Mapping[str, int]) -> int:
    """Spells (or prayers) in a caster's book at `level`; 0 for a class that casts none."""
    spells = ruleset.classes[class_id].spellcasting
    if spells is None:
        return 0
    return spells.book_size(level, ruleset.stat_mod(stats[spells.stat]))


def random_skill_count(ruleset: Ruleset, stats: Mapping[str, int]) -> int:
    """How many random skills a new character starts with (4 + INT mod, not below 0)."""
    random = ruleset.skills.random if ruleset.skills else None
    if random is None:
        return 0
    mod = ruleset.stat_mod(stats[random.stat]) if random.stat else 0
    return max(0, random.base + mod)


def _save_level_bonus(ruleset: Ruleset, class_def: ClassDef, save: str, level: int) -> int:
    quality = class_def.saves.get(save)
    if quality is None:
        return 0
    return level // ruleset.save_quality_divisor[quality]


def _level_part(level: int, divisor: int, label: str) -> str:
    if divisor == 1:
        return f"level {level} ({label})"
    return f"level {level} / {divisor} = {level // divisor} ({label})"


def _edge_word(ruleset: Ruleset) -> str:
    return modifier_rules(ruleset.modifier_dice).edge


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


@record
class LevelUp:
    """What reaching the next level changes, in the order the rules list it, with the dice."""

    level: int
    max_hp: int
    uses_gained: dict[str, int]
    lines: tuple[str, ...]
    rolls: tuple[Roll, ...]


def can_level_up(ruleset: Ruleset, level: int, xp: int) -> tuple[bool, str]:
    """Whether `xp` is enough for the next level, and what the table should hear either way."""
    needed = ruleset.advancement.xp_for_next(level) if ruleset.advancement else None
    if needed is None:
        return False, f"level {level} is the highest there is"
    if xp < needed:
        return False, f"level {level + 1} needs {needed} XP; {xp} so far"
    return True, f"{xp} XP of the {needed} level {level + 1} needs"


def level_up(
    ruleset: Ruleset,
    class_id: str,
    level: int,
    old_max: int,
    stats: Mapping[str, int],
    source: DiceSource,
    hp_mode: str = "",
) -> LevelUp:
    """Level +1: new maximum HP by `hp_mode` (empty: the ruleset's rule), and every number the class gains.

    The caller resets XP (when the ruleset says so) and raises current HP by the same amount as
    the maximum: levelling does not heal wounds already taken.
    """
    class_def = ruleset.classes[class_id]
    new = level + 1
    constitution = ruleset.stat_rules.role("constitution")
    con_mod = ruleset.stat_mod(stats[constitution]) if constitution in stats else 0
    max_hp, rolls = level_up_hp(ruleset, class_def, new, old_max, con_mod, source, hp_mode)
    lines = [f"Level {level} -> {new}", f"Max HP {old_max} -> {max_hp}"]
    before, after = attack_dice(ruleset, class_id, level), attack_dice(ruleset, class_id, new)
    if after != before:
        lines.append(f"Attack dice {before} -> {after}")
    for save in ruleset.save_names:
        old = save_bonus(ruleset, class_id, level, save, stats)[0]
        now = save_bonus(ruleset, class_id, new, save, stats)[0]
        if now != old:
            lines.append(f"{save} save {_signed(old)} -> {_signed(now)}")
    gained = {r.id: r.uses(new) - r.uses(level) for r in class_def.resources}
    for resource in class_def.resources:
        if gained[resource.id]:
            lines.append(f"{resource.name} +{gained[resource.id]} use")
    spells = class_def.spellcasting
    if spells is not None:
        more = spellbook_size(ruleset, class_id, new, stats) - spellbook_size(ruleset, class_id, level, stats)
        lines.append(f"Spellbook +{more} spells")
        if spells.max_spell_level.at(new) != spells.max_spell_level.at(level):
            lines.append(f"Spells up to level {spells.max_spell_level.at(new)}")
    if class_def.stabbity is not None and class_def.stabbity.at(new) != class_def.stabbity.at(level):
        lines.append(f"Stabbity! x{class_def.stabbity.at(new)}")
    return LevelUp(new, max_hp, gained, tuple(lines), tuple(rolls))


def entry_problems(
    ruleset: Ruleset,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    hp: int,
    max_hp: int,
    ac: int,
) -> list[str]:
    """What is wrong with a character entered by hand, each in words the 'Smith can act on."""
    problems = []
    if class_id not in ruleset.classes:
        problems.append(f"no class {class_id!r} in {ruleset.name}")
    top = ruleset.advancement.max_level if ruleset.advancement else 15
    if not 1 <= level <= top:
        problems.append(f"level must be 1 to {top}, not {level}")
    for stat in ruleset.stats:
        score = stats.get(stat)
        if score is None:
            problems.append(f"{stat} is missing")
        elif not 3 <= score <= 18:
            problems.append(f"{stat} must be 3 to 18, not {score}")
    if max_hp < 1:
        problems.append(f"max HP must be 1 or more, not {max_hp}")
    if not 0 <= hp <= max_hp:
        problems.append(f"HP must be 0 to the max HP ({max_hp}), not {hp}")
    if not 0 <= ac <= 40:
        problems.append(f"AC must be 0 to 40, not {ac}")
    return problems
