"""How hurt a character is at a glance: the band their hit points fall in, for the roster's colours."""

from __future__ import annotations

from typing import Literal

HpBand = Literal["full", "wounded", "low", "zero"]


def hp_band(hp: int, max_hp: int) -> HpBand:
    """`full` at max HP (or over it), `wounded` below it, `low` under a third of it, `zero` at none."""
    if hp <= 0:
        return "zero"
    if hp >= max_hp:
        return "full"
    if 3 * hp < max_hp:
        return "low"
    return "wounded"
