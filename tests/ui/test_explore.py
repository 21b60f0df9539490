"""The Explore from the main screen: every step a key, the dice scripted, the rules applied."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.actions.explore import SetAddition, SetSafeHaven, spend_choices
from hammertui.procedures.divining_pool.dialogs.blood import BloodDialog
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring, pool_plan
from hammertui.procedures.hammercrawl_camp.actions import CampNext, SetCampFree, StartCamp
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from tests.ui.scripted_gm import screen_text, scripted_app
from tests.ui.test_party import log_text, plain

scripted = scripted_app
"""The demo session under the complete rules, its dice scripted (other screens' tests use it too)."""


def body(app: HammerApp) -> str:
    return plain(app.screen.query_one("#explore-text", Static))


async def choose(pilot, app: HammerApp, option_id: str) -> None:  # type: ignore[no-untyped-def]
    """Highlight an outcome in the modal's list and take it with Enter, as the 'Smith does."""
    (choices,) = [c for c in app.screen.query(".spend").results(OptionList) if c.display and option_id in ids(c)]
    choices.highlighted = choices.get_option_index(option_id)
    choices.focus()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def ids(choices: OptionList) -> list[str]:
    return [str(choices.get_option_at_index(i).id) for i in range(choices.option_count)]


def highlighted(app: HammerApp) -> str | None:
    """The outcome under the highlight of the list that has the focus."""
    choices = app.screen.focused
    assert isinstance(choices, OptionList) and choices.highlighted is not None
    return choices.get_option_at_index(choices.highlighted).id


# Huzzah! adds a Red die: the pool is Blue, Red, Purple, Purple (the ruleset's order of dice).
ROLL = [5, 7, 4, 2]  # Hammer; Hammer + Blood Drop; Chaos Star; Skull
BLOOD = [3]  # 1d4 at dungeon level 1
SPUTTER = [2]  # the lights lose 1d4 turns
TRAP = [1, 4]  # Acid Trap, 1d6 x level


async def test_an_explore_from_the_main_screen(tmp_path: Path) -> None:
    app, script = scripted(tmp_path, ROLL + BLOOD + SPUTTER + TRAP)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(SetAddition("huzzah", 1))
        torch_before = light_state.light(app.store.state, "l1").remaining
        darla = app.store.state.party[0]

        await pilot.press("e")
        assert isinstance(app.screen, ExploreScreen)
        assert 'Someone said "Huzzah!"' in body(app) and "challenge level 2" in body(app)

        await pilot.press("enter")  # 1: roll
        await pilot.pause()
        shown = body(app)
        assert "Red: Hammer + Blood Drop" in shown and "Purple: Chaos Star" in shown
        assert "2 Hammers; 3 Crossblades (Chaos Stars: +3); 1 Blood Drop; 1 net Skull" in shown

        await pilot.press("enter")  # 2 -> 3: the Blood Drop's 1d4 is thrown
        await pilot.pause()
        assert "Blood Drops: 3 damage, 3 still to split" in body(app)
        await pilot.press("enter")  # blood to split: Enter opens the split
        await pilot.pause()
        assert isinstance(app.screen, BloodDialog)
        app.screen.query_one(f"#share-{darla.id}", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BloodDialog), "2 of 3 placed is refused"
        assert "place exactly 3" in str(app.screen.query_one("#problem").render())
        app.screen.query_one(f"#share-{app.store.state.party[1].id}", Input).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ExploreScreen)
        assert app.store.state.party[0].hp == darla.hp - 2

        await pilot.press("n")  # 4: the net Skull
        await pilot.pause()
        assert exploring(app.store.state).step == "transit"
        await choose(pilot, app, "skull:sputter")
        assert light_state.light(app.store.state, "l1").remaining == torch_before - 2

        await pilot.press("n")  # 5: Hammers and Crossblades
        await pilot.pause()
        await choose(pilot, app, "hammer:safe_haven")
        await choose(pilot, app, "crossblade:trap")
        assert "Acid Trap, 4 damage" in body(app)

        await pilot.press("n")  # 6: the move takes its turn; the room is recorded
        await pilot.pause()
        state = app.store.state
        assert exploring(state) is None and script.remaining == 0
        room = divining_pool(state).rooms[-1]
        assert (room.hammers, room.crossblades, room.safe_haven) == (2, 3, True)
        assert not state.dungeon.safe_haven, "a haven beside a trap waits for the room to be cleared"
        assert state.dungeon.rooms_explored == 1
        assert state.clock.units == 1
        assert light_state.light(state, "l1").remaining == torch_before - 2 - 1
        header = str(app.screen.query_one("#header", Static).render())
        assert "Turn 1" in header and f"torch {torch_before - 3} turns" in header, (
            "the Explore's own header line keeps time"
        )
        assert "Room 1 explored" in body(app)
        assert "1 room + 3 Crossblades + 2 Hammers = 6" in body(app)
        assert "Left unspent: 1 Hammer, 2 Crossblades." in log_text(app)
        assert pool_plan(state).additions == {}, "the next room starts from a fresh plan"
    saved = persist.load_state(tmp_path / "demo.toml")
    assert divining_pool(saved).rooms == divining_pool(state).rooms


