"""The log as the session stands: the lines of every action still in force, in order, and none of
those an undo took back (nor the "Undone:" and "Redone:" lines themselves).

The log is append-only, so an undone action's lines stay in it. What stands is worked out from the
store's own bookkeeping, never from what a line says: each action's lines carry the number of the
state it made (`seq`); an undo's line carries the number of the state it went back to, and takes
back every action after it; a redo's line carries the number of the state it brings back, and puts
that action's lines back; a new action after an undo ends what could be redone. Lines logged
without an action (a session opened) belong with the state they were logged in.
"""

from __future__ import annotations

from collections.abc import Sequence

from hammertui.kernel.session.events import Event

UNDO = "undo"
REDO = "redo"
"""The labels the store gives its undo and redo lines (`Store._travel`)."""


def standing(events: Sequence[Event]) -> list[Event]:
    """The lines of the actions that stand, in the order they were logged."""
    live: dict[int, list[Event]] = {}
    undone: dict[int, list[Event]] = {}
    current = -1
    for event in events:
        if event.action == UNDO:
            for seq in [s for s in live if s > event.seq]:
                undone[seq] = live.pop(seq)
            current = event.seq
        elif event.action == REDO:
            live[event.seq] = undone.pop(event.seq, [])
            current = event.seq
        else:
            if event.seq > current:
                undone.clear()
                current = event.seq
            live.setdefault(event.seq, []).append(event)
    return [event for seq in sorted(live) for event in live[seq]]
