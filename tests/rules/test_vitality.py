"""The HP bands the roster colours by: full, wounded, under a third, none."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hammertui.kernel.rules.vitality import hp_band


@pytest.mark.parametrize(
    ("hp", "max_hp", "band"),
    [
        (9, 9, "full"),
        (10, 9, "full"),
        (8, 9, "wounded"),
        (3, 9, "wounded"),
        (2, 9, "low"),
        (1, 9, "low"),
        (0, 9, "zero"),
        (1, 1, "full"),
    ],
)
def test_bands(hp: int, max_hp: int, band: str) -> None:
    assert hp_band(hp, max_hp) == band


@given(st.integers(min_value=1, max_value=200), st.integers(min_value=0, max_value=200))
def test_losing_hit_points_never_moves_a_character_to_a_better_band(max_hp: int, hp: int) -> None:
    order = ["zero", "low", "wounded", "full"]
    assert order.index(hp_band(max(0, hp - 1), max_hp)) <= order.index(hp_band(hp, max_hp))