async def test_each_step_undoes_and_a_restart_resumes_it(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [5, 1, 1])  # Hammer, blank, blank: nothing to lose
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e", "enter")
        await pilot.pause()
        assert exploring(app.store.state).step == "extremes"
        await pilot.press("u")
        await pilot.pause()
        assert exploring(app.store.state) is None
        assert "The party moves on" in body(app)
    app, _ = scripted(tmp_path / "again", [5, 1, 1])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e", "enter", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, ExploreScreen)
        await pilot.press("e")
        assert "Blue: Hammer" in body(app), "the modal reopens on the step the session is on"
    reopened = sessions.open_files(persist.SaveFiles(tmp_path / "again", "demo"), load_ruleset)
    assert exploring(reopened.state) is not None and exploring(reopened.state).step == "extremes"


async def test_a_ration_spoils_from_a_chosen_pack(tmp_path: Path) -> None:
    # Blue blank, Purple Skull + Skull, Purple blank: two net Skulls.
    app, _ = scripted(tmp_path, [1, 3, 1])
    async with app.run_test(size=(120, 40)) as pilot:
        wenna = app.store.state.party[2]
        carried = sheet_of(app.store.state, wenna.id).rations
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        assert exploring(app.store.state).step == "transit"
        await choose(pilot, app, "skull:ration_spoils")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        options.highlighted = options.get_option_index(wenna.id)
        await pilot.press("enter")
        await pilot.pause()
        assert sheet_of(app.store.state, wenna.id).rations == carried - 1
        assert f"{wenna.name}'s; {carried - 1} left" in log_text(app)


async def test_enter_after_a_list_runs_out_buys_the_top_of_the_next(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [5, 7, 8])  # Blue Hammer; Purple Crossblade x2; Purple Crossblade x2
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        assert highlighted(app) == "hammer:friendly_encounter"
        await choose(pilot, app, "hammer:safe_haven")  # the 6th Hammer outcome, the only Hammer
        assert highlighted(app) == "crossblade:hostile_encounter"
        await pilot.press("enter")
        await pilot.pause()
        assert [s.outcome for s in exploring(app.store.state).spent] == ["safe_haven", "hostile_encounter"]


async def test_every_spend_stays_in_view(tmp_path: Path) -> None:
    # With special gear: Blue Hammer; Yellow Comet (+3 Hammers); Purple Chaos Star (+3 Crossblades);
    # Purple Crossblade x2: 4 Hammers and 5 Crossblades, each spent on an outcome of its own.
    for size in ((120, 40), (80, 24)):
        app, _ = scripted(tmp_path / f"{size[0]}", [5, 6, 4, 7])
        async with app.run_test(size=size) as pilot:
            app.perform(SetAddition("special_gear", 1))
            await pilot.press("e", "enter", "enter")
            await pilot.pause()
            bought = ["friendly_encounter", "reaction_friendly", "easier", "party_surprises"]
            bought += ["hostile_encounter", "reaction_hostile", "harder", "party_surprised"]
            for outcome in bought:
                symbol = "hammer" if len(exploring(app.store.state).spent) < 4 else "crossblade"
                await choose(pilot, app, f"{symbol}:{outcome}")
            assert exploring(app.store.state).crossblades_left == 1
            shown = screen_text(app)
            spent = exploring(app.store.state).spent
            # At 80x24 every outcome on offer comes first; the step's text scrolls to the newest spend.
            for line in spent if size == (120, 40) else spent[-3:]:
                assert line.text in shown, f"{line.text} out of view at {size}"


async def test_book_three_loses_beats_not_turns(tmp_path: Path) -> None:
    app, _ = scripted_app(tmp_path, [1, 2, 1], "hammercrawl-book3")  # Blue blank, Purple Skull, Purple blank
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        options = app.screen.query_one("#spend-0", OptionList)
        sputter = str(options.get_option("skull:sputter").prompt)
        assert "1d4 more Beats off them" in sputter


