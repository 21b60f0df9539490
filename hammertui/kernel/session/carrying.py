"""What a carried thing (a light source) is called by who carries it, and what it is drawn from:
words every light procedure says the same way, whatever it counts a source's life in, and the
characters procedure's supplies (a Torches or Oil usage die) asked for by id, so the light never
names the procedure that keeps them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hammertui.kernel.session.procedures import characters_of
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.actions import Action, Context, Result


def carried_name(state: State, kind: str, carrier: str) -> str:
    """`Darla's torch`, or `The torch on the floor`; `kind` is already in the table's words."""
    if not carrier:
        return f"The {kind} on the floor"
    try:
        return f"{state.character(carrier).name}'s {kind}"
    except KeyError:
        return f"The {kind}"


def keeps_supplies(state: State) -> bool:
    """Whether the session's characters carry supplies on usage dice (the characters procedure's
    `draw_supply`); else a light procedure counts its own flasks and packs."""
    characters = characters_of(state.session.procedures)
    return characters is not None and characters.draw_supply is not None


def draw(state: State, ctx: Context, action: Action, carrier: str, supply: str) -> Result | None:
    """Use one of `supply` from what `carrier` keeps (its usage die rolled, or a refusal): the
    state after and its events; None when the characters keep no supplies or `supply` is ""."""
    characters = characters_of(state.session.procedures)
    if not supply or characters is None or characters.draw_supply is None:
        return None
    return characters.draw_supply(state, ctx, action, carrier, supply)
