"""Keys a 'Smith presses: an Explore to its XP and a Camp to its encounter roll, counted, with the
rules still on the screen and every step still an undoable action."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from hammertui.kernel.session import persist
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.burn_down.actions import Light
from hammertui.procedures.divining_pool.actions.explore import SetSafeHaven
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring
from hammertui.procedures.hammercrawl_camp.actions import CampNext, SetCampAction, SetCampFree, StartCamp
from hammertui.procedures.hammercrawl_camp.screens import CampScreen, PickDialog
from hammertui.procedures.hammercrawl_camp.state import camping, last_camp
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.scripted_gm import (
    camp_app,
    explore_app,
    fight_app,
    gm_camps,
    gm_explores,
    gm_fights,
    gm_fights_aiming,
    screen_text,
)
from tests.ui.test_party import log_text

EXPLORE_KEYS = 12
CAMP_KEYS = 18
FIGHT_KEYS = 20
AIMED_KEYS = 24


@pytest.mark.parametrize("ruleset", ["hammercrawl-book3", "hammercrawl"])
async def test_a_round_of_seven_attacks_in_at_most_twenty_keys(tmp_path: Path, ruleset: str) -> None:
    app, script = fight_app(tmp_path, ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        keys = await gm_fights(pilot)
        assert keys <= FIGHT_KEYS, f"{keys} keys"
        fight = fighting(app.store.state)
        assert (fight.round, fight.step, script.remaining) == (1, "initiative", 0)
        # Stay Put's +1 goes on each hit's damage: Darla 3 - 1 STR + 1, Wenna 2 + 1, Otto 5 + 1.
        assert [f.hp for f in fight.foes] == [13 - 3 - 3 - 6, 13, 13], "every hit on the first goblin"
        assert app.store.state.party[0].hp == 5 - 4, "the goblins all go for Darla, in front"
        assert sorted(fight.attacked) == ["c1", "c2", "c3", "c4", "f1", "f2", "f3"]


@pytest.mark.parametrize("ruleset", ["hammercrawl-book3", "hammercrawl"])
async def test_a_round_with_two_other_targets_in_at_most_twenty_four_keys(tmp_path: Path, ruleset: str) -> None:
    app, script = fight_app(tmp_path, ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        keys = await gm_fights_aiming(pilot)
        assert keys <= AIMED_KEYS, f"{keys} keys"
        fight = fighting(app.store.state)
        assert [f.hp for f in fight.foes] == [13 - 3 - 6, 13, 13 - 3], "Brannoc missed Goblin 2; Wenna hit Goblin 3"
        assert fight.last_target == {"c1": "f1", "c2": "f2", "c3": "f3", "c4": "f1", "f1": "c1", "f2": "c1", "f3": "c1"}


async def test_an_explore_to_its_xp_in_at_most_twelve_keys(tmp_path: Path) -> None:
    app, script = explore_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        keys = await gm_explores(pilot)
        assert keys <= EXPLORE_KEYS, f"{keys} keys"
        assert isinstance(app.screen, ExploreScreen) and script.remaining == 0
        state = app.store.state
        room = divining_pool(state).rooms[-1]
        assert (room.hammers, room.crossblades, room.beaten, room.xp_each) == (2, 3, True, 6)
        assert [m.xp for m in state.living] == [6, 6, 6, 6]
        assert [s.outcome for s in room.spent] == ["sputter"] + ["friendly_encounter"] * 2 + ["hostile_encounter"] * 3
        shown = screen_text(app)
        for die in ("Blue: blank", "Red: Hammer + Hammer", "Purple: Chaos Star", "Purple: Skull"):
            assert die in shown
        assert "Skull: The lights flicker and sputter: 1d4 more turns off them (2 turns lost)" in shown
        assert "Hammer x2: An (additional) random friendly encounter" in shown
        assert "Crossblade x3: An (additional) random hostile encounter" in shown
        assert "Challenge beaten: 6 XP each" in shown
        assert "1 room + 3 Crossblades + 2 Hammers = 6; x1 (dungeon tier 1, party tier 1) = 6" in shown
        log = log_text(app)
        assert "Hammer x2: An (additional) random friendly encounter." in log
        assert "Room 1's challenge beaten: 1 room + 3 Crossblades + 2 Hammers = 6" in log
        await pilot.press("u")  # the award was one action: undone alone
        await pilot.pause()
        assert not divining_pool(app.store.state).rooms[-1].beaten and app.store.state.living[0].xp == 0
    saved = persist.load_state(tmp_path / "demo.toml")
    assert divining_pool(saved).rooms[-1].spent == room.spent


async def test_a_camp_to_its_encounter_roll_in_at_most_eighteen_keys(tmp_path: Path) -> None:
    app, script = camp_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        keys = await gm_camps(pilot)
        assert keys <= CAMP_KEYS, f"{keys} keys"
        state = app.store.state
        assert camping(state) is None and exploring(state) is None and script.remaining == 0
        chosen = {cid: (plan.free, plan.action) for cid, plan in last_camp(state).items()}
        assert chosen == {
            "c1": ("", "stand_watch"),
            "c2": ("", "rest"),
            "c3": ("", "scout_ahead"),
            "c4": ("rememorize", "rest"),
        }
        assert [b.colour for b in divining_pool(state).bonuses] == ["green", "yellow"]
        log = log_text(app)
        assert "Brannoc and Otto Sixfingers will Rest." in log
        assert "Wenna scouts ahead: success, yellow for the next 3 new rooms." in log
        assert "Camp encounter: 1d6 [1] - 1 watcher + level 1 = 1, an encounter on 6+: no encounter." in log


async def test_each_campers_last_choice_is_offered_first(tmp_path: Path) -> None:
    app, _ = camp_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for action in (
            SetSafeHaven(True),
            StartCamp(),
            SetCampFree("c4", "heal"),
            SetCampAction("c1", "stand_watch"),
            SetCampAction("c3", "scout_ahead", scout_success=True),
            *[CampNext()] * 5,
            Light("l2"),  # the first camp burnt the torch out
            StartCamp(),
            CampNext(),
            CampNext(),
        ):
            assert app.perform(action), action
        await pilot.press("c")
        assert isinstance(app.screen, CampScreen)
        people = app.screen.query_one("#camp-people", OptionList)
        assert "recover half the lost HP" in str(people.get_option("c4").prompt), "Otto's last camp's, unasked"
        people.highlighted = people.get_option_index("c4")
        await pilot.press("enter")  # the 'Smith looks at Otto's choice all the same
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        offered = app.screen.query_one(OptionList)
        assert offered.get_option_at_index(0).id == "heal" and "(last camp)" in str(
            offered.get_option_at_index(0).prompt
        )
        await pilot.press("enter", "n")
        await pilot.pause()
        assert camping(app.store.state).plans["c4"].free == "heal"
        assert camping(app.store.state).step == "actions"
        await pilot.press("enter")  # Darla: last camp she stood watch
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        offered = app.screen.query_one(OptionList)
        assert offered.get_option_at_index(0).id == "stand_watch" and offered.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert camping(app.store.state).plans["c1"].action == "stand_watch"
        assert app.screen.query_one("#camp-people", OptionList).highlighted == 1, "on to the next camper"
        await pilot.press(
            "down", "s"
        )  # past Brannoc, Wenna scouts again: her check was entered as a success, so that comes first
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        assert app.screen.query_one(OptionList).get_option_at_index(0).id == "success"


async def test_everyone_rests_with_one_key(tmp_path: Path) -> None:
    app, _ = camp_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for action in (SetSafeHaven(True), StartCamp(), SetCampFree("c4", "heal"), CampNext(), CampNext(), CampNext()):
            assert app.perform(action), action
        await pilot.press("c", "R")
        await pilot.pause()
        plans = camping(app.store.state).plans
        assert [plans[cid].action for cid in ("c1", "c2", "c3", "c4")] == ["rest"] * 4
        await pilot.press("u")  # one key, one action
        await pilot.pause()
        assert all(not plan.action for plan in camping(app.store.state).plans.values())
