"""Turns under the exploration die, with scripted dice: the clock, each result, an encounter's
surprise and reaction, the pace and the ticking clocks."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action, Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import ExplorationResult, Hears
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, Stats, replace_member
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.exploration_die import state as exploration_die_state
from hammertui.procedures.exploration_die.actions import AddClock, RemoveClock, TakeTurn, TogglePace
from hammertui.procedures.exploration_die.state import Encounter, die_of
from hammertui.procedures.hammercrawl_classes.state import sheet_changed
from tests.exploration_die_ruleset import load


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return load(tmp_path_factory.mktemp("rules"))


@pytest.fixture
def start(rules: Ruleset) -> State:
    return new_state("turns", rules, seed=5)[0]


def act(state: State, rules: Ruleset, action: Action, *faces: int) -> tuple[State, list[Event]]:
    dice = ScriptedDice(faces)
    new, events = apply_action(state, action, Context(rules, dice))
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, events


def with_cha(state: State, score: int, role: str = "") -> State:
    """The first member with a CHA of `score` (and a role)."""
    first = state.party[0]
    member = attrs.evolve(first, stats=Stats.of({**first.stats.as_dict(), "CHA": score}))
    return sheet_changed(attrs.evolve(state, party=replace_member(state.party, member)), first.id, role=role)


def test_a_turn_moves_the_clock_one_turn_and_keeps_what_the_party_did(start: State, rules: Ruleset) -> None:
    """ "Roll the exploration die every turn": the clock moves a turn, the light burns, the roll is kept."""
    torch = light_state.lights(start)[0].remaining
    new, events = act(start, rules, TakeTurn("pick a lock"), 2)
    die = die_of(new)
    assert new.clock.units == start.clock.units + 1 and die.turns == 1
    assert light_state.lights(new)[0].remaining == torch - 1
    assert [(r.turn, r.face, r.result, r.action) for r in die.rolls] == [(1, 2, "sign", "pick a lock")]
    assert (
        events[0].text
        == "Turn 1: pick a lock. The exploration die shows 2, Environmental Encounter or Sign of Random Encounter."
    )
    assert events[0].dice == ("exploration die 1d6: [2] = 2",)
    assert any(e.text.startswith("A sign for the referee") for e in events)


def test_a_die_typed_in_is_taken_as_rolled_at_the_table(start: State, rules: Ruleset) -> None:
    new, events = act(start, rules, TakeTurn("search", face=6))
    assert die_of(new).latest == exploration_die_state.TurnRoll(1, 6, "tired", "search", by_hand=True)
    assert events[0].dice == ("exploration die 1d6 rolled at the table: 6",)
    with pytest.raises(Refused, match=r"the exploration die \(1d6\) shows 1 to 6, not 7"):
        act(start, rules, TakeTurn("search", face=7))


def test_only_the_rolls_kept_stay_but_every_turn_counts(start: State, rules: Ruleset) -> None:
    state = start
    for _ in range(exploration_die_state.KEPT + 3):
        state, _ = act(state, rules, TakeTurn("move", face=2))
    die = die_of(state)
    assert die.turns == exploration_die_state.KEPT + 3 and len(die.rolls) == exploration_die_state.KEPT
    assert die.rolls[-1].turn == die.turns


def test_a_careful_party_in_the_light_meets_a_neutral_foe_with_the_leaders_charisma(
    start: State, rules: Ruleset
) -> None:
    """Lit and careful: no one is surprised. "To make a reaction roll, the referee rolls 2d6, adds any
    relevant modifiers": a 6 + the Leader's CHA 16 (+2 under the complete rules) = 8, Neutral."""
    state = with_cha(start, 16, role="Leader")
    # die 1, surprise party 1 (chance 0), foes 1 (chance 0), reaction 2d6 = 3 + 3
    new, events = act(state, rules, TakeTurn("move"), 1, 1, 1, 3, 3)
    leader = state.party[0].name
    assert die_of(new).latest.encounter == Encounter("none", "", "Neutral", 8, leader, 2)
    texts = [e.text for e in events]
    assert "Random encounter (lit). No one is surprised." in texts
    assert "Reaction: Neutral (8)." in texts
    reaction = next(e for e in events if e.text.startswith("Reaction"))
    assert reaction.dice == (f"reaction 2d6: [3, 3] = 6 + {leader}'s CHA +2",)


