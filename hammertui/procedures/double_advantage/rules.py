"""Advantage and double Advantage, as the Russell House Rules give them:

"Advantage means that you roll two dice and keep the better result. Disadvantage means you roll two
and keep the worse. If you ever have double advantage, roll two, keep the better, and improve the
roll by 4. If you have double disadvantage, roll two, keep the worse, and make worse by 4."
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, roll, roll_double_advantage
from hammertui.kernel.rules.modifiers import KeptDice, ModifierRules, Section
from hammertui.kernel.rules.records import record


@record
class DoubleAdvantage(KeptDice):
    """Two dice, the better (or worse) kept, and 4 more (or less) at double; a roll of one die only,
    so each die of a pool is tilted alone."""

    pools = False

    def throw(self, source: DiceSource, expr: DiceExpr, net: int, *, low_wins: bool = False) -> Roll:
        if net == 0:
            return roll(source, expr)
        if expr.count != 1:
            raise ValueError(f"cannot tilt a {expr} roll by double_advantage")
        return roll_double_advantage(source, expr.sides, net, expr.modifier, low_wins)

    def tilt_words(self, expr: DiceExpr, net: int, *, low_wins: bool = False) -> str:
        if net == 0:
            return ""
        kept = self.kept_words(expr, net)
        shift = f", {4 if (net > 0) != low_wins else -4:+d}" if abs(net) >= 2 else ""
        return f"2d{expr.sides}, {kept}{shift}"


def modifier_rules(section: Section) -> ModifierRules:
    """Double Advantage reads nothing of the section."""
    return DoubleAdvantage()
