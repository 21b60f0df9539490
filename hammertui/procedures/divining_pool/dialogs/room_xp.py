"""Challenge beaten: the room's XP by the rules, shown with its working, to every survivor.

The 'Smith may raise or lower the figure after the fact (the rules allow it, for a smashing success
or for grinding rats), but a changed figure carries its reason into the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.rulings import Rulings
from hammertui.kernel.ui.styles import STYLES
from hammertui.procedures.divining_pool.actions.explore import AwardRoomXP
from hammertui.procedures.divining_pool.rules.explore import RoomXP

REASON = "Reason (needed only if you change the figure)"


class RoomXPDialog(FormDialog):
    """The working, the figure pre-filled and editable, and a reason the rules ask for only when it changes."""

    CSS_PATH = [STYLES, Path(__file__).parent.parent / "screens" / "rooms.tcss"]

    OK = "Award"

    def __init__(self, room: int, award: RoomXP, living: Sequence[str]) -> None:
        prompt = f"Every survivor gets the whole amount: {survivors(living)}."
        super().__init__(f"Challenge beaten: room {room}", prompt)
        self.room = room
        self.award = award

    def fields(self) -> ComposeResult:
        yield Label(self.award.explanation, id="room-working", markup=False)
        with Horizontal(classes="row"):
            yield Label("XP each", classes="field-label", markup=False)
            yield Input(value=str(self.award.amount), id="amount", classes="number")
            yield Input(placeholder=REASON, id="reason")
        yield Rulings("room_xp", "party_tier", "xp_symbols")

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say the reason is now wanted the moment the figure moves off the rules' one."""
        if event.input.id != "amount":
            return
        changed = event.value.strip() != str(self.award.amount)
        wanted = f"Why not the rules' {self.award.amount}? (needed)" if changed else REASON
        self.query_one("#reason", Input).placeholder = wanted

    def build(self) -> Action:
        return AwardRoomXP(self.room, self.whole("amount", "XP each"), self.text("reason"))


def survivors(living: Sequence[str]) -> str:
    """`Darla, Brannoc and Wenna`: who a room's XP goes to."""
    if len(living) < 2:
        return "".join(living) or "nobody"
    return f"{', '.join(living[:-1])} and {living[-1]}"
