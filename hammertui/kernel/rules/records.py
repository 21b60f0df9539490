"""`@record`: the frozen attrs class every rule, ruleset section, state and action is.

It is `attrs.frozen` with one `__repr__` shared by all instead of one written and compiled for each
class. attrs compiles the methods it writes for a class when the class is made; the `__repr__` was
a third of that, and start-up makes some two hundred classes, each paying it for a method only a
traceback or a failing test calls. The shared one reads the same: `Name(field=value, ...)`.
"""

from __future__ import annotations

from typing import Any, TypeVar, dataclass_transform

import attrs

C = TypeVar("C", bound=type)


def _repr(self: Any) -> str:
    shown = ", ".join(
        f"{field.name}={(repr if field.repr is True else field.repr)(getattr(self, field.name, attrs.NOTHING))}"
        for field in attrs.fields(type(self))
        if field.repr is not False
    )
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({shown})"


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def record(cls: C) -> C:
    """`attrs.frozen`, with the shared `__repr__` unless the class writes its own."""
    made = attrs.frozen(cls, repr=False)
    if "__repr__" not in cls.__dict__:
        made.__repr__ = _repr
    return made
