"""Reading a whole number typed in a field: the one reader every form uses, so none can crash on a typo.

Python's `int` takes things no one types on purpose (`1_000`, Arabic-Indic digits) and `isdigit`
takes things `int` refuses (`²`): a field is read here, by a pattern of plain digits, or refused.
"""

from __future__ import annotations

import re

WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
"""An optional sign and up to nine plain digits: more than any count at the table needs."""


def whole_number(raw: str, what: str, default: int | None = None) -> int:
    """The number typed (spaces around it ignored), `default` for an empty field when there is one,
    or a ValueError whose words name the field and repeat what was typed."""
    typed = raw.strip()
    if not typed and default is not None:
        return default
    if WHOLE.fullmatch(typed) is None:
        shown = repr(typed) if typed else "nothing"
        raise ValueError(f"{what}: {shown} is not a whole number")
    return int(typed)
