"""A record reads as attrs' own classes do, with its shared repr."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.records import record


@record
class Torch:
    kind: str
    turns: int = 6
    lit: tuple[str, ...] = ()
    secret: str = attrs.field(default="", repr=False)


@attrs.frozen
class Plain:
    kind: str
    turns: int = 6
    lit: tuple[str, ...] = ()
    secret: str = attrs.field(default="", repr=False)


def test_repr_reads_as_attrs_writes_it() -> None:
    assert repr(Torch("torch", 3, ("Ann",), "x")) == repr(Plain("torch", 3, ("Ann",), "x")).replace("Plain", "Torch")


def test_a_record_is_frozen_and_compares_by_value() -> None:
    torch = Torch("torch")
    assert torch == Torch("torch") and hash(torch) == hash(Torch("torch"))
    assert attrs.evolve(torch, turns=2).turns == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        torch.turns = 1  # type: ignore[misc]


def test_a_class_keeps_its_own_repr() -> None:
    @record
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert repr(Named("Ann")) == "<Ann>"
