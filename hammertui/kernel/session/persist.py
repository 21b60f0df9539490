"""Saves on disk: a snapshot replaced atomically after every action, and an append-only event log.

`<name>.toml` holds the whole state and where the log ended when it was written, so writing it costs
the same at the tenth action as at the ten-thousandth. `<name>.log.toml` is `[[event]]` tables
appended one batch at a time; the screen needs only its tail, which is read from the end of the file.
Events past the snapshot's end of the log belong to an action that was never saved: opening sets them
aside in `<name>.log.toml.cut`. A file that cannot be read is reported with what is wrong where, and
is never written over; a save that cannot be written leaves the files as they were.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from stat import S_ISREG
from typing import Any

import attrs
import cattrs
import tomli
import tomli_w

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.table_hooks import structure_fields
from hammertui.kernel.ruleset import toml_file
from hammertui.kernel.session import migrations, snapshot_text
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import slice_types
from hammertui.kernel.session.save_check import check_state
from hammertui.kernel.session.state import State, Stats

SCHEMA = 8
"""The snapshot format's version. An older file is migrated (`migrations`); a newer one is refused.
Schema 4 added `log_end`, where the log ended when the snapshot was written; schema 5 the player
view's `session.show_hp_numbers`; schema 6 a character's `con_max`, the constitution's score (as
stats are named by the ruleset, CON may not be one); schema 7 moved what one ruleset's characters
hold beyond the shared record into its characters procedure's slice, and schema 8 the rest of
them."""
LOG_SCHEMA = 1
"""The event log's format's version: events have kept their shape since the first."""

MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024
EVENT_HEADER = b"[[event]]"
BLOCK = 64 * 1024
BLANKED = b"# set aside"
"""How the bytes of what opening set aside from inside the log begin (`_blank`)."""
"""How much of the log is read at a time, backwards from its end."""


class SaveError(Exception):
    """A save file that cannot be used; `problems` says what is wrong and where."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = list(problems)
        super().__init__("\n".join(f"{path}: {p}" for p in self.problems))


class SaveFailed(Exception):
    """A save that could not be written: the files are as they were before it was tried."""

    def __init__(self, path: Path, reason: str, advice: str) -> None:
        self.path = path
        super().__init__(f"The save failed: {reason} ({path}). Nothing was changed; {advice}")

    @classmethod
    def of(cls, path: Path, error: OSError | SaveError) -> SaveFailed:
        if isinstance(error, SaveError):
            return cls(path, "; ".join(error.problems), "move it out of the saves folder and try again.")
        return cls(path, error.strerror or str(error), ADVICE.get(error.errno or 0, "try again."))


ADVICE = {
    errno.ENOSPC: "free some space and try again.",
    errno.EDQUOT: "free some space and try again.",
    errno.EROFS: "make the saves folder writable and try again.",
    errno.EACCES: "let hammertui write in the saves folder and try again.",
    errno.EPERM: "let hammertui write in the saves folder and try again.",
    errno.EFBIG: "raise the limit on file sizes (ulimit -f) and try again.",
}
"""What the game master can do about a failed save, by its cause."""


class UnsavableText(ValueError):
    """Text no save file can hold (a lone surrogate, left by text pasted from a mis-encoded source)."""


@record
class Snapshot:
    """A snapshot as read: the state and where the log ended when it was written (None in a save
    older than schema 4, which did not say)."""

    state: State
    log_end: int | None


@record
class SaveFiles:
    """The files of one session in a saves folder."""

    folder: Path
    stem: str

    @property
    def snapshot(self) -> Path:
        return self.folder / f"{self.stem}.toml"

    @property
    def backup(self) -> Path:
        return self.folder / f"{self.stem}.toml.bak"

    @property
    def log(self) -> Path:
        return self.folder / f"{self.stem}.log.toml"

    @property
    def rules(self) -> Path:
        """The rules the session last played by, as their file then read: what a changed file is
        told against."""
        return self.folder / f"{self.stem}.toml.rules"

    @property
    def cut(self) -> Path:
        return cut_file(self.log)


