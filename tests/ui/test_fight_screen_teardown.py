"""The fight screen's keys asked while it has no table: before it has composed, and while it is torn
down after the fight ends, the footer may ask which keys apply; neither may crash the app.

On a busy machine the footer's redraw, asked for as the ended fight's screen closes, ran after the
screen's table had gone and before the footer itself had: `NoMatches: No nodes match
'CombatantTable'`, the end of the fight saved and the room's XP offer lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

import attrs
import pytest
from textual.widgets import Footer

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.state import Room, find_room, with_pool
from hammertui.procedures.sides_and_phases.screens import FIGHT, CombatantTable, FightScreen
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_two_round_fight import type_in
from tests.ui.waiting import until

BOOK_THREES = ("hammercrawl-book3", "hammercrawl-book3-advantage")
TURNS = 200
"""Event-loop turns a footer on its way out waits for its screen's table to go."""


def room_app(tmp_path: Path, ruleset: str) -> HammerApp:
    """A new session under `ruleset`, standing in room 1 whose challenge is yet to be beaten."""
    made = sessions.create(tmp_path, "demo", load_ruleset(ruleset), seed=7)
    room = Room(1, {"blue": 1, "purple": 2}, (), 0, 1)
    state = with_pool(
        attrs.evolve(made.state, dungeon=attrs.evolve(made.state.dungeon, rooms_explored=1)), rooms=(room,)
    )
    return HammerApp(Store(state, made.ruleset, made.files, made.recent))


@pytest.fixture
def busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The footer is the last of a closing screen to go, as on a loaded machine: it is still there
    once the table has gone, and its redraw asked for as the screen closed runs then."""

    async def late(footer: KeysFooter) -> None:
        screen = footer.screen
        for _ in range(TURNS):
            if not screen.query(CombatantTable):
                break
            await asyncio.sleep(0)
        await footer.recompose()
        Footer.on_unmount(footer)

    monkeypatch.setattr(KeysFooter, "on_unmount", late)


@pytest.mark.usefixtures("busy_machine")
@pytest.mark.parametrize("ruleset", BOOK_THREES)
async def test_the_foes_flee_and_the_room_xp_follows(tmp_path: Path, ruleset: str) -> None:
    app = room_app(tmp_path, ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await type_in(pilot, "Goblin")
        await pilot.press("enter", "space", "x", "enter")  # "End it: the foes flee, give up or are driven off"
        await until(pilot, lambda: isinstance(app.screen, RoomXPDialog), "the room's XP offer")
        assert fighting(app.store.state) is None
        assert [e.text for e in app.store.recent if e.action == "round"][0].startswith("Round 1. Initiative")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the fight closed behind the award")
        for _ in range(TURNS // 10):
            await pilot.pause()
        assert find_room(app.store.state, 1).beaten
        assert not app.crashed


async def test_every_key_is_asked_before_the_screen_has_composed(tmp_path: Path) -> None:
    app = room_app(tmp_path, BOOK_THREES[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await type_in(pilot, "Goblin")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight")
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the dashboard")
        screen = FightScreen()
        app.push_screen(screen)
        assert not screen.query(CombatantTable), "asked before the screen composes"
        asked = {command.action: screen.check_action(command.action, ()) for command in FIGHT}
        assert asked["attack"] and asked["next"], "the fight is on: its keys apply"
        assert not asked["hurt"], "with no row highlighted, nobody to hurt"
        assert screen.active_bindings
        await until(pilot, lambda: bool(screen.query(CombatantTable)), "the fight screen composed")
