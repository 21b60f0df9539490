"""Redrawing a Static only as much as its new text needs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def put(static: Static, content: Text) -> None:
    """Redraw a Static only when its text changed, and lay the screen out again only when its
    height did: laying out a whole screen (the fight, the Explore) is most of what a key costs."""
    old = static.content
    if isinstance(old, Text) and old == content:
        return
    width = static.content_region.width
    same_height = isinstance(old, Text) and width > 0 and _height(old, width, static) == _height(content, width, static)
    static.update(content, layout=not same_height)


def _height(text: Text, width: int, static: Static) -> int:
    return len(text.wrap(static.app.console, width))
