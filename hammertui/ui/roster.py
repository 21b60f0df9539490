"""The Party pane: who is in the party and how they are holding up."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.session.state import Character
from hammertui.ui.table import selected_key, sync_rows
from hammertui.ui.view import View

COLUMNS = ("Name", "Class Lv", "HP", "AC", "XP", "Status")
OTHER_COLUMNS_WIDTH = 36
"""Room the columns after Name need, padding included; Name gets what is left of the pane."""

STATUS_STYLE = {"down": "bold #fdd835", "dying": "bold #e53935", "dead": "dim strike"}


class PartyPane(Vertical):
    """The roster at a glance; the row under the cursor is the character damage and healing go to."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        table: DataTable = DataTable(id="party-table", cursor_type="row", cursor_foreground_priority="renderable", zebra_stripes=True)
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
        party = view.state.party
        alive = sum(m.alive for m in party)
        subtitle = f"{alive} standing" if alive == len(party) else f"{alive} of {len(party)} alive"
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _cells(view: View, member: Character, name_width: int) -> list[str | Text]:
    cls = view.ruleset.classes.get(member.class_id)
    hp = f"{member.hp}/{member.max_hp}" + (f"+{member.temp_hp}" if member.temp_hp else "")
    status = member.status if member.con == member.con_max else f"{member.status} CON{member.con}"
    name = Text(member.name, no_wrap=True, overflow="ellipsis")
    name.truncate(name_width, overflow="ellipsis")
    return [
        name,
        f"{cls.short_name if cls else member.class_id} {member.level}",
        Text(hp, style="bold #e53935" if member.hp == 0 else ""),
        str(member.ac),
        str(member.xp),
        Text(status, style=STATUS_STYLE.get(member.status, "")),
    ]
