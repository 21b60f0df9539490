"""Lost CON back by hand: how many points and why (Cure Serious Wounds, a potion, a scroll)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.actions.vitals import RestoreCon
from hammertui.procedures.hammercrawl_classes.state import Sheet


class RestoreConDialog(FormDialog):
    """The points and the reason; the rules keep them to what was lost."""

    OK = "Restore"

    def __init__(self, member: Character, sheet: Sheet) -> None:
        prompt = (
            f"{member.name} has CON {sheet.con} of {sheet.con_max}."
            " Cure Serious Wounds restores 1d4 + the caster's level."
        )
        super().__init__(f"Restore CON: {member.name}", prompt)
        self.member = member
        self.lost = sheet.con_max - sheet.con

    def fields(self) -> ComposeResult:
        yield Input(value=str(self.lost), id="amount", classes="number")
        yield Input(placeholder="Why: Cure Serious Wounds, a potion...", id="reason")

    def on_mount(self) -> None:
        self.query_one("#reason", Input).focus()

    def build(self) -> Action:
        return RestoreCon(self.member.id, self.whole("amount", "CON"), self.text("reason"))
