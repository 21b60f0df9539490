"""Screenshots of the loot ledger, its form, and Return to Town before and after, at both sizes.

The demo party (seed 7) has looted 2,503 coins, a ruby Darla carries, a scroll nobody has claimed
and a purse Brannoc holds; Darla is hurt and 2 XP short of level 2, Otto carries no torch. Update
them after a deliberate change with `make test ARGS=--snapshot-update` and look at the report.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from hammertui.kernel.session.loot import AddLoot
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.hammercrawl_classes.actions.advancement import AwardXP

SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


async def looted(pilot: Pilot) -> None:
    app: HammerApp = pilot.app
    for action in (
        AddLoot("Coins", 2503),
        AddLoot("Ruby", 50, item=True, holder="c1"),
        AddLoot("Odd scroll", item=True),
        AddLoot("Goblin purse", 17, holder="c2"),
        AwardXP(("c1",), 18),
        ApplyDamage("c1", 3),
    ):
        assert app.perform(action)
    await pilot.pause()
    app.clear_notifications()


@SIZES
def test_the_ledger(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(tmp_path, seed=7), press=["dollar_sign", "down"], terminal_size=size, run_before=looted
    )


def test_the_add_loot_form(snap_compare, tmp_path: Path) -> None:
    press = ["dollar_sign", "a", *"Silver dagger", "tab", *"30"]
    assert snap_compare(make_app(tmp_path, seed=7), press=press, terminal_size=(80, 24), run_before=looted)


@SIZES
def test_the_town_plan(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    press = ["R", "tab", *"2000"]
    assert snap_compare(make_app(tmp_path, seed=7), press=press, terminal_size=size, run_before=looted)


async def back_from_town(pilot: Pilot) -> None:
    """To town with 2,000 coins turned into XP, and back in at level 2; the warning about the
    unclaimed scroll read and dismissed."""
    await looted(pilot)
    await pilot.press("R", "tab", *"2000", "tab", "2", "tab", "6", "enter")
    await pilot.pause()
    pilot.app.clear_notifications()


@SIZES
def test_back_from_town(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), terminal_size=size, run_before=back_from_town)
