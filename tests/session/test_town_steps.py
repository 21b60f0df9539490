"""Return to Town as one action: each of the rules' steps, the dungeon it leaves, and where it goes back in.

The demo party (seed 7): Darla (c1, Thief), Brannoc (c2, Cleric), Wenna (c3, Thief, the Lootkeeper)
and Otto (c4, Elf), 3 Rations each (and a Bedroll in Book Three); Darla holds the lit torch l1,
Brannoc and Wenna a spare each, Otto none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.loot import COMMON, AddLoot, GiveLoot
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Character, Death, State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.state import LightSource
from hammertui.procedures.divining_pool.actions.explore import RollExplore, room_award
from hammertui.procedures.divining_pool.actions.town import ODD_COINS, ReturnToTown, plan_town
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus
from hammertui.procedures.divining_pool.state import divining_pool, with_pool
from hammertui.procedures.hammercrawl_camp.state import Camping, with_camp
from hammertui.procedures.hammercrawl_classes.actions.advancement import LevelUp
from hammertui.procedures.hammercrawl_classes.state import Sheet, dungeon_tier, sheet_changed, sheet_of
from tests.session.test_room_xp import NOTHING, awarded, explored
from tests.session.test_roster import run


@pytest.fixture
def hc_demo(hc: Ruleset) -> State:
    return new_state("test", hc, seed=7)[0]


def changed(state: State, character_id: str, **changes: Any) -> State:
    noted = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Sheet)}
    member = attrs.evolve(state.character(character_id), **changes)
    state = sheet_changed(state, character_id, **noted) if noted else state
    return attrs.evolve(state, party=replace_member(state.party, member))


def killed(state: State, character_id: str) -> State:
    return changed(state, character_id, hp=0, status="dead", death=Death(4, "a troll"))


def with_loot(state: State, ruleset: Ruleset, *finds: AddLoot) -> State:
    for find in finds:
        state, _ = run(state, ruleset, find)
    return state


def to_town(state: State, ruleset: Ruleset, **choices: object) -> tuple[State, list[str]]:
    new, events = run(state, ruleset, ReturnToTown(**choices))
    return new, [e.text for e in events]


def member(state: State, character_id: str) -> Character:
    return state.character(character_id)


# ---------------------------------------------------------------------------------------------
# 1. Hit Points, spells and the day's powers
# ---------------------------------------------------------------------------------------------


def test_the_living_heal_and_relearn_and_a_days_and_an_adventures_uses_come_back(state: State, b3: Ruleset) -> None:
    state = changed(state, "c1", hp=1, uses={"thief_rerolls": 0})
    state = changed(state, "c2", uses={"turn_unholy": 0})
    state = changed(state, "c4", spells_forgotten=2)
    state = changed(state, "c3", class_id="fighter", hp=0, status="down", stance="lay_down", uses={"not_today": 0})
    town, texts = to_town(state, b3)
    assert [(m.hp, m.max_hp) for m in town.party] == [(m.max_hp, m.max_hp) for m in state.party]
    assert (member(town, "c3").status, sheet_of(town, "c3").stance) == ("ok", "")
    assert sheet_of(town, "c2").uses == {"turn_unholy": 1}, "a day's use: back to level x 1"
    assert sheet_of(town, "c1").uses == {"thief_rerolls": 1}, "Thiefy: 'This count resets upon Returning to Town'"
    assert sheet_of(town, "c3").uses == {"not_today": 0}, "gone for good stays gone"
    assert sheet_of(town, "c4").spells_forgotten == 0
    darla, wenna = member(state, "c1"), member(state, "c3")
    assert texts[0] == (
        f"The party returns to town: HP to full (Darla 1 -> {darla.max_hp}, Wenna 0 -> {wenna.max_hp});"
        " spells relearned, a day's and an adventure's uses back."
    )


# ---------------------------------------------------------------------------------------------
# 2. The starting kit
# ---------------------------------------------------------------------------------------------


def test_the_kit_is_restocked_with_a_fresh_torch_for_whoever_lacks_one(state: State, b3: Ruleset) -> None:
    state = changed(state, "c1", rations=1)
    state = changed(state, "c2", rations=5)
    state = changed(state, "c4", rations=0, bedroll=False)
    state = light_state.with_lights(
        state, (attrs.evolve(light_state.lights(state)[0], remaining=2), *light_state.lights(state)[1:])
    )
    town, texts = to_town(state, b3)
    assert [sheet_of(town, m.id).rations for m in town.party] == [3, 5, 3, 3], "topped up, never taken away"
    assert all(sheet_of(town, m.id).bedroll for m in town.party)
    assert light_state.lights(town)[:3] == light_state.lights(state), "a torch half burnt is still a torch carried"
    assert light_state.lights(town)[3:] == (LightSource("l4", "torch", 6, carrier="c4", lit=False),)
    assert texts[1] == "Restocked: Darla 2 Rations; Otto Sixfingers 3 Rations, a torch, a Bedroll."


def test_the_complete_rules_kit_has_no_bedroll(hc_demo: State, hc: Ruleset) -> None:
    assert not any(sheet_of(hc_demo, m.id).bedroll for m in hc_demo.party)
    town, _ = to_town(hc_demo, hc)
    assert not any(sheet_of(town, m.id).bedroll for m in town.party)
    assert [s.carrier for s in light_state.lights(town)] == ["c1", "c2", "c3", "c4"]


# ---------------------------------------------------------------------------------------------
# 3. The loot divided
# ---------------------------------------------------------------------------------------------


def test_coins_are_split_evenly_and_the_odd_ones_stay_in_the_ledger(state: State, b3: Ruleset) -> None:
    state = changed(state, "c1", coins=10)
    state = with_loot(state, b3, AddLoot("Coins", 1001), AddLoot("Goblin purse", 2, holder="c1"))
    plan = plan_town(state, b3)
    assert (plan.pooled, plan.split.each, plan.split.remainder) == (1003, 250, 3)
    town, texts = to_town(state, b3)
    assert [m.coins for m in town.party] == [260, 250, 250, 250]
    assert [(e.name, e.coins, e.item, e.holder) for e in town.loot] == [(ODD_COINS, 3, False, COMMON)]
    assert "1003 coins divided: 250 each to 4; 3 left over in the ledger." in texts


def test_items_go_home_with_their_holders_and_unclaimed_ones_stay(state: State, b3: Ruleset) -> None:
    state = with_loot(state, b3, AddLoot("Ruby", 50, item=True, holder="c1"), AddLoot("Scroll", item=True))
    state = changed(state, "c1", items=("Lucky coin",))
    town, _ = run(state, b3, ReturnToTown())
    assert member(town, "c1").items == ("Lucky coin", "Ruby (50 coins)")
    assert [e.name for e in town.loot] == ["Scroll"]
    _, events = run(state, b3, ReturnToTown())
    warned = [e.text for e in events if e.level == "warn"]
    assert warned == ["Still in the ledger: Scroll (worth unknown), unclaimed."]


def test_the_deads_loot_stays_with_the_body_unless_handed_to_the_living(state: State, b3: Ruleset) -> None:
    state = with_loot(
        state,
        b3,
        AddLoot("Ring", 20, item=True, holder="c2"),
        AddLoot("Amulet", 30, item=True, holder="c2"),
        AddLoot("Brannoc's purse", 40, holder="c2"),
        AddLoot("Coins", 90),
    )
    state = killed(state, "c2")
    state, _ = run(state, b3, GiveLoot("t2", "c3"))
    town, texts = to_town(state, b3)
    assert [(e.name, e.holder) for e in town.loot] == [("Ring", "c2"), ("Brannoc's purse", "c2")]
    assert member(town, "c3").items == ("Amulet (30 coins)",)
    assert [m.coins for m in town.party] == [30, 0, 30, 30], "the dead's coins are not shared, nor are they paid"
    assert member(town, "c2") == member(state, "c2"), "the dead are not healed or restocked"
    assert (
        "Still in the ledger: Ring (worth 20 coins), left with Brannoc's body;"
        " Brannoc's purse: 40 coins, left with Brannoc's body." in texts
    )


# ---------------------------------------------------------------------------------------------
# 4. Book Three: loot turned into XP
# ---------------------------------------------------------------------------------------------


def test_book_three_turns_every_thousand_coins_into_one_xp_each(state: State, b3: Ruleset) -> None:
    state = with_loot(state, b3, AddLoot("Coins", 2503))
    town, texts = to_town(state, b3, convert=2500)
    assert [m.xp for m in town.party] == [m.xp + 2 for m in state.party]
    assert [m.coins for m in town.party] == [125] * 4, "the 500 left over and the 3 not offered are split"
    assert [e.coins for e in town.loot] == [3]
    assert texts[2] == "2000 coins become 2 XP each for Darla, Brannoc, Wenna, Otto Sixfingers; those coins are gone."
    assert "503 coins divided: 125 each to 4; 3 left over in the ledger." in texts


def test_conversion_is_refused_beyond_the_partys_coins_or_outside_book_three(
    state: State, b3: Ruleset, hc_demo: State, hc: Ruleset
) -> None:
    state = with_loot(state, b3, AddLoot("Coins", 900), AddLoot("Dead man's gold", 5000, holder="c2"))
    with pytest.raises(Refused, match="only 900 coins are the party's"):
        run(killed(state, "c2"), b3, ReturnToTown(convert=1000))
    with pytest.raises(Refused, match="fewer than none"):
        run(state, b3, ReturnToTown(convert=-1))
    rich = with_loot(hc_demo, hc, AddLoot("Coins", 5000))
    with pytest.raises(Refused, match="does not turn loot into XP"):
        run(rich, hc, ReturnToTown(convert=1000))


# ---------------------------------------------------------------------------------------------
# 5. Who can level up
# ---------------------------------------------------------------------------------------------


def test_who_can_level_up_is_named_and_levels_through_level_up(state: State, b3: Ruleset) -> None:
    state = changed(state, "c1", xp=18)
    state = with_loot(state, b3, AddLoot("Coins", 2000))
    assert plan_town(state, b3, convert=1000).ready == ()
    assert [m.name for m in plan_town(state, b3, convert=2000).ready] == ["Darla"]
    store = Store(state, b3)
    events = store.dispatch(ReturnToTown(convert=2000))
    assert "Enough XP to level up: Darla." in [e.text for e in events]
    store.dispatch(LevelUp("c1", in_town=True))
    assert (member(store.state, "c1").level, member(store.state, "c1").xp) == (2, 0)
    with pytest.raises(Refused, match="cannot level up"):
        store.dispatch(LevelUp("c2", in_town=True))


# ---------------------------------------------------------------------------------------------
# 6 and 7. What the dungeon forgets, and where the party goes back in
# ---------------------------------------------------------------------------------------------


def test_camp_bonuses_risk_reward_rerolls_and_the_safe_haven_are_left_behind(state: State, b3: Ruleset) -> None:
    watch = PoolBonus("blue", 1, 1, "Stand Watch")
    haven = attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, safe_haven=True))
    town, texts = to_town(with_pool(haven, bonuses=(watch,), risk=2, reward=3, rerolls=1), b3)
    gone = divining_pool(town)
    assert (gone.bonuses, gone.risk, gone.reward, gone.rerolls, town.dungeon.safe_haven) == ((), 0, 0, 0, False)
    assert (
        "While they are away: 1 Scout/Watch bonus end; the Risk (2) and Reward (3) dice go back to 0;"
        " 1 bonus re-roll lost; the Safe Haven is left behind."
    ) in texts


def test_the_complete_rules_keep_their_accrued_dice_rule(hc_demo: State, hc: Ruleset) -> None:
    """The complete rules accrue no Risk and Reward, so town has none to reset: a count set by hand stays."""
    town, _ = to_town(with_pool(hc_demo, risk=2, reward=1), hc)
    assert (divining_pool(town).risk, divining_pool(town).reward) == (2, 1)


def test_back_in_at_a_chosen_level_with_its_boss(state: State, b3: Ruleset) -> None:
    town, texts = to_town(state, b3, level=3, boss_hd=7)
    assert (town.dungeon.level, town.dungeon.boss_hd, dungeon_tier(town, b3)) == (3, 7, 3)
    assert texts[-1].startswith("Back into the dungeon at level 3 (its boss 7 HD, tier 3).")
    same, _ = to_town(town, b3)
    assert (same.dungeon.level, same.dungeon.boss_hd) == (3, 7), "no choice: back where they left"
    with pytest.raises(Refused, match="start at 1"):
        run(state, b3, ReturnToTown(level=0))
    with pytest.raises(Refused, match="0 Hit Dice or more"):
        run(state, b3, ReturnToTown(boss_hd=-1))


def test_rooms_stay_explored_and_a_revisit_gives_no_exploration_xp(hc_demo: State, hc: Ruleset) -> None:
    state, first = explored(hc_demo, hc, NOTHING)
    state, _ = awarded(state, hc, first)
    town, _ = to_town(state, hc)
    assert divining_pool(town).rooms == divining_pool(state).rooms
    back, again = explored(town, hc, NOTHING, revisit=first.number)
    assert (again.number, again.revisit_of) == (2, 1)
    assert room_award(back, hc, again).amount == 0
    back, new_room = explored(back, hc, NOTHING)
    assert room_award(back, hc, new_room).amount == 1, "a room never seen still gives its XP"


# ---------------------------------------------------------------------------------------------
# When it cannot be done, undo, and the save
# ---------------------------------------------------------------------------------------------


def test_refused_during_an_explore_or_a_camp_or_with_nobody_alive(hc_demo: State, hc: Ruleset) -> None:
    exploring, _ = run(hc_demo, hc, RollExplore(), NOTHING)
    with pytest.raises(Refused, match="an Explore is under way"):
        run(exploring, hc, ReturnToTown())
    camping = with_camp(hc_demo, camping=Camping("time", ("c1", "c2", "c3", "c4")))
    with pytest.raises(Refused, match="the party is camping"):
        run(camping, hc, ReturnToTown())
    everyone_dead = hc_demo
    for m in hc_demo.party:
        everyone_dead = killed(everyone_dead, m.id)
    with pytest.raises(Refused, match="nobody is alive"):
        run(everyone_dead, hc, ReturnToTown())


def test_the_plan_shown_is_what_is_done(state: State, b3: Ruleset) -> None:
    state = with_loot(state, b3, AddLoot("Coins", 3001), AddLoot("Ruby", 50, item=True, holder="c3"))
    state = changed(state, "c2", rations=0)
    plan = plan_town(state, b3, convert=1000, level=2, boss_hd=4)
    town, _ = to_town(state, b3, convert=1000, level=2, boss_hd=4)
    for home in plan.homecomings:
        after = member(town, home.member.id)
        assert after.coins == home.member.coins + home.coins
        assert after.xp == home.xp
        assert after.items == home.member.items + home.items
    assert plan.homecomings[1].restock == {"rations": 3}
    assert (plan.level, plan.boss_hd, plan.tier) == (2, 4, 2)


def test_one_undo_takes_the_whole_trip_back(state: State, b3: Ruleset) -> None:
    state = with_loot(
        changed(state, "c1", hp=1), b3, AddLoot("Coins", 2001), AddLoot("Ruby", 50, item=True, holder="c1")
    )
    store = Store(state, b3)
    store.dispatch(ReturnToTown(convert=2000, level=2, boss_hd=5))
    assert store.state != state
    store.undo()
    assert store.state == state


def test_after_town_the_session_saves_and_loads_whole(state: State, b3: Ruleset, tmp_path: Path) -> None:
    state = with_loot(
        state, b3, AddLoot("Coins", 1003), AddLoot("Ruby", 50, item=True, holder="c1"), AddLoot("Scroll", item=True)
    )
    state = changed(state, "c4", rations=0, bedroll=False)
    town, _ = run(state, b3, ReturnToTown(convert=1000, level=2, boss_hd=6))
    loaded = persist.parse_state(persist.dump_state(town), tmp_path / "town.toml")
    assert loaded == town
    assert member(loaded, "c1").items == ("Ruby (50 coins)",) and sheet_of(loaded, "c4").bedroll
