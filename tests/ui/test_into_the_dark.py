"""Time that would put out the party's last light says so first and asks, as the Camp check does;
the header says how long each burning source has left."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.pass_time import NextHourDialog, PassTimeDialog
from hammertui.kernel.ui.header import header_text
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import CorrectLight
from tests.ui.test_party import plain


def burn_low(app: HammerApp) -> None:
    """The demo party (Book Three: Beats) is left with 1 Beat on its only lit torch."""
    lit = next(s for s in light_state.lights(app.store.state) if s.lit)
    assert app.perform(CorrectLight(lit.id, "set", 1, "burnt low"))


async def test_a_beat_that_puts_out_the_last_light_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        burn_low(app)
        await pilot.press("t")
        assert isinstance(app.screen, ChooseDialog)
        assert "The last light goes out after 1 Beat of the 1 Beat: dark as it ends." in str(
            app.screen.query_one(Label).render()
        )
        assert app.store.state.clock.units == 0, "nothing passes before the answer"
        await pilot.press("down", "enter")  # wait: light a spare first
        assert app.store.state.clock.units == 0 and not is_dark(app.store.state)
        await pilot.press("t", "enter")  # into the dark
        await pilot.pause()
        assert app.store.state.clock.units == 1 and is_dark(app.store.state)


async def test_so_many_beats_into_the_dark_pass_on_the_second_asking(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        burn_low(app)
        await pilot.press("T")
        assert isinstance(app.screen, PassTimeDialog)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        problem = str(app.screen.query_one("#problem", Label).render())
        assert (
            problem == "The last light goes out after 1 Beat of the 3 Beats: 2 Beats in the dark."
            " Pass again to go on into the dark."
        )
        assert app.store.state.clock.units == 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.state.clock.units == 3


async def test_the_next_hour_says_the_dark_is_coming(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        burn_low(app)
        await pilot.press("n")
        assert isinstance(app.screen, NextHourDialog)
        prompt = str(app.screen.query_one(Label).render())
        assert "The last light goes out after 1 Beat of the 6 Beats: 5 Beats in the dark." in prompt


async def test_the_header_shows_the_time_left_on_each_burning_source(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "LIT  torch 6 Beats │" in header_text(app.view).plain
        await pilot.press("t", "t")
        await pilot.pause()
        assert "torch 4 Beats" in plain(app.query_one("#header"))


async def test_the_header_fits_120_columns_naming_the_ruleset_by_its_id_when_its_name_is_too_long(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        header = plain(app.query_one("#header")).rstrip()
        assert header.endswith("│ Adventure │ hammercrawl-book3") and len(header) <= 120, header
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert plain(app.query_one("#header")).rstrip().endswith("│ HAMMERCRAWL! Book Three (Boons and Banes)")
