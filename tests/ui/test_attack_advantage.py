"""Advantage in the attack form: on the attack dice and on the damage, each a pool, every die shown.

"Advantages can apply to any dice roll in the game, including d20 checks, damage rolls, and more.
When rolling pools of dice with an advantage, just add one die of the base type to the pool, and
then drop the lowest die after the roll." (Book Three, Advantage; the complete rules' Advantage is
"incremental", played the same.)
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_attack_dialog import armed, fighter, foe_hp, shown
from tests.ui.test_dice_split import OGRES, PARTY_FIRST
from tests.ui.test_party import log_text
from tests.ui.waiting import until

POOLS = [3, 17, 9, 12, 2, 6, 1]
"""Darla as Fighter 1 (2 attack dice at +0, damage d8 - 1) with two adds on each: 4d20, 17 and 12
kept, both hitting AC 12; 3d8, the 6 kept: 6 - 1 = 5 a hit, and Stay Put's +1 on the damage 6."""


async def typed(pilot, dialog: AttackDialog, field: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """A click on the number box, its 0 rubbed out and `text` typed."""
    await pilot.click(f"#{field}")
    await pilot.press("end", "backspace", *text)
    await until(pilot, lambda: dialog.query_one(f"#{field}", Input).value == text, f"{text} in {field}")


async def test_advantage_on_the_attack_dice_and_the_damage_is_offered_and_every_die_shown(tmp_path: Path) -> None:
    app, script = armed(tmp_path, PARTY_FIRST + POOLS, tweak=fighter)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(OGRES)
        assert app.perform(combat.FightNext())
        await pilot.press("F")
        await pilot.pause()
        await pilot.press("A")
        await until(
            pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.query("#plan"), "the attack form"
        )
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        await typed(pilot, dialog, "net", "2")
        await typed(pilot, dialog, "damage-net", "2")
        await until(pilot, lambda: "on the damage" in shown(dialog, "#plan"), "the damage's modifier dice in the plan")
        plan = shown(dialog, "#plan")
        assert "Advantage x2 on the attack dice: 4d20, the best 2 kept" in plan
        assert "Advantage x2 on the damage: 3d8, the best kept" in plan

        await pilot.press("ctrl+s")
        await until(pilot, lambda: dialog.query("#dice"), "the landing")
        dice = shown(dialog, "#dice")
        assert "Attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]" in dice
        assert (
            "Attack 1 1d20: [17] = 17 vs AC 12: hit for 6" in dice
            and "Attack 2 1d20: [12] = 12 vs AC 12: hit for 6" in dice
        )
        assert "Damage 1d8-1 adv x2: [2, 6, 1] keep [6] -1 + Stay Put [1] = 6" in dice

        await pilot.press("ctrl+s")
        await until(pilot, lambda: fighting(app.store.state).pending is None, "the blow landed")
        assert foe_hp(app) == 18 - 12
        log = log_text(app)
        assert "attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]" in log
        assert "damage 1d8-1 adv x2: [2, 6, 1] keep [6] -1 = 5" in log
        assert script.remaining == 0
