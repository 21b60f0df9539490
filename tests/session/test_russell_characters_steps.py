"""The Russell House Rules' characters in play: a party rolled by the text, usage dice, Tired pips
from the exploration die, rations shared and eaten, each with scripted dice."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.procedures import ExplorationResult, signal
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.russell_characters import state as people
from tests.russell_ruleset import write

NAME = people.NAME


@pytest.fixture
def russell(tmp_path: Path) -> Ruleset:
    return load_ruleset(write(tmp_path))


@pytest.fixture
def state(russell: Ruleset) -> State:
    return new_state("russell", russell, seed=3)[0]


def act(state: State, ruleset: Ruleset, action: object, faces: list[int]) -> tuple[State, list[str]]:
    dice = ScriptedDice(faces)
    new, events = apply_action(state, action, Context(ruleset, dice))  # type: ignore[arg-type]
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, [e.text for e in events]


def sheet(state: State, character_id: str) -> people.Person:
    return state.slices[NAME].people[character_id]


def test_a_new_party_is_rolled_by_the_text(russell: Ruleset) -> None:
    """ "Roll 3d6 seven times and assign six"; "Roll 1d6 and add your Constitution modifier";
    "All adventurers start with 1 Weapon Skill and 1 Bow Skill"; "3d6 x 10 base coins"; three
    "Just in Time" skills; the default kit."""
    faces = [2, 2, 4, 2, 6, 3, 3, 6, 6, 4, 3, 6, 1, 3, 5, 5, 6, 1, 3, 1, 3]  # seven 3d6
    faces += [5, 5, 4, 2]  # HP 1d6, coins 3d6
    script = ScriptedDice(faces + [3] * (25 * 3))
    party, events, own = people.new_party(russell, script)
    darla, sheet_ = party[0], own[NAME].people["c1"]
    assert sheet_.rolls == (8, 11, 15, 13, 9, 12, 7)
    assert darla.stats.as_dict() == {"STR": 8, "DEX": 11, "CON": 15, "INT": 13, "WIS": 9, "CHA": 12}, "the 7 set aside"
    assert darla.max_hp == 5 + 1 == darla.hp, "1d6 5 + CON 15's +1"
    assert darla.ac == 10 and darla.coins == 110
    assert (sheet_.weapon_skill, sheet_.bow_skill, sheet_.just_in_time, sheet_.tired) == (1, 1, 3, 0)
    assert [g.id for g in sheet_.gear] == ["blanket", "waterskin", "rations", "flint"]
    assert (
        events[0].text == "Darla (Ana): STR 8 DEX 11 CON 15 INT 13 WIS 9 CHA 12, HP 6, AC 10, WS 1, Bow 1,"
        " 110 coins (rolled 8, 11, 15, 13, 9, 12, 7)."
    )
    assert len(events[0].dice) == 9


def test_a_session_starts_with_the_rolled_party_and_its_sheets(state: State) -> None:
    assert [m.name for m in state.party] == ["Darla", "Brannoc", "Wenna", "Otto Sixfingers"]
    assert set(state.slices[NAME].people) == {"c1", "c2", "c3", "c4"}
    assert sheet(state, "c1").rolls == (8, 11, 15, 13, 9, 12, 7)


def test_a_template_adds_to_the_sheet(tmp_path: Path) -> None:
    """ "Some class templates will add to one or both. If so, add them up\""""
    from tests.russell_ruleset import RULESET

    text = RULESET.replace(
        "templates = []",
        'templates = [{ id = "fighter_a", name = "Fighter A",'
        ' weapon_skill = 1, ac = 1, hp = 2, skills = ["Soldiering"] }]',
    )
    ruleset = load_ruleset(write(tmp_path, text))
    state = new_state("t", ruleset, seed=3)[0]
    darla, own = state.party[0], sheet(state, "c1")
    assert (own.weapon_skill, own.bow_skill, own.template, own.skills) == (
        2,
        1,
        "fighter_a",
        (people.Skill("Soldiering"),),
    )
    assert darla.class_id == "fighter_a" and darla.ac == 9 and darla.max_hp == 6 + 2


