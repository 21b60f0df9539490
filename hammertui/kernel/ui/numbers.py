"""Reading a whole number typed in a field: the one reader every form uses, so none can crash on a typo.

Python's `int` takes things no one types on purpose (`1_000`, Arabic-Indic digits) and `isdigit`
takes things `int` refuses (`²`): a field is read here, by a pattern of plain digits, or refused.
"""

from __future__ import annotations

import re

WHOLE = re.compile(r"([+-]?)0*([0-9]+)")
"""An optional sign and plain digits; leading zeros say nothing about the size."""

MOST_DIGITS = 9
"""Up to 999,999,999 either way: more than any count at the table needs."""

SPAN = (-(10**MOST_DIGITS - 1), 10**MOST_DIGITS - 1)
"""The numbers read, said to whoever types one too big for a field that does not say its own."""

SHOWN = 20
"""Characters of what was typed repeated in a refusal, so a pasted page stays one line."""


def whole_number(raw: str, what: str, default: int | None = None, span: tuple[int, int] = SPAN) -> int:
    """The number typed (spaces around it ignored), `default` for an empty field when there is one,
    or a ValueError whose words name the field and repeat what was typed: a number of more digits
    than a count needs is told apart from text that is no number, with the range to type in (the
    field's `span`)."""
    typed = raw.strip()
    if not typed and default is not None:
        return default
    found = WHOLE.fullmatch(typed)
    if found is None:
        raise ValueError(f"{what}: {_shown(typed)} is not a whole number")
    sign, digits = found.groups()
    if len(digits) > MOST_DIGITS:
        least, most = span
        raise ValueError(f"{what}: {_shown(typed)} is too big: type a whole number from {least:,} to {most:,}")
    return int(sign + digits)


def _shown(typed: str) -> str:
    """What was typed, quoted, cut after `SHOWN` characters; "nothing" for an empty field."""
    if not typed:
        return "nothing"
    return repr(typed if len(typed) <= SHOWN else typed[:SHOWN] + "...")
