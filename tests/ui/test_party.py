"""The 'Smith's party flows: rolling characters, the sheet, rolls in the open, XP, death and burial."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.widgets import Input, Label, Static

from hammertui.kernel.session import persist
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.burial import BurialDialog
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from hammertui.procedures.hammercrawl_classes.dialogs.recruit import EntryDialog, RollDialog
from hammertui.procedures.hammercrawl_classes.dialogs.xp import XPDialog
from hammertui.procedures.hammercrawl_classes.screens.sheet import SheetScreen
from hammertui.procedures.hammercrawl_classes.state import sheet_of


def demo(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7)


def plain(static: Static) -> str:
    """What a Static shows, as text, whatever Rich renderable it holds."""
    console = Console(width=160, file=io.StringIO())
    console.print(static.content)
    return console.file.getvalue()


def log_text(app: HammerApp) -> str:
    return "\n".join(e.text for e in app.store.recent)


async def test_rolling_a_party_member(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RollDialog)
        await pilot.press(*"Gnarl", "tab", *"Eve", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, RollDialog)
        gnarl = app.store.state.party[-1]
        assert (gnarl.name, gnarl.player, sheet_of(app.store.state, gnarl.id).rations) == ("Gnarl", "Eve", 3)
        assert "Gnarl (Eve)" in log_text(app)
        assert "class 3d6" in app.store.recent[-1].dice[0]
    assert persist.load_state(tmp_path / "demo.toml").party[-1].name == "Gnarl"


async def test_a_nameless_roll_is_refused_in_the_dialog(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r", "enter")
        assert isinstance(app.screen, RollDialog)
        assert "needs a name" in str(app.screen.query_one("#problem", Label).render())
        assert len(app.store.state.party) == 4


async def test_hand_entry_names_the_problem_and_keeps_what_was_typed(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("E")
        dialog = app.screen
        assert isinstance(dialog, EntryDialog)
        dialog.query_one("#name", Input).value = "Ysolde"
        dialog.query_one("#class").value = "cleric"
        for stat, score in zip(
            ("STR", "DEX", "CON", "INT", "WIS", "CHA"), ("9", "10", "19", "8", "15", "12"), strict=True
        ):
            dialog.query_one(f"#stat-{stat}", Input).value = score
        dialog.query_one("#max-hp", Input).value = "6"
        dialog.query_one("#ac", Input).value = "12"
        await pilot.click("#ok")
        await pilot.pause()
        assert "CON must be 3 to 18, not 19" in str(dialog.query_one("#problem", Label).render())
        dialog.query_one("#stat-CON", Input).value = "13"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.store.state.party[-1].name == "Ysolde", str(dialog.query_one("#problem", Label).render())
        assert sheet_of(app.store.state, app.store.state.party[-1].id).uses == {"turn_unholy": 1}


async def test_the_sheet_opens_from_the_roster(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, SheetScreen)
        left = plain(app.screen.query_one("#sheet-left", Static))
        right = plain(app.screen.query_one("#sheet-right", Static))
        assert "Melee" in left and "AC 16 = 10 + DEX +1" in left
        assert "level 1 (Good) + DEX +1" in right
        await pilot.press("escape")
        assert not isinstance(app.screen, SheetScreen)


async def test_a_save_in_the_open(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, CheckDialog)
        preview = str(app.screen.query_one("#preview", Label).render())
        assert preview == "Target 15: source Tier 1 against Tier 1."
        app.screen.query_one("#against", Input).value = "3"
        await pilot.pause()
        assert str(app.screen.query_one("#preview", Label).render()).startswith("Target 21")
        await pilot.click("#ok")
        await pilot.pause()
        event = app.store.recent[-1]
        assert event.text.startswith("Darla's Area save:") and "vs 21" in event.text
        assert event.dice[0].startswith("Area save 1d20")


async def test_xp_for_everyone(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("x")
        assert isinstance(app.screen, XPDialog)
        app.screen.query_one("#amount", Input).value = "3"
        app.screen.query_one("#who").value = "*"
        app.screen.query_one("#reason", Input).value = "whoah, that was awesome"
        await pilot.click("#ok")
        await pilot.pause()
        assert [m.xp for m in app.store.state.party] == [3, 3, 3, 3]
        assert "whoah, that was awesome" in log_text(app)


async def test_down_then_lay_down(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        darla = app.store.state.party[0]
        await pilot.press("d", *str(darla.hp), "enter")
        assert app.store.state.party[0].status == "down"
        assert any("Lay Down (z)" in n.message for n in app._notifications)
        await pilot.press("z")
        assert sheet_of(app.store.state, darla.id).stance == "lay_down"
        assert "Death save" in app.store.recent[-1].dice[0]


async def test_death_epitaph_and_undo(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        await pilot.press("d", *str(darla.hp + sheet_of(app.store.state, darla.id).con), "enter")
        await pilot.pause()
        assert isinstance(app.screen, BurialDialog)
        await pilot.press(*"a poison needle", "enter", *"She checked for traps. Once.", "enter")
        await pilot.pause()
        state = app.store.state
        assert [m.name for m in state.party] == ["Brannoc", "Wenna", "Otto Sixfingers"]
        grave = state.graveyard[0]
        assert (grave.character.name, grave.epitaph) == ("Darla", "She checked for traps. Once.")
        assert grave.character.death.at == 0 and grave.character.death.cause == "a poison needle"
        saved = persist.load_state(tmp_path / "demo.toml")
        assert saved.graveyard[0].epitaph == "She checked for traps. Once."
        await pilot.press("u")
        assert app.store.state.party[0].status == "dead" and not app.store.state.graveyard
        await pilot.press("u")
        assert app.store.state.party[0].status == "ok"
        assert app.store.state.party[0].hp == darla.hp


async def test_the_keys_open_the_pile_graveyard_and_hirelings(tmp_path: Path) -> None:
    from hammertui.kernel.ui.graveyard import GraveyardScreen
    from hammertui.procedures.hammercrawl_classes.screens.hirelings import HirelingsScreen
    from hammertui.procedures.hammercrawl_classes.screens.pile import PileScreen

    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for key, screen in (("p", PileScreen), ("y", GraveyardScreen), ("w", HirelingsScreen)):
            await pilot.press(key)
            assert isinstance(app.screen, screen)
            await pilot.press("escape")
            assert not isinstance(app.screen, screen)


async def test_a_save_against_a_monsters_hit_dice(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        app.screen.query_one("#against", Input).value = "7HD"
        await pilot.pause()
        assert str(app.screen.query_one("#preview", Label).render()) == "Target 21: source Tier 3 against Tier 1."
        app.screen.query_one("#against", Input).value = "Lx"
        await pilot.pause()
        assert "not a level like L7" in str(app.screen.query_one("#preview", Label).render())


async def test_eating_a_ration_from_the_sheet(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "k")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert sheet_of(app.store.state, app.store.state.party[0].id).rations == 2
        assert isinstance(app.screen, SheetScreen)
        assert "rations 3 -> 2" in app.store.recent[-1].text
