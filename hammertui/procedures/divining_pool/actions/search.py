"""Searching for hidden secrets: the time the searchers spend and the 'Smith's roll.

The odds and the roll are the rules' (`rules.search`); here the search costs its time like any
other (every lit source burns), and the log keeps the roll so the 'Smith can read it back.
"""

from __future__ import annotations

from typing import ClassVar

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.actions import Context, Refused, Result, note, spend_time
from hammertui.kernel.session.procedures import camp_under_way, fight_under_way
from hammertui.kernel.session.state import State
from hammertui.procedures.divining_pool.rules import search as rules
from hammertui.procedures.divining_pool.state import exploring


def most_searchers(state: State) -> int:
    """Everyone standing can search: the living characters and their hirelings."""
    return len(state.living) + len(state.hirelings)


@record
class Search:
    """`searchers` search one area together for `units` turns (Beats); the 'Smith rolls in secret."""

    label: ClassVar[str] = "search"
    searchers: int
    units: int
    where: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        _idle(state)
        most = most_searchers(state)
        if not 1 <= self.searchers <= most:
            raise Refused(f"1 to {most} can search, not {self.searchers}")
        if self.units < 1:
            raise Refused(f"a search takes at least 1 {ctx.ruleset.time.unit}")
        result = rules.search(ctx.ruleset, ctx.dice, self.searchers, self.units)
        state, burnt = spend_time(state, self.units, ctx, self)
        return state, [note(self, _line(ctx, self, result), tuple(r.describe() for r in result.rolls)), *burnt]


def _idle(state: State) -> None:
    if exploring(state) is not None:
        raise Refused("an Explore is under way: finish it (e) first")
    if camp_under_way(state):
        raise Refused("the party is camping: finish the camp (c) first")
    if fight_under_way(state):
        raise Refused("a fight is on: end it (F, then x) first")


def _line(ctx: Context, search: Search, result: rules.SearchResult) -> str:
    """`2 search the altar for 2 turns: 4 in 6 (67%); found, if anything is there.`"""
    where = f" {search.where.strip()}" if search.where.strip() else ""
    who = f"{search.searchers} search{where}" if search.searchers > 1 else f"1 searches{where}"
    odds = f"{who} for {ctx.ruleset.time.label(search.units)}: {result.chance.describe()}"
    if result.found:
        return f"{odds}; found, if anything is there."
    return f"{odds}; nothing found."
