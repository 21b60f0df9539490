"""What changed in a ruleset between two readings of its file: each rule by its key path, with the
value it had and the value it has now, so the 'Smith reopening a session hears what is different."""

from __future__ import annotations

import json
from typing import Any

NONE = "(none)"
"""A rule that one of the two readings does not set."""


def changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """`light.sources.torch.duration: 4 -> 3`, one line per rule set, changed or dropped, in key order."""
    was, now = _flat(played(old)), _flat(played(new))
    return [
        f"{key}: {was.get(key, NONE)} -> {now.get(key, NONE)}"
        for key in sorted(was.keys() | now.keys())
        if was.get(key) != now.get(key)
    ]


def played(data: dict[str, Any]) -> dict[str, Any]:
    """The rules of a ruleset file's data, without a section that none of the procedures it names
    owns: rules kept when every ruleset held a `[combat]` still hold it for one that fights by another
    procedure, which never read it (the file no longer may)."""
    from hammertui.kernel.rules import procedures
    from hammertui.kernel.ruleset.sections import owners

    chosen = data.get("procedures")
    if not isinstance(chosen, dict):
        return data
    known = [
        (part, name) for part, name in chosen.items() if part in procedures.PARTS and name in procedures.names(part)
    ]
    playing = {section for part, name in known for section in procedures.procedure(part, name).sections}
    return {key: value for key, value in data.items() if key not in owners() or key in playing}


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
