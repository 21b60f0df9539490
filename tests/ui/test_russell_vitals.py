"""HP, wounds and hirelings under the shipped Russell House Rules, by keys and the palette, with
scripted dice: damage from a fall to the highlighted character, a wound on the Party pane, a second
wound's death and its epitaph in the graveyard; a hireling hired with w, tired by the exploration
die, hurt with d; a night's rest, a square meal and a week of downtime from the palette."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList
from textual.widgets import DataTable, Input, Label, OptionList, Static

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.burial import BurialDialog
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import vitals
from hammertui.procedures.russell_characters.dialogs.vitals import DamageDialog, HireDialog
from hammertui.procedures.russell_characters.pane import RussellPartyPane
from tests.ui.test_russell_party import ExplorationDieShowsTired
from tests.ui.waiting import until


def russell_app(tmp_path: Path, faces: list[int]) -> HammerApp:
    """The shipped ruleset's rolled party (Darla 6/6 HP, CHA 12, first), its dice scripted."""
    script = ScriptedDice(faces)
    made = sessions.create(tmp_path, "russell", load_ruleset("russell-house-rules"), seed=3)
    return HammerApp(Store(made.state, made.ruleset, made.files, made.recent, dice=lambda _: script))


def _row(app: HammerApp, who: str) -> str:
    table = app.query_one(RussellPartyPane).query_one(DataTable)
    return " ".join(str(cell) for cell in table.get_row(who))


async def _palette(pilot: object, app: HammerApp, title: str) -> None:
    await pilot.press("ctrl+p", *title)  # type: ignore[attr-defined]

    def offered() -> bool:
        found = app.screen.query(CommandList)
        return (
            bool(found) and found.first().option_count > 0 and title in str(found.first().get_option_at_index(0).prompt)
        )

    await until(pilot, offered, f"the palette offering {title}")
    await pilot.press("enter")  # type: ignore[attr-defined]


async def test_a_fall_wounds_and_a_second_wound_goes_to_the_graveyard(tmp_path: Path) -> None:
    """ "When a character reaches zero HP, any additional hits will cause wounds." | 3 | Nasty Cut -
    Stunned, Bleeding Out |; "A second wound will kill a character." """
    app = russell_app(tmp_path, [3, 5])
    async with app.run_test(size=(120, 40)) as pilot:
        app.query_one("#party-table").focus()
        for amount, source in (("6", "a fall"), ("1", "a dart trap")):
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DamageDialog), "the Damage form")
            await pilot.press(*amount, "tab", *source, "enter")
            await until(pilot, lambda: not isinstance(app.screen, DamageDialog), "the damage taken")
        assert app.store is not None
        assert vitals.wounds_of(app.store.state, app.store.ruleset, "c1") == ("Nasty Cut",)
        assert "Nasty Cut" in _row(app, "c1") and "1 wounded" in app.query_one(RussellPartyPane).border_subtitle
        assert app.store.recent[
            -2
        ].text == "Darla takes a wound: Nasty Cut (Stunned, Bleeding Out)." and app.store.recent[-2].dice == (
            "1d6: [3] = 3",
        )
        assert app.store.recent[-1].text == "Darla stays Bleeding Out: a CON save every round until stabilised (b)."
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DamageDialog), "the Damage form")
        await pilot.press("2", "tab", *"a pit", "enter")
        await until(pilot, lambda: isinstance(app.screen, BurialDialog), "the epitaph to write")
        assert app.screen.query_one("#cause", Input).value == "a second wound: Cracked Ribs"
        await pilot.press(*"Looked down too late", "enter")
        await until(pilot, lambda: bool(app.store.state.graveyard), "Darla laid to rest")
        grave = app.store.state.graveyard[0]
        assert (grave.character.name, grave.epitaph) == ("Darla", "Looked down too late")


