"""Rolling a character by the rules: class, stats, Hit Points, AC, and the bonuses on the sheet.

Everything here is a pure function of a ruleset and a dice source, so a replacement character
rolled mid-session replays identically, and every die thrown comes back for the log. The result
is a plain record the session layer turns into its own character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hammertui.rules.dice import DiceSource, Roll, roll
from hammertui.rules.ruleset import ClassDef, HitPointRules, Ruleset


@attrs.frozen
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


def assign_stats(
    rolls: Sequence[int], prime_stats: Sequence[str], stat_order: Sequence[str]
) -> dict[str, int]:
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


def roll_stats(
    ruleset: Ruleset, source: DiceSource, class_def: ClassDef | None
) -> tuple[dict[str, int], list[Roll]]:
    """Roll the stats as the ruleset says and place them by its method."""
    rolling = ruleset.stat_rolling
    rolls = [_labelled(roll(source, rolling.dice), f"stat {n}") for n in range(1, rolling.count + 1)]
    totals = [r.total for r in rolls]
    if rolling.method == "in_order":
        return dict(zip(ruleset.stats, totals, strict=False)), rolls
    primes = class_def.prime_stats if class_def else ()
    return assign_stats(totals, primes, ruleset.stats), rolls


def hit_die_roll(source: DiceSource, class_def: ClassDef) -> Roll:
    """One Hit Die: with Advantage and a reroll of the listed faces where the class has them.

    A reroll throws once more and keeps that result, even if it shows the same face again.
    """
    sides = class_def.hit_die
    if class_def.hit_dice_advantage:
        dice = [source.roll(sides), source.roll(sides)]
        kept = max(dice)
        label = f"d{sides} adv"
    else:
        dice = [source.roll(sides)]
        kept = dice[0]
        label = f"d{sides}"
    if kept in class_def.hit_dice_reroll:
        kept = source.roll(sides)
        dice.append(kept)
        label += " reroll"
    return Roll(label, tuple(dice), (kept,))


def first_level_hp(
    ruleset: Ruleset, class_def: ClassDef, con_mod: int, source: DiceSource
) -> tuple[int, list[Roll]]:
    """Hit Points at level 1: the Hit Die's maximum (or a throw of it) + CON mod, not below the floor."""
    rules = ruleset.hit_points or HitPointRules()
    if rules.first_level == "max_hit_die":
        return max(rules.minimum, class_def.hit_die + con_mod), []
    thrown = hit_die_roll(source, class_def)
    return max(rules.minimum, thrown.total + con_mod), [thrown]


def level_up_hp(
    ruleset: Ruleset,
    class_def: ClassDef,
    new_level: int,
    old_max: int,
    con_mod: int,
    source: DiceSource,
) -> tuple[int, list[Roll]]:
    """New maximum Hit Points on reaching `new_level`, by the ruleset's levelling rule.

    `reroll_all` (complete rules): throw every Hit Die, add CON mod once; keep it if higher,
    else the old maximum + 1. `reroll_all_con_each` adds the mod to each die. `plus_one_and_death_save`
    (Book Three): +1, plus however much the Death save bonus rose this level.
    """
    rules = ruleset.hit_points or HitPointRules()
    if rules.level_up == "plus_one_and_death_save":
        rise = _save_level_bonus(ruleset, class_def, "Death", new_level) - _save_level_bonus(
            ruleset, class_def, "Death", new_level - 1
        )
        return max(rules.minimum, old_max + 1 + rise), []
    thrown = [hit_die_roll(source, class_def) for _ in range(new_level)]
    if rules.level_up == "reroll_all_con_each":
        total = sum(t.total + con_mod for t in thrown)
    else:
        total = sum(t.total for t in thrown) + con_mod
    new_max = total if total > old_max else old_max + 1
    return max(rules.minimum, new_max), thrown


def armour_class(ruleset: Ruleset, stats: Mapping[str, int]) -> int:
    """AC without armour: the ruleset's base plus its AC stat's mod."""
    combat = ruleset.combat
    if combat.ac_stat is None:
        return combat.ac_base
    return combat.ac_base + ruleset.stat_mod(stats[combat.ac_stat])


def roll_character(ruleset: Ruleset, source: DiceSource, name: str, level: int = 1) -> RolledCharacter:
    """Class, stats, Hit Points (levelled up to `level` by the ruleset's rule), AC and movement."""
    if level < 1:
        raise ValueError("a character starts at level 1 or above")
    class_id, rolls = roll_class(ruleset, source)
    class_def = ruleset.classes[class_id]
    stats, stat_rolls = roll_stats(ruleset, source, class_def)
    rolls += stat_rolls
    mods = {stat: ruleset.stat_mod(score) for stat, score in stats.items()}
    con_mod = mods.get("CON", 0)
    max_hp, hp_rolls = first_level_hp(ruleset, class_def, con_mod, source)
    rolls += hp_rolls
    for new_level in range(2, level + 1):
        max_hp, hp_rolls = level_up_hp(ruleset, class_def, new_level, max_hp, con_mod, source)
        rolls += hp_rolls
    return RolledCharacter(
        name=name,
        class_id=class_id,
        level=level,
        stats=stats,
        mods=mods,
        stat_rolls=tuple(r.total for r in stat_rolls),
        max_hp=max_hp,
        ac=armour_class(ruleset, stats),
        movement=class_def.movement,
        rolls=tuple(rolls),
    )


def save_bonus(
    ruleset: Ruleset, class_id: str, level: int, save: str, stats: Mapping[str, int]
) -> tuple[int, str]:
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
    level_text = (
        _level_part(level, divisor, f"Rank {rank}") if divisor else f"0 (Rank {rank}: no level bonus)"
    )
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


def spellbook_size(ruleset: Ruleset, class_id: str, level: int, stats: Mapping[str, int]) -> int:
    """Spells (or prayers) in a caster's book at `level`; 0 for a class that casts none."""
    spells = ruleset.classes[class_id].spellcasting
    if spells is None:
        return 0
    return spells.book_size(level, ruleset.stat_mod(stats[spells.stat]))


def random_skill_count(ruleset: Ruleset, stats: Mapping[str, int]) -> int:
    """How many random skills a new character starts with (4 + INT mod, not below 0)."""
    skills = ruleset.skills
    if skills is None:
        return 0
    mod = ruleset.stat_mod(stats[skills.random_stat]) if skills.random_stat else 0
    return max(0, skills.random_base + mod)


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
    return "a Boon" if ruleset.modifier_dice.mode == "beans" else "Advantage"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
