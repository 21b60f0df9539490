"""`[time]` and `[modifier_dice]`: the exploration clock, and how a ruleset tilts a roll."""

import math
from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Problem,
    Sides,
    Unique,
    Words,
    between,
    registered,
    section_check,
)


@record
class TimeRules:
    """The exploration clock: a ruleset's own word for its unit and how long the unit is."""

    unit: Annotated[str, Words('a word such as "turn" in quotes')]
    unit_plural: Annotated[str, Words('a word such as "turns" in quotes')]
    minutes_per_unit: Annotated[int, between(1, None, "a number of minutes")]
    rounds_per_unit: Annotated[int, between(1, None, "a number of rounds")]
    seconds_per_round: Annotated[int, between(1, None, "a number of seconds")]
    combat_minimum: Annotated[int, between(0, None, "a number of units")] = 1

    def label(self, n: int) -> str:
        """`1 turn`, `3 turns`, `1 Beat`: the count in the ruleset's own word."""
        return f"{n} {self.unit if abs(n) == 1 else self.unit_plural}"

    @property
    def title(self) -> str:
        """The plural as a heading: `Turns`, `Beats`."""
        return self.unit_plural[:1].upper() + self.unit_plural[1:]

    @property
    def units_per_hour(self) -> int:
        return max(1, 60 // self.minutes_per_unit)

    def combat_units(self, rounds: int) -> int:
        """What a fight costs the clock: max(minimum, ceil(rounds / rounds per unit))."""
        return max(self.combat_minimum, math.ceil(rounds / self.rounds_per_unit))


@record
class ModifierDice:
    """How a ruleset tilts a roll: stacking Advantage, Boons/Banes, double Advantage or 3x6."""

    mode: Annotated[str, registered("modifiers")]
    """The modifier-dice procedure (`rules/procedures.py`)."""
    bean_dice: Annotated[tuple[Sides, ...], Unique()] = ()
    stay_put_bonus: Annotated[int, between(0)] = 0


@section_check(ModifierDice)
def _modifier_dice_complete(dice: ModifierDice) -> Iterator[Problem]:
    """What the procedure `mode` names needs of the section (Boons and Banes: the Bean die sizes)."""
    if dice.mode in procedures.names("modifiers"):
        for key, problem in modifier_rules(dice).problems():
            yield Problem(problem, (key,))
