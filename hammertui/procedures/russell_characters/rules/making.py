"""The Russell House Rules' characters: attributes, HP, AC, skills, saves, usage dice, load and weariness.

Pure functions of numbers and the `[russell_characters]` section; the modifier table is the ruleset's
`[stats]` one (`Ruleset.stat_mod`). AC is descending: lower is better.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from hammertui.kernel.rules.dice import DiceSource, Roll, roll


class BadAssignment(ValueError):
    """Rolls placed on the attributes other than each once."""


def roll_attributes(dice: DiceSource, notation: str, count: int) -> tuple[Roll, ...]:
    """ "Roll 3d6 seven times" (or six, in order)."""
    return tuple(roll(dice, notation) for _ in range(count))


def assign(rolls: Sequence[int], picks: Mapping[str, int], names: Sequence[str]) -> dict[str, int]:
    """ "assign six of the results as you like": `picks` names, for each attribute, which roll
    (by position) it takes; each roll serves one attribute at most."""
    if sorted(picks) != sorted(names):
        raise BadAssignment(f"expected a roll for each of {', '.join(names)}")
    chosen = list(picks.values())
    if len(set(chosen)) != len(chosen) or not all(0 <= i < len(rolls) for i in chosen):
        raise BadAssignment("each roll goes to one attribute at most")
    return {name: rolls[picks[name]] for name in names}


def set_aside_lowest(rolls: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    """A party rolled for the table: the lowest roll (the last, among equals) set aside, the others
    in rolling order on the attributes in sheet order."""
    drop = (
        max((i for i, r in enumerate(rolls) if r == min(rolls)), default=0) if len(rolls) > len(names) else len(rolls)
    )
    kept = [r for i, r in enumerate(rolls) if i != drop]
    return in_order(kept, names)


def in_order(rolls: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    """ "roll 3d6 in order, no substitutions"."""
    if len(rolls) < len(names):
        raise BadAssignment(f"expected {len(names)} rolls, got {len(rolls)}")
    return dict(zip(names, rolls, strict=False))


def starting_hp(hit_roll: int, con_mod: int, least: int) -> int:
    """ "Roll 1d6 and add your Constitution modifier", never below `least`."""
    return max(least, hit_roll + con_mod)


def armour_class(base: int, dex_mod: int, shield: bool, shield_better: int, template_ac: int = 0) -> int:
    """Descending AC: the armour's (or the unarmoured 10), one better per point of DEX modifier
    (one worse per point below 0), the shield's point and the template's."""
    return base - dex_mod - (shield_better if shield else 0) - template_ac


def armour_slots(unarmoured: int, base: int, shield: bool, shield_better: int) -> int:
    """ "Armor takes up one slot for every point of AC better than 10"."""
    return max(0, unarmoured - base) + (shield_better if shield else 0)


def skill_slots(intelligence: int) -> int:
    """ "skill slots equal to half your intelligence, rounded down"."""
    return intelligence // 2


def coins(thrown: int, times: int) -> int:
    """ "3d6 x 10 base coins"."""
    return thrown * times


def usage_after(chain: Sequence[int], die: int, face: int, step_down_on: int) -> int:
    """The usage die after a roll: "A roll of 1 or 2 indicates that you step down one die size",
    and "Rolling a 1 or 2 on a D4 means that you are out" (0)."""
    if face > step_down_on:
        return die
    at = list(chain).index(die)
    return chain[at + 1] if at + 1 < len(chain) else 0


def step_up(chain: Sequence[int], die: int) -> int:
    """ "Buying extras takes up an additional slot but increases the usage die by one step"; the
    largest die stays the largest."""
    at = list(chain).index(die)
    return chain[max(0, at - 1)]


def coin_slots(coins: int, per_slot: int) -> int:
    """ "Money and gems take up one slot per 1,000 coins or gems - basically it only matters for
    giant hoards": whole thousands only."""
    return coins // per_slot if per_slot else 0


def most_slots(strength: int, times: Fraction) -> int:
    """ "You absolutely can't carry more than your 1.5x your strength items"."""
    return math.floor(strength * times)


def burdened(used: int, strength: int) -> bool:
    """More significant items than STR: Burdened."""
    return used > strength


def tired_after(pips: int, burdened_now: bool, limit: int, burdened_pips: int) -> int:
    """Pips after a Tired result: one, "two if the character is encumbered", never past the last."""
    return min(limit, pips + (burdened_pips if burdened_now else 1))


def wearied(pips: int, limit: int) -> bool:
    """ "When all three Tired pips are filled, the character becomes Wearied"."""
    return pips >= limit


def weariness_dice(wearied_now: bool, burdened_now: bool, physical: bool) -> int:
    """The modifier dice weariness and burden put on a roll: Wearied is Disadvantage "on all
    rolls", Burdened "on any physically challenging roll"; both at once is double Disadvantage on
    any roll: "If a character is both wearied and encumbered, they additionally take a -4 penalty
    on all rolls (so, roll two, keep the worst, and subtract 4)"."""
    if wearied_now and burdened_now:
        return -2
    return -int(wearied_now) - int(burdened_now and physical)
