"""A session whose characters are made and worn down by the Russell House Rules, by keys: the party
pane shows usage dice, Tired pips and Burden; a usage die is rolled from it, the exploration die's
Tired result marks every character, a Ration shared by name in the palette, saved and reopened."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import attrs
from textual.command import CommandList
from textual.widgets import Static

from hammertui.kernel.session.acting import Context, Result
from hammertui.kernel.session.procedures import ExplorationResult, signal
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.party import PartyPane
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.pane import RussellPartyPane
from hammertui.procedures.russell_characters.screens.sheet import RussellSheetScreen
from tests.russell_ruleset import write
from tests.ui.waiting import until


@attrs.frozen
class ExplorationDieShowsTired:
    """What the exploration die does on a 6, as it tells the other procedures."""

    label: ClassVar[str] = "explore"

    def apply(self, state: State, ctx: Context) -> Result:
        return signal(state, ctx, self, ExplorationResult("tired"))


def _row(app: object, character_id: str) -> str:
    pane = app.query_one(RussellPartyPane)  # type: ignore[attr-defined]
    table = pane.query_one("#party-table")
    return " ".join(str(cell) for cell in table.get_row(character_id))


async def test_usage_dice_tired_pips_and_a_shared_ration(tmp_path: Path) -> None:
    rules = write(tmp_path)
    saves = tmp_path / "saves"
    app = make_app(saves, "russell", ruleset_id=str(rules), seed=3)
    async with app.run_test(size=(140, 40)) as pilot:
        assert isinstance(app.query_one(PartyPane), RussellPartyPane)
        assert "Waterskin d6" in _row(app, "c1") and "○○○" in _row(app, "c1")
        app.query_one("#party-table").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RussellSheetScreen), "Darla's sheet as these rules keep it")
        sheet = str(app.screen.query_one("#sheet-left", Static).render())
        assert "WS 1 · Bow 1" in sheet and "Skills 0/" in sheet and "3 Just-in-Time left" in sheet
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0], "back on the dashboard")
        await pilot.press("U")
        await until(
            pilot,
            lambda: (
                people.gear_of(people.person(app.store.state, app.store.ruleset, "c1"), "waterskin").die in (4, 6)
                and app.store.state.seq == 1
            ),
            "Darla's water rolled",
        )
        assert "Waterskin" in app.store.recent[-1].text
        assert app.perform(ExplorationDieShowsTired())
        await until(pilot, lambda: "●○○" in _row(app, "c1"), "a Tired pip on the pane")
        assert all(people.person(app.store.state, app.store.ruleset, m.id).tired == 1 for m in app.store.state.party)
        assert "4 Tired" in app.query_one(RussellPartyPane).border_subtitle
        await pilot.press("ctrl+p", *"Share a Ration")

        def offered() -> bool:
            found = app.screen.query(CommandList)
            return (
                bool(found)
                and found.first().option_count > 0
                and "Share a Ration" in str(found.first().get_option_at_index(0).prompt)
            )

        await until(pilot, offered, "the palette offering the shared Ration")
        await pilot.press("enter")
        await until(
            pilot,
            lambda: all(
                people.person(app.store.state, app.store.ruleset, m.id).tired == 0 for m in app.store.state.party
            ),
            "everyone rested",
        )
        assert "○○○" in _row(app, "c1")
        assert people.gear_of(people.person(app.store.state, app.store.ruleset, "c1"), "rations").count == 2
    state = app.store.state
    again = make_app(saves, "russell", ruleset_id=str(rules))
    assert again.store is not None and again.store.state == state
    assert "[slices.russell_characters.people.c1]" in (saves / "russell.toml").read_text()
