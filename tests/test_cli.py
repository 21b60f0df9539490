"""The command line: a difficulty mode for a new session, refused with a message when unknown."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.session import persist


def test_an_unknown_difficulty_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tomb", "--saves", str(tmp_path), "--difficulty", "nightmare"])
    assert code == 2
    assert "no 'nightmare' difficulty mode (one of hardcore, adventure, excitement)" in capsys.readouterr().err
    assert not (tmp_path / "tomb.toml").exists()


def test_a_hardcore_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hammertui.kernel.ui.app import HammerApp

    monkeypatch.setattr(HammerApp, "run", lambda self: None)
    assert main(["tomb", "--saves", str(tmp_path), "--difficulty", "hardcore", "--seed", "3"]) == 0
    assert persist.load_state(tmp_path / "tomb.toml").session.difficulty == "hardcore"


def test_stray_files_in_the_saves_folder_are_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hammertui.kernel.ui.app import HammerApp

    opened: list[str] = []
    monkeypatch.setattr(HammerApp, "run", lambda self: opened.append(self.store.state.session.name))
    assert main(["tomb", "--saves", str(tmp_path), "--seed", "3"]) == 0
    (tmp_path / "my notes (old).toml").write_text("notes")
    (tmp_path / "gone.toml").symlink_to(tmp_path / "nowhere.toml")
    os.utime(tmp_path / "tomb.toml", (1, 1))  # the real session is the oldest file
    assert main(["--saves", str(tmp_path)]) == 0
    assert opened == ["tomb", "tomb"]


def test_check_ruleset_gives_the_real_reason_dice_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hammertui.kernel.ruleset import rulesets_dir

    path = tmp_path / "huge-rage.toml"
    shipped = (rulesets_dir() / "hammercrawl.toml").read_text()
    path.write_text(
        shipped.replace('collapse_minutes = "3d6"', 'collapse_minutes = "10000d10000"', 1).replace(
            'id = "hammercrawl"', 'id = "huge-rage"', 1
        )
    )
    assert main(["--check-ruleset", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the number of dice must be 1 to 100" in out, out


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("\U0001d400" * 59, "too long for a file name"),
        ("crawl\n", "cannot be a session name"),
        ("crawl.log", "may not"),
        ("crawl.TOML", "may not"),
        ("crawl.toml.bak", "may not"),
    ],
)
def test_a_name_that_would_break_a_file_is_refused_before_any_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    assert main([name, "--saves", str(tmp_path), "--seed", "3"]) == 2
    assert said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_longest_name_makes_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The longest name of four-byte letters still leaves room for the backup's temp file."""
    from hammertui.kernel.session.actions import AdvanceTime
    from hammertui.kernel.session.names import MAX_NAME_BYTES
    from hammertui.kernel.ui.app import HammerApp

    name = "\U0001d400" * (MAX_NAME_BYTES // 4) + "abc"[: MAX_NAME_BYTES % 4]
    stores = []
    monkeypatch.setattr(HammerApp, "run", lambda self: stores.append(self.store))
    assert main([name, "--saves", str(tmp_path), "--seed", "3"]) == 0
    stores[0].dispatch(AdvanceTime(1))
    assert (tmp_path / f"{name}.toml.bak").is_file()
    assert main([name, "--saves", str(tmp_path)]) == 0
    assert stores[1].state.session.name == name


def test_a_first_save_that_cannot_be_written_is_told_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full_disk(files: persist.SaveFiles, *_: object) -> int:
        raise persist.SaveFailed.of(files.snapshot, OSError(errno.ENOSPC, "No space left on device"))

    monkeypatch.setattr(persist, "save", full_disk)
    assert main(["tomb", "--saves", str(tmp_path), "--seed", "3"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "The save failed: No space left on device" in said and "free some space" in said
    assert not (tmp_path / "tomb.toml").exists()


def test_serve_needs_a_session_to_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--saves", str(tmp_path)]) == 2
    assert f"no session in {tmp_path} yet" in capsys.readouterr().err


def test_serve_serves_the_most_recent_session_s_player_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hammertui import serve
    from hammertui.kernel.ui.app import HammerApp

    monkeypatch.setattr(HammerApp, "run", lambda self: None)
    assert main(["tomb", "--saves", str(tmp_path), "--seed", "3"]) == 0
    served: list[tuple[object, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda name, saves, own, *where: served.append((name, *where)))
    assert main(["serve", "--saves", str(tmp_path), "--port", "8123"]) == 0
    assert main(["serve", "--saves", str(tmp_path), "--lan", "--origin", "http://gm.local:8000", "--players", "2"]) == 0
    assert served == [
        ("tomb", "localhost", 8123, [], 6, None),
        ("tomb", "0.0.0.0", 8000, ["http://gm.local:8000"], 2, None),
    ]
    command = serve.player_command("tomb", tmp_path, tmp_path / "rulesets")
    assert "-m hammertui player-app tomb --saves" in command


def test_a_session_named_like_a_command_opens_after_a_double_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hammertui.kernel.ui.app import HammerApp

    monkeypatch.setattr(HammerApp, "run", lambda self: None)
    assert main(["--saves", str(tmp_path), "--seed", "3", "--", "report"]) == 0
    assert persist.load_state(tmp_path / "report.toml").session.name == "report"
