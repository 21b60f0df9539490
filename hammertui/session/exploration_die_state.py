"""The exploration die's part of the session: the turns taken, the last rolls with what the party
did on each, the pace, and the referee's ticking clocks.

Only the exploration die reads or writes these. What a face brings to the light or the characters
is theirs to keep: the die signals its result and they answer it (`session.procedures.signal`).
"""

from __future__ import annotations

from typing import Any

import attrs

from hammertui.rules.exploration_die import CAREFUL, PACES, Chances, surprise_chances
from hammertui.rules.ruleset import Ruleset
from hammertui.rules.ruleset.exploration_die import RESULTS
from hammertui.session.procedures import light_level
from hammertui.session.state import State

NAME = "exploration_die"
KEPT = 12
"""Rolls kept for the pane and the save; the log keeps every one."""


@attrs.frozen
class Encounter:
    """A random encounter's surprise and reaction as rolled.

    `surprised` is "party", "foes", "both" (canceled) or "none"; `free_round` the side that has the
    drop on the other ("" for neither), a round it keeps if it holds surprise until blows come.
    `spokesman` is the name of whoever spoke for the party, "" when their Charisma did not count.
    """

    surprised: str
    free_round: str
    reaction: str
    reaction_total: int
    spokesman: str = ""
    modifier: int = 0


@attrs.frozen
class TurnRoll:
    """One turn's roll: what the party did, the face, its result's id, and an encounter's outcome."""

    turn: int
    face: int
    result: str
    action: str = ""
    by_hand: bool = False
    encounter: Encounter | None = None


@attrs.frozen
class TickingClock:
    """A referee's clock ("a ritual in 4 marks"), ticking down on each Magic Dissipates."""

    id: str
    name: str
    marks: int


@attrs.frozen
class ExplorationDie:
    """Turns taken, the last rolls (newest last), the pace and the clocks."""

    turns: int = 0
    rolls: tuple[TurnRoll, ...] = ()
    pace: str = CAREFUL
    clocks: tuple[TickingClock, ...] = ()

    @property
    def latest(self) -> TurnRoll | None:
        return self.rolls[-1] if self.rolls else None


SLICE = ExplorationDie


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> ExplorationDie:
    """A session starts on turn 0, at a careful pace, with no clock ticking."""
    return ExplorationDie()


def die_of(state: State) -> ExplorationDie:
    slice_: ExplorationDie = state.slices[NAME]
    return slice_


def problems(die: ExplorationDie, state: State) -> list[str]:
    """A pace and results the game knows, clocks with their own ids and no negative marks."""
    found = []
    if die.pace not in PACES:
        found.append(f"pace: expected one of {', '.join(PACES)}, got {die.pace!r}")
    for i, roll in enumerate(die.rolls):
        if roll.result not in RESULTS:
            found.append(f"rolls[{i}].result: no result {roll.result!r}")
    ids = [c.id for c in die.clocks]
    if len(set(ids)) != len(ids):
        found.append("clocks: two clocks share an id")
    found += [f"clocks[{i}].marks: cannot be negative" for i, c in enumerate(die.clocks) if c.marks < 0]
    return found


def surprise_odds(state: State, ruleset: Ruleset) -> Chances:
    """The chances in 6 of each side being surprised should the party meet something now, at its
    pace and in its best light: what the light procedure asks to show beside the light."""
    rules = ruleset.exploration_die
    assert rules is not None, "the exploration die plays only with its section"
    return surprise_chances(rules.surprise, light_level(state, ruleset), die_of(state).pace)


def held_surprise(state: State) -> str:
    """The side with the drop on the other in the encounter of the latest roll ("party", "foes"),
    "" when that roll met nothing or no one was surprised: what a fight begun now takes."""
    latest = die_of(state).latest
    return latest.encounter.free_round if latest is not None and latest.encounter is not None else ""
