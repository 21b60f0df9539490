"""The Party pane: who is in the party and how they are holding up."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.session.state import Character
from hammertui.ui.table import selected_key, sync_rows
from hammertui.ui.view import View

COLUMNS = ("Name", "Class", "Lv", "HP", "AC", "XP", "Status")


class PartyPane(Vertical):
    """The roster at a glance; the row under the cursor is the character damage and healing go to."""

    view: reactive[View | None] = reactive(None)

    def compose(self) -> ComposeResult:
        table: DataTable = DataTable(id="party-table", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table

    def on_mount(self) -> None:
        self.border_title = "Party"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        table = self.query_one(DataTable)
        sync_rows(table, [(m.id, self._cells(view, m)) for m in view.state.party])
        alive = sum(m.alive for m in view.state.party)
        self.border_subtitle = f"{alive} standing" if alive == len(view.state.party) else f"{alive} of {len(view.state.party)} alive"

    def _cells(self, view: View, member: Character) -> list[str | Text]:
        cls = view.ruleset.classes.get(member.class_id)
        hp = f"{member.hp}/{member.max_hp}" + (f"+{member.temp_hp}" if member.temp_hp else "")
        status = member.status if member.con == member.con_max else f"{member.status} CON {member.con}"
        return [
            Text(member.name, no_wrap=True, overflow="ellipsis"),
            cls.short_name if cls else member.class_id,
            str(member.level),
            Text(hp, style="bold red" if member.hp == 0 else ""),
            str(member.ac),
            str(member.xp),
            Text(status, style=_status_style(member.status)),
        ]

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _status_style(status: str) -> str:
    return {"down": "bold yellow", "dying": "bold red", "dead": "dim strike"}.get(status, "")
