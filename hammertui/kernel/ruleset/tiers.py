"""`[tiers]`, `[tier_tables]` and `[turn_unholy]`: tier arithmetic, the tables keyed by tier
difference, and what Turn Unholy does at each difference."""

import re
from fractions import Fraction
from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    AnyText,
    Check,
    Dice,
    Id,
    SaveName,
    Sides,
    Tier,
    Words,
    between,
)


@record
class TierRank:
    """One row of the tier table: what a tier is called for an adventurer (the sheet shows it)."""

    tier: Tier
    adventurer: str


@record
class TierRules:
    """Tier arithmetic: levels per tier, the caps, and how far a difference is clamped."""

    levels_per_tier: Annotated[int, between(1, None, "a number of levels")] = 3
    max_tier: Tier = 6
    difference_cap: Annotated[int, between(0, 10, "a tier difference")] = 2
    ranks: Annotated[
        tuple[TierRank, ...], Words('an array of tier rows such as { tier = 1, adventurer = "Veteran" }')
    ] = ()


_FRACTION = re.compile(r"\s*-?\d+\s*(/\s*[1-9]\d*\s*)?")
FRACTION_WORDS = 'a target or multiplier: a whole number or a fraction in quotes such as "1/2"'
TierValue = Annotated[Fraction, Check(FRACTION_WORDS, lambda v: True)]
TierTables = dict[
    Annotated[
        str,
        Check("a table name of lower case letters, digits and _", lambda k: bool(re.match(r"^[a-z][a-z0-9_]*$", k))),
    ],
    tuple[TierValue, ...],
]


def fraction(value: object) -> Fraction:
    """A whole number, or a fraction written in quotes ("1/10"); anything else is refused."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.fullmatch(value):
        return Fraction(value.replace(" ", ""))
    raise ValueError(value)


@record
class TurnUnholyResult:
    """What a failed save against Turn Unholy does at one tier difference."""

    id: Id
    name: str
    rounds: Dice | None = None
    damage_die: Sides | None = None
    description: AnyText = ""


@record
class TurnUnholy:
    """Turn Unholy: the victims' save, the results by difference, and intelligent foes' edge."""

    save: SaveName
    results: Annotated[
        tuple[TurnUnholyResult, ...],
        Words('an array of results such as { id = "flee", name = "Flee", rounds = "2d4" }'),
    ]
    intelligent_modifier: int = 0
    intelligent_destroyed: bool = True
