"""The store: the one place the session state changes.

It applies an action with that action's dice, logs the events and autosaves, and only once both are
on disk keeps the state it replaced for undo and makes the new one current. A save that fails leaves
the state, the history and the files as they were.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Protocol

import attrs

from hammertui.kernel.rules.dice import DiceSource, SeededDice
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Action, Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import State

HISTORY = 250
"""Undo steps kept (the floor promised to the 'Smith is 200)."""

RECENT = 200
"""Events kept in memory for the log strip."""

DiceFactory = Callable[[State], DiceSource]


def seeded_dice(state: State) -> DiceSource:
    """Play dice: the session seed and the action's number, so the same action rolls the same."""
    return SeededDice(state.session.seed, state.seq)


READ_ONLY = "This session is open read-only: another hammertui plays it, so nothing is changed here."


class ReadOnly(Refused):
    """An action asked of a session opened read-only."""


class NothingToUndo(Refused):
    """Undo or redo with an empty history."""


@record
class Step:
    """A state the store moved away from, and what moved it, for undo and redo."""

    state: State
    label: str


class Store:
    """Holds the current state, applies actions, keeps undo/redo, logs and autosaves."""

    def __init__(
        self,
        state: State,
        ruleset: Ruleset,
        files: persist.SaveFiles | None = None,
        recent: Sequence[Event] = (),
        dice: DiceFactory = seeded_dice,
        log_end: int | None = None,
        notices: Sequence[str] = (),
        read_only: bool = False,
    ) -> None:
        self.state = state
        self.ruleset = ruleset
        self.files = files
        self.recent: deque[Event] = deque(recent, maxlen=RECENT)
        self._dice = dice
        self._undo: deque[Step] = deque(maxlen=HISTORY)
        self._redo: deque[Step] = deque()
        self._log_end = log_end
        self.notices = list(notices)
        """What opening the session found and did that the game master should hear of."""
        self.read_only = read_only
        """Opened beside the app that plays it: shown, never changed (see `session.lock`)."""

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def dispatch(self, action: Action) -> list[Event]:
        """Apply `action`; raises Refused when it cannot be done now (or its text cannot be saved),
        SaveFailed when the save cannot be written; either way nothing changed."""
        self._writable()
        before = self.state
        context = Context(self.ruleset, self._dice(before))
        new, events = apply_action(before, action, context)
        logged = self._commit(new, events)
        self._undo.append(Step(before, _summary(events, action.label)))
        self._redo.clear()
        return logged

    def undo(self) -> list[Event]:
        """Go back to the state before the last action, exactly."""
        return self._travel(self._undo, self._redo, "undo", "Undone")

    def redo(self) -> list[Event]:
        """Step forward again to the state an undo left."""
        return self._travel(self._redo, self._undo, "redo", "Redone")

    def _travel(self, source: deque[Step], back: deque[Step], word: str, done: str) -> list[Event]:
        """Move to the state on top of `source`, leaving the current one on `back` to return to."""
        self._writable()
        if not source:
            raise NothingToUndo(f"nothing to {word}")
        step = source[-1]
        here = self.state
        logged = self._commit(step.state, [Event(here.seq, word, f"{done}: {step.label}")])
        source.pop()
        back.append(Step(here, step.label))
        return logged

    def record(self, events: list[Event]) -> list[Event]:
        """Log events that change nothing (a session opened, restored) and save the snapshot."""
        return self._commit(self.state, events)

    def _writable(self) -> None:
        """Refuse, before anything is worked out, what a read-only session cannot do."""
        if self.read_only:
            raise ReadOnly(READ_ONLY)

    def _commit(self, state: State, events: list[Event]) -> list[Event]:
        """Make `state` current once its events are logged and the snapshot replaced."""
        self._writable()
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        events = [attrs.evolve(e, at=stamp, seq=state.seq, clock=state.clock.units) for e in events]
        if self.files is not None:
            try:
                self._log_end = persist.save(self.files, state, events, self._log_end)
            except persist.UnsavableText as problem:
                raise Refused(str(problem)) from None
        self.state = state
        self.recent.extend(events)
        return events


def _summary(events: list[Event], fallback: str) -> str:
    return events[0].text if events else fallback


class HoldsStore(Protocol):
    """What holds the session's store when one is open: the app, whether typed as itself or as a
    screen sees it."""

    @property
    def store(self) -> Store | None: ...


def open_store(holder: HoldsStore) -> Store:
    """The store `holder` holds, for what runs only in an open session (a pane's keys, a procedure's
    commands): the app holds none only while the 'Smith resolves a save's problem."""
    if holder.store is None:
        raise RuntimeError("no session is open")
    return holder.store
