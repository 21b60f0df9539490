"""The 'Smith at the pool builder: every key an action, the dice and the odds following at once."""

from __future__ import annotations

import math
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Static

from hammertui.kernel.session import persist
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.divining_pool.actions.explore import ExploreNext, RollExplore, pool_lines, pool_of
from hammertui.procedures.divining_pool.drawing import percent
from hammertui.procedures.divining_pool.pane import DiviningPane
from hammertui.procedures.divining_pool.rules.odds import odds_for
from hammertui.procedures.divining_pool.screens.pool import PoolList, PoolScreen, TextLines
from hammertui.procedures.divining_pool.state import divining_pool, exploring, pool_plan
from tests.ui.test_explore import scripted
from tests.ui.test_party import plain


def hc(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7, ruleset_id="hammercrawl")


def rows(app: HammerApp) -> PoolList:
    return app.screen.query_one(PoolList)


def shown(app: HammerApp, selector: str) -> str:
    return plain(app.screen.query_one(selector, Static))


def lines(app: HammerApp, selector: str) -> str:
    return app.screen.query_one(selector, TextLines).plain


def odds_shown(app: HammerApp) -> str:
    return lines(app, "#pool-odds")


def pool_now(app: HammerApp) -> dict[str, int]:
    return pool_of(app.store.state, app.store.ruleset)


def crossblade_chance(app: HammerApp) -> str:
    """The headline chance as the rules work it out for the pool the state holds now."""
    return percent(odds_for(app.store.ruleset, pool_now(app)).chance_crossblade)


async def go_to(pilot: Pilot, app: HammerApp, key: str) -> None:
    """Walk the cursor down the list with the arrow keys until it is on the row that sets `key`."""
    while rows(app).current is not None and rows(app).current.key != key:
        before = rows(app).cursor
        await pilot.press("down")
        assert rows(app).cursor != before, f"no row {key!r} in the builder"


async def test_b_opens_the_builder_with_the_list_focused(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, PoolScreen)
        assert app.screen.focused is rows(app)
        assert rows(app).current.key == "challenge"
        keys = [row.key for row in rows(app).rows]
        assert "addition:no_light" not in keys, "the darkness is the state's to add, not a toggle"
        assert "risk" not in keys, "the complete rules keep no Risk and Reward dice"
        await pilot.press("escape")
        assert not isinstance(app.screen, PoolScreen)