async def test_a_camp_encounter_is_no_move(tmp_path: Path) -> None:
    # Nobody watches: 1d6 = 5 + level 1 finds the camp. Its pool (Blue, Purple x2, Black x2 once the
    # torch has burnt out) shows one Crossblade.
    app, _ = scripted(tmp_path, [5, 1, 5, 1, 1, 1])
    async with app.run_test(size=(120, 40)) as pilot:
        for action in (SetSafeHaven(True), StartCamp(), SetCampFree("c4", "heal"), *[CampNext()] * 5):
            assert app.perform(action), action
        await pilot.press("e", "enter")  # the encounter's Comets read: on to the Crossblade
        await pilot.pause()
        assert exploring(app.store.state).step == "destination"
        assert "The encounter came to the camp: no time passes beyond the camp's own." in body(app)
        assert "move" not in body(app)
        await pilot.press("n")
        await pilot.pause()
        assert "The encounter came to the camp: no time passes beyond the camp's own." in log_text(app)


async def test_a_count_beyond_the_symbols_left_is_refused_and_forgotten(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [5, 7, 8])  # 1 Hammer, 4 Crossblades
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("e", "enter", "enter", "2")
        await pilot.pause()
        assert "x2: a letter or enter spends 2 on its outcome" in plain(app.screen.query_one("#explore-hint", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert exploring(app.store.state).spent == ()
        assert any("only 1 Hammer left to spend, not 2" in str(n.message) for n in app._notifications)
        assert "x2" not in plain(app.screen.query_one("#explore-hint", Static))
        await pilot.press("enter")  # the count is gone: one Hammer
        await pilot.pause()
        assert [s.outcome for s in exploring(app.store.state).spent] == ["friendly_encounter"]


async def test_a_count_belongs_to_the_list_it_was_typed_in(tmp_path: Path) -> None:
    """`3 enter` once the Falcon is spent moves on to the Crossblades: the 3 spends nothing and is
    not the first digit of the next count."""
    app, _ = scripted(tmp_path, [3, 7, 8])  # Blue Falcon; Purple Crossblade x2; Purple Crossblade x2
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        assert exploring(app.store.state).step == "transit"
        await pilot.press("enter")  # the one Falcon
        await pilot.pause()
        await pilot.press("3", "enter")  # nothing left to spend here: on to the Crossblades
        await pilot.pause()
        assert exploring(app.store.state).step == "destination"
        await pilot.press("2")
        await pilot.pause()
        assert "x2: a letter or enter spends 2" in plain(app.screen.query_one("#explore-hint", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert [s.symbol for s in exploring(app.store.state).spent] == ["falcon", "crossblade", "crossblade"]


async def test_each_outcome_has_a_letter_and_a_count_goes_before_it(tmp_path: Path) -> None:
    """The Hammers' outcomes take lower case letters, the Crossblades' upper case: `h` buys the Safe
    Haven (the sixth Hammer outcome), `2 C` two reactions towards hostile, `D` a harder encounter."""
    app, _ = scripted(tmp_path, [5, 7, 8])  # Blue Hammer; Purple Crossblade x2; Purple Crossblade x2
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        shown = screen_text(app)
        assert "h A Safe Haven once cleared of encounters" in shown
        assert "C An encounter's reaction one grade towards hostile" in shown
        for key in ("h", "2", "C", "D"):
            await pilot.press(key)
            await pilot.pause()
        spent = [s.outcome for s in exploring(app.store.state).spent]
        assert spent == ["safe_haven", "reaction_hostile", "reaction_hostile", "harder"]


async def test_at_80_by_24_every_outcome_and_the_hint_are_in_sight(tmp_path: Path) -> None:
    """Two Hammers and two Crossblades: both lists whole, each outcome with its letter, and the keys' hint."""
    app, _ = scripted(
        tmp_path, [5, 9, 5, 7]
    )  # Blue Hammer; Red Hammer x2 (Huzzah!); Purple Crossblade; Purple Crossblade x2
    async with app.run_test(size=(80, 24)) as pilot:
        app.perform(SetAddition("huzzah", 1))
        await pilot.press("e", "enter", "enter")
        await pilot.pause()
        trip = exploring(app.store.state)
        assert trip.step == "destination" and trip.hammers_left and trip.crossblades_left
        shown = screen_text(app)
        for group in spend_choices(app.store.state, app.store.ruleset):
            for choice in group.choices:
                assert choice.name[:24] in shown, f"{choice.name!r} out of sight"
        hint = plain(app.screen.query_one("#explore-hint", Static)).strip()
        assert hint.endswith("n finish, the rest unspent") and hint in shown
