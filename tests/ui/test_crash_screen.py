"""An error nothing expected: the crash screen names the log that holds the traceback, only quitting
is left, the session keeps what it last saved, and nothing is printed over the terminal."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.session.actions import AdvanceTime, RenameSession
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.crash import CRASH_LOG, MAX_LOG_BYTES, CrashScreen, write_crash_log
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.graveyard import GraveyardScreen
from tests.ui.waiting import until

pytestmark = pytest.mark.crash_screen


def saved(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("demo*"))}


def fall_through(*_: object, **__: object) -> None:
    raise RuntimeError("the torch fell through the floor")


def shown(app: HammerApp) -> str:
    return " ".join(str(label.render()) for label in app.screen.query("Label, Static"))


async def crash_by_key(tmp_path: Path, key: str) -> HammerApp:
    """Press `key` in the demo session; the crash screen must come up and stay, whatever is pressed."""
    app = make_app(tmp_path, seed=7)
    before = saved(tmp_path)
    with pytest.raises(RuntimeError, match="the torch fell through the floor"):  # a Pilot run re-raises it at its end
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, CrashScreen), "the crash screen")
            assert f"The details are in {tmp_path / CRASH_LOG}: please send that file with your report." in shown(app)
            await pilot.press("u", "t", "ctrl+p", "ctrl+r")
            assert isinstance(app.screen, CrashScreen), "nothing but quitting is left"
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "the app to close")
    assert app.return_code == 1
    assert saved(tmp_path) == before, "the session is as it was last saved"
    log = (tmp_path / CRASH_LOG).read_text()
    assert log.startswith("=== ") and "Traceback (most recent call last):" in log
    assert "RuntimeError: the torch fell through the floor\n" in log
    return app


async def test_a_key_whose_handler_fails_shows_the_crash_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(HammerApp, "action_do", fall_through)
    await crash_by_key(tmp_path, "t")
    assert capfd.readouterr() == ("", ""), "no traceback over the terminal"


async def test_an_action_failing_midway_leaves_the_save_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(AdvanceTime, "apply", fall_through)
    app = await crash_by_key(tmp_path, "t")
    assert app.store is not None and app.store.state.clock.units == 0
    assert capfd.readouterr() == ("", "")


async def test_an_action_a_dialog_answers_with_failing_shows_the_crash_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The app does a dialog's answer (`DialogAnswer`) as it does a key: an error there is a crash."""
    monkeypatch.setattr(RenameSession, "apply", fall_through)
    app = make_app(tmp_path, seed=7)
    with pytest.raises(RuntimeError, match="the torch fell through the floor"):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("f2")
            await until(pilot, lambda: isinstance(app.screen, TextDialog), "the rename dialog")
            await pilot.press("home", "ctrl+k", *"Tomb", "enter")
            await until(pilot, lambda: isinstance(app.screen, CrashScreen), "the crash screen")
    assert app.store is not None and app.store.state.session.name == "demo"
    assert capfd.readouterr() == ("", "")


async def test_a_screen_that_fails_to_open_shows_the_crash_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(GraveyardScreen, "compose", fall_through)
    await crash_by_key(tmp_path, "y")
    assert capfd.readouterr() == ("", "")


async def test_each_crash_is_appended_to_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HammerApp, "action_do", fall_through)
    await crash_by_key(tmp_path, "t")
    await crash_by_key(tmp_path, "t")
    assert (tmp_path / CRASH_LOG).read_text().count("\nRuntimeError: the torch fell through the floor\n") == 2


def test_the_command_prints_one_line_naming_the_log(tmp_path: Path) -> None:
    """The real command, headless: the key fails, q quits, and the terminal gets one line."""
    script = textwrap.dedent(
        f"""
        import sys
        from hammertui import cli
        from hammertui.kernel.ui.app import HammerApp
        from hammertui.kernel.ui.crash import CrashScreen

        def fall_through(self, *_):
            raise RuntimeError("the torch fell through the floor")

        async def keys(pilot):
            await pilot.press("t")
            while not isinstance(pilot.app.screen, CrashScreen):
                await pilot.pause(0.05)
            await pilot.press("q")

        run = HammerApp.run
        HammerApp.action_do = fall_through
        HammerApp.run = lambda self: run(self, headless=True, size=(120, 40), auto_pilot=keys)
        sys.exit(cli.main(["demo", "--saves", {str(tmp_path)!r}, "--seed", "7"]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )
    log = tmp_path / CRASH_LOG
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"hammertui stopped on an unexpected error. Please report it with the file {log}.\n"
    assert "RuntimeError: the torch fell through the floor" in log.read_text()


def test_an_error_before_the_app_opens_is_one_line_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("hammertui.kernel.ui.app.make_app", fall_through)
    assert main(["demo", "--saves", str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"hammertui stopped on an unexpected error. Please report it with the file {tmp_path / CRASH_LOG}.\n",
    )
    assert "RuntimeError: the torch fell through the floor" in (tmp_path / CRASH_LOG).read_text()


def test_a_link_in_the_logs_place_is_not_followed(tmp_path: Path) -> None:
    saves, state = tmp_path / "saves", tmp_path / "state" / "hammertui"
    saves.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    (saves / CRASH_LOG).symlink_to(target)
    written = write_crash_log(saves, RuntimeError("the torch fell through the floor"))
    assert target.read_text() == "mine\n", "nothing is written through the link"
    assert written == state / CRASH_LOG and "the torch fell through the floor" in written.read_text()


def test_a_folder_that_cannot_be_written_falls_back_to_the_users_own_not_a_shared_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    written = write_crash_log(blocked / "saves", RuntimeError("the torch fell through the floor"))
    assert not list(shared.iterdir()), "nothing in the shared temporary folder"
    assert written == tmp_path / "state" / "hammertui" / CRASH_LOG
    assert oct(written.parent.stat().st_mode & 0o777) == oct(0o700) and oct(written.stat().st_mode & 0o777) == oct(
        0o600
    )


def test_the_log_is_kept_to_a_size(tmp_path: Path) -> None:
    (tmp_path / CRASH_LOG).write_text("=== long ago\n" + "x" * (MAX_LOG_BYTES - 100))
    for _ in range(3):
        write_crash_log(tmp_path, RuntimeError("the torch fell through the floor" * 10_000))
    logs = sorted(tmp_path.glob(CRASH_LOG + "*"))
    assert [p.name for p in logs] == [CRASH_LOG, CRASH_LOG + ".1"]
    assert all(p.stat().st_size <= MAX_LOG_BYTES for p in logs)
    assert (tmp_path / CRASH_LOG).read_text().startswith("=== "), "the newest crash, whole, in the log"


async def test_one_crash_is_one_entry_however_often_it_fails_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    with pytest.raises(RuntimeError, match="the torch fell through the floor"):
        async with app.run_test(size=(120, 40)) as pilot:
            app.set_interval(0.01, fall_through)
            await until(pilot, lambda: isinstance(app.screen, CrashScreen) or not app.is_running, "the crash")
            await until(pilot, lambda: app._errors > 3 or not app.is_running, "more errors")
    assert (tmp_path / CRASH_LOG).read_text().count("=== ") == 1


def test_a_command_with_no_session_keeps_its_crash_log_out_of_the_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("hammertui.cli.list_rulesets", fall_through)
    assert main(["--list-rulesets"]) == 1
    log = tmp_path / "state" / "hammertui" / CRASH_LOG
    assert (
        capsys.readouterr().err == f"hammertui stopped on an unexpected error. Please report it with the file {log}.\n"
    )
    assert not (tmp_path / "saves" / CRASH_LOG).exists()
