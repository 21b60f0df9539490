"""Log events: what an action did, in words, with every die it threw."""


from typing import TYPE_CHECKING

from hammertui.rules.records import record

if TYPE_CHECKING:
    from hammertui.session.actions import Action


@record
class Event:
    """One line of the session log. `level` is "warn" for what the 'Smith must not miss."""

    seq: int
    action: str
    text: str
    dice: tuple[str, ...] = ()
    clock: int = 0
    level: str = "info"
    at: str = ""


def note(action: "Action", text: str, dice: tuple[str, ...] = (), level: str = "info") -> Event:
    """An event for `action`; the sequence number and clock are stamped by `apply_action`."""
    return Event(0, action.label, text, dice, level=level)
