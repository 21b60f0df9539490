"""Choosing one of a few things, such as who takes the torch."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.base import ENTER, PromptDialog
from hammertui.kernel.ui.footer import KeysFooter


class ChooseDialog(PromptDialog[str]):
    """A short list; Enter picks the highlighted choice, Escape cancels."""

    COMMAND_LIST = (ENTER,)

    def __init__(self, title: str, prompt: str, choices: Sequence[tuple[str, str]]) -> None:
        super().__init__(title, prompt)
        self._choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            yield OptionList(*(Option(Text(label), id=key) for key, label in self._choices))
        yield KeysFooter()

    def answer(self) -> None:
        self.query_one(OptionList).action_select()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
