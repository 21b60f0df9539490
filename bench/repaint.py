"""Key to repaint, the one way every key bench times it: from the key sent to the first frame the
compositor hands the terminal afterwards; and what a key changed on screen, counted in the panes.

The real app and the bare reference (`bare.py`) are both timed by `timed_key`, so a difference
between them is the app's, not the harness's.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import attrs
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, RichLog, Static

from hammertui.kernel.ui.log import LogStrip

GIVE_UP = 2.0
"""Seconds to wait for a frame before taking the key as one that changed nothing."""


class Frames:
    """The moments the app hands a frame to the terminal, caught by wrapping `App._display`."""

    def __init__(self, app: App) -> None:
        self.moments: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.moments.append(time.perf_counter())

        app._display = timed_display


async def timed_key(pilot: Pilot, frames: Frames, key: str) -> float | None:
    """Seconds from pressing `key` to the first frame after it; None when no frame came."""
    frames.moments.clear()
    start = time.perf_counter()
    await pilot.press(key)
    while not frames.moments and time.perf_counter() - start < GIVE_UP:
        await asyncio.sleep(0.0005)
    return frames.moments[0] - start if frames.moments else None


@attrs.frozen
class Changes:
    """What a key changes: table cells (a DataTable's cells, an OptionList's options), labels
    (Statics: panes, header, hints) and log lines."""

    cells: int
    labels: int
    lines: int


Picture = tuple[Counter, Counter, Counter]
"""The screen as counted: every cell, label text and log line showing, each with how often."""


def picture(app: App) -> Picture:
    """Every cell, label and log line on the screens showing (the top screen and those under it),
    labels and log lines as drawn (the text of their lines), cells as their values."""
    cells: Counter = Counter()
    labels: Counter = Counter()
    lines: Counter = Counter()
    for screen in [*app._background_screens, app.screen]:
        for widget in screen.walk_children():
            if not widget.display:
                continue
            if isinstance(widget, DataTable):
                for row in range(widget.row_count):
                    cells.update(
                        (id(widget), row, column, str(value)) for column, value in enumerate(widget.get_row_at(row))
                    )
            elif isinstance(widget, OptionList):
                cells.update((id(widget), index, 0, str(option.prompt)) for index, option in enumerate(widget.options))
            elif isinstance(widget, LogStrip | RichLog):
                lines.update(line for line in drawn(widget) if line.strip())
            elif isinstance(widget, Static):
                labels[(id(widget), "\n".join(drawn(widget)))] += 1
    return cells, labels, lines


def drawn(widget: Widget) -> list[str]:
    """The widget's lines as the compositor would draw them now, border and all."""
    return [strip.text for strip in widget.render_lines(Region(0, 0, *widget.outer_size))]


def changes(before: Picture, after: Picture) -> Changes:
    """What changed between two pictures: each cell or label drawn anew (or gone), each new log line."""
    cells, labels, _ = ((a - b) + (b - a) for a, b in zip(after, before, strict=True))
    return Changes(
        len({key[:3] for key in cells}), len({key[0] for key in labels}), sum((after[2] - before[2]).values())
    )
