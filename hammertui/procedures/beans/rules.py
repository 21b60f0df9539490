"""Boons and Banes, as Book Three gives them:

"With net Boons, the character rolls an extra die (called the Bean die) during the check, adding its
result to the base die's total. Similarly with net Banes, the character rolls an extra die but
instead subtracts its result from the total. The size of the Bean die depends on the net total of
applicable Beans." The sizes are the ruleset's `[modifier_dice] bean_dice`.
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import BEAN_DICE, DiceExpr, DiceSource, Roll, bean_die, roll_beans
from hammertui.kernel.rules.modifiers import ModifierRules, Section
from hammertui.kernel.rules.records import record


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

    def throw(self, source: DiceSource, expr: DiceExpr, net: int) -> Roll:
        return roll_beans(source, expr, net, self.sizes)

    def tilt_words(self, expr: DiceExpr, net: int) -> str:
        if net == 0:
            return ""
        return f"a d{bean_die(net, self.sizes)} {'added' if net > 0 else 'taken off'}"

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
