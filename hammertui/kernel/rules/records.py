"""`@record`: the frozen attrs class every rule, ruleset section, state and action is.

It is `attrs.frozen` with one `__repr__` shared by all instead of one written and compiled for each
class. attrs compiles the methods it writes for a class when the class is made; the `__repr__` was
a third of that, and start-up makes some two hundred classes, each paying it for a method only a
traceback or a failing test calls. The shared one reads the same: `Name(field=value, ...)`.

To a type checker `record` is `attrs.frozen` itself, which mypy's attrs plugin knows: it types a
record's fields, its `__init__`, `attrs.evolve` and `attrs.fields` of it, and refuses assignments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["record"]

C = TypeVar("C", bound=type)


def _repr(self: Any) -> str:
    shown = ", ".join(
        f"{field.name}={(repr if field.repr is True else field.repr)(getattr(self, field.name, attrs.NOTHING))}"
        for field in attrs.fields(type(self))
        if field.repr is not False
    )
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({shown})"


if TYPE_CHECKING:
    from attrs import frozen as record
else:

    def record(cls: C) -> C:
        """`attrs.frozen`, with the shared `__repr__` unless the class writes its own."""
        made = attrs.frozen(cls, repr=False)
        if "__repr__" not in cls.__dict__:
            made.__repr__ = _repr
        return made
