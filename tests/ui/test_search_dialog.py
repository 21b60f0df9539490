"""Search from the main screen: the odds as they are typed, the roll for the 'Smith, the time spent;
and the header that shows the clock, a fight's rounds and a Safe Haven."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label

from hammertui.kernel.session.actions import FoldRounds, PassRounds
from hammertui.kernel.ui.header import SessionHeader
from hammertui.procedures.divining_pool.dialogs.search import SearchDialog
from tests.ui.test_explore import scripted
from tests.ui.test_party import log_text, plain


def label(app, widget_id: str) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one(widget_id, Label).content)


async def test_a_search_from_the_main_screen(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [3])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("S")
        assert isinstance(app.screen, SearchDialog)
        assert label(app, "#odds") == "Chance: 1 in 6 (17%)."
        app.screen.query_one("#searchers", Input).value = "2"
        app.screen.query_one("#units", Input).value = "2"
        await pilot.pause()
        assert label(app, "#odds") == "Chance: 4 in 6 (67%)."
        app.screen.query_one("#units", Input).value = "x"
        await pilot.pause()
        assert label(app, "#odds") == "a search takes at least one unit of time"
        app.screen.query_one("#units", Input).value = "2"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SearchDialog)  # the answer stays for the 'Smith to read
        shown = label(app, "#odds")
        assert shown.startswith("For the 'Smith: 2 search for 2 turns: 4 in 6 (67%); found")
        assert "search 1d6: [3] = 3" in shown
        await pilot.press("ctrl+s")
        assert not isinstance(app.screen, SearchDialog)
        assert app.store.state.clock.units == 2
        assert "4 in 6 (67%); found, if anything is there." in log_text(app)


async def test_a_bad_count_is_named_and_nothing_is_spent(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("S")
        app.screen.query_one("#searchers", Input).value = "9"
        await pilot.press("ctrl+s")
        assert label(app, "#problem") == "1 to 4 can search, not 9."
        await pilot.press("escape")
        assert app.store.state.clock.units == 0


async def test_the_header_shows_rounds_and_a_safe_haven(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        header = app.query_one(SessionHeader)
        assert "Turn 0 · day 1, 00:00" in plain(header)
        assert "round" not in plain(header) and "Safe Haven" not in plain(header)
        app.perform(PassRounds(3))
        await pilot.press("H")
        assert "+ round 3" in plain(header) and "Safe Haven" in plain(header)
        app.perform(FoldRounds())
        await pilot.pause()
        assert "Turn 1 · day 1, 00:10" in plain(header) and "round" not in plain(header)
        await pilot.press("H")
        assert "Safe Haven" not in plain(header)
        assert "No longer a Safe Haven." in log_text(app)
