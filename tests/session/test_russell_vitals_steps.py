"""HP, wounds and hirelings by the Russell House Rules as actions, with scripted dice against the
shipped ruleset: damage outside a fight and its wounds, a second wound's death and burial, a
night's rest, the day's square meal, a week of downtime, and hirelings hired, tired, tested for Guts,
hurt and killed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest
import tomli_w

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.procedures import WoundTaken, signal, slice_problems
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Character, State, Stats
from hammertui.kernel.session.vitals import Bury
from hammertui.procedures.exploration_die import state as explore
from hammertui.procedures.individual_initiative import actions as act_
from hammertui.procedures.individual_initiative import state as fights_state
from hammertui.procedures.individual_initiative.state import fighting
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import vitals
from tests.session.test_individual_initiative_steps import GOBLINS, act
from tests.ui.test_russell_party import ExplorationDieShowsTired

SIGN = 2
"""The exploration die's face for a turn an action takes: a sign, which changes nothing kept."""


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset("russell-house-rules")


def _member(cid: str, name: str, cha: int, hp: int, level: int = 1) -> Character:
    stats = Stats.of(dict(STR=12, DEX=10, CON=10, INT=10, WIS=10, CHA=cha))
    return Character(id=cid, name=name, class_id="", stats=stats, hp=hp, max_hp=6, ac=10, level=level)


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    """Darla (CHA 13: +1) at 2/6 HP and Wenna (CHA 9, level 2) at 6/6, each with the kit."""
    fresh = new_state("vitals", ruleset, seed=3)[0]
    party = (_member("c1", "Darla", 13, 2), _member("c2", "Wenna", 9, 6, level=2))
    sheets = {m.id: people.fresh(people.section(ruleset)) for m in party}
    lights = light_levels_state.new_slice(ruleset, party)
    return attrs.evolve(
        fresh, party=party, slices={**fresh.slices, people.NAME: people.People(sheets), light_levels_state.NAME: lights}
    )


def _fighting(state: State, ruleset: Ruleset) -> State:
    """Two goblins (HP 4 and 3), initiative rolled."""
    state, _ = act(state, ruleset, act_.StartFight((GOBLINS,)), [4, 3])
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    return state


def wounds(state: State, ruleset: Ruleset, who: str) -> tuple[str, ...]:
    return vitals.wounds_of(state, ruleset, who)


def test_a_fall_past_0_hp_is_a_wound_and_a_second_kills(state: State, ruleset: Ruleset) -> None:
    """ "When a character reaches zero HP, any additional hits will cause wounds." "By default,
    taking damage beyond 0 HP causes a wound ... A second wound will kill a character."
    | 4 | Maimed/Broken Limb - Stunned |; | 1 | Severe Head Wound - Helpless, Bleeding Out |."""
    state, said = act(state, ruleset, vitals.Damage("c1", 3, "a fall"), [])
    assert said == ["Darla takes 3 damage from a fall.", "Darla is at 0/6 HP — at 0 HP: another hit is a wound."]
    state, said = act(state, ruleset, vitals.Damage("c1", 2, "a dart trap"), [4])
    assert said == ["Darla takes 2 damage from a dart trap.", "Darla takes a wound: Maimed/Broken Limb (Stunned)."]
    assert wounds(state, ruleset, "c1") == ("Maimed/Broken Limb",) and state.character("c1").alive
    assert fighting(state) is None and fights_state.fights(state).held == {}, (
        "out of a fight Stunned passes with the moment"
    )
    state, said = act(state, ruleset, vitals.Damage("c1", 1, "a fall"), [1])
    assert said[1:] == [
        "Darla takes a second wound (Severe Head Wound).",
        "Darla is dead. Write their epitaph (B on the roster).",
    ]
    dead = state.character("c1")
    assert not dead.alive and dead.death is not None and dead.death.cause == "a second wound: Severe Head Wound"
    with pytest.raises(Refused, match="Darla is dead"):
        act(state, ruleset, vitals.Damage("c1", 1), [])
    buried, said = act(state, ruleset, Bury("c1", "Should have looked down."), [])
    assert [g.character.name for g in buried.graveyard] == ["Darla"] and buried.graveyard[
        0
    ].epitaph == "Should have looked down."
    assert set(buried.slices) == set(state.slices) and slice_problems(buried) == []


