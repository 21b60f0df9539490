"""Time, the spokesman, the header and the treasure under the shipped Russell House Rules, by keys:
"Roll the exploration die every turn", so a turn passes only with the die; the turn form names who
speaks; the header and the die's pane count the same turn and show no dungeon level; `$` is the
treasure brought back, not HAMMERCRAWL!'s loot ledger (which HAMMERCRAWL! keeps)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.common import COMMON
from hammertui.kernel.ui.header import SessionHeader
from hammertui.kernel.ui.loot import LootScreen
from hammertui.procedures.exploration_die.dialogs import TurnDialog
from hammertui.procedures.exploration_die.pane import ExplorationDiePane
from hammertui.procedures.exploration_die.state import die_of
from hammertui.procedures.russell_characters.screens.treasure import TreasureScreen
from hammertui.procedures.russell_characters.state import people
from tests.ui.test_party import plain
from tests.ui.waiting import until

PASSING_TIME = {"time.advance", "time.pass", "time.next_hour"}


async def test_a_turn_passes_only_with_the_die_and_names_its_spokesman(tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not PASSING_TIME & {c.id for c in app.commands}, "no time passes without the die"
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Pass a turn" not in titles and "To the next hour" not in titles
        await pilot.press("t", "n")
        await pilot.pause()
        assert app.store.state.clock.units == 0 and app.screen is not None and not isinstance(app.screen, TurnDialog)

        # "The modifier of whichever character acts as spokesman should be used."
        first, second = app.store.state.living[:2]
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, TurnDialog), "the turn form")
        speaker = app.screen.query_one("#spokesman", Select)
        assert speaker.value == first.id, "before anyone is named, the first standing"
        speaker.value = second.id
        app.screen.query_one("#doing", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: app.store.state.clock.units == 1, "a turn taken")
        assert die_of(app.store.state).spokesman == second.id
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, TurnDialog), "the turn form again")
        assert app.screen.query_one("#spokesman", Select).value == second.id, "the last spokesman"
        await pilot.press("escape")

        await until(pilot, lambda: app.query_one(ExplorationDiePane).border_subtitle == "Turn 1", "the pane's turn")
        header = plain(app.query_one(SessionHeader))
        assert "Turn 1" in header, "one count, in the header and the pane"
        assert "Level" not in header, "no procedure of these rules plays by a dungeon level"


async def test_dollar_is_the_treasure_brought_back(tmp_path: Path) -> None:
    """ "such treasure is worth 1 XP per Standard Coin of value": x writes it down, $ shows the record."""
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "party.loot" not in {c.id for c in app.commands}
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query("#text"), "what was brought back")
        await pilot.press("ctrl+a", "ctrl+k", *"Idol", "enter")
        await until(pilot, lambda: app.screen.query("#amount"), "its worth")
        await pilot.press(*"400", "enter")
        await until(pilot, lambda: people(app.store.state).brought_back, "the haul kept")
        haul = people(app.store.state).brought_back[0]
        assert (haul.what, haul.coins) == ("Idol", 400)
        await pilot.press("dollar_sign")
        await until(pilot, lambda: isinstance(app.screen, TreasureScreen), "the treasure record")
        assert "400 coins" in plain(app.screen.query_one("#treasure-totals"))
        await pilot.press("escape")


async def test_hammercrawl_keeps_its_ledger_and_its_clock(tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", "hc", ruleset_id="hammercrawl", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert PASSING_TIME <= {c.id for c in app.commands}
        await pilot.press("dollar_sign")
        await until(pilot, lambda: isinstance(app.screen, LootScreen), "the loot ledger")
        assert "Level 1" in plain(app.query_one(SessionHeader))


def test_passing_time_burns_the_light_only_where_time_spends_it(tmp_path: Path) -> None:
    """Burn-down light burns as the clock moves; light by levels is spent by the exploration die."""
    advance = next(c for c in COMMON if c.id == "time.advance")
    for ruleset_id, burns in (("hammercrawl", True), ("russell-house-rules", False)):
        ruleset = load_ruleset(ruleset_id)
        state = new_state("words", ruleset, seed=3)[0]
        _, help_ = advance.words(state, ruleset)
        assert ("every lit source burns" in help_) is burns, ruleset_id
