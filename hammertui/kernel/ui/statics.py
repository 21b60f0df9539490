"""Redrawing a Static only as much as its new text needs."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def put(static: Static, content: Text) -> None:
    """Redraw a Static only when its text changed, and lay the screen out again only when its
    height did (never for a Static whose height the stylesheet sets, such as a one-line hint that
    the text would wrap): laying out a whole screen (the fight, the Explore) is most of what a key costs."""
    old = static.content
    if isinstance(old, Text) and old == content:
        return
    height = static.styles.height
    if height is not None and not height.is_auto:
        static.update(content, layout=False)  # its height is set: the text cannot change it
        return
    width = static.content_region.width
    same_height = isinstance(old, Text) and width > 0 and _height(old, width, static) == _height(content, width, static)
    static.update(content, layout=not same_height)


def _height(text: Text, width: int, static: Static) -> int:
    return len(text.wrap(static.app.console, width))
