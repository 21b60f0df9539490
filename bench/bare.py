"""The floor for key to repaint: a bare four-pane Textual app (header, a grid of two tables and two
panes of text, a log, a footer: the shape of the bare app in bench/startup) whose one key changes
so many table cells, labels and log lines, and nothing else. Each pane of text is a stack of
one-line Statics, so that a key changing thirty labels changes thirty widgets, as the real app's do.

`COUNTS` says how much each kind of key changes in the real app on the evening of play. It was
counted with `bench/actions --census`: the real app's screens, every screen showing, compared just
before and after each key of one block; a table cell or option whose text changed, appeared or went
is one cell, a Static whose drawn lines changed (a pane, the header, a hint, a dialog's label) one
label, a line new in the log one log line; each kind's figure is the median over its keys.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import benchlib  # noqa: F401  (puts the checkout on the path)
from repaint import Changes, Frames, timed_key
from textual.app import App, ComposeResult
from textual.containers import Grid, Vertical
from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, RichLog, Static

ROWS = 12
COLUMNS = 6

LABELS_PER_PANE = 16

COUNTS: dict[str, Changes] = {
    "pass a Beat": Changes(1, 1, 2),
    "undo": Changes(1, 0, 1),
    "light/douse": Changes(1, 1, 1),
    "damage": Changes(1, 2, 1),
    "explore: open": Changes(0, 4, 0),
    "explore: roll": Changes(0, 2, 0),
    "explore: next step": Changes(6, 2, 0),
    "explore: transit spend": Changes(1, 1, 0),
    "explore: destination spend": Changes(1, 1, 0),
    "explore: XP": Changes(0, 2, 0),
    "explore: close": Changes(10, 7, 4),
    "fight: start": Changes(48, 29, 2),
    "fight: pass phase": Changes(0, 3, 0),
    "fight: attack thrown": Changes(39, 16, 0),
    "fight: attack landed": Changes(42, 18, 6),
    "fight: no morale": Changes(0, 3, 0),
    "fight: end": Changes(50, 8, 4),
}
"""Per kind of key: the real app's figures as `bench/actions --census` printed them. The Explore
on the evening rolls no Blood Drops, and its fight ends with the foes beaten, so the Blood Drops
keys and the ending asked for never come up (they are still driven should the evening change)."""


class BareApp(App[None]):
    """Four panes and a log; space changes what `changes` says, each time to new text."""

    CSS = "Grid { grid-size: 2 2; } #header { height: 1; } .line { height: 1; } RichLog { height: 6; }"
    BINDINGS = [("space", "change", "Change")]

    def __init__(self) -> None:
        super().__init__()
        self.changes = Changes(0, 0, 0)
        self._presses = 0

    def compose(self) -> ComposeResult:
        yield Static("header", id="header")
        with Grid():
            yield DataTable(id="left")
            yield DataTable(id="right")
            for pane in ("pool", "combat"):
                with Vertical(id=pane):
                    for line in range(LABELS_PER_PANE):
                        yield Static(f"{pane} {line}", classes="line")
        yield RichLog(max_lines=200)
        yield Footer()

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_columns(*(f"col {c}" for c in range(COLUMNS)))
            for row in range(ROWS):
                table.add_row(*(f"{row}.{c}" for c in range(COLUMNS)))

    def action_change(self) -> None:
        """So many cells (spread over both tables), labels (the header, then the panes' lines) and
        log lines, each to text it has not shown before."""
        self._presses += 1
        n = self._presses
        tables = list(self.query(DataTable))
        for cell in range(self.changes.cells):
            table = tables[cell % 2]
            spot = (cell // 2) % (ROWS * COLUMNS)
            table.update_cell_at(Coordinate(spot // COLUMNS, spot % COLUMNS), f"{n}:{cell}")
        labels = [self.query_one("#header", Static), *self.query(".line").results(Static)]
        for label in range(self.changes.labels):
            labels[label % len(labels)].update(f"press {n}: label {label} says something new")
        log = self.query_one(RichLog)
        for line in range(self.changes.lines):
            log.write(f"#{n} line {line}: something happened in the dungeon")


class Floor:
    """The bare app at the keyboard: a key for each kind given, changing what that kind changes,
    each timed as the real app's keys are."""

    def __init__(self, app: BareApp, pilot: Pilot) -> None:
        self.app = app
        self.pilot = pilot
        self.frames = Frames(app)

    async def keys(self, kinds: list[str]) -> dict[str, list[float]]:
        timings: dict[str, list[float]] = defaultdict(list)
        for kind in kinds:
            self.app.changes = COUNTS[kind]
            elapsed = await timed_key(self.pilot, self.frames, "space")
            if elapsed is not None:
                timings[kind].append(elapsed)
        return timings


class Reference:
    """The bare app in a process of its own, so that neither app's garbage, timers or loop land on
    the other's keys: each `keys` call is one block of keys. The real app idles meanwhile: it waits
    for the answer in a thread (`asyncio.to_thread`), so its loop runs as between a 'Smith's keys,
    rather than stopping and catching up on the next key."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def keys(self, kinds: list[str]) -> dict[str, list[float]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(kinds) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit("the bare app stopped")
        return json.loads(answer)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def serve() -> None:
    """In the bare app's own process: a line of kinds in, a line of their timings out, until the
    input ends."""

    async def run() -> None:
        app = BareApp()
        async with app.run_test(size=(120, 40)) as pilot:
            floor = Floor(app, pilot)
            for line in sys.stdin:
                timings = await floor.keys(json.loads(line))
                sys.__stdout__.write(json.dumps(timings) + "\n")
                sys.__stdout__.flush()

    asyncio.run(run())


if __name__ == "__main__":
    serve()
