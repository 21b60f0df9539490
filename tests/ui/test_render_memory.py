"""What the screens draw is kept while it shows, not for the rest of the evening: an action costs no
memory that the next hundred actions still hold."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.vitals import ApplyDamage, Heal
from hammertui.kernel.ui.app import make_app

WARM = 100
"""Actions before measuring: every pane drawn, the small caches of what is drawn (a text's width) filled."""
MEASURED = 100
MOST = 1_000_000
"""The most the measured actions may leave held: a few KB for each action would be several MB."""


async def test_actions_leave_no_drawn_lines_behind(tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store is not None
        who = app.store.state.party[0].id
        actions = (ApplyDamage(who, 1), Heal(who, 1), AdvanceTime(1))

        async def play(count: int) -> None:
            for n in range(count):
                assert app.perform(actions[n % 3])
                await pilot.pause()

        await play(WARM)
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            await play(MEASURED)
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
    assert held < MOST, f"{MEASURED} actions left {held:,} bytes held"
