"""The Camp from the main screen: the check, every step a key, choices in dialogs, the encounter."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.header import SessionHeader
from hammertui.procedures.divining_pool.actions.explore import SetSafeHaven
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.hammercrawl_camp.actions import StartCamp
from hammertui.procedures.hammercrawl_camp.screens import CampScreen, PickDialog, ScoutDialog
from hammertui.procedures.hammercrawl_camp.state import camping
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from tests.ui.test_explore import scripted
from tests.ui.test_party import log_text, plain

BLANK = 1


def body(app: HammerApp) -> str:
    return plain(app.screen.query_one("#camp-text", Static))


def just_now(app: HammerApp) -> str:
    return plain(app.screen.query_one("#camp-last", Static))


async def pick(pilot, app: HammerApp, option_id: str, list_id: str = "") -> None:  # type: ignore[no-untyped-def]
    """Highlight an option in the screen's list (a dialog's, or the camp's people) and take it with Enter."""
    options = app.screen.query_one(f"#{list_id}" if list_id else "OptionList", OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


# After the camp's actions: Brannoc's Craft Ammo 2d4, Wenna's scout check d20 and 1d4 rooms; then the
# encounter 1d6 and the pool: Blue, Green (the watch), Yellow (the scouting), Purple x2 and, the
# torch having burnt out at the end of the camp, Black x2 for the dark.
AMMO = [3, 4]
SCOUT = [13, 3]
ENCOUNTER = [6]
POOL = [BLANK] * 7


async def test_a_whole_camp_from_the_main_screen(tmp_path: Path) -> None:
    app, script = scripted(tmp_path, AMMO + SCOUT + ENCOUNTER + POOL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, CampScreen)
        assert "Safe Haven: no" in body(app)
        assert "Missing: a Safe Haven." in body(app)
        assert "Darla's torch: 6 turns left, burns out as the camp ends" in body(app)
        assert "free: re-memorize 1 spell" in body(app), "the Elf's, with nothing spent or lost: the first"

        await pilot.press("enter")  # refused: the notification names what is missing
        await pilot.pause()
        assert camping(app.store.state) is None

        await pilot.press("h")  # the 'Smith marks the Safe Haven by hand
        await pilot.pause()
        assert app.store.state.dungeon.safe_haven and "Ready to camp." in body(app)

        await pilot.press("enter")  # make camp
        await pilot.pause()
        assert camping(app.store.state).step == "time"
        assert "Next: 6 turns pass; every lit source burns." in body(app)
        assert "Safe Haven camping" in plain(app.query_one(SessionHeader))

        await pilot.press("enter")  # the time
        await pilot.pause()
        assert app.store.state.clock.units == 6
        assert "Darla's torch burns out." in just_now(app)
        assert "Darla: 3 Rations -> 2" in body(app)

        await pilot.press("enter")  # the Rations
        await pilot.pause()
        state = app.store.state
        assert camping(state).step == "free" and [sheet_of(state, m.id).rations for m in state.party] == [2, 2, 2, 2]

        await pick(pilot, app, "c4", "camp-people")  # the 'Smith chooses for the Elf all the same
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "heal")
        assert camping(app.store.state).plans["c4"].free == "heal"
        await pilot.press("n")  # the free actions
        await pilot.pause()
        assert camping(app.store.state).step == "actions"
        assert "Otto Sixfingers has no lost HP to recover (HP 8/8)." in just_now(app)
        assert "1d6 + level 1: an encounter on 6+ (2 in 6)" in body(app)

        await pick(pilot, app, "c1", "camp-people")  # Darla stands watch
        assert isinstance(app.screen, PickDialog)
        level_up = app.screen.query_one(OptionList).get_option("level_up")
        assert level_up.disabled and "Level Up needs 20 XP, has 0" in str(level_up.prompt)
        await pick(pilot, app, "stand_watch")
        await pick(pilot, app, "c2", "camp-people")  # Brannoc crafts ammo
        await pick(pilot, app, "craft_ammo")
        await pick(pilot, app, "c3", "camp-people")  # Wenna scouts, rolled against 15 with +2
        await pick(pilot, app, "scout_ahead")
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "roll")
        assert isinstance(app.screen, ScoutDialog)
        app.screen.query_one("#scout-target", Input).value = "15"
        app.screen.query_one("#scout-modifier", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        people = app.screen.query_one("#camp-people", OptionList)
        assert "Scout Ahead: d20 + 2 against 15" in str(people.get_option("c3").prompt)
        assert "1d6 - 1 watcher + level 1: an encounter on 6+ (1 in 6)" in body(app)

        await pilot.press("n")  # Otto takes no action; the others do theirs
        await pilot.pause()
        state = app.store.state
        assert camping(state).step == "encounter" and camping(state).watchers == 1
        assert sheet_of(state, "c2").ammo == 7
        assert "Otto Sixfingers takes no camp action." in just_now(app)
        assert "Next: the 'Smith rolls 1d6 - 1 watcher + level 1" in body(app)
        assert "1 Yellow die for each of the next 3 new rooms: Wenna scouted ahead and found the way" in body(app)

        await pilot.press("enter")  # the encounter roll: 6 - 1 + 1 = 6
        await pilot.pause()
        state = app.store.state
        assert camping(state) is None and exploring(state) is not None and exploring(state).camp
        assert exploring(state).pool == {"blue": 1, "green": 1, "yellow": 1, "purple": 2, "black": 2}
        assert "An encounter finds the camp!" in body(app) and "surprised" not in body(app)
        assert script.remaining == 0
        log = log_text(app)
        assert (
            "Camp encounter: 1d6 [6] - 1 watcher + level 1 = 6, an encounter on 6+: an encounter finds the camp." in log
        )
        assert "Brannoc crafts 7 ammo (ammo 7)." in log
        assert "Wenna scouts ahead: success, yellow for the next 3 new rooms (d20 + 2 = 15 against 15)." in log

        await pilot.press("e")  # on to the encounter's Explore
        await pilot.pause()
        assert isinstance(app.screen, ExploreScreen)
        explore = plain(app.screen.query_one("#explore-text", Static))
        assert "An encounter finds the camp (no surprise: someone stood watch)." in explore
    saved = persist.load_state(tmp_path / "demo.toml")
    assert exploring(saved) is not None and exploring(saved).camp and camping(saved) is None


async def test_a_refused_camp_goes_ahead_with_the_smiths_reason(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c", "o")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.press(*"an old shrine")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        camp = camping(app.store.state)
        assert camp is not None and camp.override == "an old shrine"
        assert "The 'Smith allows the camp without a Safe Haven: an old shrine." in log_text(app)
        assert "Camping by the 'Smith's leave: an old shrine" in body(app)
        await pilot.press("x")  # nothing spent yet: the camp can still be broken
        await pilot.pause()
        assert camping(app.store.state) is None and "Missing: a Safe Haven." in body(app)


async def test_a_restart_reopens_the_camp_where_it_was_left(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(SetSafeHaven(True))
        app.perform(StartCamp())
        await pilot.press("c", "enter", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, CampScreen)
        assert camping(app.store.state).step == "eat"
    reopened = HammerApp(sessions.open_files(persist.SaveFiles(tmp_path, "demo"), load_ruleset))
    async with reopened.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        assert isinstance(reopened.screen, CampScreen)
        assert "Next: everyone eats." in body(reopened)
        assert "6 turns pass at camp." in just_now(reopened)
        await pilot.press("enter")  # and goes on from there
        await pilot.pause()
        assert camping(reopened.store.state).step == "free"
        assert [sheet_of(reopened.store.state, m.id).rations for m in reopened.store.state.party] == [2, 2, 2, 2]


async def test_nobody_on_watch_and_the_party_is_surprised(tmp_path: Path) -> None:
    # 1d6 = 5 + level 1 = 6: found, and nobody watched. The pool: Blue, Purple x2, Black x2, all blank.
    app, _ = scripted(tmp_path, [5] + [BLANK] * 5)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(SetSafeHaven(True))
        await pilot.press("c", "enter", "enter", "enter")
        await pilot.pause()
        await pick(pilot, app, "c4", "camp-people")
        await pick(pilot, app, "rememorize")
        await pilot.press("n", "n")
        await pilot.pause()
        assert "Nobody stood watch: an encounter would surprise the party." in body(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "An encounter finds the camp! The party is surprised." in body(app)
        assert exploring(app.store.state).surprised
        await pilot.press("u")  # undo the roll: the camp is back on its last step
        await pilot.pause()
        assert camping(app.store.state).step == "encounter" and exploring(app.store.state) is None
        assert "Next: the 'Smith rolls" in body(app)


async def camp_to_the_free_actions(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """A Book Three camp made in a Safe Haven, its time and Rations spent."""
    assert app.perform(SetSafeHaven(True))
    await pilot.press("c")
    assert isinstance(app.screen, CampScreen)
    for _ in range(3):  # make camp, the time, the Rations
        await pilot.press("enter")
        await pilot.pause()
    assert camping(app.store.state).step == "free"


async def test_a_cleric_with_nothing_spent_is_not_asked_and_a_choice_moves_the_highlight_on(tmp_path: Path) -> None:
    """Book Three: "Cleric: Re-memorize 1 daily spell or recover 1 use of Turn Unholy". With nothing
    spent neither gives anything: the camp goes on without asking."""
    app = HammerApp(sessions.create(tmp_path, "demo", load_ruleset("hammercrawl-book3"), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await camp_to_the_free_actions(pilot, app)
        people = app.screen.query_one("#camp-people", OptionList)
        assert "choose:" not in str(people.get_option("c2").prompt)
        await pick(pilot, app, "c2", "camp-people")  # the 'Smith may still choose for Brannoc
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "turn_unholy")
        assert camping(app.store.state).plans["c2"].free == "turn_unholy"
        people = app.screen.query_one("#camp-people", OptionList)
        assert people.highlighted == people.get_option_index("c3"), "the highlight moves on, as after a camp action"
        await pilot.press("n")
        await pilot.pause()
        assert camping(app.store.state).step == "actions"


async def test_scout_ahead_proposes_the_rulesets_target(tmp_path: Path) -> None:
    app = HammerApp(sessions.create(tmp_path, "demo", load_ruleset("hammercrawl-book3"), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await camp_to_the_free_actions(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        await pick(pilot, app, "c3", "camp-people")
        await pick(pilot, app, "scout_ahead")
        await pick(pilot, app, "roll")
        assert isinstance(app.screen, ScoutDialog)
        assert app.screen.query_one("#scout-target", Input).value == "15"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert camping(app.store.state).plans["c3"].scout_target == 15
