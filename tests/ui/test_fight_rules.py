"""Rules the fight screen keeps by its keys: who may act, and who sees in the dark."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.procedures.burn_down.actions import Douse
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import fighting, foe_kinds
from tests.ui.scripted_gm import scripted_app
from tests.ui.test_fight_screen import GOBLINS, HP, ROUND_1, ROUND_2, highlight
from tests.ui.waiting import until


async def test_a_passes_over_one_who_laid_down_this_round(tmp_path: Path) -> None:
    """ "If you choose to Lay Down, you drop to the ground prone ... If you choose to Fight On, you
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
        await until(pilot, lambda: sheet_of(app.store.state, "c2").stance == "lay_down", "Brannoc laid down")
        await highlight(pilot, app, "c2")
        await pilot.press("a")
        await until(pilot, lambda: fighting(app.store.state).pending is not None, "an attack thrown")
        assert fighting(app.store.state).pending.attacker == "c1", "Darla attacks; Brannoc lies prone"


async def goblin_in_the_dark(pilot, app: HammerApp, blind: bool) -> None:  # type: ignore[no-untyped-def]
    """A lone Goblin (HD 1, one attack die) entered by keys in the party's dark, marked blind in it
    or not, winning initiative; the fight stepped on to its Melee phase."""
    assert app.perform(Douse("l1"))
    await pilot.press("F")
    await until(pilot, lambda: isinstance(app.screen, FoesDialog), "the foes form")
    await pilot.press(*"Goblin")
    if blind:
        for _ in range(10):  # past the numbers to the last box of the attack row
            await pilot.press("tab")
        await until(pilot, lambda: getattr(app.screen.focused, "id", "") == "light-blind", "the blind box")
        await pilot.press("space")
        await until(pilot, lambda: "blind in the dark" in str(app.screen.query_one("#preview").content), "the preview")
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
    await pilot.press("space")  # the foes win initiative
    await until(pilot, lambda: fighting(app.store.state).side == "foes", "the foes' turn")
    await pilot.press("O", "n")  # no morale check; on to Melee
    await until(pilot, lambda: fighting(app.store.state).phase == "melee", "the foes' Melee")


async def test_a_goblin_attacks_in_the_partys_dark_with_its_one_die(tmp_path: Path) -> None:
    """ "As none of the base classes in HAMMERCRAWL! can see in the dark ... When a character is
    acting under the effects of darkness ... Their Combat Attack Dice pool is reduced by one. If
    this reduces it to Zero, they cannot effectively attack.": the dark is the party's."""
    app, _ = scripted_app(tmp_path, [5] + ROUND_2 + [10, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        await goblin_in_the_dark(pilot, app, blind=False)
        await pilot.press("a")
        await until(pilot, lambda: fighting(app.store.state).pending is not None, "the goblin's attack thrown")
        assert fighting(app.store.state).pending.plan.dice == 1


async def test_a_goblin_marked_blind_in_the_dark_cannot_attack_in_it(tmp_path: Path) -> None:
    app, _ = scripted_app(tmp_path, [5] + ROUND_2)
    async with app.run_test(size=(120, 40)) as pilot:
        await goblin_in_the_dark(pilot, app, blind=True)
        assert foe_kinds(app.store.state)[0].light_blind
        await pilot.press("a")
        await until(
            pilot, lambda: any("Goblin cannot attack" in str(n.message) for n in app._notifications), "the refusal"
        )
        assert fighting(app.store.state).pending is None
        await pilot.press("u", "u", "u", "u")  # back to before the fight: the mark goes with it
        await until(pilot, lambda: fighting(app.store.state) is None, "the fight undone")
        assert foe_kinds(app.store.state) == ()
