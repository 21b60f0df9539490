"""The row under the cursor is the one a key acts on: Home and End move it, and a list opens with the
cursor already where it is drawn."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widgets import DataTable

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.screens.rooms import RoomsScreen
from hammertui.procedures.divining_pool.state import Room, with_pool


def eight_rooms_app(tmp_path: Path) -> HammerApp:
    """The demo party on the complete rules, eight rooms explored and none of them beaten."""
    made = sessions.create(tmp_path, "demo", load_ruleset("hammercrawl"), seed=7)
    rooms = tuple(Room(n, {"blue": 1, "purple": 2}, (), 0, 1) for n in range(1, 9))
    state = with_pool(attrs.evolve(made.state, dungeon=attrs.evolve(made.state.dungeon, rooms_explored=8)), rooms=rooms)
    return HammerApp(Store(state, made.ruleset, made.files, made.recent))


async def test_end_then_damage_hurts_the_last_in_the_roster(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        first, last = app.store.state.party[0], app.store.state.party[-1]
        await pilot.press("end", "d", "2", "enter")
        await pilot.pause()
        assert app.store.state.party[-1].hp == last.hp - 2
        assert app.store.state.party[0].hp == first.hp
        await pilot.press("home", "h")
        await pilot.pause()
        assert first.name in app.screen.query_one("Label").render().plain, "Home: the healing is for the first"


async def test_the_rooms_list_is_on_the_newest_room_as_it_opens(tmp_path: Path) -> None:
    app = eight_rooms_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoomsScreen())
        table = app.screen.query_one(DataTable)
        assert table.cursor_row == 7, "before the first frame, not after it"
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, RoomXPDialog) and app.screen.room == 8


async def test_x_awards_the_room_home_went_to(tmp_path: Path) -> None:
    app = eight_rooms_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("home", "x")
        await pilot.pause()
        assert isinstance(app.screen, RoomXPDialog)
        assert app.screen.room == 1
