"""Numbers typed into forms: one reader for every field, which answers with a number or with words,
never with a crash, whatever the 'Smith's fingers land on."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.widgets import Input, Label

from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.numbers import whole_number
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.state import fighting

pytestmark = pytest.mark.timeout(60)  # a few seconds each, the hypothesis runs included


@given(st.text(max_size=12))
def test_any_text_is_a_whole_number_or_a_refusal_that_names_the_field(typed: str) -> None:
    try:
        value = whole_number(typed, "Damage")
    except ValueError as problem:
        assert str(problem).startswith("Damage: ")
        assert repr(typed.strip()) in str(problem) or "nothing" in str(problem)
    else:
        digits = typed.strip().removeprefix("+").removeprefix("-")
        assert digits.isascii() and digits.isdigit()
        assert value == int(typed.strip())


@given(st.integers(min_value=-999_999_999, max_value=999_999_999))
def test_every_number_written_plainly_reads_back(number: int) -> None:
    assert whole_number(f" {number} ", "XP") == number
    if number >= 0:
        assert whole_number(f"+{number}", "XP") == number


@pytest.mark.parametrize("typed", ["++5", "²", "٣", "1_000", "5.0", "4d6", ""])
def test_what_int_or_isdigit_would_let_through_is_refused(typed: str) -> None:
    with pytest.raises(ValueError, match=r"^Hit points: .* is not a whole number$"):
        whole_number(typed, "Hit points")


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("99999999999999999999", "'99999999999999999999'"),
        ("1234567890", "'1234567890'"),
        ("-1000000000", "'-1000000000'"),
        ("+" + "9" * 5000, "'+9999999999999999999...'"),  # more digits than Python's int reads from text
    ],
    ids=["twenty nines", "ten digits", "below", "five thousand digits"],
)
def test_a_whole_number_too_big_says_so_and_gives_the_range(typed: str, shown: str) -> None:
    with pytest.raises(ValueError) as refusal:
        whole_number(typed, "Hit points")
    assert str(refusal.value) == f"Hit points: {shown} is too big: type a whole number from -999,999,999 to 999,999,999"


def test_leading_zeros_do_not_make_a_number_too_big() -> None:
    assert whole_number("0000000000042", "Coins") == 42


def test_an_empty_field_with_a_default_is_the_default() -> None:
    assert whole_number("  ", "Modifier", 0) == 0


def problem(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#problem", Label).render())


@pytest.mark.parametrize("typed", ["++5", "²"])
async def test_a_typo_in_the_damage_dialog_is_named_and_the_app_stays_up(tmp_path: Path, typed: str) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog)
        app.screen.query_one(Input).value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog), "the dialog stays open to be corrected"
        assert problem(app) == f"Hit points: {typed!r} is not a whole number."
        app.screen.query_one(Input).value = "2"
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.state.party[0].hp == darla.hp - 2


async def test_a_number_too_big_in_the_damage_dialog_is_refused_with_the_range(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog)
        await pilot.press(*"99999999999999999999", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog), "the dialog stays open to be corrected"
        assert app.screen.query_one(Input).value == "99999999999999999999"
        assert problem(app) == "Hit points: '99999999999999999999' is too big: type a whole number from 1 to 999."


async def test_a_die_typed_with_a_superscript_is_refused_in_the_foes_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        assert isinstance(app.screen, FoesDialog)
        app.screen.query_one("#name", Input).value = "Goblin"
        app.screen.query_one("#damage-die", Input).value = "d²"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FoesDialog)
        assert problem(app) == "Damage: 'd²' is not a die like d6"
        assert fighting(app.store.state) is None
