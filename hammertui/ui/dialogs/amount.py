"""Asking for a number of hit points, refusing anything that is not one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from hammertui.ui.dialogs.base import PromptDialog

MAX_AMOUNT = 999


def parse_amount(text: str) -> tuple[int | None, str]:
    """A whole number from 1 to 999, or None and what is wrong with the text, in plain words."""
    value = text.strip()
    if not value:
        return None, "Type a number of hit points."
    if not value.lstrip("+").isdigit():
        return None, f"{value!r} is not a whole number."
    amount = int(value)
    if not 1 <= amount <= MAX_AMOUNT:
        return None, f"Use a number from 1 to {MAX_AMOUNT}."
    return amount, ""


class AmountDialog(PromptDialog[int]):
    """`Damage to Darla (HP 7/9)?`: Enter applies, Escape cancels."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self._title
            yield Label(self._prompt)
            yield Input(placeholder="e.g. 4", id="amount")
            yield Label("", id="problem", classes="problem")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        amount, problem = parse_amount(event.value)
        if amount is None:
            self.query_one("#problem", Label).update(problem)
            return
        self.dismiss(amount)
