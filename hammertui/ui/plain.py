"""Border titles and subtitles drawn as the text they hold: a name, a note or a ruleset's words in
one are never read as markup (a `[/]` in a character's name would end the app; a `[@click=...]`
would run an action)."""

from __future__ import annotations

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
