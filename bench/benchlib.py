"""Shared pieces of the bench scripts: a long generated session and plain statistics."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hammertui.rules.ruleset import load_ruleset  # noqa: E402
from hammertui.session import light_state, persist, sessions  # noqa: E402
from hammertui.session.actions import AdvanceTime, Douse, Light  # noqa: E402
from hammertui.session.procedures import is_dark  # noqa: E402
from hammertui.session.vitals import ApplyDamage, Heal  # noqa: E402
from hammertui.session.store import Store  # noqa: E402


def four_hour_session(folder: Path, name: str = "bench") -> Store:
    """A session as a real night leaves it: 24 Beats of time, lights swapped, damage and healing."""
    ruleset = load_ruleset("hammercrawl-book3")
    store = sessions.create(folder, name, ruleset, seed=1)
    for beat in range(24):
        store.dispatch(AdvanceTime(1, reason="exploring"))
        lit = [s for s in light_state.lights(store.state) if s.lit]
        if beat % 5 == 4 and lit:
            store.dispatch(Douse(lit[0].id))
            store.dispatch(Light(lit[0].id))
        member = store.state.party[beat % 4]
        if member.alive and member.hp > 2:
            store.dispatch(ApplyDamage(member.id, 1, "a goblin"))
            store.dispatch(Heal(member.id, 1))
        if is_dark(store.state) and light_state.lights(store.state):
            store.dispatch(Light(light_state.lights(store.state)[0].id))
    return store


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
