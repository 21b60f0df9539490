"""The Divining Pool's part of the session: the pool being built, an Explore half done, the rooms
explored, and the dice waiting for later pools.

Only the Divining Pool reads or writes these; the dungeon's level, its boss and whether the party
stands in a Safe Haven stay on `Dungeon`, where the tiers, the camp and the town read them too.
"""

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.dice import DiviningThrow
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import FoesBeaten, Hears, slice_of
from hammertui.kernel.session.state import State
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ExploreProcedure

NAME = "divining_pool"


@record
class Spent:
    """One symbol spent on a room: what it bought, in the words the room's notes show."""

    symbol: str
    outcome: str
    text: str


@record
class Room:
    """An explored room: the pool and the roll that made it, what the symbols bought, and the award.

    `revisit_of` is the number of the room the party went back to (0 for a new room); `xp_each` is
    what each survivor was given when its challenge was beaten.
    """

    number: int
    pool: dict[str, int]
    throws: tuple[DiviningThrow, ...]
    hammers: int
    crossblades: int
    spent: tuple[Spent, ...] = ()
    notes: str = ""
    safe_haven: bool = False
    beaten: bool = False
    xp_each: int = 0
    revisit_of: int = 0
    at: int = 0

    @property
    def new(self) -> bool:
        return self.revisit_of == 0


@record
class PoolPlan:
    """The 'Smith's choices for the next pool: additions by id and how often, dice added by hand,
    ordinary dice rolled alongside (a d20 for an encounter table), and a room revisited (0: new)."""

    additions: dict[str, int] = attrs.field(factory=dict)
    extra: dict[str, int] = attrs.field(factory=dict)
    ordinary: tuple[str, ...] = ()
    revisit: int = 0


EXPLORE_STEPS = ("extremes", "losses", "transit", "destination", "done")


@record
class Exploration:
    """An Explore half done: the roll, where resolution has got to, and what has been spent.

    Steps run in the text's order (`EXPLORE_STEPS`). `blood_rolled` is the Blood Drop damage thrown,
    `blood` what of it is still to be split; `delay` the Hourglasses' time; `transit_left` the net
    Falcons or Skulls (`transit_symbol`) still to spend; `hammers_left` and `crossblades_left` what the
    destination step may still buy. `camp`: the encounter that found a camp, rolled where the party is
    (no time, no new room); `surprised`: nobody stood watch.
    """

    step: str
    pool: dict[str, int]
    reasons: tuple[str, ...]
    throws: tuple[DiviningThrow, ...]
    hammers: int
    crossblades: int
    blood_rolled: int = 0
    blood: int = 0
    delay: int = 0
    transit_symbol: str = ""
    transit_left: int = 0
    hammers_left: int = 0
    crossblades_left: int = 0
    spent: tuple[Spent, ...] = ()
    extra_throws: tuple[DiviningThrow, ...] = ()
    ordinary: tuple[str, ...] = ()
    free_move: bool = False
    rerolls_found: int = 0
    safe_haven: bool = False
    revisit_of: int = 0
    camp: bool = False
    surprised: bool = False


@record
class DiviningPool:
    """What the Divining Pool keeps: the next pool's `plan`, the Explore under way (`exploring`), the
    `rooms` explored, the camp's dice waiting for later pools (`bonuses`), the accrued `risk` and
    `reward` dice (Book Three), the bonus `rerolls` a Falcon left for the room the party is in, the
    dungeon's `challenge_level` (how many Purple dice every pool starts with), and `haven_room`, the
    room the party stands in whose Safe Haven waits for it to be cleared (0: none)."""

    plan: PoolPlan = PoolPlan()
    exploring: Exploration | None = None
    rooms: tuple[Room, ...] = ()
    bonuses: tuple[PoolBonus, ...] = ()
    risk: int = 0
    reward: int = 0
    rerolls: int = 0
    challenge_level: int = 2
    haven_room: int = 0


EMPTY = DiviningPool()


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> DiviningPool:
    """A new session starts at the ruleset's own Challenge Level, with no rooms and an empty plan."""
    return DiviningPool(challenge_level=ruleset.divining.challenge_default) if ruleset.divining else EMPTY


def divining_pool(state: State) -> DiviningPool:
    return slice_of(state, NAME, EMPTY)


def pool_plan(state: State) -> PoolPlan:
    return divining_pool(state).plan


def exploring(state: State) -> Exploration | None:
    return divining_pool(state).exploring


def find_room(state: State, number: int) -> Room:
    """The room explored with this number; KeyError when there is none."""
    for room in divining_pool(state).rooms:
        if room.number == number:
            return room
    raise KeyError(number)


def with_pool(state: State, **changes: Any) -> State:
    return state.with_slice(NAME, attrs.evolve(divining_pool(state), **changes))


def cleared(state: State, room: int, label: str) -> tuple[State, list[Event]]:
    """Room `room` beaten: if its Safe Haven was waiting for that ("once cleared of encounters"),
    the party now stands in one."""
    if not room or divining_pool(state).haven_room != room:
        return state, []
    state = with_pool(attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, safe_haven=True)), haven_room=0)
    return state, [Event(0, label, f"Room {room} is cleared: a Safe Haven, the party may camp here.")]


