"""What of the session the players may see, field by field: the one table the player view reads by.

Every field of the state, and of each procedure's slice, is PUBLIC (the table sees it: the party's
names and wounds, the clock, the light) or HIDDEN (the 'Smith's own: foes' Hit Points and numbers,
the dice seed, the notes on rooms, an Explore's spends before they are told). `redact` gives the
state with every hidden field emptied, so what the player view draws from it cannot carry a secret.
A field inside a hidden one is hidden with it; a field of a public record that the table does not
name is a mistake the tests catch, so a new field is never shown until it is classified.

Log lines follow the same rule by the action that wrote them (`EVENTS`): a search is the 'Smith's
roll in secret, an attack's sums name the target's Armour Class, a fight's first line the foes' HP.
A line about one foe's own numbers is labelled `foe` whatever action wrote it (`events.foe_note`):
a Cleric's Turn Unholy is the table's, each foe's save against it is not.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs

from hammertui.procedures.hammercrawl_camp import state as camp_state
from hammertui.procedures.divining_pool import state as divining_state
from hammertui.procedures.exploration_die import state as exploration_die_state
from hammertui.procedures.sides_and_phases import state as fight_state
from hammertui.procedures.individual_initiative import state as individual_initiative_state
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.russell_characters import state as russell_characters_state
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import (
    Character,
    Clock,
    Death,
    Dungeon,
    Effect,
    FailedCheck,
    Grave,
    Hireling,
    Loot,
    SessionInfo,
    State,
    Stats,
)

PUBLIC = "public"
HIDDEN = "hidden"


def _all(kind: str, cls: type, **others: str) -> dict[str, str]:
    """Every field of `cls` as `kind`, but those named otherwise."""
    return {f.name: others.get(f.name, kind) for f in attrs.fields(cls)} | others


P, H = PUBLIC, HIDDEN
_ii = individual_initiative_state
_fs = fight_state
_dp = divining_state
_ed = exploration_die_state
_rc = russell_characters_state
_ll = light_levels_state

FIELDS: dict[type, dict[str, str]] = {
    State: {
        "session": P, "dungeon": P, "party": P, "clock": P, "seq": P, "graveyard": P, "pile": H,
        "hirelings": P, "loot": P, "effects": P, "failed_check": P, "slices": P,
    },
    SessionInfo: {
        "name": P, "ruleset": P, "seed": H, "difficulty": P, "level_up_hp": P, "ruleset_file": H,
        "ruleset_digest": H, "procedures": P, "show_hp_numbers": P,
    },
    Dungeon: {"level": P, "boss_hd": H, "rooms_explored": P, "safe_haven": P},
    Character: _all(P, Character, notes=H),
    Stats: _all(P, Stats),
    Death: _all(P, Death),
    Grave: {"character": P, "epitaph": P},
    Hireling: _all(P, Hireling),
    Loot: _all(P, Loot),
    Clock: _all(P, Clock),
    Effect: _all(P, Effect),
    FailedCheck: _all(P, FailedCheck),
    # The Divining Pool: the dice thrown are the table's; what they bought, a room's notes and the
    # Challenge Level are the 'Smith's to tell, and so is a Safe Haven still to be cleared (it
    # says the room holds an encounter or a trap).
    _dp.DiviningPool: {
        "plan": P, "exploring": H, "rooms": P, "bonuses": P, "risk": P, "reward": P, "rerolls": P,
        "challenge_level": H, "haven_room": H,
    },
    _dp.PoolPlan: {"additions": P, "extra": P, "ordinary": P, "revisit": P},
    _dp.Room: _all(P, _dp.Room, spent=H, notes=H),
    _dp.DiviningThrow: _all(P, _dp.DiviningThrow),
    _dp.PoolBonus: _all(P, _dp.PoolBonus),
    # The exploration die: its face is thrown in the open; what an encounter is, and the clocks
    # ticking towards what the 'Smith has planned, are not.
    _ed.ExplorationDie: {"turns": P, "rolls": P, "pace": P, "clocks": H, "spokesman": P},
    _ed.TurnRoll: _all(P, _ed.TurnRoll, encounter=H),
    camp_state.HammercrawlCamp: {"camping": P, "last_camp": P},
    camp_state.Camping: _all(P, camp_state.Camping),
    camp_state.CampPlan: _all(P, camp_state.CampPlan, scout_target=H, scout_modifier=H),
    light_state.BurnDown: {"lights": P},
    light_state.LightSource: _all(P, light_state.LightSource),
    _ll.Lights: _all(P, _ll.Lights),
    _ll.Source: _all(P, _ll.Source),
    _ll.Spent: _all(P, _ll.Spent),
    _rc.People: _all(P, _rc.People),
    _rc.Person: _all(P, _rc.Person),
    _rc.Skill: _all(P, _rc.Skill),
    _rc.Gear: _all(P, _rc.Gear),
    _rc.Hand: _all(P, _rc.Hand),
    _rc.Haul: _all(P, _rc.Haul),
    # Fights: who stands, whose turn and the round are the table's; the foes' numbers, the kinds
    # entered, an attack thrown against an Armour Class, the foes' initiative and morale are not.
    _fs.FightState: {"fight": P, "foe_kinds": H},
    _fs.Fight: _all(
        P, _fs.Fight, foe_initiative=H, morale_offered=H, initiative=H, pending=H, surprise_saves=H
    ),
    _fs.Foe: {"id": P, "name": P, "kind": P, "hp": H, "max_hp": H, "status": P},
    _fs.Declared: _all(P, _fs.Declared),
    _ii.Fights: {"fight": P, "held": P, "bleeding": P},
    _ii.Fight: _all(P, _ii.Fight, rolls=H, crit=H),
    _ii.Foe: _all(H, _ii.Foe, id=P, name=P, out=P),
}
"""Each record's fields as PUBLIC or HIDDEN; the records are those a public field holds."""

