"""Log events: what an action did, in words, with every die it threw."""

from __future__ import annotations

import attrs


@attrs.frozen
class Event:
    """One line of the session log. `level` is "warn" for what the 'Smith must not miss."""

    seq: int
    action: str
    text: str
    dice: tuple[str, ...] = ()
    clock: int = 0
    level: str = "info"
    at: str = ""
