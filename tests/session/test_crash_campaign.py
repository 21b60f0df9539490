"""The crash campaign at the size of a test run: fifty kills at random moments, and after each the
save opens, holds every action said to be saved, equals the same actions played afresh, its log
tells of no action it does not hold, its backup is a copy of its own, and no temp file is left."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from crashlib import campaign  # noqa: E402


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.timeout(300)  # fifty child processes: long by design
def test_fifty_kills_leave_saves_that_never_lie(tmp_path: Path) -> None:
    tally = campaign(tmp_path, kills=50, seed=7)
    assert tally.failures == []
    assert tally.kills == 50
    assert tally.acknowledged > 50, "the child saved actions between kills"
    assert tally.unsaved_set_aside > 0, "some kills landed between the log and the snapshot"
