"""Session names: the CLI's name for a session's files and the name `f2` gives it are held to
the same rule, so a name shown is one a file could carry (no markup brackets, no control characters)."""

from __future__ import annotations

import re

_NAME = re.compile(r"[\w][\w .'-]{0,63}")
MAX_NAME_CHARS = 64
FILE_NAME_BYTES = 255
"""What the common file systems allow a file name: 255 bytes (not letters) of its UTF-8 spelling."""
SUFFIX_ROOM = 40
"""Bytes kept for what a session's files add to its name: the longest, `.NAME.toml.bak.PID.tmp`
with a pid of ten digits, takes 25, and a file set aside takes `.toml.unreadable-999`."""
MAX_NAME_BYTES = FILE_NAME_BYTES - SUFFIX_ROOM
RESERVED_ENDINGS = (".toml", ".log", ".bak", ".tmp")
"""What the files of a session add to its name: a name ending so would share a file with another
session's (`crawl.log`'s snapshot is `crawl`'s log)."""


class BadSessionName(ValueError):
    """A session name that cannot safely be a file name."""


def check_name(name: str) -> str:
    """Session names become file names: letters, digits, spaces, `.`, `'`, `-` and `_` only, short
    enough in bytes for every file the session makes, and never ending as a session file's name does."""
    if not _NAME.fullmatch(name) or name.endswith((".", " ")) or ".." in name:
        raise BadSessionName(
            f"{name!r} cannot be a session name: use up to {MAX_NAME_CHARS} letters, digits, spaces, . ' - _"
        )
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise BadSessionName(f"{name!r} cannot be a session name: it is too long for a file name; use fewer letters")
    if name.lower().endswith(RESERVED_ENDINGS):
        endings = ", ".join(RESERVED_ENDINGS)
        raise BadSessionName(
            f"{name!r} cannot be a session name: a session's files end in {endings}, so its name may not"
        )
    return name
