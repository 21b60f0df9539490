"""`[light_levels]`: light counted in characters, not time. Each source lights some characters and
dims some more; the exploration die, not the clock, spends it; each level of light tilts the rolls
made in it, allows or forbids some, and sets the range at which one can be shot at. The table's
surprise chances are the exploration die's (`[exploration_die.surprise]`): it rolls surprise."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import Keyed, Problem, between, one_of, section_check, show

LEVELS = ("lit", "dim", "dark")
"""The light a character can be in, brightest first."""

ROLL_KINDS = ("skill", "stealth", "attack", "save", "pursuit", "listen", "guts", "other")
"""What a roll is, as light sees it: `listen` is testing Wisdom to listen, `guts` a hireling's nerve,
`other` any roll not named."""

SPENT_BY = ("torches_depleted", "lantern_pip")
"""The exploration die's results that spend light: a torch or candle is used up, a lantern marks a pip."""

MISSILES = ("none", "close", "any")
"""At what range someone in a level of light can be targeted by missile weapons."""

Modifier = Annotated[int, between(-3, 3, "a net number of modifier dice")]


@record
class LevelSource:
    """A light source: how many characters it lights, how many more it dims, what spends it, and
    the carried supply a fresh one is drawn from (a Torches usage die) where the characters keep one."""

    kind: str
    name: str
    spent_by: Annotated[str, one_of(SPENT_BY)]
    lights: Annotated[int, between(0, None, "a number of characters")] = 0
    dims: Annotated[int, between(0, None, "a number of characters")] = 0
    supply: str = ""


@record
class LevelEffect:
    """One row of the light effects table: rolls not allowed, modifier dice by roll kind (negative
    = Disadvantage; `other` for a kind not named) and the missile range."""

    missiles: Annotated[str, one_of(MISSILES)]
    forbidden: tuple[Annotated[str, one_of(ROLL_KINDS)], ...] = ()
    modifiers: dict[Annotated[str, one_of(ROLL_KINDS)], Modifier] = attrs.field(factory=dict)


@record
class LightLevels:
    """The sources, what a flask of oil holds, what the party starts with, and each level's effects;
    `oil` is the carried supply a lantern is refilled from where the characters keep one (an Oil
    usage die), else each carrier's flasks are counted here."""

    sources: Annotated[dict[str, LevelSource], Keyed("light source", "kind")]
    flask_pips: Annotated[int, between(1, None, "a number of pips")]
    start: str
    lit: LevelEffect
    dim: LevelEffect
    dark: LevelEffect
    oil: str = ""

    def effect(self, level: str) -> LevelEffect:
        """The table's row for a level of light."""
        return {"lit": self.lit, "dim": self.dim, "dark": self.dark}[level]


@section_check(LightLevels)
def _start_is_a_source(rules: LightLevels) -> Iterator[Problem]:
    if rules.start not in rules.sources:
        listed = ", ".join(rules.sources) or "none are defined"
        yield Problem(f"expected one of the light sources ({listed}), got {show(rules.start)}", ("start",))


SECTIONS = {"light_levels": LightLevels}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
