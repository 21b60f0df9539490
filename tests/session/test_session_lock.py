"""One app plays a session at a time: a second process is refused while the first lives, and let
in once the first is killed outright (the kernel drops the lock with its process). Readers of the
session (the report, the player view) read beside the player."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from hammertui import cli
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.persist import SaveFiles
from hammertui.kernel.session.store import ReadOnly
from hammertui.kernel.ui.app import make_app
from tests.session.holder import playing_elsewhere


def test_a_second_app_is_refused_while_the_first_lives_and_let_in_after_a_sigkill(tmp_path: Path) -> None:
    first = playing_elsewhere(tmp_path, "crawl")
    try:
        second = make_app(tmp_path, "crawl")
        assert second.lock is None and second.busy is not None
        assert second.busy.holder.startswith(f"process {first.pid} on ")
        assert second.store is not None and second.store.read_only
        with pytest.raises(ReadOnly):
            second.store.dispatch(AdvanceTime(1))
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    third = make_app(tmp_path, "crawl")
    try:
        assert third.busy is None and third.lock is not None
        assert third.store is not None and not third.store.read_only
    finally:
        third.lock.release()


def test_the_report_and_the_player_view_read_beside_the_app_that_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = playing_elsewhere(tmp_path, "crawl")
    try:
        assert cli.main(["report", "crawl", "--saves", str(tmp_path)]) == 0
        state, _, recent = sessions.read_files(SaveFiles(tmp_path, "crawl"), load_ruleset)
        assert state.session.name == "crawl" and recent
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    assert "crawl-report.md" in capsys.readouterr().out


def test_who_holds_the_lock_is_shown_in_plain_characters_whatever_the_file_says(tmp_path: Path) -> None:
    first = playing_elsewhere(tmp_path, "crawl")
    try:
        (tmp_path / "crawl.lock").write_text(
            f"pid = {first.pid}\nhost = '[@click=app.quit]x[/]\x1b]2;PWNED\x07'\nsince = '[b]'\n"
        )
        second = make_app(tmp_path, "crawl")
        assert second.busy is not None
        assert second.busy.holder == f"process {first.pid} on clickapp.quitx2PWNED, since b"
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
