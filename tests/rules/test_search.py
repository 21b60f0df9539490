"""Searching: the odds searchers and time buy, and the 'Smith's secret roll."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules.search import search, search_chance


@pytest.mark.parametrize(
    ("searchers", "units", "chance", "text", "percent", "certain"),
    [
        (1, 1, 1, "1 in 6", 17, False),
        (1, 2, 2, "2 in 6", 33, False),
        (2, 1, 2, "2 in 6", 33, False),
        (2, 2, 4, "4 in 6", 67, False),
        (1, 5, 5, "5 in 6", 83, False),
        (1, 6, 6, "6 in 6", 100, True),
        (3, 2, 6, "6 in 6", 100, True),
        (4, 3, 12, "6 in 6", 100, True),
    ],
)
def test_search_odds(
    hc: Ruleset, searchers: int, units: int, chance: int, text: str, percent: int, certain: bool
) -> None:
    odds = search_chance(hc, searchers, units)
    assert odds.chance == chance
    assert odds.text == text
    assert odds.percent == percent
    assert odds.certain is certain


def test_the_texts_example_reads_well(b3: Ruleset) -> None:
    """Two characters searching two Beats together: 4 in 6."""
    assert search_chance(b3, 2, 2).describe() == "4 in 6 (67%)"
    assert search_chance(b3, 3, 2).describe() == "6 in 6 (certain)"


@pytest.mark.parametrize(("die", "found"), [(1, True), (4, True), (5, False), (6, False)])
def test_found_on_the_chance_or_less(hc: Ruleset, die: int, found: bool) -> None:
    dice = ScriptedDice([die])
    result = search(hc, dice, 2, 2)
    assert result.found is found
    assert result.roll is not None
    assert result.roll.dice == (die,)
    assert result.rolls == (result.roll,)
    assert result.units == 2
    assert dice.remaining == 0


def test_one_searcher_one_turn(hc: Ruleset) -> None:
    assert search(hc, ScriptedDice([1]), 1, 1).found
    assert not search(hc, ScriptedDice([2]), 1, 1).found


def test_certain_search_needs_no_roll(hc: Ruleset) -> None:
    dice = ScriptedDice([])
    result = search(hc, dice, 3, 2)
    assert result.found
    assert result.roll is None
    assert result.rolls == ()
    assert result.line == "search 6 in 6 (certain): found"


def test_search_line_shows_the_roll(hc: Ruleset) -> None:
    result = search(hc, ScriptedDice([5]), 2, 2)
    assert result.line == "search 4 in 6 (67%): search 1d6: [5] = 5, nothing found"


def test_a_search_needs_someone_and_some_time(hc: Ruleset) -> None:
    with pytest.raises(ValueError):
        search_chance(hc, 0, 2)
    with pytest.raises(ValueError):
        search_chance(hc, 2, 0)
