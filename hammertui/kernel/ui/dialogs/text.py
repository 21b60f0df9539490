"""Asking for a line of text, such as a new session name."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.base import ENTER, PromptDialog
from hammertui.kernel.ui.footer import KeysFooter


class TextDialog(PromptDialog[str]):
    """One line of text; an empty line is refused with a message, and so is a line whose action
    (`asks`, when given) is refused (a name too long), the dialog staying open with the line as typed."""

    COMMAND_LIST = (ENTER,)

    def __init__(self, title: str, prompt: str, value: str = "", asks: Callable[[str], Action] | None = None) -> None:
        super().__init__(title, prompt)
        self._value = value
        self._asks = asks

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            yield Input(value=self._value, id="text")
            yield Label("", id="problem", classes="problem", markup=False)
        yield KeysFooter()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#problem", Label).update("")

    def answer(self) -> None:
        typed = self.query_one("#text", Input).value.strip()
        if not typed:
            self.query_one("#problem", Label).update("It cannot be empty.")
            return
        self.give(typed, self._asks(typed) if self._asks is not None else None)
