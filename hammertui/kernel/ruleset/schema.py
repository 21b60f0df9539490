"""The words of the ruleset format: what a value must be, written beside the field it constrains.

A field's type says what TOML value it takes; `Annotated` metadata from here adds what the type
cannot say (a range, a list of names the app plays, dice notation, the TOML key when it differs
from the field's name) and the words a refusal uses. The metadata only describes: the loader
(`structure.py`) turns it into cattrs hooks, so importing the model costs no cattrs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any

KeyPath = tuple[str | int, ...]


class Problem(Exception):
    """One thing wrong at `sub` (a path below the value being read), worded whole."""

    def __init__(self, text: str, sub: KeyPath = ()) -> None:
        super().__init__(text)
        self.text = text
        self.sub = sub


def expected(words: str, got: Any, sub: KeyPath = ()) -> Problem:
    return Problem(f"expected {words}, got {show(got)}", sub)


def show(value: Any) -> str:
    """A value as it looks in TOML, short enough for one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = json.dumps(value, ensure_ascii=False)
        return shown if len(shown) <= 60 else shown[:57] + '..."'
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dict):
        return "a table" if value else "an empty table"
    if isinstance(value, list):
        inline = "[" + ", ".join(show(v) for v in value) + "]"
        if len(inline) <= 60:
            return f"{inline} ({len(value)} value{'s' if len(value) != 1 else ''})"
        return f"an array of {len(value)} values"
    return f"a date or time ({value})"


class Words:
    """What a refusal says the value should have been, when the type's own words are too vague."""

    def __init__(self, text: str) -> None:
        self.text = text


class Key:
    """The TOML key of a field whose Python name differs (`class` is a keyword)."""

    def __init__(self, name: str) -> None:
        self.name = name


class Check:
    """A test of the structured value; `words` replace the type's words in every refusal. Words
    given as a function are asked for at each refusal (the names of registered procedures).
    `reason`, when given, says why a value failed, to follow the words in the refusal."""

    def __init__(
        self, words: str | Callable[[], str], test: Callable[[Any], bool], reason: Callable[[Any], str] | None = None
    ) -> None:
        self._words = words
        self.test = test
        self.reason = reason

    @property
    def words(self) -> str:
        return self._words() if callable(self._words) else self._words


class MayBeEmpty:
    """Text that may be "" (a description); other text must say something."""


class Unique:
    """An array whose values each appear once."""


class UniqueIds:
    """An array of rows whose `id`s each appear once."""


class Keyed:
    """A table of tables keyed by id (`[classes.dwarf]`): each key becomes the value's `field`, and
    fills in `titled` when the table leaves it out (`lantern_refill` -> "Lantern refill")."""

    def __init__(self, what: str, field: str | None = None, titled: str | None = None) -> None:
        self.what = what
        self.field = field
        self.titled = titled


class Inverted:
    """`{ good = ["Body"], bad = ["Mind"] }` read as `{"Body": "good", "Mind": "bad"}`."""

    def __init__(self, words: str) -> None:
        self.words = words


def _choices(options: Sequence[str]) -> str:
    return "one of " + ", ".join(f'"{o}"' for o in options)


def registered(part: str, none: bool = False, none_named: bool = True) -> Check:
    """One of the procedures registered for a part of play (or "none", for a part a ruleset may
    leave out, named among the choices unless `none_named` is false): asked of the registry at each
    load, so a procedure registered later is known."""
    from hammertui.kernel.rules import procedures

    def options() -> tuple[str, ...]:
        return procedures.names(part) + ((procedures.NONE,) if none else ())

    def named() -> tuple[str, ...]:
        return procedures.names(part) + ((procedures.NONE,) if none and none_named else ())

    return Check(lambda: _choices(named()), lambda v: v in options())


def between(low: int | None = None, high: int | None = None, what: str = "a whole number") -> Check:
    if low is not None and high is not None:
        words = f"{what} ({low}-{high})"
    elif low is not None:
        words = f"{what} of at least {low}"
    elif high is not None:
        words = f"{what} of at most {high}"
    else:
        words = what
    return Check(words, lambda v: (low is None or v >= low) and (high is None or v <= high))


def one_of(options: Sequence[str]) -> Check:
    return Check(_choices(options), lambda v: v in options)


ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
RULESET_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_-]*$")


def ident(what: str = "an id") -> Check:
    return Check(f"{what} (lower case letters, digits and _)", lambda v: bool(ID_PATTERN.match(v)))


def length(n: int, words: str) -> Check:
    return Check(words, lambda v: len(v) == n)


def nonempty(words: str) -> Check:
    return Check(words + " (at least one)", lambda v: len(v) > 0)


def _is_dice(value: str) -> bool:
    return not _dice_reason(value)


def _dice_reason(value: str) -> str:
    """Why the dice parser refuses `value` ("" when it reads it), without the value it quotes."""
    from hammertui.kernel.rules.dice import DiceNotationError, parse

    try:
        parse(value)
    except DiceNotationError as error:
        reason = str(error)
        quoted = f"{value!r}: "
        return reason[len(quoted) :] if reason.startswith(quoted) else reason
    return ""


DICE_WORDS = 'dice notation such as "1d10" or "3d6"'
Dice = Annotated[str, Check(DICE_WORDS, _is_dice, _dice_reason)]
Id = Annotated[str, ident()]
AnyText = Annotated[str, MayBeEmpty()]
StatName = Annotated[str, Words("a stat name in quotes")]
SaveName = Annotated[str, Words("a save name in quotes")]
SymbolId = Annotated[str, ident("a symbol id")]
Colour = Annotated[str, ident("a die colour")]
Count = Annotated[int, between(0)]
Sides = Annotated[int, between(2, 100, "a whole number of sides")]
Level = Annotated[int, between(1, None, "a level")]
Tier = Annotated[int, between(0, None, "a tier")]

SectionCheck = Callable[[Any], Iterator[Problem]]
SECTION_CHECKS: dict[type, SectionCheck] = {}
"""Checks run on a table once every field of it has been read: rows that must cover a die, a
default that must be one of the values given. Each yields the problems it finds."""


def section_check(cls: type) -> Callable[[SectionCheck], SectionCheck]:
    def register(check: SectionCheck) -> SectionCheck:
        SECTION_CHECKS[cls] = check
        return check

    return register


RANGED: set[type] = set()
"""Rows that take `roll = N` or `from = A` + `to = B` (fields `low` and `high`)."""


def ranged(cls: type) -> type:
    RANGED.add(cls)
    return cls


def check_range(row: Any) -> Iterator[Problem]:
    if row.high < row.low:
        yield Problem(f"expected a number no smaller than from ({row.low}), got {row.high}", ("to",))


FROM_WORDS = Words("a whole number (or give roll = N for one value)")
