"""Start-up's long-lived objects, kept out of the garbage collector's way.

Modules, classes, the ruleset, the session read at start and the dashboard first drawn live all
evening. Left in the collector's generations, every full collection rescans them (a key that
happens to trigger one pays for it) and the final collection at exit walks them all: together a
fifth of the time start-up took. Freezing moves them to a generation no collection visits.
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
