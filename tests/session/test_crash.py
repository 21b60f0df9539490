"""A process killed with SIGKILL mid-save leaves a save that loads and equals its last action."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Context
from hammertui.kernel.session.actions import AdvanceTime, apply_action
from hammertui.kernel.session.sessions import new_state
from hammertui.procedures.hammercrawl_classes.actions.recruits import SetNotes

CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.kernel.session import persist
    from hammertui.kernel.session.sessions import new_state
    from hammertui.kernel.session.store import Store
    sys.path.insert(0, sys.argv[2])
    from test_crash import action_for

    ruleset = load_ruleset("hammercrawl-book3")
    state, _ = new_state("crash", ruleset, seed=11)
    store = Store(state, ruleset, persist.SaveFiles(Path(sys.argv[1]), "crash"))
    step = 0
    while True:
        store.dispatch(action_for(step))
        step += 1
        print(step, flush=True)
    """
)


def action_for(step: int):
    """Big notes between turns, so a kill often lands in the middle of a write."""
    return SetNotes("c1", f"run {step} " + "x" * 20_000) if step % 2 else AdvanceTime(1)


def replay(steps: int):
    ruleset = load_ruleset("hammercrawl-book3")
    state, _ = new_state("crash", ruleset, seed=11)
    for step in range(steps):
        state, _ = apply_action(state, action_for(step), Context(ruleset, ScriptedDice([])))
    return state


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("attempt", range(4))
def test_sigkill_while_saving_leaves_the_last_completed_action(tmp_path: Path, attempt: int) -> None:
    rng = random.Random(attempt)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path), str(Path(__file__).parent)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    assert child.stdout is not None
    target = rng.randint(5, 40)
    completed = 0
    while completed < target:
        completed = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait()
    files = persist.SaveFiles(tmp_path, "crash")
    saved = persist.load_state(files.snapshot)
    assert saved.seq in (completed, completed + 1), "at most the action in flight may also have landed"
    assert saved == replay(saved.seq)
    end, _ = persist.settle_log(files.log, persist.load_snapshot(files.snapshot).log_end)
    tail = persist.read_log_tail(files.log, 5, end=end)
    assert tail and tail[-1].seq == saved.seq, "no event of an action the save does not hold"
