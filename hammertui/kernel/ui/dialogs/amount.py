"""Asking for a number (hit points, replacements to roll), refusing anything that is not one."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.base import ENTER, PromptDialog
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.numbers import whole_number

MAX_AMOUNT = 999


def parse_amount(text: str, noun: str = "hit points", most: int = MAX_AMOUNT) -> tuple[int | None, str]:
    """A whole number from 1 to `most`, or None and what is wrong with the text, in plain words."""
    if not text.strip():
        return None, f"Type a number of {noun}."
    try:
        amount = whole_number(text, noun.capitalize(), span=(1, most))
    except ValueError as problem:
        return None, f"{problem}."
    if not 1 <= amount <= most:
        return None, f"Use a number from 1 to {most}."
    return amount, ""


class AmountDialog(PromptDialog[int]):
    """`Damage to Darla (HP 7/9)?`: Enter applies, Escape cancels. `noun` is what is being counted,
    up to `most`; a number whose action (`asks`) is refused (more than the pile holds) is said in place."""

    COMMAND_LIST = (ENTER,)

    def __init__(
        self,
        title: str,
        prompt: str,
        noun: str = "hit points",
        most: int = MAX_AMOUNT,
        asks: Callable[[int], Action] | None = None,
    ) -> None:
        super().__init__(title, prompt)
        self._noun = noun
        self._most = most
        self._asks = asks

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            yield Input(placeholder="e.g. 4", id="amount")
            yield Label("", id="problem", classes="problem", markup=False)
        yield KeysFooter()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A number being corrected: the old complaint no longer stands."""
        self.query_one("#problem", Label).update("")

    def answer(self) -> None:
        amount, problem = parse_amount(self.query_one("#amount", Input).value, self._noun, self._most)
        if amount is None:
            self.query_one("#problem", Label).update(problem)
            return
        self.give(amount, self._asks(amount) if self._asks is not None else None)
