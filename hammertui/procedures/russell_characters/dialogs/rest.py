"""Who eats a Ration of their own: "To recover from weariness, a character must take an exploration
turn and consume an entire ration themselves". The Wearied come ticked; space ticks or unticks the
highlighted one, Enter eats."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import SelectionList

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.russell_characters.state import EatRations


class EatersDialog(FormDialog):
    """The standing, each as (id, words, ticked); those ticked eat a full Ration each."""

    DEFAULT_CSS = """
    EatersDialog .dialog SelectionList { height: auto; max-height: 10; }
    """
    OK = "Eat"
    ROLLS = True

    def __init__(self, eaters: list[tuple[str, str, bool]]) -> None:
        super().__init__("Eat a Ration each", "Who eats a Ration of their own? Space ticks, Enter eats.")
        self._eaters = eaters

    def fields(self) -> ComposeResult:
        yield SelectionList(
            *plain.choices((words, character_id, ticked) for character_id, words, ticked in self._eaters), id="eaters"
        )

    def build(self) -> Action:
        chosen = set(self.query_one("#eaters", SelectionList).selected)
        eaters = tuple(character_id for character_id, _, _ in self._eaters if character_id in chosen)
        if not eaters:
            raise ValueError("Tick who eats")
        return EatRations(eaters)
