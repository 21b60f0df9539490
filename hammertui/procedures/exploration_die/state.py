"""The exploration die's part of the session: the turns it was rolled for, the last rolls with what
the party did on each, the pace, the referee's ticking clocks and who last spoke for the party.
The turn itself is the clock's, counted once for the header and the pane.

Only the exploration die reads or writes these. What a face brings to the light or the characters
is theirs to keep: the die signals its result and they answer it (`session.procedures.signal`).
"""

from __future__ import annotations

from typing import Any

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import light_level, role_of
from hammertui.kernel.session.state import Character, State
from hammertui.procedures.exploration_die.rules import CAREFUL, PACES, Chances, surprise_chances
from hammertui.procedures.exploration_die.schema import RESULTS

NAME = "exploration_die"
KEPT = 12
"""Rolls kept for the pane and the save; the log keeps every one."""


@record
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


@record
class TurnRoll:
    """One turn's roll: what the party did, the face, its result's id, and an encounter's outcome."""

    turn: int
    face: int
    result: str
    action: str = ""
    by_hand: bool = False
    encounter: Encounter | None = None


@record
class TickingClock:
    """A referee's clock ("a ritual in 4 marks"), ticking down on each Magic Dissipates."""

    id: str
    name: str
    marks: int


@record
class ExplorationDie:
    """Turns the die was rolled for, the last rolls (newest last), the pace, the clocks, and the id
    of who last spoke for the party ("" before anyone has)."""

    turns: int = 0
    rolls: tuple[TurnRoll, ...] = ()
    pace: str = CAREFUL
    clocks: tuple[TickingClock, ...] = ()
    spokesman: str = ""

    @property
    def latest(self) -> TurnRoll | None:
        return self.rolls[-1] if self.rolls else None


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> ExplorationDie:
    """A session starts on turn 0, at a careful pace, with no clock ticking."""
    return ExplorationDie()


def die_of(state: State) -> ExplorationDie:
    slice_: ExplorationDie = state.slices[NAME]
    return slice_


def spokesman(state: State) -> Character | None:
    """Who speaks for the party: "The modifier of whichever character acts as spokesman should be
    used". The last one named while they stand, else the standing Leader, else the first standing;
    none in a lost party."""
    living = state.living
    named = next((m for m in living if m.id == die_of(state).spokesman), None)
    return named or next((m for m in living if role_of(state, m.id) == "Leader"), living[0] if living else None)


def unrolled(state: State) -> int:
    """Turns on the clock the die was not rolled for (a save from before every turn rolled it)."""
    return max(0, state.clock.units - die_of(state).turns)


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
    if die.spokesman and die.spokesman not in {m.id for m in state.party}:
        found.append(f"spokesman: no character {die.spokesman!r} in the party")
    return found


SURPRISED = ("party", "foes", "both", "none")
FREE_ROUND = ("", "party", "foes")


def rules_problems(die: ExplorationDie, state: State, ruleset: Ruleset) -> list[str]:
    """Each roll's face on the ruleset's die (the pane names its result), and an encounter's
    surprise and free round the ones the rules roll."""
    rules = ruleset.exploration_die
    if rules is None:
        return []
    low, high = min(row.low for row in rules.results), max(row.high for row in rules.results)
    found = []
    for i, roll in enumerate(die.rolls):
        if not any(row.low <= roll.face <= row.high for row in rules.results):
            found.append(f"rolls[{i}].face: {roll.face} is outside {low}-{high}, the faces of {ruleset.name}'s die")
        met = roll.encounter
        if met is not None and met.surprised not in SURPRISED:
            found.append(f"rolls[{i}].encounter.surprised: {met.surprised!r} is not one of {', '.join(SURPRISED)}")
        if met is not None and met.free_round not in FREE_ROUND:
            found.append(f"rolls[{i}].encounter.free_round: {met.free_round!r} is not party or foes")
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
