"""Rulesets read before, kept ready: a file read and checked once is not read again until it changes.

Reading a ruleset builds its model with cattrs (code generated for every class) and checks it
whole: the largest part of start-up. A ruleset that loaded cleanly is kept, pickled, in the user's
cache folder (`$XDG_CACHE_HOME/hammertui`, else `~/.cache/hammertui`), one entry a ruleset file,
with the code that read it and every file of its `extends` chain by a digest of its bytes: an
edit to any of them, a new version of the code, or a file that now shadows a parent reads the
chain afresh (and the new read replaces the entry). A ruleset with problems is never kept: its messages come from
reading it every time.

A pickle runs code when it is loaded, as a `.pyc` does, so entries are read only from a folder that
is the user's own and that nobody else can write (the folder is made 0700); anywhere else the cache
is left alone and rulesets are simply read. The cache is best-effort: any failure to read or write
it falls back to reading the file.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from hammertui.rules.ruleset.model import Ruleset

FORMAT = 1
"""Bumped when an entry's shape changes."""

Layer = tuple[Path, str]
"""A file of an `extends` chain and the digest of its bytes."""


@attrs.frozen
class Entry:
    """What is kept: the code that read it, the chain it was read from (root first) and the ruleset."""

    code: str
    layers: tuple[Layer, ...]
    parents: tuple[str | None, ...]
    ruleset: Ruleset


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hammertui" / "rulesets"


@functools.cache
def _code() -> str:
    """The code that turns files into rulesets: every module of `hammertui.rules`, by size and time."""
    seen = [f"{FORMAT} {sys.version}"]
    for where, folders, files in os.walk(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                info = os.stat(os.path.join(where, name))
                seen.append(f"{where}/{name} {info.st_size} {info.st_mtime_ns}")
    return digest("\n".join(seen).encode())


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _own(path: Path) -> bool:
    """Ours alone: owned by this user and writable by nobody else."""
    info = path.lstat()
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


def _entry_path(path: Path) -> Path:
    return folder() / f"{digest(str(path.resolve()).encode())[:40]}.pickle"


def read(path: Path, parent_of: Callable[[Path, str], Path | None]) -> Ruleset | None:
    """The kept ruleset for the file at `path`, or None when there is none that still holds.

    `parent_of(file, id)` finds the file an `extends` names, as reading it would."""
    try:
        entry_path = _entry_path(path)
        if not _own(entry_path.parent) or entry_path.lstat().st_uid != os.getuid():
            return None
        entry = pickle.loads(entry_path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    if not isinstance(entry, Entry) or entry.layers[-1][0] != path.resolve() or not _still_holds(entry, parent_of):
        return None
    return attrs.evolve(entry.ruleset, source=path)


def _still_holds(entry: Entry, parent_of: Callable[[Path, str], Path | None]) -> bool:
    if entry.code != _code() or len(entry.layers) != len(entry.parents) or entry.parents[0] is not None:
        return False
    try:
        if any(digest(file.read_bytes()) != kept for file, kept in entry.layers):
            return False
        for n, parent_id in enumerate(entry.parents[1:], start=1):
            if parent_id is None or parent_of(entry.layers[n][0], parent_id) != entry.layers[n - 1][0]:
                return False
    except OSError:
        return False
    return True


def keep(path: Path, files: Sequence[tuple[Path, str | None]], ruleset: Ruleset) -> None:
    """Keep a ruleset read cleanly from `files` (root first, each with the id it extends)."""
    try:
        layers = tuple((file.resolve(), digest(file.read_bytes())) for file, _ in files)
        entry = Entry(_code(), layers, tuple(parent for _, parent in files), ruleset)
        target = _entry_path(path)
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _own(target.parent):
            return
        handle, temp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    except (OSError, pickle.PicklingError):
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temp, target)
    except (OSError, pickle.PicklingError):
        Path(temp).unlink(missing_ok=True)