def test_the_dead_buried_mid_fight_leave_the_order_the_light_and_the_spokesmans_place(
    state: State, ruleset: Ruleset
) -> None:
    """ "A second wound will kill a character": buried in the middle of a fight, Darla leaves its
    order (the turn stays with whoever has it), her torch is left with the body, and she speaks for
    the party no more; the save names no one missing."""
    state = state.with_slice(explore.NAME, attrs.evolve(explore.die_of(state), spokesman="c1"))
    state = _fighting(state, ruleset)
    acting = fighting(state).acting
    state = attrs.evolve(state, party=(attrs.evolve(state.party[0], hp=0), state.party[1]))
    state, _ = act(state, ruleset, vitals.Damage("c1", 1, "a fall"), [1])
    state, _ = act(state, ruleset, vitals.Damage("c1", 1, "a fall"), [2])
    buried, said = act(state, ruleset, Bury("c1", "Fought on."), [])
    fight = fighting(buried)
    assert "c1" not in fight.order and "c1" not in fight.rolls and "c1" not in fight.conditions
    assert fight.acting == (acting if acting != "c1" else fight.acting)
    assert "Darla's torch is left with the body." in said
    assert all(s.carrier != "c1" for s in light_levels_state.lights(buried).sources)
    assert explore.die_of(buried).spokesman == "" and explore.spokesman(buried).name == "Wenna"
    assert slice_problems(buried) == []


def test_wounds_taken_outside_a_fight_count_in_the_next_and_its_blows_write_them(
    state: State, ruleset: Ruleset
) -> None:
    """ "In any case, a second wound will kill the character": a wound from a fall carries into the
    next fight, and the fight's own blows land through the same wounds. | 6 | Light Head Wound - Prone |"""
    state = attrs.evolve(state, party=(attrs.evolve(state.party[0], hp=0), state.party[1]))
    state, _ = act(state, ruleset, vitals.Damage("c1", 1, "a fall"), [6])
    state = _fighting(state, ruleset)
    state, said = act(state, ruleset, act_.Attack("f1", "c1", free=True), [15, 3, 3])
    assert said[-2:] == [
        "Darla takes a second wound (Nasty Cut).",
        "Darla is dead. Write their epitaph (B on the roster).",
    ]


def test_a_wound_taken_in_a_fight_holds_its_conditions_and_outlasts_it(state: State, ruleset: Ruleset) -> None:
    """ "Characters that are damaged after being reduced to 0 HP take a wound and are immediately
    Stunned or Helpless depending on the type of wound": a trap sprung mid-fight stuns; the wound
    stays when the fight ends ("most wounds can be assumed to heal with one week of downtime")."""
    state = attrs.evolve(state, party=(attrs.evolve(state.party[0], hp=0), state.party[1]))
    state = _fighting(state, ruleset)
    state, said = act(state, ruleset, vitals.Damage("c1", 2, "a falling block"), [5])
    assert said[-1] == "Darla takes a wound: Cracked Ribs (Stunned)."
    fight = fighting(state)
    assert fight is not None and fight.held("c1") == ("stunned",)
    state, _ = act(state, ruleset, act_.EndFight(), [SIGN])
    assert wounds(state, ruleset, "c1") == ("Cracked Ribs",)


def test_a_nights_rest(state: State, ruleset: Ruleset) -> None:
    """ "A full night's rest (no watch shifts) with a a cover of some kind ... and a warm-enough
    blanket recovers all HP. If you don't have a comfortable place or have to wake up in the night,
    only recover 1d6+level HP." "Recovered HP cannot go above a character's maximum." """
    hurt = attrs.evolve(state, party=(state.party[0], attrs.evolve(state.party[1], hp=1)))
    rested, said = act(hurt, ruleset, vitals.NightsRest(sheltered=True, whole_night=True), [])
    assert [m.hp for m in rested.party] == [6, 6]
    assert said == [
        "A night's rest (under cover, no watch shifts): Darla recovers all HP (6/6);"
        " Wenna recovers all HP (6/6); every Tired pip erased."
    ]
    rough, said = act(hurt, ruleset, vitals.NightsRest(sheltered=True, whole_night=False), [1, 5])
    assert [m.hp for m in rough.party] == [4, 6], "Darla 2 + 1+1; Wenna 1 + 5+2, no more than 6"
    assert said == [
        "A night's rest (woken in the night): Darla recovers 1+1 (4/6); Wenna recovers 5+2 (6/6);"
        " every Tired pip erased."
    ]
    sheet = people.person(hurt, ruleset, "c1")
    cold = people.with_person(hurt, "c1", people.with_gear(sheet, None, "blanket"))
    cold, said = act(cold, ruleset, vitals.NightsRest(sheltered=True, whole_night=True), [2])
    assert said == [
        "A night's rest (under cover, no watch shifts): Darla recovers 2+1 (5/6) (no Blanket);"
        " Wenna recovers all HP (6/6); every Tired pip erased."
    ]
    tired = people.with_person(rested, "c2", attrs.evolve(people.person(rested, ruleset, "c2"), tired=2))
    tired, _ = act(tired, ruleset, vitals.NightsRest(sheltered=False, whole_night=True), [])
    assert people.person(tired, ruleset, "c2").tired == 0
    with pytest.raises(Refused, match="No one is hurt or Tired"):
        act(tired, ruleset, vitals.NightsRest(sheltered=True, whole_night=True), [])


