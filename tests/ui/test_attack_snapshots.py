"""Screenshots of the attack's landing: the targets numbered, die 2 picked and sent to Ogre 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.ui.test_attack_dialog import armed, fighter
from tests.ui.test_dice_split import PARTY_FIRST, TWO_HITS, thrown


async def split(pilot: Pilot) -> None:
    """`a` throws Darla's two dice at Ogre 1; down, down and 2 send die 2 to Ogre 2."""
    await thrown(pilot, pilot.app)
    await pilot.press("down", "down", "2")
    await pilot.pause()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_landing_with_numbered_targets(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app, _ = armed(tmp_path, PARTY_FIRST + TWO_HITS, tweak=fighter)
    assert snap_compare(app, run_before=split, terminal_size=size)
