"""Adding to a pack: a fresh torch, lantern or candle, or a flask of oil, for someone to carry."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.burn_down.actions import AddToPack


class PackDialog(FormDialog):
    """Who and what: a new source goes in full and unlit; a flask of oil waits for a refill."""

    OK = "Pack"
    WIDE = False

    def __init__(self, living: Sequence[Character], selected: str, items: Sequence[tuple[str, str]]) -> None:
        super().__init__("Add to a pack", "Into whose pack, and what?")
        self.living = living
        self.selected = selected if any(m.id == selected for m in living) else living[0].id
        self.items = items

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Select(
                plain.choices([(m.name, m.id) for m in self.living]), value=self.selected, allow_blank=False, id="who"
            )
            yield Select(
                plain.choices([(name, kind) for kind, name in self.items]),
                value=self.items[0][0],
                allow_blank=False,
                id="what",
            )

    def build(self) -> Action:
        return AddToPack(self.choice("who"), self.choice("what"))
