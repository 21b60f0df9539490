"""Actions: every change to a session is one of these, applied by a pure function.

An action is a small frozen record of what the 'Smith asked for. `apply_action` turns the old state
into the new one and says what happened, in events that show every die thrown. It never touches
files or screens, so the store can undo it by keeping the old state and tests can run it bare.
An action that makes no sense now raises `Refused` with a message for the 'Smith; nothing changes.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.clock import clock_text, to_next_hour
from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.text import control_problems
from hammertui.kernel.ruleset import TimeRules
from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.events import note
from hammertui.kernel.session.names import BadSessionName, check_name
from hammertui.kernel.session.procedures import TurnsPassed, is_dark, on_time, signal
from hammertui.kernel.session.state import Character, State

MAX_NAME = 40
"""Letters in the name of someone at the table (a character, a hireling, a kind of foe): enough for
any the players pick, and what the panes and the fight's table show whole."""


MOST_FOES = 100
"""Foes of one kind entered at once: more than any room holds, each a row of the fight's table; a
count mistyped by a few digits would otherwise fill the fight for ever."""


def person_name(typed: str, missing: str) -> str:
    """The name as typed, its runs of spaces made one; refused with the words `missing` when there
    is none, and when it is longer than `MAX_NAME` letters."""
    name = " ".join(typed.split())
    if not name:
        raise Refused(missing)
    if len(name) > MAX_NAME:
        raise Refused(f"a name of {MAX_NAME} letters or fewer, please")
    return name


def apply_action(state: State, action: Action, ctx: Context) -> Result:
    """Apply one action: the new state (its `seq` one higher) and its events, darkness included.
    Text with a control character in it is refused whatever action carries it."""
    problems = control_problems(action, multiline=False)
    if problems:
        raise Refused(problems[0])
    new, events = action.apply(state, ctx)
    new = attrs.evolve(new, seq=state.seq + 1)
    was_dark, dark = is_dark(state), is_dark(new)
    if dark and not was_dark:
        events.append(note(action, "Darkness! No light is burning.", level="warn"))
    elif was_dark and not dark:
        events.append(note(action, "Light again."))
    return new, [attrs.evolve(e, seq=new.seq, clock=new.clock.units) for e in events]


def spend_time(state: State, units: int, ctx: Context, action: Action) -> Result:
    """Move the clock on; the light procedure spends the time (every lit source burns by the same
    amount, warning as they fail), timed effects whose time is up end, and every procedure hears of
    the turns passed (`TurnsPassed`: the exploration die rolls for each)."""
    burnt, events = on_time(state, units, ctx, action)
    clock = attrs.evolve(state.clock, units=state.clock.units + units)
    new, ended = effects.expire(attrs.evolve(burnt, clock=clock), action.label)
    new, heard = signal(new, ctx, action, TurnsPassed(units))
    return new, events + ended + heard


@record
class AdvanceTime:
    """Spend time: the clock moves on and every lit source burns."""

    label: ClassVar[str] = "time"
    units: int = 1
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        if self.units < 1:
            raise Refused("time can only move forward, by 1 or more")
        new, events = spend_time(state, self.units, ctx, self)
        why = f" ({self.reason})" if self.reason else ""
        head = note(self, f"{ctx.ruleset.time.label(self.units)} pass{why}.")
        if self.units == 1:
            head = attrs.evolve(head, text=head.text.replace(" pass", " passes", 1))
        return new, [head, *events]


def next_hour(state: State, time: TimeRules) -> tuple[int, str]:
    """Units to the next full hour and the clock there, as the Timekeeper says it."""
    units = to_next_hour(state.clock.units, time.units_per_hour)
    return units, clock_text(state.clock.units + units, time.minutes_per_unit)


