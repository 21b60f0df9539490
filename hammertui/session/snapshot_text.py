"""The snapshot's TOML text, rendered again only where the state changed.

An evening's snapshot is mostly records that no action touches again: every room explored with its
pool and throws, the graveyard, the loot. Rendering all of it after every key is most of a key's
cost by the end of an evening, so each array of records is rendered on its own and its text kept
while the state holds the very same (immutable) tuple; the rest is rendered afresh. The text parses
to exactly what rendering the whole state at once gives: a kept array is written as an array of
tables (`[[path]]`) after everything else, which TOML reads as the same keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import tomli_w

Path = tuple[str, ...]

_kept: dict[Path, tuple[tuple[Any, ...], str | None]] = {}
"""Per path, the tuple last rendered there and its text (None: tomli_w writes it inline, in its
table, so it cannot stand apart)."""


def render(state: object, data: dict[str, Any]) -> str:
    """`data` (the unstructured `state`, changed in place) as TOML text."""
    apart = list(_apart(state, data))
    return tomli_w.dumps(data) + "".join(f"\n{text}" for text in apart)


def _apart(state: object, data: dict[str, Any]) -> Iterator[str]:
    """The texts of the arrays written apart, each taken out of `data`."""
    for path, records, listed in list(_record_arrays(state, data, ())):
        kept = _kept.get(path)
        if kept is None or kept[0] is not records:
            text = tomli_w.dumps(_nested(path, listed))
            kept = (records, text if text.startswith("[[") else None)
            _kept[path] = kept
        if kept[1] is not None:
            _parent(data, path).pop(path[-1])
            yield kept[1]


def _record_arrays(obj: object, data: dict[str, Any], path: Path) -> Iterator[tuple[Path, tuple[Any, ...], Any]]:
    """Every non-empty tuple of attrs records reachable through tables alone, with its data."""
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        listed = data.get(field.name)
        here = (*path, field.name)
        if isinstance(value, tuple) and value and isinstance(listed, list) and all(attrs.has(type(v)) for v in value):
            yield here, value, listed
        elif attrs.has(type(value)) and isinstance(listed, dict):
            yield from _record_arrays(value, listed, here)
        elif isinstance(value, dict) and isinstance(listed, dict):
            for key, item in value.items():
                if attrs.has(type(item)) and isinstance(listed.get(key), dict):
                    yield from _record_arrays(item, listed[key], (*here, key))


def _nested(path: Path, value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


def _parent(data: dict[str, Any], path: Path) -> dict[str, Any]:
    for key in path[:-1]:
        data = data[key]
    return data
