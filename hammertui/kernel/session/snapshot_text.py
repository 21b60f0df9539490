"""The snapshot's TOML text, rendered again only where the state changed.

An action changes a little of the state and leaves the rest the very same (immutable) objects: the
rooms explored with their pools and throws, the graveyard, the loot. So the text of each of the
state's own fields is kept while the state holds the very same value, and a field that changed is
rendered again from data kept per record in the same way (kept across renders, so that an undo
finds the records it brings back already read); within it, each array of records is rendered
apart, one table per record, each kept while the state holds the very same record. The text parses
to exactly what rendering the whole state at once gives: top-level values come first, then each
field's tables, and an array kept apart is written as an array of tables (`[[path]]`) after the
rest of its field, which TOML reads as the same keys.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import tomli_w

Path = tuple[str, ...]
Kept = dict[int, tuple[object, Any]]

_fields: dict[str, tuple[object, str]] = {}
"""Per field of the state, the value last rendered there and its text."""
_known: dict[str, Kept] = {}
"""Per field, the data of every record and tuple rendering read there (by identity), kept across
renders: an undo brings back records rendered several actions ago, and a record read through a
tuple kept whole is known all the same. Each entry holds its record, so an identity is never reused
while it is known."""
_walked: dict[str, int] = {}
"""Per field, how many records and tuples its last render from nothing read: the size of the live
field, by which `_known` is let grow before it starts again from nothing."""
GROWTH = 4
"""How many times a field's live size its known data may grow to (records of states gone) before
it is forgotten and the next render reads the field afresh."""
_arrays: dict[Path, tuple[tuple[Any, ...], str | None]] = {}
"""Per path, the tuple last rendered there and its text (None: tomli_w writes it inline, in its
table, so it cannot stand apart)."""
_elements: dict[Path, dict[int, tuple[object, str]]] = {}
"""Per path, the text of each record last rendered in the array there, by identity: a room
explored or a combatant hurt renders that one table again, not the whole array."""


def render(state: attrs.AttrsInstance) -> str:
    """The state as TOML text (without the snapshot's head)."""
    head: list[str] = []
    tables: list[str] = []
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        if value is None:
            continue
        kept = _fields.get(field.name)
        if kept is None or kept[0] is not value:
            kept = (value, _field_text(field.name, value, _known_for(field.name)))
            _fields[field.name] = kept
        (tables if kept[1].startswith("[") else head).append(kept[1])
    return "".join(head) + "".join(f"\n{text}" for text in tables)


def _known_for(name: str) -> Kept:
    """The field's known data, forgotten once it outgrew the live field `GROWTH` times."""
    known = _known.setdefault(name, {})
    if len(known) > GROWTH * _walked.get(name, 0):
        known.clear()
    return known


def _plain(value: Any, known: Kept) -> Any:
    """The TOML-ready data of a value: records as tables without their unset (None) fields (a
    record that is a mapping, as a character's stats, as the table of its items), tuples as
    arrays. A record or tuple already `known` gives the data read then; data is never changed,
    being shared while its record lives."""
    keep = attrs.has(type(value)) or (type(value) is tuple and value)
    if keep:
        kept = known.get(id(value))
        if kept is not None and kept[0] is value:
            return kept[1]
    if keep and isinstance(value, Mapping):
        data: Any = {key: _plain(inner, known) for key, inner in value.items()}
    elif attrs.has(type(value)):
        data = {}
        for field in attrs.fields(type(value)):
            inner = getattr(value, field.name)
            if inner is not None:
                data[field.name] = _plain(inner, known)
    elif isinstance(value, (tuple, list)):
        data = [_plain(inner, known) for inner in value]
    elif isinstance(value, dict):
        data = {key: _plain(inner, known) for key, inner in value.items() if inner is not None}
    else:
        return value
    if keep:
        known[id(value)] = (value, data)
    return data


def _field_text(name: str, value: Any, known: Kept) -> str:
    fresh = not known
    data = _plain(value, known)
    if fresh:
        _walked[name] = len(known)
    apart = []
    for path, records, listed in list(_record_arrays(value, data, (name,))):
        kept = _arrays.get(path)
        if kept is None or kept[0] is not records:
            text = _array_text(path, records, listed)
            kept = (records, text if text.startswith("[[") else None)
            _arrays[path] = kept
        if kept[1] is not None:
            data = _without(data, path[1:])
            apart.append(kept[1])
    if apart and data == {}:
        return "\n".join(apart)
    return tomli_w.dumps({name: data}) + "".join(f"\n{text}" for text in apart)


def _array_text(path: Path, records: tuple[Any, ...], listed: list[Any]) -> str:
    """An array of tables as tomli_w writes it: each record's `[[path]]` table, one after the
    other, each kept while the array holds the very same record. Should any record alone be
    written inline, the array is rendered whole, as tomli_w then decides for all of it at once."""
    before = _elements.get(path, {})
    now: dict[int, tuple[object, str]] = {}
    texts = []
    for record, data in zip(records, listed, strict=True):
        kept = before.get(id(record))
        if kept is None or kept[0] is not record:
            kept = (record, tomli_w.dumps(_nested(path, [data])))
        if not kept[1].startswith("[["):
            _elements.pop(path, None)
            return tomli_w.dumps(_nested(path, listed))
        now[id(record)] = kept
        texts.append(kept[1])
    _elements[path] = now
    return "\n".join(texts)


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
    """`value` at `path` (never empty), in a table of its own for each key on the way."""
    nested: dict[str, Any] = {path[-1]: value}
    for key in reversed(path[:-1]):
        nested = {key: nested}
    return nested


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
