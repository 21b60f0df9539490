"""An Explore under a ruleset that plays the Divining Pool without a fight procedure (`fight =
"none"`), by keys through the meeting: an encounter bought with a Crossblade is met, the screen says
the foes are met and leaves the fighting to the table, and no key offers a fight that is not there."""

from __future__ import annotations

from pathlib import Path

from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.state import divining_pool, exploring
from tests.test_parts_left_out import without
from tests.ui.scripted_gm import screen_text, scripted_app
from tests.ui.test_explore import body, choose
from tests.ui.waiting import until

ROLL = [5, 5, 1]  # Blue: Hammer; Purple: Crossblade; Purple: blank


async def test_an_explore_meets_its_foes_without_a_fight_procedure(tmp_path: Path) -> None:
    app, script = scripted_app(tmp_path, ROLL, ruleset=str(without(tmp_path, "fight")))
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store is not None and app.store.ruleset.procedures["fight"] == "none"
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen), "the Explore")
        await pilot.press("enter")  # roll
        await until(pilot, lambda: exploring(app.store.state) is not None, "the pool rolled")
        while exploring(app.store.state).step != "destination":
            await pilot.press("n")
            await pilot.pause()
        await choose(pilot, app, "crossblade:hostile_encounter")
        await pilot.press("n")  # the move ends at the encounter
        await until(pilot, lambda: exploring(app.store.state) is None, "the Explore done")
        assert script.remaining == 0
        room = divining_pool(app.store.state).rooms[-1]
        assert room.crossblades == 1
        shown, seen = body(app), screen_text(app)
        assert "An (additional) random hostile encounter" in shown
        assert "The foes are met. This ruleset plays no fight procedure: the fighting is the table's." in shown
        assert "F fight" not in seen and "Fight!" not in seen, "no fight offered, in the hint or the footer"
        await pilot.press("F")
        await pilot.pause()
        assert isinstance(app.screen, ExploreScreen), "no fight to open"
        await pilot.press("x")  # the challenge beaten at the table: its XP to every survivor
        await until(pilot, lambda: divining_pool(app.store.state).rooms[-1].beaten, "the room's XP awarded")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ExploreScreen), "back on the dashboard")
