"""When the app meets an error it did not expect: the traceback goes to a log file beside the saves,
and a screen names that file for the report. The terminal is spared the traceback, and the session
keeps what it last saved.

The log is opened as the saves are, never through a link and only as a plain file, so that a link
left in its place cannot send a traceback into another file. One entry is written for each crash,
and the log is kept to `MAX_LOG_BYTES`: when it would grow past that it becomes `CRASH_LOG.1`, the
one before it dropped. A saves folder that cannot take it gives way to the user's own state folder,
never a shared one such as the system's temporary folder, where anyone may have put a file by
that name first.

`CrashGuard` is where the app meets such an error. Textual sends it every error a handler, a screen
or a timer did not catch to `App._handle_exception`, whose own answer prints the traceback over the
terminal and closes the app: that one private method is overridden here, and nowhere else
(`tests/ui/test_crash_screen.py` checks that Textual still calls it so). An error in one of the app's
own handlers would end the app's loop of messages, and with it the crash screen's keys: the app's
events are handled under `on_event`, which hands such an error to the crash screen itself, and the
app answers no other message of its own.
"""

from __future__ import annotations

import os
import stat
import traceback
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from hammertui.kernel.ui.commands import Commanded, key

CRASH_LOG = "hammertui-crash.log"
MAX_LOG_BYTES = 1024 * 1024
"""The most a crash log holds before it is set aside for a new one: some hundreds of crashes."""
MAX_ENTRY_CHARS = 64 * 1024
"""The most one crash writes: a traceback longer than this keeps its end, where the error is."""
MAX_ERRORS = 10
"""Errors after the first that the crash screen stays up through: one more closes the app."""


def state_folder() -> Path:
    """The user's own folder for what the app keeps of itself (`$XDG_STATE_HOME/hammertui`)."""
    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return state / "hammertui"


def write_crash_log(folder: Path, error: BaseException) -> Path | None:
    """Append the error's traceback, under the time it happened, to the crash log in `folder`, or
    in the user's state folder when `folder` cannot take it; None when neither can."""
    when = datetime.now().astimezone().isoformat(timespec="seconds")
    told = "".join(traceback.format_exception(error))
    if len(told) > MAX_ENTRY_CHARS:
        told = "...\n" + told[-MAX_ENTRY_CHARS:]
    entry = f"=== {when}\n{told}\n".encode("utf-8", "backslashreplace")
    for place in (folder, state_folder()):
        path = place / CRASH_LOG
        try:
            place.mkdir(mode=0o700, parents=True, exist_ok=True)
            _append(path, entry)
        except OSError:
            continue
        return path
    return None


def _append(path: Path, entry: bytes) -> None:
    """Add the entry to the log, which is set aside first if the entry would take it past its size;
    OSError when the log's place holds a link or anything but a plain file."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode) and info.st_size + len(entry) > MAX_LOG_BYTES:
        os.replace(path, path.with_name(CRASH_LOG + ".1"))  # a link in `.1`'s place is replaced, not followed
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a plain file")
        with os.fdopen(fd, "ab", closefd=False) as log:
            log.write(entry)
    finally:
        os.close(fd)


def report_line(log: Path | None) -> str:
    """What to send with the report, in one line for the terminal once the app has closed."""
    if log is None:
        return "hammertui stopped on an unexpected error, and could not write its crash log."
    return f"hammertui stopped on an unexpected error. Please report it with the file {log}."


class CrashScreen(Commanded, Screen[None]):
    """Covers everything: nothing more may be done in a session the app no longer understands.
    Any of its keys quits."""

    DEFAULT_CSS = "CrashScreen { align: center middle; }"

    COMMAND_LIST = (key("q,escape,enter,ctrl+q", "crash.quit", "quit", "Quit", priority=True),)

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


class CrashGuard(App[None]):
    """An app whose errors nothing expected end on the crash screen: the traceback goes to the crash
    log in `crash_folder()`, and the screen, which only quits, covers everything. Errors that follow
    (a broken screen fails again) are the same crash, its one entry in the log already written; past
    `MAX_ERRORS` of them, or with no crash screen to show, the app closes."""

    crashed = False
    crash_log: Path | None = None
    _errors = 0

    def crash_folder(self) -> Path:
        """Where the crash log goes: the user's state folder, unless the app knows better."""
        return state_folder()

    async def on_event(self, event: events.Event) -> None:
        """The app's events, keys among them, run their handlers here: one that fails is a crash,
        and the app's loop of messages goes on to read the crash screen's key."""
        try:
            await self.take_event(event)
        except Exception as error:  # noqa: BLE001 - every error nothing expected is a crash
            self._handle_exception(error)

    async def take_event(self, event: events.Event) -> None:
        """Handle one of the app's events, as Textual does unless a subclass says otherwise."""
        await super().on_event(event)

    def _handle_exception(self, error: Exception) -> None:
        """Textual's one door for errors (see the module's docstring); the first is kept as Textual
        keeps it, for a test run by Pilot to raise when the run ends."""
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        self.crash(error)

    def crash(self, error: Exception) -> None:
        self._errors += 1
        if self._errors > MAX_ERRORS:
            self.exit(return_code=1)
            return
        if self.crashed:
            return  # the same crash failing again: its first error is the one to report
        self.crashed = True
        log = self.crash_log = write_crash_log(self.crash_folder(), error)
        try:
            self.push_screen(CrashScreen(log, error))
        except Exception:  # noqa: BLE001 - no screen can be shown: close, as Textual would
            self.exit(return_code=1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """After an error nothing is done but quitting."""
        return action == "quit" if self.crashed else True