async def test_stealthy_adds_a_green_die_and_the_odds_follow(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        before = crossblade_chance(app)
        assert before in odds_shown(app)
        assert "Green" not in lines(app, "#pool-dice")

        await go_to(pilot, app, "addition:stealthy")
        await pilot.press("space")

        assert pool_plan(app.store.state).additions == {"stealthy": 1}
        assert pool_now(app)["green"] == 1
        assert "1 Green" in lines(app, "#pool-dice")
        assert rows(app).current.value == 1 and "[x]" in rows(app).plain
        odds = odds_for(app.store.ruleset, pool_now(app))
        assert odds != odds_for(app.store.ruleset, {"blue": 1, "purple": 2})
        assert percent(odds.chance_crossblade) in odds_shown(app)
        assert f"{float(odds.expected_hammers):.2f}" in odds_shown(app)
        assert percent(odds.chance_hourglass) in odds_shown(app), "a Green die can show an Hourglass"
        assert "Entered stealthily: on." in app.store.recent[-1].text


async def test_really_good_ideas_count_up_to_two(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await go_to(pilot, app, "addition:good_idea")
        await pilot.press("plus", "right")
        assert pool_plan(app.store.state).additions == {"good_idea": 2}
        assert pool_now(app)["white"] == 2
        assert "2 White" in lines(app, "#pool-dice")
        await pilot.press("minus")
        assert pool_plan(app.store.state).additions == {"good_idea": 1}
        await pilot.press("left", "left")
        assert pool_plan(app.store.state).additions == {}, "a count stops at none"


async def test_black_dice_by_hand(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await go_to(pilot, app, "hand:black")
        await pilot.press("plus")
        assert pool_plan(app.store.state).extra == {"black": 1}
        pool = pool_lines(app.store.state, app.store.ruleset)
        assert [(line.colour, line.count, line.reason) for line in pool if line.source == "hand"] == [
            ("black", 1, "added by hand")
        ]
        assert crossblade_chance(app) in odds_shown(app)


async def test_the_challenge_level_stays_within_the_rules(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await pilot.press("plus")
        assert divining_pool(app.store.state).challenge_level == 3
        logged = len(app.store.recent)
        await pilot.press("plus")
        assert divining_pool(app.store.state).challenge_level == 3
        assert len(app.store.recent) == logged, "nothing to do at the top is not an action"
        assert pool_now(app)["purple"] == 3


async def test_ordinary_dice_refused_then_accepted(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await pilot.press("tab")
        field = app.screen.query_one("#pool-ordinary-input", Input)
        assert app.screen.focused is field
        await pilot.press(*"1d20, d2x", "enter")
        assert "'d2x' is not dice notation" in shown(app, "#pool-ordinary-problem")
        assert pool_plan(app.store.state).ordinary == ()
        assert field.value == "1d20, d2x", "what was typed is kept to be fixed"

        field.value = "1d20"
        await pilot.press("enter")
        assert pool_plan(app.store.state).ordinary == ("1d20",)
        assert shown(app, "#pool-ordinary-problem").strip() == ""
        assert "1d20 rolled with them" in lines(app, "#pool-dice")
    assert pool_plan(persist.load_state(tmp_path / "demo.toml")).ordinary == ("1d20",)


async def test_darkness_adds_half_the_party_in_black(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        assert is_dark(app.store.state)
        await pilot.press("b")
        living = len(app.store.state.living)
        dark = [line for line in pool_lines(app.store.state, app.store.ruleset) if line.source == "dark"]
        assert [(line.colour, line.count) for line in dark] == [("black", math.ceil(living / 2))]
        automatic = shown(app, "#pool-auto")
        assert f"{math.ceil(living / 2)} Black" in automatic and dark[0].reason in automatic
        assert pool_now(app)["black"] == math.ceil(living / 2)
        assert crossblade_chance(app) in odds_shown(app)


async def test_undo_on_the_main_screen_reverts_a_toggle(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await go_to(pilot, app, "addition:huzzah")
        await pilot.press("space")
        assert pool_plan(app.store.state).additions == {"huzzah": 1}
        await pilot.press("escape", "u")
        assert pool_plan(app.store.state).additions == {}
        await pilot.press("b")
        assert not next(row for row in rows(app).rows if row.key == "addition:huzzah").value
        assert "Red" not in lines(app, "#pool-dice")


async def test_book_three_risk_and_reward(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, ruleset_id="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        assert [row.key for row in rows(app).rows][-2:] == ["risk", "reward"]
        await go_to(pilot, app, "risk")
        await pilot.press("plus", "plus")
        await pilot.press("down", "plus")
        pool = divining_pool(app.store.state)
        assert (pool.risk, pool.reward) == (2, 1)
        automatic = shown(app, "#pool-auto")
        assert "2 Purple  Risk, accrued" in automatic and "1 Blue  Reward, accrued" in automatic
        assert pool_now(app) == {"blue": 2, "purple": 4}
        assert crossblade_chance(app) in odds_shown(app)


async def test_a_locked_pool_says_why(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [1, 1, 1])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(RollExplore())
        await pilot.press("b")
        assert "an Explore is under way" in shown(app, "#pool-banner")
        await pilot.press("down", "space")
        assert "an explore is under way" in shown(app, "#pool-status").lower()
        assert pool_plan(app.store.state).additions == {}


async def test_back_to_a_room_explored(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [1, 1, 1])  # every die blank: nothing to resolve
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        assert "room" not in [row.key for row in rows(app).rows], "no room to go back to yet"
        await pilot.press("escape")
        assert app.perform(RollExplore()) and app.perform(ExploreNext())
        assert exploring(app.store.state) is None and len(divining_pool(app.store.state).rooms) == 1
        await pilot.press("b")
        await go_to(pilot, app, "room")
        assert "On to a new room" in rows(app).plain
        await pilot.press("plus")
        assert pool_plan(app.store.state).revisit == 1
        assert "Back to room 1" in rows(app).plain


async def test_the_main_screen_pane_shows_the_pool_and_its_odds(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(DiviningPane)
        assert f"At least one Crossblade: {crossblade_chance(app)}" in plain(pane)
        await pilot.press("b", "down", "space", "escape")
        text = plain(pane)
        assert "1 Green" in text and "Entered stealthily" in text
        assert crossblade_chance(app) in text


async def test_the_pane_says_an_explore_is_under_way(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [1, 1, 1])
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.perform(RollExplore())
        await pilot.pause()
        text = plain(app.query_one(DiviningPane))
        assert "An Explore is under way" in text and "e to continue" in text


async def test_the_mouse_counts_and_toggles(tmp_path: Path) -> None:
    app = hc(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        line = [row.key for row in rows(app).rows].index("addition:good_idea")
        await pilot.click("#pool-list", offset=(7, line))
        assert pool_plan(app.store.state).additions == {"good_idea": 1}
        await pilot.click("#pool-list", offset=(1, line))
        assert pool_plan(app.store.state).additions == {}
        await pilot.click("#pool-list", offset=(20, 1))
        assert pool_plan(app.store.state).additions == {"stealthy": 1}
        assert rows(app).current.key == "addition:stealthy"
