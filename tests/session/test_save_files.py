"""The files of a saves folder as the app finds them: leftovers of a killed write cleared, hostile
numbers, sizes and links refused before they can hang or harm, stray files passed over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import Ruleset, check_ruleset_file, load_ruleset
from hammertui.kernel.ruleset.toml_file import MAX_RULESET_BYTES
from hammertui.kernel.session import persist
from hammertui.kernel.session.events import Event
from hammertui.kernel.ui.app import make_app


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_temp_files_of_a_killed_write_are_cleared_on_open(tmp_path: Path) -> None:
    make_app(tmp_path, "tomb", seed=3)
    gone = dead_pid()
    stale = [tmp_path / f".tomb.toml.{gone}.tmp", tmp_path / f".tomb.toml.bak.{gone}.tmp"]
    live = tmp_path / f".tomb.toml.{os.getppid()}.tmp"
    other = tmp_path / f".crypt.toml.{gone}.tmp"
    for path in (*stale, live, other):
        path.write_text("half a save")
    app = make_app(tmp_path, "tomb")
    assert app.store is not None
    assert not any(path.exists() for path in stale)
    assert live.exists(), "another process may be writing it now"
    assert other.exists(), "another session's files are its own"


SAVE_HEAD = 'schema = 3\nseq = {seq}\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n'


def test_a_number_of_thousands_of_digits_is_refused_by_its_field(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    content = SAVE_HEAD.format(seq="9" * 5000).encode()
    path.write_bytes(content)
    with pytest.raises(persist.SaveError) as caught:
        persist.load_state(path)
    assert "seq: a number of 5000 digits" in str(caught.value)
    assert path.read_bytes() == content


def test_a_number_beyond_any_a_save_holds_is_refused_by_its_field(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    content = (SAVE_HEAD.format(seq=1) + "[clock]\nunits = 123456789012345678901234567890\n").encode()
    path.write_bytes(content)
    with pytest.raises(persist.SaveError) as caught:
        persist.load_state(path)
    assert "clock.units: 123456789012345678901234567890 is out of range" in str(caught.value)
    assert path.read_bytes() == content


def test_a_huge_number_in_a_save_opens_the_problem_screen(tmp_path: Path) -> None:
    make_app(tmp_path, "tomb", seed=3)
    snapshot = tmp_path / "tomb.toml"
    content = snapshot.read_text().replace("seq = ", "seq = " + "1" * 5000, 1).encode()
    snapshot.write_bytes(content)
    app = make_app(tmp_path, "tomb")
    assert app.store is None and app.problem is not None
    assert any("seq: a number of 50" in p for p in app.problem.error.problems)
    assert snapshot.read_bytes() == content


def test_a_huge_number_in_a_ruleset_is_named(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(
        'extends = "hammercrawl-book3"\nname = "Big"\n[light.sources.torch]\nduration = ' + "7" * 5000 + "\n"
    )
    problems = check_ruleset_file(path)
    assert any("light.sources.torch.duration: a number of 5000 digits" in p for p in problems), problems
    path.write_text(
        'extends = "hammercrawl-book3"\nname = "Big"\n[light.sources.torch]\nduration = 99999999999999999999\n'
    )
    problems = check_ruleset_file(path)
    assert any("light.sources.torch.duration: 99999999999999999999 is out of range" in p for p in problems), problems


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail the test, rather than hang it, when the block takes longer than `seconds`."""

    def late(*_: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


DEEP_KEY = "a" + ".a" * 1_000_000


def test_a_key_a_million_levels_deep_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    content = (SAVE_HEAD.format(seq=1) + DEEP_KEY + " = 1\n").encode()
    path.write_bytes(content)
    with within(5), pytest.raises(persist.SaveError, match="nested more than 64 levels deep"):
        persist.load_state(path)
    assert path.read_bytes() == content


def test_a_ruleset_with_a_key_a_million_levels_deep_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(
        'extends = "hammercrawl-book3"\nname = "Deep"\n[a' + ".a" * 200_000 + "]\n"
    )  # within the size bound
    with within(5):
        problems = check_ruleset_file(path)
    assert any("nested more than 64 levels deep (line 3)" in p for p in problems), problems


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_snapshot_linked_to_a_device_is_refused_before_it_is_read(tmp_path: Path, device: str) -> None:
    make_app(tmp_path, "tomb", seed=3)
    snapshot = tmp_path / "tomb.toml"
    snapshot.unlink()
    snapshot.symlink_to(device)
    with within(5):
        app = make_app(tmp_path, "tomb")
    assert app.store is None and app.problem is not None
    assert any("not a regular file" in p for p in app.problem.error.problems)
    assert snapshot.is_symlink() and os.readlink(snapshot) == device


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_ruleset_linked_to_a_device_is_refused_before_it_is_read(tmp_path: Path, device: str) -> None:
    path = tmp_path / "dev.toml"
    path.symlink_to(device)
    with within(5):
        problems = check_ruleset_file(path)
    assert any("not a regular file" in p for p in problems), problems


def test_a_ruleset_far_too_large_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with open(path, "wb") as handle:
        handle.truncate(MAX_RULESET_BYTES + 1)
    problems = check_ruleset_file(path)
    assert any("far too large for a ruleset" in p for p in problems), problems


TORN = b'schema = 1\n\n[[event]]\nseq = 0\naction = "time"\ntext = "kept"\n\n[[event]]\nseq = 1\naction = "ti'


def test_a_log_linked_to_a_file_elsewhere_is_refused_and_that_file_kept(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    make_app(saves, "tomb", seed=3)
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_bytes(TORN)
    log = saves / "tomb.log.toml"
    log.unlink()
    log.symlink_to(elsewhere)
    app = make_app(saves, "tomb")
    assert app.store is None and app.problem is not None
    assert any("a symbolic link" in p for p in app.problem.error.problems), app.problem.error.problems
    assert elsewhere.read_bytes() == TORN


def test_events_are_never_appended_through_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_bytes(b"mine\n")
    log = tmp_path / "s.log.toml"
    log.symlink_to(elsewhere)
    with pytest.raises(persist.SaveError, match="a symbolic link"):
        persist.append_events(log, [Event(0, "time", "an hour passes")])
    assert elsewhere.read_bytes() == b"mine\n"


def test_a_temp_file_planted_as_a_link_is_not_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"mine\n")
    target = tmp_path / "s.toml"
    (tmp_path / f".s.toml.{os.getpid()}.tmp").symlink_to(elsewhere)
    persist.atomic_write(target, "schema = 3\n")
    assert elsewhere.read_bytes() == b"mine\n"
    assert target.read_text() == "schema = 3\n" and not target.is_symlink()


@pytest.mark.parametrize("named", ["/dev/zero", "../rulesets/hammercrawl.toml", "hammercrawl.toml"])
def test_a_saves_ruleset_is_an_id_never_a_path(tmp_path: Path, named: str) -> None:
    make_app(tmp_path, "tomb", seed=3)
    snapshot = tmp_path / "tomb.toml"
    content = snapshot.read_text().replace('ruleset = "hammercrawl-book3"', f'ruleset = "{named}"', 1).encode()
    snapshot.write_bytes(content)
    asked: list[str] = []

    def loader(wanted: str) -> Ruleset:
        asked.append(wanted)
        return load_ruleset(wanted)

    app = make_app(tmp_path, "tomb", ruleset_loader=loader)
    assert app.store is None and app.problem is not None
    assert any(f"session.ruleset: {named!r} is not a ruleset id" in p for p in app.problem.error.problems), (
        app.problem.error.problems
    )
    assert named not in asked, "never loaded as a path"
    assert snapshot.read_bytes() == content
