"""Border titles and subtitles drawn as the text they hold: a name, a note or a ruleset's words in
one are never read as markup (a `[/]` in a character's name would end the app; a `[@click=...]`
would run an action)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.content import Content
from textual.widget import Widget


def title(widget: Widget, text: str) -> None:
    """Set `widget`'s border title to `text` as it reads, when it changed."""
    shown = Content(text)
    if widget.border_title != shown.markup:
        widget.border_title = shown


def subtitle(widget: Widget, text: str) -> None:
    """Set `widget`'s border subtitle to `text` as it reads, when it changed (a redraw above a
    dialog costs the whole dimmed backdrop)."""
    shown = Content(text)
    if widget.border_subtitle != shown.markup:
        widget.border_subtitle = shown


def choices(options: Iterable[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """A Select's or a SelectionList's options with each prompt given as a string (a name, a class,
    a ruleset's word) made its text as it reads: both lists read markup in a string."""
    return [(Content(prompt) if isinstance(prompt, str) else prompt, *rest) for prompt, *rest in options]
