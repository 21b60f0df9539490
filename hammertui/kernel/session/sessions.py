"""Finding, creating and opening sessions in a saves folder.

A new session is born with its party rolled by the rules, every roll logged, and its first snapshot
written before the screen shows it: from the first keypress there is something safe on disk.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from stat import S_ISREG

import attrs

from hammertui.kernel.rules.dice import SeededDice
from hammertui.kernel.ruleset import Ruleset, RulesetError, load_ruleset, rulesets_dir
from hammertui.kernel.ruleset.schema import RULESET_ID_PATTERN
from hammertui.kernel.session import persist, save_check
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.names import BadSessionName, check_name
from hammertui.kernel.session.procedures import first_events, mismatch, new_party, new_slices, stateful
from hammertui.kernel.session.state import SessionInfo, State
from hammertui.kernel.session.store import Store

DEMO_NAME = "demo"
DEMO_RULESET = "hammercrawl-book3"
DEMO_PARTY = (("Darla", "Ana"), ("Brannoc", "Ben"), ("Wenna", "Cai"), ("Otto Sixfingers", "Dee"))


RulesetLoader = Callable[[str], Ruleset]
"""Finds a ruleset by id: `load_ruleset` in play, something smaller in a test."""


def _session_name(name: str) -> bool:
    try:
        check_name(name)
    except BadSessionName:
        return False
    return True


def snapshots(folder: Path) -> list[Path]:
    """Every session snapshot in the folder, newest first. Other files the game master keeps there
    (notes, links, copies under names no session can have) are passed over."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.toml"):
        if path.name.endswith(".log.toml") or not _session_name(path.stem):
            continue
        try:
            info = path.lstat()
        except OSError:
            continue
        if S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    return [path for _, path in sorted(found, key=lambda pair: pair[0], reverse=True)]


def latest(folder: Path) -> str | None:
    """The name of the most recently saved session, if any."""
    found = snapshots(folder)
    return found[0].stem if found else None


class BadDifficulty(ValueError):
    """A difficulty mode the ruleset does not have."""


def difficulty_for(ruleset: Ruleset, wanted: str | None) -> str:
    """The mode a new session plays in: the one asked for, else the ruleset's default.

    A session of a ruleset without modes is saved as "adventure", as such sessions always were;
    no other mode is asked of it.
    """
    if not ruleset.difficulty_modes:
        if wanted not in (None, "adventure"):
            raise BadDifficulty(f"{ruleset.name} has no difficulty modes")
        return "adventure"
    mode = wanted or ruleset.default_difficulty or ruleset.difficulty_modes[0].id
    if ruleset.difficulty(mode) is None:
        modes = ", ".join(m.id for m in ruleset.difficulty_modes)
        raise BadDifficulty(f"{ruleset.name} has no {mode!r} difficulty mode (one of {modes})")
    return mode


def new_state(name: str, ruleset: Ruleset, seed: int, difficulty: str | None = None) -> tuple[State, list[Event]]:
    """A fresh session: a party of four made by the characters procedure (HAMMERCRAWL!'s rolled by
    the class rules with the kit's supplies), and each procedure's slice made for it (burn-down's lit
    torch and spares)."""
    mode = difficulty_for(ruleset, difficulty)
    info = SessionInfo(
        name=name,
        ruleset=ruleset.id,
        seed=seed,
        difficulty=mode,
        ruleset_file=own_file(ruleset),
        ruleset_digest=ruleset.digest,
        procedures=dict(ruleset.procedures),
    )
    dice = SeededDice(seed, -1)
    party, rolled, own = new_party(ruleset, dice)
    played = f"{mode} mode, " if ruleset.difficulty_modes else ""
    events = [Event(0, "new", f"New session {name} ({ruleset.name}, {played}seed {seed})."), *rolled]
    state = State(session=info, party=party, slices={**new_slices(ruleset, party), **own})
    return state, events + first_events(state)


