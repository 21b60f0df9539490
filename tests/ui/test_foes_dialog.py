"""Foes entered quickly (name, count, Hit Dice, Enter) and a combatant's declaration for the round."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, Label, OptionList, Select

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.sides_and_phases.actions import EndFight, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.dialogs.declare import DeclareDialog
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting, foe_kinds
from tests.ui.test_explore import scripted


def shown(app: HammerApp, widget_id: str) -> str:
    return str(app.screen.query_one(widget_id, Label).content)


def field(app: HammerApp, widget_id: str) -> str:
    return app.screen.query_one(f"#{widget_id}", Input).value


def open_foes(app: HammerApp, **options: bool) -> None:
    app.push_screen(FoesDialog(app.store.ruleset, app.store.state, **options))


async def type_foes(pilot, name: str, count: str, hd: str) -> None:  # type: ignore[no-untyped-def]
    """As the 'Smith does: the name box has the focus, tab on to the count and the Hit Dice."""
    await pilot.press(*name, "tab", *count, "tab", *hd)
    await pilot.pause()


async def test_name_count_and_hit_dice_then_enter_starts_the_fight(tmp_path: Path) -> None:
    app, script = scripted(tmp_path, [3, 5, 8, 1, 2, 2])  # 2d8+1 Hit Points for each of three
    async with app.run_test(size=(120, 40)) as pilot:
        open_foes(app, surprised_party=True)
        await pilot.pause()
        assert isinstance(app.screen, FoesDialog)
        assert app.screen.query_one("#party-surprised", Checkbox).value
        assert app.screen.query_one("#leader", Select).value == "c1"  # Darla is the Leader
        await type_foes(pilot, "Goblin", "3", "2+1")
        assert shown(app, "#preview").startswith(
            "3 x Goblin: HD 2+1 (tier 1), HP rolled 2d8+1 each (10 on average); AC 12;"
        )
        assert "morale: Rally save" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()

        assert not isinstance(app.screen, FoesDialog)
        fight = fighting(app.store.state)
        assert fight is not None
        assert [(f.name, f.hp, f.max_hp) for f in fight.foes] == [
            ("Goblin 1", 9, 9),
            ("Goblin 2", 10, 10),
            ("Goblin 3", 5, 5),
        ]
        assert fight.surprised == ("party",) and fight.leader == "c1" and fight.foe_initiative == 0
        assert foe_kinds(app.store.state) == (FoeKind("Goblin", hd="2+1"),)
        assert script.remaining == 0


async def test_every_field_reaches_the_fight(tmp_path: Path) -> None:
    app, script = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        open_foes(app)
        await pilot.pause()
        await type_foes(pilot, "Wight", "2", "3*")
        values = {
            "ac": "15",
            "morale": "9",
            "save-bonus": "2",
            "attack-dice": "2",
            "attack-bonus": "1",
            "damage-die": "d8",
            "foe-initiative": "-1",
        }
        for widget_id, value in values.items():
            app.screen.query_one(f"#{widget_id}", Input).value = value
        app.screen.query_one("#intelligent", Checkbox).value = True
        app.screen.query_one("#foes-surprised", Checkbox).value = True
        app.screen.query_one("#hp", Select).value = "average"
        app.screen.query_one("#leader", Select).value = "c3"
        await pilot.pause()
        preview = shown(app, "#preview")
        assert preview.startswith("2 x Wight: HD 3* (tier 1), HP 13 each (the average of 3d8); AC 15;")
        assert "2 attack dice +1, d8 damage; morale: 2d6 against 9 (save +2); intelligent." in preview
        await pilot.press("ctrl+s")
        await pilot.pause()

        fight = fighting(app.store.state)
        assert fight is not None
        assert [(f.name, f.hp) for f in fight.foes] == [("Wight 1", 13), ("Wight 2", 13)]
        assert fight.surprised == ("foes",) and fight.leader == "c3" and fight.foe_initiative == -1
        wight = FoeKind(
            "Wight", "3*", ac=15, morale=9, attack_dice=2, attack_bonus=1, damage_die=8, save_bonus=2, intelligent=True
        )
        assert foe_kinds(app.store.state) == (wight,)
        assert script.thrown == []


