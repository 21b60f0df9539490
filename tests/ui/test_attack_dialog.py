"""The attack dialog: Enter throws, Enter lands, every die shown and every choice the dice call for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.hammercrawl_classes.state import NOT_TODAY, sheet_changed, sheet_of
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_party import log_text, plain

GOBLINS = combat.FoeGroup(FoeKind("Goblin", "1", 12, damage_die=8), 2)
OGRE = combat.FoeGroup(FoeKind("Ogre", "4", 12), 1)
SHIPPED = ("hammercrawl", "hammercrawl-book3", "hammercrawl-book3-advantage")


def armed(
    tmp_path: Path, faces: list[int], ruleset: str = "hammercrawl", tweak: Callable[[State], State] = lambda s: s
) -> tuple[HammerApp, ScriptedDice]:
    """The demo session (changed by `tweak`) on `ruleset`, its dice read from a script."""
    script = ScriptedDice(faces)
    made = sessions.create(tmp_path, "demo", load_ruleset(ruleset), seed=7)
    store = Store(tweak(made.state), made.ruleset, made.files, made.recent, dice=lambda _: script)
    return HammerApp(store), script


def dark(state: State) -> State:
    return light_state.with_lights(state, tuple(attrs.evolve(s, lit=False) for s in light_state.lights(state)))


def fighter(state: State) -> State:
    """Darla as a Fighter with one Not Today! to spend."""
    darla = attrs.evolve(state.party[0], class_id="fighter")
    return sheet_changed(attrs.evolve(state, party=(darla, *state.party[1:])), darla.id, uses={NOT_TODAY: 1})


async def open_attack(pilot, app: HammerApp, attacker: str = "", target: str = "") -> AttackDialog:  # type: ignore[no-untyped-def]
    """The attack set out in full; before initiative, with the 'Smith's reason for it."""
    app.push_screen(AttackDialog(app.store.ruleset, app.store.state, attacker, target))
    await pilot.pause()
    assert isinstance(app.screen, AttackDialog)
    if app.screen.query("#why"):
        app.screen.query_one("#why", Input).value = "set up by hand"
    return app.screen


async def enter(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("enter")
    await pilot.pause()


def shown(dialog: AttackDialog, widget_id: str) -> str:
    return plain(dialog.query_one(widget_id, Static))


def foe_hp(app: HammerApp, foe_id: str = "f1") -> int:
    return fighting(app.store.state).foe(foe_id).hp


THROWN = [
    (
        "hammercrawl",
        "1d6-1",
        "damage 1d6-1: [3] -1 = 2",
        "Damage 1d6-1: [3] -1 + Stay Put [1] = 3: 3 damage for each hit",
        3,
    ),
    ("hammercrawl-book3", "1d6-1", "damage 1d6-1: [3] -1 = 2", "Damage 1d6-1: [3] -1 + Stay Put [1] = 3", 3),
]


@pytest.mark.parametrize(("ruleset", "damage", "thrown", "landing", "dealt"), THROWN)
async def test_enter_enter_hits_the_ogre(
    tmp_path: Path, ruleset: str, damage: str, thrown: str, landing: str, dealt: int
) -> None:
    app, script = armed(tmp_path, [15, 3], ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        plan = shown(dialog, "#plan")
        assert f"Darla: 1 attack die at -1 vs AC 12, damage {damage}" in plan
        assert "Thief level 1: 1 attack die" in plan and "Melee attack -1" in plan and "STR -1" in plan
        assert "Stay Put: +1 to any one die" in plan

        await enter(pilot)
        assert app.screen is dialog and fighting(app.store.state).pending is not None
        dice = shown(dialog, "#dice")
        assert "Attack 1 1d20-1: [15] -1 = 14 vs AC 12: hit for" in dice
        assert landing in dice and "Stay Put +1 on the damage" in dice
        assert f"Total: 1 hit, {dealt} damage" in dice

        await enter(pilot)
        assert not isinstance(app.screen, AttackDialog)
        assert foe_hp(app) == before - dealt
        assert fighting(app.store.state).pending is None
        log = log_text(app)
        assert "attack 1 1d20-1: [15] -1 = 14" in log and thrown in log and "Stay Put +1 on the damage" in log
        assert f"Ogre takes {dealt}" in log
        assert script.remaining == 0


async def test_a_natural_20_doubles_or_trades_for_an_effect(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [20, 4, 20, 4])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        await enter(pilot)
        dice = shown(dialog, "#dice")
        assert (
            "[20] -1 = 19 vs AC 12: CRITICAL x2: 8" in dice and "Total: 1 hit, 8 damage" in dice
        )  # (4 - STR 1 + Stay Put 1) x 2
        assert dialog.query_one("#crit-1", Checkbox).display
        assert not dialog.query_one("#effect", Input).display
        await enter(pilot)
        assert foe_hp(app) == before - 8

        dialog = await open_attack(pilot, app)
        assert "Stay Put" not in shown(dialog, "#plan"), "Stay Put's +1 is spent for the round"
        await enter(pilot)
        assert "CRITICAL x2: 6" in shown(dialog, "#dice")
        dialog.query_one("#crit-1", Checkbox).value = True
        await pilot.pause()
        dice = shown(dialog, "#dice")
        assert "CRITICAL, an effect instead of the extra damage: 3" in dice and "Total: 1 hit, 3 damage" in dice
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog, "an effect left unsaid is refused in place"
        assert "Say what the crit does" in str(dialog.query_one("#problem", Label).content)
        dialog.query_one("#effect", Input).value = "disarmed: the club skids away"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, AttackDialog)
        assert foe_hp(app) == before - 11
        assert "crit effect instead of damage: disarmed: the club skids away, 3 damage." in log_text(app)
        assert script.remaining == 0


async def test_book_three_shows_the_crit_chain_of_luck_saves(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [20, 4, 19, 3], "hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        await enter(pilot)
        dice = shown(dialog, "#dice")
        assert "CRITICAL x3: 12" in dice
        assert "crit chain: x2, +1 for each Luck save passed vs 18 (20 passed, 4 failed)" in dice
        assert not dialog.query("#crit-1"), "Book Three has no narrative crit"
        await enter(pilot)
        assert foe_hp(app) == before - 12
        assert "(chain saves: 20, 4)" in log_text(app)
        assert script.remaining == 0


async def test_in_the_dark_one_die_fewer_and_no_crit(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [20, 6], tweak=dark)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        assert dialog.query_one("#dark", Checkbox).value
        assert "Darla cannot attack (AC 12 stands untested)" in shown(dialog, "#plan")
        await enter(pilot)
        assert app.screen is dialog and fighting(app.store.state).pending is None
        assert "Darla cannot attack: " in str(dialog.query_one("#problem", Label).content)

        dialog.query_one("#attacker", Select).value = "c4"
        await pilot.pause()
        plan = shown(dialog, "#plan")
        assert "Otto Sixfingers: 1 attack die at +0 vs AC 12, damage 1d6" in plan
        assert "darkness: -1 attack die, no critical hits, damage die -1 size" in plan and "no critical hits" in plan
        dialog.query_one("#dark", Checkbox).value = False
        await pilot.pause()
        assert "Otto Sixfingers: 2 attack dice at +0 vs AC 12, damage 1d8" in shown(dialog, "#plan")
        dialog.query_one("#dark", Checkbox).value = True
        await pilot.pause()

        await enter(pilot)
        dice = shown(dialog, "#dice")
        assert "[20] = 20 vs AC 12: hit for 7" in dice and "CRITICAL" not in dice
        await enter(pilot)
        assert foe_hp(app) == before - 7
        assert script.remaining == 0


async def test_a_foe_drops_a_character_and_con_burns(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [18, 7])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((GOBLINS,), hp="average"))
        dialog = await open_attack(pilot, app)
        assert dialog.query_one("#two-handed").display
        dialog.query_one("#attacker", Select).value = "f1"
        await pilot.pause()
        assert dialog.query_one("#target", Select).value == "c1", "a foe's first target is the party's first"
        assert not dialog.query_one("#two-handed").display
        assert "Goblin 1: 1 attack die at +0 vs AC 16, damage 1d8" in shown(dialog, "#plan")

        await enter(pilot)
        dice = shown(dialog, "#dice")
        assert "[18] = 18 vs AC 16: hit for 7" in dice
        assert "Darla: 5 HP: this drops them to 0 (down, the rest burns CON)" in dice
        assert not dialog.query("#not-today") and not dialog.query("#stay-put")
        await enter(pilot)
        darla = app.store.state.party[0]
        assert (darla.hp, sheet_of(app.store.state, darla.id).con, darla.status) == (0, 4, "down")
        assert (
            "Darla takes 7 damage: loses 5 HP, drops to 0 HP: Lay Down or Fight On each round, -2 CON (permanent)."
            in log_text(app)
        )
        assert script.remaining == 0


async def test_not_today_keeps_a_fighter_at_1_hp(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [18, 7], "hammercrawl-book3", tweak=fighter)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((GOBLINS,), hp="average"))
        dialog = await open_attack(pilot, app, "f2")
        assert dialog.query_one("#target", Select).value == "c1"
        await enter(pilot)
        box = dialog.query_one("#not-today", Checkbox)
        assert box.display
        assert "Not Today!: Darla stays at 1 HP, the rest of the blow lost (1 left)" in str(box.label)
        box.focus()
        await pilot.press("space")
        assert box.value
        await enter(pilot)  # Enter lands from a ticked box: it does not untick it
        assert not isinstance(app.screen, AttackDialog)
        darla = app.store.state.party[0]
        left = sheet_of(app.store.state, darla.id).uses[NOT_TODAY]
        assert (darla.hp, sheet_of(app.store.state, darla.id).con, darla.status, left) == (1, 6, "ok", 0)
        assert "Not Today!: stays at 1 HP, 3 damage negated (0 left)" in log_text(app)
        assert script.remaining == 0


@pytest.mark.parametrize("ruleset", SHIPPED)
async def test_stay_put_turns_a_near_miss_into_a_hit(tmp_path: Path, ruleset: str) -> None:
    app, script = armed(tmp_path, [11, 3, 5], ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app, "c4")
        await enter(pilot)
        dice = shown(dialog, "#dice")
        assert "[11] + Stay Put [1] = 12 vs AC 12: hit for 5" in dice and "[3] = 3 vs AC 12: miss by 9" in dice
        assert "Stay Put +1 on die 1" in dice and "Total: 1 hit, 5 damage" in dice
        dialog.query_one("#stay-put", Select).value = "none"
        await pilot.pause()
        dice = shown(dialog, "#dice")
        assert (
            "[11] = 11 vs AC 12: miss by 1" in dice
            and "Stay Put not used" in dice
            and "Total: 0 hits, 0 damage" in dice
        )
        dialog.query_one("#stay-put", Select).value = "auto"
        await pilot.pause()
        await enter(pilot)
        assert foe_hp(app) == before - 5
        assert "Stay Put +1 on die 1" in log_text(app)
        assert script.remaining == 0


async def test_escape_leaves_the_attack_waiting_and_reopening_lands_it(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        await enter(pilot)
        assert "leaves the attack waiting in the fight" in str(dialog.query_one("#waiting", Label).content)
        assert str(dialog.query_one("#cancel", Button).label) == "Leave it waiting"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AttackDialog)
        assert fighting(app.store.state).pending is not None and foe_hp(app) == before

        dialog = await open_attack(pilot, app)
        assert dialog.query_one(".dialog").border_title == "The attack lands"
        assert "[15] -1 = 14 vs AC 12: hit for 3" in shown(dialog, "#dice")
        await enter(pilot)
        assert fighting(app.store.state).pending is None and foe_hp(app) == before - 3
        assert script.remaining == 0
