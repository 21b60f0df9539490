"""Screenshots of the rooms screen and the award dialog, with the rooms explored by scripted dice.

Room 2's challenge is beaten; room 1, with the most dice and purchases, is highlighted. Update them
after a deliberate change with `make test ARGS=--snapshot-update` and look at the report before
committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.divining_pool.actions.explore import AwardRoomXP
from tests.ui.test_rooms import explore_two_rooms, two_rooms_app


async def two_rooms_one_beaten(pilot: Pilot) -> None:
    app: HammerApp = pilot.app
    explore_two_rooms(app)
    assert app.perform(AwardRoomXP(2))
    await pilot.pause()
    app.clear_notifications()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_two_rooms(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = two_rooms_app(tmp_path)
    assert snap_compare(app, press=["m", "up"], terminal_size=size, run_before=two_rooms_one_beaten)


def test_the_award_dialog(snap_compare, tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    assert snap_compare(app, press=["m", "up", "x"], terminal_size=(80, 24), run_before=two_rooms_one_beaten)


def test_the_award_dialog_refusing_a_change_without_a_reason(snap_compare, tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    press = ["m", "up", "x", "backspace", *"12", "enter"]
    assert snap_compare(app, press=press, terminal_size=(120, 40), run_before=two_rooms_one_beaten)
