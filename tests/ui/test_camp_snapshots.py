"""Screenshots of the Camp modal: the check before camping, and the camp actions being chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.divining_pool.actions.explore import SetSafeHaven
from hammertui.procedures.hammercrawl_camp.actions import CampNext, SetCampAction, SetCampFree, StartCamp
from tests.ui.test_explore import scripted


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_check_before_camping(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """No Safe Haven yet: the check says so, and shows each character's supplies and free action."""
    app, _ = scripted(tmp_path, [])

    async def hurt(pilot: Pilot) -> None:
        pilot.app.perform(ApplyDamage("c1", 3))

    assert snap_compare(app, press=["c"], run_before=hurt, terminal_size=size)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_choosing_the_camp_actions(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """At the camp actions: Darla on watch, Wenna scouting against 15, the others still to choose."""
    app, _ = scripted(tmp_path, [])

    async def camp(pilot: Pilot) -> None:
        for action in (
            ApplyDamage("c1", 3),
            SetSafeHaven(True),
            StartCamp(),
            SetCampFree("c4", "heal"),
            SetCampAction("c1", "stand_watch"),
            SetCampAction("c3", "scout_ahead", scout_modifier=2, scout_target=15),
            CampNext(),
            CampNext(),
            CampNext(),
        ):
            assert pilot.app.perform(action)
        await pilot.pause()
        pilot.app.clear_notifications()  # the burnt-out torch's warnings would cover the modal

    assert snap_compare(app, press=["c"], run_before=camp, terminal_size=size)
