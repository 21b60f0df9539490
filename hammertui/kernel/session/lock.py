"""One app plays a session at a time: an operating-system lock on `<name>.lock` beside its save.

Two apps writing one session each took the other's events for an action never saved and set them
aside, so the lock is taken before a session is opened for play (and before opening repairs its
log) and held while the app runs. It is an `flock` on an open file: the kernel lets it go when the
process ends however it ends, so a SIGKILL leaves no stale lock to clear. The file holds who took
it (process, host, time) for the message a second app shows. Readers beside the player (the report,
the player view) never take it: they write nothing.

The lock keeps other processes out; within one process a session opened again shares the lock
already held (each hold is counted, and the file is closed with the last).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import socket
from datetime import UTC, datetime
from pathlib import Path

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.session import persist

HOLDER_BYTES = 512
"""More than a holder's record takes: a lock file is read no further."""

_SHOWN = re.compile(r"[^A-Za-z0-9._:+-]")
"""What a holder's host and time may show of themselves: the file is anyone's to write."""


class SessionBusy(Exception):
    """The session is open for play in another process; `holder` says which, in words."""

    def __init__(self, files: persist.SaveFiles, holder: str) -> None:
        self.files = files
        self.holder = holder
        super().__init__(f"the session {files.stem} is open in another hammertui ({holder})")


@attrs.define
class _Held:
    """The open lock file of a session this process holds, and how many holds it has."""

    fd: int
    count: int


_held: dict[Path, _Held] = {}


def lock_path(files: persist.SaveFiles) -> Path:
    return files.folder / f"{files.stem}.lock"


@record
class SessionLock:
    """A hold on a session's lock; `release` gives it up."""

    path: Path

    def release(self) -> None:
        held = _held.get(self.path)
        if held is None:
            return
        held.count -= 1
        if held.count == 0:
            del _held[self.path]
            os.close(held.fd)  # closing the file lets the lock go


def acquire(files: persist.SaveFiles) -> SessionLock:
    """Take the session's lock for this process, or SessionBusy naming who holds it. OSError when
    the lock file cannot be made (a saves folder that cannot be written)."""
    path = lock_path(files)
    if path in _held:
        _held[path].count += 1
        return SessionLock(path)
    fd = persist._open_plain(path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        raise SessionBusy(files, holder) from None
    except BaseException:
        os.close(fd)
        raise
    _tell_holder(fd)
    _held[path] = _Held(fd, 1)
    return SessionLock(path)


def _tell_holder(fd: int) -> None:
    """Write who holds the lock now, for the message another app shows. A full disk leaves the
    note unwritten and the lock held: the lock is what keeps a second app out."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    text = f"pid = {os.getpid()}\nhost = {socket.gethostname()!r}\nsince = {stamp!r}\n".encode()
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, text, 0)


def _holder(fd: int) -> str:
    """Who holds the lock, in words, from what its holder wrote (whatever the file holds, it is
    shown only as a process number, a host and a time of plain characters)."""
    fields = {}
    for line in os.pread(fd, HOLDER_BYTES, 0).decode("utf-8", "replace").splitlines():
        key, _, value = line.partition("=")
        fields[key.strip()] = _SHOWN.sub("", value)[:64]
    pid, host, since = fields.get("pid", ""), fields.get("host", ""), fields.get("since", "")
    if not pid.isdigit():
        return "its process did not say who it is"
    where = f" on {host}" if host else ""
    when = f", since {since.replace('T', ' ')}" if since else ""
    return f"process {pid}{where}{when}"
