"""Splitting the Blood Drops' damage: the party decides who bleeds, and the total keeps count."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.rulings import Rulings
from hammertui.procedures.divining_pool.actions.explore import SplitBlood


class BloodDialog(FormDialog):
    """A field per living member and a running total; the damage lands through the roster's rules."""

    OK = "Apply"

    def __init__(self, living: Sequence[Character], total: int) -> None:
        super().__init__("Blood Drops", f"{total} damage: the party splits it among themselves.")
        self.living = living
        self.total = total

    def fields(self) -> ComposeResult:
        for member in self.living:
            with Horizontal(classes="row"):
                yield Label(f"{member.name} (HP {member.hp}/{member.max_hp})", classes="field-label", markup=False)
                yield Input(value="0", id=f"share-{member.id}", classes="number", type="integer")
        yield Label(self._placed_text(0), id="placed", markup=False)
        yield Rulings("blood_drops")

    def on_input_changed(self, event: Input.Changed) -> None:
        placed = sum(self._share(m.id) or 0 for m in self.living)
        self.query_one("#placed", Label).update(self._placed_text(placed))

    def _placed_text(self, placed: int) -> str:
        left = self.total - placed
        tail = "all placed" if left == 0 else f"{left} to place" if left > 0 else f"{-left} too many"
        return f"Placed {placed} of {self.total}: {tail}."

    def _share(self, character_id: str) -> int | None:
        try:
            return self.whole(f"share-{character_id}", "Share", 0)
        except ValueError:
            return None

    def build(self) -> Action:
        shares = tuple((m.id, self.whole(f"share-{m.id}", m.name, 0)) for m in self.living)
        return SplitBlood(shares)
