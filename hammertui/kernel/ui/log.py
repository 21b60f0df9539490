"""The log strip: the most recent events, dice shown."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.console import Group
from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from hammertui.kernel.session.events import Event

LEVEL_STYLE = {"warn": "bold #fdd835", "info": ""}
KEEP = 100


class LogStrip(Static):
    """The last few events, newest at the bottom, one line each.

    A plain fixed-height Static rather than a scrolling log: it repaints in place without a layout
    pass, which keeps a keypress cheap. The whole log, every die included, is in the log file.
    """

    def __init__(self, **kwargs) -> None:
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
