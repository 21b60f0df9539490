"""What every small dialog shares: a titled box with a prompt, Enter to answer, Escape to back out,
and a footer that says so."""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen

from hammertui.ui import screens
from hammertui.ui.type_ahead import after_keys_in_flight

T = TypeVar("T")

ENTER = Binding("enter", "submit", "OK", id="dialog.ok", priority=True)
"""For a dialog of one field or one list: Enter answers it. A priority binding, so the footer names
it over the field's own Enter (which would do the same)."""


class PromptDialog(ModalScreen[T | None]):
    """A modal with a title and a prompt; Escape dismisses it with None."""

    CSS_PATH = screens.STYLES

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__()
        self._title = title
        self._prompt = prompt

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_submit(self) -> None:
        """Answer once the keys typed before Enter have landed: `3 enter` in one burst answers 3."""
        after_keys_in_flight(self.focused or self, self.answer)

    def answer(self) -> None:
        """Answer the dialog with what its field or list holds."""
        raise NotImplementedError
