"""Reading tables into attrs classes field by field fails and succeeds as cattrs' generated code does."""

from __future__ import annotations

import attrs
import cattrs
import pytest

from hammertui.kernel.rules.table_hooks import structure_fields


@attrs.frozen
class Inner:
    size: int


@attrs.frozen
class Outer:
    name: str
    inner: Inner
    count: int = 3
    _secret: str = ""


def converters() -> tuple[cattrs.Converter, cattrs.Converter]:
    """Ours, and cattrs' own generated hooks, configured alike."""
    ours = cattrs.Converter(forbid_extra_keys=True)
    ours.register_structure_hook_factory(attrs.has, lambda cls: structure_fields(cls, ours.get_structure_hook))
    return ours, cattrs.Converter(forbid_extra_keys=True)


TABLES = [
    {"name": "x", "inner": {"size": 2}},
    {"name": "x", "inner": {"size": 2}, "count": 5, "_secret": "s"},
    {"name": "x"},
    {"inner": {"size": "big"}, "extra": 1},
    {"name": "x", "inner": {"size": 1, "more": 2}},
]


def outcome(converter: cattrs.Converter, table: dict) -> object:
    try:
        return converter.structure(table, Outer)
    except cattrs.ClassValidationError as error:
        return cattrs.transform_error(error)


@pytest.mark.parametrize("table", TABLES)
def test_reads_and_refuses_as_cattrs_does(table: dict) -> None:
    ours, theirs = converters()
    assert outcome(ours, table) == outcome(theirs, table)


@pytest.mark.parametrize("value", [5, [1, 2], "size"])
def test_a_value_where_a_table_belongs_is_named_as_such(value: object) -> None:
    """cattrs' generated code fails here on `.keys()` and its message says nothing of where."""
    ours, _ = converters()
    assert outcome(ours, {"name": "x", "inner": value}) == ["invalid value for type, expected Inner @ $.inner"]


def test_every_field_problem_is_gathered() -> None:
    ours, _ = converters()
    with pytest.raises(cattrs.ClassValidationError) as caught:
        ours.structure({"inner": {"size": "big"}, "extra": 1}, Outer)
    assert sorted(cattrs.transform_error(caught.value)) == [
        "extra fields found (extra) @ $",
        "invalid value for type, expected int @ $.inner.size",
        "required field missing @ $.name",
    ]


def test_renamed_keys_are_read_and_the_field_names_refused() -> None:
    hook = structure_fields(Inner, lambda t: lambda v, _: v, {"size": "from"})
    assert hook({"from": 4}, Inner) == Inner(4)
    with pytest.raises(cattrs.ClassValidationError):
        hook({"size": 4}, Inner)
