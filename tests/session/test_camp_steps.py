"""The Camp action with scripted dice: the check, each step in the text's order, the encounter roll.

The demo party under the complete rules is Darla (Thief), Brannoc (Cleric), Wenna (Thief) and Otto
(Elf), all level 1 with 3 Rations each, on dungeon level 1 with one lit torch (6 turns) and two spares.
Divining faces are 1-based: face 1 of every die is blank.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.actions import Refused
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import Douse
from hammertui.procedures.burn_down.state import replace_light
from hammertui.procedures.divining_pool.actions.explore import (
    ExploreNext,
    RollExplore,
    SpendSymbol,
    pool_lines,
    spend_choices,
)
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus
from hammertui.procedures.divining_pool.state import divining_pool, exploring, with_pool
from hammertui.procedures.hammercrawl_camp.actions import (
    AbandonCamp,
    CampNext,
    RestTheRest,
    SetCampAction,
    SetCampFree,
    StartCamp,
    action_options,
    camp_rows,
    encounter_odds,
    light_lines,
)
from hammertui.procedures.hammercrawl_camp.state import Camping, CampPlan, camping, last_camp, with_camp
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_changed, sheet_of
from tests.session.test_roster import run

BLANK = 1


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("test", hc, seed=7)[0]


def haven(state: State) -> State:
    return attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, safe_haven=True))


def member(state: State, cid: str, **changes: Any) -> State:
    noted = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Sheet)}
    changed = attrs.evolve(state.character(cid), **changes)
    state = sheet_changed(state, cid, **noted) if noted else state
    return attrs.evolve(state, party=replace_member(state.party, changed))


def torch(state: State, remaining: int, light_id: str = "l1", lit: bool = True) -> State:
    source = attrs.evolve(light_state.light(state, light_id), remaining=remaining, lit=lit)
    return light_state.with_lights(state, replace_light(light_state.lights(state), source))


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


def steps(state: State, ruleset: Ruleset, *stops: str) -> tuple[State, list]:
    """CampNext until the camp stands on the last of `stops`; no dice are thrown on the way."""
    events: list = []
    while camping(state) is not None and camping(state).step != stops[-1]:
        state, more = run(state, ruleset, CampNext())
        events += more
    return state, events


def camped(state: State, ruleset: Ruleset, **plans: str) -> State:
    """A camp started in a Safe Haven, each named character with the action given (c1="stand_watch");
    whoever has a choice of free action (the Elf; a Book Three Cleric) re-memorizes a spell."""
    state, _ = run(haven(state), ruleset, StartCamp())
    for row in camp_rows(state, ruleset):
        if len(row.free_options) > 1:
            state, _ = run(state, ruleset, SetCampFree(row.id, "rememorize"))
    for cid, action in plans.items():
        state, _ = run(state, ruleset, SetCampAction(cid, action))
    return state


# ---------------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------------


def test_camp_needs_a_safe_haven(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="cannot camp without a Safe Haven"):
        run(demo, hc, StartCamp())
    state, events = run(haven(demo), hc, StartCamp())
    assert camping(state) is not None and camping(state).step == "time"
    assert "The party makes camp: 6 turns and 1 Ration each." in texts(events)


def test_camp_needs_a_lit_light(demo: State, hc: Ruleset) -> None:
    dark, _ = run(haven(demo), hc, Douse("l1"))
    with pytest.raises(Refused, match="without a lit light source"):
        run(dark, hc, StartCamp())


def test_camp_needs_a_ration_each_and_names_who_lacks_it(demo: State, hc: Ruleset) -> None:
    hungry = member(member(haven(demo), "c1", rations=0), "c3", rations=0)
    with pytest.raises(Refused, match="without 1 Ration for Darla, 1 Ration for Wenna"):
        run(hungry, hc, StartCamp())
    rows = {row.id: row for row in camp_rows(hungry, hc)}
    assert rows["c1"].missing == ("1 Ration",) and rows["c2"].missing == ()


def test_the_smiths_override_is_logged_with_its_reason(demo: State, hc: Ruleset) -> None:
    hungry = member(demo, "c1", rations=0)
    state, events = run(hungry, hc, StartCamp(reason="a hidden shrine, safe enough"))
    assert camping(state).override == "a hidden shrine, safe enough"
    assert (
        "The 'Smith allows the camp without a Safe Haven, 1 Ration for Darla: a hidden shrine, safe enough."
        in texts(events)
    )


def test_a_camp_under_way_or_an_explore_refuses_another(demo: State, hc: Ruleset) -> None:
    state = camped(demo, hc)
    with pytest.raises(Refused, match="already camping"):
        run(state, hc, StartCamp())
    with pytest.raises(Refused, match="the party is camping"):
        run(state, hc, RollExplore())
    moving, _ = run(haven(demo), hc, RollExplore(), [BLANK] * 3)
    with pytest.raises(Refused, match="an Explore is under way"):
        run(moving, hc, StartCamp())


def test_abandoning_is_only_before_time_is_spent(demo: State, hc: Ruleset) -> None:
    state = camped(demo, hc)
    left, events = run(state, hc, AbandonCamp())
    assert camping(left) is None and "breaks camp" in texts(events)
    later, _ = run(state, hc, CampNext())
    with pytest.raises(Refused, match="undo"):
        run(later, hc, AbandonCamp())


# ---------------------------------------------------------------------------------------------
# Time, light and Rations
# ---------------------------------------------------------------------------------------------


def test_the_lights_burn_through_the_camps_six_turns(demo: State, hc: Ruleset) -> None:
    state = torch(torch(demo, 10), 8, "l2")
    assert light_lines(haven(state), hc) == (
        "Darla's torch: 10 turns left, 4 turns after the camp",
        "Brannoc's torch: 8 turns left, 2 turns after the camp",
    )
    state = camped(state, hc)
    after, events = run(state, hc, CampNext())
    assert after.clock.units == state.clock.units + 6
    assert (light_state.light(after, "l1").remaining, light_state.light(after, "l2").remaining) == (4, 2)
    assert light_state.light(after, "l3").remaining == 6, "an unlit spare does not burn"
    assert camping(after).step == "eat"
    assert "6 turns pass at camp." in texts(events)
    assert all(e.level == "info" for e in events)


def test_a_torch_that_runs_out_mid_camp_is_reported_and_the_dark_warned(demo: State, hc: Ruleset) -> None:
    state = torch(demo, 4)
    warned = texts(run(haven(state), hc, StartCamp())[1])
    assert "The last light goes out after 4 turns of the camp's 6 turns." in warned
    state = camped(state, hc)
    after, events = run(state, hc, CampNext())
    said = texts(events)
    assert "Darla's torch went out 4 turns into the camp." in said
    assert "The last light died 4 turns into the camp: 2 turns in the dark." in said
    assert "Darla's torch burns out." in said
    assert "Darkness! No light is burning." in said
    assert is_dark(after) and after.clock.units == 6


def test_everyone_eats_a_ration(demo: State, hc: Ruleset) -> None:
    state, _ = run(camped(demo, hc), hc, CampNext())
    after, events = run(state, hc, CampNext())
    assert [sheet_of(after, m.id).rations for m in after.party] == [2, 2, 2, 2]
    assert (
        "The party eats 1 Ration each: Darla (2 left), Brannoc (2 left), Wenna (2 left) and Otto Sixfingers (2 left)."
        in texts(events)
    )


def test_someone_allowed_to_camp_without_a_ration_goes_hungry(demo: State, hc: Ruleset) -> None:
    state, _ = run(haven(member(demo, "c1", rations=0)), hc, StartCamp(reason="foraged mushrooms"))
    state, _ = run(state, hc, CampNext())
    after, events = run(state, hc, CampNext())
    assert sheet_of(after, "c1").rations == 0
    assert "Darla goes hungry: 0 of 1 Ration eaten." in texts(events)
    assert "Darla (" not in texts(events).split("\n")[0]


# ---------------------------------------------------------------------------------------------
# Free actions
# ---------------------------------------------------------------------------------------------


def test_free_actions_by_class_under_the_complete_rules(demo: State, hc: Ruleset) -> None:
    state = member(member(demo, "c1", hp=2), "c2", spells_forgotten=2)  # Darla lost 3 HP
    state = member(state, "c4", hp=3, spells_forgotten=1)  # Otto the Elf lost 5 and spent a spell: a real choice
    state, _ = run(haven(state), hc, StartCamp())
    state, _ = steps(state, hc, "free")
    with pytest.raises(Refused, match="Otto Sixfingers: choose the free action"):
        run(state, hc, CampNext())
    rows = {row.id: row for row in camp_rows(state, hc)}
    assert rows["c1"].free_text == "recover 2 HP (half of 3 lost)"
    assert rows["c4"].free_text == "choose: re-memorize 1 spell or recover half the lost HP"
    with pytest.raises(Refused, match="not a free camp action"):
        run(state, hc, SetCampFree("c1", "turn_unholy"))
    state, _ = run(state, hc, SetCampFree("c4", "heal"))
    after, events = run(state, hc, CampNext())
    assert after.character("c1").hp == 4, "half of 3, rounded up"
    assert after.character("c4").hp == 6, "half of 5, rounded up"
    assert sheet_of(after, "c2").spells_forgotten == 1
    assert camping(after).healed == ("c1", "c3", "c4") and camping(after).step == "actions"
    said = texts(events)
    assert "Darla recovers 2 HP (HP 4/5)." in said
    assert "Brannoc re-memorizes 1 spell (spent spells 2 -> 1)." in said
    assert "Wenna has no lost HP to recover (HP 6/6)." in said


def test_book_three_healing_needs_a_bedroll(b3: Ruleset) -> None:
    state = new_state("test", b3, seed=7)[0]
    state = member(member(state, "c1", hp=1, bedroll=True), "c3", hp=2, bedroll=False)  # each lost 4
    state, _ = run(haven(state), b3, StartCamp())
    rows = {row.id: row for row in camp_rows(state, b3)}
    assert rows["c3"].free_text == "none: no Bedroll"
    assert rows["c3"].limits == ("no Bedroll: no HP back at camp",)
    state, _ = steps(state, b3, "free")
    state, _ = run(state, b3, SetCampFree("c2", "rememorize"))
    state, _ = run(state, b3, SetCampFree("c4", "rememorize"))
    with pytest.raises(Refused, match="heal needs a Bedroll"):
        run(state, b3, SetCampFree("c3", "heal"))
    after, events = run(state, b3, CampNext())
    assert after.character("c1").hp == 3 and after.character("c3").hp == 2
    assert "Wenna takes no free action (no Bedroll)." in texts(events)


def test_a_book_three_cleric_may_regain_turn_unholy_up_to_the_level(b3: Ruleset) -> None:
    state = member(new_state("test", b3, seed=7)[0], "c2", uses={"turn_unholy": 0})
    state, _ = run(haven(state), b3, StartCamp())
    state, _ = run(state, b3, SetCampFree("c4", "heal"))
    state, _ = steps(state, b3, "free")
    brannoc = next(row for row in camp_rows(state, b3) if row.id == "c2")
    assert brannoc.free_text == "regain 1 use of Turn Unholy" and not brannoc.free_to_choose, (
        "the one that gives something"
    )
    after, events = run(state, b3, CampNext())
    assert sheet_of(after, "c2").uses["turn_unholy"] == 1
    assert "Brannoc regains 1 use of Turn Unholy (Turn Unholy 1 of 1)." in texts(events)
    state, _ = run(state, b3, SetCampFree("c2", "turn_unholy"))
    full = member(state, "c2", uses={"turn_unholy": 1})
    again, events = run(full, b3, CampNext())
    assert sheet_of(again, "c2").uses["turn_unholy"] == 1
    assert "(Turn Unholy 1 of 1 (already full))" in texts(events)


# ---------------------------------------------------------------------------------------------
# Camp actions
# ---------------------------------------------------------------------------------------------


def test_rest_heals_the_second_half_and_eats_another_ration(demo: State, hc: Ruleset) -> None:
    state = member(demo, "c1", hp=0, status="down")  # Darla lost 5: 3 free, then 2
    state = camped(state, hc, c1="rest")
    after, events = steps(state, hc, "encounter")
    darla = after.character("c1")
    assert (darla.hp, darla.status, sheet_of(after, "c1").rations) == (5, "ok", 1)
    assert "Darla rests: 2 HP, 1 more Ration (HP 5/5; 1 Ration left)." in texts(events)


def test_rest_without_the_free_heal_is_half_the_loss(b3: Ruleset) -> None:
    state = member(new_state("test", b3, seed=7)[0], "c1", hp=1, bedroll=True)
    state = member(state, "c4", hp=3, bedroll=True)  # the Elf lost 5 and re-memorizes for free
    state = camped(state, b3, c4="rest")
    after, _ = steps(state, b3, "encounter")
    assert after.character("c4").hp == 6, "3 + half of 5 rounded up"


def test_rememorize_recovers_a_spell_per_level(demo: State, hc: Ruleset) -> None:
    state = member(demo, "c2", spells_forgotten=5, level=3)
    state = camped(state, hc, c2="rememorize")
    after, events = steps(state, hc, "encounter")
    assert sheet_of(after, "c2").spells_forgotten == 1, "1 free, then 3 for level 3"
    assert "Brannoc re-memorizes up to 3 spent spells (spent spells 4 -> 1)." in texts(events)


def test_craft_ammo_adds_2d4(demo: State, hc: Ruleset) -> None:
    state, _ = steps(camped(member(demo, "c3", ammo=4), hc, c3="craft_ammo"), hc, "actions")
    after, events = run(state, hc, CampNext(), [3, 4])
    assert sheet_of(after, "c3").ammo == 11
    line = next(e for e in events if "crafts" in e.text)
    assert line.text == "Wenna crafts 7 ammo (ammo 11)."
    assert line.dice == ("Wenna craft ammo 2d4: [3, 4] = 7",)


def test_level_up_follows_the_rosters_levelling(demo: State, hc: Ruleset) -> None:
    state = member(demo, "c1", xp=20)
    options = {o.id: o for o in action_options(haven(state), hc, "c3")}
    assert options["level_up"].problem == "Level Up needs 20 XP, has 0"
    assert options["rememorize"].problem == "casts no spells to re-memorize"
    assert options["stand_watch"].problem == ""
    state, _ = steps(camped(state, hc, c1="level_up"), hc, "actions")
    after, events = run(state, hc, CampNext(), [6, 2])
    darla = after.character("c1")
    assert (darla.level, darla.xp) == (2, 0)
    levelled = next(e for e in events if "reaches level 2" in e.text)
    assert levelled.dice == ("d6: [6] = 6", "d6: [2] = 2")


def test_an_impossible_action_is_refused_when_chosen(demo: State, hc: Ruleset) -> None:
    state = camped(member(demo, "c1", rations=1), hc)
    with pytest.raises(Refused, match="Darla: Level Up needs 20 XP, has 0"):
        run(state, hc, SetCampAction("c1", "level_up"))
    with pytest.raises(Refused, match="Darla: Rest needs one more Ration"):
        run(state, hc, SetCampAction("c1", "rest"))
    with pytest.raises(Refused, match="Scout Ahead needs its check"):
        run(state, hc, SetCampAction("c1", "scout_ahead"))
    with pytest.raises(Refused, match="Scout Ahead only"):
        run(state, hc, SetCampAction("c1", "stand_watch", scout_target=12))


def test_book_three_rest_needs_a_bedroll(b3: Ruleset) -> None:
    state = camped(member(new_state("test", b3, seed=7)[0], "c1", bedroll=False), b3)
    with pytest.raises(Refused, match="Rest needs a Bedroll"):
        run(state, b3, SetCampAction("c1", "rest"))


def test_a_choice_made_before_the_ration_is_eaten_is_checked_again_after(demo: State, hc: Ruleset) -> None:
    # Two Rations: one eaten at camp, one for Rest. Losing one in between makes Rest impossible.
    state = camped(member(demo, "c1", rations=2), hc, c1="rest")
    state, _ = steps(state, hc, "actions")
    assert sheet_of(state, "c1").rations == 1
    poorer = member(state, "c1", rations=0)
    with pytest.raises(Refused, match="Darla: Rest needs one more Ration"):
        run(poorer, hc, CampNext())
    after, _ = run(state, hc, CampNext())
    assert sheet_of(after, "c1").rations == 0


def test_stand_watch_leaves_its_die_and_counts_against_the_encounter(demo: State, hc: Ruleset, b3: Ruleset) -> None:
    state = camped(demo, hc, c1="stand_watch", c2="stand_watch")
    assert encounter_odds(state, hc) == "1d6 - 2 watchers + level 1: an encounter on 6+ (impossible)"
    after, events = steps(state, hc, "encounter")
    assert camping(after).watchers == 2
    assert divining_pool(after).bonuses == (
        PoolBonus("green", 1, 1, "Darla stood watch"),
        PoolBonus("green", 1, 1, "Brannoc stood watch"),
    )
    assert "Darla stands watch (1 Green die for the next room)." in texts(events)
    blue = camped(new_state("test", b3, seed=7)[0], b3, c1="stand_watch")
    blue, _ = steps(blue, b3, "encounter")
    assert divining_pool(blue).bonuses == (PoolBonus("blue", 1, 1, "Darla stood watch"),)


def test_scout_ahead_rolled_against_a_target_or_entered(demo: State, hc: Ruleset) -> None:
    state = camped(demo, hc)
    state, events = run(state, hc, SetCampAction("c3", "scout_ahead", scout_modifier=2, scout_target=15))
    assert "Wenna will Scout Ahead: d20 + 2 against 15." in texts(events)
    state, _ = run(state, hc, SetCampAction("c1", "scout_ahead", scout_success=False))
    rows = {row.id: row for row in camp_rows(state, hc)}
    assert rows["c1"].action_text == "Scout Ahead: failure, entered"
    state, _ = steps(state, hc, "actions")
    # Darla's entered failure: 1d4 rooms = 2. Wenna's check: d20 13 + 2 = 15 hits 15; 1d4 rooms = 3.
    after, events = run(state, hc, CampNext(), [2, 13, 3])
    assert divining_pool(after).bonuses == (
        PoolBonus("black", 1, 2, "Darla scouted ahead and was spotted", new_rooms_only=True),
        PoolBonus("yellow", 1, 3, "Wenna scouted ahead and found the way", new_rooms_only=True),
    )
    wenna = next(e for e in events if e.text.startswith("Wenna scouts"))
    assert wenna.text == "Wenna scouts ahead: success, yellow for the next 3 new rooms (d20 + 2 = 15 against 15)."
    assert wenna.dice == ("Wenna scout check 1d20: [13] +2 = 15", "Wenna scouted rooms 1d4: [3] = 3")


def test_those_without_an_action_rest_with_one_action(demo: State, hc: Ruleset) -> None:
    short = member(demo, "c2", rations=1)  # Rest eats a second Ration: Brannoc has one only
    state = camped(short, hc, c1="stand_watch")
    state, events = run(state, hc, RestTheRest())
    assert {cid: plan.action for cid, plan in camping(state).plans.items()} == {
        "c1": "stand_watch",
        "c3": "rest",
        "c4": "rest",
    }
    assert "Wenna and Otto Sixfingers will Rest." in texts(events)
    assert "Brannoc: Rest needs one more Ration: no Rest." in texts(events)
    with pytest.raises(Refused, match="nobody without a camp action can rest: Brannoc: Rest needs one more Ration"):
        run(state, hc, RestTheRest())
    state, _ = steps(state, hc, "encounter")
    with pytest.raises(Refused, match="the camp actions are done"):
        run(state, hc, RestTheRest())


def test_the_camps_choices_are_kept_for_the_next_and_offered_first(demo: State, hc: Ruleset) -> None:
    state = camped(demo, hc, c1="stand_watch", c2="rest")
    state, _ = run(state, hc, SetCampAction("c3", "scout_ahead", scout_modifier=2, scout_target=15))
    state, _ = steps(state, hc, "actions")
    state, _ = run(state, hc, CampNext(), [15, 2])  # Wenna's d20 and her 1d4 rooms
    assert last_camp(state) == {}, "kept once the camp is over"
    state, _ = run(state, hc, CampNext(), [1])  # the 'Smith's 1d6
    assert camping(state) is None
    assert last_camp(state)["c1"] == CampPlan(action="stand_watch")
    assert last_camp(state)["c3"] == CampPlan(action="scout_ahead", scout_modifier=2, scout_target=15)
    assert last_camp(state)["c4"] == CampPlan(free="rememorize")
    state = torch(state, 6, "l2")
    state, _ = run(state, hc, StartCamp())
    assert [o.id for o in action_options(state, hc, "c1")][:1] == ["stand_watch"]
    assert [o.last for o in action_options(state, hc, "c1")] == [True] + [False] * 5
    assert [o.id for o in action_options(state, hc, "c4")] == list(hc.camp.actions), (
        "no action last time: the rules' order"
    )
    otto = next(row for row in camp_rows(state, hc) if row.id == "c4")
    assert otto.free_options == ("rememorize", "heal") and not otto.free_to_choose, "the last camp's, unasked"
    assert otto.free_text == "re-memorize 1 spell"
    state, _ = run(state, hc, SetCampFree("c4", "heal"))
    otto = next(row for row in camp_rows(state, hc) if row.id == "c4")
    assert not otto.free_to_choose


def test_an_old_save_without_the_last_camps_choices_loads(demo: State, tmp_path: Path) -> None:
    kept = with_camp(demo, last_camp={"c1": CampPlan(action="stand_watch")})
    text = persist.dump_state(kept)
    assert persist.parse_state(text, tmp_path / "new.toml") == kept
    old = tomllib.loads(text)
    del old["slices"]["hammercrawl_camp"]["last_camp"]
    assert persist.parse_state(tomli_w.dumps(old), tmp_path / "old.toml") == demo


def test_no_action_chosen_is_no_action(demo: State, hc: Ruleset) -> None:
    state, _ = steps(camped(demo, hc), hc, "actions")
    after, events = run(state, hc, CampNext())
    assert "Darla takes no camp action." in texts(events)
    assert camping(after).step == "encounter" and camping(after).watchers == 0


# ---------------------------------------------------------------------------------------------
# The encounter
# ---------------------------------------------------------------------------------------------


def at_encounter(state: State, watchers: int, level: int) -> State:
    state = attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, level=level, safe_haven=True))
    camp = Camping(step="encounter", campers=tuple(m.id for m in state.living), watchers=watchers)
    return with_camp(state, camping=camp)


@pytest.mark.parametrize(
    ("die", "watchers", "level", "encounter"),
    [
        (4, 0, 1, False),  # 4 + 1 = 5
        (5, 0, 1, True),  # 5 + 1 = 6
        (6, 1, 1, True),  # 6 - 1 + 1 = 6
        (5, 1, 1, False),  # 5 - 1 + 1 = 5
        (3, 0, 3, True),  # 3 + 3 = 6
        (2, 0, 3, False),  # 2 + 3 = 5
        (6, 2, 2, True),  # 6 - 2 + 2 = 6
    ],
)
def test_the_encounter_roll_at_each_boundary(
    demo: State, hc: Ruleset, die: int, watchers: int, level: int, encounter: bool
) -> None:
    state = at_encounter(demo, watchers, level)
    after, events = run(state, hc, CampNext(), [die] + [BLANK] * 3)
    total = die - watchers + level
    assert camping(after) is None
    assert (exploring(after) is not None) == encounter
    head = events[0]
    assert head.dice == (f"camp encounter 1d6: [{die}]{f' {total - die:+d}' if total != die else ''} = {total}",)
    assert f"= {total}, an encounter on 6+" in head.text
    assert texts(events).endswith("The camp is over: resolve the encounter (e)." if encounter else "The camp is over.")


def test_nobody_on_watch_means_the_party_is_surprised(demo: State, hc: Ruleset) -> None:
    after, events = run(at_encounter(demo, 0, 1), hc, CampNext(), [5] + [BLANK] * 3)
    trip = exploring(after)
    assert trip.camp and trip.surprised and trip.free_move and trip.revisit_of == 0
    assert "An encounter finds the camp: the party is surprised!" in texts(events)
    watched, _ = run(at_encounter(demo, 1, 1), hc, CampNext(), [6] + [BLANK] * 3)
    assert not exploring(watched).surprised


def test_the_encounter_pool_holds_the_camps_dice_and_leaves_them_for_the_next_room(demo: State, hc: Ruleset) -> None:
    state = camped(torch(demo, 12), hc, c1="stand_watch")  # the torch outlasts the camp: no dark dice
    state, _ = run(state, hc, SetCampAction("c3", "scout_ahead", scout_success=True))
    state, _ = steps(state, hc, "actions")
    state, _ = run(state, hc, CampNext(), [2])  # Wenna's 1d4 rooms: 2
    # 1d6 = 6 - 1 watcher + level 1 = 6. Pool: Blue, Green, Yellow, Purple x2, all blank.
    after, events = run(state, hc, CampNext(), [6] + [BLANK] * 5)
    trip = exploring(after)
    assert trip.pool == {"blue": 1, "green": 1, "yellow": 1, "purple": 2}
    assert "1 green: Darla stood watch (this room)" in trip.reasons
    assert "1 yellow: Wenna scouted ahead and found the way (2 rooms left)" in trip.reasons
    assert not trip.surprised and camping(after) is None
    bonuses = divining_pool(after).bonuses
    # Resolving the encounter records it as a room but spends no camp die, no time, no new room.
    done, events = run(after, hc, ExploreNext())
    assert exploring(done) is None
    assert divining_pool(done).bonuses == bonuses
    assert done.dungeon.rooms_explored == 0 and done.clock.units == after.clock.units
    room = divining_pool(done).rooms[-1]
    assert room.notes == "Camp encounter." and room.number == 1
    assert done.dungeon.safe_haven, "the party is still where it camped"
    assert "The camp encounter is recorded as room 1" in texts(events)
    # The next room explored takes the watch's die and one of the scout's two rooms.
    assert {line.colour for line in pool_lines(done, hc) if line.source == "camp"} == {"green", "yellow"}
    moved, _ = run(done, hc, RollExplore(), [BLANK] * 5)
    assert exploring(moved).revisit_of == 0
    moved, _ = run(moved, hc, ExploreNext())
    assert divining_pool(moved).bonuses == (
        PoolBonus("yellow", 1, 1, "Wenna scouted ahead and found the way", new_rooms_only=True),
    )
    again, _ = run(moved, hc, RollExplore(), [BLANK] * 4)
    again, _ = run(again, hc, ExploreNext())
    assert divining_pool(again).bonuses == ()


def test_a_camp_encounter_after_a_room_happens_in_that_room(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, RollExplore(), [BLANK] * 3)
    state, _ = run(state, hc, ExploreNext())
    after, _ = run(at_encounter(state, 0, 1), hc, CampNext(), [6] + [BLANK] * 3)
    assert exploring(after).revisit_of == 1
    done, _ = run(after, hc, ExploreNext())
    assert divining_pool(done).rooms[-1].notes == "Camp encounter; the party was surprised."
    assert done.dungeon.rooms_explored == 1


def test_a_camp_whose_party_fell_still_ends_after_an_encounter_roll(demo: State, hc: Ruleset) -> None:
    state = at_encounter(demo, 0, 1)
    for m in state.party:
        state = member(state, m.id, status="dead", hp=0)
    after, events = run(state, hc, CampNext(), [6])
    assert camping(after) is None and exploring(after) is None
    assert "The encounter cannot be rolled as an Explore: nobody alive to explore." in texts(events)


def test_book_three_camping_resets_risk_and_reward(b3: Ruleset, hc: Ruleset, demo: State) -> None:
    state = new_state("test", b3, seed=7)[0]
    state = with_pool(state, risk=2, reward=3)
    after, events = run(at_encounter(state, 0, 1), b3, CampNext(), [1])
    assert (divining_pool(after).risk, divining_pool(after).reward) == (0, 0)
    assert "The Risk and Reward dice reset to zero (were 2 Risk, 3 Reward)." in texts(events)
    # With an encounter, its pool still holds the accrued dice; the reset comes after it.
    found, _ = run(at_encounter(state, 0, 1), b3, CampNext(), [5] + [BLANK] * 8)
    assert exploring(found).pool.get("purple") == 2 + 2 and exploring(found).pool.get("blue") == 1 + 3
    assert (divining_pool(found).risk, divining_pool(found).reward) == (0, 0)
    hc_state = with_pool(demo, risk=2)
    kept, events = run(at_encounter(hc_state, 0, 1), hc, CampNext(), [1])
    assert divining_pool(kept).risk == 2 and "Risk and Reward" not in texts(events)
    _, events = run(at_encounter(new_state("test", b3, seed=7)[0], 0, 1), b3, CampNext(), [1])
    assert not any("Risk and Reward" in text for text in texts(events)), "nothing to reset, nothing said"


# ---------------------------------------------------------------------------------------------
# Saves and undo
# ---------------------------------------------------------------------------------------------


def test_a_camp_half_done_survives_a_save_and_load(demo: State, hc: Ruleset, tmp_path: Path) -> None:
    state = member(demo, "c4", hp=3)
    state = camped(state, hc, c1="stand_watch")
    state, _ = run(state, hc, SetCampAction("c3", "scout_ahead", scout_modifier=-1, scout_target=12))
    state, _ = steps(state, hc, "free")
    state, _ = run(state, hc, SetCampFree("c4", "heal"))
    loaded = persist.parse_state(persist.dump_state(state), tmp_path / "camp.toml")
    assert loaded == state
    assert camping(loaded).plans["c3"].scout_success is None
    after, _ = run(loaded, hc, CampNext())
    assert after.character("c4").hp == 6


def test_a_save_with_a_camp_for_a_stranger_is_refused(demo: State, tmp_path: Path) -> None:
    broken = with_camp(demo, camping=Camping(step="nap", campers=("c9",)))
    with pytest.raises(persist.SaveError) as error:
        persist.parse_state(persist.dump_state(broken), tmp_path / "camp.toml")
    assert "camping.step: 'nap'" in str(error.value) and "no character 'c9'" in str(error.value)
    plans = {"c1": CampPlan(action="scout_ahead", scout_target=-3)}
    negative = with_camp(demo, camping=Camping(step="actions", campers=("c1",), plans=plans))
    with pytest.raises(persist.SaveError, match="counts cannot be negative"):
        persist.parse_state(persist.dump_state(negative), tmp_path / "camp.toml")


def test_each_step_undoes_through_the_store(demo: State, hc: Ruleset) -> None:
    store = Store(haven(demo), hc, dice=lambda _: ScriptedDice([3, 4]))
    store.dispatch(StartCamp())
    store.dispatch(SetCampFree("c4", "heal"))
    store.dispatch(SetCampAction("c3", "craft_ammo"))
    for _ in range(4):
        store.dispatch(CampNext())
    assert camping(store.state).step == "encounter" and sheet_of(store.state, "c3").ammo == 7
    store.undo()
    assert camping(store.state).step == "actions" and sheet_of(store.state, "c3").ammo == 0
    store.undo()
    store.undo()
    assert camping(store.state).step == "eat" and store.state.clock.units == 6
    store.undo()
    assert camping(store.state).step == "time" and store.state.clock.units == 0
    assert light_state.light(store.state, "l1").remaining == 6
    store.undo()
    store.undo()
    store.undo()
    assert camping(store.state) is None


def test_a_falcon_at_a_camp_encounter_has_no_move_to_waive(demo: State, hc: Ruleset) -> None:
    """The Falcon's "The move cost no time or light" is for a move; an encounter that finds a camp is none."""
    state, _ = run(at_encounter(demo, 0, 1), hc, CampNext(), [6] + [BLANK] * 5)
    trip = attrs.evolve(exploring(state), step="transit", transit_symbol="falcon", transit_left=1)
    state = with_pool(state, exploring=trip)
    (falcons,) = spend_choices(state, hc)
    assert "no_time" not in [c.id for c in falcons.choices]
    assert "reroll" in [c.id for c in falcons.choices], "the other boons stand"
    with pytest.raises(Refused, match="cannot buy 'no_time' at a camp"):
        run(state, hc, SpendSymbol("falcon", "no_time"))
    moving = with_pool(state, exploring=attrs.evolve(trip, camp=False))
    assert "no_time" in [c.id for c in spend_choices(moving, hc)[0].choices]
