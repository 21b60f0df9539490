"""Saves and skills under the Russell House Rules as actions, with scripted dice: the light's,
weariness's and the referee's modifier dice, the dark refusing skills, check marks, Just-in-Time
skills filling slots, and a week of practice raising a rank no higher than the level allows."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import checks
from tests.session.test_individual_initiative_steps import _kits, _member, act


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset("russell-house-rules")


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    """Darla (STR 12, CON 10, INT 10, WIS 13) and Wenna (INT 13: six skill slots), lit by a torch;
    Wenna knows Climbing at rank 1."""
    fresh = new_state("checks", ruleset, seed=3)[0]
    party = (_member("c1", "Darla", 13, 10, 10), _member("c2", "Wenna", 9, 13, 7))
    sheets = _kits(ruleset)
    sheets["c2"] = attrs.evolve(sheets["c2"], skills=(people.Skill("Climbing"),))
    lights = light_levels_state.new_slice(ruleset, party)
    return attrs.evolve(
        fresh, party=party, slices={**fresh.slices, people.NAME: people.People(sheets), light_levels_state.NAME: lights}
    )


def _in(state: State, carrier: str, kind: str) -> State:
    """One lit source only: a candle dims its carrier, and everyone else is in the dark."""
    return light_levels_state.with_lights(state, sources=(light_levels_state.Source("s1", kind, carrier, lit=True),))


def _worn(state: State, ruleset: Ruleset, who: str, burdened: bool) -> State:
    sheet = people.person(state, ruleset, who)
    sack = (people.Gear("sack", "Sack", slots=12),) if burdened else ()
    return people.with_person(state, who, attrs.evolve(sheet, tired=3, gear=(*sheet.gear, *sack)))


def _skill(state: State, ruleset: Ruleset, who: str, name: str) -> people.Skill:
    found = checks.skill_of(people.person(state, ruleset, who), name)
    assert found is not None
    return found


def test_a_save_rolls_under_the_attribute_in_good_light(state: State, ruleset: Ruleset) -> None:
    """ "try to roll equal to or lower than the ability score on a D20\""""
    _, said = act(state, ruleset, checks.Save("c1", "STR"), [12])
    assert said == ["Darla saves on STR, 12 or under: 12 — passes."]
    _, said = act(state, ruleset, checks.Save("c1", "STR", advantage=1), [13, 19])
    assert said == ["Darla saves on STR, 12 or under with Advantage (referee +1): 13 — fails."]


def test_the_dark_gives_saves_double_disadvantage(state: State, ruleset: Ruleset) -> None:
    """ "players suffer double disadvantage on all other rolls, including combat, saves, and pursuit
    rolls"; "roll two, keep the worse, and make worse by 4"; "After a full turn in the dark,
    characters gain advantage on any Wisdom saves to listen"."""
    dark = light_levels_state.with_lights(state, sources=())
    _, said = act(dark, ruleset, checks.Save("c1", "CON"), [3, 7])
    assert said == ["Darla saves on CON, 10 or under with double Disadvantage (the light -2): 7 + 4 = 11 — fails."]
    _, said = act(dark, ruleset, checks.Save("c1", "WIS", listen=True), [15, 9])
    assert said == ["Darla listens (WIS), 13 or under with Advantage (the light +1): 9 — passes."]


def test_wearied_and_burdened_is_double_disadvantage_on_any_save(state: State, ruleset: Ruleset) -> None:
    """ "If a character is both wearied and encumbered, they additionally take a -4 penalty on all
    rolls (so, roll two, keep the worst, and subtract 4. Good luck with that).\""""
    worn = _worn(state, ruleset, "c1", burdened=True)
    _, said = act(worn, ruleset, checks.Save("c1", "INT"), [3, 7])
    assert said == [
        "Darla saves on INT, 10 or under with double Disadvantage (Wearied and Burdened -2): 7 + 4 = 11 — fails."
    ]
    heavy = _worn(state, ruleset, "c1", burdened=True)
    heavy = people.with_person(heavy, "c1", attrs.evolve(people.person(heavy, ruleset, "c1"), tired=0))
    _, said = act(heavy, ruleset, checks.Save("c1", "INT"), [6])
    assert said == ["Darla saves on INT, 10 or under: 6 — passes."], "Burdened alone: physical rolls only"
    _, said = act(heavy, ruleset, checks.Save("c1", "STR", physical=True, advantage=1), [6])
    assert said == ["Darla saves on STR, 12 or under (Burdened -1, referee +1: they cancel): 6 — passes."]


