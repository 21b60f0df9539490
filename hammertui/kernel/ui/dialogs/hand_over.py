"""Who takes a light: the one question every light procedure's hand-over key asks."""

from __future__ import annotations

from hammertui.kernel.session.state import State
from hammertui.kernel.ui.dialogs.choose import ChooseDialog


def hand_over_dialog(state: State, name: str, carrier: str) -> ChooseDialog:
    """The living who do not carry `name` already, and setting it down if anyone does."""
    choices = [(m.id, m.name) for m in state.living if m.id != carrier]
    if carrier:
        choices.append(("", "Set it down"))
    return ChooseDialog("Hand over", f"Who takes {_mid_sentence(name)}?", choices)


def _mid_sentence(name: str) -> str:
    """`The torch on the floor` -> `the torch on the floor`; a carrier's name keeps its letters."""
    return "the" + name[3:] if name.startswith("The ") else name
