"""Stacking Advantage and Disadvantage, as Book Three's Advantage revision spells them out:

"When a mechanical effect gives you an Advantage (aka an "add") on a die roll, you roll one extra
die of the same type and keep the better of the two. [...] When rolling pools of dice with an
advantage, just add one die of the base type to the pool, and then drop the lowest die after the
roll." "Advantages and Disadvantages cancel each other out one for one. Additionally, multiple net
adds and disadds can stack, adding multiple additional dice to the mix."
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, roll_advantage
from hammertui.kernel.rules.modifiers import ModifierRules, Section
from hammertui.kernel.rules.records import record


@record
class Advantage:
    """One extra die of the same type per net add or disadd, the best (or worst) kept; a pool of
    dice is tilted as one."""

    field_label = "Adv - Disadv"
    edge = "Advantage"
    pools = True

    def throw(self, source: DiceSource, expr: DiceExpr, net: int) -> Roll:
        return roll_advantage(source, expr, net)

    def tilt_words(self, expr: DiceExpr, net: int) -> str:
        if net == 0:
            return ""
        which = "best" if net > 0 else "worst"
        kept = f"the {which} kept" if expr.count == 1 else f"the {which} {expr.count} kept"
        return f"{expr.count + abs(net)}d{expr.sides}, {kept}"

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
    """Stacking Advantage reads nothing of the section."""
    return Advantage()
