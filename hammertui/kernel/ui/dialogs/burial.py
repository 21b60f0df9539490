"""The tombstone: what killed them, and the epitaph the table writes (Tenet the First)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.session.vitals import UNKNOWN_CAUSE, Bury
from hammertui.kernel.ui.dialogs.form import FormDialog


class BurialDialog(FormDialog):
    """Cause and epitaph; Enter in the epitaph lays them to rest, Escape leaves them lying there."""

    OK = "Bury"

    def __init__(self, member: Character, when: str) -> None:
        super().__init__(f"Here lies {member.name}", f"{member.name} died on {when}. Give them an amazing epitaph.")
        self.member = member

    def fields(self) -> ComposeResult:
        cause = self.member.death.cause if self.member.death else ""
        yield Input(value="" if cause == UNKNOWN_CAUSE else cause, placeholder="What killed them?", id="cause")
        yield Input(placeholder="Epitaph", id="epitaph")

    def on_mount(self) -> None:
        if self.text("cause"):
            self.query_one("#epitaph").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        event.prevent_default()
        if event.input.id == "cause":
            self.query_one("#epitaph").focus()
        else:
            self.action_submit()

    def build(self) -> Action:
        return Bury(self.member.id, self.text("epitaph"), self.text("cause"))