def test_a_skill_passes_on_six_and_marks_a_check(state: State, ruleset: Ruleset) -> None:
    """ "roll 1d6 and add your relevant skill - if the result is six or higher, it succeeds. A roll of
    1 always fails. ... Every time you use a skill, successful or not, put a check mark next to it"."""
    state, said = act(state, ruleset, checks.SkillTest("c2", "climbing"), [5])
    assert said == ["Wenna tests Climbing 1, 6 or more: 5 + 1 = 6 — passes; Climbing has 1 check mark."]
    state, said = act(state, ruleset, checks.SkillTest("c2", "Climbing", modifier=5), [1])
    assert said == [
        "Wenna tests Climbing 1, 6 or more: 1 + 1 + 5 = 7 — fails (a 1 always fails); Climbing has 2 check marks."
    ]
    assert _skill(state, ruleset, "c2", "Climbing").marks == 2


def test_untrained_only_when_the_referee_allows(state: State, ruleset: Ruleset) -> None:
    """ "Some skills, but not all, can be attempted without any training at rank 0. This is the
    referee's call"."""
    with pytest.raises(Refused, match="Untrained Skills"):
        act(state, ruleset, checks.SkillTest("c1", "Searching"), [])
    after, said = act(state, ruleset, checks.SkillTest("c1", "Searching", untrained=True), [6])
    assert said == ["Darla tests Searching (untrained) 0, 6 or more: 6 + 0 = 6 — passes."]
    assert people.person(after, ruleset, "c1").skills == ()


def test_dim_light_hinders_skills_but_favours_stealth(state: State, ruleset: Ruleset) -> None:
    """ "In dim conditions, most characters suffer disadvantage on all skill checks and attack rolls.
    The exception is stealth rolls, which are at an advantage in dim conditions.\""""
    dim = _in(state, "c2", "candle")
    _, said = act(dim, ruleset, checks.SkillTest("c2", "Climbing"), [6, 3])
    assert said[0].startswith("Wenna tests Climbing 1, 6 or more with Disadvantage (the light -1): 3 + 1 = 4 — fails")
    _, said = act(dim, ruleset, checks.SkillTest("c2", "Sneaking", untrained=True, stealth=True), [2, 6])
    assert said == ["Wenna tests Sneaking (untrained) 0, 6 or more with Advantage (the light +1): 6 + 0 = 6 — passes."]


def test_no_skill_in_the_dark(state: State, ruleset: Ruleset) -> None:
    """ "No skill rolls can be attempted" in the dark; | Dark | None allowed |."""
    dark = _in(state, "c2", "candle")
    with pytest.raises(
        Refused, match=r"Darla cannot make that roll: no skill rolls can be attempted in the dark \(Light: Dark\)"
    ):
        act(dark, ruleset, checks.SkillTest("c1", "Searching", untrained=True), [])
    with pytest.raises(Refused, match="Light: Dark"):
        act(dark, ruleset, checks.SkillTest("c1", "Sneaking", untrained=True, stealth=True), [])


def test_a_wearied_burdened_stealth_roll(state: State, ruleset: Ruleset) -> None:
    """Burdened: "disadvantage on any physically challenging roll - combat, pursuits, stealth"; with
    Wearied, "roll two, keep the worst, and subtract 4"."""
    worn = _worn(state, ruleset, "c2", burdened=True)
    _, said = act(worn, ruleset, checks.SkillTest("c2", "Climbing", stealth=True), [6, 5])
    assert said[0].startswith(
        "Wenna tests Climbing 1, 6 or more with double Disadvantage (Wearied and Burdened -2): 5 - 4 + 1 = 2 — fails"
    )