def test_a_square_meal_once_a_day(state: State, ruleset: Ruleset) -> None:
    """ "Once per day, a good square meal (one ration's worth per person) recovers 1d6+level HP." """
    fed, said = act(state, ruleset, vitals.SquareMeal(("c1",)), [4, 3])
    assert fed.character("c1").hp == 6 and said == [
        "A square meal, a Ration each: Darla recovers 3+1 (6/6); Darla: Rations holds at d6."
    ]
    assert people.gear_of(people.person(fed, ruleset, "c1"), "rations").die == 6, "the Rations' usage die rolled a 4"
    hurt = attrs.evolve(fed, party=(attrs.evolve(fed.party[0], hp=1), fed.party[1]))
    with pytest.raises(Refused, match="Darla has had today's square meal: once per day"):
        act(hurt, ruleset, vitals.SquareMeal(("c1",)), [])
    tomorrow = attrs.evolve(hurt, clock=attrs.evolve(hurt.clock, units=hurt.clock.units + 144))
    tomorrow, _ = act(tomorrow, ruleset, vitals.SquareMeal(("c1",)), [4, 1])
    assert tomorrow.character("c1").hp == 3


def test_a_week_of_downtime_heals_wounds(state: State, ruleset: Ruleset) -> None:
    """ "most wounds can be assumed to heal with one week of downtime with appropriate care"."""
    state = attrs.evolve(state, party=(attrs.evolve(state.party[0], hp=0), state.party[1]))
    state, _ = act(state, ruleset, vitals.Damage("c1", 1), [3])
    healed, said = act(state, ruleset, vitals.WeekOfDowntime(), [])
    assert wounds(healed, ruleset, "c1") == () and healed.character("c1").hp == 6
    assert said == ["A week of downtime with care: everyone is at full HP and rested. Darla's Nasty Cut heals."]
    with pytest.raises(Refused, match="No one has a wound"):
        act(healed, ruleset, vitals.WeekOfDowntime(), [])


def test_hirelings_are_retained_by_charisma(state: State, ruleset: Ruleset) -> None:
    """ "They will need to be compensated, either by a flat fee or a share of any treasure recovered
    ... and have a Guts of 7. Each character can retain the services of 1 hireling plus a number
    equal to their charisma modifier, with a minimum of 1." Darla (CHA 13, +1) retains two."""
    state, said = act(state, ruleset, vitals.Hire("Pip", "torchbearer", "c1", "a half share"), [4])
    assert said == ["Darla hires Pip, torchbearer for a half share: HP 4, Guts 8."]
    hired = state.hirelings[0]
    assert (hired.name, hired.employer) == ("Pip", "c1") and people.hand(state, hired.id) == people.Hand(
        4, 4, "a half share"
    )
    state, _ = act(state, ruleset, vitals.Hire("Mog", "porter", "c1", "2 coins a day"), [2])
    with pytest.raises(Refused, match="Darla retains 2 hirelings at most"):
        act(state, ruleset, vitals.Hire("Tam", "", "c1"), [])
    state, said = act(state, ruleset, vitals.Hire("Tam", "", "c2"), [1])
    assert said == ["Wenna hires Tam, hireling: HP 1, Guts 7."]
    with pytest.raises(Refused, match="Wenna retains 1 hireling at most"):
        act(state, ruleset, vitals.Hire("Ula", "", "c2"), [])
    state, said = act(state, ruleset, vitals.LetGo(hired.id), [])
    assert (
        said == ["Pip leaves the party's service."]
        and people.hand(state, hired.id) is None
        and slice_problems(state) == []
    )


