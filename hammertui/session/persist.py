"""Saves on disk: a snapshot replaced atomically after every action, and an append-only event log.

`<name>.toml` holds the whole state and nothing else, so writing it costs the same at the tenth action
as at the ten-thousandth. `<name>.log.toml` is `[[event]]` tables appended one batch at a time; the
screen needs only its tail, which is read from the end of the file. A file that cannot be read is
reported with what is wrong where, and is never written over.
"""

from __future__ import annotations

import errno
import glob
import os
from stat import S_ISREG
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import cattrs
import tomli_w

from hammertui.rules import procedures
from hammertui.rules.ruleset import toml_file
from hammertui.session import migrations
from hammertui.session.procedures import slice_types
from hammertui.session.save_check import check_state
from hammertui.session.events import Event
from hammertui.session.state import State

SCHEMA = 3
"""The snapshot format's version. An older file is migrated (`migrations`); a newer one is refused."""
LOG_SCHEMA = 1
"""The event log's format's version: events have kept their shape since the first."""

MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024
EVENT_HEADER = b"[[event]]"


class SaveError(Exception):
    """A save file that cannot be used; `problems` says what is wrong and where."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = list(problems)
        super().__init__("\n".join(f"{path}: {p}" for p in self.problems))


@attrs.frozen
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
    return converter


CONVERTER = _converter()


def _drop_none(value: Any) -> Any:
    """TOML has no null: leave out what is unset; loading puts the default back."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


def dump_state(state: State) -> str:
    """The snapshot as TOML text, schema first."""
    return tomli_w.dumps({"schema": SCHEMA, **_drop_none(CONVERTER.unstructure(state))})


def parse_state(text: str, path: Path) -> State:
    """Read a snapshot's text, or say exactly what is wrong with it."""
    try:
        data = toml_file.parse(text)
    except tomllib.TOMLDecodeError as error:
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
    return state


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
    problems = [f"slices.{name}: no procedure of this session keeps state under that name" for name in data if name not in types]
    slices = {}
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
    return parse_state(text, path)


def atomic_write(path: Path, text: str, backup: Path | None = None) -> None:
    """Replace `path` so a crash at any instant leaves the old file or the new one, never half.

    The new text goes to a temp file in the same folder (so the rename cannot cross devices), is
    flushed and fsynced, then renamed over the target. The file it replaces becomes `backup`.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)  # a link planted under this name goes; what it pointed at stays
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    with open(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    if backup is not None and path.exists():
        _keep_backup(path, backup)
    os.replace(tmp, path)
    _fsync_folder(path.parent)


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


def _keep_backup(path: Path, backup: Path) -> None:
    """Point `backup` at the current file without a moment where `path` is missing."""
    link = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    try:
        link.unlink(missing_ok=True)
        os.link(path, link)
    except OSError:  # a filesystem without hard links: copy instead
        link.write_bytes(path.read_bytes())
    os.replace(link, backup)


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


def write_snapshot(files: SaveFiles, state: State) -> None:
    atomic_write(files.snapshot, dump_state(state), backup=files.backup)


def dump_events(events: Iterable[Event]) -> str:
    return tomli_w.dumps({"event": [_drop_none(CONVERTER.unstructure(e)) for e in events]})


def append_events(path: Path, events: Sequence[Event]) -> None:
    """Append a batch of events and fsync: the log only ever grows at its end."""
    if not events:
        return
    fd = _open_plain(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with open(fd, "a", encoding="utf-8", newline="\n") as handle:
        if os.fstat(fd).st_size == 0:
            handle.write(f"schema = {LOG_SCHEMA}\n\n")
        handle.write(dump_events(events) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def read_log_tail(path: Path, count: int = 200, block: int = 64 * 1024) -> list[Event]:
    """The last `count` events, read backwards from the end so start-up cost does not grow."""
    if count <= 0 or not path.exists():
        return []
    chunk = _tail_chunk(path, count, block)
    return _parse_events(chunk)[-count:]


def _tail_chunk(path: Path, count: int, block: int) -> bytes:
    """Bytes from the start of the `count`-th last event header to the end of the file."""
    with open(_open_plain(path, os.O_RDONLY), "rb") as handle:
        end = handle.seek(0, os.SEEK_END)
        data = b""
        position = end
        while position > 0:
            position = max(0, position - block)
            handle.seek(position)
            data = handle.read(end - position)
            starts = _header_offsets(data)
            if len(starts) > count:  # one spare: the block may begin inside a value that looks like a header
                return data[starts[-count - 1]:]
        starts = _header_offsets(data)
        return data[starts[0]:] if starts else b""


def _header_offsets(data: bytes) -> list[int]:
    offsets = [0] if data.startswith(EVENT_HEADER) else []
    index = data.find(b"\n" + EVENT_HEADER)
    while index != -1:
        offsets.append(index + 1)
        index = data.find(b"\n" + EVENT_HEADER, index + 1)
    return offsets


def _parse_events(chunk: bytes) -> list[Event]:
    """Events in a chunk of the log; a torn last event (a crash mid-append) is left out."""
    pieces = [chunk[a:b] for a, b in _pairs(_header_offsets(chunk), len(chunk))]
    events = []
    for piece in pieces:
        try:
            table = tomllib.loads(piece.decode("utf-8"))["event"][0]
            events.append(CONVERTER.structure(table, Event))
        except Exception:
            continue
    return events


def _pairs(starts: list[int], end: int) -> list[tuple[int, int]]:
    return list(zip(starts, [*starts[1:], end]))


def repair_log(path: Path) -> bool:
    """Cut a torn last event off the log so the next append starts clean; True if it cut."""
    if not path.exists():
        return False
    with open(_open_plain(path, os.O_RDWR), "r+b") as handle:
        end = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, end - 64 * 1024))
        data = handle.read(64 * 1024)
        starts = _header_offsets(data)
        if not starts:
            return False
        last = data[starts[-1]:]
        if last.endswith(b"\n") and _parse_events(last):
            return False
        handle.truncate(end - len(last))
        os.fsync(handle.fileno())
    return True


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
