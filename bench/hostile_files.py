"""Hostile files: real saves and the shipped rulesets bent every way a hand, a disk or a crash can
bend them (their text among it markup, terminal escapes and emoji), opened as start-up opens them (a
save by its name; a ruleset as `--ruleset` starts a new session with one of the user's own). Each
must be refused with a message, or load and draw every screen; either way the files are left byte
for byte as they were.

`bench/hostile` runs thousands of variants; tests/session/test_hostile_files.py a bounded run.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tomllib
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import strategies as st

from hammertui.kernel.ruleset import RulesetError, load_ruleset, rulesets_dir
from hammertui.kernel.session import sessions
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.persist import SaveError, SaveFiles
from hammertui.procedures.sides_and_phases.actions import FightNext, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.monkey import HOSTILE_TEXT

NAME = "crawl"
RULESETS = ("hammercrawl-book3", "hammercrawl", "hammercrawl-book3-advantage", "russell-house-rules")
SCREEN_COMMANDS = (
    "party.loot",
    "party.graveyard",
    "session.rules",
    "party.pile",
    "party.hirelings",
    "party.town",
    "party.camp",
    "explore.rooms",
    "explore.pool",
    "growth.treasure_record",
    "combat.fight",
    "initiative.fight",
    "party.counts",
)
"""The commands that open a screen or a dialog drawn from the state, and change nothing by opening."""


def real_save(folder: Path, ruleset_id: str, fighting: bool) -> SaveFiles:
    """A session of `ruleset_id` played a little (and with a fight under way), its files in `folder`."""
    store = sessions.create(folder, NAME, load_ruleset(ruleset_id), seed=11)
    store.dispatch(AdvanceTime(1))
    if fighting and store.state.session.procedures.get("fight") == "sides_and_phases":
        store.dispatch(StartFight((FoeGroup(FoeKind("Goblin", "1", ac=12), 3),), hp="average"))
        store.dispatch(FightNext())
    return store.files


def real_saves(folder: Path) -> dict[str, bytes]:
    """The snapshot text of each real save: every shipped ruleset, with and without a fight."""
    texts = {}
    for ruleset_id in RULESETS:
        for fighting in (False, True):
            where = folder / f"{ruleset_id}-{fighting}"
            texts[where.name] = real_save(where, ruleset_id, fighting).snapshot.read_bytes()
    return texts


# ---------------------------------------------------------------------------------- the variants

NUMBERS = st.one_of(
    st.integers(-3, 30),
    st.sampled_from([-(10**6), -1, 0, 1, 2, 7, 18, 19, 99, 1000, 10**4, 10**6, 2**31, 2**63 - 1, -(2**63)]),
    st.integers(),
)
TEXTS = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "zzz",
            "c1",
            "c2",
            "f1",
            "phase",
            "initiative",
            "foes",
            "party",
            "torch",
            "none",
            "light",
            "medium",
            "heavy",
            "fighter",
            "ok",
            "dead",
            "x" * 5000,
            "\u0000",
            "\u202e",
            *HOSTILE_TEXT,
        ]
    ),
    st.text(max_size=20),
)
LEAVES = st.one_of(
    NUMBERS,
    TEXTS,
    st.booleans(),
    st.floats(allow_nan=False),
    st.just([]),
    st.just({}),
    st.lists(st.integers(-2, 5), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(-2, 5), max_size=2),
)


def _paths(data: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a parsed save, tables and arrays included."""
    found = [where]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*where, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*where, index))
    return found


def _like(value: Any) -> st.SearchStrategy[Any]:
    """Values of the same type as `value`, mostly: wrong types now and then."""
    same = (
        NUMBERS
        if type(value) is int
        else TEXTS
        if type(value) is str
        else st.booleans()
        if type(value) is bool
        else LEAVES
    )
    return st.one_of(same, same, same, LEAVES)


def _edit(data: Any, path: tuple[Any, ...], change: Callable[[Any, Any], None]) -> None:
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    change(parent, path[-1])


