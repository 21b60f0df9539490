"""Timed effects and what a fight costs the clock.

Round effects count on the fight's rounds and end as the round they reach begins; turn (Beat)
effects count on the game clock and end whenever time is spent. A fight's rounds become time when
it ends: max(1, ceil(rounds / 60)) turns, burnt by every lit light; a round effect outlasting that
time carries on in turns, rounded up.
"""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.actions import AdvanceTime, Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Effect, State
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import Light
from hammertui.procedures.divining_pool.actions.search import Search
from hammertui.procedures.hammercrawl_camp.actions import CampNext, StartCamp
from hammertui.procedures.sides_and_phases.actions import AddEffect, EndEffect, EndFight, FightNext, TurnUnholy
from hammertui.procedures.sides_and_phases.state import fighting
from tests.session.test_fight_steps import PARTY_FIRST, finish_round, member, started, texts, walk
from tests.session.test_roster import run


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("t", hc, seed=7)[0]


def rounds(state: State, ruleset: Ruleset, n: int) -> State:
    """Fight `n` whole rounds, the party first each time."""
    for _ in range(n):
        state, _, _ = walk(state, ruleset)
    return state


def only(state: State, name: str) -> Effect:
    (found,) = [e for e in state.effects if e.name == name]
    return found


# ---------------------------------------------------------------------------------- rounds


def test_round_effects_end_with_a_log_line_as_the_round_they_reach_begins(demo: State, hc: Ruleset) -> None:
    state, _ = run(started(demo, hc), hc, FightNext(), PARTY_FIRST)
    state, events = run(state, hc, AddEffect("Blessed", "c1", "round", 2, "+1 to hit"))
    assert events[0].text == "Darla: Blessed, 2 rounds left. +1 to hit"
    blessed = only(state, "Blessed")
    assert (blessed.on, blessed.unit, blessed.ends_at) == ("c1", "round", 3)
    state, events = run(finish_round(state, hc), hc, FightNext(), PARTY_FIRST)
    assert effects.describe_left(state, hc, only(state, "Blessed")) == "1 round left"
    assert "Blessed ends" not in texts(events)
    state, events = run(finish_round(state, hc), hc, FightNext(), PARTY_FIRST)
    assert state.effects == ()
    assert events[1].text == "Darla: Blessed ends.", "right after the initiative line, before anyone acts"


def test_round_effects_on_a_foe_from_turn_unholy_run_out_the_same_way(demo: State, hc: Ruleset) -> None:
    cleric = member(demo, "c2", uses={"turn_unholy": 1})
    state, _ = run(started(cleric, hc, count=1), hc, FightNext(), PARTY_FIRST)
    state, _ = run(state, hc, TurnUnholy("c2", ("f1",)), [1, 2, 1])  # HD 1 against tier 1: Flee 2d4 = 3
    assert effects.describe_left(state, hc, only(state, "Flee")) == "3 rounds left"
    state = rounds(finish_round(state, hc), hc, 2)
    assert only(state, "Flee")
    state, events = run(state, hc, FightNext(), PARTY_FIRST)
    assert "Goblin: Flee ends." in texts(events) and state.effects == ()


# ---------------------------------------------------------------------------------- turns


def test_turn_effects_end_as_time_is_spent_by_advance_time_search_and_camp(demo: State, hc: Ruleset) -> None:
    state, events = run(demo, hc, AddEffect("Warded", "", "unit", 8))
    assert events[0].text == "The party: Warded, 8 turns left."
    state, events = run(state, hc, AdvanceTime(1))
    assert effects.describe_left(state, hc, only(state, "Warded")) == "7 turns left"
    state, _ = run(state, hc, Search(1, 1), [6])
    assert effects.describe_left(state, hc, only(state, "Warded")) == "6 turns left"
    state, _ = run(state, hc, Light("l2"))  # the first torch would go out mid-camp
    haven = attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, safe_haven=True))
    camping, _ = run(haven, hc, StartCamp())
    camped, events = run(camping, hc, CampNext())
    assert camped.clock.units == 8 and camped.effects == ()
    assert "The party: Warded ends." in texts(events)


def test_turn_effects_in_book_three_count_beats(state: State, b3: Ruleset) -> None:
    new, events = run(state, b3, AddEffect("Hasted", "c3", "unit", 1))
    assert events[0].text == "Wenna: Hasted, 1 Beat left."
    later, events = run(new, b3, AdvanceTime(1))
    assert later.effects == () and "Wenna: Hasted ends." in texts(events)


# ---------------------------------------------------------------------------------- ending a fight


def test_end_fight_3_rounds_cost_1_turn_and_every_lit_torch_burns_it(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, Light("l2"))
    state = rounds(started(state, hc), hc, 3)
    over, events = run(state, hc, EndFight("they ran"))
    assert fighting(over) is None
    assert (over.clock.units, over.clock.rounds) == (1, 0)
    assert [(s.id, s.remaining) for s in light_state.lights(over)] == [("l1", 5), ("l2", 5), ("l3", 6)]
    assert events[0].text == "The fight is over after 3 rounds: none beaten, none fled. they ran"
    assert "3 rounds of combat: 1 turn on the clock." in texts(events)
    assert events[-1].text == "Loot time!"