def test_a_hireling_tires_tests_guts_is_hurt_and_dies(state: State, ruleset: Ruleset) -> None:
    """ "Any time the Tired result is rolled on the exploration die, every character marks a Tired
    pip"; "Hirelings may make Guts rolls (modified by their employer's Charisma)"; a hireling's
    wounds are a character's."""
    state, _ = act(state, ruleset, vitals.Hire("Pip", "torchbearer", "c1"), [3])
    state, said = act(state, ruleset, ExplorationDieShowsTired(), [])
    assert said == ["Darla marks a Tired pip: 1/3; Wenna marks a Tired pip: 1/3; Pip marks a Tired pip: 1/3."]
    state = _fighting(state, ruleset)
    state, said = act(state, ruleset, act_.GutsRoll("h1", "the fight goes badly"), [5, 4])
    assert said == ["Pip's Guts (the fight goes badly): 9 against 8 — will not."]
    state, said = act(state, ruleset, vitals.Damage("h1", 5, "a goblin's spear"), [])
    assert said == ["Pip takes 5 damage from a goblin's spear.", "Pip is at 0/3 HP — at 0 HP: another hit is a wound."]
    state, said = act(state, ruleset, vitals.Damage("h1", 1, "a goblin's club"), [2])
    assert said[1] == "Pip takes a wound: Severe Gut Wound (Helpless, Bleeding Out)."
    assert fighting(state) is not None and "h1" not in fighting(state).conditions, "a hireling is not in the order"
    state, said = act(state, ruleset, vitals.NightsRest(sheltered=False, whole_night=True), [1, 1])
    assert "Darla recovers 1+1 (4/6); Pip recovers 1+1 (2/3)" in said[0]
    state, _ = act(state, ruleset, vitals.Damage("h1", 2), [])
    state, said = act(state, ruleset, vitals.Damage("h1", 1), [1])
    assert said[1:] == [
        "Pip takes a second wound (Severe Head Wound).",
        "Pip the hireling is dead (a second wound: Severe Head Wound).",
    ]
    assert state.hirelings == () and people.people(state).hands == {} and slice_problems(state) == []


def test_a_hirelings_meal_is_from_the_employers_rations(state: State, ruleset: Ruleset) -> None:
    """ "one ration's worth per person": a hireling's Ration comes from the employer's (a decision)."""
    state, _ = act(state, ruleset, vitals.Hire("Pip", "torchbearer", "c1"), [5])
    state, _ = act(state, ruleset, vitals.Damage("h1", 4), [])
    state, said = act(state, ruleset, vitals.SquareMeal(("c1", "h1")), [4, 2, 1, 6])
    assert said == [
        "A square meal, a Ration each: Darla recovers 2+1 (5/6); Darla: Rations holds at d6;"
        " Pip recovers 6+1 (5/5); Darla: Rations steps down to d4."
    ]
    assert people.gear_of(people.person(state, ruleset, "c1"), "rations").die == 4, "Pip's Ration rolled on Darla's die"


def test_signal_tells_the_fight_of_a_wound_only_while_one_is_under_way(state: State, ruleset: Ruleset) -> None:
    """Out of a fight no procedure holds a wound's conditions."""
    from hammertui.kernel.rules.dice import ScriptedDice
    from hammertui.kernel.session.acting import Context

    after, events = signal(
        state, Context(ruleset, ScriptedDice([])), vitals.Damage("c1", 1), WoundTaken("c1", ("stunned",))
    )
    assert after == state and events == []


def test_a_schema_2_save_keeps_its_wounds_on_the_sheets(state: State, tmp_path: Path) -> None:
    """A save written when the fight's slice kept the wounds opens with each on its character's sheet."""
    data = tomllib.loads(persist.dump_state(state))
    data["slices"]["individual_initiative"] = {"wounds": {"c1": ["Nasty Cut"]}}
    old = tomli_w.dumps({**data, "schema": 2})
    opened = persist.parse_state(old, tmp_path / "old.toml")
    assert people.person(opened, load_ruleset("russell-house-rules"), "c1").wounds == ("Nasty Cut",)
    assert opened.slices["individual_initiative"] == fights_state.Fights()
    assert persist.parse_state(persist.dump_state(opened), tmp_path / "new.toml") == opened


