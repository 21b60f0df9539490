"""The rooms screen: two rooms explored with scripted dice, read back, awarded, annotated and undone.

The session is the demo party on the complete rules (dungeon level 1, boss 3 HD, everyone level 1,
Challenge Level 2). Room 1 is entered with a "Huzzah!": Blue, Red and two Purple dice. Room 2 is a
plain Blue and two Purple.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Label, Static, TextArea

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.divining_pool.actions.explore import (
    AwardRoomXP,
    ExploreNext,
    RollExplore,
    SetAddition,
    SetRevisit,
    SpendSymbol,
    SplitBlood,
)
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.screens.rooms import RoomNotesDialog, RoomsScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring, find_room
from tests.ui.test_party import log_text, plain

ROOM_1 = [5, 7, 4, 8]  # Blue: Hammer; Red: Hammer + Blood Drop; Purple: Chaos Star; Purple: 2 Crossblades
BLOOD = [2]  # the Blood Drop's 1d4
PIT = [13, 2, 3, 4]  # the trap table's d20: a pit, 1d6 x 10 ft deep, 2d6 falling damage
ROOM_2 = [3, 5, 1]  # Blue: Falcon; Purple: Crossblade; Purple: blank
WORKING_1 = "1 room + 5 Crossblades + 2 Hammers = 8; x1 (dungeon tier 1, party tier 1) = 8 each"


def scripted(tmp_path: Path, faces: list[int]) -> HammerApp:
    """The demo session on the complete rules, every die it throws read from `faces` in order."""
    script = ScriptedDice(faces)
    made = sessions.create(tmp_path, "demo", load_ruleset("hammercrawl"), seed=7)
    return HammerApp(Store(made.state, made.ruleset, made.files, made.recent, dice=lambda _: script))


def two_rooms_app(tmp_path: Path) -> HammerApp:
    return scripted(tmp_path, ROOM_1 + BLOOD + PIT + ROOM_2)


def explore_two_rooms(app: HammerApp) -> None:
    """Room 1: a trap and a Safe Haven bought, the blood on Darla. Room 2: a bonus re-roll and a surprise."""
    darla = app.store.state.party[0].id
    steps = [
        SetAddition("huzzah", 1),
        RollExplore(),
        ExploreNext(),
        SplitBlood(((darla, 2),)),
        ExploreNext(),
        SpendSymbol("crossblade", "trap"),
        SpendSymbol("hammer", "safe_haven"),
        ExploreNext(),
        RollExplore(),
        ExploreNext(),
        SpendSymbol("falcon", "reroll"),
        ExploreNext(),
        SpendSymbol("crossblade", "party_surprised"),
        ExploreNext(),
    ]
    for action in steps:
        assert app.perform(action), action
    assert exploring(app.store.state) is None


async def open_rooms(app: HammerApp, pilot: Pilot) -> RoomsScreen:
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(app.screen, RoomsScreen)
    return app.screen


def table_of(app: HammerApp) -> DataTable:
    return app.screen.query_one(DataTable)


def row_text(app: HammerApp, index: int) -> list[str]:
    return [str(cell) for cell in table_of(app).get_row_at(index)]


def panel(app: HammerApp) -> str:
    return plain(app.screen.query_one("#room-text", Static))


def problem(app: HammerApp) -> str:
    return str(app.screen.query_one("#problem", Label).render())


def xp(app: HammerApp) -> dict[str, int]:
    return {m.id: m.xp for m in app.store.state.party}


async def back_to_dashboard(app: HammerApp, pilot: Pilot) -> None:
    await pilot.pause()
    while len(app.screen_stack) > 1:
        app.pop_screen()
    await pilot.pause()


async def test_no_rooms_yet_says_how_rooms_appear(tmp_path: Path) -> None:
    app = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rooms(app, pilot)
        empty = str(screen.query_one(".listing-empty", Static).render())
        assert "No rooms explored yet." in empty and "Press e on the main screen to Explore" in empty
        assert not table_of(app).display
        assert not screen.query_one("#room-detail").display
        for key in ("x", "n", "r"):
            assert not screen.active_bindings[key].enabled, f"{key} has nothing to act on"
        await pilot.press("escape")
        assert not isinstance(app.screen, RoomsScreen)


async def test_the_rows_and_the_panel_show_the_dice_and_what_they_bought(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        screen = await open_rooms(app, pilot)
        table = table_of(app)
        assert [key.value for key in table.rows] == ["1", "2"], "in the order explored"
        assert table.cursor_row == 1, "the newest room is highlighted"
        assert row_text(app, 0) == ["1", "1⬢ 1⬢ 2⬢", "2", "5", "yes", "8 if beaten"]
        assert row_text(app, 1) == ["2", "1⬢ 2⬢", "0", "1", "", "2 if beaten"]
        assert screen.query_one(".listing").border_subtitle == "2 rooms · 0 beaten · 1 bonus re-roll left (r)"

        shown = panel(app)
        assert "day 1, 00:20" in shown and "a new room" in shown
        assert "1⬢ Blue · 2⬢ Purple" in shown
        assert "Blue: Falcon" in shown and "Purple: Crossblade" in shown and "Purple: blank" in shown
        assert "Falcon      A bonus re-roll of any single die in the next room" in shown
        assert "Crossblade  The occupants catch the party by surprise" in shown
        assert "1 room + 1 Crossblade + 0 Hammers = 2; x1 (dungeon tier 1, party tier 1) = 2 each" in shown

        await pilot.press("up")
        shown = panel(app)
        assert "day 1, 00:10" in shown
        for face in (
            "Blue: Hammer",
            "Red: Hammer + Blood Drop",
            "Purple: Chaos Star",
            "Purple: Crossblade + Crossblade",
        ):
            assert face in shown
        assert "Crossblade  A dangerous trap, concealed or not: Pit Trap" in shown
        assert "Hammer      A Safe Haven once cleared of encounters" in shown
        assert "A Safe Haven once cleared." in shown
        assert WORKING_1 in " ".join(shown.split())


async def test_a_revisit_names_the_room_it_went_back_to(tmp_path: Path) -> None:
    app = scripted(tmp_path, ROOM_1 + BLOOD + PIT + ROOM_2 + ROOM_2)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        for action in (SetRevisit(1), RollExplore(), ExploreNext(), ExploreNext(), ExploreNext()):
            assert app.perform(action), action
        assert divining_pool(app.store.state).rooms[-1].revisit_of == 1
        await open_rooms(app, pilot)
        assert row_text(app, 2) == ["3 back to 1", "1⬢ 2⬢", "0", "1", "", "1 if beaten"]
        shown = panel(app)
        assert "back to room 1: no room XP" in shown
        assert "0 room + 1 Crossblade + 0 Hammers = 1" in shown
        assert "nothing: every symbol was left unspent" in shown


async def test_a_bonus_re_roll_is_spent_from_the_screen(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        screen = await open_rooms(app, pilot)
        assert screen.active_bindings["r"].enabled
        await pilot.press("r")
        await pilot.pause()
        assert divining_pool(app.store.state).rerolls == 0
        assert "A bonus re-roll is used (0 left)." in log_text(app)
        assert screen.query_one(".listing").border_subtitle == "2 rooms · 0 beaten"
        assert not screen.active_bindings["r"].enabled


async def test_an_award_at_the_rules_figure_goes_to_every_survivor(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        explore_two_rooms(app)
        otto = app.store.state.party[3]
        assert app.perform(ApplyDamage(otto.id, 99, "the pit"))
        await back_to_dashboard(app, pilot)
        before = xp(app)

        screen = await open_rooms(app, pilot)
        await pilot.press("up", "x")
        dialog = app.screen
        assert isinstance(dialog, RoomXPDialog)
        assert WORKING_1 in str(dialog.query_one("#room-working", Label).render())
        assert "Darla, Brannoc and Wenna" in str(dialog.query_one(Label).render()), "the dead are not named"
        assert dialog.query_one("#amount", Input).value == "8"
        await pilot.press("enter")
        await pilot.pause()

        assert app.screen is screen
        after = xp(app)
        assert after == {who: had + (0 if who == otto.id else 8) for who, had in before.items()}
        assert find_room(app.store.state, 1).beaten
        assert row_text(app, 0)[-1] == "8 beaten"
        assert "Challenge beaten: 8 XP each to the survivors." in panel(app)
        assert f"Room 1's challenge beaten: {WORKING_1}." in log_text(app)
        assert any("8 XP each to Darla, Brannoc, Wenna." in n.message for n in app._notifications)

        assert not screen.active_bindings["x"].enabled, "a beaten room greys out its award"
        await pilot.press("x")
        assert app.screen is screen
        assert app.try_perform(AwardRoomXP(1)) == "room 1's challenge is already beaten (8 XP each)"
        assert xp(app) == after
        await pilot.press("down")
        assert screen.active_bindings["x"].enabled, "room 2 is still to beat"
    assert find_room(persist.load_state(tmp_path / "demo.toml"), 1).xp_each == 8


async def test_a_changed_figure_needs_a_reason_and_the_log_keeps_it(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        await open_rooms(app, pilot)
        before = xp(app)
        await pilot.press("up", "enter")
        dialog = app.screen
        assert isinstance(dialog, RoomXPDialog)
        dialog.query_one("#amount", Input).value = "10"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog, "the form stays open"
        assert problem(app) == "The rules give 8; say why it is 10."
        assert xp(app) == before
        assert dialog.query_one("#reason", Input).placeholder == "Why not the rules' 8? (needed)"

        dialog.query_one("#reason", Input).value = "they beat it blindfolded"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RoomsScreen)
        assert xp(app) == {who: had + 10 for who, had in before.items()}
        assert row_text(app, 0)[-1] == "10 beaten"
        assert "Changed to 10 each: they beat it blindfolded." in log_text(app)


async def test_a_figure_that_is_not_a_number_is_named(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        await open_rooms(app, pilot)
        await pilot.press("x")
        app.screen.query_one("#amount", Input).value = "lots"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(app) == "XP each: 'lots' is not a whole number"
        await pilot.press("escape")
        assert isinstance(app.screen, RoomsScreen)
        assert not find_room(app.store.state, 2).beaten


async def test_editing_a_rooms_notes(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        await open_rooms(app, pilot)
        assert "none yet: n writes some" in panel(app)
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, RoomNotesDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(app) == "The notes are unchanged."
        dialog.query_one("#notes", TextArea).text = "Goblin shrine.\nThe idol's eyes are rubies."
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RoomsScreen)
        assert find_room(app.store.state, 2).notes == "Goblin shrine.\nThe idol's eyes are rubies."
        assert "The idol's eyes are rubies." in panel(app)
        assert "Room 2: notes changed." in log_text(app)
    assert find_room(persist.load_state(tmp_path / "demo.toml"), 2).notes.startswith("Goblin shrine.")


async def test_undo_on_the_main_screen_takes_an_award_back(tmp_path: Path) -> None:
    app = two_rooms_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        explore_two_rooms(app)
        before = xp(app)
        await open_rooms(app, pilot)
        await pilot.press("x", "enter")
        await pilot.pause()
        assert find_room(app.store.state, 2).beaten
        await pilot.press("escape")
        assert not isinstance(app.screen, RoomsScreen)
        await pilot.press("u")
        await pilot.pause()
        assert xp(app) == before
        assert not find_room(app.store.state, 2).beaten
        await open_rooms(app, pilot)
        assert row_text(app, 1)[-1] == "2 if beaten"
        assert app.screen.active_bindings["x"].enabled