def test_a_usage_die_steps_down_on_a_one_or_two_and_runs_out(state: State, russell: Ruleset) -> None:
    """ "A roll of 1 or 2 indicates that you step down one die size"; "Waterskins have a usage die of D6 when full\""""
    held, said = act(state, russell, people.RollUsageDie("c1", "waterskin"), [3])
    assert people.gear_of(sheet(held, "c1"), "waterskin").die == 6 and said == ["Darla: Waterskin holds at d6."]
    down, said = act(held, russell, people.RollUsageDie("c1", "waterskin"), [2])
    assert people.gear_of(sheet(down, "c1"), "waterskin").die == 4 and said == ["Darla: Waterskin steps down to d4."]
    out, said = act(down, russell, people.RollUsageDie("c1", "waterskin"), [1])
    assert people.gear_of(sheet(out, "c1"), "waterskin").out and said == ["Darla: Waterskin is used up."]
    with pytest.raises(Refused, match="used up"):
        act(out, russell, people.RollUsageDie("c1", "waterskin"), [])
    with pytest.raises(Refused, match="no blanket with a usage die"):
        act(state, russell, people.RollUsageDie("c1", "blanket"), [])


def test_the_tired_result_marks_every_character_two_if_burdened(state: State, russell: Ruleset) -> None:
    """ "every character marks a Tired pip (two if the character is encumbered). When all three
    Tired pips are filled, the character becomes Wearied.\""""
    loaded, _ = act(state, russell, people.Carry("c1", "Sack of loot", slots=6), [])
    assert people.is_burdened(russell, loaded.party[0], sheet(loaded, "c1")), "STR 8, 3 + 6 slots"
    ctx = Context(russell, ScriptedDice([]))
    tired, events = signal(loaded, ctx, people.MarkTired("c1"), ExplorationResult("tired"))
    assert [sheet(tired, c).tired for c in ("c1", "c2", "c3", "c4")] == [2, 1, 1, 1]
    assert events[0].text.startswith("Darla marks two Tired pips (Burdened): 2/3; Brannoc marks a Tired pip: 1/3")
    again, events = signal(tired, ctx, people.MarkTired("c1"), ExplorationResult("tired"))
    assert sheet(again, "c1").tired == 3 and people.is_wearied(russell, sheet(again, "c1"))
    assert "Darla marks two Tired pips (Burdened): 3/3, Wearied" in events[0].text and events[0].level == "warn"
    same, events = signal(again, ctx, people.MarkTired("c1"), ExplorationResult("encounter"))
    assert same is again and events == []


def test_a_pip_by_hand_and_no_more_once_wearied(state: State, russell: Ruleset) -> None:
    one, said = act(state, russell, people.MarkTired("c2"), [])
    assert sheet(one, "c2").tired == 1 and said == ["Brannoc marks a Tired pip: 1/3."]
    three, _ = act(*act(one, russell, people.MarkTired("c2"), [])[:1], russell, people.MarkTired("c2"), [])
    with pytest.raises(Refused, match="already Wearied"):
        act(three, russell, people.MarkTired("c2"), [])


def test_carrying_more_than_str_and_a_half_is_refused(state: State, russell: Ruleset) -> None:
    """ "You absolutely can't carry more than your 1.5x your strength items." Darla: STR 8, most 12."""
    full, _ = act(state, russell, people.Carry("c1", "Plate", slots=9), [])
    with pytest.raises(Refused, match="cannot carry more than 12 slots"):
        act(full, russell, people.Carry("c1", "Torch", slots=1), [])


def _tired(state: State, pips: dict[str, int]) -> State:
    own = state.slices[NAME]
    return state.with_slice(
        NAME, people.People({i: attrs.evolve(p, tired=pips.get(i, p.tired)) for i, p in own.people.items()})
    )


