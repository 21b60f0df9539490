"""The Light & time pane: every source, who carries it, and how long it has left."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.rules.light import bar_level
from hammertui.session.state import LightSource
from hammertui.ui.table import selected_key, sync_rows
from hammertui.ui.view import View

BAR_WIDTH = 6
BAR_COLOURS = {
    "full": "#43a047",
    "ok": "#43a047",
    "low": "#fdd835",
    "last": "bold #e53935",
    "out": "bold #e53935",
    "unlit": "#6b6b6b",
}
"""A colour for each of the rules' urgency levels (`bar_level`), and grey for a source not lit."""


class LightPane(Vertical):
    """Light sources as burning bars; the row under the cursor is the one light keys act on."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        yield DataTable(id="light-table", cursor_type="row", cursor_foreground_priority="renderable")

    def on_mount(self) -> None:
        self.border_title = "Light & time"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        table = self.query_one(DataTable)
        if not table.columns:
            table.add_columns("Source", "Carrier", f"{view.ruleset.time.unit_plural.capitalize()} left")
        sync_rows(table, [(s.id, self._cells(view, s)) for s in view.state.lights])
        lit = sum(s.lit for s in view.state.lights)
        subtitle = "DARK" if view.state.is_dark else f"{lit} lit"
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle

    def _cells(self, view: View, source: LightSource) -> list[str | Text]:
        definition = view.ruleset.light_sources.get(source.kind)
        name = definition.name if definition else source.kind
        full = max((definition.duration if definition else None) or source.remaining, source.remaining, 1)
        bar = burn_bar(source.remaining, full, source.lit)
        bar.append(f" {source.remaining}")
        return [
            Text(("*" if source.lit else " ") + name, style="bold" if source.lit else "dim"),
            Text(_carrier_name(view, source.carrier), no_wrap=True, overflow="ellipsis"),
            bar,
        ]

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _carrier_name(view: View, carrier: str) -> str:
    for member in view.state.party:
        if member.id == carrier:
            return member.name.split()[0] if member.name.strip() else "?"
    return "(set down)"


def burn_bar(remaining: int, full: int, lit: bool) -> Text:
    """A bar of what is left: green while plenty, yellow past half, red when about to go out."""
    filled = round(BAR_WIDTH * remaining / full)
    colour = BAR_COLOURS[bar_level(remaining, full) if lit else "unlit"]
    bar = Text()
    bar.append("█" * filled, style=colour)
    bar.append("░" * (BAR_WIDTH - filled), style="#3a3a3a")
    return bar
