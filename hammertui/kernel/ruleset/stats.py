"""`[stats]` and `[saves]`: stat names, how they are rolled, the modifier table; the saves."""

from collections.abc import Iterator
from typing import Annotated

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    FROM_WORDS,
    Dice,
    Problem,
    SaveName,
    StatName,
    Unique,
    Words,
    between,
    check_range,
    length,
    nonempty,
    one_of,
    ranged,
    section_check,
    show,
)

STAT_METHODS = ("prime_first", "in_order")
THREE_D6 = (3, 18)
"""The scores 3d6 gives, the scale of a ruleset that names no other (`[stats] range`)."""
ROLES = {"constitution": "CON", "strength": "STR", "dexterity": "DEX", "intelligence": "INT", "wisdom": "WIS"}
"""What a rule reads one particular stat for, by the complete rules' stat that plays it: the
constitution lost at 0 HP and adding to Hit Points, the strength that carries, the dexterity of an
unarmoured Armour Class, the intelligence of skills, the wisdom that listens. A ruleset that names
its stats otherwise says which of its own plays each (`[stats] roles`)."""
Role = Annotated[str, one_of(tuple(ROLES))]


@record
class StatRolling:
    """How stats are rolled: `count` throws of `dice`, placed by `method`."""

    dice: Dice = "3d6"
    count: Annotated[int, between(1, 20, "a number of rolls")] = 6
    method: Annotated[str, one_of(STAT_METHODS)] = "prime_first"


@ranged
@record
class StatModifier:
    """One row of the stat-modifier table: scores `low`..`high` give `mod`."""

    low: Annotated[int, FROM_WORDS]
    high: int
    mod: int


section_check(StatModifier)(check_range)


@record
class StatRules:
    """`[stats]`: the stats in order, their full names, the scores a stat may hold, the rolling and
    the modifier table."""

    names: Annotated[tuple[StatName, ...], nonempty("an array of stat names"), Unique()]
    full_names: dict[str, str] = attrs.field(factory=dict)
    range: Annotated[tuple[int, ...], length(2, "an array of the lowest and highest score, such as [3, 18]")] = THREE_D6
    """The lowest and the highest score a stat may hold: 3d6's by default, a ruleset's own scale
    where it rates abilities otherwise (1 to 6); a save holding a score beyond it is refused."""
    rolling: StatRolling = StatRolling()
    modifiers: Annotated[
        tuple[StatModifier, ...], Words("an array of rows such as { from = 9, to = 12, mod = 0 }")
    ] = ()
    roles: Annotated[dict[Role, StatName], Words('a table such as { constitution = "CON" }')] = attrs.field(
        factory=dict
    )

    @property
    def lowest(self) -> int:
        return self.range[0]

    @property
    def highest(self) -> int:
        return self.range[1]

    def role(self, role: str) -> str:
        """The stat that plays `role`: the one the ruleset gives, else the complete rules' own."""
        return self.roles.get(role, ROLES[role])


@section_check(StatRules)
def _stats_fit_together(stats: StatRules) -> Iterator[Problem]:
    if stats.rolling.count < len(stats.names):
        yield Problem(
            f"expected at least one roll per stat ({len(stats.names)}), got {stats.rolling.count}",
            ("rolling", "count"),
        )
    if stats.lowest > stats.highest:
        yield Problem(
            f"expected the lowest score first, no higher than the highest, got {stats.lowest} then {stats.highest}",
            ("range",),
        )
    rows = sorted(stats.modifiers, key=lambda m: m.low)
    for before, after in zip(rows, rows[1:], strict=False):
        if after.low != before.high + 1:
            yield Problem(
                f"expected rows that follow on without gaps or overlaps, got {before.low}-{before.high}"
                f" then {after.low}-{after.high}",
                ("modifiers",),
            )
    for key in stats.full_names:
        if key not in stats.names:
            yield Problem(f"expected one of the stats {', '.join(stats.names)}", ("full_names", key))
    for role, stat in stats.roles.items():
        if stat not in stats.names:
            yield Problem(f"expected one of the stats {', '.join(stats.names)}, got {show(stat)}", ("roles", role))


@record
class SaveRules:
    """`[saves]`: the save names, the stat each adds, and the level divisor of each quality."""

    names: Annotated[tuple[SaveName, ...], nonempty("an array of save names"), Unique()]
    qualities: Annotated[
        dict[str, Annotated[int, between(1, None, "a level divisor")]],
        Words("a table such as { good = 1, okay = 2, bad = 3 }"),
    ]
    stats: dict[str, StatName] = attrs.field(factory=dict)