def test_hoofing_it_the_party_is_surprised_and_charisma_does_not_count(start: State, rules: Ruleset) -> None:
    """ "If they are *hoofing it* ... they have a 2-in-6 chance of being surprised"; "a group of NPCs
    surprising the PCs would not be modified": a 2 on the d6 surprises them, 2d6 = 2 is Violent."""
    state = with_cha(start, 18, role="Leader")
    state, _ = act(state, rules, TogglePace())
    new, events = act(state, rules, TakeTurn("run"), 1, 2, 6, 1, 1)
    assert die_of(new).latest.encounter == Encounter("party", "foes", "Violent", 2)
    assert any("The party is surprised" in e.text for e in events)


def test_in_the_dark_both_sides_surprised_cancel(start: State, rules: Ruleset) -> None:
    """ "Player characters in the dark have a 2 in 6 chance of surprising NPCs or monsters (and vice
    versa)"; "It is possible for both sides to surprise the other, in which case ... the surprise is
    canceled.\""""
    dark = light_state.with_lights(start, [attrs.evolve(s, lit=False) for s in light_state.lights(start)])
    new, events = act(dark, rules, TakeTurn("feel along the wall"), 1, 1, 2, 6, 6)
    met = die_of(new).latest.encounter
    assert (met.surprised, met.free_round, met.reaction) == ("both", "", "Friendly")
    assert any(e.text.startswith("Random encounter (dark). Both sides are surprised") for e in events)


def test_through_a_door_in_good_light_the_party_may_surprise_the_foe(start: State, rules: Ruleset) -> None:
    """Lit: "impossible to surprise NPCs or Monsters unless encountering them through a newly opened
    door, on a roll of 1 in 6": the party has the drop on them, a free round it may hold."""
    new, _ = act(start, rules, TakeTurn("open the door", through_door=True), 1, 3, 1, 4, 4)
    met = die_of(new).latest.encounter
    assert (met.surprised, met.free_round) == ("foes", "party")


