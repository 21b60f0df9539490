"""What every small dialog shares: a titled box with a prompt, Enter to answer, Escape to back out,
and a footer that says so."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import ModalScreen
from textual.widgets import Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.answer import DialogAnswer
from hammertui.kernel.ui.commands import Command, Commanded, key
from hammertui.kernel.ui.styles import STYLES

T = TypeVar("T")

ENTER: Command[Any] = key("enter", "dialog.ok", "submit", "OK", "Answer with what is typed or chosen", priority=True)
"""For a dialog of one field or one list: Enter answers it. A priority key, so the footer names it
over the field's own Enter (which would do the same)."""

CANCEL: Command[Any] = key("escape", "dialog.cancel", "cancel", "Cancel", "Close without answering")


class PromptDialog(Commanded, ModalScreen[T | None]):
    """A modal with a title and a prompt; Escape dismisses it with None."""

    CSS_PATH = STYLES

    COMMAND_LIST = (CANCEL,)
    """Its keys, a subclass's own bound beside these; each a `key`, which the palette does not offer."""

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__()
        self._title = title
        self._prompt = prompt
        self._answering: T | None = None
        """The answer whose action the app is doing: the dialog closes with it once it is done."""

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_submit(self) -> None:
        """Enter answers: keys act in the order typed, so what was typed before it is in the field."""
        self.answer()

    def answer(self) -> None:
        """Answer the dialog with what its field or list holds."""
        raise NotImplementedError

    def give(self, answer: T, action: Action | None = None) -> None:
        """Close with `answer`; or, when it asks for `action`, once the app has done it (`settle`).
        A second answer while the first is being done is the same answer: it is not asked twice."""
        if action is None:
            self.dismiss(answer)
        elif self._answering is None:
            self._answering = answer
            self.app.post_message(DialogAnswer(self, action))

    def settle(self, action: Action, refusal: str | None) -> None:
        """The action asked for is done: close with the answer. Refused: its words are said under
        the field instead, and what was typed stays to be corrected."""
        answer, self._answering = self._answering, None
        if refusal:
            self.query_one("#problem", Label).update(said(refusal))
        elif self.app.screen is self:
            self.dismiss(answer)


def said(refusal: str) -> str:
    """A refusal as a sentence: capitalised, with its full stop."""
    sentence = refusal[0].upper() + refusal[1:]
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."
