"""What every form promises at the table: Enter does the form's main act, the footer names the key
that submits it, and a complaint goes away once the field it is about is corrected."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Footer, Input, Label, Select, SelectionList

from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.pass_time import PassTimeDialog
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from hammertui.procedures.hammercrawl_classes.dialogs.recruit import RollDialog
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.dialogs.morale import MoraleDialog
from hammertui.procedures.sides_and_phases.dialogs.turn_unholy import TurnUnholyDialog
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_attack_dialog import OGRE, armed, open_attack
from tests.ui.test_fight_dialogs import GOBLINS, fight, scripted, status
from tests.ui.test_party import log_text
from tests.ui.waiting import until


def footer_keys(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The keys the open screen's footer shows, each with its label."""
    footer = app.screen.query_one(Footer)
    return {key.key_display: key.description for key in footer.query("FooterKey")}


def problem(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#problem", Label).render())


async def test_enter_in_the_morale_dialog_rolls_for_the_ticked_foes(tmp_path: Path) -> None:
    app = scripted(tmp_path, [3, 17])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        foes = app.screen.query_one("#foes", SelectionList)
        assert foes.has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert foes.selected == ["f1", "f2"], "Enter ticks nothing off"
        assert [status(app, f) for f in ("f1", "f2")] == ["fleeing", "ok"], "Enter rolled"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, MoraleDialog), "the next Enter closes the results"


async def test_space_still_ticks_a_foe_off_before_the_roll(tmp_path: Path) -> None:
    app = scripted(tmp_path, [3])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        await pilot.press("space", "enter")
        await pilot.pause()
        assert [status(app, f) for f in ("f1", "f2")] == ["ok", "fleeing"], "only Goblin 2 checked"


async def test_enter_in_turn_unholy_turns_the_ticked_foes(tmp_path: Path) -> None:
    app = scripted(tmp_path, [20])  # Goblin 1's Mind save: it stands its ground
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(TurnUnholyDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        targets = app.screen.query_one("#targets", SelectionList)
        targets.focus()
        await pilot.press("space", "enter")
        await pilot.pause()
        assert targets.selected == ["f1"]
        assert app.screen.rolled, "Enter turned, it did not untick"


async def test_enter_in_the_check_dialog_rolls_from_the_kind_it_opens_on(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await until(
            pilot, lambda: isinstance(app.screen, CheckDialog) and app.screen.focused is not None, "the check dialog"
        )
        assert app.screen.query_one("#kind", Select).has_focus
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, CheckDialog), "the roll closing the dialog")
        assert script.remaining == 0
        assert app.store.recent[-1].action == "save" and "Darla" in log_text(app)


async def test_an_open_dropdown_takes_enter_to_choose_then_enter_rolls(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15, 15])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await until(
            pilot, lambda: isinstance(app.screen, CheckDialog) and app.screen.focused is not None, "the check dialog"
        )
        kind = app.screen.query_one("#kind", Select)
        await pilot.press("space")
        await until(pilot, lambda: kind.expanded, "the kinds' list open")
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: not kind.expanded, "the list closed on the choice")
        assert kind.value == "skill" and script.remaining == 2, "Enter chose, it did not roll"
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, CheckDialog), "the roll closing the dialog")
        assert app.store.recent[-1].action == "check"


async def test_enter_on_cancel_cancels_the_roll(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await until(
            pilot, lambda: isinstance(app.screen, CheckDialog) and app.screen.focused is not None, "the check dialog"
        )
        app.screen.query_one("#cancel").focus()
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, CheckDialog), "the dialog closed")
        assert script.remaining == 1, "nothing rolled"


async def test_enter_on_the_armour_opens_its_list_and_chooses(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await until(
            pilot, lambda: isinstance(app.screen, RollDialog) and app.screen.focused is not None, "the roll dialog"
        )
        await pilot.press(*"Gnarl", "tab", "tab")
        armour = app.screen.query_one("#armour", Select)
        assert armour.has_focus
        await pilot.press("enter")
        await until(pilot, lambda: armour.expanded, "the armour's list open")
        await pilot.press("enter")
        await until(pilot, lambda: not armour.expanded, "the armour chosen")
        assert isinstance(app.screen, RollDialog), "Enter on the list rolled nobody"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, RollDialog), "the roll closing the dialog")
        assert app.store.state.party[-1].name == "Gnarl"


async def test_enter_on_the_attacker_opens_its_list_rather_than_throwing(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        dialog = await open_attack(pilot, app)
        attacker = dialog.query_one("#attacker", Select)
        attacker.focus()
        await pilot.press("enter")
        await until(pilot, lambda: attacker.expanded, "the attackers' list open")
        assert fighting(app.store.state).pending is None and script.remaining == 2
        await pilot.press("enter", "ctrl+s")
        await until(pilot, lambda: fighting(app.store.state).pending is not None, "the dice thrown")
        assert app.screen is dialog


async def test_enter_on_the_threat_opens_its_list(tmp_path: Path) -> None:
    app = scripted(tmp_path, [3, 17])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        threat = app.screen.query_one("#threat", Select)
        threat.focus()
        await pilot.press("enter")
        await until(pilot, lambda: threat.expanded, "the threats' list open")
        assert not app.screen.rolled
        await pilot.press("enter", "ctrl+s")
        await until(pilot, lambda: app.screen.rolled, "the morale roll")
        assert [status(app, f) for f in ("f1", "f2")] == ["fleeing", "ok"]


async def test_a_form_footer_names_its_submit_key(tmp_path: Path) -> None:
    app = scripted(tmp_path, [3, 17])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        keys = footer_keys(app)
        assert keys["^s"] == "Roll" and keys["esc"] == "Cancel" and keys["n"] == "No check"
        await pilot.press("enter")
        await pilot.pause()
        assert footer_keys(app)["^s"] == "Close"


async def test_the_damage_dialog_footer_names_enter(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog)
        await pilot.pause()
        assert footer_keys(app) == {"esc": "Cancel", "⏎": "OK"}


async def test_a_complaint_goes_once_the_field_is_corrected(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("T")
        assert isinstance(app.screen, PassTimeDialog)
        units = app.screen.query_one("#units", Input)
        units.value = "soon"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(app) == "Time: 'soon' is not a whole number"
        units.value = "2"
        await pilot.pause()
        assert problem(app) == ""


async def test_the_damage_dialog_complaint_goes_once_the_number_is_corrected(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d", "x", "enter")
        await pilot.pause()
        assert problem(app) == "Hit points: 'x' is not a whole number."
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert problem(app) == ""