def test_a_just_in_time_skill_fills_a_slot(state: State, ruleset: Ruleset) -> None:
    """ "characters begin with three “Just in Time” Skills at rank 1- at any point during play, you
    can declare that your background prepared you for this situation ... and define a relevant
    skill"; "Characters have a number of skill slots equal to half their intelligence, rounded down.
    They may never have more skills than skill slots.\""""
    state, said = act(state, ruleset, checks.DeclareSkill("c1", "Rope Work"), [])
    assert said == ["Darla declares a Just-in-Time skill: Rope Work 1 (1/5 slots, 2 Just-in-Time left)."]
    assert people.person(state, ruleset, "c1").skills == (people.Skill("Rope Work"),)
    with pytest.raises(Refused, match="already has Rope Work"):
        act(state, ruleset, checks.DeclareSkill("c1", "rope work"), [])
    full = people.with_person(
        state, "c1", attrs.evolve(people.person(state, ruleset, "c1"), skills=tuple(people.Skill(n) for n in "ABCDE"))
    )
    with pytest.raises(Refused, match=r"Darla's 5 skill slots \(half INT 10\) are full.*\(Skill Slots\)"):
        act(full, ruleset, checks.DeclareSkill("c1", "Fishing"), [])
    for name in ("Fishing", "Knots"):
        state, _ = act(state, ruleset, checks.DeclareSkill("c1", name), [])
    with pytest.raises(Refused, match="no Just-in-Time skill left"):
        act(state, ruleset, checks.DeclareSkill("c1", "Sailing"), [])


def _marked(state: State, ruleset: Ruleset, marks: int, rank: int = 1) -> State:
    sheet = people.person(state, ruleset, "c2")
    return people.with_person(state, "c2", attrs.evolve(sheet, skills=(people.Skill("Climbing", rank, marks),)))


def test_a_week_of_practice_may_raise_a_rank(state: State, ruleset: Ruleset) -> None:
    """ "they may choose to test to advance any one skill that has 3 or more marks next to it. If so,
    erase all check marks and roll an intelligence save (roll equal to or under Intelligence). If
    this save is passed, advance the skill to the next rank."; "Remember that rank cannot rise above
    your current level"; "a knowledgeable mentor ... If so, make the save with advantage"."""
    with pytest.raises(Refused, match=r"practice needs 3 or more \(Character Skills\)"):
        act(_marked(state, ruleset, 2), ruleset, checks.PractiseSkill("c2", "Climbing"), [])
    with pytest.raises(Refused, match=r"rank cannot rise above level 1's 1 \(Improving Skills\)"):
        act(_marked(state, ruleset, 3), ruleset, checks.PractiseSkill("c2", "Climbing"), [])
    second = attrs.evolve(state, party=tuple(attrs.evolve(m, level=2) for m in state.party))
    assert [s.name for s in checks.practisable(_marked(second, ruleset, 3), ruleset, second.party[1])] == ["Climbing"]
    after, said = act(_marked(second, ruleset, 4), ruleset, checks.PractiseSkill("c2", "Climbing"), [13])
    assert said == ["Wenna practises Climbing for a week, marks erased: INT 13 or under: 13 — Climbing rises to 2."]
    assert _skill(after, ruleset, "c2", "Climbing") == people.Skill("Climbing", 2, 0)
    after, said = act(
        _marked(second, ruleset, 3), ruleset, checks.PractiseSkill("c2", "Climbing", helped=True), [18, 14]
    )
    assert said == [
        "Wenna practises Climbing for a week, marks erased:"
        " INT 13 or under with Advantage (mentor or facilities +1): 14 — Climbing stays at 1."
    ]
    assert _skill(after, ruleset, "c2", "Climbing") == people.Skill("Climbing", 1, 0)


def test_the_fight_and_the_checks_share_one_weariness_rule(ruleset: Ruleset, state: State) -> None:
    """Combat is physically challenging: Burdened alone weighs on it as on a physical save."""
    heavy = _worn(state, ruleset, "c1", burdened=True)
    heavy = people.with_person(heavy, "c1", attrs.evolve(people.person(heavy, ruleset, "c1"), tired=0))
    sheet = people.person(heavy, ruleset, "c1")
    assert people.weariness_dice(ruleset, heavy.party[0], sheet, physical=True) == -1
    assert checks.tilt(heavy, ruleset, heavy.party[0], "save", True, 0).net == -1
