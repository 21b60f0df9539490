"""Screenshots of the pile, the graveyard, the hire dialog and the Rules screen on an 80x24
terminal, dice fixed by the seed.

Update them after a deliberate change with `make test ARGS=--snapshot-update` and look at the
report before committing.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from hammertui.kernel.session.vitals import ApplyDamage, Bury
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.decisions import RulesScreen
from hammertui.kernel.ui.graveyard import GraveyardScreen
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.actions.recruits import RollReplacements
from hammertui.procedures.hammercrawl_classes.screens.hirelings import HirelingsScreen
from hammertui.procedures.hammercrawl_classes.screens.pile import PileScreen

SIZE = (80, 24)


def test_pile_of_three(snap_compare, tmp_path: Path) -> None:
    async def roll_and_open(pilot: Pilot) -> None:
        app: HammerApp = pilot.app
        app.perform(RollReplacements(3))
        app.push_screen(PileScreen())
        await pilot.pause()

    assert snap_compare(make_app(tmp_path, seed=7), terminal_size=SIZE, run_before=roll_and_open)


def test_graveyard_with_a_tombstone(snap_compare, tmp_path: Path) -> None:
    async def bury_two(pilot: Pilot) -> None:
        app: HammerApp = pilot.app
        for who, cause, epitaph in [
            ("c1", "a gelatinous cube", "Should have poked it with a stick first."),
            ("c4", "", ""),
        ]:
            app.perform(ApplyDamage(who, 99, cause))
            await pilot.pause()
            while len(app.screen_stack) > 1:  # the dashboard may offer the burial at once
                app.pop_screen()
            app.perform(Bury(who, epitaph))
        await pilot.pause()
        app.clear_notifications()
        app.push_screen(GraveyardScreen())
        await pilot.pause()
        await pilot.press("down")

    assert snap_compare(make_app(tmp_path, seed=7), terminal_size=SIZE, run_before=bury_two)


def test_hire_dialog_over_the_hirelings(snap_compare, tmp_path: Path) -> None:
    async def hire_one_then_ask(pilot: Pilot) -> None:
        app: HammerApp = pilot.app
        app.perform(Hire("Old Margery the Mapmaker", "cartographer", 4, "c2"))
        app.push_screen(HirelingsScreen())
        await pilot.pause()

    app = make_app(tmp_path, seed=7)
    assert snap_compare(
        app, press=["n", *"Pim", "tab", *"torchbearer"], terminal_size=SIZE, run_before=hire_one_then_ask
    )


def test_rules_screen_on_room_xp(snap_compare, tmp_path: Path) -> None:
    async def open_rules(pilot: Pilot) -> None:
        app: HammerApp = pilot.app
        app.push_screen(RulesScreen())
        await pilot.pause()
        await pilot.press(*["down"] * 4)

    assert snap_compare(make_app(tmp_path, seed=7), terminal_size=SIZE, run_before=open_rules)
