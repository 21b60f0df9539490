"""A Pilot test whose app stops on an error fails at once, naming the error.

The app answers an error nothing expected with its crash screen (`hammertui/kernel/ui/crash.py`), which
waits for a key to quit. A test driving it would press on, or wait for something the crashed app
never shows, until its time limit. Every key and pause of a Pilot waits for the app's screen to
catch up (`Pilot._wait_for_screen`), so that is where the test is stopped, with the error's words;
Pilot raises the error itself as the test leaves `run_test`. A test that looks at the crash screen
says so with the `crash_screen` mark and drives it as it likes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

MARK = "crash_screen"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARK}: the test drives the crash screen itself: an error in the app does not end it"
    )


@pytest.fixture(autouse=True)
def _crash_ends_the_test(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker(MARK) is not None:
        return
    from textual.pilot import Pilot

    monkeypatch.setattr(Pilot, "_wait_for_screen", _failing_on_crash(Pilot._wait_for_screen))


def _failing_on_crash(wait: Callable[..., Awaitable[bool]]) -> Callable[..., Awaitable[bool]]:
    """`wait`, then a failure naming the error if the app met one (Textual keeps the first of its
    unhandled errors for the test run to raise)."""

    async def wait_or_fail(pilot: Any, *args: Any, **kwargs: Any) -> bool:
        done = await wait(pilot, *args, **kwargs)
        error = pilot.app._exception
        if error is not None:
            raise AssertionError(f"the app stopped on {type(error).__name__}: {error}")
        return done

    return wait_or_fail
