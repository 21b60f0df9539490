"""The store: undo and redo exactly, a long history, seeded dice, and refusals that change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.rules import dice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import NothingToUndo, Store, seeded_dice
from hammertui.kernel.session.vitals import ApplyDamage


def test_undo_restores_exactly_and_redo_returns(state: State, b3: Ruleset) -> None:
    store = Store(state, b3)
    store.dispatch(ApplyDamage("c1", 2))
    after = store.state
    store.undo()
    assert store.state == state
    store.redo()
    assert store.state == after


def test_at_least_200_undo_steps(state: State, b3: Ruleset) -> None:
    store = Store(state, b3)
    states = [store.state]
    for step in range(210):
        store.dispatch(AdvanceTime(1 + step % 3))
        states.append(store.state)
    for expected in reversed(states[-201:-1]):
        store.undo()
        assert store.state == expected


def test_a_new_action_clears_redo(state: State, b3: Ruleset) -> None:
    store = Store(state, b3)
    store.dispatch(AdvanceTime(1))
    store.undo()
    store.dispatch(AdvanceTime(2))
    assert not store.can_redo
    with pytest.raises(NothingToUndo):
        store.redo()


def test_refused_action_changes_nothing(tmp_path: Path, state: State, b3: Ruleset) -> None:
    files = persist.SaveFiles(tmp_path, "refuse")
    store = Store(state, b3, files)
    with pytest.raises(Refused):
        store.dispatch(ApplyDamage("c1", 0))
    assert store.state is state
    assert not files.snapshot.exists() and not files.log.exists()
    assert not store.can_undo


def test_undo_then_the_same_action_rolls_the_same_dice(state: State) -> None:
    """Dice are seeded by the session seed and the action's number: undo is not a re-roll."""
    first = dice.roll(seeded_dice(state), "3d6")
    again = dice.roll(seeded_dice(state), "3d6")
    assert first == again


def test_every_change_is_logged_and_saved(tmp_path: Path, state: State, b3: Ruleset) -> None:
    files = persist.SaveFiles(tmp_path, "saved")
    store = Store(state, b3, files)
    store.dispatch(AdvanceTime(1))
    store.dispatch(ApplyDamage("c1", 1))
    store.undo()
    assert persist.load_state(files.snapshot) == store.state
    texts = [e.text for e in persist.read_log_tail(files.log)]
    assert texts[0] == "1 Beat passes."
    assert texts[-1].startswith("Undone: Darla loses 1 HP")
    assert persist.load_state(files.backup).clock.units == 1