def test_sharing_a_ration_erases_a_pip_each_and_takes_a_turn(state: State, russell: Ruleset) -> None:
    """ "Characters may erase one Tired pip by spending an exploration turn sharing around a ration
    (maximum of eight people per ration) and drinking water.\""""
    tired = _tired(state, {"c1": 2, "c2": 1, "c3": 3})
    rested, said = act(tired, russell, people.ShareRation("c1", ("c2", "c3", "c4")), [3, 1, 4, 6])
    assert [sheet(rested, c).tired for c in ("c1", "c2", "c3", "c4")] == [1, 0, 3, 0], "the Wearied need a Ration each"
    assert people.gear_of(sheet(rested, "c1"), "rations").count == 2
    assert people.gear_of(sheet(rested, "c2"), "waterskin").die == 4, "Brannoc's 1 steps his water down"
    assert rested.clock.units == tired.clock.units + 1
    assert said[0].startswith("Darla shares a Ration round 4; Darla, Brannoc erase a Tired pip.")
    nine = attrs.evolve(tired, party=(*tired.party, *(attrs.evolve(tired.party[3], id=f"c{n}") for n in range(5, 10))))
    with pytest.raises(Refused, match="8 people at most"):
        act(nine, russell, people.ShareRation("c1", tuple(f"c{n}" for n in range(1, 10))), [])


def test_eating_a_ration_each_clears_weariness(state: State, russell: Ruleset) -> None:
    """ "Wearied characters may erase all Tired pips and remove their condition by spending an
    exploration turn eating a full ration each and drinking water.\""""
    tired = _tired(state, {"c3": 3, "c4": 1})
    rested, said = act(tired, russell, people.EatRations(("c3", "c4")), [5, 5])
    assert sheet(rested, "c3").tired == 0 and sheet(rested, "c4").tired == 0
    assert people.gear_of(sheet(rested, "c3"), "rations").count == 2
    assert rested.clock.units == 1
    assert said[0].startswith("Wenna, Otto Sixfingers eat a Ration each and rest")


def test_no_ration_no_rest_and_no_water_no_share(state: State, russell: Ruleset) -> None:
    tired = _tired(state, {"c1": 1})
    dry = tired
    for _ in range(3):
        dry, _ = act(dry, russell, people.ShareRation("c1", ()), [6])
        dry = _tired(dry, {"c1": 1})
    assert people.gear_of(sheet(dry, "c1"), "rations") is None, "the last Ration eaten, the bundle is gone"
    with pytest.raises(Refused, match="Darla has no Ration"):
        act(dry, russell, people.ShareRation("c1", ()), [])
    out = dry.with_slice(
        NAME,
        people.People(
            {
                **dry.slices[NAME].people,
                "c2": people.with_gear(
                    sheet(dry, "c2"), attrs.evolve(people.gear_of(sheet(dry, "c2"), "waterskin"), out=True), "waterskin"
                ),
            }
        ),
    )
    shared, said = act(out, russell, people.ShareRation("c3", ("c1", "c2")), [6, 6])
    assert sheet(shared, "c1").tired == 0 and sheet(shared, "c2") == sheet(out, "c2"), (
        "Brannoc goes without; the rest share"
    )
    assert "Brannoc has no water to drink and goes without." in said[0]
    with pytest.raises(Refused, match="a Ration each; Brannoc has no water to drink"):
        act(out, russell, people.ShareRation("c3", ("c2",)), [])


def test_a_hand_edited_sheet_is_caught(state: State) -> None:
    bad = state.with_slice(NAME, people.People({**state.slices[NAME].people, "c9": people.Person(tired=-1)}))
    assert people.problems(bad.slices[NAME], bad) == [
        "people.c9: no character 'c9'",
        "people.c9.tired: cannot be negative",
    ]
