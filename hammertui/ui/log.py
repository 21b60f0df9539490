"""The log strip: the most recent events, dice shown."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

from hammertui.session.events import Event

LEVEL_STYLE = {"warn": "bold yellow", "info": ""}


class LogStrip(RichLog):
    """A few lines of what just happened, newest at the bottom."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=500, wrap=True, markup=False, auto_scroll=True, **kwargs)

    def on_mount(self) -> None:
        self.border_title = "Log"

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            self.write(event_line(event))


def event_line(event: Event) -> Text:
    """`#12 Darla takes 3 damage... [1d6: [3] = 3]` with the dice dimmed after the words."""
    line = Text(f"#{event.seq:<3} ", style="dim")
    line.append(event.text, style=LEVEL_STYLE.get(event.level, ""))
    if event.dice:
        line.append("  " + "; ".join(event.dice), style="dim cyan")
    return line
