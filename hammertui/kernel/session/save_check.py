"""What a save may hold beyond its types: the values the rules and the screens can use.

A snapshot that parses may still name things that do not exist or hold numbers nothing can draw;
each problem is said by the field it is in, so the 'Smith can mend the file by hand.
"""

from __future__ import annotations

from hammertui.kernel.rules.text import control_problems
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.effects import clocks, wearers
from hammertui.kernel.session.procedures import negative_hp, slice_problems, slice_rules_problems
from hammertui.kernel.session.state import Character, State


def check_state(state: State) -> list[str]:
    """What a hand edit may have broken that types alone cannot catch: text with a control
    character in it (which would reach the terminal as it is drawn) among it."""
    problems = control_problems(state, multiline=False)
    ids = [m.id for m in state.party]
    everyone = ids + [m.id for m in state.pile] + [g.character.id for g in state.graveyard]
    if len(set(everyone)) != len(everyone):
        problems.append("party, pile and graveyard: two characters share an id")
    least_hp = None if negative_hp(state.session.procedures) else 0
    for i, member in enumerate(state.party):
        problems += _character_problems(f"party[{i}] ({member.name})", member, least_hp)
    for i, member in enumerate(state.pile):
        problems += _character_problems(f"pile[{i}] ({member.name})", member, least_hp)
    for i, grave in enumerate(state.graveyard):
        where = f"graveyard[{i}] ({grave.character.name})"
        problems += _character_problems(where, grave.character, least_hp)
        if grave.character.death is None:
            problems.append(f"{where}.character.death: a grave needs the time and cause of death")
    hireling_ids = [h.id for h in state.hirelings]
    if len(set(hireling_ids)) != len(hireling_ids):
        problems.append("hirelings: two hirelings share an id")
    for i, hired in enumerate(state.hirelings):
        if not 0 <= hired.tier <= 6:
            problems.append(f"hirelings[{i}].tier: {hired.tier} is outside 0-6")
        if hired.employer and hired.employer not in ids:
            problems.append(f"hirelings[{i}].employer: no character {hired.employer!r} in the party")
    if state.clock.units < 0 or state.clock.rounds < 0 or state.seq < 0:
        problems.append("clock and seq cannot be negative")
    if state.dungeon.rooms_explored < 0:
        problems.append("dungeon.rooms_explored: cannot be negative")
    problems += _loot_problems(state, set(ids)) + slice_problems(state)
    return problems + _effect_problems(state)


def _loot_problems(state: State, ids: set[str]) -> list[str]:
    """Ledger lines with their own ids and names, worth no negative coins, held by someone who exists.

    A buried character may still hold loot: it was left with the body.
    """
    problems = []
    loot_ids = [entry.id for entry in state.loot]
    if len(set(loot_ids)) != len(loot_ids):
        problems.append("loot: two entries share an id")
    holders = ids | {grave.character.id for grave in state.graveyard}
    for i, entry in enumerate(state.loot):
        if not entry.name.strip():
            problems.append(f"loot[{i}].name: a ledger line needs a name")
        if entry.coins < 0:
            problems.append(f"loot[{i}].coins: {entry.coins} cannot be negative")
        if entry.holder and entry.holder not in holders:
            problems.append(f"loot[{i}].holder: no character {entry.holder!r}")
    return problems


def _effect_problems(state: State) -> list[str]:
    """Timed effects with their own ids, on someone who exists, counted in rounds, turns or on a
    clock of the fight procedure's own."""
    problems = []
    effect_ids = [e.id for e in state.effects]
    if len(set(effect_ids)) != len(effect_ids):
        problems.append("effects: two effects share an id")
    everyone = wearers(state)
    known = clocks(state.session.procedures)
    for i, effect in enumerate(state.effects):
        where = f"effects[{i}] ({effect.name})"
        if effect.on and effect.on not in everyone:
            problems.append(f"{where}.on: no character or foe {effect.on!r}")
        if effect.unit not in known:
            problems.append(f"{where}.unit: {effect.unit!r} is not one of {', '.join(known)}")
        if effect.ends_at < 0:
            problems.append(f"{where}.ends_at: {effect.ends_at} cannot be negative")
    return problems


STATUSES = ("ok", "down", "dead")


