"""Reading a table into an attrs class by walking its fields, for cattrs converters.

cattrs writes and compiles a function for every class it reads; the ruleset and a save together
have about ninety classes, and compiling them was a third of opening a session. This hook reads
the same tables the same way, field by field, and fails the same way as cattrs' detailed
validation (a `ClassValidationError` whose errors carry an `AttributeValidationNote`, and a
`ForbiddenExtraKeysError` for unknown keys), so the messages built from those errors stay as they
are. A converter registers it with `register_structure_hook_factory(attrs.has, ...)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
from cattrs.errors import AttributeValidationNote, ClassValidationError, ForbiddenExtraKeysError

from hammertui.kernel.rules.records import record

Hook = Callable[[Any, Any], Any]
HookOf = Callable[[Any], Hook]


@record
class _Field:
    name: str
    alias: str
    key: str
    type: Any
    required: bool


def structure_fields(cls: type, hook_of: HookOf, renames: Mapping[str, str] | None = None) -> Hook:
    """A hook reading a table into `cls`: each field from its key (its name, or `renames[name]`),
    through `hook_of(field type)`; a field with a default may be left out; any other key is refused.
    Every field's failure is gathered before the class's error is raised."""
    attrs.resolve_types(cls)
    renames = renames or {}
    fields = [
        _Field(a.name, a.alias, renames.get(a.name, a.name), a.type, a.default is attrs.NOTHING)
        for a in attrs.fields(cls)
        if a.init
    ]
    allowed = frozenset(f.key for f in fields)
    hooks: dict[str, Hook] = {}
    where = f"Structuring class {cls.__qualname__} @ attribute "
    failed = f"While structuring {cls.__name__}"

    def structure(table: dict[str, Any], _: Any) -> Any:
        if not isinstance(table, dict):
            raise TypeError(f"expected a table, got {type(table).__name__}")
        values: dict[str, Any] = {}
        errors: list[Exception] = []
        for field in fields:
            if not field.required and field.key not in table:
                continue
            try:
                hook = hooks.get(field.name)
                if hook is None:
                    hook = hooks[field.name] = hook_of(field.type)
                values[field.alias] = hook(table[field.key], field.type)
            except Exception as error:  # noqa: BLE001 - every field's problem is gathered
                note = AttributeValidationNote(where + field.name, field.name, field.type)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        unknown = set(table) - allowed
        if unknown:
            errors.append(ForbiddenExtraKeysError("", cls, unknown))
        if errors:
            raise ClassValidationError(failed, errors, cls)
        try:
            return cls(**values)
        except Exception as error:  # noqa: BLE001 - a validator's refusal is the class's error
            raise ClassValidationError(failed, [error], cls) from None

    return structure
