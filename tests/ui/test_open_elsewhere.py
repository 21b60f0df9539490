"""A session another app plays: the second app says who plays it and offers to show it read-only
or to quit; read-only, the dashboard shows the session, says so, and no key changes it."""

from __future__ import annotations

import signal
from pathlib import Path

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.header import SessionHeader
from tests.session.holder import playing_elsewhere
from tests.ui.waiting import until


def messages(app: HammerApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_the_second_app_shows_the_session_read_only_and_changes_nothing(tmp_path: Path) -> None:
    first = playing_elsewhere(tmp_path, "crawl")
    try:
        app = make_app(tmp_path, "crawl")
        before = (tmp_path / "crawl.toml").read_bytes(), (tmp_path / "crawl.log.toml").read_bytes()
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the question of who plays the session")
            asked = str(app.screen.query_one("Label").render())
            assert f"crawl is open for play in another hammertui (process {first.pid} on " in asked
            await pilot.press("enter")  # read-only, the first choice
            await until(pilot, lambda: not isinstance(app.screen, ChooseDialog), "the dashboard")
            assert "READ-ONLY" in str(app.query_one(SessionHeader).render())
            clock = app.store.state.clock
            await pilot.press("t")
            await until(pilot, lambda: any("open read-only" in m for m in messages(app)), "the refusal")
            assert app.store.state.clock == clock
        assert ((tmp_path / "crawl.toml").read_bytes(), (tmp_path / "crawl.log.toml").read_bytes()) == before
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


async def test_the_second_app_can_quit_and_leave_the_session_be(tmp_path: Path) -> None:
    first = playing_elsewhere(tmp_path, "crawl")
    try:
        app = make_app(tmp_path, "crawl")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the question of who plays the session")
            await pilot.press("down", "enter")  # quit
            await until(pilot, lambda: app._exit_renderables is not None or not app.is_running, "the app closing")
        assert app.return_code in (0, None)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
