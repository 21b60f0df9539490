"""What a Russell character takes up: an item by name with its slots and usage die (the goods the
ruleset lists are named beside the fields, and one typed by its name is bought as listed)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.numbers import whole_number
from hammertui.procedures.russell_characters.schema import GearDef
from hammertui.procedures.russell_characters.state import Carry


def goods_line(goods: tuple[GearDef, ...]) -> str:
    """`Goods: Torches d6 (1 slot), Lantern (1 slot)`."""
    listed = ", ".join(
        f"{g.name}{f' d{g.usage}' if g.usage else ''} ({g.slots} slot{'' if g.slots == 1 else 's'})" for g in goods
    )
    return f"Goods: {listed}" if listed else ""


class CarryDialog(FormDialog):
    """An item for one character: its name, the slots it takes (blank: as listed, else 1), and its
    usage die (blank: as listed, else none). One already carried with a usage die steps up."""

    DEFAULT_CSS = """
    CarryDialog .dialog .row { height: auto; }
    CarryDialog .dialog .row Input { width: 1fr; }
    """
    OK = "Carry"

    def __init__(self, character_id: str, name: str, goods: tuple[GearDef, ...]) -> None:
        super().__init__("Carry", f"What does {name} take up?")
        self._character_id = character_id
        self._goods = goods

    def fields(self) -> ComposeResult:
        yield Label(goods_line(self._goods), id="goods", markup=False)
        yield Input(placeholder="Item (Torches)", id="item")
        with Horizontal(classes="row"):
            yield Input(placeholder="Slots (as listed, else 1)", id="slots", type="integer")
            yield Input(placeholder="Usage die: d6 (as listed, else none)", id="die")

    def build(self) -> Action:
        name = self.text("item")
        if not name:
            raise ValueError("name the item")
        listed = next((g for g in self._goods if g.name.casefold() == name.casefold()), None)
        slots = self.whole("slots", "slots", listed.slots if listed else 1)
        typed = self.text("die").lower().removeprefix("d")
        die = whole_number(typed, "usage die", (listed.usage or 0) if listed else 0)
        return Carry(self._character_id, name, slots, die)
