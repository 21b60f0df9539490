"""Screenshots of the fight by individual initiative under the shipped Russell House Rules, mid-round:
the order with whose turn it is, HP, AC, options and conditions, the latest of the log, the keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.procedures.individual_initiative.actions import (
    Attack,
    ChooseOption,
    FoeGroup,
    NextTurn,
    RollInitiative,
    SetCondition,
    StartFight,
)
from tests.ui.scripted_gm import scripted_app

INITIATIVE = [4, 2, 5, 1, 3, 6]  # Darla, Brannoc, Wenna (+1 WIS), Otto; Goblin 1, Goblin 2
BLOWS = [14, 3, 16, 2]  # Wenna hits Goblin 1 for 3 and her STR 15 +1; Goblin 2 hits Darla for 2


async def mid_round(pilot: Pilot) -> None:
    """Round 1, Darla's turn: Goblin 1 hurt, Darla hurt and pressing with a rapier, Brannoc Floored."""
    for action in (
        StartFight((FoeGroup("Goblin", count=2, hd=1, ac=7, hp=5),)),
        RollInitiative(),
        Attack("c3", "f1"),
        NextTurn(),
        Attack("f2", "c1"),
        NextTurn(),
        ChooseOption("c1", "press", finesse=True),
        SetCondition("c2", "floored"),
    ):
        assert pilot.app.perform(action), action
    await pilot.pause()
    pilot.app.clear_notifications()  # the fight's first warning, a toast that would cover the log
    await pilot.pause()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_fight_by_individual_initiative_mid_round(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """Darla's turn in round 1: the order, best first, with the acting one marked."""
    app, _ = scripted_app(tmp_path, INITIATIVE + BLOWS, "russell-house-rules")
    assert snap_compare(app, press=["F"], run_before=mid_round, terminal_size=size)
