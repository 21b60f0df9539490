"""Shared pieces of the bench scripts: the checkout on the path, a log grown long, plain statistics.

The session the benches run on is an evening of play: `evening.evening_session`."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hammertui.kernel.ruleset import load_ruleset  # noqa: E402
from hammertui.kernel.session import persist, sessions  # noqa: E402
from hammertui.kernel.session.store import Store  # noqa: E402


def pad_log(store: Store, events: int) -> Store:
    """Grow a session's log to `events` events, as hours of play would; the session reopened, its
    snapshot saved again so that it holds the whole log."""
    files = store.files
    assert files is not None
    have = len(persist.read_log_tail(files.log, 10**9))
    template = persist.read_log_tail(files.log, 1)[0]
    batch = [template] * 100
    while have < events:
        take = batch[: min(100, events - have)]
        persist.append_events(files.log, take)
        have += len(take)
    persist.save(files, store.state, [], None)
    return sessions.open_files(files, load_ruleset)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def percentile_ms(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))] * 1000
