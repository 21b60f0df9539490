"""A character sheet: every number the rules derive for a character, and how each was derived.

The sheet is built here, from the ruleset and plain facts, so the screen only lays it out: the
'Smith reads "Body save +3 = level 2 (Good) + CON +1" instead of working it out mid-fight.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import LEVEL_UP_HP, ClassDef, HitPointRules, Ruleset
from hammertui.procedures.hammercrawl_classes.rules import characters, checks, tiers


@record
class Facts:
    """What the sheet needs to know about one character, as plain values."""

    name: str
    class_id: str
    level: int
    xp: int
    stats: Mapping[str, int]
    con: int
    hp: int
    max_hp: int
    temp_hp: int = 0
    ac: int = 10
    armour: str = "none"
    shield: bool = False
    uses: Mapping[str, int] = attrs.field(factory=dict)
    bailiwick: str = ""
    failing: str = ""
    rations: int = 0
    ammo: int = 0
    spells_forgotten: int = 0
    role: str = ""
    player: str = ""
    lights: tuple[str, ...] = ()
    notes: str = ""
    dungeon_tier: int = 1
    coins: int = 0
    items: tuple[str, ...] = ()
    bedroll: bool = False
    level_up_hp: str = ""


@record
class Line:
    """One entry on the sheet: a label, its value, and how the value came about."""

    label: str
    value: str
    why: str = ""


@record
class Section:
    title: str
    lines: tuple[Line, ...]


def character_sheet(ruleset: Ruleset, facts: Facts) -> tuple[Section, ...]:
    """The whole sheet, section by section, in the order a player reads a paper one."""
    class_def = ruleset.classes[facts.class_id]
    sections = [
        Section("Adventurer", _who(ruleset, class_def, facts)),
        Section("Stats", _stats(ruleset, facts)),
        Section("Fighting", _fighting(ruleset, class_def, facts)),
        Section("Saves", _saves(ruleset, facts)),
        Section("Skills", _skills(ruleset, class_def, facts)),
    ]
    if class_def.spellcasting is not None:
        sections.append(Section("Spells", _spells(ruleset, class_def, facts)))
    if class_def.resources:
        sections.append(Section("Uses", _uses(class_def, facts)))
    sections.append(Section("Gear", _gear(ruleset, facts)))
    notes = tuple(Line("", note) for note in (*class_def.notes, *facts.notes.splitlines()) if note)
    if notes:
        sections.append(Section("Notes", notes))
    return tuple(sections)


def _who(ruleset: Ruleset, class_def: ClassDef, facts: Facts) -> tuple[Line, ...]:
    tier = tiers.tier_of(ruleset, facts.level)
    rank = next((r.adventurer for r in ruleset.tier_rules.ranks if r.tier == tier), "") if ruleset.tier_rules else ""
    lines = [
        Line("Class", class_def.name, "" if class_def.race in class_def.name else f"race {class_def.race}"),
        Line("Level", str(facts.level), f"Tier {tier}" + (f": {rank}" if rank else "")),
        Line("XP", *_xp(ruleset, facts)),
        Line("Movement", str(class_def.movement)),
    ]
    if facts.player:
        lines.insert(0, Line("Player", facts.player))
    if facts.role:
        lines.append(Line("Role", facts.role))
    if class_def.languages:
        lines.append(Line("Languages", ", ".join(class_def.languages), "bonus languages of the class"))
    return tuple(lines)


def _xp(ruleset: Ruleset, facts: Facts) -> tuple[str, str]:
    needed = ruleset.advancement.xp_for_next(facts.level) if ruleset.advancement else None
    if needed is None:
        return str(facts.xp), "the highest level"
    ready, words = characters.can_level_up(ruleset, facts.level, facts.xp)
    why = f"level {facts.level + 1} at {needed}; " + (
        "ready to level up (Camp or Town)" if ready else f"{needed - facts.xp} to go"
    )
    return f"{facts.xp} / {needed}", why


def _stats(ruleset: Ruleset, facts: Facts) -> tuple[Line, ...]:
    lines = []
    for stat in ruleset.stats:
        score = facts.stats[stat]
        mod = ruleset.stat_mod(score)
        shown = f"{score} ({_signed(mod)})"
        why = ruleset.stat_names.get(stat, "")
        if stat == ruleset.stat_rules.role("constitution") and facts.con != score:
            shown = f"{facts.con}/{score} ({_signed(ruleset.stat_mod(facts.con))})"
            why = f"{score - facts.con} lost for good"
        lines.append(Line(stat, shown, why))
    return tuple(lines)


def _fighting(ruleset: Ruleset, class_def: ClassDef, facts: Facts) -> tuple[Line, ...]:
    hp = f"{facts.hp}/{facts.max_hp}" + (f" +{facts.temp_hp} temp" if facts.temp_hp else "")
    derived, ac_text = characters.armour_class(ruleset, facts.stats, class_def, facts.armour, facts.shield)
    ac_why = ac_text if derived == facts.ac else f"set by hand (the rules give {ac_text})"
    dice = characters.attack_dice(ruleset, facts.class_id, facts.level)
    dice_why = "one damage die; every hit deals it"
    ranged = characters.attack_dice_for(ruleset, facts.class_id, facts.level, "missile")
    if ranged != dice:
        others = " or ".join(k for k in ruleset.combat.attack_kinds if k != "melee")
        dice_why = f"{dice} in melee, {ranged} for a {others} attack: {characters.BONUS_DICE_MELEE_ONLY}; {dice_why}"
    melee = characters.attack_bonus(ruleset, facts.class_id, facts.level, facts.stats, "melee")
    missile = characters.attack_bonus(ruleset, facts.class_id, facts.level, facts.stats, "missile")
    lines = [
        Line("HP", hp, _hp_why(ruleset, class_def, facts)),
        Line("AC", str(facts.ac), ac_why),
        Line("Attack dice", str(dice), dice_why),
        Line("Melee", _signed(melee[0]), melee[1].split(" = ", 1)[1]),
        Line("Missile", _signed(missile[0]), missile[1].split(" = ", 1)[1]),
        Line("Damage", f"d{class_def.hit_die}", _damage_why(ruleset, class_def, facts.stats)),
    ]
    if class_def.stabbity is not None:
        lines.append(
            Line("Stabbity!", f"x{class_def.stabbity.at(facts.level)}", "melee damage with Advantage or unseen")
        )
    return tuple(lines)


def _hp_why(ruleset: Ruleset, class_def: ClassDef, facts: Facts) -> str:
    """How the maximum came about: level 1's Hit Die, then the levelling rule in force."""
    rules = ruleset.hit_points or HitPointRules()
    first = "the highest" if rules.first_level == "max_hit_die" else "a roll"
    rule = characters.level_up_hp_rule(ruleset, facts.level_up_hp)
    return f"level 1: {first} of d{class_def.hit_die} + CON mod; each level: {LEVEL_UP_HP[rule]}"