@record
class ToNextHour:
    """Spend the time to the next full hour: the clock lands on it and every lit source burns."""

    label: ClassVar[str] = "hour"
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        time = ctx.ruleset.time
        units, at = next_hour(state, time)
        new, events = spend_time(state, units, ctx, self)
        why = f" ({self.reason.strip()})" if self.reason.strip() else ""
        verb = "passes" if units == 1 else "pass"
        return new, [note(self, f"{time.label(units)} {verb}, to {at}{why}."), *events]


@record
class PassRounds:
    """Combat rounds counted on their own clock: they do not burn lights until folded into turns."""

    label: ClassVar[str] = "round"
    rounds: int = 1

    def apply(self, state: State, ctx: Context) -> Result:
        if self.rounds < 1:
            raise Refused("rounds can only move forward, by 1 or more")
        total = state.clock.rounds + self.rounds
        clock = attrs.evolve(state.clock, rounds=total)
        word = "round passes" if self.rounds == 1 else f"{self.rounds} rounds pass"
        new, ended = effects.expire(attrs.evolve(state, clock=clock), self.label)
        return new, [note(self, f"{word.capitalize()}: round {total}."), *ended]


@record
class FoldRounds:
    """The fight is over: its rounds become time, max(1, rounds / rounds per unit rounded up), and
    every lit source burns it."""

    label: ClassVar[str] = "round"

    def apply(self, state: State, ctx: Context) -> Result:
        if state.clock.rounds < 1:
            raise Refused("no combat rounds to fold into time")
        return fold_rounds(state, ctx, self)


def fold_rounds(state: State, ctx: Context, action: Action) -> Result:
    """A fight's rounds become time: max(1, rounds / rounds per unit rounded up); every lit source
    burns it, and round effects outlasting it carry on in turns (Beats)."""
    rounds = state.clock.rounds
    time = ctx.ruleset.time
    units = time.combat_units(rounds)
    counted = f"{rounds} round{'s' if rounds != 1 else ''}"
    head = note(action, f"{counted} of combat: {time.label(units)} on the clock.")
    state = attrs.evolve(state, clock=attrs.evolve(state.clock, rounds=0))
    state, carried = effects.fold(state, ctx.ruleset, units, action.label)
    new, events = spend_time(state, units, ctx, action)
    return new, [head, *carried, *events]


@record
class RenameSession:
    """Give the session a new name (the save files keep theirs)."""

    label: ClassVar[str] = "rename"
    name: str

    def apply(self, state: State, ctx: Context) -> Result:
        name = self.name.strip()
        if not name:
            raise Refused("a session needs a name")
        try:
            check_name(name)
        except BadSessionName as problem:
            raise Refused(str(problem)) from None
        if name == state.session.name:
            raise Refused(f"the session is already called {name}")
        old = state.session.name
        info = attrs.evolve(state.session, name=name)
        return attrs.evolve(state, session=info), [note(self, f"Session renamed from {old} to {name}.")]


@record
class AdoptRuleset:
    """Play on by the ruleset as its file now reads, after the 'Smith was told it changed (`changes`:
    each rule changed, with its old and new value, as the log keeps them)."""

    label: ClassVar[str] = "ruleset"
    changes: tuple[str, ...] = ()

    def apply(self, state: State, ctx: Context) -> Result:
        if state.session.ruleset_digest == ctx.ruleset.digest:
            raise Refused(f"this session already plays by {ctx.ruleset.name} as it reads now")
        info = attrs.evolve(state.session, ruleset_digest=ctx.ruleset.digest)
        if not state.session.ruleset_digest:
            text = f"Playing by {ctx.ruleset.name}; a later change to its file will be pointed out."
            return attrs.evolve(state, session=info), [note(self, text)]
        text = f"{ctx.ruleset.name} has changed since this session was last played: its new rules apply from now"
        text += f": {'; '.join(self.changes)}." if self.changes else "."
        return attrs.evolve(state, session=info), [note(self, text, level="warn")]


def member_of(state: State, character_id: str) -> Character:
    """The character with this id, or a refusal the 'Smith can read."""
    try:
        return state.character(character_id)
    except KeyError:
        raise Refused(f"no character {character_id!r} in the party") from None
