"""The problem list of one load: each line names the file that set the key, the dotted key path,
what was expected and what was there."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from hammertui.kernel.ruleset.schema import KeyPath, show

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def dotted(path: KeyPath) -> str:
    """`traps.table[4].damage`: array positions counted from 0, odd keys in quotes."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE_KEY.match(part) else json.dumps(part)
            out += f".{key}" if out else key
    return out


def dig(value: Any, path: KeyPath) -> Any:
    """The raw value at `path`, or the deepest one that exists on the way."""
    for part in path:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return value
    return value


class Report:
    """Collects problems for one load, naming for each key path the file it came from."""

    def __init__(self, leaf_file: str, origins: Mapping[KeyPath, str], raw: dict[str, Any]) -> None:
        self.leaf_file = leaf_file
        self.origins = origins
        self.raw = raw
        self.paths: list[KeyPath] = []
        self.messages: list[str] = []

    def file_of(self, path: KeyPath) -> str:
        """The file that set the longest known prefix of `path` (arrays are set whole)."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.origins:
                return self.origins[path[:n]]
        return self.leaf_file

    def problem(self, path: KeyPath, text: str) -> None:
        self.paths.append(path)
        where = dotted(path)
        message = f"{self.file_of(path)}: {where}: {text}" if where else f"{self.file_of(path)}: {text}"
        if message not in self.messages:
            self.messages.append(message)

    def expected(self, path: KeyPath, expected: str, got: Any) -> None:
        self.problem(path, f"expected {expected}, got {show(got)}")

    def failed_under(self, prefix: KeyPath) -> bool:
        return any(p[: len(prefix)] == prefix for p in self.paths)
