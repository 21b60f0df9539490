"""What a carried thing (a light source) is called by who carries it, and what it is drawn from:
words every light procedure says the same way, whatever it counts a source's life in, and the
characters procedure's supplies (a Torches or Oil usage die) asked for by id, so the light never
names the procedure that keeps them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hammertui.kernel.session.procedures import part_module
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result


def carried_name(state: State, kind: str, carrier: str) -> str:
    """`Darla's torch`, or `The torch on the floor`; `kind` is already in the table's words."""
    if not carrier:
        return f"The {kind} on the floor"
    try:
        return f"{state.character(carrier).name}'s {kind}"
    except KeyError:
        return f"The {kind}"


def keeps_supplies(state: State) -> bool:
    """Whether the session's characters carry supplies on usage dice (`draw_supply` in the
    characters procedure's state module); else a light procedure counts its own flasks and packs."""
    return hasattr(part_module(state, "characters"), "draw_supply")


def draw(state: State, ctx: Context, action: Action, carrier: str, supply: str) -> Result | None:
    """Use one of `supply` from what `carrier` keeps (its usage die rolled, or a refusal): the
    state after and its events; None when the characters keep no supplies or `supply` is ""."""
    if not supply or not keeps_supplies(state):
        return None
    answer = part_module(state, "characters").draw_supply  # type: ignore[union-attr]
    return answer(state, ctx, action, carrier, supply)  # type: ignore[no-any-return]