@pytest.mark.parametrize(
    ("face", "result"), [(3, "torches_depleted"), (4, "lantern_pip"), (5, "magic_dissipates"), (6, "tired")]
)
def test_the_other_results_are_signalled(
    start: State, rules: Ruleset, face: int, result: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Faces 3 to 6 are the light's and the characters' to answer: told as an `ExplorationResult`."""
    heard: list[Any] = []

    def answer(state: State, ctx: Context, action: Action, said: ExplorationResult) -> tuple[State, list[Event]]:
        heard.append(said.result_id)
        return state, [note(action, f"heard {said.result_id}")]

    monkeypatch.setattr(light_state.SESSION, "hears", (Hears(ExplorationResult, answer),))
    _, events = act(start, rules, TakeTurn("move", face=face))
    assert heard == [result] and events[-1].text == f"heard {result}"


@pytest.mark.parametrize("face", [1, 2])
def test_an_encounter_or_a_sign_is_not_signalled(
    start: State, rules: Ruleset, face: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[str] = []
    monkeypatch.setattr(
        light_state.SESSION,
        "hears",
        (Hears(ExplorationResult, lambda s, c, a, r: (heard.append(r.result_id), (s, []))[1]),),
    )
    act(start, rules, TakeTurn("move", face=face), *((1, 1, 3, 4) if face == 1 else ()))
    assert heard == []


def test_magic_dissipates_ticks_the_clocks_down(start: State, rules: Ruleset) -> None:
    """ "This may also be used to keep track of “ticking clock” scenarios, such as the completion of a
    ritual in a number of check marks.\""""
    state, _ = act(start, rules, AddClock("The ritual", 2))
    state, events = act(state, rules, TakeTurn("search", face=5))
    assert die_of(state).clocks[0].marks == 1 and "The ritual: 1 mark to go." in [e.text for e in events]
    state, _ = act(state, rules, TakeTurn("search", face=4))
    assert die_of(state).clocks[0].marks == 1, "only Magic Dissipates ticks a clock"
    state, events = act(state, rules, TakeTurn("search", face=5))
    ran_out = next(e for e in events if "run out" in e.text)
    assert ran_out.text == "The ritual: the clock has run out." and ran_out.level == "warn"
    state, _ = act(state, rules, TakeTurn("search", face=5))
    assert die_of(state).clocks[0].marks == 0
    state, _ = act(state, rules, RemoveClock("c1"))
    assert die_of(state).clocks == ()


def test_a_clock_needs_a_name_and_a_mark(start: State, rules: Ruleset) -> None:
    with pytest.raises(Refused, match="a clock needs at least 1 mark"):
        act(start, rules, AddClock("The ritual", 0))
    with pytest.raises(Refused, match="a clock needs a name"):
        act(start, rules, AddClock("  ", 3))
    with pytest.raises(Refused, match="no clock 'c9'"):
        act(start, rules, RemoveClock("c9"))


def test_hoofing_it_and_back(start: State, rules: Ruleset) -> None:
    """ "Player characters can double their exploration speed if they opt to *hoof it*, but this opens
    them to a 2-in-6 chance of being surprised by foes. While *hoofing it* players may not map any new
    areas\""""
    hoofing, events = act(start, rules, TogglePace())
    assert die_of(hoofing).pace == "hoofing_it"
    assert events[0].text == "Hoofing it: 2x speed, surprised on 2 in 6, no new areas mapped."
    careful, _ = act(hoofing, rules, TogglePace())
    assert die_of(careful).pace == "careful"


def test_a_hand_edited_slice_is_checked(start: State) -> None:
    die = exploration_die_state.ExplorationDie(
        pace="running", clocks=(exploration_die_state.TickingClock("c1", "x", -1),)
    )
    assert exploration_die_state.problems(die, start) == [
        "pace: expected one of careful, hoofing_it, got 'running'",
        "clocks[0].marks: cannot be negative",
    ]


def test_the_light_by_levels_answers_the_die(tmp_path_factory: pytest.TempPathFactory) -> None:
    """With the Russell light as well, "Torches/Candles Depleted": "Any torches or candles being used
    as light sources go out and are used up"; the die's encounter then meets the party in the dark."""
    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.procedures.light_levels import state as light_levels_state
    from tests import light_levels_rules
    from tests.exploration_die_ruleset import RULESET

    light = light_levels_rules.RULESET.split('light = "light_levels"\n', 1)[1]
    path = tmp_path_factory.mktemp("both") / "both.toml"
    path.write_text(
        RULESET.replace('camp = "none"\n', 'camp = "none"\nlight = "light_levels"\n') + light, encoding="utf-8"
    )
    both = load_ruleset(path)
    start = new_state("both", both, seed=5)[0]
    assert any(s.lit for s in light_levels_state.lights(start).sources)
    out, events = act(start, both, TakeTurn("move", face=3))
    assert not any(s.lit for s in light_levels_state.lights(out).sources)
    assert any("goes out, used up" in e.text for e in events)
    _, events = act(out, both, TakeTurn("move", face=1), 3, 3, 4, 4)
    assert "Random encounter (dark). No one is surprised." in [e.text for e in events], "3s miss a 2 in 6"


def test_the_die_meets_a_party_by_its_best_light(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "Lit: 0 in 6" to be surprised, "Dim: 2 in 6": with only a candle lit ("Candle: 0 Lit, 1 Dim")
    the party shows dim, and the encounter is rolled as one in dim light."""
    import attrs

    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.kernel.session.procedures import light_level
    from hammertui.procedures.light_levels import state as light_levels_state
    from tests import light_levels_rules
    from tests.exploration_die_ruleset import RULESET

    light = light_levels_rules.RULESET.split('light = "light_levels"\n', 1)[1]
    path = tmp_path_factory.mktemp("dim") / "dim.toml"
    path.write_text(
        RULESET.replace('camp = "none"\n', 'camp = "none"\nlight = "light_levels"\n') + light, encoding="utf-8"
    )
    both = load_ruleset(path)
    start = new_state("dim", both, seed=5)[0]
    assert light_level(start, both) == "lit"
    torch = light_levels_state.lights(start).sources[0]
    candle = attrs.evolve(torch, kind="candle")
    dim = light_levels_state.with_lights(start, sources=(candle,))
    assert light_level(dim, both) == "dim"
    _, events = act(dim, both, TakeTurn("move", face=1), 3, 3, 4, 4)
    assert any(e.text.startswith("Random encounter (dim).") for e in events), [e.text for e in events]
