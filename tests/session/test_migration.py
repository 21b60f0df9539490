"""Saves written before rulesets chose their procedures (schema 1) open, and play on.

The files in `fixtures/schema1` were written by the release before procedures: a session with a
fight under way, one with an Explore half done, and one camping. Each opens by HAMMERCRAWL!'s
procedures, with what those procedures keep in their slices, and the next action saves it anew.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.actions import RenameSession
from hammertui.kernel.session.migrations import SCHEMA_1_PROCEDURES
from hammertui.kernel.session.store import Store
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.state import divining_pool, exploring
from hammertui.procedures.hammercrawl_camp.state import camping
from hammertui.procedures.sides_and_phases.state import fighting, foe_kinds

FIXTURES = Path(__file__).parent / "fixtures" / "schema1"


def opened(tmp_path: Path, name: str) -> Store:
    for path in FIXTURES.glob(f"{name}.*"):
        shutil.copy(path, tmp_path / path.name)
    return sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)


@pytest.mark.parametrize("name", ["release-hc", "release-b3", "release-camp"])
def test_a_release_save_opens_by_the_procedures_it_was_played_by(tmp_path: Path, name: str) -> None:
    store = opened(tmp_path, name)
    assert store.state.session.procedures == {**SCHEMA_1_PROCEDURES, "modifiers": store.ruleset.procedures["modifiers"]}
    assert set(store.state.slices) == {p.name for p in sessions.stateful(store.ruleset.procedures)}
    store.dispatch(RenameSession("The next evening"))
    reopened = sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)
    assert reopened.state == store.state and reopened.state.session.name == "The next evening"
    assert persist.SaveFiles(tmp_path, name).snapshot.read_text().startswith(f"schema = {persist.SCHEMA}\n")


def test_what_was_under_way_is_still_under_way(tmp_path: Path) -> None:
    fight = opened(tmp_path, "release-hc").state
    assert fighting(fight) is not None and [f.name for f in fighting(fight).foes] == [
        "Goblin 1",
        "Goblin 2",
        "Goblin 3",
    ]
    assert [k.name for k in foe_kinds(fight)] == ["Goblin"] and len(divining_pool(fight).rooms) == 1
    assert [(s.id, s.remaining, s.lit) for s in light_state.lights(fight)] == [
        ("l1", 4, True),
        ("l2", 6, False),
        ("l3", 6, False),
    ]
    explore = opened(tmp_path, "release-b3").state
    assert exploring(explore) is not None and exploring(explore).step == "extremes"
    camp = opened(tmp_path, "release-camp").state
    assert (
        camping(camp) is not None
        and camping(camp).step == "time"
        and camping(camp).campers == ("c1", "c2", "c3", "c4")
        and camp.dungeon.safe_haven
    )


def test_a_save_played_by_a_procedure_unknown_here_is_refused_by_name(tmp_path: Path) -> None:
    store = opened(tmp_path, "release-hc")
    store.dispatch(RenameSession("The next evening"))
    files = persist.SaveFiles(tmp_path, "release-hc")
    text = files.snapshot.read_text().replace('fight = "sides_and_phases"', 'fight = "round_robin"')
    files.snapshot.write_text(text)
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, load_ruleset)
    assert refused.value.problems == [
        "session.procedures.fight: 'round_robin' is not a fight procedure this hammertui has"
    ]
    assert files.snapshot.read_text() == text, "a refused save is left as it was"
