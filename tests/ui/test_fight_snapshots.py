"""Screenshots of a fight: the stepper mid-round, and the Combat pane behind it on the dashboard."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.procedures.sides_and_phases.actions import (
    AddEffect,
    Declare,
    FightNext,
    FoeGroup,
    HurtFoe,
    SetFoeStatus,
    StartFight,
)
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.test_explore import scripted

HP = [5, 7, 4]
ROUND_1 = [6, 3]


async def mid_round(pilot: Pilot) -> None:
    """Round 1, the top of the foes' turn: one goblin hurt, one dazed, one fleeing; the party
    blessed; Otto has shot his bow (Missile) before the others' Melee."""
    for action in (
        StartFight((FoeGroup(FoeKind("Goblin", "1", 12), 3),)),
        Declare("c4", "move_near", "missile"),
        FightNext(),
        HurtFoe("f1", 3),
        AddEffect("Dazed", "f2", "round", 2),
        AddEffect("Bless", "", "round", 3),
        SetFoeStatus("f3", "fleeing"),
        FightNext(),
        FightNext(),
        FightNext(),
    ):
        assert pilot.app.perform(action), action
    await pilot.pause()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_fight_mid_round(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The foes' turn begins: the step bar on Movement, the morale offer, the goblins acting."""
    app, _ = scripted(tmp_path, HP + ROUND_1)
    assert snap_compare(app, press=["F"], run_before=mid_round, terminal_size=size)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_combat_pane_during_a_fight(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The dashboard with the fight closed but going on: round, side, phase, the foes, the effects."""
    app, _ = scripted(tmp_path, HP + ROUND_1)
    assert snap_compare(app, run_before=mid_round, terminal_size=size)
