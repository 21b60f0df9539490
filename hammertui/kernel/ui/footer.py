"""The footer of every screen, drawn again only when the keys it shows change.

Textual's Footer rebuilds all its keys whenever a screen says its bindings may have changed: on
focus, on a screen pushed or popped, after most keys. Each rebuild styles every key again, about
6 ms for the dashboard's footer, most often to draw the same keys.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer


class KeysFooter(Footer):
    """A compact Footer that recomposes only when its keys, their state or its own look changed."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._drawn: Any = None

    def _shown(self) -> Any:
        active = tuple((key, *shown[1:]) for key, shown in self.screen.active_bindings.items())
        return active, self.compact, self.show_command_palette, self.combine_groups

    async def recompose(self) -> None:
        """A screen already off the stack is closing, its widgets going one by one: its keys are
        neither shown again nor asked of what is left of it."""
        if not self.is_attached or self.screen not in self.app.screen_stack:
            return
        shown = self._shown()
        if shown == self._drawn:
            return
        self._drawn = shown
        await super().recompose()
