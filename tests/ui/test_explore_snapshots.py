"""Screenshots of the Explore modal: the pool about to be thrown, the roll, the outcomes on offer."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.procedures.divining_pool.actions.explore import SetAddition
from tests.ui.test_explore import scripted


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_pool_before_the_roll(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app, _ = scripted(tmp_path, [])
    assert snap_compare(app, press=["e"], terminal_size=size)


def test_the_roll(snap_compare, tmp_path: Path) -> None:
    # With special gear: Blue Hammer; Yellow Hammer-Plus chaining a Comet; Purple Chaos Star; Purple Crossblade x2.
    app, _ = scripted(tmp_path, [5, 5, 6, 4, 7])

    async def gear(pilot: Pilot) -> None:
        pilot.app.perform(SetAddition("special_gear", 1))

    assert snap_compare(app, press=["e", "enter"], run_before=gear, terminal_size=(120, 40))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_spending_hammers_and_crossblades(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app, _ = scripted(tmp_path, [5, 7, 8])  # Hammer; Crossblade x2; Crossblade x2
    assert snap_compare(app, press=["e", "enter", "enter"], terminal_size=size)