def _damage_why(ruleset: Ruleset, class_def: ClassDef, stats: Mapping[str, int]) -> str:
    """The class Hit Die, the stat each kind of attack adds to it, and the two-handed changes."""
    parts = ["the class Hit Die"]
    by_stat: dict[str, list[str]] = {}
    for kind, stat in ruleset.combat.damage_stats.items():
        by_stat.setdefault(stat, []).append(kind)
    for stat, kinds in by_stat.items():
        parts.append(f"{stat} {_signed(ruleset.stat_mod(stats[stat]))} in {' and '.join(kinds)}")
    if class_def.two_handed_damage_die:
        parts.append(f"d{class_def.two_handed_damage_die} two-handed")
    elif class_def.two_handed_extra_damage_dice:
        parts.append(f"+{class_def.two_handed_extra_damage_dice} die two-handed")
    return "; ".join(parts)


def _saves(ruleset: Ruleset, facts: Facts) -> tuple[Line, ...]:
    own = tiers.tier_of(ruleset, facts.level)
    target = tiers.save_target(ruleset, facts.dungeon_tier, own)
    lines = []
    for save in ruleset.save_names:
        bonus, text = characters.save_bonus(ruleset, facts.class_id, facts.level, save, facts.stats)
        lines.append(Line(save, _signed(bonus), text.split(" = ", 1)[1]))
    lines.append(Line("Target", str(target), f"against this dungeon level (Tier {facts.dungeon_tier})"))
    return tuple(lines)


