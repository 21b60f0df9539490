"""The ledger's forms: a find written down, a line corrected, a line struck out with its reason."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Checkbox, Input, Label, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.loot import (
    COINS,
    COMMON,
    AddLoot,
    EditLoot,
    RemoveLoot,
    describe,
)
from hammertui.kernel.session.state import Character, Loot
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog


def holder_options(living: Sequence[Character]) -> list[tuple[str, str]]:
    """The common pile first, then each living member: who may take a find."""
    return [("The common pile", COMMON), *((m.name, m.id) for m in living)]


class AddLootDialog(FormDialog):
    """Coins found, or an item and its worth (0 when nobody knows), and who carries it."""

    OK = "Add"
    WIDE = False

    def __init__(self, living: Sequence[Character]) -> None:
        super().__init__("Loot found", "Coins, or an item and its worth (0 if unknown).")
        self.living = living

    def fields(self) -> ComposeResult:
        with Grid(classes="form"):
            yield Label("What", markup=False)
            yield Input(value=COINS, id="name")
            yield Label("Coins", markup=False)
            yield Input(placeholder="120, or an item's worth", id="coins", type="integer")
            yield Label("Item", markup=False)
            yield Checkbox("An item: the coins are its worth", id="item")
            yield Label("Held by", markup=False)
            yield Select(plain.choices(holder_options(self.living)), value=COMMON, allow_blank=False, id="holder")

    def build(self) -> Action:
        item = self.query_one("#item", Checkbox).value
        return AddLoot(self.text("name"), self.whole("coins", "Coins", default=0), item, self.choice("holder"))


class EditLootDialog(FormDialog):
    """A line corrected: a better name, a count recounted, an item appraised."""

    OK = "Change"
    WIDE = False

    def __init__(self, entry: Loot) -> None:
        super().__init__(f"Edit: {entry.name}", "Its name, and its coins (an item: its worth, 0 if unknown).")
        self.entry = entry

    def fields(self) -> ComposeResult:
        with Grid(classes="form"):
            yield Label("What", markup=False)
            yield Input(value=self.entry.name, id="name")
            yield Label("Worth" if self.entry.item else "Coins", markup=False)
            yield Input(value=str(self.entry.coins), id="coins", type="integer")

    def build(self) -> Action:
        return EditLoot(self.entry.id, self.text("name"), self.whole("coins", "Coins", default=0))


class RemoveLootDialog(FormDialog):
    """A line leaves the ledger for good; the log keeps why."""

    OK = "Remove"
    WIDE = False

    def __init__(self, entry: Loot) -> None:
        super().__init__("Remove from the ledger", f"{describe(entry)}: why is it gone?")
        self.entry = entry

    def fields(self) -> ComposeResult:
        yield Input(placeholder="spent, lost, destroyed, given away...", id="reason")

    def build(self) -> Action:
        return RemoveLoot(self.entry.id, self.text("reason"))