def cut_file(log: Path) -> Path:
    """Where log lines that do not belong in the log are kept: those of an action never saved, a
    torn last event."""
    return log.with_name(f"{log.name}.cut")


def _strict(kind: type) -> Any:
    """A structure hook that takes only values already of `kind`: a save is data, not a guess."""

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
        return value

    return hook


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _strict(kind))
    scores = converter.get_structure_hook(dict[str, int])
    converter.register_structure_hook(Stats, lambda value, _: Stats.of(scores(value, dict[str, int])))
    converter.register_structure_hook_factory(
        attrs.has, lambda cls: structure_fields(cls, converter.get_structure_hook)
    )
    return converter


CONVERTER = _converter()


def _drop_none(value: Any) -> Any:
    """TOML has no null: leave out what is unset; loading puts the default back."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


def dump_state(state: State, log_end: int | None = None) -> str:
    """The snapshot as TOML text, schema first."""
    return _head(log_end) + _body(state)


def _head(log_end: int | None) -> str:
    return f"schema = {SCHEMA}\n" + ("" if log_end is None else f"log_end = {log_end}\n")


def _body(state: State) -> str:
    return snapshot_text.render(state)


def parse_state(text: str, path: Path) -> State:
    """Read a snapshot's text, or say exactly what is wrong with it."""
    return parse_snapshot(text, path).state


def parse_snapshot(text: str, path: Path) -> Snapshot:
    """Read a snapshot's text, or say exactly what is wrong with it."""
    try:
        data = toml_file.parse(text)
    except tomli.TOMLDecodeError as error:
        raise SaveError(path, [f"not valid TOML: {error}"]) from None
    except toml_file.TomlProblem as error:
        raise SaveError(path, error.problems) from None
    schema = data.pop("schema", None)
    if type(schema) is not int:
        raise SaveError(path, ["schema: missing or not a whole number; this is not a hammertui save"])
    if schema > SCHEMA:
        raise SaveError(path, [f"schema {schema} was written by a newer hammertui; this one reads {SCHEMA}"])
    if schema < 1:
        raise SaveError(path, [f"schema {schema} is not a version hammertui ever wrote"])
    log_end = data.pop("log_end", None)
    if log_end is not None and (type(log_end) is not int or log_end < 0):
        raise SaveError(path, [f"log_end: {log_end!r} is not a place in the log (a whole number of bytes)"])
    data = migrations.migrate(data, schema)
    slices = data.pop("slices", {})
    try:
        state = CONVERTER.structure(data, State)
    except Exception as error:  # cattrs gathers every field error into one group
        raise SaveError(path, _field_problems(error)) from None
    state = attrs.evolve(state, slices=_structure_slices(slices, state.session.procedures, path))
    problems = check_state(state)
    if problems:
        raise SaveError(path, problems)
    return Snapshot(state, log_end)


def _structure_slices(data: Any, chosen: dict[str, str], path: Path) -> dict[str, Any]:
    """Each procedure's slice, read as that procedure's own class; the save holds one for each
    procedure it names that keeps state, and nothing else."""
    unknown = [
        f"session.procedures.{part}: {name!r} is not a {part} procedure this hammertui has"
        for part, name in chosen.items()
        if part not in procedures.PARTS or (name != procedures.NONE and name not in procedures.names(part))
    ]
    if unknown:
        raise SaveError(path, unknown)
    types = slice_types(chosen)
    if not isinstance(data, dict):
        raise SaveError(path, ["slices: expected a table of each procedure's state"])
    problems = [
        f"slices.{name}: no procedure of this session keeps state under that name" for name in data if name not in types
    ]
    slices: dict[str, Any] = {}
    for name, kind in types.items():
        try:
            slices[name] = CONVERTER.structure(data.get(name, {}), kind)
        except Exception as error:
            problems += [f"slices.{name}.{problem}" for problem in _field_problems(error)]
    if problems:
        raise SaveError(path, problems)
    return slices


