"""Light by levels on the dashboard: a ruleset extending the complete rules swaps its light in by
data; the pane shows each source and each character's light, the light keys act on the source
under the cursor, and the Divining Pool explores beside it, seeing the dark by it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.burn_down.pane import LightPane
from hammertui.procedures.divining_pool.pane import DiviningPane
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.exploration_die.actions import TogglePace
from hammertui.procedures.light_levels import state as kept
from hammertui.procedures.light_levels.pane import LightLevelsPane
from tests import light_levels_rules
from tests.session.test_light_levels_state import StubExplore
from tests.ui.test_explore import body
from tests.ui.test_party import plain
from tests.ui.waiting import until


def levels_line(app: HammerApp) -> str:
    return plain(app.query_one("#light-levels-party", Static))


def cells(app: HammerApp) -> list[list[str]]:
    table = app.query_one("#light-levels-table", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_pane_shows_sources_and_levels_and_the_keys_work(tmp_path: Path) -> None:
    rules = light_levels_rules.write(tmp_path)
    app = make_app(tmp_path / "saves", "lit", ruleset_id=str(rules), seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        assert not app.query(LightPane), "no burn-down light is drawn"
        pane = app.query_one(LightLevelsPane)
        party = [m.name.split()[0] for m in app.store.state.party]
        await until(pilot, lambda: cells(app) == [["*Torch", party[0], "-"]], "the starting torch in the pane")
        assert levels_line(app).strip() == f"Lit: {party[0]}, {party[1]}, {party[2]} · Dim: {party[3]}"
        assert pane.border_subtitle == "1 lit"

        pane.query_one(DataTable).focus()
        await pilot.press("l")
        await until(pilot, lambda: pane.border_subtitle == "DARK", "the torch doused")
        assert levels_line(app).strip() == f"Dark: {', '.join(party)}"
        await pilot.press("l")
        await until(pilot, lambda: pane.border_subtitle == "1 lit", "the torch lit again")

        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "what to pack")
        await pilot.press("down", "enter")  # the lantern
        await until(
            pilot, lambda: isinstance(app.screen, ChooseDialog) and "Whose" in str(app.screen._prompt), "whose pack"
        )
        await pilot.press("down", "down", "down", "enter")  # the fourth
        await until(pilot, lambda: len(cells(app)) == 2, "the lantern packed")
        assert cells(app)[1] == [" Lantern", party[3], "0/2"]

        await pilot.press("down", "l")
        await until(pilot, lambda: pane.border_subtitle == "2 lit", "the lantern lit")
        assert levels_line(app).strip() == f"Lit: {', '.join(party)}"
        app.perform(StubExplore("lantern_pip"))
        await until(pilot, lambda: cells(app)[1][2] == "1/2", "a pip marked")
        app.perform(StubExplore("torches_depleted"))
        await until(pilot, lambda: len(cells(app)) == 1, "the torch used up")
        # "Any torches or candles being used as light sources go out and are used up": gone from the
        # sources, kept in what was used up.
        lines = levels_line(app).strip().splitlines()
        assert lines[0] == f"Lit: {party[0]}, {party[3]} · Dim: {party[1]}, {party[2]}"
        assert lines[-1] == f"Used up: Torch ({party[0]}, turn 0)"

        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "who takes the lantern")
        await pilot.press("enter")
        await until(pilot, lambda: kept.source(app.store.state, "s2").carrier == "c1", "the lantern handed over")

        commands = [c.title for c in app.get_system_commands(app.screen)]
        for title in (
            "Light or douse",
            "Hand over a light",
            "Refill a lantern",
            "Add to a pack",
            "Bring nearer the light",
        ):
            assert title in commands, title


async def test_the_divining_pool_explores_beside_it_and_sees_the_dark(tmp_path: Path) -> None:
    rules = light_levels_rules.write(tmp_path)
    app = make_app(tmp_path / "saves", "lit", ruleset_id=str(rules), seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.query(DiviningPane), "the Divining Pool is drawn"
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen), "the explore screen")
        assert "no active light" not in body(app)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ExploreScreen), "back to the dashboard")

        app.perform(StubExplore("torches_depleted"))
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen), "the explore screen, in the dark")
        assert "2 Black  no active light, party of 4" in body(app)
        await pilot.press("enter")
        await until(pilot, lambda: exploring(app.store.state) is not None, "the pool rolled")
        assert exploring(app.store.state).pool["black"] == 2
    state = app.store.state
    again = make_app(tmp_path / "saves", "lit", ruleset_id=str(rules))
    assert again.store is not None and again.store.state == state
    assert kept.lights(state).sources == ()


async def test_the_light_asks_the_exploration_die_for_the_chance_of_surprise(tmp_path: Path) -> None:
    """The surprise chances are the exploration die's alone; the pane shows them in the party's light.
    "Lit ... it is impossible to surprise NPCs or Monsters"; "Player characters in the dark have a 2
    in 6 chance of surprising NPCs or monsters (and vice versa)"; hoofing it "opens them to a
    2-in-6 chance of being surprised by foes"."""
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store.ruleset.light_levels is not None
        assert not hasattr(app.store.ruleset.light_levels.dark, "surprise_in_6"), (
            "one owner: [exploration_die.surprise]"
        )
        await until(
            pilot,
            lambda: levels_line(app).rstrip().endswith("Surprise: party 0 in 6, foes 0 in 6"),
            "no surprise in good light",
        )
        app.query_one(LightLevelsPane).query_one(DataTable).focus()
        await pilot.press("l")
        await until(
            pilot,
            lambda: levels_line(app).rstrip().endswith("Surprise: party 2 in 6, foes 2 in 6"),
            "2 in 6 in the dark",
        )
        await pilot.press("l")
        app.perform(TogglePace())
        await until(
            pilot,
            lambda: levels_line(app).rstrip().endswith("Surprise: party 2 in 6, foes 0 in 6"),
            "hoofing it in good light",
        )
