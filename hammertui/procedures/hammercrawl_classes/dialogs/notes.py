"""Free notes on a sheet: what the character owes, fears, or swore at the tavern."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import TextArea

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.actions.recruits import SetNotes


class NotesDialog(FormDialog):
    """Several lines of notes; Ctrl+S keeps them (Enter starts a new line)."""

    OK = "Keep"

    def __init__(self, character_id: str, name: str, notes: str) -> None:
        super().__init__(f"Notes: {name}", "Ctrl+S keeps them.")
        self.character_id = character_id
        self._notes = notes

    def fields(self) -> ComposeResult:
        yield TextArea(self._notes, id="notes")

    def build(self) -> Action:
        return SetNotes(self.character_id, self.query_one("#notes", TextArea).text.rstrip())
