"""The player view as the table sees it: served by `hammertui serve`, opened in headless Chromium.

Skipped, saying why, where Chromium or chromedriver is missing; `.ci/run` installs both (the Debian
packages chromium and chromium-driver) where it can.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.divining_pool.actions.search import Search
from hammertui.procedures.sides_and_phases.actions import FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.browser.player_page import browser, missing, page_text, served, wait_for

pytestmark = pytest.mark.skipif(bool(missing()), reason=missing() or "Chromium is here")

NAME = "evening"

DEADLINE = 10
"""Seconds for a change to reach the page: the page looks at the files four times a second, so
this is time for a machine busy with the rest of the suite, not the figure the table sees."""


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return sessions.create(tmp_path / "saves", NAME, load_ruleset("hammercrawl-book3"), seed=7)


@pytest.fixture
def page(store: Store, tmp_path: Path) -> Iterator[object]:
    assert store.files is not None
    with served(NAME, store.files.folder, tmp_path / "rulesets") as address, browser() as driver:
        driver.get(address)  # type: ignore[attr-defined]
        wait_for(driver, lambda text: "Darla" in text, 30, "the party")
        yield driver


def test_the_page_shows_a_change_made_through_the_store(page: object, store: Store, tmp_path: Path) -> None:
    """How soon it shows is measured by `bench/player_view`, not asserted under a loaded machine."""
    text = page_text(page)
    assert "LIT" in text and "Beat 0" in text and "Healthy" in text and "Darla's torch" in text
    page.save_screenshot(str(tmp_path / "player-view.png"))  # type: ignore[attr-defined]
    assert (tmp_path / "player-view.png").stat().st_size > 10_000
    darla = store.state.party[0]
    assert "Bloodied" not in text
    store.dispatch(ApplyDamage(darla.id, darla.max_hp - 1, "a goblin's spear"))
    wait_for(page, lambda text: "Bloodied" in text, DEADLINE, "Darla bloodied")


def test_no_foe_hit_points_and_no_secret_roll_reach_the_page(page: object, store: Store) -> None:
    store.dispatch(Search(2, 1, "the altar"))
    store.dispatch(StartFight((FoeGroup(FoeKind("Ogre", hd="9", ac=15, attack_bonus=4), 1),), hp="average"))
    ogre = store.state.slices["sides_and_phases"].fight.foes[0]
    wait_for(page, lambda text: "Initiative" in text, 5, "the fight")
    time.sleep(0.5)  # two more looks at the files: nothing else is coming
    text = page_text(page)
    assert "altar" not in text and "found" not in text, "the 'Smith's secret search"
    assert str(ogre.hp) not in text, f"the Ogre's {ogre.hp} HP"
    assert "AC 15" not in text and "HD 9" not in text
