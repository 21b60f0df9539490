"""What every small dialog shares: a titled box with a prompt, and Escape to back out."""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen

T = TypeVar("T")


class PromptDialog(ModalScreen[T | None]):
    """A modal with a title and a prompt; Escape dismisses it with None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__()
        self._title = title
        self._prompt = prompt

    def action_cancel(self) -> None:
        self.dismiss(None)
