"""The dashboard's footer: the keys a 'Smith needs most, each with its label, and nothing cut or
stray at 80 or 120 columns; the rest are in the palette (ctrl+p) and the README."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.session.combat import FoeGroup, StartFight
from hammertui.session.state import FoeKind
from hammertui.ui.app import HammerApp, make_app

CALM = ["^q Quit", "e Explore", "F Fight!", "t Pass time", "d Damage", "h Heal", "u Undo"]
FIGHTING = ["^q Quit", "F Fight!", "space Next phase", "t Pass time", "d Damage", "h Heal", "u Undo"]


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
