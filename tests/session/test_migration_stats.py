"""Saves written before a character's stats were the ruleset's (schema 5) open, and play on.

The files in `fixtures/schema5` were written by the release before: a fight under way, an Explore
half done, a camp, and an evening by the Russell House Rules with its fight under way. Each opens
with every character's CON score kept as `con_max` on their class rules' sheet (the Russell rules
read none and keep none), takes the next step of what was under way, and saves it in the current
schema.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.actions import Action
from hammertui.kernel.session.store import Store
from hammertui.procedures.divining_pool.actions.explore import ExploreNext
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.hammercrawl_camp.actions import CampNext
from hammertui.procedures.hammercrawl_camp.state import camping
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.individual_initiative.state import fights
from hammertui.procedures.russell_characters.actions.checks import Save
from hammertui.procedures.sides_and_phases.actions import FightNext
from hammertui.procedures.sides_and_phases.state import fighting

FIXTURES = Path(__file__).parent / "fixtures" / "schema5"

NEXT: dict[str, Action] = {
    "before-fight": FightNext(),
    "before-explore": ExploreNext(),
    "before-camp": CampNext(),
    "before-russell": Save("c2", "DEX", 0, True, False),
}
"""The next step each evening takes: what was under way goes on."""


def opened(tmp_path: Path, name: str) -> Store:
    for path in FIXTURES.glob(f"{name}.*"):
        shutil.copy(path, tmp_path / path.name)
    return sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)


@pytest.mark.parametrize("name", list(NEXT))
def test_a_save_from_before_opens_with_its_stats_and_plays_on(tmp_path: Path, name: str) -> None:
    assert (FIXTURES / f"{name}.toml").read_text().startswith("schema = 5\n")
    store = opened(tmp_path, name)
    everyone = (*store.state.party, *store.state.pile, *(g.character for g in store.state.graveyard))
    assert everyone and all(list(m.stats) == list(store.ruleset.stats) for m in everyone)
    classed = store.state.session.procedures["characters"] == "hammercrawl_classes"
    sheets = [sheet_of(store.state, m.id) for m in everyone]
    assert not classed or all(
        s.con_max == m.stats["CON"] and s.con <= s.con_max for m, s in zip(everyone, sheets, strict=True)
    )
    seq = store.state.seq
    store.dispatch(NEXT[name])
    assert store.state.seq == seq + 1
    reopened = sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)
    assert reopened.state == store.state
    text = persist.SaveFiles(tmp_path, name).snapshot.read_text()
    assert text.startswith(f"schema = {persist.SCHEMA}\n") and ("con_max = " in text) == classed


def test_what_was_under_way_is_still_under_way(tmp_path: Path) -> None:
    fight = fighting(opened(tmp_path, "before-fight").state)
    assert fight is not None and [f.name for f in fight.foes] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    explore = exploring(opened(tmp_path, "before-explore").state)
    assert explore is not None and explore.step == "destination"
    camp = camping(opened(tmp_path, "before-camp").state)
    assert camp is not None and camp.step == "eat"
    russell = fights(opened(tmp_path, "before-russell").state).fight
    assert russell is not None and [f.name for f in russell.foes] == ["Goblin 1", "Goblin 2"]
