"""Text the app keeps and draws (typed, saved or written in a ruleset) holds no control characters.

A control character in a name reaches the terminal as it is drawn: ESC starts an escape sequence
(a window title changed, the screen cleared, rows misdrawn), and others move the cursor. Tab and
newline are text only where a field holds several lines (notes); C1 and DEL never are. One check,
asked by actions of what they carry, by the save check and by the ruleset loader.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import attrs

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 but tab and newline, DEL, and C1: never text in any field."""
LINE_BREAKS = re.compile("[\t\n]")
"""Text in fields of several lines (`MULTILINE`) only."""
MULTILINE = frozenset({"notes"})
"""The fields a person types several lines into."""


def control_in(text: str, multiline: bool) -> str | None:
    """The first control character in `text` as U+XXXX, or None when it holds none."""
    found = CONTROL.search(text) or (None if multiline else LINE_BREAKS.search(text))
    return f"U+{ord(found.group()):04X}" if found else None


def control_problems(value: Any, where: str = "", multiline: bool = True) -> list[str]:
    """One line per string in `value` (dicts, lists, tuples and attrs classes, walked) that holds a
    control character, naming it by its path. Strings in fields named in `MULTILINE` may hold tab
    and newline; elsewhere only where `multiline` says so."""
    if _clean(value, multiline):
        return []
    return [
        f"{one_line(path) or 'text'}: holds a control character ({code}); text cannot hold one"
        for path, text, lines in _strings(value, where, multiline)
        if (code := control_in(text, lines)) is not None
    ]


def printable(text: str) -> str:
    """`text` with each `CONTROL` character written as its escape, to be shown on a terminal."""
    return CONTROL.sub(_escape, text)


def one_line(text: str) -> str:
    """`text` with each control character, tab and newline among them, written as its escape: a
    key path or a name shown in a message of one line, whatever it holds."""
    return LINE_BREAKS.sub(_escape, CONTROL.sub(_escape, text))


def _escape(found: re.Match[str]) -> str:
    return f"\\x{ord(found[0]):02x}"


def _clean(value: Any, multiline: bool) -> bool:
    """Whether no string in `value` holds a control character: `_strings`' walk without the paths
    it names, which only a problem needs. A session's state and a ruleset are checked as they are
    read, thousands of strings at every start-up, and almost never hold one."""
    if isinstance(value, str):
        return CONTROL.search(value) is None and (multiline or LINE_BREAKS.search(value) is None)
    if value is None or isinstance(value, (int, float)):
        return True
    if isinstance(value, dict):
        for key, item in value.items():
            if not _clean(str(key), False) or not _clean(item, multiline or key in MULTILINE):
                return False
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            if not _clean(item, multiline):
                return False
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if not _clean(getattr(value, field.name), multiline or field.name in MULTILINE):
                return False
    return True


def _strings(value: Any, where: str, multiline: bool) -> Iterator[tuple[str, str, bool]]:
    if isinstance(value, str):
        yield where, value, multiline
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(str(key), _join(where, "(key)"), False)
            yield from _strings(item, _join(where, str(key)), multiline or key in MULTILINE)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for index, item in enumerate(value):
            yield from _strings(item, f"{where}[{index}]", multiline)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _strings(
                getattr(value, field.name), _join(where, field.name), multiline or field.name in MULTILINE
            )


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
