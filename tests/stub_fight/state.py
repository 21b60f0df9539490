"""The stub fight's slice: the fight under way, the order of this round's side turns, and the turns
each side has ended, read as the clocks its effects count on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import slice_of
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import FightProcedure

NAME = "stub_sides"
SIDES = ("party", "foes")


@attrs.frozen
class StubFight:
    """A fight under way: its foes (id, name), this round's order of sides, how far through it
    the round is (`at`), and the turns each side has ended (`ended`)."""

    foes: tuple[tuple[str, str], ...] = ()
    order: tuple[str, ...] = ()
    at: int = 0
    ended: dict[str, int] = attrs.field(factory=lambda: dict.fromkeys(SIDES, 0))

    @property
    def acting(self) -> str:
        """The side whose turn it is ("" before the round's order is set and once it is done)."""
        return self.order[self.at] if self.at < len(self.order) else ""


@attrs.frozen
class StubSides:
    fight: StubFight | None = None


EMPTY = StubSides()


def fighting(state: State) -> StubFight | None:
    return slice_of(state, NAME, EMPTY).fight


def with_fight(state: State, fight: StubFight | None) -> State:
    return state.with_slice(NAME, StubSides(fight))


@attrs.frozen
class SideTurns:
    """The turns one side has ended in the fight under way, a clock an effect may count on."""

    side: str

    @property
    def unit(self) -> str:
        return f"{self.side}_turns"

    def reading(self, state: State) -> int | None:
        fight = fighting(state)
        return None if fight is None else fight.ended[self.side]

    def left_words(self, left: int) -> str:
        return f"until the {self.side}' next turn ends" if left == 1 else f"{left} {self.side}' turns"


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> StubSides:
    return EMPTY


def whose_turn(state: State, ruleset: Ruleset) -> str:
    fight = fighting(state)
    return "" if fight is None else f"The {fight.acting or 'round is over'}"


def fight_foes(state: State) -> tuple[tuple[str, str], ...]:
    fight = fighting(state)
    return () if fight is None else fight.foes


class _Session:
    """The stub fight, as the session asks of it: one clock for each side's turns."""

    slice_type = StubSides
    new_slice = staticmethod(new_slice)
    problems = None
    rules_problems = None
    hears = ()
    fighting = staticmethod(fighting)
    whose_turn = staticmethod(whose_turn)
    fight_foes = staticmethod(fight_foes)
    clocks = tuple(SideTurns(side) for side in SIDES)


SESSION: FightProcedure = _Session()
