"""The Timekeeper at the keyboard: refills, corrections, packs, the hour, and the dark."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable, Label, Select, Static

from hammertui.kernel.session import persist
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.pass_time import NextHourDialog, PassTimeDialog
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import AddToPack, CorrectLight, DropLight, HandOver
from hammertui.procedures.burn_down.dialogs.correct_light import CorrectLightDialog
from hammertui.procedures.burn_down.dialogs.pack import PackDialog
from hammertui.procedures.burn_down.pane import LightPane
from hammertui.procedures.burn_down.state import OIL, flasks
from tests.ui.test_party import log_text, plain


def demo(tmp_path: Path, ruleset_id: str | None = None) -> HammerApp:
    return make_app(tmp_path, seed=7, ruleset_id=ruleset_id)


async def highlight_light(app: HammerApp, light_id: str) -> None:
    """Put the Light pane's cursor on a source, as the arrow keys would."""
    table = app.query_one("#light-table", DataTable)
    table.move_cursor(row=table.get_row_index(light_id))
    table.focus()


def plain_cell(cell: object) -> str:
    return cell.plain.strip() if isinstance(cell, Text) else str(cell).strip()


def notifications(app: HammerApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_refilling_the_highlighted_lantern(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.perform(AddToPack("c4", "lantern"))
        app.perform(AddToPack("c4", OIL))
        app.perform(CorrectLight("l4", "minus", 20, "half a night's use"))
        await pilot.pause()
        await highlight_light(app, "l4")
        await pilot.press("o")
        assert light_state.light(app.store.state, "l4").remaining == 24
        assert flasks(app.store.state, "c4") == 0
        assert "takes a fresh oil flask" in log_text(app)
        await pilot.press("o")
        assert "Otto Sixfingers has no oil flask" in notifications(app)[-1]
        await highlight_light(app, "l1")
        await pilot.press("o")
        assert "cannot be refilled" in notifications(app)[-1]
    assert light_state.light(persist.load_state(tmp_path / "demo.toml"), "l4").remaining == 24


async def test_a_correction_through_its_form_refuses_a_bad_value_in_place(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await highlight_light(app, "l1")
        await pilot.press("C")
        assert isinstance(app.screen, CorrectLightDialog)
        await pilot.press("tab", "-", "3", "enter")
        assert isinstance(app.screen, CorrectLightDialog), "a negative amount is refused"
        assert "-3 will not do" in str(app.screen.query_one("#problem", Label).render())
        assert light_state.light(app.store.state, "l1").remaining == 6
        await pilot.press("shift+tab", "tab", "2", "tab", *"lit on the stairs", "enter")
        assert not isinstance(app.screen, CorrectLightDialog)
        assert light_state.light(app.store.state, "l1").remaining == 4
        assert "Darla's torch corrected from 6 to 4 Beats (lit on the stairs)." in log_text(app)


async def test_a_correction_can_set_the_time_outright(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await highlight_light(app, "l2")
        await pilot.press("C")
        app.screen.query_one("#how", Select).value = "set"
        await pilot.press("tab", "3", "ctrl+s")
        assert light_state.light(app.store.state, "l2").remaining == 3


async def test_adding_a_torch_to_the_highlighted_members_pack(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#party-table")
        await pilot.press("down", "down", "down", "a")
        assert isinstance(app.screen, PackDialog)
        await pilot.press("ctrl+s")
        assert not isinstance(app.screen, PackDialog)
        torch = light_state.lights(app.store.state)[-1]
        assert (torch.kind, torch.carrier, torch.remaining, torch.lit) == ("torch", "c4", 6, False)
        assert app.query_one("#light-table", DataTable).row_count == 4, "the spare is a row"
        assert "torch" not in plain(app.query_one("#light-packs", Static)), "and only a row"


async def test_packing_oil_is_chosen_in_the_form(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        app.screen.query_one("#what", Select).value = OIL
        await pilot.press("ctrl+s")
        assert flasks(app.store.state, "c1") == 1
        assert "Darla 1 oil flask" in plain(app.query_one("#light-packs", Static))


async def test_passing_time_to_the_next_hour(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("t", "t", "n")
        assert isinstance(app.screen, NextHourDialog)
        assert "4 Beats to day 1, 01:00" in str(app.screen.query_one(Label).render())
        await pilot.press(*"resting", "enter")
        assert not isinstance(app.screen, NextHourDialog)
        assert app.store.state.clock.units == 6
        assert "4 Beats pass, to day 1, 01:00 (resting)." in log_text(app)
        assert "Beat 6" in str(app.query_one("#header").render())
        assert notifications(app)[-2:] == ["Darla's torch burns out.", "Darkness! No light is burning."]
        await pilot.press("n", "enter")
        assert app.store.state.clock.units == 12


async def test_passing_so_many_units_with_a_reason(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("T")
        assert isinstance(app.screen, PassTimeDialog)
        await pilot.press("0", "enter")
        assert "by 1 or more" in str(app.screen.query_one("#problem", Label).render())
        await pilot.press("shift+tab", "tab", "3", "tab", *"searching", "enter")
        assert app.store.state.clock.units == 3
        assert "3 Beats pass (searching)." in log_text(app)


async def test_dropping_the_lit_torch_is_a_darkness_that_cannot_be_missed(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await highlight_light(app, "l1")
        await pilot.press("D")
        assert [s.id for s in light_state.lights(app.store.state)] == ["l2", "l3"]
        assert "Darkness! No light is burning." in notifications(app)
        assert "Darkness! No light is burning." in log_text(app)
        assert app.query_one(LightPane).border_subtitle == "DARK"
        assert "DARK" in str(app.query_one("#header").render())
        assert "2 Black" in plain(app.query_one("#divining", Static)), "half the party of four, in the dark"
        combat = plain(app.query_one("#combat", Static))
        assert "In the dark: one fewer attack die (at zero: cannot attack); no critical hits" in combat
        assert "3 Banes on skills and Area saves; 6 Banes on sight" in combat
        await pilot.press("u")
        assert light_state.light(app.store.state, "l1").lit
        assert "In the dark" not in plain(app.query_one("#combat", Static))


async def test_the_light_spell_makes_strong_light_in_book_three(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(LightPane)
        assert pane.border_subtitle == "1 lit · weak light"
        await pilot.press("L")
        assert isinstance(app.screen, ChooseDialog)
        await pilot.press("enter")
        assert light_state.lights(app.store.state)[-1].kind == "light_spell"
        assert pane.border_subtitle == "2 lit · strong light"


async def test_the_complete_rules_have_no_strengths_and_no_light_spell(tmp_path: Path) -> None:
    app = demo(tmp_path, "hammercrawl")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.query_one(LightPane).border_subtitle == "1 lit"
        await pilot.press("L")
        assert not isinstance(app.screen, ChooseDialog)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Cast Light" not in titles
        assert {
            "Refill a lantern",
            "Drop a light",
            "Add to a pack",
            "Correct a light",
            "Pass turns...",
            "To the next hour",
        } <= set(titles)


async def test_the_spares_are_rows_and_the_packs_hold_the_rest(tmp_path: Path) -> None:
    """A spare torch is listed once, as a row to light or hand over: the packs say what no row does."""
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.query_one("#light-table", DataTable)
        carriers = [plain_cell(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert table.row_count == 3 and carriers[1:] == ["Brannoc", "Wenna"], "the two spares, as rows"
        packs = app.query_one("#light-packs", Static)
        assert packs.display
        words = "Packs: Darla 3 rations Brannoc 3 rations Wenna 3 rations Otto 3 rations"
        assert [w for w in plain(packs).split() if w != "·"] == words.split(), "oil and Rations, no torch again"
        assert app.perform(AddToPack("c4", OIL))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert packs.display, "the oil stays in sight"
        assert [w for w in plain(packs).split() if w != "·"] == "Packs: Otto 1 oil flask".split()
        assert table.row_count == 3 and table.size.height >= 4, "every source in sight above them"


async def test_a_party_with_no_spare_says_so(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for spare in [s for s in light_state.lights(app.store.state) if not s.lit]:
            assert app.perform(DropLight(spare.id))
        await pilot.pause()
        assert plain(app.query_one("#light-packs", Static)).startswith("No spare light.")


async def test_handing_over_keeps_the_carriers_name_as_written(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await highlight_light(app, "l2")
        await pilot.press("g")
        assert isinstance(app.screen, ChooseDialog)
        assert plain(app.screen.query_one(Label)).strip() == "Who takes Brannoc's torch?"
        await pilot.press("escape")
        assert app.perform(HandOver("l2", ""))
        await highlight_light(app, "l2")
        await pilot.press("g")
        assert plain(app.screen.query_one(Label)).strip() == "Who takes the torch on the floor?"
