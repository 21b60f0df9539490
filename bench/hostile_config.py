"""Hostile keymaps and folders of one's own rulesets: a keymap bent every way (links and special
files, keys nested thousands deep, the palette's and quitting's keys, control characters) read as
start-up reads it, and, when it loads, the app started with it; a folder of rulesets holding links
in a loop, pipes, devices, sub-folders, bad bytes and control characters in names and headers,
listed as `--list-rulesets` lists it. Each keymap is refused with a message naming it, or loads and
leaves the palette and quitting on their keys; each folder lists every good file, names every broken
one, and sends no control character to the terminal.

`bench/hostile` runs them beside the saves and rulesets; tests/test_hostile_config.py a bounded run.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import strategies as st

from hammertui.kernel.ui.keymap import read_keymap

KEYMAP = "keymap"
FOLDER = "folder"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""What must never reach the terminal from a file: C0 but tab and newline, DEL, C1."""
ESCAPES = ["\x1b]2;PWNED\x07", "\x1b[2J", "\x9b31m", "\x00", "\r", "\x7f", "\u202e"]
IDS = [
    "party.damage",
    "party.heal",
    "store.undo",
    "app.quit",
    "combat.fight",
    "fight.attack",
    "time.advance",
    "party.loot",
    "nobody.here",
]
KEYS = [
    "j",
    "k",
    "ctrl+j",
    "ctrl+p",
    "ctrl+q",
    "ctrl+c",
    "d",
    "h",
    "F",
    "dollar_sign",
    "a,b",
    "",
    " ",
    "x" * 5000,
    "€",
    *ESCAPES,
]
KEYMAP_KINDS = ("fifo", "device", "folder", "link loop", "deep key", "deep value", "too large", "bad utf8")
LIMIT_SECONDS = 10
"""A keymap read, or a folder listed, in longer than this is a failure: a reader left waiting."""

Variant = tuple[str, str, bytes]


@st.composite
def keymap_text(draw: Any) -> tuple[str, bytes]:
    """A keymap of a few entries, their ids and keys from the real ones, the reserved ones and junk."""
    entries = draw(
        st.dictionaries(
            st.one_of(st.sampled_from(IDS), st.sampled_from(ESCAPES), st.text(max_size=8)),
            st.one_of(st.sampled_from(KEYS), st.text(max_size=6), st.integers(), st.lists(st.integers(), max_size=2)),
            min_size=1,
            max_size=4,
        )
    )
    said = ", ".join(f"{k!r} = {v!r}"[:40] for k, v in entries.items())
    return said, tomli_w.dumps(entries).encode()


def keymap_variants() -> st.SearchStrategy[Variant]:
    return st.one_of(
        keymap_text(), keymap_text(), keymap_text(), st.sampled_from(KEYMAP_KINDS).map(lambda kind: (kind, b""))
    ).map(lambda pair: (KEYMAP, *pair))


ENTRY_KINDS = (
    "good",
    "good",
    "good small",
    "link loop",
    "link to self",
    "link to folder",
    "device",
    "fifo",
    "sub-folder",
    "bad utf8",
    "deep key",
    "too large",
    "control in file name",
    "control in name",
    "name not text",
    "torn",
)
GOOD = {"good", "good small"}


def folder_variants() -> st.SearchStrategy[Variant]:
    """A folder of one to eight entries, each good or broken one way; described by the kinds."""
    return st.lists(st.sampled_from(ENTRY_KINDS), min_size=1, max_size=8).map(
        lambda kinds: (FOLDER, ", ".join(kinds), json.dumps(kinds).encode())
    )


# ---------------------------------------------------------------------------------- keymaps


def _lay_out_keymap(folder: Path, what: str, content: bytes) -> Path:
    folder.mkdir(parents=True)
    path = folder / "keymap.toml"
    if what == "fifo":
        os.mkfifo(path)
    elif what == "device":
        path.symlink_to("/dev/zero")
    elif what == "folder":
        path.mkdir()
    elif what == "link loop":
        path.symlink_to(path)
    elif what == "deep key":
        path.write_text("a" + ".a" * 5000 + ' = "j"\n')
    elif what == "deep value":
        path.write_text("party.damage = " + "[" * 5000 + "]" * 5000 + "\n")
    elif what == "too large":
        path.write_text('party.damage = "j"\n' + "# a remark\n" * 100_000)
    elif what == "bad utf8":
        path.write_bytes(b'party.damage = "\xff\xfe"\n')
    else:
        path.write_bytes(content)
    return path


