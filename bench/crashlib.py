"""The crash campaign: a session played by a child process that is killed with SIGKILL at random
moments, and after every kill, the save checked as the next start-up finds it.

Run as a script (`python bench/crashlib.py FOLDER`) it is the child: it takes the session's lock and
opens the session in FOLDER (or creates it), as the app does, plays on, and prints the session's
action count after each action is saved. After each kill the lock is taken again: a killed app
leaves none behind.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs
from benchlib import ROOT

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import lock, persist, sessions
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.actions import AdvanceTime, RenameSession
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage, Heal

NAME = "crash"
SEED = 11
RULESET = "hammercrawl-book3"


def next_action(state: State) -> Action:
    """The action the session plays next, by how many it has played: time, a long rename (so a kill
    often lands in the middle of a write), a blow and its healing."""
    step = state.seq
    member = state.party[step % len(state.party)]
    return (
        AdvanceTime(1),
        RenameSession(f"crawl {step} " + "x" * 8_000),
        ApplyDamage(member.id, 1, "a goblin"),
        Heal(member.id, 1),
    )[step % 4]


def play(store: Store) -> list[Event]:
    """One action through the store; one the moment refuses is played as a Beat passing instead."""
    try:
        return store.dispatch(next_action(store.state))
    except Refused:
        return store.dispatch(AdvanceTime(1))


def child(folder: Path) -> None:
    files = persist.SaveFiles(folder, NAME)
    lock.acquire(files)
    if files.snapshot.exists():
        store = sessions.open_files(files, load_ruleset)
    else:
        store = sessions.create(folder, NAME, load_ruleset(RULESET), seed=SEED)
    while True:
        play(store)
        print(store.state.seq, flush=True)


@attrs.define
class Replay:
    """The same session played in memory: the state after each number of actions and every event."""

    ruleset: Ruleset
    states: list[State]
    events: list[tuple[int, str, str, tuple[str, ...]]]
    store: Store

    @classmethod
    def start(cls) -> Replay:
        ruleset = load_ruleset(RULESET)
        state, events = sessions.new_state(NAME, ruleset, SEED)
        return cls(ruleset, [state], [_told(e) for e in events], Store(state, ruleset))

    def at(self, seq: int) -> State:
        while len(self.states) <= seq:
            self.events += [_told(e) for e in play(self.store)]
            self.states.append(self.store.state)
        return self.states[seq]

    def told_up_to(self, seq: int) -> list[tuple[int, str, str, tuple[str, ...]]]:
        self.at(seq)
        return [e for e in self.events if e[0] <= seq]


def _told(event: Event) -> tuple[int, str, str, tuple[str, ...]]:
    return (event.seq, event.action, event.text, event.dice)


@attrs.define
class Tally:
    kills: int = 0
    acknowledged: int = 0
    unsaved_set_aside: int = 0
    torn_set_aside: int = 0
    before_first_save: int = 0
    last_seq: int = 0
    failures: list[str] = attrs.Factory(list)


def campaign(folder: Path, kills: int, seed: int = 1, progress: Callable[[Tally], None] | None = None) -> Tally:
    """Kill the child `kills` times; after each kill, check the save as the next start-up finds it."""
    rng = random.Random(seed)
    replay = Replay.start()
    tally = Tally()
    acked = -1
    for kill in range(kills):
        acked = max(acked, _run_and_kill(folder, rng))
        tally.kills += 1
        tally.failures += [f"kill {kill + 1}: {problem}" for problem in _check(folder, acked, replay, tally)]
        if progress is not None:
            progress(tally)
    return tally


def _run_and_kill(folder: Path, rng: random.Random) -> int:
    """Start the child, let it save a few actions, kill it a random moment later; the last action
    it said was saved (-1 for none)."""
    script = str(Path(__file__).resolve())
    child_process = subprocess.Popen([sys.executable, script, str(folder)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert child_process.stdout is not None
    acked = -1
    for _ in range(rng.randint(1, 6)):
        line = child_process.stdout.readline()
        if not line:
            break
        acked = int(line)
    time.sleep(rng.random() * 0.004)
    child_process.send_signal(signal.SIGKILL)
    child_process.wait()
    child_process.stdout.close()
    return acked


def _check(folder: Path, acked: int, replay: Replay, tally: Tally) -> list[str]:
    files = persist.SaveFiles(folder, NAME)
    try:
        held = lock.acquire(files)
    except lock.SessionBusy as busy:
        return [f"the killed app's lock is still held: {busy.holder}"]
    try:
        return _check_save(files, folder, acked, replay, tally)
    finally:
        held.release()


def _check_save(files: persist.SaveFiles, folder: Path, acked: int, replay: Replay, tally: Tally) -> list[str]:
    if not files.snapshot.exists():
        tally.before_first_save += 1
        return [] if acked == -1 else ["the snapshot is gone though actions were saved"]
    try:
        store = sessions.open_files(files, load_ruleset)
    except persist.SaveError as error:
        return [f"the save does not open: {error}"]
    state = store.state
    tally.acknowledged = acked
    tally.last_seq = state.seq
    tally.unsaved_set_aside += any(n.startswith("The save ends before") for n in store.notices)
    tally.torn_set_aside += any("cut short" in n for n in store.notices)
    problems = []
    if state.seq < acked:
        problems.append(f"the save holds {state.seq} actions; {acked} were said to be saved")
    if state != replay.at(state.seq):
        problems.append(f"the save differs from the same {state.seq} actions played afresh")
    logged = [_told(e) for e in persist.read_log_tail(files.log, 40)]
    if logged != replay.told_up_to(state.seq)[-len(logged) :]:
        shown = [(seq, text[:60]) for seq, _, text, _ in logged[-3:]]
        problems.append(f"the log's last events are not those of the {state.seq} actions saved: {shown}")
    if files.backup.exists() and files.backup.samefile(files.snapshot):
        problems.append("the backup is the snapshot itself")
    left = sorted(path.name for path in folder.glob(".*.tmp"))
    if left:
        problems.append(f"temp files left after opening: {left}")
    return problems


if __name__ == "__main__":
    child(Path(sys.argv[1]))
