"""Saves written by an older hammertui, brought up to the current schema before they are read.

Each step takes the raw data of one schema to the next, so a save of any age opens; the file on
disk is rewritten only by the next action, in the current schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA_1_PROCEDURES = {
    "explore": "divining_pool",
    "camp": "hammercrawl_camp",
    "light": "burn_down",
    "characters": "hammercrawl_classes",
    "fight": "sides_and_phases",
}
"""What every session before procedures were chosen was played by: the only ones there were. The
modifier dice are left to the ruleset, as they keep no state."""

SCHEMA_1_SLICES: dict[str, dict[str, tuple[str, ...]]] = {
    "burn_down": {"lights": ("lights",)},
    "divining_pool": {
        "plan": ("pool_plan",),
        "exploring": ("exploring",),
        "rooms": ("dungeon", "rooms"),
        "bonuses": ("dungeon", "bonuses"),
        "risk": ("dungeon", "risk"),
        "reward": ("dungeon", "reward"),
        "rerolls": ("dungeon", "rerolls"),
        "challenge_level": ("dungeon", "challenge_level"),
    },
    "hammercrawl_camp": {"camping": ("camping",), "last_camp": ("last_camp",)},
    "sides_and_phases": {"fight": ("fighting",), "foe_kinds": ("foe_kinds",)},
}
"""Where each procedure's slice was in a schema-1 save: procedure name -> the slice's key -> the
path of the old key (`("dungeon", "rooms")` is `rooms` in the `[dungeon]` table)."""


def migrate(data: dict[str, Any], schema: int) -> dict[str, Any]:
    """`data` (a snapshot without its `schema` key) as the current schema has it."""
    if schema == 1:
        data = _from_schema_1(data)
    if schema <= 2:
        data = _from_schema_2(data)
    if schema <= 4:
        data = _from_schema_4(data)
    if schema <= 5:
        data = _from_schema_5(data)
    if schema <= 6:
        data = _from_schema_6(data)
    if schema <= 7:
        data = _from_schema_7(data)
    return data


SCHEMA_6_SHEETS: dict[str, tuple[str, dict[str, Any]]] = {
    "hammercrawl_classes": (
        "sheets",
        {"bailiwick": "", "failing": "", "ammo": 0, "spells_forgotten": 0, "bedroll": False, "stance": ""},
    )
}
"""What schema 6 kept on every character that a characters procedure keeps in its own slice now:
procedure name -> (the slice's table of records by character id, each field with the value a blank
record has)."""

SCHEMA_7_SHEETS: dict[str, tuple[str, dict[str, Any]]] = {
    "hammercrawl_classes": (
        "sheets",
        {
            "con": 0,
            "con_max": 0,
            "uses": {},
            "rations": 0,
            "armour": "none",
            "shield": False,
            "role": "",
        },
    ),
    "russell_characters": ("people", {"armour": "none", "shield": False}),
}
"""What schema 7 still kept on every character that a characters procedure keeps now, as
`SCHEMA_6_SHEETS` says it."""


def _from_schema_6(data: dict[str, Any]) -> dict[str, Any]:
    return _onto_sheets(data, SCHEMA_6_SHEETS)


def _from_schema_7(data: dict[str, Any]) -> dict[str, Any]:
    return _onto_sheets(_oil_to_flasks(data), SCHEMA_7_SHEETS, dropped={"oil"})


def _oil_to_flasks(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 7 counted a character's flasks of oil on them: the burn-down light counts them now,
    in its slice's `flasks` by id, the party's only (what the dead carried lies with them)."""
    if _chosen(data).get("light") != "burn_down" or not isinstance(data.get("party"), list):
        return data
    held = {
        m["id"]: m["oil"]
        for m in data["party"]
        if isinstance(m, dict) and isinstance(m.get("id"), str) and m.get("oil")
    }
    if not held:
        return data
    slices = dict(data.get("slices") or {})
    kept = dict(slices.get("burn_down") or {})
    slices["burn_down"] = {**kept, "flasks": {**(kept.get("flasks") or {}), **held}}
    return {**data, "slices": slices}


