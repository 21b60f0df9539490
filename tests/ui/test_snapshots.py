"""Screenshots of the dashboard at the sizes a 'Smith's laptop shows it, dice fixed by the seed.

Update them after a deliberate change with `make test ARGS=--snapshot-update` and look at the
report before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ui.app import make_app


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_main_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), terminal_size=size)


def test_main_screen_after_time_and_damage(snap_compare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    assert snap_compare(app, press=["t", "t", "d", "3", "enter"], terminal_size=(120, 40))


def test_damage_dialog_refusing_a_word(snap_compare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    assert snap_compare(app, press=["d", "x", "enter"], terminal_size=(80, 24))
