"""Treasure brought back under the Russell House Rules: each haul, its worth in coins and the XP it
gave each of those standing, newest first, with the totals below.

"such treasure is worth 1 XP per Standard Coin of value", once "physically returned to a relatively
civilized area": the record is of what was brought back, not of what the party carries (no
Lootkeeper, no selling: those are HAMMERCRAWL!'s).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from hammertui.kernel.ui.listing import ListingScreen, widest
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View
from hammertui.procedures.russell_characters.state import Haul, people

COLUMNS = ("Turn", "What", "Coins", "XP each", "Shared by")
TEXT_COLUMNS = (20, 24)
"""Least widths of What and Shared by, to fit 80 columns beside the numbers in full."""


class TreasureScreen(ListingScreen):
    """The hauls in a table, the totals below."""

    TITLE = "Treasure brought back"
    COLUMNS = COLUMNS

    def compose_below(self) -> ComposeResult:
        yield Static(id="treasure-totals", markup=False)

    def rows(self, view: View) -> list[Row]:
        hauls = list(reversed(people(view.state).brought_back))
        turns = [str(h.turn) for h in hauls]
        coins = [str(h.coins) for h in hauls]
        each = [str(h.each) for h in hauls]
        fixed = widest("Turn", turns) + widest("Coins", coins) + widest("XP each", each)
        names = [", ".join(h.shared_by) for h in hauls]
        what, shared = self.widths(fixed, list(zip(TEXT_COLUMNS, ([h.what for h in hauls], names), strict=True)))
        return [(str(i), _cells(h, what, shared)) for i, h in zip(range(len(hauls), 0, -1), hauls, strict=True)]

    def empty_text(self, view: View) -> Text:
        return Text(
            "Nothing brought back yet: x writes down a treasure brought back and shares its XP.", style="italic"
        )

    def redraw_below(self, view: View) -> None:
        self.query_one("#treasure-totals", Static).update(totals_text(people(view.state).brought_back))


def _cells(haul: Haul, what: int, shared: int) -> list[str | Text]:
    return [
        str(haul.turn),
        clipped(haul.what, what),
        str(haul.coins),
        str(haul.each),
        clipped(", ".join(haul.shared_by), shared),
    ]


def totals_text(hauls: tuple[Haul, ...]) -> Text:
    """`3 hauls · 1,250 coins`."""
    if not hauls:
        return Text("")
    coins = sum(h.coins for h in hauls)
    return Text(f"{len(hauls)} haul{'s' * (len(hauls) != 1)} · {coins:,} coins, 1 XP a coin", style="bold")
