"""The save path: the log and the snapshot agree after any crash, a save that cannot be written
changes nothing, and opening a session repairs only what a crash tore, saying so."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.actions import AdvanceTime, RenameSession
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.hammercrawl_classes.actions.recruits import SetNotes


def opened(folder: Path, name: str = "crawl") -> Store:
    return sessions.open_files(persist.SaveFiles(folder, name), load_ruleset)


def created(folder: Path, b3: Ruleset, name: str = "crawl") -> Store:
    store = sessions.create(folder, name, b3, seed=5)
    store.dispatch(AdvanceTime(1))
    return store


def files_of(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


# Phantom events: the log never tells of an action the save does not hold -------------------------


def test_events_of_an_action_killed_before_its_save_are_set_aside_on_opening(tmp_path: Path, b3: Ruleset) -> None:
    store = created(tmp_path, b3)
    saved = store.state
    files = store.files
    assert files is not None
    # What a kill between the log's append and the snapshot's replacement leaves: the events alone.
    kept = files.log.read_bytes()
    persist.append_events(files.log, [Event(saved.seq + 1, "damage", "Darla takes 2 damage.")])
    again = opened(tmp_path)
    assert again.state == saved
    assert [e.text for e in again.recent][-1] == "1 Beat passes."
    assert files.log.read_bytes() == kept
    assert "Darla takes 2 damage." in files.cut.read_text()
    assert again.notices == [
        "The save ends before “Darla takes 2 damage.”, so it did not happen here:"
        " its log lines are kept in crawl.log.toml.cut, out of the log."
    ]
    again.dispatch(AdvanceTime(1))
    seqs = [e.seq for e in persist.read_log_tail(files.log)]
    assert seqs.count(saved.seq + 1) == 1, "the next action is the only one logged under its number"


def test_a_session_restored_from_its_backup_sets_aside_the_last_action(tmp_path: Path, b3: Ruleset) -> None:
    store = created(tmp_path, b3)
    store.dispatch(ApplyDamage("c1", 1))
    files = store.files
    assert files is not None
    restored = sessions.open_files(files, load_ruleset, from_backup=True)
    assert not any("damage" in e.text for e in restored.recent)
    assert "Darla loses 1 HP" in files.cut.read_text()


class Killed(BaseException):
    """The process ending at this instant."""


def test_the_backup_is_never_the_live_snapshot_itself(
    tmp_path: Path, b3: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = created(tmp_path, b3)
    files = store.files
    assert files is not None
    before = files.backup.read_bytes()
    real = os.replace

    def killed_before_the_snapshot_is_replaced(source: Any, target: Any) -> None:
        if Path(target) == files.snapshot:
            raise Killed
        real(source, target)

    monkeypatch.setattr(os, "replace", killed_before_the_snapshot_is_replaced)
    with pytest.raises(Killed):
        store.dispatch(AdvanceTime(1))
    monkeypatch.undo()
    assert not os.path.samefile(files.backup, files.snapshot)
    assert files.backup.read_bytes() == before, "an older save than the snapshot"


def test_the_backup_is_the_last_save_kept_under_a_name_of_its_own(tmp_path: Path, b3: Ruleset) -> None:
    store = created(tmp_path, b3)
    files = store.files
    assert files is not None
    last = files.snapshot.read_bytes()
    store.dispatch(AdvanceTime(1))
    assert files.backup.read_bytes() == last
    assert files.backup.stat().st_nlink == 1 and files.snapshot.stat().st_nlink == 1
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# A save that cannot be written changes nothing --------------------------------------------------

SYSCALLS = ("open", "write", "fsync", "replace", "ftruncate", "pread", "link", "lstat")


@contextmanager
def failing(call: int, error: OSError) -> Iterator[list[str]]:
    """Every file system call persist makes counted; the `call`-th (from 1) fails with `error`."""
    made: list[str] = []
    saved = {name: getattr(os, name) for name in SYSCALLS}

    def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            made.append(name)
            if len(made) == call:
                raise error
            return real(*args, **kwargs)

        return counted

    try:
        for name, real in saved.items():
            setattr(os, name, wrap(name, real))
        yield made
    finally:
        for name, real in saved.items():
            setattr(os, name, real)


def calls_in_one_action(tmp_path: Path, b3: Ruleset) -> int:
    store = created(tmp_path / "count", b3)
    with failing(0, OSError()) as made:
        store.dispatch(AdvanceTime(1))
    return len(made)


@pytest.mark.parametrize("action", ["dispatch", "undo", "redo"])
def test_a_save_failing_at_any_call_leaves_everything_as_it_was(tmp_path: Path, b3: Ruleset, action: str) -> None:
    calls = calls_in_one_action(tmp_path, b3)
    assert calls > 8
    for call in range(1, calls + 1):
        folder = tmp_path / f"{action}{call}"
        store = created(folder, b3)
        store.dispatch(ApplyDamage("c1", 1))
        if action == "redo":
            store.undo()
        state, undo, redo, disk = store.state, list(store._undo), list(store._redo), files_of(folder)
        step = {"dispatch": partial(store.dispatch, AdvanceTime(1)), "undo": store.undo, "redo": store.redo}[action]
        with failing(call, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))):
            try:
                step()
            except persist.SaveFailed as failure:
                assert "No space left on device" in str(failure)
                assert (store.state, list(store._undo), list(store._redo)) == (state, undo, redo), call
                assert files_of(folder) == disk, call
                step()
        assert opened(folder).state == store.state, call
        assert opened(folder).notices == [], call


FAILURES = {
    "full disk": (OSError(errno.ENOSPC, "No space left on device"), "free some space and try again."),
    "read-only folder": (
        OSError(errno.EROFS, "Read-only file system"),
        "make the saves folder writable and try again.",
    ),
    "file-size limit": (
        OSError(errno.EFBIG, "File too large"),
        "raise the limit on file sizes (ulimit -f) and try again.",
    ),
    "no permission": (
        PermissionError(errno.EACCES, "Permission denied"),
        "let hammertui write in the saves folder and try again.",
    ),
}


@pytest.mark.parametrize("case", sorted(FAILURES))
def test_a_failed_save_says_why_and_what_to_do(
    tmp_path: Path, b3: Ruleset, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    error, advice = FAILURES[case]
    store = created(tmp_path, b3)
    assert store.files is not None
    real = os.replace

    def refused(source: Any, target: Any) -> None:
        if Path(target) == store.files.snapshot:
            raise error
        real(source, target)

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(persist.SaveFailed) as caught:
        store.dispatch(AdvanceTime(1))
    assert (
        str(caught.value)
        == f"The save failed: {error.strerror} ({store.files.snapshot}). Nothing was changed; {advice}"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder all the same")
def test_a_read_only_saves_folder_refuses_the_save_and_keeps_the_session(tmp_path: Path, b3: Ruleset) -> None:
    store = created(tmp_path, b3)
    state, disk = store.state, files_of(tmp_path)
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(persist.SaveFailed, match="Permission denied"):
            store.dispatch(AdvanceTime(1))
        assert store.state == state and files_of(tmp_path) == disk
    finally:
        tmp_path.chmod(0o700)
    store.dispatch(AdvanceTime(1))
    assert opened(tmp_path).state == store.state


def test_text_no_file_can_hold_is_refused_before_anything_is_written(tmp_path: Path, b3: Ruleset) -> None:
    store = created(tmp_path, b3)
    state, disk = store.state, files_of(tmp_path)
    with pytest.raises(Refused) as caught:
        store.dispatch(SetNotes(store.state.party[0].id, "Tomb\udc80"))
    assert str(caught.value).startswith('notes = "Tomb\\udc80" cannot be saved: it holds a broken character')
    assert store.state == state and not store.can_redo
    assert files_of(tmp_path) == disk


# Opening repairs a torn tail and nothing else, and says so --------------------------------------

WHOLE = b'schema = 1\n\n[[event]]\nseq = 1\naction = "time"\ntext = "1 Beat passes."\n\n'


def old_save(folder: Path, b3: Ruleset, log: bytes) -> persist.SaveFiles:
    """A session saved before the snapshot said where the log ended, with this log."""
    store = created(folder, b3)
    assert store.files is not None
    text = store.files.snapshot.read_text()
    store.files.snapshot.write_text(
        "".join(line + "\n" for line in text.splitlines() if not line.startswith("log_end"))
    )
    store.files.log.write_bytes(log)
    return store.files


@pytest.mark.parametrize(
    "last",
    [
        b'[[event]]\nseq = 2\naction = "time"\ntext = "2 Beats pass."',
        b'[[event]]\nseq = 2\naction = "time"\ntext = "2 Beats pass."\nmood = "grim"\n',
    ],
    ids=["no final newline", "a key this hammertui does not know"],
)
def test_a_whole_last_event_is_never_cut(tmp_path: Path, b3: Ruleset, last: bytes) -> None:
    files = old_save(tmp_path, b3, WHOLE + last)
    store = opened(tmp_path)
    assert files.log.read_bytes() == WHOLE + last
    assert store.notices == [] and not files.cut.exists()
    store.dispatch(AdvanceTime(1))
    assert files.log.read_bytes().startswith(WHOLE + last.rstrip(b"\n") + b"\n[[event]]")
    assert [e.text for e in persist.read_log_tail(files.log)][-1] == "1 Beat passes."


def test_a_torn_last_event_is_set_aside_and_told(tmp_path: Path, b3: Ruleset) -> None:
    torn = b'[[event]]\nseq = 2\naction = "time"\ntext = "2 Bea'
    files = old_save(tmp_path, b3, WHOLE + torn)
    store = opened(tmp_path)
    assert files.log.read_bytes() == WHOLE
    assert files.cut.read_bytes().endswith(torn + b"\n")
    assert store.notices == [
        "The log's last entry was cut short when hammertui stopped;"
        f" its {len(torn)} bytes are kept in crawl.log.toml.cut."
    ]


def test_a_log_of_a_newer_schema_is_refused_untouched(tmp_path: Path, b3: Ruleset) -> None:
    log = WHOLE.replace(b"schema = 1", b"schema = 99") + b'[[event]]\nseq = 2\naction = "ti'
    files = old_save(tmp_path, b3, log)
    with pytest.raises(persist.SaveError, match="schema 99 was written by a newer hammertui"):
        opened(tmp_path)
    assert files.log.read_bytes() == log


class CountingFile:
    """A file whose reads are counted into `tally`."""

    def __init__(self, handle: Any, tally: list[int]) -> None:
        self._handle, self._tally = handle, tally

    def read(self, size: int = -1) -> bytes:
        data = self._handle.read(size)
        self._tally.append(len(data))
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)

    def __enter__(self) -> CountingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


def test_opening_a_long_log_with_no_event_header_reads_it_once(
    tmp_path: Path, b3: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = b"# " + b"x" * 77 + b"\n"
    files = old_save(tmp_path, b3, b"schema = 1\n\n" + line * (8 * 1024 * 1024 // len(line)))
    size = files.log.stat().st_size
    tally: list[int] = []
    monkeypatch.setattr(
        persist, "open", lambda *args, **kwargs: CountingFile(open(*args, **kwargs), tally), raising=False
    )
    store = opened(tmp_path)
    assert not store.recent
    assert sum(tally) <= 2 * size + 64 * 1024, f"{sum(tally)} bytes read of a {size}-byte log"


# Repairs cut only between events, and take out a torn event wherever it lies ---------------------

EVENT_2 = b'[[event]]\nseq = 2\naction = "time"\ntext = "2 Beats pass."\n\n'
EVENT_3 = b'[[event]]\nseq = 3\naction = "damage"\ntext = "Darla takes 3 damage."\n\n'


def saved_at(folder: Path, b3: Ruleset, log: bytes, log_end: int) -> persist.SaveFiles:
    """A session whose snapshot says its log ended at `log_end`, with this log."""
    files = old_save(folder, b3, log)
    text = files.snapshot.read_text()
    files.snapshot.write_text(text.replace("\n", f"\nlog_end = {log_end}\n", 1))
    return files


def test_a_save_whose_log_was_written_over_never_cuts_inside_an_event(tmp_path: Path, b3: Ruleset) -> None:
    """What two apps on one session did: each save set the other's events aside from where its own
    last save ended, and when that fell inside an event, half of it stayed in the log for ever."""
    first = created(tmp_path, b3)
    files = first.files
    assert files is not None
    second = opened(tmp_path)
    first.dispatch(AdvanceTime(1))
    second.dispatch(RenameSession("A name long enough to make this event longer than the first's"))
    first.dispatch(AdvanceTime(2))  # where its last save ended falls inside the second's event
    logged = persist.read_whole_log(files.log, persist.load_snapshot(files.snapshot).log_end)
    assert [e.text for e in logged][-2:] == ["1 Beat passes.", "2 Beats pass."]
    assert "A name long enough" in files.cut.read_text()
    again = opened(tmp_path)
    assert again.notices == [] and [e.text for e in again.recent][-1] == "2 Beats pass."


def test_opening_a_save_that_ends_inside_an_event_sets_aside_that_whole_event(tmp_path: Path, b3: Ruleset) -> None:
    files = saved_at(tmp_path, b3, WHOLE + EVENT_2 + EVENT_3, len(WHOLE) + 12)
    store = opened(tmp_path)
    assert files.log.read_bytes() == WHOLE + b"#" * 11 + b"\n", "the save's end kept by blank bytes"
    assert files.cut.read_bytes().endswith(EVENT_2 + EVENT_3)
    assert store.notices == [
        f"The save ends inside the log's event at byte {len(WHOLE)} (“2 Beats pass.”),"
        " so it and what follows did not happen here: "
        "they are kept in crawl.log.toml.cut, out of the log."
    ]
    assert [e.text for e in persist.read_whole_log(files.log, len(WHOLE) + 12)] == ["1 Beat passes."]
    assert [e.text for e in store.recent][-1] == "1 Beat passes."
    assert opened(tmp_path).notices == [], "set aside once"


def test_a_torn_event_in_the_middle_of_the_log_is_named_set_aside_and_told(tmp_path: Path, b3: Ruleset) -> None:
    torn = b'[[event]]\nseq = 2\naction = "time"\ntext = "2 Bea'
    log = WHOLE + torn + b"\n" + EVENT_3  # a cut inside an event, and a save after it
    files = saved_at(tmp_path, b3, log, len(log))
    store = opened(tmp_path)
    assert (
        files.log.read_bytes()
        == WHOLE + b"# set aside in crawl.log.toml.cut" + b" " * (len(torn) - 33) + b"\n" + EVENT_3
    )
    assert files.cut.read_bytes().endswith(torn + b"\n")
    assert store.notices == [
        f"The log's event at byte {len(WHOLE)} (action 2) was cut short:"
        f" its {len(torn) + 1} bytes are kept in crawl.log.toml.cut, out of the log."
    ]
    assert [e.text for e in store.recent][-2:] == ["1 Beat passes.", "Darla takes 3 damage."]
    end = persist.load_snapshot(files.snapshot).log_end
    assert [e.text for e in persist.read_whole_log(files.log, end)] == ["1 Beat passes.", "Darla takes 3 damage."]
    assert opened(tmp_path).notices == [], "set aside once"
