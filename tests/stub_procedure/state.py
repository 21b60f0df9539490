"""The stub die's slice of the state: every die rolled to move on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ExploreProcedure

NAME = "stub_die"


@attrs.frozen
class StubDie:
    """Every die rolled to move on, in order."""

    rolls: tuple[int, ...] = ()


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> StubDie:
    return StubDie()


def problems(die: StubDie, state: State) -> list[str]:
    """Every roll a face of a d6."""
    return [f"rolls[{i}]: {face} is no face of a d6" for i, face in enumerate(die.rolls) if not 1 <= face <= 6]


class _Session:
    """The stub die, as the session asks of it: it rolls no surprise and hears nothing."""

    slice_type = StubDie
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = None
    hears = ()
    surprise_odds = None
    held_surprise = None
    exploring = None


SESSION: ExploreProcedure = _Session()
