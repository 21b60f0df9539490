"""Rules the fight screen keeps by its keys: who may act, and who sees in the dark."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from hammertui.session.fight_state import fighting
from hammertui.ui.dialogs.amount import AmountDialog
from hammertui.ui.fight import FightScreen
from tests.ui.scripted_gm import scripted_app
from tests.ui.test_fight_screen import GOBLINS, HP, ROUND_1, highlight
from tests.ui.waiting import until


async def test_a_passes_over_one_who_laid_down_this_round(tmp_path: Path) -> None:
    """"If you choose to Lay Down, you drop to the ground prone ... If you choose to Fight On, you
    can take an action as normal!": Brannoc, down and laid down, is highlighted, and `a` throws for
    the next who may act."""
    app, _ = scripted_app(tmp_path, HP + ROUND_1 + [15] + [10, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
        await pilot.press("space")  # the party wins initiative and acts
        await until(pilot, lambda: fighting(app.store.state).step == "phase", "round 1 under way")
        await highlight(pilot, app, "c2")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, AmountDialog), "the damage dialog")
        app.screen.query_one(Input).value = "6"
        await pilot.press("enter")
        await until(pilot, lambda: app.store.state.character("c2").status == "down", "Brannoc at 0 HP")
        await pilot.press("z")  # Lay Down: the Death save's d20 shows 15
        await until(pilot, lambda: app.store.state.character("c2").stance == "lay_down", "Brannoc laid down")
        await highlight(pilot, app, "c2")
        await pilot.press("a")
        await until(pilot, lambda: fighting(app.store.state).pending is not None, "an attack thrown")
        assert fighting(app.store.state).pending.attacker == "c1", "Darla attacks; Brannoc lies prone"
