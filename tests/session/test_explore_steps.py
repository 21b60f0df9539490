"""The Explore action with scripted dice: the pool and its reasons, each step, and what it costs.

Faces are 1-based indexes into the ruleset's faces, and the pool is thrown in the ruleset's order of
dice: Blue, Red, Green, Yellow, White, Purple, Black. The demo party is four, on dungeon level 1,
Challenge Level 2, with one lit torch (6 turns) and two spares.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.actions import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, replace_member
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import Douse
from hammertui.procedures.divining_pool.actions.explore import (
    OTHER,
    ExploreNext,
    RollExplore,
    SetAccrued,
    SetAddition,
    SetChallengeLevel,
    SetExtraDice,
    SetOrdinaryDice,
    SetRevisit,
    SpendSymbol,
    SplitBlood,
    pool_lines,
    pool_of,
    spend_choices,
)
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus
from hammertui.procedures.divining_pool.state import divining_pool, exploring, with_pool
from hammertui.procedures.hammercrawl_classes.state import sheet_changed, sheet_of
from tests.session.test_roster import run

BLANK = 1  # the first face of every die is blank


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("test", hc, seed=7)[0]


def explore(state: State, ruleset: Ruleset, faces: list[int]) -> tuple[State, list]:
    """Roll the pool and step on until the first step with something to do (or the end)."""
    state, events = run(state, ruleset, RollExplore(), faces[: len(_pool_dice(state, ruleset))])
    more = faces[len(_pool_dice(state, ruleset)) :]
    state, later = run(state, ruleset, ExploreNext(), more)
    return state, events + later


def _pool_dice(state: State, ruleset: Ruleset) -> list[str]:
    if exploring(state) is not None:
        return list(exploring(state).pool)
    return [c for c, n in pool_of(state, ruleset).items() for _ in range(n)]


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


# ---------------------------------------------------------------------------------------------
# The pool
# ---------------------------------------------------------------------------------------------


def test_the_base_pool_is_one_blue_and_the_challenge_level_in_purple(demo: State, hc: Ruleset) -> None:
    assert pool_of(demo, hc) == {"blue": 1, "purple": 2}
    state, _ = run(demo, hc, SetChallengeLevel(3))
    assert pool_of(state, hc) == {"blue": 1, "purple": 3}
    with pytest.raises(Refused, match="1 to 3"):
        run(demo, hc, SetChallengeLevel(4))


def test_each_addition_the_text_lists_adds_its_die_with_its_reason(demo: State, hc: Ruleset) -> None:
    state = demo
    for addition, times in (
        ("stealthy", 1),
        ("rushed", 1),
        ("huzzah", 1),
        ("alarm", 1),
        ("good_idea", 2),
        ("special_gear", 1),
    ):
        state, _ = run(state, hc, SetAddition(addition, times))
    assert pool_of(state, hc) == {"blue": 1, "red": 2, "green": 1, "yellow": 1, "white": 2, "purple": 2, "black": 1}
    reasons = {line.reason for line in pool_lines(state, hc)}
    assert "A really good idea x2" in reasons and 'Someone said "Huzzah!"' in reasons
    with pytest.raises(Refused, match="0 to 1"):
        run(state, hc, SetAddition("stealthy", 2))
    with pytest.raises(Refused, match="no pool addition"):
        run(state, hc, SetAddition("no_light", 1))


def test_darkness_adds_half_the_living_party_in_black_rounded_up(demo: State, hc: Ruleset) -> None:
    dark, _ = run(demo, hc, Douse("l1"))
    assert pool_of(dark, hc)["black"] == 2
    line = next(line for line in pool_lines(dark, hc) if line.source == "dark")
    assert line.reason == "no active light, party of 4"
    fallen = attrs.evolve(dark.party[0], status="dead", hp=0)
    three = attrs.evolve(dark, party=replace_member(dark.party, fallen))
    assert pool_of(three, hc)["black"] == 2  # ceil(3 / 2)
    assert "black" not in pool_of(demo, hc)


def test_extra_and_ordinary_dice_by_hand(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, SetExtraDice("black", 2))
    state, _ = run(state, hc, SetOrdinaryDice(("1d20",)))
    assert pool_of(state, hc)["black"] == 2
    with pytest.raises(Refused, match="d"):
        run(state, hc, SetOrdinaryDice(("1q20",)))
    with pytest.raises(Refused, match="no 'mauve' die"):
        run(state, hc, SetExtraDice("mauve", 1))
    # Blue blank, Purple blank x2, Black blank x2, then the d20.
    rolled, events = run(state, hc, RollExplore(), [BLANK] * 5 + [17])
    assert exploring(rolled).ordinary == ("1d20: [17] = 17",)
    assert "1d20: [17] = 17" in events[0].dice


def test_camp_bonuses_join_the_pool_and_expire_by_themselves(demo: State, hc: Ruleset) -> None:
    watch = PoolBonus("green", 1, 1, "Darla stood watch")
    scout = PoolBonus("yellow", 1, 2, "Otto scouted ahead and found the way", new_rooms_only=True)
    state = with_pool(demo, bonuses=(watch, scout))
    reasons = [line.reason for line in pool_lines(state, hc) if line.source == "camp"]
    assert reasons == ["Darla stood watch (this room)", "Otto scouted ahead and found the way (2 rooms left)"]
    # Blue, Green, Yellow, Purple x2: all blank; nothing to resolve, so the Explore ends at once.
    state, _ = explore(state, hc, [BLANK] * 5)
    assert divining_pool(state).bonuses == (attrs.evolve(scout, rooms_left=1),)
    state, _ = explore(state, hc, [BLANK] * 4)
    assert divining_pool(state).bonuses == ()


def test_book_three_accrues_risk_and_reward_beyond_the_first_room(state: State, b3: Ruleset) -> None:
    assert pool_of(state, b3) == {"blue": 1, "purple": 2}
    state, _ = explore(state, b3, [BLANK] * 3)
    assert (divining_pool(state).risk, divining_pool(state).reward) == (1, 1)
    assert pool_of(state, b3) == {"blue": 2, "purple": 3}
    assert {line.reason for line in pool_lines(state, b3)} >= {"Risk, accrued", "Reward, accrued"}
    state, _ = explore(state, b3, [BLANK] * 5)
    assert (divining_pool(state).risk, divining_pool(state).reward) == (2, 2)
    back, _ = run(state, b3, SetRevisit(1))
    back, _ = explore(back, b3, [BLANK] * 7)
    assert (divining_pool(back).risk, divining_pool(back).reward) == (2, 2), "a room revisited accrues nothing"
    assert divining_pool(back).rooms[-1].revisit_of == 1 and back.dungeon.rooms_explored == 2
    fixed, _ = run(state, b3, SetAccrued(0, 1))
    assert pool_of(fixed, b3) == {"blue": 2, "purple": 2}


def test_the_complete_rules_keep_no_accrued_dice(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="no Risk and Reward"):
        run(demo, hc, SetAccrued(1, 1))


def test_the_pool_cannot_change_while_an_explore_is_under_way(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, RollExplore(), [5, 5, 5])
    for action in (SetAddition("stealthy", 1), SetExtraDice("red", 1), SetChallengeLevel(3), RollExplore()):
        with pytest.raises(Refused, match="under way"):
            run(state, hc, action)


# ---------------------------------------------------------------------------------------------
# The steps
# ---------------------------------------------------------------------------------------------


def test_a_whole_explore_clock_lights_damage_and_room(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, SetAddition("huzzah", 1))
    state, _ = run(state, hc, SetAddition("stealthy", 1))
    # Blue Hammer; Red Hammer + Blood Drop; Green Hammer + Hourglass; Purple Crossblade; Purple Skull.
    state, events = run(state, hc, RollExplore(), [5, 7, 5, 5, 2])
    assert "3 Hammers, 1 Crossblade, 1 Blood Drop, 1 Hourglass, 1 net Skull." in events[0].text
    assert events[0].dice == (
        "Blue: Hammer",
        "Red: Hammer + Blood Drop",
        "Green: Hammer + Hourglass",
        "Purple: Crossblade",
        "Purple: Skull",
    )
    # Blood Drop: 1d4 = 3 at level 1; Hourglass: 1d4 = 2 turns, burnt from the torch at once.
    state, events = run(state, hc, ExploreNext(), [3, 2])
    assert (exploring(state).step, exploring(state).blood, exploring(state).delay) == ("losses", 3, 2)
    assert state.clock.units == 2 and light_state.light(state, "l1").remaining == 4
    with pytest.raises(Refused, match="split the 3 Blood Drop damage"):
        run(state, hc, ExploreNext())
    with pytest.raises(Refused, match="2 of 3 damage placed"):
        run(state, hc, SplitBlood((("c1", 2),)))
    hp = {m.id: m.hp for m in state.party}
    state, events = run(state, hc, SplitBlood((("c1", 1), ("c4", 2))))
    assert state.character("c1").hp == hp["c1"] - 1 and state.character("c4").hp == hp["c4"] - 2
    assert "Otto Sixfingers loses 2 HP from the Blood Drops: 6 of 8 left." in texts(events)
    # One Skull, no Falcon: one net Skull to spend in transit.
    state, _ = run(state, hc, ExploreNext())
    assert (exploring(state).step, exploring(state).transit_symbol, exploring(state).transit_left) == (
        "transit",
        "skull",
        1,
    )
    state, events = run(state, hc, SpendSymbol("skull", "spell_fails"))
    assert "Skull: A maintained spell suddenly fails." in texts(events)
    state, _ = run(state, hc, ExploreNext())
    assert exploring(state).step == "destination"
    state, _ = run(state, hc, SpendSymbol("hammer", "treasure"))
    state, _ = run(state, hc, SpendSymbol("hammer", "party_surprises"))
    state, _ = run(state, hc, SpendSymbol("hammer", OTHER, text="A friendly ghost points the way"))
    state, _ = run(state, hc, SpendSymbol("crossblade", "hostile_encounter"))
    with pytest.raises(Refused, match="no Crossblade left"):
        run(state, hc, SpendSymbol("crossblade", "harder"))
    state, events = run(state, hc, ExploreNext())
    assert exploring(state) is None
    assert state.clock.units == 3 and light_state.light(state, "l1").remaining == 3
    room = divining_pool(state).rooms[0]
    assert (room.number, room.hammers, room.crossblades, room.safe_haven) == (1, 3, 1, False)
    assert [s.outcome for s in room.spent] == ["spell_fails", "treasure", "party_surprises", OTHER, "hostile_encounter"]
    assert room.spent[3].text == "A friendly ghost points the way"
    assert "The move takes 1 turn." in texts(events)
    assert "Room 1 explored: 5 XP each" in texts(events)


def test_a_falcon_can_waive_the_moves_time_and_leave_a_re_roll(demo: State, hc: Ruleset) -> None:
    # Blue Falcon, Purple blank, Purple blank: 1 net Falcon.
    state, _ = explore(demo, hc, [3, BLANK, BLANK])
    assert exploring(state).step == "transit"
    no_time, _ = run(state, hc, SpendSymbol("falcon", "no_time"))
    done, events = run(no_time, hc, ExploreNext())
    assert done.clock.units == 0 and light_state.light(done, "l1").remaining == 6
    assert "The move costs no time or light." in texts(events)
    reroll, _ = run(state, hc, SpendSymbol("falcon", "reroll"))
    done, _ = run(reroll, hc, ExploreNext())
    assert divining_pool(done).rerolls == 1 and done.clock.units == 1


def test_a_lost_pack_tops_up_the_rations(demo: State, hc: Ruleset) -> None:
    hungry = demo.party[1]
    state = sheet_changed(demo, hungry.id, rations=1)
    state, _ = explore(state, hc, [3, BLANK, BLANK])
    state, events = run(state, hc, SpendSymbol("falcon", "lost_pack"))
    assert sheet_of(state, hungry.id).rations == 3
    assert "Brannoc +2 Rations" in texts(events)


def test_skulls_sputter_the_lights_and_spoil_a_ration(demo: State, hc: Ruleset) -> None:
    # Blue blank, Purple Skull + Skull, Purple blank: 2 net Skulls.
    state, _ = explore(demo, hc, [BLANK, 3, BLANK])
    assert exploring(state).transit_left == 2
    state, events = run(state, hc, SpendSymbol("skull", "sputter"), [4])
    assert light_state.light(state, "l1").remaining == 2 and state.clock.units == 0, (
        "the lights lose time; the clock does not"
    )
    assert "1d4: [4] = 4" in events[0].dice
    with pytest.raises(Refused, match="whose Ration"):
        run(state, hc, SpendSymbol("skull", "ration_spoils"))
    state, _ = run(state, hc, SpendSymbol("skull", "ration_spoils", target="c3"))
    assert sheet_of(state, "c3").rations == 2
    with pytest.raises(Refused, match="no Skull left"):
        run(state, hc, SpendSymbol("skull", "spell_fails"))


def test_several_symbols_of_one_kind_buy_one_outcome_at_once(demo: State, hc: Ruleset) -> None:
    state, _ = explore(demo, hc, [5, 7, 8])  # Blue Hammer; Purple Crossblade x2; Purple Crossblade x2
    with pytest.raises(Refused, match="only 4 Crossblades left to spend, not 5"):
        run(state, hc, SpendSymbol("crossblade", "harder", count=5))
    with pytest.raises(Refused, match="spend at least one"):
        run(state, hc, SpendSymbol("crossblade", "harder", count=0))
    state, events = run(state, hc, SpendSymbol("crossblade", "harder", count=3))
    assert exploring(state).crossblades_left == 1 and len(events) == 1
    assert events[0].text == "Crossblade x3: One encounter's difficulty (or dungeon level) +1."
    state, events = run(state, hc, SpendSymbol("crossblade", "trap", count=1), [1, 4])  # Acid Trap, 1d6 = 4
    assert exploring(state).crossblades_left == 0
    state, events = run(state, hc, ExploreNext())
    room = divining_pool(state).rooms[0]
    assert [s.outcome for s in room.spent] == ["harder"] * 3 + ["trap"]
    assert "Left unspent: 1 Hammer." in texts(events)


def test_each_of_several_spends_throws_its_own_dice(demo: State, hc: Ruleset) -> None:
    deep = attrs.evolve(demo, dungeon=attrs.evolve(demo.dungeon, level=2))
    state, _ = explore(deep, hc, [BLANK, 7, BLANK])  # two Crossblades
    # Acid Trap: 1d6 = 3, x2 for the level; Arrow Trap: 1d6 = 6, x2.
    state, events = run(state, hc, SpendSymbol("crossblade", "trap", count=2), [1, 3, 2, 6])
    assert events[0].dice == ("Trap 1d20: [1] = 1", "Damage 1d6: [3] = 3", "Trap 1d20: [2] = 2", "Damage 1d6: [6] = 6")
    assert [s.text for s in exploring(state).spent] == [
        "A dangerous trap, concealed or not: Acid Trap, 6 damage",
        "A dangerous trap, concealed or not: Arrow Trap, 12 damage",
    ]
    assert events[0].text == (
        "Crossblade: A dangerous trap, concealed or not: Acid Trap, 6 damage;"
        " Crossblade: A dangerous trap, concealed or not: Arrow Trap, 12 damage."
    )


def test_a_transit_encounter_rolls_one_purple_skulls_ignored(demo: State, hc: Ruleset) -> None:
    state, _ = explore(demo, hc, [BLANK, 2, BLANK])  # one net Skull
    # The new Purple shows a Chaos Star: +3 Crossblades for the room.
    state, events = run(state, hc, SpendSymbol("skull", "transit_encounter"), [4])
    assert (exploring(state).crossblades, exploring(state).crossblades_left) == (3, 3)
    assert events[0].dice == ("Purple: Chaos Star",)
    state, _ = run(state, hc, ExploreNext())
    assert exploring(state).step == "destination"
    ignored, _ = explore(demo, hc, [BLANK, 2, BLANK])
    ignored, _ = run(ignored, hc, SpendSymbol("skull", "transit_encounter"), [3])  # Skull + Skull
    assert exploring(ignored).crossblades == 0 and exploring(ignored).transit_left == 0


def test_a_trap_rolls_the_table_with_damage_scaled_by_the_dungeon_level(demo: State, hc: Ruleset) -> None:
    deep = attrs.evolve(demo, dungeon=attrs.evolve(demo.dungeon, level=3))
    state, _ = explore(deep, hc, [BLANK, 5, BLANK])  # one Crossblade
    # Arrow Trap (2): 1d6 x level = 5 x 3.
    state, events = run(state, hc, SpendSymbol("crossblade", "trap"), [2, 5])
    assert "Arrow Trap, 15 damage" in events[0].text
    assert events[0].dice == ("Trap 1d20: [2] = 2", "Damage 1d6: [5] = 5")


def test_blood_drops_cost_the_dungeon_level_in_d4s_each(demo: State, hc: Ruleset) -> None:
    deep = attrs.evolve(demo, dungeon=attrs.evolve(demo.dungeon, level=2))
    state, _ = run(deep, hc, SetExtraDice("red", 2))
    # Blue blank, Red Hammer + Blood Drop x2, Purple blank x2; then 2d4 per drop.
    state, events = run(state, hc, RollExplore(), [BLANK, 7, 7, BLANK, BLANK])
    state, events = run(state, hc, ExploreNext(), [1, 2, 3, 4])
    assert exploring(state).blood == 10
    assert events[0].dice == ("Blood Drop 1 2d4: [1, 2] = 3", "Blood Drop 2 2d4: [3, 4] = 7")


def test_a_blank_roll_is_over_in_one_step(demo: State, hc: Ruleset) -> None:
    state, _ = run(demo, hc, RollExplore(), [BLANK] * 3)
    assert spend_choices(state, hc) == ()
    state, events = run(state, hc, ExploreNext())
    assert exploring(state) is None and divining_pool(state).rooms[0].crossblades == 0
    assert "Room 1 explored: 1 XP each" in texts(events)


def test_an_explore_half_done_survives_a_save(demo: State, hc: Ruleset, tmp_path: Path) -> None:
    state, _ = explore(demo, hc, [5, 7, 8])
    assert exploring(state).step == "destination"
    path = tmp_path / "half.toml"
    path.write_text(persist.dump_state(state))
    assert persist.load_state(path) == state
    path.write_text(persist.dump_state(state).replace('step = "destination"', 'step = "lunch"'))
    with pytest.raises(persist.SaveError, match="exploring.step: 'lunch'"):
        persist.load_state(path)