def held_between(state: State, who: str) -> tuple[str, ...]:
    return fights_state.fights(state).held.get(who, ())


def test_a_wound_out_of_a_fight_keeps_helpless_and_bleeding_out_into_the_next(state: State, ruleset: Ruleset) -> None:
    """| 2 | Severe Gut Wound - Helpless, Bleeding Out |: "Characters that are damaged after being
    reduced to 0 HP take a wound and are immediately Stunned or Helpless depending on the type of
    wound"; "Bleeding Out: Player must roll a constitution save every round. After three failures,
    the character dies." A dart trap's wound holds Darla Helpless and Bleeding Out: she saves out
    of the fight, and the fight that follows holds both, with the failed save, and asks her save."""
    state, _ = act(state, ruleset, vitals.Damage("c1", 2, "a fall"), [])
    state, said = act(state, ruleset, vitals.Damage("c1", 2, "a dart trap"), [2])
    assert said[1:] == [
        "Darla takes a wound: Severe Gut Wound (Helpless, Bleeding Out).",
        "Darla stays Helpless and Bleeding Out: a CON save every round until stabilised (b).",
    ]
    assert held_between(state, "c1") == ("helpless", "bleeding_out")
    state, said = act(state, ruleset, act_.BleedingSave("c1"), [15])
    assert said == ["Darla fails (CON 10: 15): 1 of 3."]
    state, said = act(state, ruleset, act_.StartFight((GOBLINS,)), [4, 3])
    fight = fighting(state)
    assert fight is not None and fight.held("c1") == ("helpless", "bleeding_out") and fight.bleeding == {"c1": 1}
    assert said[1] == "Darla is Helpless and Bleeding Out (1 failed save) from before the fight."
    assert held_between(state, "c1") == ()
    state, said = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    assert said[1] == "Bleeding Out: Darla must save (CON) this round."
    state, said = act(state, ruleset, act_.Attack("f1", "c1", free=True), [2, 1, 3])
    assert said[1] == "Darla takes a second wound (Nasty Cut).", "Helpless: hit automatically and wounded"


def test_out_of_a_fight_an_ally_stabilises_and_a_week_heals_the_rest(state: State, ruleset: Ruleset) -> None:
    """ "May be stabilized by an ally rolling 1d6 + Int modifier, with a 6 or higher succeeding";
    "most wounds can be assumed to heal with one week of downtime with appropriate care". Stunned
    and Floored pass with the moment: a Cracked Ribs out of a fight holds nothing."""
    state, _ = act(state, ruleset, vitals.Damage("c1", 2), [])
    state, _ = act(state, ruleset, vitals.Damage("c2", 6), [])
    state, said = act(state, ruleset, vitals.Damage("c2", 1), [5])
    assert said[-1] == "Wenna takes a wound: Cracked Ribs (Stunned)." and held_between(state, "c2") == ()
    state, said = act(state, ruleset, vitals.Damage("c1", 1), [1])
    assert held_between(state, "c1") == ("helpless", "bleeding_out")
    with pytest.raises(Refused, match="Wenna is not Bleeding Out"):
        act(state, ruleset, act_.BleedingSave("c2"), [])
    state, said = act(state, ruleset, act_.Stabilise("c1", by="c2"), [6])
    assert said == ["Wenna stabilises Darla (6)."] and held_between(state, "c1") == ("helpless",)
    state, _ = act(state, ruleset, act_.SetCondition("c1", "helpless", on=False), [])
    assert held_between(state, "c1") == ()
    state, _ = act(state, ruleset, vitals.Damage("c1", 1), [3])
    assert not state.character("c1").alive, "a second wound kills out of a fight too"


def test_a_week_of_downtime_heals_the_wound_and_its_conditions(state: State, ruleset: Ruleset) -> None:
    """ "most wounds can be assumed to heal with one week of downtime with appropriate care"."""
    state, _ = act(state, ruleset, vitals.Damage("c1", 2), [])
    state, _ = act(state, ruleset, vitals.Damage("c1", 1), [1])
    assert held_between(state, "c1") == ("helpless", "bleeding_out")
    state, _ = act(state, ruleset, vitals.WeekOfDowntime(), [])
    assert held_between(state, "c1") == () and fights_state.fights(state).bleeding == {}
