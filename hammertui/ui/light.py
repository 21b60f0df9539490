"""The Light & time pane: every source, who carries it, and how long it has left."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.rules.light import LOW_AT
from hammertui.session.state import LightSource
from hammertui.ui.table import selected_key, sync_rows
from hammertui.ui.view import View

BAR_WIDTH = 12


class LightPane(Vertical):
    """Light sources as burning bars; the row under the cursor is the one light keys act on."""

    view: reactive[View | None] = reactive(None)

    def compose(self) -> ComposeResult:
        table: DataTable = DataTable(id="light-table", cursor_type="row")
        table.add_columns("Source", "Carrier", "Left", "")
        yield table

    def on_mount(self) -> None:
        self.border_title = "Light & time"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        table = self.query_one(DataTable)
        sync_rows(table, [(s.id, self._cells(view, s)) for s in view.state.lights])
        lit = sum(s.lit for s in view.state.lights)
        self.border_subtitle = "DARK" if view.state.is_dark else f"{lit} lit"

    def _cells(self, view: View, source: LightSource) -> list[str | Text]:
        definition = view.ruleset.light_sources.get(source.kind)
        name = definition.name if definition else source.kind
        full = max((definition.duration if definition else None) or source.remaining, source.remaining, 1)
        carrier = _carrier_name(view, source.carrier)
        left = view.ruleset.time.label(source.remaining)
        return [
            Text(("* " if source.lit else "  ") + name, style="bold" if source.lit else "dim"),
            Text(carrier, no_wrap=True, overflow="ellipsis"),
            left,
            burn_bar(source.remaining, full, source.lit),
        ]

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _carrier_name(view: View, carrier: str) -> str:
    for member in view.state.party:
        if member.id == carrier:
            return member.name
    return "(set down)"


def burn_bar(remaining: int, full: int, lit: bool) -> Text:
    """A bar of what is left: green while plenty, yellow past half, red when about to go out."""
    filled = round(BAR_WIDTH * remaining / full)
    if not lit:
        colour = "grey50"
    elif remaining <= LOW_AT:
        colour = "bold red"
    elif remaining * 2 <= full:
        colour = "yellow"
    else:
        colour = "green"
    bar = Text("█" * filled, style=colour)
    bar.append("░" * (BAR_WIDTH - filled), style="grey30")
    return bar
