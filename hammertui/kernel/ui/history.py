"""Undo and redo, everyone's: the store steps back or forward one action, and the dashboard draws
what it then holds. A step there is none of is said; a save that failed is told, and nothing moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.persist import SaveFailed
from hammertui.kernel.session.store import open_store

if TYPE_CHECKING:
    from hammertui.kernel.session.events import Event
    from hammertui.kernel.ui.hammer import Hammer


def undo(app: Hammer) -> None:
    """Back to before the last action."""
    _step(app, open_store(app).undo)


def redo(app: Hammer) -> None:
    """Forward again after an undo."""
    _step(app, open_store(app).redo)


def _step(app: Hammer, step: Callable[[], list[Event]]) -> None:
    try:
        events = step()
    except Refused as refusal:
        app.notify(str(refusal).capitalize() + ".", severity="warning")
        return
    except SaveFailed as failure:
        tell_not_saved(app, failure)
        return
    app.show_events(open_store(app), events)


def tell_not_saved(app: Hammer, failure: SaveFailed) -> None:
    """A save that failed is always told, long enough to read: the action, undo or redo is not done."""
    app.notify(str(failure), title="Not saved", severity="error", timeout=30)
