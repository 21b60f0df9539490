"""What changed in a ruleset between two readings of its file: each rule by its key path, with the
value it had and the value it has now, so the 'Smith reopening a session hears what is different."""

from __future__ import annotations

import json
from typing import Any

NONE = "(none)"
"""A rule that one of the two readings does not set."""


def changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """`light.sources.torch.duration: 4 -> 3`, one line per rule set, changed or dropped, in key order."""
    was, now = _flat(old), _flat(new)
    return [f"{key}: {was.get(key, NONE)} -> {now.get(key, NONE)}" for key in sorted(was.keys() | now.keys()) if was.get(key) != now.get(key)]


def _flat(data: Any, prefix: str = "") -> dict[str, str]:
    """Every rule by its dotted key path (`classes.thief.hit_die`, `colours[2].name` in an array of
    tables), each value as TOML would write it."""
    if isinstance(data, dict):
        found: dict[str, str] = {}
        for key, value in data.items():
            found.update(_flat(value, f"{prefix}.{key}" if prefix else str(key)))
        return found
    if isinstance(data, list) and data and all(isinstance(item, dict) for item in data):
        found = {}
        for index, item in enumerate(data):
            found.update(_flat(item, f"{prefix}[{index}]"))
        return found
    return {prefix: json.dumps(data, ensure_ascii=False, default=str)}
