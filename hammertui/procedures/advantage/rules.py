"""Stacking Advantage and Disadvantage, as Book Three's Advantage revision spells them out:

"When a mechanical effect gives you an Advantage (aka an "add") on a die roll, you roll one extra
die of the same type and keep the better of the two. [...] When rolling pools of dice with an
advantage, just add one die of the base type to the pool, and then drop the lowest die after the
roll." "Advantages and Disadvantages cancel each other out one for one. Additionally, multiple net
adds and disadds can stack, adding multiple additional dice to the mix."
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, parse, roll
from hammertui.kernel.rules.modifiers import KeptDice, ModifierRules, Section
from hammertui.kernel.rules.records import record


def roll_advantage(source: DiceSource, notation: str | DiceExpr, net: int, low_wins: bool = False) -> Roll:
    """`notation` with `net` adds (or disadds, negative): one die more of the same type for each, the
    best (or worst) kept, as many as the roll keeps; the best are the lowest where `low_wins`. Two
    net adds on 2d6 is 4d6 keep the highest two."""
    expr = parse(notation) if isinstance(notation, str) else notation
    base_keep = expr.keep if expr.keep is not None else expr.count
    highest = expr.keep_highest if net == 0 else (net > 0) != low_wins
    thrown = roll(source, DiceExpr(expr.count + abs(net), expr.sides, expr.modifier, base_keep, highest))
    label = str(expr) + (f" adv x{net}" if net > 0 else f" disadv x{-net}" if net < 0 else "")
    return Roll(label, thrown.dice, thrown.kept, thrown.modifier)


@record
class Advantage(KeptDice):
    """One extra die of the same type per net add or disadd, the best (or worst) kept; a pool of
    dice is tilted as one."""

    pools = True

    def throw(self, source: DiceSource, expr: DiceExpr, net: int, *, low_wins: bool = False) -> Roll:
        return roll_advantage(source, expr, net, low_wins)

    def tilt_words(self, expr: DiceExpr, net: int, *, low_wins: bool = False) -> str:
        if net == 0:
            return ""
        kept = self.kept_words(expr, net)
        return f"{expr.count + abs(net)}d{expr.sides}, {kept}"


def modifier_rules(section: Section) -> ModifierRules:
    """Stacking Advantage reads nothing of the section."""
    return Advantage()
