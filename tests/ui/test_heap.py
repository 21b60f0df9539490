"""Full collections run between keys, not inside them, and the collector is as it was after the app."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from hammertui.kernel.ui import heap
from hammertui.kernel.ui.app import make_app


@pytest.fixture
def collections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each full collection the collector is asked for from here on."""
    done: list[int] = []
    monkeypatch.setattr(heap.gc, "collect", lambda *_: done.append(1) or 0)
    monkeypatch.setattr(heap.gc, "get_count", lambda: (0, 0, 3))
    return done


def test_no_full_collection_while_keys_come(collections: list[int]) -> None:
    between = heap.BetweenKeys(now=0.0)
    for second in range(20):
        between.key(second * 0.1)
        assert not between.tick(second * 0.1 + 0.05)
    assert collections == []


def test_a_pause_collects_once(collections: list[int]) -> None:
    between = heap.BetweenKeys(now=0.0)
    between.key(1.0)
    assert between.tick(1.0 + heap.IDLE)
    assert collections == [1]


def test_keys_without_a_pause_for_too_long_collect_all_the_same(collections: list[int]) -> None:
    between = heap.BetweenKeys(now=0.0)
    now = 0.0
    while now < heap.LONGEST_WITHOUT:
        between.key(now)
        between.tick(now)
        now += 0.1
    between.key(now)
    assert between.tick(now)
    assert collections == [1]


def test_nothing_new_to_collect_is_not_collected(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[int] = []
    monkeypatch.setattr(heap.gc, "collect", lambda *_: done.append(1) or 0)
    monkeypatch.setattr(heap.gc, "get_count", lambda: (0, 0, 0))
    between = heap.BetweenKeys(now=0.0)
    assert not between.tick(5.0)
    assert done == []


async def test_the_app_holds_full_collections_while_it_runs_and_gives_them_back(tmp_path: Path) -> None:
    before = gc.get_threshold()
    app = make_app(tmp_path, "tomb", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        assert gc.get_threshold()[2] > 10**6
    assert gc.get_threshold() == before


def test_the_collector_waits_from_the_dashboards_import_to_its_first_frame(tmp_path: Path) -> None:
    """In a fresh process, as a 'Smith starts it: paused while start-up builds, working once drawn."""
    code = """
import gc, sys
from pathlib import Path
from hammertui.kernel.ui.app import make_app
seen = [gc.isenabled()]
async def first_frame(pilot):
    await pilot.pause()
    seen.append(gc.isenabled())
    pilot.app.exit()
make_app(Path(sys.argv[1]), "heap").run(headless=True, size=(120, 40), auto_pilot=first_frame)
print(seen)
"""
    shown = subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True, capture_output=True, text=True)
    assert shown.stdout.split()[-2:] == ["[False,", "True]"]
