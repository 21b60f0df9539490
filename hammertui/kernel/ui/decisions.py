"""The Rules screen: every decision the ruleset takes where its text is silent or contradicts itself,
each beside the words it interprets, so the table can settle an argument without the book."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from hammertui.kernel.ruleset import Decision
from hammertui.kernel.ui.listing import ListingScreen, widest
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View

LEAST_TEXT = 40
"""The decision column's least width, to fit 80 columns; the full ruling shows below."""

SCROLLBAR = 2
"""The table always scrolls here: more rulings than rows."""


class RulesScreen(ListingScreen):
    """The decisions in a table; the highlighted one in full below, with its quote and source."""

    TITLE = "Rules: the decisions in force"
    COLUMNS = ("Ruling", "Decided")

    def compose_below(self) -> ComposeResult:
        with VerticalScroll(id="ruling-box"):
            yield Static(id="ruling", markup=False)

    def rows(self, view: View) -> list[Row]:
        decisions = view.ruleset.decisions
        titles = [d.title for d in decisions.values()]
        (width,) = self.widths(
            widest("Ruling", titles) + SCROLLBAR, [(LEAST_TEXT, [d.text for d in decisions.values()])]
        )
        return [(topic, [Text(d.title, style="bold"), clipped(d.text, width)]) for topic, d in decisions.items()]

    def empty_text(self, view: View) -> Text:
        return Text(
            f"{view.ruleset.name} takes no decisions of its own: its text is followed as written.", style="italic"
        )

    def subtitle(self, view: View) -> str:
        return view.ruleset.name

    def redraw_below(self, view: View) -> None:
        chosen = view.ruleset.decisions.get(self.selected_id or "")
        self.query_one("#ruling-box").display = chosen is not None
        if chosen is not None:
            self.query_one("#ruling", Static).update(ruling(chosen))


def ruling(decision: Decision) -> Text:
    """The text's words, where they are, and what the app does with them."""
    text = Text()
    text.append(decision.title + "\n", style="bold")
    if decision.quote:
        text.append(f"\u201c{decision.quote}\u201d", style="italic")
        text.append(f"\n    {decision.source}\n" if decision.source else "\n", style="dim")
    text.append("Decided: ", style="bold")
    text.append(decision.text)
    return text
