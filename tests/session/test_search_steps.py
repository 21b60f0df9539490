"""Searching and the combat-round clock: the odds, the 'Smith's roll, and the time both cost.

The demo party (seed 7): four adventurers, Darla holding the one lit torch (6 turns), two spares.
"""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.actions import FoldRounds, PassRounds
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Clock, Hireling, State
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.actions.explore import RollExplore
from hammertui.procedures.divining_pool.actions.search import Search, most_searchers
from tests.session.test_roster import run

DARKNESS = "Darkness! No light is burning."


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("test", hc, seed=7)[0]


def texts(events: list) -> list[str]:
    return [e.text for e in events]


@pytest.mark.parametrize(
    ("searchers", "units", "shown"),
    [
        (1, 1, "1 in 6 (17%)"),
        (2, 2, "4 in 6 (67%)"),  # the text's own example
        (1, 5, "5 in 6 (83%)"),
    ],
)
def test_the_odds_are_said_and_the_time_is_spent(
    demo: State, hc: Ruleset, searchers: int, units: int, shown: str
) -> None:
    torch = light_state.light(demo, "l1").remaining
    state, events = run(demo, hc, Search(searchers, units, "the altar"), [1])
    assert shown in events[0].text and "the altar" in events[0].text
    assert events[0].dice == ("search 1d6: [1] = 1",)
    assert state.clock.units == demo.clock.units + units
    assert light_state.light(state, "l1").remaining == torch - units


@pytest.mark.parametrize(("face", "found"), [(4, True), (5, False)])
def test_the_roll_finds_at_the_chance_or_under(demo: State, hc: Ruleset, face: int, found: bool) -> None:
    _, events = run(demo, hc, Search(2, 2), [face])
    assert events[0].text.endswith("found, if anything is there." if found else "nothing found.")


@pytest.mark.parametrize(("searchers", "units"), [(3, 2), (4, 2)])
def test_six_in_six_or_more_finds_without_a_roll(demo: State, hc: Ruleset, searchers: int, units: int) -> None:
    _, events = run(demo, hc, Search(searchers, units), [])
    assert "6 in 6 (certain)" in events[0].text
    assert events[0].dice == ()
    assert events[0].text.endswith("found, if anything is there.")


def test_a_long_search_burns_the_torch_out_into_darkness(demo: State, hc: Ruleset) -> None:
    state, events = run(demo, hc, Search(1, 7), [6])
    assert "Darla's torch burns out." in texts(events)
    assert texts(events)[-1] == DARKNESS
    assert is_dark(state) and state.clock.units == 7


def test_hirelings_search_too(demo: State, hc: Ruleset) -> None:
    hired = attrs.evolve(demo, hirelings=(Hireling("h1", "Pim", "torchbearer", 0, "c1"),))
    assert most_searchers(hired) == 5
    state, _ = run(hired, hc, Search(5, 1), [1])
    assert state.clock.units == 1
    with pytest.raises(Refused, match="1 to 4 can search, not 5"):
        run(demo, hc, Search(5, 1), [])


@pytest.mark.parametrize(
    ("search", "why"),
    [(Search(0, 1), "1 to 4 can search, not 0"), (Search(1, 0), "at least 1 turn")],
)
def test_nonsense_is_refused(demo: State, hc: Ruleset, search: Search, why: str) -> None:
    with pytest.raises(Refused, match=why):
        run(demo, hc, search, [])


def test_no_search_in_the_middle_of_an_explore(demo: State, hc: Ruleset) -> None:
    exploring, _ = run(demo, hc, RollExplore(), [1] * 4)
    with pytest.raises(Refused, match="an Explore is under way"):
        run(exploring, hc, Search(1, 1), [])


def test_rounds_are_counted_apart_then_folded_into_turns(demo: State, hc: Ruleset) -> None:
    torch = light_state.light(demo, "l1").remaining
    state, events = run(demo, hc, PassRounds(), [])
    state, events = run(state, hc, PassRounds(60), [])
    assert events[0].text == "60 rounds pass: round 61."
    assert state.clock == Clock(units=0, rounds=61)
    assert light_state.light(state, "l1").remaining == torch  # rounds alone burn nothing
    state, events = run(state, hc, FoldRounds(), [])
    assert events[0].text == "61 rounds of combat: 2 turns on the clock."
    assert state.clock == Clock(units=2, rounds=0)
    assert light_state.light(state, "l1").remaining == torch - 2


def test_a_short_fight_still_costs_a_turn(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, PassRounds(3), [])
    state, events = run(state, hc, FoldRounds(), [])
    assert state.clock == Clock(units=1, rounds=0)
    with pytest.raises(Refused, match="no combat rounds"):
        run(state, hc, FoldRounds(), [])


def test_book_three_folds_rounds_into_beats(state: State, b3: Ruleset) -> None:
    fought, _ = run(state, b3, PassRounds(2), [])
    _, events = run(fought, b3, FoldRounds(), [])
    assert events[0].text == "2 rounds of combat: 1 Beat on the clock."
