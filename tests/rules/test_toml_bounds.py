"""The quick walk over a parsed file agrees with the checks that say where a value is out of bounds."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hammertui.kernel.ruleset.toml_file import LARGEST, MAX_DEPTH, _too_deep_value, _within_bounds, out_of_range

SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-2 * LARGEST, max_value=2 * LARGEST),
    st.floats(),
    st.text(max_size=3),
)
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
)


def nested(value: Any, depth: int) -> dict[str, Any]:
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return {"top": value}


@given(st.dictionaries(st.text(max_size=2), VALUES, max_size=4))
def test_the_walk_agrees_with_the_checks_that_name_the_key(data: dict[str, Any]) -> None:
    assert _within_bounds(data) == (_too_deep_value(data) is None and not out_of_range(data))


@given(st.integers(min_value=MAX_DEPTH - 3, max_value=MAX_DEPTH + 3), st.sampled_from([1, [], {}]))
def test_the_walk_finds_the_same_depth_limit(depth: int, innermost: Any) -> None:
    data = nested(innermost, depth)
    assert _within_bounds(data) == (_too_deep_value(data) is None)
