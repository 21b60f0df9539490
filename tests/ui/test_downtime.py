"""Lost CON back by keys: a week of downtime from the Town screen (Book Three's Excitement mode),
and Cure Serious Wounds from the palette."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.divining_pool.screens.town import TownScreen
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from tests.ui.test_town_screen import cells
from tests.ui.waiting import until


def session(tmp_path: Path, ruleset: str, difficulty: str | None = None) -> HammerApp:
    return HammerApp(sessions.create(tmp_path, "demo", load_ruleset(ruleset), seed=7, difficulty=difficulty))


async def test_a_week_of_downtime_in_town_restores_a_point_of_con_under_excitement(tmp_path: Path) -> None:
    """ "After returning to town, you can choose to stick around and take an extended rest. For each
    week of downtime, your character restores 1 point of lost CON." (Book Three, EXCITEMENT Mode)"""
    app = session(tmp_path, "hammercrawl-book3", "excitement")
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.character("c1")
        darla_sheet = sheet_of(app.store.state, "c1")
        assert app.perform(ApplyDamage("c1", darla.hp + 2))  # 2 past 0 HP: 2 CON gone
        assert sheet_of(app.store.state, "c1").con == darla_sheet.con_max - 2
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, TownScreen), "the Town screen")
        await pilot.press("enter")  # back to town: full HP, the CON still lost
        await until(pilot, lambda: app.store.state.character("c1").hp == darla.max_hp, "the return")
        await until(pilot, lambda: cells(app)[0][3] == f"{darla_sheet.con_max - 2}/{darla_sheet.con_max}", "CON shown")
        clock = app.store.state.clock.units
        await pilot.press("w")  # a week of downtime
        await until(pilot, lambda: sheet_of(app.store.state, "c1").con == darla_sheet.con_max - 1, "a CON point back")
        assert app.store.state.clock.units == clock + 7 * 24 * 6
        await until(pilot, lambda: cells(app)[0][3] == f"{darla_sheet.con_max - 1}/{darla_sheet.con_max}", "CON shown")


async def test_cure_serious_wounds_restores_lost_con_from_the_palette(tmp_path: Path) -> None:
    """ "When Cure Serious Wounds is used to restore lost CON from damage ... Restore 1d4 + Caster
    Level in lost CON stat points to the target." (complete rules)"""
    app = session(tmp_path, "hammercrawl")
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.character("c1")
        darla_sheet = sheet_of(app.store.state, "c1")
        assert app.perform(ApplyDamage("c1", darla.hp + 3))
        await pilot.press("ctrl+p")
        await pilot.press(*"Restore lost CON")
        await until(
            pilot,
            lambda: "Restore lost CON" in str(app.screen.query("OptionList").first().get_option_at_index(0).prompt),
            "the palette's match",
        )
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "RestoreConDialog", "the dialog")
        await pilot.press("ctrl+s")  # no reason: refused in place
        await until(pilot, lambda: "Say why" in str(app.screen.query_one("#problem").render()), "the refusal")
        await pilot.press(*"Cure Serious Wounds", "ctrl+s")
        await until(pilot, lambda: sheet_of(app.store.state, "c1").con == darla_sheet.con_max, "the CON back")
        assert type(app.screen).__name__ != "RestoreConDialog"
