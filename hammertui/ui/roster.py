"""The Party pane: who is in the party and how they are holding up."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.session.state import Character
from hammertui.ui.table import RowTable, clipped, selected_key, sync_rows
from hammertui.ui.view import View

COLUMNS = ("Name", "Class Lv", "HP", "AC", "XP", "Status")
OTHER_COLUMNS_WIDTH = 36
"""Room the columns after Name need, padding included; Name gets what is left of the pane."""

STATUS = {
    ("ok", ""): ("", ""),
    ("down", ""): ("Dying", "bold #e53935"),
    ("down", "fight_on"): ("Fighting on", "bold #e53935"),
    ("down", "lay_down"): ("Down", "bold #fdd835"),
    ("dead", ""): ("Dead", "dim strike"),
}
"""(status, stance) -> what the roster says and how loudly. At 0 HP the choice made matters."""


class PartyPane(Vertical):
    """The roster at a glance; the row under the cursor is the character damage and healing go to."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        table = RowTable(id="party-table", cursor_type="row", cursor_foreground_priority="renderable", zebra_stripes=True)
        table.add_columns(*COLUMNS)
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
        table = self.query_one(DataTable)
        width = max(8, self.content_size.width - OTHER_COLUMNS_WIDTH)
        sync_rows(table, [(m.id, _cells(view, m, width)) for m in view.state.party], rebuild)
        subtitle = _subtitle(view)
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _subtitle(view: View) -> str:
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


def _cells(view: View, member: Character, name_width: int) -> list[str | Text]:
    cls = view.ruleset.classes.get(member.class_id)
    hp = f"{member.hp}/{member.max_hp}" + (f"+{member.temp_hp}" if member.temp_hp else "")
    words, style = STATUS.get((member.status, member.stance if member.status == "down" else ""), (member.status, ""))
    if not words and member.role:
        words, style = member.role, "dim"
    if member.con < member.con_max and member.alive:
        words = f"{words} CON {member.con}".strip()
    return [
        clipped(member.name, name_width, "dim strike" if not member.alive else ""),
        f"{cls.short_name if cls else member.class_id} {member.level}",
        Text(hp, style="bold #e53935" if member.hp == 0 and member.alive else ""),
        str(member.ac),
        str(member.xp),
        Text(words, style=style),
    ]
