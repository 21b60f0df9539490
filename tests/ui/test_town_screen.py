"""Return to Town from the main screen: `$` to write the loot, `R` to see the trip, the figures typed,
Enter to go, `v` to level up, `u` to take it all back."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static

from hammertui.kernel.session import persist
from hammertui.kernel.session.loot import AddLoot
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.loot import LootScreen
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.actions.explore import RollExplore
from hammertui.procedures.divining_pool.screens.town import TownScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring
from hammertui.procedures.hammercrawl_classes.actions.advancement import AwardXP
from tests.ui.test_explore import scripted
from tests.ui.test_loot_screen import add, demo
from tests.ui.test_party import log_text, plain


def town_text(app: HammerApp) -> str:
    return plain(app.screen.query_one("#town-text", Static))


def cells(app: HammerApp) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(getattr(cell, "plain", cell)) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def typed(pilot: Pilot, app: HammerApp, field: str, value: str) -> None:
    app.screen.query_one(f"#{field}", Input).value = value
    await pilot.pause()


def nearly_levelled(app: HammerApp) -> None:
    """Darla, hurt, is 2 XP short of level 2: two thousand coins turned into XP will do it."""
    assert app.perform(AwardXP(("c1",), 18)) and app.perform(ApplyDamage("c1", 3))


async def test_loot_then_town_then_a_level(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        nearly_levelled(app)
        await pilot.press("dollar_sign")
        await add(pilot, app, "Coins", "2503")
        await add(pilot, app, "Ruby", "50", item=True, holder="c1")
        await add(pilot, app, "Odd scroll", "0", item=True)
        await pilot.press("escape", "R")
        assert isinstance(app.screen, TownScreen)
        assert cells(app)[0][:4] == ["Darla", "2→5", "full", "+625"]
        assert cells(app)[3][2] == "a torch", "Otto carries no torch yet"
        shown = town_text(app)
        assert "2503 coins: none turned into XP (1000 a point) · split 4 ways: 625 each, 3 left in the ledger" in shown
        assert "Odd scroll (worth unknown), unclaimed" in shown

        await pilot.press("dollar_sign")  # hand out the scroll before going
        assert isinstance(app.screen, LootScreen)
        await pilot.press("down", "down", "g")
        options = app.screen.query_one(OptionList)
        options.highlighted = 2  # Darla, Brannoc, Wenna...
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TownScreen)
        assert "everything goes home" in town_text(app)

        await typed(pilot, app, "convert", "2000")
        await typed(pilot, app, "level", "2")
        await typed(pilot, app, "boss-hd", "6")
        assert "2000 become +2 XP each" in town_text(app)
        assert "level 2, its boss 6 HD: tier 2" in town_text(app)
        assert cells(app)[0][5] == "18→20 ready"

        await pilot.press("enter")
        await pilot.pause()
        state = app.store.state
        assert [m.coins for m in state.party] == [125] * 4
        assert state.character("c1").items == ("Ruby (50 coins)",)
        assert state.character("c3").items == ("Odd scroll",)
        assert (state.dungeon.level, state.dungeon.boss_hd) == (2, 6)
        assert state.character("c4").id in {s.carrier for s in light_state.lights(state)}
        assert "Back into the dungeon at level 2" in log_text(app)
        assert "Enough XP to level up: Darla." in town_text(app)
        assert cells(app)[0] == ["Darla", "1", "20", "6/6", "125", "Ruby (50 coins)", "ready: v"]
        assert app.screen.query_one(".listing").border_subtitle == "back from town"

        await pilot.press("enter")  # nothing more to do with Enter once back
        assert app.store.state is state

        await pilot.press("v")
        await pilot.pause()
        assert (app.store.state.character("c1").level, app.store.state.character("c1").xp) == (2, 0)
        assert cells(app)[0][1:3] == ["2", "0"] and cells(app)[0][6] == ""

        await pilot.press("escape")
        assert not isinstance(app.screen, TownScreen)
    saved = persist.load_state(tmp_path / "demo.toml")
    assert saved.dungeon.level == 2 and saved.character("c1").level == 2


async def test_a_figure_that_cannot_be_is_named_and_enter_waits(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(AddLoot("Coins", 900))
        await pilot.press("R")
        await typed(pilot, app, "convert", "1000")
        assert "Only 900 coins are the party's to turn into XP, not 1000." in town_text(app)
        assert app.screen.query_one(DataTable).row_count == 4, "the plan as it stands stays in view"
        await pilot.press("enter")
        assert divining_pool(app.store.state).rooms == () and app.store.state.loot[0].coins == 900
        assert app.screen.check_action("go", ()) is None
        await typed(pilot, app, "convert", "0")
        await typed(pilot, app, "level", "0")
        assert "The dungeon's levels start at 1." in town_text(app)


async def test_undo_takes_the_trip_back_and_the_plan_returns(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(AddLoot("Coins", 401))
        before = app.store.state
        await pilot.press("R", "enter")
        await pilot.pause()
        assert app.store.state.character("c1").coins == 100
        await pilot.press("u")
        await pilot.pause()
        assert app.store.state == attrs.evolve(before, seq=before.seq)
        assert cells(app)[0][3] == "+100", "the plan again, ready to be done once more"
        assert app.screen.query_one(".listing").border_subtitle == "nothing happens until Enter"


async def test_no_town_in_the_middle_of_an_explore(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [1, 1, 1])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(RollExplore())
        await pilot.press("R")
        assert isinstance(app.screen, TownScreen)
        empty = plain(app.screen.query_one(".listing-empty", Static))
        assert "An Explore is under way: finish it before going back to town." in empty
        await pilot.press("enter")
        assert exploring(app.store.state) is not None
