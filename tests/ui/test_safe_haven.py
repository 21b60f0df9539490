"""A Safe Haven bought in a room is the party's once the room is cleared, by the keys of the
Explore and the Camp."""

from __future__ import annotations

from pathlib import Path

from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.hammercrawl_camp.screens import CampScreen
from hammertui.procedures.hammercrawl_camp.state import camping
from tests.ui.scripted_gm import screen_text, scripted_app
from tests.ui.test_explore import choose
from tests.ui.waiting import until

HAMMER_AND_CROSSBLADE = [5, 5, 1]
"""The pool of Blue, Purple, Purple: a Hammer, a Crossblade and a blank."""


async def test_camp_waits_for_the_room_with_an_encounter_to_be_beaten(tmp_path: Path) -> None:
    """ "The room will function as a Safe Haven once cleared of encounters.": the Hammer buys the
    haven, the Crossblade a hostile encounter; Camp is refused for want of a Safe Haven until the
    challenge is beaten (x), then the party camps."""
    app, _ = scripted_app(tmp_path, HAMMER_AND_CROSSBLADE)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen), "the Explore")
        await pilot.press("enter", "enter")  # roll; on to the Hammers and Crossblades
        await until(pilot, lambda: exploring(app.store.state).step == "destination", "the destination")
        await choose(pilot, app, "hammer:safe_haven")
        await choose(pilot, app, "crossblade:hostile_encounter")
        await pilot.press("n")  # the room is recorded
        await until(pilot, lambda: exploring(app.store.state) is None, "the room recorded")
        assert not app.store.state.dungeon.safe_haven

        await pilot.press("escape", "c")
        await until(pilot, lambda: isinstance(app.screen, CampScreen), "the Camp")
        await until(pilot, lambda: "Missing: a Safe Haven" in screen_text(app), "the camp refused")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CampScreen), "the dashboard")

        await pilot.press("m")  # the Rooms screen: the room's challenge beaten
        await until(pilot, lambda: type(app.screen).__name__ == "RoomsScreen", "the Rooms screen")
        await pilot.press("x")
        await until(pilot, lambda: type(app.screen).__name__ == "RoomXPDialog", "the award's figure")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.store.state.dungeon.safe_haven, "the haven cleared")
        await until(pilot, lambda: type(app.screen).__name__ == "RoomsScreen", "back on the Rooms")
        await pilot.press("escape", "c")
        await until(pilot, lambda: isinstance(app.screen, CampScreen), "the Camp")
        await until(pilot, lambda: "Ready to camp." in screen_text(app), "the camp allowed")
        assert camping(app.store.state) is None
