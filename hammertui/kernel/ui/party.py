"""The Party pane's roster: who is in the party and how they are holding up, in the columns the
session's characters procedure keeps."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.kernel.rules.vitality import hp_band
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.table import RowTable, add_plain_columns, selected_key, sync_rows
from hammertui.kernel.ui.view import View

NAME_LEAST = 6
"""The narrowest a name is cut to (`Otto…`) so the Status column keeps `Dying` and `Dead` whole."""
HP_STYLE = {"full": "#43a047", "wounded": "#fdd835", "low": "bold #ef6c00", "zero": "bold #e53935"}
"""A colour for each of the rules' HP bands (`hp_band`): green, yellow, orange, red."""

STATUS = {
    ("ok", ""): ("", ""),
    ("down", ""): ("Dying", "bold #e53935"),
    ("down", "fight_on"): ("Fighting on", "bold #e53935"),
    ("down", "lay_down"): ("Down", "bold #fdd835"),
    ("dead", ""): ("Dead", "dim strike"),
}
"""(status, stance) -> what the roster says and how loudly. At 0 HP the choice made matters."""


class PartyPane(Vertical):
    """The roster at a glance; the row under the cursor is the character damage and healing go to.
    Each characters procedure's pane says its columns (`COLUMNS`) and a member's cells (`cells`)."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        table = RowTable(
            id="party-table", cursor_type="row", cursor_foreground_priority="renderable", zebra_stripes=True
        )
        add_plain_columns(table, *self.COLUMNS)
        yield table

    def on_mount(self) -> None:
        self.border_title = "Party"

    def on_resize(self, event: Resize) -> None:
        if self.view is not None:
            self._fill(self.view, rebuild=True)

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self._fill(view)

    def _fill(self, view: View, rebuild: bool = False) -> None:
        """The middle columns as wide as their numbers; Status next, whole where it can be; Name the rest."""
        table = self.query_one(DataTable)
        rows = [self.cells(view, m) for m in view.state.party]
        fit_ends(rows, self.COLUMNS, self.content_size.width)
        sync_rows(table, [(m.id, row) for m, row in zip(view.state.party, rows, strict=True)], rebuild)
        plain.subtitle(self, self.subtitle(view))

    def subtitle(self, view: View) -> str:
        """The line under the roster: who stands, who is down and how, in the rules' own words."""
        return subtitle(view)

    def cells(self, view: View, member: Character) -> list[Text]:
        """Every cell of a member's row, whole: `_fill` cuts the first and the last to the pane."""
        raise NotImplementedError

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def fit_ends(rows: list[list[Text]], columns: tuple[str, ...], width: int) -> None:
    """The middle columns as wide as their contents; the last whole where it can be; the first (the
    name) the rest, at least `NAME_LEAST`: both cut with an ellipsis to fit `width`."""
    widths = [
        max(len(title), *(len(row[i].plain) for row in rows)) if rows else len(title) for i, title in enumerate(columns)
    ]
    room = width - sum(widths[1:-1]) - 2 * len(columns)
    name_width = max(NAME_LEAST, min(widths[0], room - widths[-1]))
    last_width = max(1, room - name_width)
    for row in rows:
        for i, cut in ((0, name_width), (-1, last_width)):
            row[i].truncate(cut, overflow="ellipsis")


def subtitle(view: View) -> str:
    """`4 standing`, or `2 standing · 1 down · 1 dead`, then the pile and the graves."""
    party = view.state.party
    standing = sum(m.status == "ok" for m in party)
    parts = [f"{standing} standing"]
    down = sum(m.status == "down" for m in party)
    dead = sum(m.status == "dead" for m in party)
    if down:
        parts.append(f"{down} at 0 HP")
    if dead:
        parts.append(f"{dead} dead")
    if view.state.pile:
        parts.append(f"{len(view.state.pile)} in the pile")
    if view.state.graveyard:
        parts.append(f"{len(view.state.graveyard)} buried")
    return " · ".join(parts)


def hp_cell(member: Character) -> Text:
    """`5/9+2`, coloured by the rules' HP band; the dead's dimmed."""
    hp = f"{member.hp}/{member.max_hp}" + (f"+{member.temp_hp}" if member.temp_hp else "")
    return Text(hp, style=HP_STYLE[hp_band(member.hp, member.max_hp)] if member.alive else "dim")
