"""What to do when a save cannot be read: say what is wrong, offer the backup or a new session."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from hammertui.kernel.ui.commands import Command, Commanded, key
from hammertui.kernel.ui.styles import STYLES

CHOICES: tuple[Command[Any], ...] = (
    key("b", "problem.backup", "choose('backup')", "Open backup", "The last save before this one"),
    key("n", "problem.new", "choose('new')", "New session", "Start afresh; the unreadable file stays"),
    key("q,escape", "problem.quit", "choose('quit')", "Quit", "Leave the file as it is"),
)


class SaveProblemScreen(Commanded, ModalScreen[str]):
    """Dismisses with "backup", "new" or "quit"; the unreadable file is left exactly as it is."""

    CSS_PATH = STYLES

    COMMAND_LIST = CHOICES

    def __init__(self, problems: list[str], path: str, has_backup: bool) -> None:
        super().__init__()
        self._problems = problems
        self._path = path
        self._has_backup = has_backup

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide") as box:
            box.border_title = "This save cannot be opened"
            yield Label(Text(self._path, style="bold"), markup=False)
            yield Static(Text("\n".join(f"• {p}" for p in self._problems)), classes="problem", markup=False)
            yield Label("The file has not been changed.", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Open the backup (b)", id="backup", variant="primary", disabled=not self._has_backup)
                yield Button("New session (n)", id="new")
                yield Button("Quit (q)", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        if choice == "backup" and not self._has_backup:
            self.notify("There is no backup of this session.", severity="warning")
            return
        self.dismiss(choice)