def _onto_sheets(
    data: dict[str, Any],
    moving: dict[str, tuple[str, dict[str, Any]]],
    dropped: frozenset[str] | set[str] = frozenset(),
) -> dict[str, Any]:
    """Older schemas kept every ruleset's characters with the complete rules' numbers: they are the
    characters procedure's now, each character's in its slice's records by id (none where nothing
    differs from a blank record); the rest of the rulesets never read them and they are dropped, as
    are the `dropped` fields, kept elsewhere now."""
    procedure = _chosen(data).get("characters")
    table, fields = moving.get(procedure, ("", {})) if isinstance(procedure, str) else ("", {})
    moved = {name for _, kept in moving.values() for name in kept} | set(dropped)
    records: dict[str, dict[str, Any]] = {}

    def take(member: Any) -> Any:
        if not isinstance(member, dict):
            return member
        record = {name: member[name] for name in fields if name in member and member[name] != fields[name]}
        if record and isinstance(member.get("id"), str):
            records[member["id"]] = record
        return {key: value for key, value in member.items() if key not in moved}

    data = _each_character(data, take)
    if fields:
        slices = dict(data.get("slices") or {})
        kept = dict(slices.get(procedure) or {})
        held = dict(kept.get(table) or {})
        for who, record in records.items():
            held[who] = {**(held.get(who) or {}), **record}
        slices[procedure] = {**kept, table: held}
        data["slices"] = slices
    return data


def _chosen(data: dict[str, Any]) -> dict[str, Any]:
    """The procedures a save's session plays, by part (none where the save does not say)."""
    session = data.get("session")
    chosen = session.get("procedures") if isinstance(session, dict) else None
    return chosen if isinstance(chosen, dict) else {}


def _each_character(data: dict[str, Any], change: Callable[[Any], Any]) -> dict[str, Any]:
    """The save with `change` made to every character table: party, pile and graveyard alike."""
    data = dict(data)
    for key in ("party", "pile"):
        if isinstance(data.get(key), list):
            data[key] = [change(member) for member in data[key]]
    graves = data.get("graveyard")
    if isinstance(graves, list):
        data["graveyard"] = [
            {**grave, "character": change(grave["character"])}
            if isinstance(grave, dict) and "character" in grave
            else grave
            for grave in graves
        ]
    return data


def _from_schema_5(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 5 held the six stats of the complete rules, CON the maximum its `con` was lost from:
    a character holds the stats its ruleset names now, so the constitution's score as rolled is
    kept beside `con` as `con_max`."""
    return _each_character(data, _with_con_max)


def _with_con_max(member: Any) -> Any:
    """One character's table with its CON score as `con_max`; what has no CON score is left for
    the reading to refuse."""
    stats = member.get("stats") if isinstance(member, dict) else None
    if not isinstance(stats, dict) or "CON" not in stats:
        return member
    return {**member, "con_max": stats["CON"]}


def _from_schema_4(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 4 had no player view: its sessions show the party's Hit Points as bands alone."""
    session = data.get("session")
    if not isinstance(session, dict) or "show_hp_numbers" in session:
        return data
    return {**data, "session": {**session, "show_hp_numbers": False}}


def _from_schema_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 kept the Russell House Rules' wounds in the fight's slice; they are the characters'
    now, on each one's sheet, so they outlast a fight and are taken outside one."""
    slices = data.get("slices")
    fights = slices.get("individual_initiative") if isinstance(slices, dict) else None
    if not isinstance(slices, dict) or not isinstance(fights, dict) or "wounds" not in fights:
        return data
    data = dict(data)
    slices = dict(slices)
    fights = dict(fights)
    wounds = fights.pop("wounds")
    slices["individual_initiative"] = fights
    sheets = dict(slices.get("russell_characters") or {})
    people = dict(sheets.get("people") or {})
    for who, taken in wounds.items() if isinstance(wounds, dict) else ():
        people[who] = {**(people.get(who) or {}), "wounds": taken}
    sheets["people"] = people
    slices["russell_characters"] = sheets
    data["slices"] = slices
    return data


def _from_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 had no procedures: the session names HAMMERCRAWL!'s, and what they keep moves from
    the top level into their slices."""
    data = dict(data)
    session: object = dict(data.get("session", {})) if isinstance(data.get("session"), dict) else data.get("session")
    if isinstance(session, dict):
        session.setdefault("procedures", dict(SCHEMA_1_PROCEDURES))
        data["session"] = session
    slices: dict[str, Any] = {}
    for name, keys in SCHEMA_1_SLICES.items():
        moved = {key: _pop(data, old) for key, old in keys.items()}
        slices[name] = {key: value for key, value in moved.items() if value is not None}
    data["slices"] = slices
    return data


def _pop(data: dict[str, Any] | None, path: tuple[str, ...]) -> Any:
    """Take the value at `path` out of the data (None when it is not there)."""
    *tables, key = path
    for table in tables:
        data = data.get(table) if isinstance(data, dict) else None
    return data.pop(key, None) if isinstance(data, dict) else None
