"""Carrying and making characters on the dashboard under the shipped Russell House Rules, by keys:
an item carried (c) and dropped (D), armour worn (A) until Burdened shows on the party pane, a
usage die chosen and rolled (U), and a new character rolled and assigned (N)."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.dialogs.character import MakeCharacterDialog
from hammertui.procedures.russell_characters.dialogs.gear import CarryDialog
from hammertui.procedures.russell_characters.pane import RussellPartyPane
from tests.ui.waiting import until


def _row(app: object, character_id: str) -> str:
    table = app.query_one(RussellPartyPane).query_one("#party-table")  # type: ignore[attr-defined]
    return " ".join(str(cell) for cell in table.get_row(character_id))


def _gear(app: object, character_id: str) -> tuple[people.Gear, ...]:
    store = app.store  # type: ignore[attr-defined]
    return people.person(store.state, store.ruleset, character_id).gear


async def test_carry_armour_burden_and_a_usage_die_by_keys(tmp_path: Path) -> None:
    """ "Characters can carry a number of significant items up to their Strength score before
    becoming Burdened"; "Heavy (Plate): 3"; "Armor takes up one slot for each point of AC it improves"."""
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(160, 40)) as pilot:
        app.query_one("#party-table").focus()
        darla = app.store.state.party[0]
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CarryDialog), "the Carry dialog")
        assert "Torches d6 (1 slot)" in str(app.screen.query_one("#goods").render())
        await pilot.press(*"Torches", "enter")
        await until(pilot, lambda: any(g.id == "torches" for g in _gear(app, "c1")), "Darla's Torches")
        assert "Torches d6" in _row(app, "c1")
        await pilot.press("A")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the armour choices")
        await pilot.press(*["down"] * 7, "enter")
        await until(pilot, lambda: app.store.state.party[0].ac != darla.ac, "Darla in plate and a shield")
        member = app.store.state.party[0]
        worn = people.person(app.store.state, app.store.ruleset, "c1")
        assert (worn.armour, worn.shield) == ("heavy", True)
        assert member.ac == 2 - app.store.ruleset.stat_mod(member.stats["DEX"])
        used = people.slots_used(app.store.ruleset, member, people.person(app.store.state, app.store.ruleset, "c1"))
        assert used == 3 + 1 + 8 and f"{used}/{member.stats['STR']}" in _row(app, "c1")
        assert ("Burdened" in _row(app, "c1")) == (used > member.stats["STR"])
        await pilot.press("U")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the usage dice to choose from")
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: "Torches" in app.store.recent[-1].text, "the Torches die rolled")
        assert app.store.recent[-1].dice
        await pilot.press("D")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "what to drop")
        await pilot.press("enter")
        await until(pilot, lambda: not any(g.id == "blanket" for g in _gear(app, "c1")), "the Blanket left behind")


async def test_a_new_character_by_keys_and_its_rolls_kept(tmp_path: Path) -> None:
    """ "Roll 3d6 seven times and assign six of the results as you like": the rolls shown, and kept
    when the dialog is closed, so opening it again does not roll again."""
    saves = tmp_path / "saves"
    app = make_app(saves, "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(140, 40)) as pilot:
        app.query_one("#party-table").focus()
        await pilot.press("N")
        await until(pilot, lambda: isinstance(app.screen, MakeCharacterDialog), "the new character dialog")
        rolls = people.people(app.store.state).rolled
        assert len(rolls) == 7 and app.store.recent[-1].dice
        assert str(app.screen.query_one("#rolls").render()).startswith(f"Rolls: #1 {rolls[0]}  #2 {rolls[1]}")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, MakeCharacterDialog), "the dialog closed")
        await pilot.press("N")
        await until(pilot, lambda: isinstance(app.screen, MakeCharacterDialog), "the dialog again")
        assert people.people(app.store.state).rolled == rolls and app.store.state.seq == 1, "not rolled again"
        await pilot.press(*"Mirela", "enter")
        await until(pilot, lambda: len(app.store.state.party) == 5, "Mirela in the party")
        mirela = app.store.state.party[-1]
        assert list(mirela.stats.as_dict().values()) == list(rolls[:6]), "blank picks: the rolls in order"
        assert mirela.name == "Mirela" and _row(app, mirela.id).startswith("Mirela")
        assert [g.id for g in _gear(app, mirela.id)] == ["blanket", "waterskin", "rations", "flint"]
