"""Log events: what an action did, in words, with every die it threw."""

from typing import ClassVar, Protocol

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.text import CONTROL


class Labelled(Protocol):
    """What a line needs of the action that said it: the action's name in the log. (Every action
    has one; the actions themselves sit above the log.)"""

    label: ClassVar[str]


def _shown(text: str) -> str:
    """A log line as it may be drawn: actions refuse text with a control character, but the log is
    read a line at a time from a file a hand may have edited, and one line is never the reason a
    session cannot open; a control character in it is read as U+FFFD, so it never reaches the
    terminal or the player view's page."""
    return CONTROL.sub("\ufffd", text) if isinstance(text, str) else text


def _all_shown(dice: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_shown(die) for die in dice)


@record
class Event:
    """One line of the session log. `level` is "warn" for what the 'Smith must not miss. `about`
    names by id the records the line speaks of (the lines of loot it moves), so the report follows
    a record whatever it is called and whatever else is called the like."""

    seq: int
    action: str
    text: str = attrs.field(converter=_shown)
    dice: tuple[str, ...] = attrs.field(default=(), converter=_all_shown)
    clock: int = 0
    level: str = "info"
    at: str = ""
    about: tuple[str, ...] | None = None


def note(
    action: Labelled, text: str, dice: tuple[str, ...] = (), level: str = "info", about: tuple[str, ...] | None = None
) -> Event:
    """An event for `action`; the sequence number and clock are stamped by `apply_action`."""
    return Event(0, action.label, text, dice, level=level, about=about)


FOE = "foe"
"""The label of a line about one foe's own numbers, whatever action wrote it (the player view's
`public_fields.EVENTS` keeps it the 'Smith's)."""


def foe_note(text: str, dice: tuple[str, ...] = (), level: str = "info") -> Event:
    """A line about a foe: its save and the number it needs, its Hit Points. They tell the foe's Hit
    Dice and wounds, so the line is the 'Smith's even when the action's own line is the table's (a
    Cleric turning the unholy, a surprise check)."""
    return Event(0, FOE, text, dice, level=level)
