"""The snapshot's TOML text, rendered again only where the state changed.

An action changes a little of the state and leaves the rest the very same (immutable) objects: the
rooms explored with their pools and throws, the graveyard, the loot. So the text of each of the
state's own fields is kept while the state holds the very same value, and a field that changed is
rendered again from data kept per record in the same way; within it, each array of records is
rendered apart and kept while the state holds the very same tuple. The text parses to exactly what
rendering the whole state at once gives: top-level values come first, then each field's tables,
and an array kept apart is written as an array of tables (`[[path]]`) after the rest of its field,
which TOML reads as the same keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import tomli_w

Path = tuple[str, ...]
Kept = dict[int, tuple[object, Any]]

_fields: dict[str, tuple[object, str, Kept]] = {}
"""Per field of the state, the value last rendered there, its text, and the data of each record
and tuple within it that rendering read (by identity), for the next time the field changes."""
_arrays: dict[Path, tuple[tuple[Any, ...], str | None]] = {}
"""Per path, the tuple last rendered there and its text (None: tomli_w writes it inline, in its
table, so it cannot stand apart)."""


def render(state: object) -> str:
    """The state as TOML text (without the snapshot's head)."""
    head, tables = [], []
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        if value is None:
            continue
        kept = _fields.get(field.name)
        if kept is None or kept[0] is not value:
            reading: Kept = {}
            text = _field_text(field.name, value, kept[2] if kept else {}, reading)
            kept = (value, text, reading)
            _fields[field.name] = kept
        (tables if kept[1].startswith("[") else head).append(kept[1])
    return "".join(head) + "".join(f"\n{text}" for text in tables)


def _plain(value: Any, before: Kept, reading: Kept) -> Any:
    """The TOML-ready data of a value: records as tables without their unset (None) fields, tuples
    as arrays. A record or tuple read `before` gives the data read then; data is never changed,
    being shared while its record lives."""
    keep = attrs.has(type(value)) or (type(value) is tuple and value)
    if keep:
        kept = before.get(id(value))
        if kept is not None and kept[0] is value:
            reading[id(value)] = kept
            return kept[1]
    if attrs.has(type(value)):
        data: Any = {}
        for field in attrs.fields(type(value)):
            inner = getattr(value, field.name)
            if inner is not None:
                data[field.name] = _plain(inner, before, reading)
    elif isinstance(value, (tuple, list)):
        data = [_plain(inner, before, reading) for inner in value]
    elif isinstance(value, dict):
        data = {key: _plain(inner, before, reading) for key, inner in value.items() if inner is not None}
    else:
        return value
    if keep:
        reading[id(value)] = (value, data)
    return data


def _field_text(name: str, value: Any, before: Kept, reading: Kept) -> str:
    data = _plain(value, before, reading)
    apart = []
    for path, records, listed in list(_record_arrays(value, data, (name,))):
        kept = _arrays.get(path)
        if kept is None or kept[0] is not records:
            text = tomli_w.dumps(_nested(path, listed))
            kept = (records, text if text.startswith("[[") else None)
            _arrays[path] = kept
        if kept[1] is not None:
            data = _without(data, path[1:])
            apart.append(kept[1])
    if apart and data == {}:
        return "\n".join(apart)
    return tomli_w.dumps({name: data}) + "".join(f"\n{text}" for text in apart)


def _record_arrays(value: Any, data: Any, path: Path) -> Iterator[tuple[Path, tuple[Any, ...], Any]]:
    """Every non-empty tuple of attrs records reachable through tables alone, with its data."""
    if isinstance(value, tuple) and value and isinstance(data, list) and all(attrs.has(type(v)) for v in value):
        yield path, value, data
    elif attrs.has(type(value)) and isinstance(data, dict):
        for field in attrs.fields(type(value)):
            yield from _record_arrays(getattr(value, field.name), data.get(field.name), (*path, field.name))
    elif isinstance(value, dict) and isinstance(data, dict):
        for key, item in value.items():
            if attrs.has(type(item)):
                yield from _record_arrays(item, data.get(key), (*path, key))


def _nested(path: Path, value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


def _without(data: Any, path: Path) -> Any:
    """`data` without the value at `path` (within it), copying only the tables on the way: the
    data itself is shared and never changed."""
    if not path:
        return {}
    inner = {**data}
    if len(path) == 1:
        inner.pop(path[0])
    else:
        inner[path[0]] = _without(data[path[0]], path[1:])
    return inner