def create(folder: Path, name: str, ruleset: Ruleset, seed: int | None = None, difficulty: str | None = None) -> Store:
    """Create a session and write its first snapshot and log before returning."""
    check_name(name)
    folder.mkdir(parents=True, exist_ok=True)
    files = persist.SaveFiles(folder, name)
    if files.snapshot.exists():
        raise FileExistsError(f"{files.snapshot} already exists")
    state, events = new_state(name, ruleset, secrets.randbelow(10**9) if seed is None else seed, difficulty)
    store = Store(state, ruleset, files, log_end=0)  # a log left by a creation killed before its save is set aside
    store.record(events)
    keep_rules(store)
    return store


def open_files(files: persist.SaveFiles, ruleset_loader: RulesetLoader, from_backup: bool = False) -> Store:
    """Open a saved session (or its backup); raises SaveError without touching any file. Log lines
    past where the save ends (an action never saved, a torn last event) are set aside first, and the
    store's `notices` say so."""
    snapshot, ruleset = read_snapshot(files.backup if from_backup else files.snapshot, ruleset_loader)
    persist.clear_stale_temps(files)
    end, notices = persist.settle_log(files.log, snapshot.log_end)
    recent = persist.read_log_tail(files.log, end=end)
    return Store(snapshot.state, ruleset, files, recent=recent, log_end=end, notices=notices)


def open_read_only(files: persist.SaveFiles, ruleset_loader: RulesetLoader) -> Store:
    """A session another app plays, to be shown and never changed: nothing is written, set aside
    or cleared, and the store refuses every action (`Store.read_only`)."""
    snapshot, ruleset = read_snapshot(files.snapshot, ruleset_loader)
    recent = persist.read_log_tail(files.log, end=snapshot.log_end)
    return Store(snapshot.state, ruleset, files, recent=recent, log_end=snapshot.log_end, read_only=True)


def read_snapshot(source: Path, ruleset_loader: RulesetLoader) -> tuple[persist.Snapshot, Ruleset]:
    """A saved snapshot as its ruleset plays it, and the ruleset; raises SaveError. Nothing is
    written: a session open in the app may be read while it is played."""
    snapshot = persist.load_snapshot(source)
    ruleset = _ruleset_of(snapshot.state, ruleset_loader, source)
    state = _named_procedures(snapshot.state, ruleset, source)
    problems = save_check.check_rules(state, ruleset)
    if problems:
        raise persist.SaveError(source, problems)
    return attrs.evolve(snapshot, state=state), ruleset


def read_files(
    files: persist.SaveFiles, ruleset_loader: RulesetLoader, recent: int = 50
) -> tuple[State, Ruleset, list[Event]]:
    """A saved session as it stands, for a reader beside the app that plays it (the player view):
    the state, its ruleset and the log's last `recent` lines up to where the save ends. Nothing is
    written, set aside or cleared: the files stay the playing app's alone."""
    snapshot = persist.load_snapshot(files.snapshot)
    ruleset = _ruleset_of(snapshot.state, ruleset_loader, files.snapshot)
    state = _named_procedures(snapshot.state, ruleset, files.snapshot)
    return state, ruleset, persist.read_log_tail(files.log, recent, end=snapshot.log_end)


def own_file(ruleset: Ruleset) -> str:
    """The file of a ruleset of the user's own, to find it again next time; "" for a shipped one."""
    if ruleset.source is None or ruleset.source.resolve().parent == rulesets_dir().resolve():
        return ""
    return str(ruleset.source.resolve())


def _ruleset_of(state: State, ruleset_loader: RulesetLoader, source: Path) -> Ruleset:
    """The session's ruleset by its id, else from the file it was first read from."""
    wanted = state.session.ruleset
    if not RULESET_ID_PATTERN.match(wanted):
        raise persist.SaveError(
            source,
            [
                f"session.ruleset: {wanted!r} is not a ruleset id;"
                " expected the name of a ruleset in the rulesets folders, such as 'hammercrawl-book3'"
            ],
        )
    try:
        return ruleset_loader(wanted)
    except RulesetError as error:
        problems = error.problems
    recorded = Path(state.session.ruleset_file) if state.session.ruleset_file else None
    if recorded is not None and recorded.is_file():
        try:
            return load_ruleset(recorded)
        except RulesetError as error:
            problems = error.problems
    elif recorded is not None:
        problems = [
            *problems,
            f"it was read from {recorded}, which is no longer there: put it back, or in the rulesets folder",
        ]
    raise persist.SaveError(source, [f"session.ruleset {wanted!r}: {p}" for p in problems])


