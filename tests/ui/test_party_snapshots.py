"""Screenshots of the party's screens: the sheet, a roll about to be made, a fresh grave to fill."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ui.app import make_app


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_sheet(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), press=["down", "enter"], terminal_size=size)


def test_check_dialog(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), press=["s"], terminal_size=(80, 24))


def test_epitaph_after_a_death(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), press=["d", "2", "0", "enter"], terminal_size=(120, 40))
