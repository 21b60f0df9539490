"""The report's rooms for the Divining Pool: each room's pool, its roll, what the symbols bought,
its award, and the time spent from arriving in it to arriving in the next."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.rules.dice import DiviningThrow
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Chart, Section, Table
from hammertui.kernel.session.report.common import time_words
from hammertui.kernel.session.state import State
from hammertui.procedures.divining_pool.state import Room, divining_pool, exploring

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """The rooms explored, their pools and rolls, the symbols spent, and the time each took."""
    rooms = divining_pool(state).rooms
    spent = Counter(s.symbol for room in rooms for s in room.spent)
    unit = ruleset.time.unit_plural
    stays = time_in_rooms(rooms, state.clock.units)
    lines = [
        f"{state.dungeon.rooms_explored} new rooms explored; {len(rooms)} rooms on the record ({_count_kinds(rooms)}).",
        f"{sum(sum(r.pool.values()) for r in rooms)} dice in the pools; symbols spent: "
        + (", ".join(f"{n} {_symbol(ruleset, s, n)}" for s, n in spent.most_common()) or "none")
        + ".",
        f"XP from rooms beaten: {sum(r.xp_each for r in rooms if r.beaten)} each.",
    ]
    if rooms and rooms[0].at:
        lines.append(f"{time_words(ruleset, rooms[0].at)} before the first room.")
    rows = tuple(_row(ruleset, room, stays[room.number]) for room in rooms)
    header = ("Room", "Kind", "Pool", "Roll", "Symbols bought", "XP each", unit.capitalize())
    chart = Chart(
        f"{unit.capitalize()} per room", "bar", "Room", unit, tuple((str(r.number), stays[r.number]) for r in rooms)
    )
    unknown = (
        ("An Explore was under way when the log ends: its room is not yet on the record.",) if exploring(state) else ()
    )
    return Section("Rooms", tuple(lines), (Table(header, rows),) if rows else (), (chart,) if rooms else (), unknown)


def time_in_rooms(rooms: Sequence[Room], now: int) -> dict[int, int]:
    """Time from arriving in each room to arriving in the next (or to now, for the last): a fight,
    a camp, the move on, all are counted in the room they started from."""
    ends = [*(room.at for room in rooms[1:]), now]
    return {room.number: max(0, end - room.at) for room, end in zip(rooms, ends, strict=False)}


def _count_kinds(rooms: Sequence[Room]) -> str:
    kinds = Counter(_kind(room) for room in rooms)
    return ", ".join(f"{n} {kind}" for kind, n in kinds.items()) if kinds else "none"


def _kind(room: Room) -> str:
    if room.notes.startswith("Camp encounter"):
        return "camp encounter"
    return f"revisit of {room.revisit_of}" if room.revisit_of else "new"


def _row(ruleset: Ruleset, room: Room, stay: int) -> tuple[str, ...]:
    pool = ", ".join(f"{_colour(ruleset, c)} {n}" for c, n in room.pool.items() if n)
    roll = "; ".join(_throw(ruleset, t) for t in room.throws)
    bought = "; ".join(f"{_symbol(ruleset, s.symbol, 1)}: {s.text}" for s in room.spent) or "-"
    award = str(room.xp_each) if room.beaten else "not beaten"
    haven = " (Safe Haven)" if room.safe_haven else ""
    return (str(room.number), _kind(room) + haven, pool, roll, bought, award, str(stay))


def _throw(ruleset: Ruleset, throw: DiviningThrow) -> str:
    face = " + ".join(_symbol(ruleset, s, 1) for s in throw.face) or "blank"
    return f"{_colour(ruleset, throw.color)}{' (chained)' if throw.chained else ''}: {face}"


def _colour(ruleset: Ruleset, colour: str) -> str:
    known = ruleset.divining.colours.get(colour) if ruleset.divining else None
    return known.name if known is not None else colour.capitalize()


def _symbol(ruleset: Ruleset, symbol: str, n: int) -> str:
    name = ruleset.divining.symbols.get(symbol, symbol) if ruleset.divining else symbol
    return name if n == 1 else _plural(name)


def _plural(name: str) -> str:
    return name if name.endswith("s") else name + ("es" if name.endswith(("ss", "x")) else "s")


REPORT: ReportSection = report_section
