"""A character's sheet as the Russell House Rules keep it, on a screen of its own: level and XP with
what the next level needs, the attributes, HP, AC, skills, Tired pips, wounds, gear and coins.
Enter on the Party pane (or "Sheet: Darla" in the palette) opens it; it follows the session as it
changes, and Escape closes it."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Commanded, key
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View


class RussellSheetScreen(Commanded, ModalScreen[None]):
    """One character's sheet, redrawn whenever the session changes."""

    CSS_PATH = STYLES

    COMMAND_LIST = (key("escape", "sheet.close", "close", "Close"),)

    def __init__(self, character_id: str, sheet_lines: Callable[[View, str], list[str]]) -> None:
        """`sheet_lines` writes the sheet: the party pane's, which opens this screen."""
        super().__init__()
        self.character_id = character_id
        self._sheet_lines = sheet_lines
        self._box = VerticalScroll(id="sheet")
        self._lines = Static(id="sheet-left", markup=False)
        """Kept, not queried: a sheet closed as soon as opened may be drawn once more, its widgets gone."""

    def compose(self) -> ComposeResult:
        with self._box:
            yield self._lines
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "view", self._draw)

    def _draw(self, view: View | None) -> None:
        if view is None:
            return
        if self.character_id not in {m.id for m in view.state.party}:
            self.dismiss()
            return
        plain.title(self._box, f"Sheet: {view.state.character(self.character_id).name}")
        self._lines.update(Text("\n".join(self._sheet_lines(view, self.character_id))))

    def action_close(self) -> None:
        self.dismiss()
