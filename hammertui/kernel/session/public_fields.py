"""What of the session the players may see, field by field: the one table the player view reads by.

Every field of the state, and of each procedure's slice (in the procedure's own `public` module),
is PUBLIC (the table sees it: the party's
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

import importlib
import typing
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from hammertui.kernel.rules import procedures
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


def every_field(kind: str, cls: type, **others: str) -> dict[str, str]:
    """Every field of `cls` as `kind`, but those named otherwise."""
    return {f.name: others.get(f.name, kind) for f in attrs.fields(cls)} | others


P, H = PUBLIC, HIDDEN

KERNEL_FIELDS: dict[type, dict[str, str]] = {
    State: {
        "session": P,
        "dungeon": P,
        "party": P,
        "clock": P,
        "seq": P,
        "graveyard": P,
        "pile": H,
        "hirelings": P,
        "loot": P,
        "effects": P,
        "failed_check": P,
        "slices": P,
    },
    SessionInfo: {
        "name": P,
        "ruleset": P,
        "seed": H,
        "difficulty": P,
        "level_up_hp": P,
        "ruleset_file": H,
        "ruleset_digest": H,
        "procedures": P,
        "show_hp_numbers": P,
    },
    Dungeon: {"level": P, "boss_hd": H, "rooms_explored": P, "safe_haven": P},
    Character: every_field(P, Character, notes=H),
    Stats: every_field(P, Stats),
    Death: every_field(P, Death),
    Grave: {"character": P, "epitaph": P},
    Hireling: every_field(P, Hireling),
    Loot: every_field(P, Loot),
    Clock: every_field(P, Clock),
    Effect: every_field(P, Effect),
    FailedCheck: every_field(P, FailedCheck),
}
"""The kernel's own records' fields as PUBLIC or HIDDEN."""


class _Table(Mapping[type, dict[str, str]]):
    """The kernel's records and every registered procedure's, each procedure's from the `FIELDS` of
    the module its registration names (`Procedure.public`): gathered again only when a procedure has
    registered since, so one registered after this module was imported is read too."""

    def __init__(self, own: dict[type, dict[str, str]]) -> None:
        self._own = own
        self._modules: tuple[str, ...] | None = None
        self._merged = own

    def _table(self) -> dict[type, dict[str, str]]:
        modules = _public_modules()
        if modules != self._modules:
            merged = dict(self._own)
            for module in modules:
                merged |= importlib.import_module(module).FIELDS
            self._modules, self._merged = modules, merged
        return self._merged

    def __getitem__(self, record: type) -> dict[str, str]:
        return self._table()[record]

    def __iter__(self) -> Iterator[type]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def _public_modules() -> tuple[str, ...]:
    """The module of each registered procedure that classifies its slice's fields."""
    every = (procedures.procedure(part, name) for part in procedures.PARTS for name in procedures.names(part))
    return tuple(procedure.public for procedure in every if procedure.public)


FIELDS: Mapping[type, dict[str, str]] = _Table(KERNEL_FIELDS)
"""Each record's fields as PUBLIC or HIDDEN; the records are those a public field holds."""

EVENTS: dict[str, str] = {
    # Rolls made in the open by the party, and what they did.
    "save": P,
    "check": P,
    "skill": P,
    "thief skill": P,
    "thiefy reroll": P,
    "lay down": P,
    "fight on": P,
    "stabilise": P,
    "rest": P,
    "tired": P,
    "level up": P,
    "level": P,
    "xp": P,
    "explore": P,
    "re-roll": P,
    "pool": P,
    "room": P,
    "safe haven": P,
    "camp": P,
    "turn": P,
    "round": P,
    "initiative": P,
    "surprise": P,
    "turn unholy": P,
    "rage": P,
    "declare": P,
    "defend": P,
    "option": P,
    "condition": P,
    "effect": P,
    "in front": P,
    "hireling morale": P,
    "hire": P,
    "dismiss": P,
    "heal": P,
    "bury": P,
    "epitaph": P,
    "light": P,
    "douse": P,
    "hand over": P,
    "refill": P,
    "pack": P,
    "cast light": P,
    "drop light": P,
    "correct light": P,
    "light order": P,
    "time": P,
    "hour": P,
    "pace": P,
    "town": P,
    "loot": P,
    "carry": P,
    "usage": P,
    "armour": P,
    "role": P,
    "name": P,
    "rename": P,
    "roll": P,
    "undo": P,
    "redo": P,
    "setting": P,
    "ruleset": P,
    # The 'Smith's: a search rolled in secret; an attack's sums with the target's Armour Class or
    # a foe's skill; a fight's opening with the foes' Hit Points; a foe's damage, status, morale
    # and Guts against its own score; the pile of replacements; ticking clocks; Challenge Level;
    # a new session's line, which names its dice seed.
    "search": H,
    "attack": H,
    "fight": H,
    "damage": H,
    "foe": H,
    "morale": H,
    "guts": H,
    "pile": H,
    "draw": H,
    "discard": H,
    "add": H,
    "adjust": H,
    "notes": H,
    "clock": H,
    "challenge": H,
    "restore": H,
    "new": H,
}
"""Each action's log lines as PUBLIC or HIDDEN, by the action's label: one not named is hidden."""


def public_event(event: Event) -> bool:
    """Whether the players may see an event's lines, by its action's label: the kernel's `EVENTS`,
    and those a procedure's `public` module names in its own `EVENTS` (a new fight's actions)."""
    kind = EVENTS.get(event.action)
    for module in () if kind else _public_modules():
        kind = getattr(importlib.import_module(module), "EVENTS", {}).get(event.action, kind)
    return kind == PUBLIC


def redact(state: State) -> State:
    """The state with every hidden field emptied: what the player view may draw from. A slice no
    procedure classifies (one without a `public` module) is withheld whole: the players see
    nothing a procedure has not said they may."""
    return typing.cast(State, _redacted(state))


def _redacted(record: Any) -> Any:
    if isinstance(record, State):
        slices = {name: _redacted(kept) for name, kept in record.slices.items() if type(kept) in FIELDS}
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
