"""Advantage and double Advantage, as the Russell House Rules give them:

"Advantage means that you roll two dice and keep the better result. Disadvantage means you roll two
and keep the worse. If you ever have double advantage, roll two, keep the better, and improve the
roll by 4. If you have double disadvantage, roll two, keep the worse, and make worse by 4."
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, roll, roll_double_advantage
from hammertui.kernel.rules.modifiers import ModifierRules, Section
from hammertui.kernel.rules.records import record


@record
class DoubleAdvantage:
    """Two dice, the better (or worse) kept, and 4 more (or less) at double; a roll of one die only,
    so each die of a pool is tilted alone."""

    field_label = "Adv - Disadv"
    edge = "Advantage"
    pools = False

    def throw(self, source: DiceSource, expr: DiceExpr, net: int) -> Roll:
        if net == 0:
            return roll(source, expr)
        if expr.count != 1:
            raise ValueError(f"cannot tilt a {expr} roll by double_advantage")
        return roll_double_advantage(source, expr.sides, net, expr.modifier)

    def tilt_words(self, expr: DiceExpr, net: int) -> str:
        if net == 0:
            return ""
        which = "best" if net > 0 else "worst"
        kept = f"the {which} kept" if expr.count == 1 else f"the {which} {expr.count} kept"
        shift = f", {4 if net > 0 else -4:+d}" if abs(net) >= 2 else ""
        return f"2d{expr.sides}, {kept}{shift}"

    def net_words(self, net: int) -> str:
        if net == 0:
            return ""
        word = "Advantage" if net > 0 else "Disadvantage"
        return word if abs(net) == 1 else f"{word} x{abs(net)}"

    def condition_words(self, net: int) -> str:
        word = "Advantage" if net > 0 else "Disadvantage"
        n = abs(net)
        return word if n == 1 else f"double {word}" if n == 2 else f"{word} x{n}"

    def added_die(self, net: int) -> int | None:
        return None

    def problems(self) -> tuple[tuple[str, str], ...]:
        return ()


def modifier_rules(section: Section) -> ModifierRules:
    """Double Advantage reads nothing of the section."""
    return DoubleAdvantage()