def _skills(ruleset: Ruleset, class_def: ClassDef, facts: Facts) -> tuple[Line, ...]:
    lines = []
    skills = ruleset.skills
    random = skills.random if skills is not None else None
    if random is not None and random.base:
        count = characters.random_skill_count(ruleset, facts.stats)
        stat = random.stat
        why = f"{random.base} + {stat} {_signed(ruleset.stat_mod(facts.stats[stat]))}" if stat else ""
        lines.append(Line("Random skills", str(count), why))
    owned = checks.thief_skills_of(ruleset, facts.class_id)
    if owned and skills is not None:
        target = tiers.thief_skill_target(ruleset, facts.dungeon_tier, tiers.tier_of(ruleset, facts.level))
        names = {s.id: s for s in skills.thief_skills}
        edges = class_def.thief_skills
        for skill_id in owned:
            skill = names[skill_id]
            mod = ruleset.stat_mod(facts.stats[skill.stat])
            notes = []
            if skill_id == facts.bailiwick or (edges and skill_id in edges.advantage):
                notes.append("Bailiwick" if skill_id == facts.bailiwick else "with an edge")
            if skill_id == facts.failing or (edges and skill_id in edges.disadvantage):
                notes.append("Failing" if skill_id == facts.failing else "at a disadvantage")
            why = f"{skill.stat} {_signed(mod)} vs {target}" + (f"; {', '.join(notes)}" if notes else "")
            lines.append(Line(skill.name, _signed(mod), why))
    return tuple(lines)


def _spells(ruleset: Ruleset, class_def: ClassDef, facts: Facts) -> tuple[Line, ...]:
    spells = class_def.spellcasting
    assert spells is not None
    mod = ruleset.stat_mod(facts.stats[spells.stat])
    size = spells.book_size(facts.level, mod)
    parts = [*spells.free_spells, f"max({spells.minimum}, {spells.base} {spells.stat} {_signed(mod)})"]
    if facts.level > 1:
        parts.append(f"{spells.per_level} x {facts.level - 1} levels")
    return (
        Line("Spellbook", str(size), " + ".join(parts)),
        Line("Spell level", f"up to {spells.max_spell_level.at(facts.level)}", "+1 at every odd level"),
        Line("Forgotten", str(facts.spells_forgotten), "cast and not yet re-memorized"),
    )


def _uses(class_def: ClassDef, facts: Facts) -> tuple[Line, ...]:
    refresh = {"day": "a day", "never": "for good once spent", "adventure": "an adventure"}
    lines = []
    for resource in class_def.resources:
        left = facts.uses.get(resource.id, 0)
        full = resource.uses(facts.level)
        lines.append(
            Line(
                resource.name,
                f"{left}/{full}",
                f"{resource.per_level} per level, {refresh.get(resource.refresh, resource.refresh)}",
            )
        )
    return tuple(lines)


def _gear(ruleset: Ruleset, facts: Facts) -> tuple[Line, ...]:
    armour = ruleset.armour_kind(facts.armour).name if ruleset.armour and facts.armour != "none" else "none"
    lines = [
        Line("Armour", armour + (" and shield" if facts.shield else "")),
        Line("Rations", str(facts.rations)),
        Line("Ammunition", str(facts.ammo)),
        Line("Lights", ", ".join(facts.lights) or "none"),
    ]
    if facts.bedroll or ruleset.kit.get("bedroll") or (ruleset.camp and ruleset.camp.needs_bedroll):
        lines.append(
            Line("Bedroll", "yes" if facts.bedroll else "none", "" if facts.bedroll else "Camp heals no HP without one")
        )
    lines.append(Line("Coins", str(facts.coins)))
    if facts.items:
        lines.append(Line("Items", str(len(facts.items)), ", ".join(facts.items)))
    limit = encumbrance_limit(ruleset, facts.stats)
    if limit is not None:
        lines.append(Line("Encumbrance", str(limit[0]), limit[1]))
    return tuple(lines)


def encumbrance_limit(ruleset: Ruleset, stats: Mapping[str, int]) -> tuple[int, str] | None:
    """Book Three's gear slots: half INT rounded up + STR mod; None where the ruleset has none."""
    rule = ruleset.encumbrance
    if rule is None:
        return None
    score = stats[rule.stat]
    base = math.ceil(score / rule.divide_by) if rule.round == "up" else score // rule.divide_by
    parts = [f"{rule.stat} {score} / {rule.divide_by} {rule.round} = {base}"]
    total = base
    if rule.add_mod_of:
        mod = ruleset.stat_mod(stats[rule.add_mod_of])
        total += mod
        parts.append(f"{rule.add_mod_of} {_signed(mod)}")
    return total, " + ".join(parts)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
