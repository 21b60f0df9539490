"""Surprise and a hireling's nerve on the fight screen, by keys: r rolls the surprised side's
Rally saves with each target shown first, the surprised are marked and cannot attack in round 1;
m tests a hireling, who flees on a failed save under Book Three. All undone with u."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.sides_and_phases.actions import Attack, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_fight_dialogs import scripted
from tests.ui.test_fight_screen import notes, now, pick, row
from tests.ui.test_party import log_text
from tests.ui.waiting import until

GOBLINS = (FoeGroup(FoeKind("Goblin", "1", 12), 2),)
SAVES = [20, 1, 1, 1]  # Darla passes, Brannoc, Wenna and Otto fail
INITIATIVE = [11, 1]  # Book Three's d12: the party wins


async def test_the_surprised_party_rolls_rally_saves_and_the_failed_sit_out_round_1(tmp_path: Path) -> None:
    """ "have all of the "surprised" characters roll Rally saves. Anyone who passes can act in the
    first round of combat." Level 1 against a Goblin of 1 HD: Tier 1 against Tier 1, target 15."""
    app = scripted(tmp_path, SAVES + INITIATIVE, ruleset="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.try_perform(StartFight(GOBLINS, surprised=("party",), hp="average")) is None
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
        assert "Surprised: the party. r: Rally saves." in now(app)
        assert row(app, "c3")[-1] == "surprised"

        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the surprise dialog")
        prompt = str(app.screen.query(Label).first().render())
        assert "Darla: Rally +0 vs 15" in prompt and "Wenna: Rally -1 vs 15" in prompt
        await pick(pilot, app, "roll")
        await until(pilot, lambda: bool(fighting(app.store.state).surprise_saves), "the saves")
        assert "Darla: Rally save: 20 vs 15, success" in log_text(app)
        assert "1 of 4 shake off the surprise; the rest lose round 1." in log_text(app)
        assert row(app, "c1")[-1] == "" and row(app, "c3")[-1] == "surprised"
        assert "r: Rally saves" not in now(app)

        await pilot.press("space")  # initiative: the party wins, Darla alone acts
        await until(pilot, lambda: fighting(app.store.state).step == "phase", "round 1")
        assert "Acting now: Darla" in now(app)
        assert (
            app.try_perform(Attack("c3", "f1")) == "Wenna is surprised:"
            ' "surprised and thus cannot take actions in the first round of combat" (Surprise Check)'
        )

        await pilot.press("u", "u")  # the initiative, then the saves
        await until(pilot, lambda: not fighting(app.store.state).surprise_saves, "the saves undone")
        assert "r: Rally saves." in now(app)


async def test_a_hireling_whose_nerve_fails_departs_fleeing(tmp_path: Path) -> None:
    """ "If the NPC is a party hireling, the PC in charge of them must make a Rally save (as detailed
    in the Hirelings section). If failed, the Hireling departs, fleeing for the nearest escape to
    safety." Pim is Tier 0 in Darla's charge (Tier 1): target 12; she rolls a 3."""
    app = scripted(tmp_path, [3], ruleset="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.try_perform(Hire("Pim", "torchbearer", 0, "c1")) is None
        assert app.try_perform(StartFight(GOBLINS, hp="average")) is None
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the hireling dialog")
        await pick(pilot, app, "h1")
        await until(pilot, lambda: not app.store.state.hirelings, "Pim gone")
        assert "Rally save: 3 vs 12, failed by 9: they depart, fleeing for the nearest escape to safety" in log_text(
            app
        )
        assert "Fled: Pim (hirelings)" in notes(app)
        await pilot.press("u")
        await until(pilot, lambda: bool(app.store.state.hirelings), "Pim back")