def on_foes_beaten(state: State, ctx: Any, action: Any, heard: FoesBeaten) -> tuple[State, list[Event]]:
    """A fight won clears the room the party stands in."""
    return cleared(state, divining_pool(state).haven_room, action.label)


BY_HAND = 20
"""The most dice of one colour the 'Smith adds by hand, or a camp's bonus adds: more than any pool
the rules build, and few enough that the pool's odds are worked out as the pane draws."""

MOST_THROWN = 100
"""The most dice of one colour a pool under way or a room on the record may show."""


def problems(pool: DiviningPool, state: State) -> list[str]:
    """Rooms numbered 1, 2, 3... in order; counts never negative; an Explore on a step that exists."""
    found = []
    numbers = [room.number for room in pool.rooms]
    if numbers != list(range(1, len(numbers) + 1)):
        found.append(f"rooms: numbered {numbers}, expected 1, 2, 3... in order")
    for i, room in enumerate(pool.rooms):
        if min(room.hammers, room.crossblades, room.xp_each, *room.pool.values(), 0) < 0:
            found.append(f"rooms[{i}]: counts cannot be negative")
        if room.revisit_of and room.revisit_of not in numbers:
            found.append(f"rooms[{i}].revisit_of: no room {room.revisit_of}")
    if pool.haven_room and pool.haven_room not in numbers:
        found.append(f"haven_room: no room {pool.haven_room}")
    if min(pool.risk, pool.reward, pool.rerolls) < 0:
        found.append("risk, reward and rerolls cannot be negative")
    if min([*pool.plan.additions.values(), *pool.plan.extra.values(), 0]) < 0:
        found.append("plan: dice counts cannot be negative")
    found += [
        f"plan.extra.{colour}: {n} dice by hand; at most {BY_HAND}"
        for colour, n in pool.plan.extra.items()
        if n > BY_HAND
    ]
    found += [
        f"bonuses[{i}].count: {b.count} dice; at most {BY_HAND}"
        for i, b in enumerate(pool.bonuses)
        if b.count > BY_HAND
    ]
    shown = [(f"rooms[{i}].pool", room.pool) for i, room in enumerate(pool.rooms)]
    shown += [("exploring.pool", pool.exploring.pool)] if pool.exploring is not None else []
    found += [
        f"{where}.{colour}: {n} dice; at most {MOST_THROWN}"
        for where, counts in shown
        for colour, n in counts.items()
        if n > MOST_THROWN
    ]
    trip = pool.exploring
    if trip is not None:
        if trip.step not in EXPLORE_STEPS[:-1]:
            found.append(f"exploring.step: {trip.step!r} is not one of {', '.join(EXPLORE_STEPS[:-1])}")
        counts = (trip.blood, trip.transit_left, trip.hammers_left, trip.crossblades_left, trip.rerolls_found)
        if min(counts) < 0:
            found.append("exploring: counts cannot be negative")
    return found


def rules_problems(pool: DiviningPool, state: State, ruleset: Ruleset) -> list[str]:
    """A Challenge Level the ruleset's pool can be built with, and every die colour, addition and
    symbol the pool names one of the ruleset's: the pool and the rooms look each one up."""
    divining = ruleset.divining
    if divining is None:
        return []
    found = []
    if not divining.challenge_min <= pool.challenge_level <= divining.challenge_max:
        found.append(
            f"challenge_level: {pool.challenge_level} is outside {divining.challenge_min}-{divining.challenge_max}"
        )
    colours = ", ".join(divining.colours)
    named = [("plan.extra", c) for c in pool.plan.extra]
    named += [(f"bonuses[{i}].colour", b.colour) for i, b in enumerate(pool.bonuses)]
    for i, room in enumerate(pool.rooms):
        named += [(f"rooms[{i}].pool", c) for c in room.pool] + [(f"rooms[{i}].throws", t.color) for t in room.throws]
    if pool.exploring is not None:
        trip = pool.exploring
        named += [("exploring.pool", c) for c in trip.pool] + [
            ("exploring.throws", t.color) for t in (*trip.throws, *trip.extra_throws)
        ]
    found += [
        f"{where}: {ruleset.name} has no divining die {colour!r} (one of {colours})"
        for where, colour in named
        if colour not in divining.colours
    ]
    thrown = [(f"rooms[{i}].throws", t) for i, room in enumerate(pool.rooms) for t in room.throws]
    if pool.exploring is not None:
        thrown += [("exploring.throws", t) for t in (*pool.exploring.throws, *pool.exploring.extra_throws)]
    found += [
        f"{where}: a {throw.color} die shows no face {list(throw.face)}"
        for where, throw in thrown
        if throw.color in divining.colours
        and tuple(throw.face) not in {tuple(f) for f in divining.colours[throw.color].faces}
    ]
    additions = [a.id for a in divining.additions]
    found += [
        f"plan.additions: {ruleset.name} has no pool addition {a!r} (one of {', '.join(additions)})"
        for a in pool.plan.additions
        if a not in additions
    ]
    return found


class _Session:
    """The Divining Pool, as the session asks of it: it rolls no surprise."""

    slice_type = DiviningPool
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(FoesBeaten, on_foes_beaten),)
    exploring = staticmethod(exploring)
    surprise_odds = None
    held_surprise = None


SESSION: "ExploreProcedure" = _Session()
