"""Start-up's long-lived objects, kept out of the garbage collector's way.

Modules, classes, the ruleset, the session read at start and the dashboard first drawn live all
evening, and start-up makes almost nothing else. Left to run while they are made, the collector
walks them again and again, a sixth of start-up; so it is paused from the dashboard's first import
to its first frame (`pause_collector`, `first_frame`). Left in the collector's generations after,
every full collection would rescan them (a key that happens to trigger one pays for it) and the
final collection at exit walk them all: freezing moves them to a generation no collection visits.
"""

from __future__ import annotations

import gc

_frozen: set[str] = set()


def freeze_once(moment: str) -> None:
    """Freeze what exists at `moment` ("imports", "first frame"), once a process.

    Once: in a process that opens many apps one after the other (the tests), freezing again
    would keep each finished app's garbage for good."""
    if moment not in _frozen:
        _frozen.add(moment)
        gc.freeze()


def pause_collector() -> None:
    """No collections until `first_frame` (or `resume_collector`): start-up's objects live on."""
    gc.disable()


def resume_collector() -> None:
    """Collections as usual again: for a process that imported the dashboard and runs no app."""
    gc.enable()


def first_frame() -> None:
    """The dashboard is drawn: freeze what start-up made, and let the collector work again."""
    freeze_once("first frame")
    resume_collector()


IDLE = 0.5
"""Seconds without a key after which the app counts as idle."""
LONGEST_WITHOUT = 30.0
"""Seconds of keys with no idle moment after which a full collection runs all the same. A full
collection costs what the live objects cost to walk (most of them what Textual keeps of each
drawn line), however long it waited: rarely forced is cheapest, and a hand at the keys pauses far
more often than this."""


class BetweenKeys:
    """Full collections (the collector's oldest generation) run while no key is waiting.

    A full collection walks every object the evening has made (the undo history's states, the
    drawn screens) and takes tens of milliseconds; left to the collector it lands inside whichever
    key happens to allocate past its threshold, as that key's delay. While the app runs, the oldest
    generation is collected here instead, between keys; the collector's own threshold for it is
    restored when the app stops, so a process that goes on (the tests) collects as usual."""

    def __init__(self, now: float) -> None:
        self.last_key = now
        self.last_full = now
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, 2**30)

    def stop(self) -> None:
        gc.set_threshold(*self._thresholds)

    def key(self, now: float) -> None:
        self.last_key = now

    def tick(self, now: float) -> bool:
        """Collect when idle, or when keys have come without a pause for too long; True if it did."""
        if now - self.last_key < IDLE and now - self.last_full < LONGEST_WITHOUT:
            return False
        if gc.get_count()[2] == 0:  # nothing has reached the oldest generation since the last one
            return False
        gc.collect()
        self.last_full = now
        return True
