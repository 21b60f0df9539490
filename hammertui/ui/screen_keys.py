"""A screen's own keys in the command palette (ctrl+p), so a key the footer has no room for is
still found by name: `Turn Unholy (t)`. Only the keys that apply at that moment are offered."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


class ScreenKeys(Provider):
    """Put in a screen's `COMMANDS`: each of its bindings the screen's `check_action` allows,
    named by its label and key, explained by its tooltip, run as the key would run it."""

    def _bindings(self) -> Iterator[tuple[str, Binding]]:
        """Each action once (space and n both step a fight), with the words to find it by."""
        screen = self.screen
        seen: set[str] = set()
        for binding in screen.BINDINGS:
            if not isinstance(binding, Binding) or binding.action in seen:
                continue
            seen.add(binding.action)
            if screen.check_action(binding.action, ()):
                yield f"{binding.description} ({self.app.get_key_display(binding)})", binding

    async def discover(self) -> Hits:
        for name, binding in self._bindings():
            yield DiscoveryHit(name, partial(self.screen.run_action, binding.action), help=binding.tooltip)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, binding in self._bindings():
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), partial(self.screen.run_action, binding.action), help=binding.tooltip)
