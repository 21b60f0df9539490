"""The log strip: the most recent events, dice shown; and the fight screens' log, each event wrapped."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from rich.console import Console, Group
from rich.text import Text
from textual.events import Resize
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static

from hammertui.kernel.session.events import Event

LEVEL_STYLE = {"warn": "bold #fdd835", "info": ""}
KEEP = 100
INDENT = 5
"""The log's words and dice sit right of `#12 `."""


class LogStrip(Static):
    """The last few events, newest at the bottom, one line each.

    A plain fixed-height Static rather than a scrolling log: it repaints in place without a layout
    pass, which keeps a keypress cheap. The whole log, every die included, is in the log file.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: deque[Text] = deque(maxlen=KEEP)

    def on_mount(self) -> None:
        self.border_title = "Log"

    def on_resize(self, event: Resize) -> None:
        self._show()

    def add(self, events: Iterable[Event], show: bool = True) -> None:
        """Keep the events' lines; draw them now unless the strip is hidden (see `catch_up`)."""
        self._lines.extend(event_line(e) for e in events)
        if show:
            self._show()

    def catch_up(self) -> None:
        """Show what was added while another screen hid the strip."""
        self._show()

    def _show(self) -> None:
        rows = max(1, self.content_size.height)
        self.update(Group(*list(self._lines)[-rows:]), layout=False)


def event_line(event: Event) -> Text:
    """`#12 Darla takes 3 damage...  1d6: [3] = 3`, the dice dimmed after the words."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"#{event.seq:<3} ", style="dim")
    line.append(event.text, style=LEVEL_STYLE.get(event.level, ""))
    if event.dice:
        line.append("  " + "; ".join(event.dice), style="dim #4fb3bf")
    return line


class FightLog(Widget):
    """The newest events, each wrapped, its dice under it, as many as the panel's rows hold; it
    lays them out again whenever its size settles, so the newest is always the last row.

    Each line is drawn once and kept while it shows: a key adds an event or two and every other
    line is the same one as before (`event_lines` keeps them), which redrawing the panel whole
    would draw again."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._events: list[Event] = []
        self._lines: list[Text] = []
        self._drawn: dict[int, tuple[Text, int, Strip]] = {}

    def on_resize(self, event: Resize) -> None:
        self._show()

    def show(self, events: Sequence[Event]) -> None:
        self._events = list(events)
        self._show()

    def _show(self) -> None:
        width, rows = self.content_size.width, self.content_size.height
        if width <= 0 or rows <= 0:
            return
        lines = log_lines(self._events, width, rows, self.app.console)
        if len(lines) == len(self._lines) and all(a is b for a, b in zip(lines, self._lines, strict=True)):
            return
        self._lines = lines
        self._drawn = {id(line): self._drawn[id(line)] for line in lines if id(line) in self._drawn}
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._lines):
            return Strip.blank(width, self.visual_style.rich_style)
        line = self._lines[y]
        kept = self._drawn.get(id(line))
        if kept is None or kept[0] is not line or kept[1] != width:
            strip = Visual.to_strips(self, visualize(self, Group(line)), width, 1, self.visual_style)[0]
            kept = (line, width, strip)
            self._drawn[id(line)] = kept
        return kept[2]


def log_lines(events: Sequence[Event], width: int, rows: int, console: Console) -> list[Text]:
    """The newest events that fit `rows` lines of `width`, newest last: each event's words, then
    its dice, wrapped under a hanging indent."""
    lines: list[Text] = []
    for event in reversed(events):
        lines[:0] = event_lines(event, width, console)
        if len(lines) >= rows:
            break
    return lines[-rows:]


@lru_cache(maxsize=256)
def event_lines(event: Event, width: int, console: Console) -> tuple[Text, ...]:
    """`#12  Darla attacks Goblin 1: ...` and its dice, as the log strip has them, wrapped: once
    per event and width, since every key of a fight shows the same events again, and one more."""
    room = max(8, width - INDENT)
    words = Text(event.text, style=LEVEL_STYLE.get(event.level, ""))
    lines = []
    for n, part in enumerate(words.wrap(console, room)):
        line = Text()
        line.append(f"#{event.seq:<3} " if n == 0 else " " * INDENT, style="dim")
        lines.append(line.append_text(part))
    if event.dice:
        dice = Text("; ".join(event.dice), style="dim #4fb3bf")
        lines += [Text(" " * INDENT).append_text(part) for part in dice.wrap(console, room)]
    return tuple(lines)
