"""What the pile, graveyard and hirelings screens share: a table over the dashboard that follows the
session as it changes, a line for when it is empty, and Escape to go back to the dashboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command, Commanded, key
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.table import Row, RowTable, add_plain_columns, selected_key, sync_rows
from hammertui.kernel.ui.view import View

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer

NARROWEST = 76
"""The room inside the box on an 80-column terminal; column widths are planned for at least this."""


def widest(title: str, cells: Sequence[str]) -> int:
    """How wide a column of plain cells is: its widest cell, or its title."""
    return max([len(title), *(len(cell) for cell in cells)])


class ListingScreen(Commanded, ModalScreen[None]):
    """A modal table of one part of the session, redrawn whenever the app hands out a new View.

    Subclasses name their columns and rows; every change goes through `HammerApp.perform`, so the
    store logs, saves and refuses exactly as it does for the dashboard's own keys.
    """

    CSS_PATH = STYLES

    COMMAND_LIST: ClassVar[tuple[Command[Any], ...]] = (key("escape", "listing.close", "close", "Close"),)

    COLUMNS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        super().__init__()
        self._room = NARROWEST

    def compose(self) -> ComposeResult:
        with Vertical(classes="listing") as box:
            box.border_title = self.TITLE
            yield RowTable(cursor_type="row", zebra_stripes=True, cursor_foreground_priority="renderable")
            yield Static(classes="listing-empty", markup=False)
            yield from self.compose_below()
        yield KeysFooter()

    def compose_below(self) -> ComposeResult:
        """Anything a screen shows under its table."""
        yield from ()

    def on_mount(self) -> None:
        if self.hammer.view is not None:
            add_plain_columns(self.table, *self.columns(self.hammer.view))
        self.watch(self.app, "view", self._redraw)

    def on_resize(self, event: Resize) -> None:
        """A wider box gives the text columns more room: rebuild the table at the new width."""
        room = max(NARROWEST, self.query_one(".listing").content_size.width)
        view = self.hammer.view
        if room == self._room or view is None:
            return
        self._room = room
        table = self.table
        selected = selected_key(table)
        table.clear(columns=True)
        add_plain_columns(table, *self.columns(view))
        self._redraw(view)
        if selected is not None and selected in table.rows:
            table.move_cursor(row=table.get_row_index(selected))

    def widths(self, fixed: int, columns: Sequence[tuple[int, Sequence[str]]]) -> list[int]:
        """Widths for the text columns, each given as (least width, its texts), in the room left.

        `fixed` is what the other columns take (every column also has a cell of padding each side).
        Each column gets what its longest text needs up to its least width; the room left over
        goes a character at a time to the columns whose texts are still cut.
        """
        wants = [max((len(text) for text in texts), default=0) for _, texts in columns]
        sizes = [min(want, least) for want, (least, _) in zip(wants, columns, strict=True)]
        spare = self._room - fixed - sum(sizes) - 2 * len(self.table.columns)
        while spare > 0 and any(size < want for size, want in zip(sizes, wants, strict=True)):
            for i, want in enumerate(wants):
                if spare > 0 and sizes[i] < want:
                    sizes[i] += 1
                    spare -= 1
        return sizes

    @property
    def hammer(self) -> Hammer:
        return cast("Hammer", self.app)

    @property
    def table(self) -> DataTable[Any]:
        return self.query_one(DataTable)

    @property
    def selected_id(self) -> str | None:
        """The key of the highlighted row: a character or hireling id; None while the screen has no
        table (the footer asks before it has composed and as it closes)."""
        table = self.query_one_optional(DataTable)
        return selected_key(table) if table is not None else None

    def _redraw(self, view: View | None) -> None:
        if view is None:
            return
        table = self.table
        rows = self.rows(view)
        was_empty = not table.row_count
        keep_place(table, rows)
        table.display = bool(rows)
        empty = self.query_one(".listing-empty", Static)
        empty.display = not rows
        if not rows:
            empty.update(self.empty_text(view))
        elif self.focused is None:
            table.focus()
        box = self.query_one(".listing")
        plain.subtitle(box, self.subtitle(view))
        self.redraw_below(view)
        if was_empty != (not rows):
            self.refresh_bindings()

    def columns(self, view: View) -> tuple[str, ...]:
        return self.COLUMNS

    def rows(self, view: View) -> list[Row]:
        """One keyed row per thing listed, in the order shown."""
        raise NotImplementedError

    def empty_text(self, view: View) -> Text | str:
        """What to say, and what to press, when there is nothing to list."""
        return "Nothing here."

    def subtitle(self, view: View) -> str:
        return ""

    def redraw_below(self, view: View) -> None:
        """Bring whatever `compose_below` made up to date with the view."""

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.hammer.view is not None:
            self.redraw_below(self.hammer.view)

    def action_close(self) -> None:
        self.dismiss(None)


def has_row(screen: ListingScreen) -> bool | None:
    """What a key acting on the highlighted row asks: it stays in the footer, greyed out, while there
    is no row to act on."""
    table = screen.query_one_optional(DataTable)
    return None if table is not None and not table.row_count else True


def keep_place(table: DataTable[Any], rows: list[Row]) -> None:
    """Sync the rows; when the highlighted row has just gone, highlight the one that took its place."""
    gone = selected_key(table)
    place = table.cursor_row
    sync_rows(table, rows)
    if gone is not None and rows and gone not in {key for key, _ in rows}:
        table.move_cursor(row=min(place, len(rows) - 1))