EVENTS: dict[str, str] = {
    # Rolls made in the open by the party, and what they did.
    "save": P, "check": P, "skill": P, "thief skill": P, "thiefy reroll": P, "lay down": P,
    "fight on": P, "stabilise": P, "rest": P, "tired": P, "level up": P, "level": P, "xp": P,
    "explore": P, "re-roll": P, "pool": P, "room": P, "safe haven": P, "camp": P, "turn": P,
    "round": P, "initiative": P, "surprise": P, "turn unholy": P, "rage": P, "declare": P,
    "defend": P, "option": P, "condition": P, "effect": P, "in front": P, "hireling morale": P,
    "hire": P, "dismiss": P, "heal": P, "bury": P, "epitaph": P, "light": P, "douse": P,
    "hand over": P, "refill": P, "pack": P, "cast light": P, "drop light": P, "correct light": P,
    "light order": P, "time": P, "hour": P, "pace": P, "town": P, "loot": P, "carry": P,
    "usage": P, "armour": P, "role": P, "name": P, "rename": P, "roll": P, "undo": P,
    "redo": P, "setting": P, "ruleset": P,
    # The 'Smith's: a search rolled in secret; an attack's sums with the target's Armour Class or
    # a foe's skill; a fight's opening with the foes' Hit Points; a foe's damage, status, morale
    # and Guts against its own score; the pile of replacements; ticking clocks; Challenge Level;
    # a new session's line, which names its dice seed.
    "search": H, "attack": H, "fight": H, "damage": H, "foe": H, "morale": H, "guts": H,
    "pile": H, "draw": H, "discard": H, "add": H, "adjust": H, "notes": H, "clock": H,
    "challenge": H, "restore": H, "new": H,
}
"""Each action's log lines as PUBLIC or HIDDEN, by the action's label: one not named is hidden."""


def public_event(event: Event) -> bool:
    return EVENTS.get(event.action) == PUBLIC


def redact(state: State) -> State:
    """The state with every hidden field emptied: what the player view may draw from."""
    return typing.cast(State, _redacted(state))


def _redacted(record: Any) -> Any:
    if isinstance(record, State):
        slices = {name: _redacted(kept) for name, kept in record.slices.items()}
        return attrs.evolve(_record(record, skip="slices"), slices=slices)
    if attrs.has(type(record)):
        return _record(record)
    if isinstance(record, tuple):
        return tuple(_redacted(item) for item in record)
    if isinstance(record, dict):
        return {key: _redacted(value) for key, value in record.items()}
    return record


def _record(record: Any, skip: str = "") -> Any:
    kinds = FIELDS[type(record)]
    changes = {}
    for field in attrs.fields(type(record)):
        if field.name == skip:
            continue
        value = getattr(record, field.name)
        changes[field.name] = _redacted(value) if kinds[field.name] == PUBLIC else empty(field, type(record))
    return attrs.evolve(record, **changes)


def empty(field: attrs.Attribute, owner: type) -> Any:  # type: ignore[type-arg]
    """A hidden field's value in the player's copy: its default, or nothing of its kind."""
    if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
        return field.default.factory()  # type: ignore[union-attr]
    if field.default is not attrs.NOTHING:
        return field.default
    hint = typing.get_type_hints(owner)[field.name]
    origin = typing.get_origin(hint) or hint
    if origin in (int, str, bool, float, tuple, dict):
        return origin()
    raise TypeError(f"{owner.__name__}.{field.name} has no empty value: hide the record that holds it")
