"""Keeping a DataTable in step with the state without losing the 'Smith's place in it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from hammertui.kernel.ui.commands import Commanded, key

Row = tuple[str, Sequence[str | Text]]


class RowTable(Commanded, DataTable[Any]):
    """A table read a row at a time: Home and End go to the first and the last row (a plain
    DataTable moves them across columns, which a row cursor does not have)."""

    COMMAND_LIST = (
        key("home", "", "scroll_top", "First row", show=False),
        key("end", "", "scroll_bottom", "Last row", show=False),
    )

    def update_cell(self, *args: Any, **kwargs: Any) -> None:
        """A DataTable keys each cell, row and line it has drawn by its count of updates, which a
        changed cell moves on, so what it drew before is never asked for again; left in its caches
        (thousands of entries) it would hold a few KB for each action of an evening. They are
        emptied here, as a DataTable empties them itself when rows come or go."""
        super().update_cell(*args, **kwargs)
        self._clear_caches()


def sync_rows(table: DataTable[Any], rows: Sequence[Row], rebuild: bool = False) -> None:
    """Update only the cells that changed when the rows are the same; otherwise rebuild, keeping the
    cursor's row. A cell given as a string is its text as it reads (a DataTable reads markup in one)."""
    rows = [(key, [Text(cell) if isinstance(cell, str) else cell for cell in cells]) for key, cells in rows]
    keys = [key for key, _ in rows]
    current = [row_key.value for row_key in table.rows]
    columns = list(table.columns)
    if keys == current and not rebuild:
        for key, cells in rows:
            shown = table.get_row(key)
            for column, old, cell in zip(columns, shown, cells, strict=False):
                if not _same(old, cell):
                    table.update_cell(key, column, cell, update_width=True)
        return
    selected = selected_key(table)
    table.clear()
    for key, cells in rows:
        table.add_row(*cells, key=key)
    if selected in keys:
        table.move_cursor(row=keys.index(selected))


def _same(old: object, new: object) -> bool:
    """Equal text and equal styling: only a real change costs a repaint."""
    if isinstance(old, Text) and isinstance(new, Text):
        return old.plain == new.plain and old.style == new.style and old.spans == new.spans
    return old == new


def add_plain_columns(table: DataTable[Any], *labels: str) -> None:
    """Columns titled with their words as they are: a DataTable reads a title given as a string as
    markup, emoji codes and all (a ruleset's unit in brackets would vanish)."""
    table.add_columns(*(Text(label) for label in labels))


def clipped(text: str, width: int, style: str = "") -> Text:
    """A cell that never wraps: user-typed text as Text (never parsed as markup), cut with an ellipsis."""
    cell = Text(text, style=style, no_wrap=True, overflow="ellipsis")
    cell.truncate(width, overflow="ellipsis")
    return cell


def selected_key(table: DataTable[Any]) -> str | None:
    """The key of the row under the cursor, if there is one."""
    if not table.row_count:
        return None
    row = min(table.cursor_row, table.row_count - 1)
    return table.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
