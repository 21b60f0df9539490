"""The key-to-repaint bench measures something: the bare app and the real app on the evening of play,
each through the same timing of a key (`repaint.timed_key`), give timings for every kind of key.
No timing is asserted: only that none of the kinds came back empty."""

from __future__ import annotations

import shutil
import sys
import types
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from bare import COUNTS, BareApp, Floor  # noqa: E402
from evening import evening_session  # noqa: E402

from hammertui.kernel.ui.app import make_app  # noqa: E402


def script(name: str) -> types.ModuleType:
    """A bench script, which has no `.py` to import it by."""
    module = types.ModuleType(name)
    module.__file__ = str(BENCH / name)
    SourceFileLoader(name, str(BENCH / name)).exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("evening")
    evening_session(folder)
    return folder


async def test_the_bare_app_gives_a_timing_for_a_key_of_every_kind() -> None:
    app = BareApp()
    async with app.run_test(size=(120, 40)) as pilot:
        timings = await Floor(app, pilot).keys([kind for kind in COUNTS for _ in range(3)])
    assert {kind: len(samples) for kind, samples in timings.items()} == dict.fromkeys(COUNTS, 3)


async def test_the_real_app_gives_timings_for_every_kind_the_bare_app_knows(built: Path, tmp_path: Path) -> None:
    actions = script("actions")
    actions.EVERYDAY = 1
    shutil.copytree(built, tmp_path, dirs_exist_ok=True)
    app = make_app(tmp_path, "bench")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#light-table")
        smith = actions.Smith(app, pilot)
        start = app.store.state
        await smith.block()
        assert app.store.state == start, "the block leaves the session as it found it"
    assert smith.timings.keys() == COUNTS.keys()
    assert all(samples and all(t > 0 for t in samples) for samples in smith.timings.values())
    assert len(smith.pressed) == sum(map(len, smith.timings.values()))
    assert all(len(smith.stored[kind]) == len(samples) for kind, samples in smith.timings.items())
    assert all(t > 0 for t in smith.stored["undo"]), "an undo's autosave is timed in the store"
