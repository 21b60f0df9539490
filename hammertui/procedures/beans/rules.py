"""Boons and Banes, as Book Three gives them:

"With net Boons, the character rolls an extra die (called the Bean die) during the check, adding its
result to the base die's total. Similarly with net Banes, the character rolls an extra die but
instead subtracts its result from the total. The size of the Bean die depends on the net total of
applicable Beans." The sizes are the ruleset's `[modifier_dice] bean_dice`.
"""

from __future__ import annotations

from collections.abc import Sequence

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, Term, roll
from hammertui.kernel.rules.modifiers import ModifierRules, Section
from hammertui.kernel.rules.records import record

BEAN_DICE: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
"""Book Three's sizes: "With one (1) net Bean, the die is a d4 [...] ending with six (6) or more
total net Beans getting an entire d20."."""


def bean_die(net: int, sizes: Sequence[int] = BEAN_DICE) -> int | None:
    """The size of the Boon/Bane die for a net count: 1 = d4 ... 6 or more = d20; None at zero."""
    if net == 0:
        return None
    return sizes[min(abs(net), len(sizes)) - 1]


def roll_beans(
    source: DiceSource, notation: str | DiceExpr, net: int, sizes: Sequence[int] = BEAN_DICE, low_wins: bool = False
) -> Roll:
    """Net Boons add one extra die to the roll's total, net Banes subtract it (the other way round
    for a roll the roller wins low: `low_wins`)."""
    base = roll(source, notation)
    size = bean_die(net, sizes)
    if size is None:
        return base
    word = "Boon" if net > 0 else "Bane"
    sign = 1 if (net > 0) != low_wins else -1
    term = Term(f"d{size} ({abs(net)} {word}{'s' if abs(net) > 1 else ''})", source.roll(size), sign)
    return Roll(base.label, base.dice, base.kept, base.modifier, (*base.terms, term))


@record
class Beans:
    """One Bean die added to (or taken from) each roll's total, sized by the net; each die of a
    pool is its own roll. `given` is the section's sizes, empty where it names none."""

    given: tuple[int, ...] = ()

    field_label = "Boons - Banes"
    edge = "a Boon"
    pools = False

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.given or BEAN_DICE

    def throw(self, source: DiceSource, expr: DiceExpr, net: int, *, low_wins: bool = False) -> Roll:
        return roll_beans(source, expr, net, self.sizes, low_wins)

    def tilt_words(self, expr: DiceExpr, net: int, *, low_wins: bool = False) -> str:
        if net == 0:
            return ""
        return f"a d{bean_die(net, self.sizes)} {'added' if (net > 0) != low_wins else 'taken off'}"

    def net_words(self, net: int) -> str:
        if net == 0:
            return ""
        word = "Boon" if net > 0 else "Bane"
        return f"{abs(net)} {word}{'s' if abs(net) > 1 else ''}"

    def condition_words(self, net: int) -> str:
        return self.net_words(net)

    def added_die(self, net: int) -> int | None:
        return bean_die(net, self.sizes)

    def problems(self) -> tuple[tuple[str, str], ...]:
        if self.given:
            return ()
        return (("bean_dice", "missing; expected the Bean die sizes, as [4, 6, 8, 10, 12, 20]"),)


def modifier_rules(section: Section) -> ModifierRules:
    """Boons and Banes in the sizes the section gives (Book Three's where it names none, as `problems` says)."""
    return Beans(tuple(section.bean_dice))
