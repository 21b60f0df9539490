"""`[advancement]` and `[hit_points]`: levels and XP, the 'Smith's awards, Hit Points by level."""

from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Level,
    Problem,
    Unique,
    Words,
    between,
    one_of,
    section_check,
)

FIRST_LEVEL_HP = ("max_hit_die", "roll_hit_die")
LEVEL_UP_HP = {
    "reroll_all": "reroll every Hit Die, CON mod once; a total below the old maximum gives the old + 1",
    "reroll_all_con_each": "reroll every Hit Die, CON mod on each; a total not above the old maximum gives the old + 1",
    "plus_one_and_death_save": "+1, and as much again as the Death save bonus rises",
}
"""Each way the code can raise Hit Points on levelling, in words for the sheet and the log."""


@record
class AdHocAward:
    """One of the 'Smith's quick XP awards: so much for a moment of the kind the text names."""

    xp: Annotated[int, between(1, None, "an XP award")]
    name: str


@record
class Advancement:
    """Levels and XP: next level needs next level x `xp_per_next_level` (or `xp_table`)."""

    max_level: Level
    xp_per_next_level: Annotated[int, between(0)] = 0
    xp_table: tuple[Annotated[int, between(0, None, "an XP total")], ...] = ()
    xp_resets: bool = True
    coins_per_xp: Annotated[int, between(0)] = 0
    ad_hoc: Annotated[tuple[AdHocAward, ...], Words('an array of awards such as { xp = 1, name = "Pretty cool" }')] = ()

    def xp_for_next(self, level: int) -> int | None:
        if level >= self.max_level:
            return None
        if self.xp_table:
            return self.xp_table[level - 1] if level - 1 < len(self.xp_table) else None
        return (level + 1) * self.xp_per_next_level


@section_check(Advancement)
def _xp_is_given(advancement: Advancement) -> Iterator[Problem]:
    if not advancement.xp_per_next_level and not advancement.xp_table:
        yield Problem("expected xp_per_next_level or xp_table")


@record
class HitPointRules:
    """First-level HP (`max_hit_die` or `roll_hit_die`) + CON mod, and how levelling changes them."""

    first_level: Annotated[str, one_of(FIRST_LEVEL_HP)] = "max_hit_die"
    minimum: Annotated[int, between(0)] = 1
    level_up: Annotated[str, one_of(tuple(LEVEL_UP_HP))] = "reroll_all"
    level_up_alternatives: Annotated[tuple[Annotated[str, one_of(tuple(LEVEL_UP_HP))], ...], Unique()] = ()

    @property
    def level_up_choices(self) -> tuple[str, ...]:
        """The levelling rules a session may play: the ruleset's own first, then the others its
        text allows."""
        return (self.level_up, *(m for m in self.level_up_alternatives if m != self.level_up))
