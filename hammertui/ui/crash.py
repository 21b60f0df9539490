"""When the app meets an error it did not expect: the traceback goes to a log file beside the saves,
and a screen names that file for the report. The terminal is spared the traceback, and the session
keeps what it last saved."""

from __future__ import annotations

import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

CRASH_LOG = "hammertui-crash.log"


def write_crash_log(folder: Path, error: BaseException) -> Path | None:
    """Append the error's traceback, under the time it happened, to the crash log in `folder`, or
    in the system's temporary folder when `folder` cannot be written; None when neither can."""
    when = datetime.now().astimezone().isoformat(timespec="seconds")
    entry = f"=== {when}\n{''.join(traceback.format_exception(error))}\n"
    for place in (folder, Path(tempfile.gettempdir())):
        path = place / CRASH_LOG
        try:
            place.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(entry)
        except OSError:
            continue
        return path
    return None


def report_line(log: Path | None) -> str:
    """What to send with the report, in one line for the terminal once the app has closed."""
    if log is None:
        return "hammertui stopped on an unexpected error, and could not write its crash log."
    return f"hammertui stopped on an unexpected error. Please report it with the file {log}."


class CrashScreen(Screen[None]):
    """Covers everything: nothing more may be done in a session the app no longer understands.
    Any of its keys quits."""

    DEFAULT_CSS = "CrashScreen { align: center middle; }"

    BINDINGS = [Binding("q,escape,enter,ctrl+q", "quit", "Quit", id="crash.quit", priority=True)]

    def __init__(self, log: Path | None, error: BaseException) -> None:
        super().__init__()
        self._log = log
        self._error = error

    def compose(self) -> ComposeResult:
        where = (
            f"The details are in {self._log}: please send that file with your report."
            if self._log is not None
            else "Its details could not be written to a crash log."
        )
        with Vertical(classes="dialog wide") as box:
            box.border_title = "Something went wrong"
            said = f"{type(self._error).__name__}: {self._error}"
            yield Label(Text(said if len(said) <= 200 else said[:197] + "...", style="bold"), markup=False)
            yield Static(Text(where), id="crash-log", markup=False)
            yield Label("The session is kept as it was last saved. Press q to quit.", markup=False)

    def action_quit(self) -> None:
        self.app.exit(return_code=1)
