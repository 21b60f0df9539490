"""The 'Smith in the pile, the graveyard and the hirelings screens: every change lands in the saved file."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static
from textual.widgets.select import InvalidSelectValueError

from hammertui.kernel.session import persist
from hammertui.kernel.session.state import State
from hammertui.kernel.session.vitals import ApplyDamage, Bury
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.graveyard import GraveyardScreen
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.actions.recruits import RollReplacements
from hammertui.procedures.hammercrawl_classes.dialogs.hire import HireDialog, tier_choices
from hammertui.procedures.hammercrawl_classes.screens.hirelings import HirelingsScreen
from hammertui.procedures.hammercrawl_classes.screens.pile import PileScreen


def demo(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7)


def saved(tmp_path: Path) -> State:
    return persist.load_state(tmp_path / "demo.toml")


def table_of(app: HammerApp) -> DataTable:
    return app.screen.query_one(DataTable)


def shown(widget: Static) -> str:
    return str(widget.render())


async def back_to_dashboard(app: HammerApp, pilot: Pilot) -> None:
    """Close whatever a death opened (the dashboard may offer the burial at once)."""
    await pilot.pause()
    while len(app.screen_stack) > 1:
        app.pop_screen()
    await pilot.pause()


async def kill_and_bury(app: HammerApp, pilot: Pilot, character_id: str, cause: str, epitaph: str) -> None:
    assert app.perform(ApplyDamage(character_id, 99, cause))
    await back_to_dashboard(app, pilot)
    assert app.perform(Bury(character_id, epitaph))
    await pilot.pause()


async def test_roll_three_then_enter_drops_one_into_the_party(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.push_screen(PileScreen())
        await pilot.pause()
        assert app.screen.title == "Replacements"
        assert "The pile is empty" in shown(app.screen.query_one(".listing-empty", Static))
        assert not app.screen.active_bindings["x"].enabled, "nothing to discard yet"
        await pilot.press("n")
        assert isinstance(app.screen, AmountDialog)
        await pilot.press("3", "enter")
        assert isinstance(app.screen, PileScreen)
        assert len(app.store.state.pile) == 3
        assert table_of(app).row_count == 3
        assert app.screen.active_bindings["x"].enabled
        first = app.store.state.pile[0]
        await pilot.press("enter")
        state = app.store.state
        assert len(state.party) == 5 and len(state.pile) == 2
        assert state.party[-1].id == first.id and state.party[-1].name == first.name
        assert table_of(app).row_count == 2
        assert any(f"{first.name} joins the party" in n.message for n in app._notifications)
    on_disk = saved(tmp_path)
    assert [m.id for m in on_disk.party][-1] == first.id
    assert len(on_disk.pile) == 2


async def test_discarding_the_highlighted_replacement(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(RollReplacements(3))
        app.push_screen(PileScreen())
        await pilot.pause()
        second = app.store.state.pile[1]
        await pilot.press("down", "x")
        assert [m.id for m in app.store.state.pile] == [m.id for m in saved(tmp_path).pile]
        assert second.id not in {m.id for m in app.store.state.pile}
        assert len(app.store.state.party) == 4, "a discard never touches the party"
        assert table_of(app).cursor_row == 1, "the cursor stays where the discarded one was"
        await pilot.press("x", "x")
        assert app.store.state.pile == ()
        assert not table_of(app).display
        assert app.screen.query_one(".listing-empty", Static).display


async def test_the_graveyard_lists_the_dead_and_edits_an_epitaph(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(GraveyardScreen())
        await pilot.pause()
        assert "No one has died. Yet." in shown(app.screen.query_one(".listing-empty", Static))
        app.pop_screen()
        darla, otto = app.store.state.party[0], app.store.state.party[3]
        await kill_and_bury(app, pilot, darla.id, "a gelatinous cube", "Should have poked it first.")
        await kill_and_bury(app, pilot, otto.id, "a falling portcullis", "")
        app.push_screen(GraveyardScreen())
        await pilot.pause()
        table = table_of(app)
        assert [key.value for key in table.rows] == [otto.id, darla.id], "newest first"
        assert "a falling portcullis" in str(table.get_row_at(0)[3])
        assert "day 1, 00:00" in str(table.get_row_at(0)[2])
        await pilot.press("down")
        stone = shown(app.screen.query_one("#tombstone", Static))
        assert "Darla" in stone and "Should have poked it first." in stone
        await pilot.press("e")
        assert isinstance(app.screen, TextDialog)
        field = app.screen.query_one(Input)
        assert field.value == "Should have poked it first."
        field.value = "She poked it. It poked back."
        await pilot.press("enter")
        assert isinstance(app.screen, GraveyardScreen)
        assert app.store.state.graveyard[0].epitaph == "She poked it. It poked back."
        assert "It poked back." in shown(app.screen.query_one("#tombstone", Static))
        await pilot.press("up", "enter")
        assert isinstance(app.screen, TextDialog), "Enter edits too"
        await pilot.press("escape")
        assert isinstance(app.screen, GraveyardScreen)
    assert saved(tmp_path).graveyard[0].epitaph == "She poked it. It poked back."


async def test_hiring_through_the_dialog_then_a_morale_check_and_dismissal(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.push_screen(HirelingsScreen())
        await pilot.pause()
        brannoc = app.store.state.party[1]
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, HireDialog)
        await pilot.press("enter")
        assert isinstance(app.screen, HireDialog), "a hireling needs a name"
        assert "needs a name" in shown(dialog.query_one("#problem", Static))
        dialog.query_one("#name", Input).value = "Pim"
        dialog.query_one("#profession", Input).value = "torchbearer"
        dialog.query_one("#tier", Select).value = 2
        dialog.query_one("#employer", Select).value = brannoc.id
        await pilot.click("#hire")
        await pilot.pause()
        assert isinstance(app.screen, HirelingsScreen)
        (pim,) = app.store.state.hirelings
        assert (pim.name, pim.profession, pim.tier, pim.employer) == ("Pim", "torchbearer", 2, brannoc.id)
        row = [str(cell) for cell in table_of(app).get_row_at(0)]
        assert row[:3] == ["Pim", "torchbearer", "2 Expert"] and row[4] == "Brannoc"
        assert "a day" in row[3]
        await pilot.press("m")
        morale = [n.message for n in app._notifications if "morale" in n.message]
        assert morale and "Brannoc rolling" in morale[-1]
        assert any("morale" in e.text for e in app.store.recent), "the check is in the log"
        if app.store.state.hirelings:
            await pilot.press("x")
        assert app.store.state.hirelings == ()
    assert saved(tmp_path).hirelings == ()


async def test_hire_dialog_offers_the_tier_table_and_only_the_living(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        assert app.perform(ApplyDamage(darla.id, 99, "a pit"))
        await back_to_dashboard(app, pilot)
        app.push_screen(HirelingsScreen())
        await pilot.pause()
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, HireDialog)
        tiers = tier_choices(app.view)
        # "Chance of Finding: ... If you're looking for one, that's your chance of finding them."
        assert tiers[0] == ("Tier 0 · 1 Ration a day · Unskilled (100 in 100)", 0)
        assert tiers[5][0] == "Tier 5 · 5 XP a day · Best in all of History (1 in 10,000)"
        assert [tier for _, tier in tiers] == [0, 1, 2, 3, 4, 5]
        employer = dialog.query_one("#employer", Select)
        assert employer.value == app.store.state.party[1].id, "the first of the living"
        with pytest.raises(InvalidSelectValueError):
            employer.value = darla.id
        dialog.query_one("#name", Input).value = "Quill"
        dialog.query_one("#name", Input).focus()
        await pilot.press("enter")
        (quill,) = app.store.state.hirelings
        assert (quill.profession, quill.tier) == ("porter", 0), "an empty trade is a porter; tier 0 by default"


async def test_escape_closes_each_screen(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for screen in (PileScreen(), GraveyardScreen(), HirelingsScreen()):
            app.push_screen(screen)
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("escape")
            assert len(app.screen_stack) == 1, type(screen).__name__


async def test_a_listing_follows_changes_made_elsewhere(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(HirelingsScreen())
        await pilot.pause()
        assert not table_of(app).display
        assert app.perform(Hire("Pim", "", 1, app.store.state.party[0].id))
        await pilot.pause()
        assert table_of(app).row_count == 1 and table_of(app).display
        assert app.screen.query_one(".listing").border_subtitle == "1 hired"
