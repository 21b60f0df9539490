"""Light: burning, strength, the Light spell, refills, corrections, the hour, the bar and the dark."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.burning import LOW_AT, LitSource, burn, burn_all, dark_after
from hammertui.kernel.rules.clock import to_next_hour
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.procedures.burn_down.rules import (
    bar_level,
    correct,
    darkness_lines,
    dim_lines,
    full_duration,
    light_level,
    refill,
    spell_duration,
)

FIXTURES = Path(__file__).parent / "fixtures"


def test_burn_is_unchanged() -> None:
    assert LOW_AT == 1
    five = burn(6, 1)
    assert (five.remaining, five.burnt, five.burnt_out, five.running_low) == (5, 1, False, False)
    low = burn(3, 2)
    assert (low.remaining, low.burnt, low.burnt_out, low.running_low) == (1, 2, False, True)
    with pytest.raises(ValueError):
        burn(3, -1)


def test_a_torch_runs_out_mid_camp() -> None:
    """Six units of camp against a torch with four left: out after four, dark for the last two."""
    torch = LitSource("t1", "torch", 4)
    lantern = LitSource("l1", "lantern", 20)
    (torch_burn,) = burn_all([torch], 6)
    assert torch_burn.burn.remaining == 0
    assert torch_burn.burn.burnt == 4
    assert torch_burn.burn.burnt_out
    assert torch_burn.out_after == 4
    assert dark_after([torch], 6) == 4
    both = burn_all([torch, lantern], 6)
    assert [b.burn.remaining for b in both] == [0, 14]
    assert [b.out_after for b in both] == [4, None]
    assert dark_after([torch, lantern], 6) is None


def test_dark_after_edges() -> None:
    assert dark_after([], 6) == 0
    assert dark_after([LitSource("t", "torch", 6)], 6) is None
    assert dark_after([LitSource("t", "torch", 0)], 0) is None


def test_complete_rules_light_is_lit_or_dark(hc: Ruleset) -> None:
    assert light_level(hc, []).level == "dark"
    assert light_level(hc, []).is_dark
    assert light_level(hc, ["torch"]).level == "lit"
    assert light_level(hc, ["torch", "torch"]).level == "lit"
    assert light_level(hc, ["lantern"]).level == "lit"


def test_book_three_weak_and_strong(b3: Ruleset) -> None:
    assert light_level(b3, ["candle"]).level == "weak"
    assert light_level(b3, ["torch"]).level == "weak"
    assert light_level(b3, ["lantern"]).level == "weak"
    assert light_level(b3, ["light_spell"]).level == "strong"
    two = light_level(b3, ["torch", "candle"])
    assert two.level == "strong"
    assert two.reason == "2 weak lights together make strong light"
    assert light_level(b3, ["torch", "light_spell"]).level == "strong"
    assert light_level(b3, []).level == "dark"


def test_weak_lights_stay_weak_where_the_ruleset_says_so(b3: Ruleset) -> None:
    assert b3.light is not None
    apart = attrs.evolve(b3, sections={**b3.sections, "light": attrs.evolve(b3.light, two_weak_make_strong=False)})
    assert light_level(apart, ["torch", "torch"]).level == "weak"
    assert light_level(apart, ["torch", "light_spell"]).level == "strong"


def test_light_spell_duration(b3: Ruleset, hc: Ruleset) -> None:
    assert spell_duration(b3, 1) == 7
    assert spell_duration(b3, 3) == 9
    assert full_duration(b3, "light_spell", 5) == 11
    assert full_duration(b3, "torch") == 6
    assert full_duration(hc, "lantern") == 24
    with pytest.raises(ValueError, match="no light spell"):
        spell_duration(hc, 3)
    with pytest.raises(ValueError):
        spell_duration(b3, 0)


def test_lantern_refill(hc: Ruleset, b3: Ruleset) -> None:
    filled = refill(hc, "lantern", 5)
    assert (filled.remaining, filled.gained, filled.used) == (24, 19, "oil flask")
    assert refill(b3, "lantern", 0).remaining == 24
    assert refill(b3, "lantern", 24).gained == 0
    with pytest.raises(ValueError, match="cannot be refuelled"):
        refill(hc, "torch", 2)
    with pytest.raises(ValueError, match="no light source"):
        refill(hc, "candle", 2)


def test_corrections() -> None:
    plus = correct(3, "plus", 2, full=6)
    assert (plus.remaining, plus.change, plus.floored, plus.over_full, plus.note) == (5, 2, False, False, "")
    minus = correct(3, "minus", 5, full=6)
    assert (minus.remaining, minus.change, minus.floored, minus.note) == (0, -3, True, "stopped at 0")
    over = correct(10, "set", 30, full=24)
    assert (over.remaining, over.over_full, over.note) == (30, True, "more than a fresh source's 24")
    at_full = correct(10, "set", 24, full=24)
    assert (at_full.remaining, at_full.over_full) == (24, False)
    assert correct(5, "plus", 3, full=6).over_full
    assert not correct(5, "set", 99).over_full
    with pytest.raises(ValueError):
        correct(5, "minus", -1)


@pytest.mark.parametrize(("units", "expected"), [(0, 6), (1, 5), (5, 1), (6, 6), (7, 5), (11, 1), (12, 6), (100, 2)])
def test_to_next_hour(hc: Ruleset, units: int, expected: int) -> None:
    assert to_next_hour(units, hc.time.units_per_hour) == expected


def test_to_next_hour_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        to_next_hour(3, 0)
    with pytest.raises(ValueError):
        to_next_hour(-1, 6)


@pytest.mark.parametrize(
    ("remaining", "full", "expected"),
    [
        (6, 6, "full"),
        (5, 6, "ok"),
        (4, 6, "ok"),
        (3, 6, "low"),
        (2, 6, "low"),
        (1, 6, "last"),
        (0, 6, "out"),
        (30, 24, "full"),
        (13, 24, "ok"),
        (12, 24, "low"),
        (1, 1, "last"),
    ],
)
def test_bar_level(remaining: int, full: int, expected: str) -> None:
    assert bar_level(remaining, full) == expected


def test_darkness_complete_rules(hc: Ruleset) -> None:
    assert darkness_lines(hc) == (
        "one fewer attack die (at zero: cannot attack)",
        "no critical hits",
        "damage die a size lower",
        "Disadvantage on skills and Area saves",
    )
    assert dim_lines(hc) == ()


def test_darkness_book_three(b3: Ruleset) -> None:
    assert darkness_lines(b3) == (
        "one fewer attack die (at zero: cannot attack)",
        "no critical hits",
        "damage die a size lower",
        "3 Banes on skills and Area saves",
        "6 Banes on sight",
    )


def test_darkness_and_dim_in_the_russell_words() -> None:
    russell = load_ruleset(FIXTURES / "dim-double.toml")
    assert darkness_lines(russell) == (
        "no skill rolls",
        "double Disadvantage on every roll",
        "Advantage on listening",
    )
    assert dim_lines(russell) == ("Disadvantage on skills and attacks", "Advantage on stealth")
