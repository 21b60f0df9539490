"""What a carried thing (a light source) is called by who carries it: words every light procedure
says the same way, whatever it counts a source's life in."""

from __future__ import annotations

from hammertui.session.state import State


def carried_name(state: State, kind: str, carrier: str) -> str:
    """`Darla's torch`, or `The torch on the floor`; `kind` is already in the table's words."""
    if not carrier:
        return f"The {kind} on the floor"
    try:
        return f"{state.character(carrier).name}'s {kind}"
    except KeyError:
        return f"The {kind}"