async def test_a_hireling_is_hired_tired_and_hurt_and_the_party_rests(tmp_path: Path) -> None:
    """ "Each character can retain the services of 1 hireling plus a number equal to their charisma
    modifier, with a minimum of 1"; "have a Guts of 7"; "every character marks a Tired pip"; "A full
    night's rest (no watch shifts) with a a cover of some kind ... and a warm-enough blanket recovers
    all HP"; "Once per day, a good square meal ... recovers 1d6+level HP"; "most wounds can be assumed
    to heal with one week of downtime"."""
    app = russell_app(tmp_path, [4, 2, 5, 6])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store is not None
        app.query_one("#party-table").focus()
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, HireDialog), "the Hire form")
        await pilot.press(*"Pip", "tab", *"torchbearer", "tab", "tab", *"a half share", "enter")
        await until(pilot, lambda: bool(app.store.state.hirelings), "Pip hired")
        assert app.store.recent[-1].text == "Darla hires Pip, torchbearer for a half share: HP 4, Guts 7."
        await until(
            pilot, lambda: "Guts 7" in _row(app, "h1") and "Darla's torch" in _row(app, "h1"), "Pip on the Party pane"
        )
        assert app.perform(ExplorationDieShowsTired())
        await until(pilot, lambda: "●○○" in _row(app, "h1"), "Pip's Tired pip")
        await pilot.press("down", "down", "down", "down", "d")
        await until(pilot, lambda: isinstance(app.screen, DamageDialog), "the Damage form")
        await pilot.press("5", "enter")
        await until(pilot, lambda: people.hand(app.store.state, "h1").hp == 0, "Pip at 0 HP")
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DamageDialog), "the Damage form")
        await pilot.press("1", "enter")
        await until(pilot, lambda: people.hand(app.store.state, "h1").wounds == ("Severe Gut Wound",), "Pip's wound")
        assert "Severe Gut Wound" in _row(app, "h1")
        await _palette(pilot, app, "A square meal")
        await until(pilot, lambda: people.hand(app.store.state, "h1").hp == 4, "Pip fed: 6 + 1, no more than 4")
        assert app.store.recent[-1].dice == (
            "Rations usage die 1d6: [5] = 5 (steps down on 1-2)",
            "Pip: 1d6: [6] = 6 + level 1",
        )
        await _palette(pilot, app, "Rest the night")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: people.hand(app.store.state, "h1").tired == 0, "a night's rest")
        assert "every Tired pip erased" in app.store.recent[-1].text
        await _palette(pilot, app, "A week of downtime")
        await until(pilot, lambda: people.hand(app.store.state, "h1").wounds == (), "Pip's wound healed")
        assert (
            app.store.recent[-1].text
            == "A week of downtime with care: everyone is at full HP and rested. Pip's Severe Gut Wound heals."
        )


async def test_a_trap_leaves_a_character_bleeding_out_and_the_dashboard_asks_the_save(tmp_path: Path) -> None:
    """| 1 | Severe Head Wound - Helpless, Bleeding Out |: out of a fight the wound's Helpless and
    Bleeding Out are held, the Combat pane names them, and `b` asks the save ("Player must roll a
    constitution save every round"), an ally's stabilising, or Helpless taken off."""
    app = russell_app(tmp_path, [1, 16, 6])
    async with app.run_test(size=(120, 40)) as pilot:
        app.query_one("#party-table").focus()
        assert "The wounded" not in [c.title for c in app.get_system_commands(app.screen)]
        for amount in ("6", "1"):
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DamageDialog), "the Damage form")
            await pilot.press(*amount, "tab", *"a blade trap", "enter")
            await until(pilot, lambda: not isinstance(app.screen, DamageDialog), "the damage taken")
        assert app.store is not None
        combat = str(app.query_one("#combat", Static).render())
        assert "Darla: Helpless, Bleeding Out" in combat and "The wounded" in [
            c.title for c in app.get_system_commands(app.screen)
        ]
        await pilot.press("b")
        await until(pilot, lambda: app.screen.query("OptionList"), "what to do for the wounded")
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == [
            "Darla saves against Bleeding Out (CON): 0 failed of 3",
            "An ally stabilises Darla: 1d6 + INT, 6 or higher",
            "Darla comes round: no longer Helpless",
        ]
        await pilot.press("enter")
        await until(pilot, lambda: app.store.recent[-1].text == "Darla fails (CON 15: 16): 1 of 3.", "the save")
        assert "1 failed" in str(app.query_one("#combat", Static).render())
        await pilot.press("b")
        await until(pilot, lambda: app.screen.query("OptionList"), "what to do for the wounded")
        await pilot.press("down", "enter")
        await until(pilot, lambda: "Who tends" in str(app.screen.query_one(Label).render()), "who tends Darla")
        await pilot.press("enter")
        await until(pilot, lambda: "stabilises Darla" in app.store.recent[-1].text, "Darla stabilised")
        assert "Bleeding Out" not in str(app.query_one("#combat", Static).render())
