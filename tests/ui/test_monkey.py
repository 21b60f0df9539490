"""The monkey, bounded: a few hundred random keys and palette entries on the default ruleset and on
the Russell House Rules, nothing crashing, the state sound after every key, the save equal to the app's
state at the end (bench/monkey runs it for ten thousand keys a seed)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.state import Clock
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.hammercrawl_classes.state import sheet_changed
from tests.ui.monkey import Monkey, problems

KEYS = 150


@pytest.mark.parametrize("ruleset_id", [sessions.DEMO_RULESET, "russell-house-rules"])
async def test_the_monkey_breaks_nothing(tmp_path: Path, ruleset_id: str) -> None:
    tally = await Monkey(tmp_path, ruleset_id, seed=1, keys=KEYS).run()
    assert tally.keys == KEYS
    assert tally.bursts, "some keys typed in bursts"
    assert len(tally.screens) >= 3, f"the monkey got about: {tally.screens}"


def test_the_monkeys_checks_find_what_is_wrong(tmp_path: Path) -> None:
    store = sessions.create(tmp_path, "tomb", load_ruleset(sessions.DEMO_RULESET), seed=1)
    start = store.state
    assert problems(start, None, {}) == []
    hurt = attrs.evolve(start, party=(attrs.evolve(start.party[0], hp=start.party[0].max_hp + 1), *start.party[1:]))
    assert problems(hurt, start, {}) == [f"state.party[0]: hp {hurt.party[0].hp} outside 0..{hurt.party[0].max_hp}"]
    owing = sheet_changed(start, start.party[0].id, rations=-1)
    assert problems(owing, start, {}) == ["state.slices['hammercrawl_classes'].sheets['c1'].rations: -1 is below zero"]
    later = attrs.evolve(start, clock=Clock(units=3))
    assert problems(start, later, {}) == [f"the clock went back from {later.clock} to {start.clock} without an undo"]
    assert problems(start, later, {id(start): start}) == [], "an undo goes back to a state the store held"


def test_an_undo_returns_the_very_state_it_left(tmp_path: Path) -> None:
    """The monkey knows an undo by the state it returns to: the store must hand back the same object."""
    store: Store = sessions.create(tmp_path, "tomb", load_ruleset(sessions.DEMO_RULESET), seed=1)
    before = store.state
    store.dispatch(ApplyDamage(before.party[0].id, 1))
    store.undo()
    assert store.state is before
