"""Keys act one at a time, in the order typed, so `d 3 enter` typed in one breath deals 3 damage.

A terminal hands a burst of keys over together, and more come in a bunch whenever the app pauses
(a full collection, a save) while the 'Smith types on. Textual runs a key's priority bindings as
the app takes it but gives the rest to the focused widget, which acts on them in its own turn:
`3` and `enter` reach the dashboard before `d` has opened the damage dialog, or `1` after Enter
lands in the field Enter is answering (11 damage), or every later key does, and Enter answers a
field of letters for good. Here a key waits until the one before it has run its course: passed
through the widgets it went to, and any screen it opened or closed mounted, with its focus set.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

SETTLING = 0.01
"""Seconds between looks at a screen still mounting: a dialog takes a few hundredths."""


class TypeAhead:
    """The app passes every key typed here first; `holds` says whether it must wait its turn, and
    `acted` is told once the app has handled the key whose turn it was."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._waiting: deque[events.Key] = deque()
        self._busy = False
        """A key is acting, or the screen on top is not up yet: keys typed now wait."""
        self._acting: events.Key | None = None
        self._screen: Screen[object] | None = None
        """The screen on top when the acting key was given: another there after it means the key
        opened or closed one, which must be up before the next key comes."""

    @property
    def idle(self) -> bool:
        """No key acting or waiting: every key typed so far has run its course."""
        return not self._busy

    def holds(self, key: events.Key) -> bool:
        """Keep back a key typed while another is still acting; let through the one whose turn it
        is. (A key coming back up to the app's bindings is the acting key on its way, not typed.)"""
        if key is self._acting:
            return False
        if not self._busy and self._app.screen.is_mounted:
            self._turn(key)
            return False
        self._waiting.append(events.Key(key.key, key.character))
        if not self._busy:
            self._busy = True
            self._screen = self._app.screen
            self._settled()
        return True

    def acted(self, given_to: DOMNode) -> None:
        """The app has handled the key whose turn it was and passed it to `given_to`: once it has
        run its course there, the next key's turn comes."""
        self._through(given_to)

    def _turn(self, key: events.Key) -> None:
        self._busy = True
        self._acting = key
        self._screen = self._app.screen

    def _next(self) -> None:
        self._acting = None
        self._busy = bool(self._waiting)
        if self._waiting:
            key = self._waiting.popleft()
            self._turn(key)
            self._app.post_message(key)

    def _through(self, node: DOMNode) -> None:
        """Look again once `node` and each of its parents up to the app have handled what was
        given them so far: each passes a key on to its parent before it runs a callback queued
        behind it, so the look is queued behind the key at each node in turn."""
        chain = node.ancestors_with_self

        def step(at: int) -> None:
            if at < len(chain) and chain[at].call_later(step, at + 1):
                return
            self._settled()

        step(0)

    def _settled(self) -> None:
        """The next key's turn once the screen on top is the one the last look went through."""
        screen = self._app.screen
        if not screen.is_mounted:
            self._app.set_timer(SETTLING, self._settled)
        elif screen is not self._screen:
            self._screen = screen
            self._through(screen.focused or screen)
        else:
            self._next()
