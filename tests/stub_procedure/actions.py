"""The stub die's one action: move on."""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import roll as roll_dice
from hammertui.kernel.session.acting import Context, Result
from hammertui.kernel.session.actions import spend_time
from hammertui.kernel.session.events import note
from hammertui.kernel.session.state import State
from tests.stub_procedure.state import NAME, StubDie


@attrs.frozen
class RollStubDie:
    """Move on: roll the d6 in the open, and a unit of time passes (the light burns)."""

    label: ClassVar[str] = "explore"

    def apply(self, state: State, ctx: Context) -> Result:
        roll = roll_dice(ctx.dice, "1d6")
        die: StubDie = state.slices[NAME]
        moved = state.with_slice(NAME, StubDie((*die.rolls, roll.total)))
        spent, events = spend_time(moved, 1, ctx, self)
        return spent, [note(self, f"The stub die shows {roll.total}.", (roll.describe(),)), *events]