def open_keymap(folder: Path, what: str, content: bytes, seen: set[str] | None) -> str:
    """Read the keymap as start-up does: "refused" (a problem naming the file and holding no control
    character), "drawn" (loaded, the app started with it, the palette and quitting on their keys),
    "same" (loaded as one drawn before), "loaded" (not drawn), or a failure."""
    path = _lay_out_keymap(folder, what, content)
    started = time.perf_counter()
    with _time_limit():
        keymap, problem = read_keymap(path)
    if time.perf_counter() - started > LIMIT_SECONDS:
        return "failure: read too slowly"
    if problem is not None:
        if str(path) not in problem:
            return f"failure: a problem not naming the file: {problem!r}"
        if CONTROL.search(problem.replace(str(path), "")):
            return f"failure: a control character in the problem: {problem!r}"
        return "refused"
    if any(CONTROL.search(k) or CONTROL.search(v) for k, v in keymap.items()):
        return f"failure: a control character loaded: {keymap!r}"
    key = repr(sorted(keymap.items()))
    if seen is None:
        return "loaded"
    if key in seen:
        return "same"
    seen.add(key)
    os.environ["HAMMERTUI_KEYMAP"] = str(path)
    return asyncio.run(_palette_and_quit(folder / "saves"))


async def _palette_and_quit(saves: Path) -> str:
    from textual.command import CommandPalette

    from hammertui.kernel.ui.app import make_app

    app = make_app(saves, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        for _ in range(50):
            if isinstance(app.screen, CommandPalette):
                break
            await pilot.pause(0.02)
        else:
            return "failure: ctrl+p did not open the palette"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+q")
        for _ in range(50):
            if not app.is_running:
                return "drawn"
            await pilot.pause(0.02)
    return "failure: ctrl+q did not quit"


@contextlib.contextmanager
def _time_limit() -> Any:
    """An alarm that ends a reader left waiting (a pipe with no writer) with an error."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still reading after {LIMIT_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------------- ruleset folders

SMALL = 'extends = "hammercrawl"\nname = "Table {n}"\ndescription = "Ours, number {n}"\n'


def _lay_out_folder(own: Path, kinds: list[str], shipped: bytes) -> tuple[list[str], list[str]]:
    """The entries in `own`: the ids a listing must show, and the names it must say are broken."""
    own.mkdir(parents=True)
    good: list[str] = []
    broken: list[str] = []
    for n, kind in enumerate(kinds):
        name = f"\x1b]2;e{n}\x07" if kind == "control in file name" else f"e{n}"
        path = own / f"{name}.toml"
        if kind == "good":
            path.write_bytes(re.sub(rb'(?m)^id = ".*"\n', b"", shipped, count=1))
        elif kind == "good small":
            path.write_text(SMALL.format(n=n))
        elif kind == "link loop":
            path.symlink_to(own / f"{name}-other.toml")
            (own / f"{name}-other.toml").symlink_to(path)
            broken.append(f"{name}-other.toml")
        elif kind == "link to self":
            path.symlink_to(path)
        elif kind == "link to folder":
            path.symlink_to(".")
        elif kind == "device":
            path.symlink_to("/dev/zero")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "sub-folder":
            path.mkdir()
        elif kind == "bad utf8":
            path.write_bytes(b'name = "\xff"\n')
        elif kind == "deep key":
            path.write_text("a" + ".a" * 5000 + " = 1\n")
        elif kind == "too large":
            with path.open("wb") as sparse:
                sparse.truncate(2 * 1024 * 1024)
        elif kind == "control in file name":
            path.write_text(SMALL.format(n=n))
        elif kind == "control in name":
            path.write_text('extends = "hammercrawl"\nname = "Ta\\u001b[2Jble"\n')
        elif kind == "name not text":
            path.write_text('extends = "hammercrawl"\nname = 3\n')
        else:
            path.write_text('name = "Torn\n')
        (good if kind in GOOD else broken).append(name if kind in GOOD else f"{name}.toml")
    return good, broken


def open_folder(folder: Path, content: bytes, shipped: bytes) -> str:
    """`hammertui --list-rulesets` on the folder: "listed" when every good file is listed, every
    broken one named once, no control character printed, in time; else a failure."""
    from hammertui.cli import list_rulesets

    own = folder / "own"
    good, broken = _lay_out_folder(own, json.loads(content), shipped)
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with _time_limit(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = list_rulesets(own)
    took = time.perf_counter() - started
    printed, told = out.getvalue(), err.getvalue()
    if CONTROL.search(printed + told):
        return f"failure: a control character printed: {(printed + told)[-300:]!r}"
    listed = {
        line.split()[0]
        for line in printed.split(f"Rulesets in {own}:")[-1].splitlines()
        if line.startswith("  ") and line.split()
    }
    if not set(good) <= listed:
        return f"failure: good files not listed: {sorted(set(good) - listed)}"
    named = [line for line in told.splitlines() if line.strip()]
    for name in broken:
        shown = CONTROL.sub(lambda c: f"\\x{ord(c[0]):02x}", name)
        if sum(f"{own}/{shown}:" in line for line in named) < 1:
            return f"failure: {name!r} not named: {told[-300:]!r}"
    if (code != 0) != bool(broken):
        return f"failure: exit {code} with {len(broken)} broken"
    if took > LIMIT_SECONDS:
        return f"failure: listed in {took:.1f} s"
    return "listed"
