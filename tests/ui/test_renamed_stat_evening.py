"""An evening under a user's ruleset that renames CHA to LUC, by keys alone: a character rolled and
their sheet read, a room explored through every step of the Explore, a fight met, stepped and ended,
then the session saved and reopened as it was played."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring
from hammertui.procedures.hammercrawl_classes.dialogs.recruit import RollDialog
from hammertui.procedures.hammercrawl_classes.screens.sheet import SheetScreen
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import fighting
from tests.lucky_ruleset import loader, lucky
from tests.ui.test_party import plain
from tests.ui.waiting import until

NAME = "lucky-evening"
SEED = 5
STATS = ["STR", "DEX", "CON", "INT", "WIS", "LUC"]


def on_dashboard(app: HammerApp) -> bool:
    return app.screen is app.screen_stack[0]


async def roll_a_character(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """`r` rolls one more: their stats are the ruleset's, and the sheet reads them by its names."""
    party = len(app.store.state.party)
    await pilot.press("r")
    await until(pilot, lambda: isinstance(app.screen, RollDialog), "the roll form")
    await pilot.press(*"Fortuna", "enter")
    await until(pilot, lambda: len(app.store.state.party) == party + 1, "a character rolled")
    fortuna = app.store.state.party[-1]
    sheet = sheet_of(app.store.state, fortuna.id)
    assert list(fortuna.stats) == STATS and sheet.con == sheet.con_max == fortuna.stats["CON"]
    await until(pilot, lambda: on_dashboard(app), "back on the dashboard")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, SheetScreen), "the sheet")
    left = plain(app.screen.query_one("#sheet-left", Static))
    assert "LUC" in left and "Luck" in left and "CHA" not in left
    await pilot.press("escape")
    await until(pilot, lambda: on_dashboard(app), "back on the dashboard")


async def explore(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """`e` opens the Explore; each step is taken with Enter (a spend list buys its top choice) until
    the room is recorded: the seeded dice throw no Blood Drop to split."""
    rooms = app.store.state.dungeon.rooms_explored
    await pilot.press("e")
    await until(pilot, lambda: isinstance(app.screen, ExploreScreen), "the Explore")
    for _ in range(40):
        if exploring(app.store.state) is None and app.store.state.dungeon.rooms_explored > rooms:
            break
        seq = app.store.state.seq
        await pilot.press("enter")
        await until(pilot, lambda seq=seq: app.store.state.seq > seq, "the next step")
    assert exploring(app.store.state) is None and divining_pool(app.store.state).rooms, "a room explored"
    await pilot.press("escape")
    await until(pilot, lambda: on_dashboard(app), "back on the dashboard")


async def fight(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """`F` meets two goblins; a round's initiative is rolled and its phases stepped, and the fight
    ends with the goblins gone."""
    await pilot.press("F")
    await until(pilot, lambda: type(app.screen).__name__ == "FoesDialog", "the foes form")
    app.screen.query_one("#name", Input).value = "Goblin"
    app.screen.query_one("#count", Input).value = "2"
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
    await pilot.press("space")
    await until(pilot, lambda: fighting(app.store.state).round == 1, "initiative rolled")
    await pilot.press("x")
    await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "how the fight ends")
    options = app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index("foes")
    await pilot.press("enter")
    await until(pilot, lambda: fighting(app.store.state) is None, "the fight over")
    await until(pilot, lambda: not isinstance(app.screen, FightScreen), "off the fight screen")


async def test_an_evening_under_a_ruleset_that_renames_a_stat(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    lucky(own)
    saves = tmp_path / "saves"
    app = make_app(saves, NAME, "lucky", seed=SEED, ruleset_loader=loader(own))
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store is not None
        await roll_a_character(pilot, app)
        await explore(pilot, app)
        await fight(pilot, app)
        played = app.store.state
    reopened = make_app(saves, NAME, ruleset_loader=loader(own))
    assert reopened.store is not None and reopened.store.ruleset.id == "lucky"
    assert reopened.store.state == played, "the session saved as it was played"
    assert all(list(m.stats) == STATS for m in played.party)
    assert any(e.text.startswith("Fortuna") for e in reopened.store.recent), "the roll is in the log"