def _named_procedures(state: State, ruleset: Ruleset, source: Path) -> State:
    """The session as its ruleset plays it, or a refusal: a save is read by the procedures it was
    played by. A part the save does not name (one it predates) follows the ruleset when its
    procedure keeps no state."""
    chosen = dict(state.session.procedures)
    for part, name in ruleset.procedures.items():
        if part not in chosen and name not in {p.name for p in stateful(ruleset.procedures)}:
            chosen[part] = name
    problems = mismatch(chosen, ruleset)
    if problems:
        raise persist.SaveError(source, problems)
    return attrs.evolve(state, session=attrs.evolve(state.session, procedures=chosen))


def rules_changed(store: Store) -> bool:
    """The ruleset's file no longer reads as it did when this session was last played by it: its
    fingerprint differs, and the rules kept beside the save, where they were, differ rule by rule."""
    if store.state.session.ruleset_digest in ("", store.ruleset.digest):
        return False
    told = _changes(store)
    return told is None or bool(told)


def keep_rules(store: Store) -> None:
    """Keep beside the save the rules the session now plays by, as their file reads, so a later
    change to the file can be told rule by rule. One that cannot be written costs only that telling."""
    if store.files is None or store.ruleset.source is None:
        return
    import tomli_w

    from hammertui.kernel.ruleset.loading import rules_data

    try:
        persist.atomic_write(store.files.rules, tomli_w.dumps(rules_data(store.ruleset.source)))
    except (OSError, RulesetError, TypeError, ValueError):
        return


def rule_changes(store: Store) -> list[str]:
    """What changed in the ruleset's file since the session last played by it, rule by rule
    (`light.sources.torch.duration: 4 -> 3`); nothing where the rules then were not kept."""
    return _changes(store) or []


def _changes(store: Store) -> list[str] | None:
    """The changes rule by rule; None where the rules then were not kept or cannot be read."""
    if store.files is None or store.ruleset.source is None or not store.files.rules.exists():
        return None
    import tomli

    from hammertui.kernel.ruleset.changes import changes
    from hammertui.kernel.ruleset.loading import rules_data

    try:
        kept = tomli.loads(store.files.rules.read_text(encoding="utf-8"))
        return changes(kept, rules_data(store.ruleset.source))
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError, RulesetError):
        return None


def set_aside(path: Path) -> Path:
    """Move an unreadable file out of the way, intact, so a restored session can take its place."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.unreadable{'' if n == 1 else f'-{n}'}")
        if not target.exists():
            path.rename(target)
            return target
    raise FileExistsError(f"too many unreadable copies of {path.name}")


def restore_backup(files: persist.SaveFiles, ruleset_loader: RulesetLoader) -> tuple[Store, Path]:
    """Continue from the `.bak`: the unreadable snapshot is kept beside it, renamed, never lost."""
    store = open_files(files, ruleset_loader, from_backup=True)
    kept = set_aside(files.snapshot) if files.snapshot.exists() else files.snapshot
    event = Event(
        store.state.seq,
        "restore",
        f"Restored from {files.backup.name}; the unreadable save is kept as {kept.name}.",
        level="warn",
    )
    store.record([event])
    return store, kept


def unused_name(folder: Path, base: str) -> str:
    """`base`, or `base-2`, `base-3`... whichever has no files yet, cut short where the number
    would make the name too long."""
    for n in range(1, 10000):
        number = "" if n == 1 else f"-{n}"
        name = _shortened(base, number) + number
        if not persist.SaveFiles(folder, name).snapshot.exists():
            return check_name(name)
    raise FileExistsError(f"no free session name like {base}")


def _shortened(base: str, number: str) -> str:
    """`base` cut until `base` + `number` is a session name."""
    cut = base
    while cut and not _session_name(cut + number):
        cut = cut[:-1]
    return cut or "session"
