"""What every small dialog shares: a titled box with a prompt, Enter to answer, Escape to back out,
and a footer that says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Label

from hammertui.kernel.ui.styles import STYLES

T = TypeVar("T")

Answered = Callable[[T], str | None]
"""What a dialog's answer does (an action dispatched): the refusal's words, or None when done."""

ENTER = Binding("enter", "submit", "OK", id="dialog.ok", priority=True)
"""For a dialog of one field or one list: Enter answers it. A priority binding, so the footer names
it over the field's own Enter (which would do the same)."""


class PromptDialog(ModalScreen[T | None]):
    """A modal with a title and a prompt; Escape dismisses it with None."""

    CSS_PATH = STYLES

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__()
        self._title = title
        self._prompt = prompt

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_submit(self) -> None:
        """Enter answers: keys act in the order typed, so what was typed before it is in the field."""
        self.answer()

    def answer(self) -> None:
        """Answer the dialog with what its field or list holds."""
        raise NotImplementedError

    def settle(self, answer: T, attempt: Answered[T] | None) -> None:
        """Close with `answer`, once `attempt` (when given) has done what it asks; a refusal is
        said under the field instead, and what was typed stays to be corrected."""
        refusal = attempt(answer) if attempt is not None else None
        if refusal:
            self.query_one("#problem", Label).update(said(refusal))
            return
        self.dismiss(answer)


def said(refusal: str) -> str:
    """A refusal as a sentence: capitalised, with its full stop."""
    sentence = refusal[0].upper() + refusal[1:]
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."
