"""The dice of one attack split between targets on the landing: up and down pick a die, a number
sends it to that target, Enter lands each die on its own target.

Book Three: "You can then assign the dice as you see fit between basic attacks and special
attacks ... against any targets that are valid."
"""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_attack_dialog import armed, fighter, foe_hp, shown
from tests.ui.test_party import log_text
from tests.ui.waiting import until

OGRES = combat.StartFight((combat.FoeGroup(FoeKind("Ogre", "4", 12), 2),), hp="average")
"""Two ogres of 18 HP (4 x 4.5), AC 12."""
PARTY_FIRST = [6, 3]
"""The party's d10 (+1 for Darla's DEX) beats the foes': straight to the party's Melee."""
TWO_HITS = [15, 16, 5]
"""Darla as Fighter 1: 2 attack dice at +0 (STR -1 against the level's +1), damage d8 - 1.
15 and 16 both hit AC 12; 5 - 1 = 4 a hit, and her Stay Put's +1 on the damage makes 5."""


async def thrown(pilot, app: HammerApp) -> AttackDialog:  # type: ignore[no-untyped-def]
    """The fight opened and `a` pressed: Darla throws at the default target, Ogre 1."""
    assert app.perform(OGRES)
    assert app.perform(combat.FightNext())
    await pilot.press("F")
    await pilot.pause()
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.query("#dice"), "the landing")
    assert isinstance(app.screen, AttackDialog)
    return app.screen


async def test_one_die_sent_to_another_target_lands_on_each(tmp_path: Path) -> None:
    app, script = armed(tmp_path, PARTY_FIRST + TWO_HITS, tweak=fighter)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await thrown(pilot, app)
        assert fighting(app.store.state).pending.target == "f1"
        await pilot.press("down", "down")  # die 2
        await until(pilot, lambda: "> Attack 2" in shown(dialog, "#dice"), "die 2 picked")
        await pilot.press("2")  # die 2 to Ogre 2
        await until(pilot, lambda: "-> Ogre 2" in shown(dialog, "#dice"), "die 2 sent to Ogre 2")
        dice = shown(dialog, "#dice")
        assert (
            "[15] = 15 vs AC 12: hit for 5 -> Ogre 1\n> Attack 2 1d20: [16] = 16 vs AC 12: hit for 5 -> Ogre 2" in dice
        )
        assert "Total: 2 hits, 10 damage\nOgre 1: 18/18 HP, 13 after\nOgre 2: 18/18 HP, 13 after" in dice

        await pilot.press("enter")
        await until(pilot, lambda: fighting(app.store.state).pending is None, "the blow landed")
        assert (foe_hp(app, "f1"), foe_hp(app, "f2")) == (18 - 5, 18 - 5)
        log = log_text(app)
        assert (
            "Darla on Ogre 1: 1 hit, Stay Put +1 on the damage, 5 damage;"
            " on Ogre 2: 1 hit, Stay Put +1 on the damage, 5 damage." in log
        )
        assert "Ogre 1 takes 5: 13/18 HP left." in log and "Ogre 2 takes 5: 13/18 HP left." in log
        assert script.remaining == 0


async def test_a_number_with_no_die_picked_sends_them_all(tmp_path: Path) -> None:
    app, _ = armed(tmp_path, PARTY_FIRST + TWO_HITS, tweak=fighter)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await thrown(pilot, app)
        await pilot.press("2")
        await until(pilot, lambda: shown(dialog, "#dice").count("-> Ogre 2") == 2, "both dice on Ogre 2")
        await pilot.press("enter")
        await until(pilot, lambda: fighting(app.store.state).pending is None, "the blow landed")
        assert (foe_hp(app, "f1"), foe_hp(app, "f2")) == (18, 18 - 10)
        assert "Darla on Ogre 2: 2 hits, Stay Put +1 on the damage, 10 damage." in log_text(app)