@st.composite
def edited(draw: Any, text: bytes) -> tuple[str, bytes]:
    """The save with a few values replaced, keys dropped or added; described for a failure's list."""
    data = tomllib.loads(text.decode())
    said = []
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["value", "value", "value", "value", "drop", "add", "nest"]))
        try:
            if how == "value":
                _edit(data, path, lambda parent, key: parent.__setitem__(key, draw(_like(parent[key]))))
            elif how == "drop":
                _edit(data, path, lambda parent, key: parent.pop(key) if isinstance(parent, (dict, list)) else None)
            elif how == "add":
                _edit(
                    data,
                    path,
                    lambda parent, key: parent.__setitem__("surplus", 1) if isinstance(parent, dict) else None,
                )
            else:
                _edit(data, path, lambda parent, key: parent.__setitem__(key, [[[[[[[[[[1]]]]]]]]]]))
        except (IndexError, KeyError, TypeError):
            continue
        said.append(f"{how} {'.'.join(map(str, path))}")
    try:
        return "; ".join(said), tomli_w.dumps(data).encode()
    except Exception:  # a value TOML cannot hold: the save as it was
        return "unwritable edit", text


DEEP = "schema = 3\nx = " + "[" * 100_000 + "]" * 100_000 + "\n"


@st.composite
def damaged(draw: Any, text: bytes) -> tuple[str, bytes]:
    """The bytes hurt as a disk or a crash hurts them: cut, a byte changed, bad UTF-8, lines swapped."""
    how = draw(st.sampled_from(["cut", "flip", "utf8", "swap", "deep", "bignum", "empty"]))
    at = draw(st.integers(0, max(0, len(text) - 1)))
    if how == "cut":
        return f"cut at {at}", text[:at]
    if how == "flip":
        return f"byte {at} changed", text[:at] + bytes([draw(st.integers(0, 255))]) + text[at + 1 :]
    if how == "utf8":
        return f"bad UTF-8 at {at}", text[:at] + b"\xff\xfe\xc3" + text[at:]
    if how == "swap":
        lines = text.split(b"\n")
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        return f"lines {i} and {j} swapped", b"\n".join(lines)
    if how == "deep":
        return "arrays nested 100,000 deep", DEEP.encode()
    if how == "bignum":
        return "a 5,000-digit number", re.sub(rb"= (-?\d)", b"= " + b"9" * 5000 + rb"\1", text, count=1)
    return "empty", b""


KINDS = ("symlink", "fifo", "folder", "torn log", "reordered log", "log symlink")
RULESET_KINDS = ("symlink", "fifo", "folder")
RULESET = "ruleset "
"""What a ruleset variant's source starts with: the shipped ruleset it was bent from follows."""
BENT = "bent"
"""The id a bent ruleset is read by: the user's own file `bent.toml`, as `--ruleset bent` finds it."""

Variant = tuple[str, str, bytes]
"""(the real save or shipped ruleset it came from, what was done, the file's bytes or a special file's kind)."""


def variants(texts: dict[str, bytes]) -> st.SearchStrategy[Variant]:
    """Variants of the real saves: values edited, bytes damaged, special files."""
    source = st.sampled_from(sorted(texts))
    return source.flatmap(
        lambda name: st.one_of(
            edited(texts[name]),
            edited(texts[name]),
            edited(texts[name]),
            damaged(texts[name]),
            st.sampled_from(KINDS).map(lambda kind: (kind, texts[name])),
        ).map(lambda pair: (name, *pair))
    )


def shipped_rulesets() -> dict[str, bytes]:
    """Each shipped ruleset file's bytes, its `id` made the bent file's own."""
    return {
        path.stem: re.sub(rb'(?m)^id = ".*"$', f'id = "{BENT}"'.encode(), path.read_bytes(), count=1)
        for path in sorted(rulesets_dir().glob("*.toml"))
    }


