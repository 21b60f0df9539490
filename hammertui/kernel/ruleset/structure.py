"""Reading a merged ruleset table into the model with cattrs, and its failures into problem lines.

The converter is built from the model's own types: strict hooks for TOML's scalars (a string is
never taken for a number), one hook factory for the rest that reads the `schema` metadata, and
cattrs' generated attrs hooks with `forbid_extra_keys` and detailed validation, so one load
collects every problem of a section. Each section of the file is read on its own: a broken
section is reported and replaced by a stand-in, and the cross-checks (`checks.py`) still run on
the sections that read cleanly.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Annotated, Any

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from hammertui.kernel.rules.table_hooks import structure_fields
from hammertui.kernel.ruleset.model import Ruleset
from hammertui.kernel.ruleset.procedures import Procedures
from hammertui.kernel.ruleset.report import Report
from hammertui.kernel.ruleset.schema import (
    RANGED,
    SECTION_CHECKS,
    Check,
    Inverted,
    Key,
    Keyed,
    KeyPath,
    MayBeEmpty,
    Problem,
    Unique,
    UniqueIds,
    Words,
    expected,
    ident,
    show,
)
from hammertui.kernel.ruleset.sections import owners, section_class
from hammertui.kernel.ruleset.stats import StatRules
from hammertui.kernel.ruleset.tiers import FRACTION_WORDS, fraction
from hammertui.kernel.ruleset.time import ModifierDice, TimeRules

Hook = Callable[[Any, Any], Any]

STAND_INS: dict[str, Any] = {
    "name": "",
    "plays": Procedures("divining_pool", "hammercrawl_camp", "burn_down", "hammercrawl_classes", "sides_and_phases"),
    "time": TimeRules("turn", "turns", 10, 60, 10),
    "modifier_dice": ModifierDice("advantage"),
    "stat_rules": StatRules(names=()),
}
"""What stands in for a required section that is missing or broken, so the rest can be checked."""

FROM_FILE = ("id", "source", "digest", "sections")
"""Ruleset fields the file's name and bytes give, not its tables (and the procedures' sections)."""


class _Partial(IterableValidationError):
    """A table of tables with some entries broken: `read` holds the entries that were fine."""

    read: dict[str, Any]


def _int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected("a whole number", value)
    return value


def _text(value: Any, _: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise expected("text in quotes", value)
    return value


def _any_text(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise expected("text in quotes (may be empty)", value)
    return value


def _bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise expected("true or false", value)
    return value


def _fraction(value: Any, _: Any) -> Fraction:
    try:
        return fraction(value)
    except ValueError:
        raise expected(FRACTION_WORDS, value) from None


def describe(t: Any) -> str:
    """What a value of type `t` looks like in TOML, for `expected ...` and `missing; expected ...`."""
    if typing.get_origin(t) is Annotated:
        for meta in t.__metadata__:
            if isinstance(meta, Check):
                return meta.words
            if isinstance(meta, Words | Inverted):
                return meta.words if isinstance(meta, Inverted) else meta.text
            if isinstance(meta, Keyed):
                return f"a table of {meta.what} tables"
            if isinstance(meta, MayBeEmpty):
                return "text in quotes (may be empty)"
        return describe(t.__origin__)
    inner = _optional(t)
    if inner is not None:
        return describe(inner)
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is tuple:
        return f"an array of {_one(describe(args[0]))}"
    if origin is dict:
        return f"a table whose values are each {describe(args[1])}"
    return {int: "a whole number", str: "text in quotes", bool: "true or false", Fraction: FRACTION_WORDS}.get(
        t, "a table"
    )


def _one(words: str) -> str:
    return "tables" if words == "a table" else words


def _optional(t: Any) -> Any:
    """`X` of `X | None`, else None."""
    if typing.get_origin(t) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(t) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return None


def _at(index: int | str, exc: Exception, t: Any) -> Exception:
    exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(f"@ {index!r}", index, t)]
    return exc


class Reader:
    """The cattrs converter for rulesets, with the words for each key it refuses."""

    def __init__(self) -> None:
        self.converter = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
        self.injected: dict[type, str] = {}
        for t, hook in ((int, _int), (str, _text), (bool, _bool), (Fraction, _fraction)):
            self.converter.register_structure_hook(t, hook)
        self.converter.register_structure_hook_factory(lambda _: True, self._hook_for)

    def hook(self, t: Any) -> Hook:
        return self.converter.get_structure_hook(t)

    def _hook_for(self, t: Any) -> Hook:
        if typing.get_origin(t) is Annotated:
            return self._annotated(t)
        inner = _optional(t)
        if inner is not None:
            return self.hook(inner)
        origin = typing.get_origin(t)
        if origin is tuple:
            return self._array(t)
        if origin is dict:
            return self._table_of(t)
        if attrs.has(t):
            return self._attrs(t)
        raise TypeError(f"no ruleset hook for {t!r}")

    def _annotated(self, t: Any) -> Hook:
        base_type, meta = t.__origin__, t.__metadata__
        keyed = next((m for m in meta if isinstance(m, Keyed)), None)
        inverted = next((m for m in meta if isinstance(m, Inverted)), None)
        if keyed is not None:
            base = self._keyed(base_type, keyed)
        elif inverted is not None:
            base = self._inverted(inverted)
        elif any(isinstance(m, MayBeEmpty) for m in meta):
            base = lambda v, _: _any_text(v, None)  # noqa: E731
        else:
            base = self.hook(base_type)
        checks = [m for m in meta if isinstance(m, Check)]
        words = describe(t) if checks or any(isinstance(m, Words | Inverted) for m in meta) else None
        unique = any(isinstance(m, Unique) for m in meta)
        unique_ids = any(isinstance(m, UniqueIds) for m in meta)

        def structure(value: Any, _: Any) -> Any:
            try:
                out = base(value, base_type)
            except Problem as problem:
                if words is None or problem.sub:
                    raise
                raise expected(words, value) from None
            for check in checks:
                if not check.test(out):
                    refused = expected(words or check.words, value)
                    if check.reason is not None:
                        refused = Problem(f"{refused.text}: {check.reason(out)}", refused.sub)
                    raise refused
            if unique:
                _refuse_repeats(list(out), value, t)
            if unique_ids:
                _refuse_repeats([row.id for row in out], [row.id for row in out], t, ids=True)
            return out

        return structure

    def _array(self, t: Any) -> Hook:
        (item_type, *_) = typing.get_args(t)
        item = self.hook(item_type)
        words = f"an array of {_one(describe(item_type))}"

        def structure(value: Any, _: Any) -> tuple[Any, ...]:
            if not isinstance(value, list):
                raise expected(words, value)
            out, errors = [], []
            for i, element in enumerate(value):
                try:
                    out.append(item(element, item_type))
                except Exception as exc:  # noqa: BLE001 - every element's problem is reported
                    errors.append(_at(i, exc, item_type))
            if errors:
                raise IterableValidationError("While structuring an array", errors, t)
            return tuple(out)

        return structure

    def _table_of(self, t: Any) -> Hook:
        key_type, value_type = typing.get_args(t)
        key = self.hook(key_type) if typing.get_origin(key_type) is Annotated else None
        value_hook = self.hook(value_type)
        words = describe(t)

        def structure(raw: Any, _: Any) -> dict[str, Any]:
            if not isinstance(raw, dict):
                raise expected(words, raw)
            out, errors = {}, []
            for k, v in raw.items():
                if key is not None:
                    try:
                        key(k, key_type)
                    except Problem:
                        errors.append(_at(k, expected(f"a key that is {describe(key_type)}", k), key_type))
                        continue
                try:
                    out[k] = value_hook(v, value_type)
                except Exception as exc:  # noqa: BLE001
                    errors.append(_at(k, exc, value_type))
            if errors:
                raise IterableValidationError("While structuring a table", errors, t)
            return out

        return structure

    def _keyed(self, t: Any, keyed: Keyed) -> Hook:
        """`[classes.dwarf]`: keys are ids, values tables of one class, the key set as its id."""
        _, value_type = typing.get_args(t)
        if keyed.field is not None:
            self.injected[value_type] = keyed.field
        value_hook = self.hook(value_type)
        name_check = ident()

        def structure(raw: Any, _: Any) -> dict[str, Any]:
            if not isinstance(raw, dict):
                raise expected(f"a table of {keyed.what} tables", raw)
            out, errors = {}, []
            for k, v in raw.items():
                if not isinstance(v, dict):
                    errors.append(_at(k, expected(f"a {keyed.what} table", v), value_type))
                elif not name_check.test(k):
                    errors.append(_at(k, Problem("expected an id of lower case letters, digits and _"), value_type))
                else:
                    if keyed.titled and keyed.titled not in v:
                        v = {**v, keyed.titled: k.replace("_", " ").capitalize()}
                    try:
                        out[k] = value_hook({**v, keyed.field: k} if keyed.field else v, value_type)
                    except Exception as exc:  # noqa: BLE001
                        errors.append(_at(k, exc, value_type))
            if errors:
                partial = _Partial("While structuring a table of tables", errors, t)
                partial.read = out
                raise partial
            return out

        return structure

    def _inverted(self, inverted: Inverted) -> Hook:
        lists = self.hook(dict[str, tuple[str, ...]])

        def structure(raw: Any, _: Any) -> dict[str, str]:
            if not isinstance(raw, dict):
                raise expected(inverted.words, raw)
            by_quality: dict[str, tuple[str, ...]] = lists(raw, None)
            return {name: quality for quality, names in by_quality.items() for name in names}

        return structure

    def _attrs(self, cls: type) -> Hook:
        attrs.resolve_types(cls)
        renames = {a.name: key for a in attrs.fields(cls) if (key := _key(a)) != a.name}
        if cls in RANGED:
            renames |= {"low": "from", "high": "to"}
        generated = structure_fields(cls, self.hook, renames)
        check = SECTION_CHECKS.get(cls)
        ranged = cls in RANGED

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise expected("a table", value)
            if ranged:
                value = _roll_as_range(value)
            out = generated(value, cls)
            problems = list(check(out)) if check else []
            if problems:
                raise ClassValidationError(f"While checking {cls.__name__}", problems, cls)
            return out

        return structure

    def keys_of(self, cls: type) -> list[str]:
        """The keys a table of `cls` takes, for `unknown key; expected one of: ...`."""
        keys = [
            "from" if cls in RANGED and a.name == "low" else "to" if cls in RANGED and a.name == "high" else _key(a)
            for a in attrs.fields(cls)
            if a.init and a.name != self.injected.get(cls)
        ]
        return sorted([*keys, *(["roll"] if cls in RANGED else [])])

    def key_of(self, cls: type, name: str) -> str:
        if cls in RANGED and name in ("low", "high"):
            return "from" if name == "low" else "to"
        return _key(attrs.fields_dict(cls)[name])


def _key(a: attrs.Attribute) -> str:  # type: ignore[type-arg]
    """The TOML key of a field: its `Key` when it has one, else its name."""
    t: Any = a.type
    for candidate in (t, _optional(t)):
        if typing.get_origin(candidate) is Annotated:
            for meta in candidate.__metadata__:
                if isinstance(meta, Key):
                    return meta.name
    return a.name


def _roll_as_range(value: dict[str, Any]) -> dict[str, Any]:
    """`roll = 5` is `from = 5` + `to = 5`."""
    if "roll" not in value:
        return value
    roll = value["roll"]
    if "from" in value or "to" in value:
        raise Problem("expected either roll or from and to, not both")
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise expected("a whole number", roll, ("roll",))
    return {**{k: v for k, v in value.items() if k != "roll"}, "from": roll, "to": roll}


def _refuse_repeats(values: list[Any], shown: Any, t: Any, ids: bool = False) -> None:
    seen: set[Any] = set()
    for i, item in enumerate(values):
        if item in seen:
            if ids:
                problem = Problem(f"expected an id not used earlier in the array, got {show(item)} again", ("id",))
            else:
                problem = expected("each value once, not repeated", shown[i])
            raise IterableValidationError("Repeated", [_at(i, problem, t)], t)
        seen.add(item)


_reader: Reader | None = None


def reader() -> Reader:
    """The one converter, built on the first load (cattrs costs start-up time the app need not pay)."""
    global _reader
    if _reader is None:
        _reader = Reader()
    return _reader


def read(data: dict[str, Any], report: Report) -> Ruleset:
    """The ruleset in `data`, section by section in the file's order, the kernel's and those its
    procedures own alike; a broken section is reported and stood in for."""
    attrs.resolve_types(Ruleset)
    fields = {_key(field): field for field in attrs.fields(Ruleset) if field.name not in FROM_FILE}
    sections = owners()
    values: dict[str, Any] = {}
    for key, field in fields.items():
        if key not in data and field.default is attrs.NOTHING:
            report.problem((key,), f"missing; expected {describe(field.type)}")
            values[field.name] = STAND_INS[field.name]
    read_sections: dict[str, Any] = {}
    for key, value in data.items():
        if key in fields:
            _section(
                key, value, fields[key].name, fields[key].type, fields[key].default is attrs.NOTHING, values, report
            )
        elif key in sections:
            _section(key, value, key, section_class(key), False, read_sections, report)
    known = sorted({"id", "format", *fields, *sections})
    for key in data:
        if key not in known:
            report.problem((key,), f"unknown key; expected one of: {', '.join(known)}")
    return Ruleset(**values, sections=read_sections)


def _section(key: str, value: Any, name: str, t: Any, required: bool, into: dict[str, Any], report: Report) -> None:
    """One section read into `into` under `name`; its problems reported, a required one stood in for."""
    try:
        into[name] = reader().hook(t)(value, t)
    except Exception as exc:  # noqa: BLE001 - every section's problems are reported
        for path, text in problems(exc, (key,), t, value):
            report.problem(path, text)
        if isinstance(exc, _Partial):
            into[name] = exc.read
        elif required:
            into[name] = STAND_INS[name]


def problems(exc: BaseException, path: KeyPath, t: Any, raw: Any) -> Iterator[tuple[KeyPath, str]]:
    """Each problem inside a cattrs failure, with its key path."""
    r = reader()
    if isinstance(exc, ClassValidationError):
        for sub in exc.exceptions:
            note = next((n for n in getattr(sub, "__notes__", []) if isinstance(n, AttributeValidationNote)), None)
            if note is not None:
                yield from problems(sub, (*path, r.key_of(exc.cl, note.name)), note.type, raw)
            elif isinstance(sub, ForbiddenExtraKeysError):
                allowed = ", ".join(r.keys_of(exc.cl))
                for key in sorted(sub.extra_fields):
                    yield (*path, key), f"unknown key; expected one of: {allowed}"
            else:
                yield from problems(sub, path, t, raw)
    elif isinstance(exc, IterableValidationError):
        for sub in exc.exceptions:
            at = next((n for n in getattr(sub, "__notes__", []) if isinstance(n, IterableValidationNote)), None)
            if at is not None:
                yield from problems(sub, (*path, at.index), at.type, raw)
            else:
                yield from problems(sub, path, t, raw)
    elif isinstance(exc, Problem):
        yield (*path, *exc.sub), exc.text
    elif isinstance(exc, KeyError):
        yield path, f"missing; expected {describe(t)}"
    else:
        raise exc
