"""Searching for hidden secrets: the odds the searchers buy with their time, and the 'Smith's roll.

Each searcher adds 1 in 6 per turn (Beat) spent, and the efforts of searchers working together add
up: two searching two turns have 4 in 6. At 6 in 6 or more the secret is found when the time is
up, with no roll. The roll is the 'Smith's, in secret: found when the die shows the chance or less.
A find means only that a secret would be found; whether one is there is the 'Smith's to say.
"""

from __future__ import annotations

import attrs

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.schema.exploring import SearchRules


@record
class SearchChance:
    """The odds of a search: `chance` in `out_of`, capped at certain."""

    searchers: int
    units: int
    chance: int
    out_of: int

    @property
    def certain(self) -> bool:
        return self.chance >= self.out_of

    @property
    def percent(self) -> int:
        """The chance as a whole percentage, rounded to the nearest (1 in 6 is 17%)."""
        return round(100 * min(self.chance, self.out_of) / self.out_of)

    @property
    def text(self) -> str:
        """`4 in 6`; a certain search reads `6 in 6` whatever it summed to."""
        return f"{min(self.chance, self.out_of)} in {self.out_of}"

    def describe(self) -> str:
        return f"{self.text} ({'certain' if self.certain else f'{self.percent}%'})"


@record
class SearchResult:
    """A search made: the odds, the 'Smith's roll (none when certain), and whether it finds."""

    chance: SearchChance
    roll: Roll | None
    found: bool

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.roll,) if self.roll else ()

    @property
    def units(self) -> int:
        """The clock time the search takes: the searchers work side by side for its length."""
        return self.chance.units

    @property
    def line(self) -> str:
        shown = f"{self.roll.describe()}, " if self.roll else ""
        return f"search {self.chance.describe()}: {shown}{'found' if self.found else 'nothing found'}"


def search_rules(ruleset: Ruleset) -> SearchRules:
    return ruleset.search or SearchRules()


def search_chance(ruleset: Ruleset, searchers: int, units: int) -> SearchChance:
    """Searchers x units spent x the ruleset's per-searcher chance, out of its die."""
    if searchers < 1:
        raise ValueError("a search needs at least one searcher")
    if units < 1:
        raise ValueError("a search takes at least one unit of time")
    rules = search_rules(ruleset)
    return SearchChance(searchers, units, searchers * units * rules.per_searcher, rules.out_of)


def search(ruleset: Ruleset, source: DiceSource, searchers: int, units: int) -> SearchResult:
    """The 'Smith's secret roll: found when the die shows the chance or less; certain needs no roll."""
    chance = search_chance(ruleset, searchers, units)
    if chance.certain:
        return SearchResult(chance, None, True)
    thrown = roll(source, DiceExpr(1, chance.out_of))
    thrown = attrs.evolve(thrown, label=f"search {thrown.label}")
    return SearchResult(chance, thrown, thrown.total <= chance.chance)
