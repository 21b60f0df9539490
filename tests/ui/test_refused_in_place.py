"""A name too long, a pile too big or more foes than a fight holds is refused where it was typed: the
dialog stays open with what was typed and says why, as every other field does, and the value fixed
in place goes through."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Input, Label

from hammertui.kernel.session.actions import MAX_NAME, MOST_FOES
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.procedures.hammercrawl_classes.dialogs.hire import HireDialog
from hammertui.procedures.hammercrawl_classes.dialogs.recruit import RollDialog
from hammertui.procedures.hammercrawl_classes.screens.sheet import SheetScreen
from hammertui.procedures.individual_initiative.screens import FoesDialog as RussellFoesDialog
from hammertui.procedures.russell_characters.dialogs.character import MakeCharacterDialog
from hammertui.procedures.russell_characters.dialogs.vitals import HireDialog as RussellHireDialog
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.waiting import until

pytestmark = pytest.mark.timeout(60)  # a few seconds each

TOO_LONG = "Wilhelmina-Theodora Featherstonehaugh III"
FITS = TOO_LONG.removesuffix(" III")
TOO_LONG_SAID = f"A name of {MAX_NAME} letters or fewer, please."


def test_the_names_are_on_either_side_of_the_limit() -> None:
    assert len(TOO_LONG) == MAX_NAME + 1 and len(FITS) <= MAX_NAME


def problem(app: HammerApp) -> str:
    """What the dialog on top says is wrong ("" once no dialog is up to say it)."""
    found = app.screen.query("#problem")
    return str(found.first(Label).render()) if found else ""


def typed(app: HammerApp, widget_id: str) -> str:
    return app.screen.query_one(f"#{widget_id}", Input).value


async def refused_in_place(pilot, app: HammerApp, dialog: type[Screen], field: str, value: str, said: str) -> None:  # type: ignore[no-untyped-def]
    """The dialog still up, saying `said`, with `value` in `field` as it was typed."""
    await until(pilot, lambda: said in problem(app), f"the dialog saying {said!r}")
    assert isinstance(app.screen, dialog), "the dialog stays open"
    assert typed(app, field) == value


async def open_by_keys(pilot, app: HammerApp, dialog: type[Screen], *keys: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press(*keys)
    await until(pilot, lambda: isinstance(app.screen, dialog), f"the {dialog.__name__}")


async def test_a_character_renamed_too_long_stays_in_the_name_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        await open_by_keys(pilot, app, SheetScreen, "enter")
        await open_by_keys(pilot, app, TextDialog, "n")
        await pilot.press("home", "ctrl+k", *TOO_LONG, "enter")
        await refused_in_place(pilot, app, TextDialog, "text", TOO_LONG, TOO_LONG_SAID)
        assert app.store.state.party[0].name == darla.name
        await pilot.press(*["backspace"] * 4, "enter")
        await until(pilot, lambda: isinstance(app.screen, SheetScreen), "the sheet again")
        assert app.store.state.party[0].name == FITS


async def test_a_hireling_named_too_long_stays_in_the_hire_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("w")
        await open_by_keys(pilot, app, HireDialog, "n")
        await pilot.press(*TOO_LONG, "enter")
        await refused_in_place(pilot, app, HireDialog, "name", TOO_LONG, TOO_LONG_SAID)
        assert app.store.state.hirelings == ()
        await pilot.press(*["backspace"] * 4, "enter")
        await until(pilot, lambda: bool(app.store.state.hirelings), "the hireling hired")
        assert not isinstance(app.screen, HireDialog)
        assert app.store.state.hirelings[0].name == FITS


async def test_a_pile_of_more_than_twenty_stays_in_the_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p")
        await open_by_keys(pilot, app, AmountDialog, "n")
        await pilot.press("2", "5", "enter")
        await refused_in_place(pilot, app, AmountDialog, "amount", "25", "Use a number from 1 to 20.")
        assert app.store.state.pile == ()
        await pilot.press("backspace", "backspace", "2", "0", "enter")
        await until(pilot, lambda: len(app.store.state.pile) == 20, "twenty in the pile")
        assert not isinstance(app.screen, AmountDialog)
        await open_by_keys(pilot, app, AmountDialog, "n")
        await pilot.press("1", "enter")
        await refused_in_place(pilot, app, AmountDialog, "amount", "1", "The pile holds up to 20; it has 20 already.")


def hammercrawl(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7)


def russell(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, "russell", ruleset_id="russell-house-rules", seed=3)


@pytest.mark.parametrize(
    ("make", "keys", "dialog", "field", "submit"),
    [
        (hammercrawl, ("r",), RollDialog, "name", "ctrl+s"),
        (hammercrawl, ("F",), FoesDialog, "name", "ctrl+s"),
        (russell, ("N",), MakeCharacterDialog, "who", "enter"),
        (russell, ("w",), RussellHireDialog, "name", "enter"),
        (russell, ("F",), RussellFoesDialog, "foe-name", "enter"),
    ],
    ids=["roll a character", "foes", "russell character", "russell hireling", "russell foes"],
)
async def test_a_name_too_long_stays_in_its_form(
    tmp_path: Path,
    make: Callable[[Path], HammerApp],
    keys: tuple[str, ...],
    dialog: type[Screen],
    field: str,
    submit: str,
) -> None:
    app = make(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        app.query_one("#party-table").focus()
        before = app.store.state
        await open_by_keys(pilot, app, dialog, *keys)
        app.screen.query_one(f"#{field}", Input).focus()
        await pilot.press(*TOO_LONG)
        if dialog is RussellFoesDialog:
            app.screen.query_one("#ac", Input).value = "7"
        await pilot.press(submit)
        await refused_in_place(pilot, app, dialog, field, TOO_LONG, "40 letters or fewer")
        assert len(app.store.state.party) == len(before.party) and fighting(app.store.state) is None
        assert app.store.state.hirelings == before.hirelings


async def test_a_session_name_the_session_refuses_stays_in_the_rename_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_by_keys(pilot, app, TextDialog, "f2")
        await pilot.press("enter")
        await refused_in_place(pilot, app, TextDialog, "text", "demo", "The session is already called demo.")
        await pilot.press("end", *" evening", "enter")
        await until(pilot, lambda: app.store.state.session.name == "demo evening", "the session renamed")
        assert not isinstance(app.screen, TextDialog)


@pytest.mark.parametrize(
    ("make", "dialog", "keys", "submit", "said"),
    [
        (hammercrawl, FoesDialog, ("tab",), "ctrl+s", f"Goblin: up to {MOST_FOES} foes of a kind at once."),
        (russell, RussellFoesDialog, ("tab", "tab", "7"), "enter", f"Up to {MOST_FOES} foes of a kind at once."),
    ],
    ids=["foes", "russell foes"],
)
async def test_more_foes_of_a_kind_than_a_fight_holds_stay_in_the_form(
    tmp_path: Path,
    make: Callable[[Path], HammerApp],
    dialog: type[Screen],
    keys: tuple[str, ...],
    submit: str,
    said: str,
) -> None:
    """A thousand goblins would be a thousand rows of the fight's table, a billion a hang."""
    app = make(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_by_keys(pilot, app, dialog, "F")
        await pilot.press(*"Goblin", "tab", *"1000", *keys, submit)
        await refused_in_place(pilot, app, dialog, "count", "1000", said)
        assert fighting(app.store.state) is None
