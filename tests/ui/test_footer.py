"""The dashboard's footer: the keys a 'Smith needs most, each with its label, and nothing cut or
stray at 80 or 120 columns; the rest are in the palette (ctrl+p) and the README."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.sides_and_phases.actions import FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind

CALM = ["^q Quit", "e Explore", "F Fight!", "d Damage", "t Pass time", "h Heal", "u Undo"]
FIGHTING = ["^q Quit", "F Fight!", "space Next phase", "d Damage", "t Pass time", "h Heal", "u Undo"]


def bottom_row(app: HammerApp) -> str:
    """The last row of the terminal, as drawn."""
    strips = app.screen._compositor.render_strips()
    return "".join(segment.text for segment in strips[-1])


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("fighting", [False, True], ids=["calm", "fighting"])
async def test_every_key_in_the_footer_has_its_label(tmp_path: Path, width: int, fighting: bool) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(width, 24)) as pilot:
        if fighting:
            assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.pause()
        row = bottom_row(app)
        shown = row[: row.index("▏")].split()
        assert " ".join(shown) == " ".join(FIGHTING if fighting else CALM)
        assert row.rstrip().endswith("^p palette"), f"nothing stray after the palette: {row!r}"


@pytest.mark.parametrize("width", [80, 120])
async def test_the_fight_screen_footer_fits_too(tmp_path: Path, width: int) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(width, 24)) as pilot:
        assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.press("F")
        await pilot.pause()
        row = bottom_row(app)
        shown = row[: row.index("▏")].split()
        fight_keys = "esc Close space Next a Attack d Declare o Morale h Hurt x End u Undo"
        # The app's own ^q Quit follows; at 80 columns the palette covers it whole, never in part.
        assert " ".join(shown) == fight_keys + (" ^q Quit" if width > 80 else "")
        assert row.rstrip().endswith("^p palette"), f"nothing stray after the palette: {row!r}"