async def test_a_remembered_kind_fills_the_fields(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    ogre = FoeKind("Ogre", "4+1", ac=14, morale=10, attack_dice=1, attack_bonus=2, damage_die=10, save_bonus=1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(StartFight((FoeGroup(ogre),), hp="average"))
        assert app.perform(EndFight("they went home"))
        open_foes(app)
        await pilot.pause()
        kinds = app.screen.query_one("#foe-kind", Select)
        assert kinds.value == -1  # "New foe" until a kind is picked
        kinds.value = 0
        await pilot.pause()
        filled = {
            w: field(app, w)
            for w in ("name", "hd", "ac", "morale", "attack-dice", "attack-bonus", "damage-die", "save-bonus")
        }
        assert filled == {
            "name": "Ogre",
            "hd": "4+1",
            "ac": "14",
            "morale": "10",
            "attack-dice": "1",
            "attack-bonus": "2",
            "damage-die": "d10",
            "save-bonus": "1",
        }
        app.screen.query_one("#count", Input).value = "2"
        app.screen.query_one("#hp", Select).value = "average"
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = fighting(app.store.state)
        assert fight is not None and [(f.kind, f.hp) for f in fight.foes] == [("Ogre", 19), ("Ogre", 19)]
        assert foe_kinds(app.store.state) == (ogre,)

        open_foes(app, adding=True)
        await pilot.pause()
        app.screen.query_one("#foe-kind", Select).value = 0
        await pilot.pause()
        app.screen.query_one("#foe-kind", Select).value = -1  # back to a new foe: the fields clear
        await pilot.pause()
        assert (field(app, "name"), field(app, "hd"), field(app, "ac"), field(app, "morale")) == ("", "1", "12", "")


async def test_a_bad_hit_dice_or_count_is_named_and_nothing_changes(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        open_foes(app)
        await pilot.pause()
        await type_foes(pilot, "Goblin", "3", "x3")
        assert shown(app, "#preview") == "HD: 'x3' is not Hit Dice like 3, 3+1 or 4*"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FoesDialog)
        assert shown(app, "#problem") == "HD: 'x3' is not Hit Dice like 3, 3+1 or 4*"

        app.screen.query_one("#hd", Input).value = "1"
        app.screen.query_one("#count", Input).value = "lots"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FoesDialog)
        assert shown(app, "#problem") == "How many: 'lots' is not a whole number"
        assert fighting(app.store.state) is None and foe_kinds(app.store.state) == ()


async def test_adding_foes_joins_the_running_fight(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [6, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average", surprised=("foes",)))
        open_foes(app, adding=True)
        await pilot.pause()
        assert not app.screen.query("#party-surprised") and not app.screen.query("#leader")
        await type_foes(pilot, "Wolf", "1", "2")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, FoesDialog)
        fight = fighting(app.store.state)
        assert fight is not None
        assert [(f.name, f.hp) for f in fight.foes] == [("Goblin 1", 4), ("Goblin 2", 4), ("Wolf", 9)]
        assert fight.surprised == ("foes",)
        assert [k.name for k in foe_kinds(app.store.state)] == ["Goblin", "Wolf"]


# ---------------------------------------------------------------------------------- declaring


def book_three(tmp_path: Path) -> HammerApp:
    made = sessions.create(tmp_path, "b3", load_ruleset("hammercrawl-book3"), seed=7)
    return HammerApp(Store(made.state, made.ruleset, made.files, made.recent, dice=lambda _: ScriptedDice([])))


def open_declare(app: HammerApp, combatant_id: str) -> None:
    app.push_screen(DeclareDialog(app.store.ruleset, app.store.state, combatant_id))


async def test_a_character_declares_move_far(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(StartFight((FoeGroup(FoeKind("Goblin")),), hp="average"))
        open_declare(app, "c1")
        await pilot.pause()
        movement = app.screen.query_one("#movement", OptionList)
        assert movement.highlighted == 0  # Stay Put, as declared at the start
        assert str(movement.get_option_at_index(0).prompt).startswith("Stay Put: Stays put: acts this round, +1")
        await pilot.press("down", "down")
        await pilot.pause()
        assert shown(app, "#preview").startswith("Move Far leaves no action this round.")
        await pilot.press("enter")  # Move Far leaves no action to choose: Enter declares
        await pilot.pause()
        assert not isinstance(app.screen, DeclareDialog)
        fight = fighting(app.store.state)
        assert fight is not None
        said = fight.declared["c1"]
        assert (said.movement, said.action) == ("move_far", "melee")

        open_declare(app, "c1")  # opens on what is declared now
        await pilot.pause()
        assert app.screen.query_one("#movement", OptionList).highlighted == 2


async def test_the_missile_phase_under_each_ruleset(tmp_path: Path) -> None:
    lines = {}
    actions = {}
    for app in (scripted(tmp_path / "hc", [])[0], book_three(tmp_path / "b3")):
        async with app.run_test(size=(120, 40)) as pilot:
            assert app.perform(StartFight((FoeGroup(FoeKind("Goblin")),), hp="average"))
            open_declare(app, "c1")
            await pilot.pause()
            await pilot.press("enter", "down")  # Stay Put, on to the action: Missile
            await pilot.pause()
            lines[app.store.ruleset.id] = shown(app, "#preview")
            options = app.screen.query_one("#action", OptionList)
            actions[app.store.ruleset.id] = [
                str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
            ]
            await pilot.press("enter")
            await pilot.pause()
            fight = fighting(app.store.state)
            assert fight is not None and fight.declared["c1"].action == "missile"
    assert lines == {
        "hammercrawl": "Resolved in the Missile phase. A side's turn: Movement, *Missile*, Melee, Misc., Magic.",
        "hammercrawl-book3": (
            "Resolved in the Missile phase."
            " A side's turn: Morale, Movement, *Missile*, Melee, Magic, Move (again), Misc."
        ),
    }
    assert actions == {
        "hammercrawl": ["Melee", "Missile", "Magic", "Misc."],
        "hammercrawl-book3": ["Melee", "Missile", "Magic", "Misc.", "Move (again)"],
    }


async def test_a_name_met_before_fills_in_its_numbers(tmp_path: Path) -> None:
    """ "Goblin" typed gives the goblin entered earlier, not blank defaults."""
    app, _ = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(
            StartFight((FoeGroup(FoeKind("Goblin", "2", 13, attack_bonus=1, damage_die=4), 1),), hp="average")
        )
        assert app.perform(EndFight())
        app.push_screen(FoesDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        for key in "goblin":
            await pilot.press(key)
        await pilot.pause()
        dialog = app.screen
        assert [dialog.query_one(f"#{w}", Input).value for w in ("hd", "ac", "attack-bonus", "damage-die")] == [
            "2",
            "13",
            "1",
            "d4",
        ]
