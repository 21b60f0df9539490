"""What an attack will throw, as a record of its own.

A thrown attack waiting to land keeps its plan in the session state, so the state (loaded before
the first frame) needs this record, and not the whole of `rules.combat`.
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr
from hammertui.kernel.rules.records import record


@record
class AttackPlan:
    """What an attack will throw, before any die is thrown, and why each number is what it is.

    `damage_multiplier` multiplies each hit's damage (a Thief's Stabbity!, `multiplier_why`
    naming it); `fumbles` is off for an attacker a natural 1 cannot fumble (a Berserker's rage).
    """

    attacker: str
    kind: str
    dice: int
    bonus: int
    damage_die: int
    damage_dice: int = 1
    damage_bonus: int = 0
    criticals: bool = True
    lines: tuple[str, ...] = ()
    damage_multiplier: int = 1
    multiplier_why: str = ""
    fumbles: bool = True
    halved: bool = False
    """An unarmed attack: each hit's damage halved, rounded down (Book Three)."""

    @property
    def can_attack(self) -> bool:
        return self.dice > 0

    @property
    def damage_expr(self) -> DiceExpr:
        return DiceExpr(self.damage_dice, self.damage_die, self.damage_bonus)

    def describe(self) -> str:
        if not self.can_attack:
            return f"{self.attacker}: cannot attack"
        dice = f"{self.dice} attack {'die' if self.dice == 1 else 'dice'}"
        return f"{self.attacker}: {dice} at {_signed(self.bonus)}, damage {self.damage_expr}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