def _field_problems(error: Exception) -> list[str]:
    if isinstance(error, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        return [m.replace("$.", "", 1) for m in cattrs.transform_error(error, path="$")]
    return [str(error)]


def load_state(path: Path) -> State:
    """Load a snapshot's state; raises SaveError and leaves the file exactly as it was."""
    return load_snapshot(path).state


def load_snapshot(path: Path) -> Snapshot:
    """Load a snapshot; raises SaveError and leaves the file exactly as it was."""
    try:
        raw = toml_file.read_bounded(path, MAX_SNAPSHOT_BYTES, "session snapshot")
    except toml_file.TomlProblem as error:
        raise SaveError(path, error.problems) from None
    except OSError as error:
        raise SaveError(path, [f"cannot be read: {error.strerror}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(path, [f"not UTF-8 text (byte {error.start})"]) from None
    return parse_snapshot(text, path)


def save(files: SaveFiles, state: State, events: Sequence[Event], log_end: int | None) -> int:
    """Log `events` and replace the snapshot with `state`, all or nothing; returns the log's new end.

    The log is appended first and the snapshot records where it then ends, so an event past that
    mark belongs to an action that was never saved (`settle_log`). Text no file can hold raises
    UnsavableText before anything is written; a write that fails takes back what was written and
    raises SaveFailed. `log_end` is where the log ended at the last save (None: wherever it ends now).
    """
    body = _encoded(_body(state))
    batch = _encoded(dump_events(events)) if events else b""
    try:
        start, end = _append(files.log, batch, log_end)
    except (OSError, SaveError) as error:
        raise SaveFailed.of(files.log, error) from None
    try:
        atomic_write(files.snapshot, _head(end).encode() + body, backup=files.backup)
    except (OSError, SaveError) as error:
        _take_back(files.log, start)
        raise SaveFailed.of(files.snapshot, error) from None
    return end


def _encoded(text: str) -> bytes:
    """`text` as UTF-8, or UnsavableText naming the line that cannot be."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        first = text.rfind("\n", 0, error.start) + 1
        last = text.find("\n", error.end)
        line = text[first : last if last != -1 else len(text)].strip()
        shown = line.encode("utf-8", "backslashreplace").decode("utf-8")
        raise UnsavableText(
            f"{shown} cannot be saved: it holds a broken character"
            " (text pasted from a mis-encoded source leaves these). Type it again."
        ) from None


def atomic_write(path: Path, data: str | bytes, backup: Path | None = None) -> None:
    """Replace `path` so a crash at any instant leaves the old file or the new one, never half.

    The new bytes go to a temp file in the same folder (so the rename cannot cross devices), are
    fsynced, then renamed over the target. The file replaced becomes `backup`, as a name of its own
    for the old file (`_keep_as`): until the new file is in place the backup is still the one
    before, so at every instant the backup is an older save than the snapshot, never the same file.
    A failure before the new file is in place removes the temp files and leaves both as they were.
    """
    content = data.encode("utf-8") if isinstance(data, str) else data
    fresh = _temp_name(path)
    spare = _temp_name(backup) if backup is not None and path.exists() else None
    try:
        _write_new(fresh, content)
        if spare is not None:
            _keep_as(path, spare)
        os.replace(fresh, path)
    except BaseException:
        for temp in (fresh, spare):
            if temp is not None:
                with contextlib.suppress(OSError):
                    temp.unlink(missing_ok=True)
        raise
    if spare is not None and backup is not None:
        try:
            os.replace(spare, backup)
        except OSError:  # the save stands; the backup stays one save older
            with contextlib.suppress(OSError):
                spare.unlink(missing_ok=True)
    _fsync_folder(path.parent)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _write_new(path: Path, content: bytes) -> None:
    """Write a new file and fsync it. A link planted under its name goes (what it pointed at
    stays), and the file is created afresh, never opened through a link."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    try:
        _write_all(fd, content)
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_as(path: Path, spare: Path) -> None:
    """Give the file at `path` the new name `spare` as well: a second link to the bytes already on
    disk (and already synced when they were written), so keeping the last save costs no copy.
    Where the folder cannot link, or `path` is not a plain file, the bytes are copied as before (a
    link is never read through)."""
    spare.unlink(missing_ok=True)
    try:
        if S_ISREG(os.lstat(path).st_mode):
            os.link(path, spare, follow_symlinks=False)
            return
    except OSError:
        pass
    _write_new(spare, _read_plain(path))


def _write_all(fd: int, content: bytes) -> None:
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]


def _read_plain(path: Path) -> bytes:
    with open(_open_plain(path, os.O_RDONLY), "rb") as handle:
        return handle.read()


def clear_stale_temps(files: SaveFiles) -> list[Path]:
    """Remove what a write killed midway left of this session: temp files of processes that
    have ended. A live process's temp file may be a write in progress, so it is left alone."""
    removed = []
    for target in (files.snapshot, files.backup):
        for tmp in files.folder.glob(f".{glob.escape(target.name)}.*.tmp"):
            pid = tmp.name[len(target.name) + 2 : -len(".tmp")]
            if pid.isdigit() and not _alive(int(pid)) and tmp.is_file():
                tmp.unlink(missing_ok=True)
                removed.append(tmp)
    return removed


def _alive(pid: int) -> bool:
    """Whether a process with this id runs now (one of another user's counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_snapshot(files: SaveFiles, state: State, log_end: int | None = None) -> None:
    atomic_write(files.snapshot, dump_state(state, log_end), backup=files.backup)


def dump_events(events: Iterable[Event]) -> str:
    return tomli_w.dumps({"event": [_drop_none(CONVERTER.unstructure(e)) for e in events]})


def append_events(path: Path, events: Sequence[Event], after: int | None = None) -> int:
    """Append a batch of events and fsync: the log only ever grows at its end. Returns the log's new end.

    `after` is where the log ended at the last save: anything past it is of an action never saved,
    and is set aside first. A write that fails takes back what it wrote."""
    return _append(path, _encoded(dump_events(events)) if events else b"", after)[1]


def _append(path: Path, batch: bytes, after: int | None) -> tuple[int | None, int]:
    """Append `batch` to the log; (where it began, None if the log is new; where the log now ends)."""
    existed = os.path.lexists(path)
    fd = _open_plain(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        if after is not None and size > after:
            size = _event_start(_read_range(fd, 0, size), after)  # never inside an event another app wrote
            _set_aside(path, size, "logged by an action that was never saved")
        if not batch:
            return size, size
        lead = (
            f"schema = {LOG_SCHEMA}\n\n".encode() if size == 0 else b"" if os.pread(fd, 1, size - 1) == b"\n" else b"\n"
        )
        written = lead + batch + b"\n"
        try:
            _write_all(fd, written)
            os.fsync(fd)
        except BaseException:
            _take_back(path, size if existed else None)
            raise
    finally:
        os.close(fd)
    return (size if existed else None), size + len(written)


def _take_back(path: Path, start: int | None) -> None:
    """Put the log back as it was before an append whose save failed: cut at `start`, or gone if
    the append made it. Should even that fail, the snapshot's `log_end` still leaves the batch out."""
    with contextlib.suppress(OSError, SaveError):
        if start is None:
            path.unlink(missing_ok=True)
            return
        fd = _open_plain(path, os.O_WRONLY)
        try:
            os.ftruncate(fd, start)
            os.fsync(fd)
        finally:
            os.close(fd)


def _set_aside(path: Path, start: int, why: str) -> bytes:
    """Move the log's bytes from `start` on to the end of its cut file, then cut them off; the
    bytes moved. They reach the cut file before they leave the log, so a crash loses none."""
    fd = _open_plain(path, os.O_RDWR)
    try:
        moved = _read_range(fd, start, os.fstat(fd).st_size)
        _keep_aside(path, moved, f"{why}, cut from {path.name} at byte {start}")
        os.ftruncate(fd, start)
        os.fsync(fd)
    finally:
        os.close(fd)
    return moved


def _read_range(fd: int, start: int, end: int) -> bytes:
    pieces = []
    while start < end:
        piece = os.pread(fd, min(end - start, 1 << 24), start)
        if not piece:
            break
        pieces.append(piece)
        start += len(piece)
    return b"".join(pieces)


def settle_log(path: Path, saved_end: int | None) -> tuple[int, list[str]]:
    """Make the log agree with the snapshot before play goes on: (where the log ends, what was done
    in words for the game master).

    Past `saved_end` (where the log ended when the snapshot was written) lies an action that was
    never saved: it is set aside in the cut file. Should `saved_end` fall inside an event (a log
    another app wrote over), that whole event goes too, and blank bytes keep its place up to
    `saved_end`: no event is ever cut in two, and the save's end stays true. Then a torn event (a
    write cut short) is set aside wherever it lies: the last is cut off, one in the middle (an older
    cut's) kept in the cut file and blanked in place. The log is read once, whole; only an event
    that does not end as every written event does is parsed. A log of a schema this hammertui does
    not read is refused, untouched.
    """
    if not os.path.lexists(path):
        return 0, []
    with open(_open_plain(path, os.O_RDONLY), "rb") as handle:
        data = handle.read()
    problems = _log_head_problems(data[:4096])
    if problems:
        raise SaveError(path, problems)
    end, notices = len(data), []
    try:
        if saved_end is not None and end > saved_end:
            start = _event_start(data, saved_end)
            moved = _set_aside(path, start, "logged by an action that was never saved")
            data, end = (
                (data[:start] + _blank(path, start, saved_end), saved_end) if start < saved_end else (data, start)
            )
            notices.append(_unsaved_notice(path, moved, start if start < saved_end else None))
        torn = _torn_pieces(data, end)
        if torn and torn[-1][1] == end:
            end = torn.pop()[0]
            moved = _set_aside(path, end, "of a torn last event")
            notices.append(
                "The log's last entry was cut short when hammertui stopped;"
                f" its {len(moved)} bytes are kept in {cut_file(path).name}."
            )
        for a, b in torn:
            _keep_aside(path, data[a:b], f"of a torn event, taken from {path.name} at byte {a}")
            _blank(path, a, b)
            notices.append(_torn_notice(path, data[a:b], a))
    except (OSError, SaveError) as error:
        reason = error.strerror if isinstance(error, OSError) else "; ".join(error.problems)
        return end, [
            *notices,
            f"Part of {path.name} is not part of the save, and could not be set aside ({reason});"
            " it is left out of the log shown.",
        ]
    return end, notices


def _unsaved_notice(path: Path, moved: bytes, inside: int | None) -> str:
    side = cut_file(path).name
    told = _parse_events(moved)
    what = f"“{told[0].text}”" if told else "the last action"
    if inside is not None:
        return (
            f"The save ends inside the log's event at byte {inside} ({what}),"
            f" so it and what follows did not happen here: they are kept in {side}, out of the log."
        )
    return f"The save ends before {what}, so it did not happen here: its log lines are kept in {side}, out of the log."


def _torn_notice(path: Path, piece: bytes, at: int) -> str:
    seq = re.search(rb"^seq = (\d+)$", piece, re.MULTILINE)
    which = f" (action {int(seq[1])})" if seq else ""
    return (
        f"The log's event at byte {at}{which} was cut short:"
        f" its {len(piece)} bytes are kept in {cut_file(path).name}, out of the log."
    )


def _event_start(data: bytes, at: int) -> int:
    """Where the log may be cut at or about `at`: `at` itself when an event (or the log, or the
    blank bytes of something set aside) begins there, else the start of the event it falls inside,
    else (in the log's first line) the first event's start."""
    following = data[at : at + len(EVENT_HEADER) + 1]
    if at == 0 or at >= len(data) or following.lstrip(b"\n").startswith(EVENT_HEADER):
        return min(at, len(data))
    if following.startswith(BLANKED) and data[at - 1 : at] == b"\n":
        return at
    before = data.rfind(b"\n" + EVENT_HEADER, 0, at)
    if before != -1:
        return before + 1
    after = data.find(b"\n" + EVENT_HEADER, at)
    return len(data) if after == -1 else after + 1


def _torn_pieces(data: bytes, end: int) -> list[tuple[int, int]]:
    """Where the events before `end` that a write cut short lie. Every event is written ending in
    a blank line, so only one that does not (cut short, edited by hand, or followed by blanked
    bytes) is parsed to tell."""
    pieces = _pairs(_header_offsets(data[:end]), end)
    return [(a, b) for a, b in pieces if not data[a:b].endswith(b"\n\n") and _torn(data[a:b])]


def _blank(path: Path, start: int, end: int) -> bytes:
    """Fill the log from `start` to `end` with a comment line, the place of what was set aside
    from there, so every place after it (and the snapshot's end of the log) stays where it was;
    the log then ends no earlier than `end`. Returns the bytes written."""
    line = BLANKED + f" in {cut_file(path).name}".encode()
    size = end - start
    filler = (line + b" " * (size - len(line) - 1) if size > len(line) else b"#" * (size - 1)) + b"\n"
    fd = _open_plain(path, os.O_WRONLY)
    try:
        os.pwrite(fd, filler, start)
        os.fsync(fd)
    finally:
        os.close(fd)
    return filler


def _keep_aside(path: Path, piece: bytes, why: str) -> None:
    """Add `piece` of the log to its cut file, with a line saying what it is, and fsync."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    note = f"# {stamp}: {len(piece)} bytes {why}\n".encode()
    side = _open_plain(cut_file(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        _write_all(side, note + piece + (b"" if piece.endswith(b"\n") else b"\n"))
        os.fsync(side)
    finally:
        os.close(side)


def _log_head_problems(head: bytes) -> list[str]:
    """What is wrong with the log's first line, `schema = 1`; nothing for an empty log."""
    if not head:
        return []
    try:
        data = tomli.loads(head.split(b"\n", 1)[0].decode("utf-8"))
    except (UnicodeDecodeError, tomli.TOMLDecodeError):
        data = {}
    schema = data.get("schema")
    if type(schema) is not int:
        return ["schema: the first line is not `schema = 1`; this is not a hammertui log"]
    if schema > LOG_SCHEMA:
        return [f"schema {schema} was written by a newer hammertui; this one reads {LOG_SCHEMA}"]
    if schema < 1:
        return [f"schema {schema} is not a version hammertui ever wrote"]
    return []


def _torn(piece: bytes) -> bool:
    """Whether the log's last event is a write cut short: it does not read as TOML, or lacks what
    every event is written with. One the game master edited (a key added, its last newline gone)
    is whole."""
    try:
        tables = tomli.loads(piece.decode("utf-8")).get("event")
    except (UnicodeDecodeError, tomli.TOMLDecodeError):
        return True
    return not (
        isinstance(tables, list)
        and tables
        and isinstance(tables[-1], dict)
        and {"seq", "action", "text"} <= tables[-1].keys()
    )


def read_log_tail(path: Path, count: int = 200, block: int = BLOCK, end: int | None = None) -> list[Event]:
    """The last `count` events before `end` (the log's end), read backwards so start-up cost does not grow."""
    if count <= 0 or not path.exists():
        return []
    with open(_open_plain(path, os.O_RDONLY), "rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        chunk = _tail_chunk(handle, count, block, size if end is None else min(end, size))
    return _parse_events(chunk)[-count:]


def read_whole_log(path: Path, end: int | None = None) -> list[Event]:
    """Every event of the log up to `end` (where the snapshot says it ended; None: its end), or
    SaveError naming the first that does not read: a reader of the whole story gets all of it or
    nothing. A log not yet written holds no events."""
    if not os.path.lexists(path):
        return []
    with open(_open_plain(path, os.O_RDONLY), "rb") as handle:
        data = handle.read() if end is None else handle.read(end)
    if end is not None and len(data) < end:
        raise SaveError(
            path, [f"the log ends at byte {len(data)}, before the end the save gives it ({end}): events are missing"]
        )
    problems = _log_head_problems(data[:4096])
    if problems:
        raise SaveError(path, problems)
    events = []
    for start, stop in _pairs(_header_offsets(data), len(data)):
        try:
            table = tomli.loads(data[start:stop].decode("utf-8"))["event"][0]
            events.append(CONVERTER.structure(table, Event))
        except Exception as error:
            raise SaveError(path, [f"the event at byte {start} does not read: {_reason(error)}"]) from None
    return events


def _reason(error: Exception) -> str:
    if isinstance(error, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        return "; ".join(_field_problems(error))
    return str(error) or type(error).__name__


def _tail_chunk(handle: Any, count: int, block: int, end: int) -> bytes:
    """Bytes from the start of the `count`-th last event header before `end` to `end`.

    Each block is read once and searched once (with the few bytes of the next that a header may run
    into), so the cost is the bytes read, however far back the headers are."""
    blocks: list[bytes] = []
    found = 0
    position = end
    while position > 0 and found < count:
        start = max(0, position - block)
        handle.seek(start)
        piece = handle.read(position - start)
        following = blocks[-1][: len(EVENT_HEADER)] if blocks else b""
        found += sum(1 for offset in _header_offsets(piece + following, start == 0) if offset <= len(piece))
        blocks.append(piece)
        position = start
    data = b"".join(reversed(blocks))
    starts = _header_offsets(data, position == 0)
    return data[starts[-count] if len(starts) >= count else starts[0] :] if starts else b""


def _header_offsets(data: bytes, at_line_start: bool = True) -> list[int]:
    """Where event headers begin in `data`: after a newline, or at its very start when that is the
    start of a line."""
    offsets = [0] if at_line_start and data.startswith(EVENT_HEADER) else []
    index = data.find(b"\n" + EVENT_HEADER)
    while index != -1:
        offsets.append(index + 1)
        index = data.find(b"\n" + EVENT_HEADER, index + 1)
    return offsets


def _parse_events(chunk: bytes) -> list[Event]:
    """Events in a chunk of the log; one that does not read (a torn last event) is left out. The
    chunk is parsed whole, and event by event only when that fails."""
    pieces = [chunk[a:b] for a, b in _pairs(_header_offsets(chunk), len(chunk))]
    tables = _event_tables(chunk)
    if tables is None or len(tables) != len(pieces):
        tables = [_event_tables(piece) for piece in pieces]
        tables = [found[0] for found in tables if found is not None and len(found) == 1]
    events = []
    for table in tables:
        try:
            events.append(CONVERTER.structure(table, Event))
        except Exception:
            continue
    return events


def _event_tables(data: bytes) -> list[Any] | None:
    """The `[[event]]` tables of some of the log, or None when it does not read as TOML."""
    try:
        tables = tomli.loads(data.decode("utf-8")).get("event")
    except Exception:  # noqa: BLE001 - a hand-edited log may hold anything: bad bytes, a number too long, nesting too deep
        return None
    return tables if isinstance(tables, list) else None


def _pairs(starts: list[int], end: int) -> list[tuple[int, int]]:
    """Each start with the next, the last with `end`; no starts, no pairs (`end` is left over)."""
    return list(zip(starts, [*starts[1:], end], strict=False))


def _open_plain(path: Path, flags: int) -> int:
    """Open a file of the saves folder that is a plain file of its own, never through a link: a
    link could point anywhere, and the log is appended to and cut."""
    refusal = "is a symbolic link or not a plain file; hammertui writes only plain files in its saves folder"
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK, 0o666)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise SaveError(path, [refusal]) from None
        raise
    if not S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveError(path, [refusal])
    return fd
