"""A dialog an action calls for (the room's XP after a fight, the epitaph after a death) opens before
the screen that took the action hands the keyboard back, so no key meant for it lands elsewhere."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widgets import Input

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.state import replace_member
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.burial import BurialDialog
from hammertui.procedures.divining_pool.actions.explore import ExploreNext, RollExplore, SetAddition
from hammertui.procedures.divining_pool.dialogs.blood import BloodDialog
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.state import exploring, find_room
from hammertui.procedures.hammercrawl_classes.state import sheet_changed
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_rooms import BLOOD, ROOM_1
from tests.ui.test_two_round_fight import fight_app, type_in


async def test_the_room_xp_offer_opens_over_the_fight_and_closes_it(tmp_path: Path) -> None:
    app, _ = fight_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await type_in(pilot, "Goblin")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        await pilot.press("x", "enter")  # "End it: the foes flee"
        await pilot.pause()
        assert fighting(app.store.state) is None
        assert isinstance(app.screen, RoomXPDialog)
        assert isinstance(app.screen_stack[-2], FightScreen), (
            "the fight hands the keyboard to the offer, not to the dashboard"
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(app.screen_stack) == 1, "the award closes the fight too"
        assert find_room(app.store.state, 1).beaten


def frail_darla_app(tmp_path: Path) -> HammerApp:
    """Room 1's dice (a Blood Drop of 2 among them) for a party whose Darla has 1 HP and 1 CON left."""
    script = ScriptedDice(ROOM_1 + BLOOD)
    made = sessions.create(tmp_path, "demo", load_ruleset("hammercrawl"), seed=7)
    frail = attrs.evolve(made.state.party[0], hp=1)
    state = sheet_changed(attrs.evolve(made.state, party=replace_member(made.state.party, frail)), frail.id, con=1)
    return HammerApp(Store(state, made.ruleset, made.files, made.recent, dice=lambda _: script))


async def test_a_death_in_a_form_leaves_the_epitaph_open_and_the_form_closed(tmp_path: Path) -> None:
    app = frail_darla_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        for action in (SetAddition("huzzah", 1), RollExplore(), ExploreNext()):
            assert app.perform(action), action
        app.push_screen(BloodDialog(app.store.state.living, exploring(app.store.state).blood))
        await pilot.pause()
        app.screen.query_one(f"#share-{darla.id}", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.store.state.character(darla.id).alive
        assert isinstance(app.screen, BurialDialog), "the epitaph is there to write"
        assert not any(isinstance(s, BloodDialog) for s in app.screen_stack), "and the Blood Drops are settled"