def ruleset_variants(texts: dict[str, bytes]) -> st.SearchStrategy[Variant]:
    """Variants of the shipped rulesets, bent the same ways as the saves."""
    source = st.sampled_from(sorted(texts))
    return source.flatmap(
        lambda name: st.one_of(
            edited(texts[name]),
            edited(texts[name]),
            damaged(texts[name]),
            st.sampled_from(RULESET_KINDS).map(lambda kind: (kind, texts[name])),
        ).map(lambda pair: (RULESET + name, *pair))
    )


def campaign(saves: dict[str, bytes], rulesets: dict[str, bytes]) -> st.SearchStrategy[Variant]:
    """Saves and rulesets, one variant in five a ruleset's."""
    bent = ruleset_variants(rulesets)
    return st.integers(0, 4).flatmap(lambda n: bent if n == 4 else variants(saves))


# ---------------------------------------------------------------------------------- opening them


def lay_out(folder: Path, real: Path, what: str, content: bytes) -> SaveFiles:
    """The variant's files in `folder`, beside the real save's backup and log."""
    shutil.copytree(real, folder)
    files = SaveFiles(folder, NAME)
    if what == "symlink":
        files.snapshot.unlink()
        (folder / "elsewhere.txt").write_bytes(content)
        files.snapshot.symlink_to(folder / "elsewhere.txt")
    elif what == "fifo":
        files.snapshot.unlink()
        os.mkfifo(files.snapshot)
    elif what == "folder":
        files.snapshot.unlink()
        files.snapshot.mkdir()
    elif what == "torn log":
        log = files.log.read_bytes()
        files.log.write_bytes(log[: len(log) * 2 // 3])
    elif what == "reordered log":
        blocks = files.log.read_bytes().split(b"[[event]]")
        files.log.write_bytes(b"[[event]]".join([blocks[0], *reversed(blocks[1:])]))
    elif what == "log symlink":
        files.log.unlink()
        files.log.symlink_to(files.backup)
    else:
        files.snapshot.write_bytes(content)
    return files


def lay_out_ruleset(folder: Path, what: str, content: bytes) -> Path:
    """The bent ruleset as the user's own file (`folder/own/bent.toml`), or a link or special file
    in its place; the sessions folder beside it is empty."""
    own = folder / "own"
    own.mkdir(parents=True)
    (folder / "saves").mkdir()
    path = own / f"{BENT}.toml"
    if what == "symlink":
        (folder / "elsewhere.txt").write_bytes(content)
        path.symlink_to(folder / "elsewhere.txt")
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.write_bytes(content)
    return own


def _kept(paths: list[Path]) -> dict[str, bytes | str]:
    """What must be the same afterwards, read without following links."""
    kept: dict[str, bytes | str] = {}
    for path in paths:
        if path.is_symlink() or path.is_dir() or (path.exists() and not path.is_file()):
            kept[path.name] = f"special {path.lstat().st_mode:o}"
        elif path.exists():
            kept[path.name] = path.read_bytes()
    return kept


Seen = set[str]
"""The loaded sessions drawn so far in a run (`drawn_key`): the screens depend only on them."""


def open_variant(folder: Path, real: Path, variant: Variant, seen: Seen | None) -> str:
    """Lay the variant out in `folder` and open it as start-up does: "refused", "drawn", "same"
    (loaded, the same as one drawn before), "loaded" (not drawn: `seen` is None), or a failure's
    first lines. The folder is removed afterwards."""
    source, what, content = variant
    try:
        if source.startswith(RULESET):
            own = lay_out_ruleset(folder, what, content)
            return verdict([own / f"{BENT}.toml", folder / "elsewhere.txt"], partial(_open_ruleset, folder, own), seen)
        files = lay_out(folder, real / source, what, content)
        kept = [files.snapshot, files.backup, folder / "elsewhere.txt"]
        return verdict(kept, partial(_open_save, files), seen)
    finally:
        shutil.rmtree(folder)


def verdict(kept: list[Path], opening: Callable[[Seen | None], str], seen: Seen | None) -> str:
    """The outcome of `opening`, a failure if it raised or any of `kept` changed."""
    before = _kept(kept)
    try:
        outcome = opening(seen)
    except Exception:
        outcome = "failure: " + traceback.format_exc(limit=-3).strip().replace("\n", " | ")
    if outcome != ADOPTED and _kept(kept) != before:
        outcome = f"failure: the files changed ({outcome})"
    return outcome


ADOPTED = "adopted"
"""A save from before rulesets were fingerprinted (no `session.ruleset_digest`): start-up plays on by
the ruleset as it reads now, an action logged and saved, so its files change by design."""


def _open_save(files: SaveFiles, seen: Seen | None) -> str:
    try:
        store = sessions.open_files(files, partial(load_ruleset))
    except SaveError as error:
        return _refusal(error.problems)
    outcome = _drawn(store, files, load_ruleset, seen)
    if store.state.session.ruleset_digest or seen is None:
        return outcome
    if outcome == "same":
        asyncio.run(draw_every_screen(files, load_ruleset))  # the adoption is seen by drawing
    if sessions.persist.load_state(files.snapshot).session.ruleset_digest != store.ruleset.digest:
        raise AssertionError("a save without the ruleset's fingerprint was opened and not given it")
    return ADOPTED


def _open_ruleset(folder: Path, own: Path, seen: Seen | None) -> str:
    """`hammertui --ruleset bent NAME` with the bent file among the user's own rulesets: read, a
    new session made with it, and that session opened and drawn."""
    ruleset_loader = partial(load_ruleset, also=(own,))
    try:
        ruleset = ruleset_loader(BENT)
    except RulesetError as error:
        return _refusal(error.problems)
    store = sessions.create(folder / "saves", NAME, ruleset, seed=11)
    assert store.files is not None
    reopened = sessions.open_files(store.files, ruleset_loader)
    return _drawn(reopened, store.files, ruleset_loader, seen)


def _refusal(problems: list[str]) -> str:
    if not problems or not all(p.strip() for p in problems):
        return "failure: refused without a message"
    return "refused"


def drawn_key(store: Any) -> str:
    """What the screens are drawn from: the state, the ruleset, the log's tail and the notices."""
    return repr((store.state, store.ruleset.digest, store.recent, store.notices))


def _drawn(store: Any, files: SaveFiles, ruleset_loader: Any, seen: Seen | None) -> str:
    if seen is None:
        return "loaded"
    key = drawn_key(store)
    if key in seen:
        return "same"
    asyncio.run(draw_every_screen(files, ruleset_loader))
    seen.add(key)
    return "drawn"


async def draw_every_screen(files: SaveFiles, ruleset_loader: Any = load_ruleset) -> None:
    """The real app on the folder, each character's sheet and every screen its commands open."""
    from hammertui.kernel.ui.app import make_app
    from hammertui.kernel.ui.procedures import part_ui

    app = make_app(files.folder, files.stem, ruleset_loader=ruleset_loader)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        home = app.screen
        if app.store is None:
            raise AssertionError("the app did not open the session that loaded")
        own_sheet = getattr(part_ui(app.store.ruleset, "characters"), "show_sheet", None)
        for member in [m.id for m in app.store.state.party]:
            own_sheet(app, member) if own_sheet is not None else app.action_sheet(member)
            await _back(pilot, home)
        for command in app._by_id.values():
            if command.id in SCREEN_COMMANDS and app.check_action(*app._checked(command)):
                app.runner(command)()
                await _back(pilot, home)
        if app.store.state.seq != sessions.persist.load_state(files.snapshot).seq:
            raise AssertionError("drawing the screens changed the session")
    if app.return_code not in (None, 0):
        raise RuntimeError(f"the app ended with code {app.return_code}")


async def _back(pilot: Any, home: Any) -> None:
    """Let the screen draw, then go back to the dashboard."""
    await pilot.pause()
    await pilot.pause()
    while pilot.app.screen is not home and len(pilot.app.screen_stack) > 1:
        pilot.app.pop_screen()
        await pilot.pause()