def _character_problems(where: str, member: Character, least_hp: int | None) -> list[str]:
    """A character's numbers as the screens can draw them: HP no lower than `least_hp` (None: any,
    where the characters procedure counts HP below 0) and never above the maximum."""
    problems = []
    if member.level < 1:
        problems.append(f"{where}.level: {member.level} is below 1")
    if member.max_hp < 1 or member.hp > member.max_hp or (least_hp is not None and member.hp < least_hp):
        problems.append(f"{where}.hp: {member.hp} of {member.max_hp} is not possible")
    if min(member.xp, member.temp_hp) < 0:
        problems.append(f"{where}: xp and temp_hp cannot be negative")
    if member.coins < 0:
        problems.append(f"{where}.coins: {member.coins} cannot be negative")
    if member.status not in STATUSES:
        problems.append(f"{where}.status: {member.status!r} is not one of {', '.join(STATUSES)}")
    if member.status == "dead" and member.death is None:
        problems.append(f"{where}.death: a dead character needs the time and cause of death")
    return problems


CLASSED = "hammercrawl_classes"
"""The characters procedure that plays a character by the class rules: its class is looked up there."""
MAX_BOSS_HD = 100
"""The most Hit Dice a level's boss is read with: the tiers cap long before, the screens draw up to it."""


def check_rules(state: State, ruleset: Ruleset) -> list[str]:
    """What the session's ruleset cannot play: classes and modes it does not have, numbers
    outside what its rules accept, and what each procedure finds in its own slice by the rules."""
    problems = []
    if ruleset.difficulty_modes and ruleset.difficulty(state.session.difficulty) is None:
        modes = ", ".join(m.id for m in ruleset.difficulty_modes)
        problems.append(f"session.difficulty: {state.session.difficulty!r} is not one of {modes}")
    if not 1 <= state.dungeon.level <= MAX_BOSS_HD or not 0 <= state.dungeon.boss_hd <= MAX_BOSS_HD:
        problems.append(
            f"dungeon: level 1-{MAX_BOSS_HD} and boss_hd 0-{MAX_BOSS_HD},"
            f" not {state.dungeon.level} and {state.dungeon.boss_hd}"
        )
    for where, member in _everyone(state):
        problems += _stats_rules(where, member, ruleset) + _level_rules(where, member, ruleset)
    if state.session.procedures.get("characters") == CLASSED:
        for where, member in _everyone(state):
            problems += _character_rules(where, member, ruleset)
    return problems + slice_rules_problems(state, ruleset)


def _everyone(state: State) -> list[tuple[str, Character]]:
    return [
        *((f"party[{i}] ({m.name})", m) for i, m in enumerate(state.party)),
        *((f"pile[{i}] ({m.name})", m) for i, m in enumerate(state.pile)),
        *((f"graveyard[{i}] ({g.character.name}).character", g.character) for i, g in enumerate(state.graveyard)),
    ]


def _level_rules(where: str, member: Character, ruleset: Ruleset) -> list[str]:
    """A level the ruleset's advancement reaches (`[advancement] max_level`); rules with none cap
    no level (levels past a chart's last go on)."""
    top = ruleset.advancement.max_level if ruleset.advancement is not None else None
    if top is not None and member.level > top:
        return [f"{where}.level: {member.level} is outside 1-{top}"]
    return []


def _stats_rules(where: str, member: Character, ruleset: Ruleset) -> list[str]:
    """The stats the ruleset names, each once, each score on its scale (`[stats] range`)."""
    if sorted(member.stats) != sorted(ruleset.stats):
        return [
            f"{where}.stats: expected the stats {', '.join(ruleset.stats)}, got {', '.join(member.stats) or 'none'}"
        ]
    low, high = ruleset.stat_rules.range
    return [
        f"{where}.stats.{stat}: {score} is outside {low}-{high}"
        for stat, score in member.stats.as_dict().items()
        if not low <= score <= high
    ]


def _character_rules(where: str, member: Character, ruleset: Ruleset) -> list[str]:
    """A class the ruleset has (a ruleset without classes plays none)."""
    if ruleset.classes and member.class_id not in ruleset.classes:
        return [
            f"{where}.class_id: {ruleset.name} has no class {member.class_id!r} (one of {', '.join(ruleset.classes)})"
        ]
    return []
