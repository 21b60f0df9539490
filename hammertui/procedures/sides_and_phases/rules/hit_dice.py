"""A foe's Hit Dice as old-school books print them, read from text.

Apart from the fight's rules so that checking a saved foe needs only this, not the whole fight.
"""

from __future__ import annotations

import re

from hammertui.kernel.rules.records import record

_HIT_DICE = re.compile(r"^\s*(?P<count>\d+)\s*(?P<stars>\**)\s*(?:(?P<sign>[+-])\s*(?P<mod>\d+))?\s*(?P<after>\**)\s*$")

HIT_DIE_SIDES = 8


@record
class HitDice:
    """A foe's Hit Dice: `3`, `3+1`, `2-1`, `4*`, `5+2**`."""

    count: int
    modifier: int = 0
    asterisks: int = 0

    def __str__(self) -> str:
        mod = (f"+{self.modifier}" if self.modifier > 0 else str(self.modifier)) if self.modifier else ""
        return f"{self.count}{mod}{'*' * self.asterisks}"


def parse_hit_dice(text: str | int) -> HitDice:
    """Read Hit Dice; asterisks (special abilities) are kept but change nothing here."""
    if isinstance(text, int):
        if text < 0:
            raise ValueError(f"{text} is not a number of Hit Dice")
        return HitDice(text)
    match = _HIT_DICE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not Hit Dice like 3, 3+1 or 4*")
    mod = int(match["mod"]) * (-1 if match["sign"] == "-" else 1) if match["mod"] else 0
    return HitDice(int(match["count"]), mod, len(match["stars"]) + len(match["after"]))
