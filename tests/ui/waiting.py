"""Waiting on the app by what it shows, not by the clock: a pushed screen mounts over several turns
of the event loop, and how many depends on the machine's load."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

TURNS = 200
"""Event-loop turns to wait before calling it a failure; far more than any screen needs."""


async def until(pilot: Pilot, done: Callable[[], bool], what: str) -> None:
    """Let the app run until `done()` holds; fail naming `what` if it never does."""
    for _ in range(TURNS):
        if done():
            return
        await pilot.pause()
    raise AssertionError(f"the app never got to: {what}")
