"""Correcting a light's time by hand: the Timekeeper lost count, or the table rules it otherwise."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.rulings import Rulings
from hammertui.procedures.burn_down.actions import CorrectLight

HOW = [("take away", "minus"), ("add", "plus"), ("set to", "set")]


class CorrectLightDialog(FormDialog):
    """Plus, minus or set, an amount, and a reason for the log; a refused value is named in place."""

    OK = "Correct"
    WIDE = False

    def __init__(self, light_id: str, name: str, left: str) -> None:
        super().__init__(f"Correct: {name}", f"{name} has {left}. Correct it by:")
        self.light_id = light_id

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Select(plain.choices(HOW), value="minus", allow_blank=False, id="how")
            yield Input(value="1", id="amount", classes="number")
        yield Input(placeholder="Reason (for the log)", id="reason")
        yield Rulings("light_correction")

    def build(self) -> Action:
        return CorrectLight(self.light_id, self.choice("how"), self.whole("amount", "Amount"), self.text("reason"))
