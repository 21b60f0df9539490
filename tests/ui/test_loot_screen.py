"""The Lootkeeper's ledger from the main screen: `$`, then a find written, handed out, corrected,
sold, struck out, and undone, every step by key."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import (
    Checkbox,
    DataTable,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)

from hammertui.kernel.session import persist
from hammertui.kernel.session.loot import COMMON, AddLoot
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.burial import BurialDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.loot import AddLootDialog, EditLootDialog, RemoveLootDialog
from hammertui.kernel.ui.loot import LootScreen
from tests.ui.test_party import log_text, plain


def demo(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7)


def ledger(app: HammerApp) -> list[tuple[str, int, bool, str]]:
    return [(e.name, e.coins, e.item, e.holder) for e in app.store.state.loot]


async def add(pilot: Pilot, app: HammerApp, name: str, coins: str, item: bool = False, holder: str = COMMON) -> None:
    """The `a` form, filled as the 'Smith would: the name typed over the suggested "Coins"."""
    await pilot.press("a")
    assert isinstance(app.screen, AddLootDialog)
    await pilot.press(*name, "tab", *coins)
    app.screen.query_one("#item", Checkbox).value = item
    app.screen.query_one("#holder", Select).value = holder
    await pilot.press("ctrl+s")
    await pilot.pause()


async def choose(pilot: Pilot, app: HammerApp, label: str) -> None:
    options = app.screen.query_one(OptionList)
    labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    options.highlighted = labels.index(label)
    await pilot.press("enter")
    await pilot.pause()


async def test_writing_handing_out_and_striking_out_loot(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("dollar_sign")
        assert isinstance(app.screen, LootScreen)
        assert "The ledger is empty" in plain(app.screen.query_one(".listing-empty", Static))
        assert app.screen.query_one(".listing").border_subtitle == "Lootkeeper: Wenna"

        await add(pilot, app, "Coins", "120")
        await add(pilot, app, "Silver dagger", "30", item=True, holder="c1")
        assert isinstance(app.screen, LootScreen)
        assert ledger(app) == [("Coins", 120, False, COMMON), ("Silver dagger", 30, True, "c1")]
        assert app.screen.query_one(DataTable).row_count == 2
        assert "120 coins · 1 item worth 30 coins" in plain(app.screen.query_one("#loot-totals", Static))

        await pilot.press("down", "g")  # the dagger, from Darla to Wenna
        assert isinstance(app.screen, ChooseDialog)
        await choose(pilot, app, "Wenna")
        assert ledger(app)[1][3] == "c3"
        assert "Silver dagger (worth 30 coins) goes from Darla to Wenna." in log_text(app)

        await pilot.press("e")
        assert isinstance(app.screen, EditLootDialog)
        coins = app.screen.query_one("#coins", Input)
        coins.value = "45"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert ledger(app)[1][1] == 45

        await pilot.press("s")  # sold for its worth
        assert ledger(app)[1] == ("Silver dagger, sold", 45, False, "c3")

        await pilot.press("x")
        assert isinstance(app.screen, RemoveLootDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Say why it leaves the ledger" in str(app.screen.query_one("#problem", Label).render())
        await pilot.press(*"spent on ale", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LootScreen)
        assert [name for name, *_ in ledger(app)] == ["Coins"]

        await pilot.press("u")  # the app's undo works over the ledger
        await pilot.pause()
        assert [name for name, *_ in ledger(app)] == ["Coins", "Silver dagger, sold"]
        assert app.screen.query_one(DataTable).row_count == 2

        await pilot.press("escape")
        assert not isinstance(app.screen, LootScreen)
    assert [e.name for e in persist.load_state(tmp_path / "demo.toml").loot] == ["Coins", "Silver dagger, sold"]


async def test_a_nonsense_find_is_refused_in_the_form(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("dollar_sign", "a")
        await pilot.press("tab", *"-5", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, AddLootDialog)
        assert "Coins cannot be fewer than none." in str(app.screen.query_one("#problem", Label).render())
        app.screen.query_one("#coins", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "1 coin or more" in str(app.screen.query_one("#problem", Label).render())
        assert app.store.state.loot == ()


async def test_what_the_dead_hold_shows_as_left_with_the_body_and_cannot_be_sold(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(AddLoot("Ruby", 50, item=True, holder="c2"))
        app.perform(ApplyDamage("c2", 99))
        await pilot.pause()
        assert isinstance(app.screen, BurialDialog)
        await pilot.press("escape")  # the epitaph can wait
        await pilot.press("dollar_sign")
        assert isinstance(app.screen, LootScreen)
        row = app.screen.query_one(DataTable).get_row_at(0)
        assert row[2].plain == "Brannoc (dead)" and "strike" in str(row[2].style)
        assert app.screen.check_action("sell", ()) is None, "greyed out: the dead sell nothing"
