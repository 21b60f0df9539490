"""Screenshots of the pool builder and of the dashboard's pool pane, a pool built by keys, dice fixed by the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ui.app import make_app

BUILD = ["b", "down", "space", "down", "down", "down", "down", "plus", "plus"]
"""Open the builder, sneak in (Green), and have two really good ideas (White)."""


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_pool_builder(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), press=BUILD, terminal_size=size)


def test_pool_builder_in_the_dark_with_a_yellow_chain(snap_compare, tmp_path: Path) -> None:
    """Darkness adds its Black dice with their reason; a Yellow die brings the chain's bound."""
    keys = ["l", *BUILD, "down", "down", "down", "down", "down", "plus"]
    assert snap_compare(make_app(tmp_path, seed=7), press=keys, terminal_size=(120, 40))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_main_screen_pane_after_building(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, seed=7), press=[*BUILD, "escape"], terminal_size=size)
