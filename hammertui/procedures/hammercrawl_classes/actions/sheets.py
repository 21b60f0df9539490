"""A character's sheet facts, gathered from the session: the lights they carry, the dungeon's tier."""

from __future__ import annotations

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import held_sources
from hammertui.kernel.session.state import Character, State
from hammertui.procedures.hammercrawl_classes.rules import sheet
from hammertui.procedures.hammercrawl_classes.state import dungeon_tier, sheet_of


def facts_of(state: State, ruleset: Ruleset, member: Character) -> sheet.Facts:
    lights = []
    for source in held_sources(state, ruleset):
        if source.carrier == member.id:
            definition = ruleset.light_sources.get(source.kind)
            name = definition.name.lower() if definition else source.kind
            left = ruleset.time.label(source.remaining)
            lights.append(f"{name} ({'lit, ' if source.lit else ''}{left})")
    return sheet.Facts(
        name=member.name,
        class_id=member.class_id,
        level=member.level,
        xp=member.xp,
        stats=member.stats.as_dict(),
        con=sheet_of(state, member.id).con,
        hp=member.hp,
        max_hp=member.max_hp,
        temp_hp=member.temp_hp,
        ac=member.ac,
        armour=sheet_of(state, member.id).armour,
        shield=sheet_of(state, member.id).shield,
        uses=sheet_of(state, member.id).uses,
        bailiwick=sheet_of(state, member.id).bailiwick,
        failing=sheet_of(state, member.id).failing,
        rations=sheet_of(state, member.id).rations,
        ammo=sheet_of(state, member.id).ammo,
        spells_forgotten=sheet_of(state, member.id).spells_forgotten,
        bedroll=sheet_of(state, member.id).bedroll,
        coins=member.coins,
        items=member.items,
        role=sheet_of(state, member.id).role,
        player=member.player,
        lights=tuple(lights),
        notes=member.notes,
        dungeon_tier=dungeon_tier(state, ruleset),
        level_up_hp=state.session.level_up_hp,
    )


def character_sheet(state: State, ruleset: Ruleset, member: Character) -> tuple[sheet.Section, ...]:
    return sheet.character_sheet(ruleset, facts_of(state, ruleset, member))