def test_end_fight_61_rounds_cost_2_turns(demo: State, hc: Ruleset) -> None:
    over, events = run(rounds(started(demo, hc), hc, 61), hc, EndFight())
    assert over.clock.units == 2 and light_state.light(over, "l1").remaining == 4
    assert "61 rounds of combat: 2 turns on the clock." in texts(events)


def test_end_fight_book_three_counts_beats(state: State, b3: Ruleset) -> None:
    over, events = run(rounds(started(state, b3), b3, 60), b3, EndFight())
    assert over.clock.units == 1
    assert "60 rounds of combat: 1 Beat on the clock." in texts(events)
    assert events[-1].text == "Loot time!"


def test_end_fight_with_no_round_fought_still_costs_the_minimum_and_folds_round_effects(
    demo: State, hc: Ruleset
) -> None:
    state, _ = run(started(demo, hc), hc, AddEffect("Startled", "c4", "round", 2))
    state, _ = run(state, hc, AddEffect("Cursed", "c4", "round", 90))
    over, events = run(state, hc, EndFight())
    assert over.clock.units == 1 and light_state.light(over, "l1").remaining == 5
    assert "No rounds fought: 1 turn on the clock." in texts(events)
    assert "Otto Sixfingers: Startled ends." in texts(events), "two rounds are long gone in a turn"
    assert [(e.name, e.unit, effects.time_left(over, e)) for e in over.effects] == [("Cursed", "unit", 1)]


def test_end_fight_round_effects_outlasting_the_fold_carry_on_as_turns_rounded_up(demo: State, hc: Ruleset) -> None:
    # Three rounds fought cost one turn, sixty rounds. Added at round 3: Rage ends at round 100
    # (40 rounds past the turn: 1 turn more), Hex at 130 (70 past: 2), Daze at 10 (inside it: ends).
    state = rounds(started(demo, hc), hc, 3)
    for name, length in (("Rage", 97), ("Hex", 127), ("Daze", 7)):
        state, _ = run(state, hc, AddEffect(name, "c1", "round", length))
    over, events = run(state, hc, EndFight())
    assert [(e.name, e.unit, effects.time_left(over, e)) for e in over.effects] == [
        ("Rage", "unit", 1),
        ("Hex", "unit", 2),
    ]
    assert "Darla: Daze ends." in texts(events)
    later, events = run(over, hc, AdvanceTime(1))
    assert [e.name for e in later.effects] == ["Hex"] and "Darla: Rage ends." in texts(events)


def test_a_foes_effects_go_when_the_fight_ends(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, count=2)
    state, _ = run(state, hc, AddEffect("Dazed", "f1", "round", 50))
    state, _ = run(state, hc, AddEffect("Netted", "f2", "unit", 3))
    state, _ = run(state, hc, AddEffect("Inspired", "c2", "unit", 3))
    over, _ = run(state, hc, EndFight())
    assert [e.name for e in over.effects] == ["Inspired"]


# ---------------------------------------------------------------------------------- by hand


def test_add_effect_refusals(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="needs a name"):
        run(demo, hc, AddEffect("  ", "c1", "round", 2))
    with pytest.raises(Refused, match="at least 1"):
        run(demo, hc, AddEffect("Dazed", "c1", "round", 0))
    with pytest.raises(Refused, match="nobody 'c9'"):
        run(demo, hc, AddEffect("Dazed", "c9", "round", 2))
    with pytest.raises(Refused, match="nobody 'f1'"):
        run(demo, hc, AddEffect("Dazed", "f1", "round", 2))
    with pytest.raises(Refused, match="rounds or turns, not 'minute'"):
        run(demo, hc, AddEffect("Dazed", "c1", "minute", 2))


def test_end_effect_before_its_time(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, AddEffect("Rage", "c3", "unit", 3))
    state, _ = run(state, hc, AddEffect("Shield", "c1", "unit", 3))
    ended, events = run(state, hc, EndEffect("e1", "calmed down"))
    assert [e.id for e in ended.effects] == ["e2"]
    assert events[0].text == "Wenna: Rage ends (calmed down)."
    with pytest.raises(Refused, match="no effect 'e1'"):
        run(ended, hc, EndEffect("e1"))
    again, _ = run(ended, hc, AddEffect("Rage", "c3", "unit", 3))
    assert [e.id for e in again.effects] == ["e2", "e1"], "a freed id is used again"


def test_the_summary_counts_the_foes_a_turn_unholy_sent_running(demo: State, hc: Ruleset) -> None:
    cleric = member(demo, "c2", uses={"turn_unholy": 1})
    state, _ = run(started(cleric, hc), hc, FightNext(), PARTY_FIRST)
    state, _ = run(state, hc, TurnUnholy("c2", ("f1", "f2")), [1, 1, 2, 1, 2, 2])  # both fail and Flee
    assert [e.name for e in state.effects] == ["Flee", "Flee"]
    _, events = run(state, hc, EndFight())
    assert events[0].text == "The fight is over after 1 round: 2 fled."
