"""No test can hang: every test has a time limit, and a Pilot test whose app stops on its crash
screen fails at once, naming the error, instead of pressing on at a screen that only quits."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LIMIT = 60
"""The inner run's time limit: a test still running then is one that hung."""

CRASHING = '''
import pytest

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.crash import CrashScreen
from tests.ui.waiting import until


def fall_through(*_, **__):
    raise RuntimeError("the torch fell through the floor")


async def test_presses_on_after_the_crash(tmp_path, monkeypatch):
    """What hung a whole run: a loop of keys waiting for a change the crashed app never makes."""
    monkeypatch.setattr(HammerApp, "action_do", fall_through)
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        while app.store.state.clock.units == 0:
            await pilot.press("t")


async def test_waits_for_what_the_crashed_app_never_shows(tmp_path, monkeypatch):
    monkeypatch.setattr(HammerApp, "action_do", fall_through)
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: app.store.state.clock.units == 1, "a Beat gone by")


@pytest.mark.crash_screen
async def test_looks_at_the_crash_screen(tmp_path, monkeypatch):
    monkeypatch.setattr(HammerApp, "action_do", fall_through)
    app = make_app(tmp_path, seed=7)
    with pytest.raises(RuntimeError, match="the torch fell through the floor"):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, CrashScreen), "the crash screen")
            await pilot.press("q")
'''


@pytest.mark.timeout(4 * LIMIT)
def test_a_pilot_test_whose_app_crashes_fails_at_once_naming_the_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makepyfile(test_crashing=CRASHING)
    start = time.monotonic()
    run = pytester.runpytest_subprocess(
        "-p",
        "tests.pilot_crash",
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",
        f"--timeout={LIMIT}",
        "-q",
        timeout=3 * LIMIT,
    )
    took = time.monotonic() - start
    out = run.stdout.str()
    run.assert_outcomes(passed=1, failed=2)
    assert "Timeout" not in out, f"a crashed app's test ran to its time limit:\n{out}"
    assert out.count("RuntimeError: the torch fell through the floor") >= 2, out
    assert out.count("AssertionError: the app stopped on RuntimeError: the torch fell through the floor") == 2, out
    assert took < LIMIT, f"the run took {took:.0f} s"


def test_every_test_has_a_time_limit(pytestconfig: pytest.Config) -> None:
    assert float(pytestconfig.getini("timeout")) > 0, "pytest-timeout's limit, in pyproject.toml"
