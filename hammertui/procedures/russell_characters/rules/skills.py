"""Saves and skills by the Russell House Rules: modifier dice netted and kept, a save rolled under an
attribute, a skill rolled over 6, check marks and practice in downtime.

Pure functions of numbers; where the dice come from (the light, weariness, the referee) is the
session's to gather.
"""

from __future__ import annotations

from collections.abc import Sequence

MOST_DICE = 2
"""Advantage and double Advantage, never more: "If you ever have double advantage, roll two, keep
the better, and improve the roll by 4."""
DOUBLE = 4
"""What double Advantage improves a roll by, and double Disadvantage makes it worse by."""
ALWAYS_FAILS = 1
""""A roll of 1 always fails" (a skill)."""


def net_dice(*parts: int) -> int:
    """Advantage and Disadvantage from every source cancel one for one, and stop at double."""
    return max(-MOST_DICE, min(MOST_DICE, sum(parts)))


def dice_thrown(net: int) -> int:
    """One die, or two to keep the better or the worse of."""
    return 1 if net == 0 else 2


def kept(faces: Sequence[int], net: int, low_is_good: bool) -> tuple[int, int]:
    """The die kept and the shift on it: "Advantage means that you roll two dice and keep the better
    result. Disadvantage means you roll two and keep the worse"; double either way moves the roll 4
    better or worse. Better is lower for a roll-under save, higher for a skill."""
    if net == 0 or len(faces) == 1:
        return faces[0], 0
    better = net > 0
    face = min(faces) if better == low_is_good else max(faces)
    toward = -1 if low_is_good else 1
    shift = 0 if abs(net) < MOST_DICE else DOUBLE * (toward if better else -toward)
    return face, shift


def save_passes(face: int, shift: int, score: int) -> bool:
    """ "try to roll equal to or lower than the ability score on a D20"."""
    return face + shift <= score


def skill_total(face: int, shift: int, rank: int, modifier: int) -> int:
    """ "roll 1d6 and add your relevant skill", and the referee's "small modifier to the roll"."""
    return face + shift + rank + modifier


def skill_passes(face: int, total: int, target: int) -> bool:
    """ "if the result is six or higher, it succeeds. A roll of 1 always fails"."""
    return face != ALWAYS_FAILS and total >= target


def highest_rank(level: int, chart_max: int) -> int:
    """ "characters may not have a skill with a higher rank than their level", nor past the chart's
    max skill rank for that level."""
    return min(level, chart_max)


def may_practise(marks: int, needed: int) -> bool:
    """ "test to advance any one skill that has 3 or more marks next to it"."""
    return marks >= needed


def rank_after(rank: int, passed: bool, highest: int) -> int:
    """ "if successful, increase your skill rank by 1", never past the highest rank allowed."""
    return min(highest, rank + 1) if passed else rank
