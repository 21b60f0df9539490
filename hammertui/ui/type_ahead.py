"""Keys typed ahead of a screen wait for it, so `d 3 enter` typed in one breath deals 3 damage.

A terminal hands a burst of keys over together. Textual gives each to the focused widget as it
comes, so `3` and `enter` reach the dashboard's table before `d` has opened the damage dialog,
and come back unused once it has; and a key that arrives while a pushed screen is still mounting
finds no field to type into. Either way the key was lost. Here such a key is held, and typed
again, in order, once the screen on top is mounted with its focus set.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable

from textual import events
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

SETTLING = 0.01
"""Seconds between looks at a screen still mounting: a dialog takes a few hundredths."""
IN_FLIGHT = 64
"""Keys remembered with the screen each was given to: far more than a burst holds."""


class TypeAhead:
    """The app passes every key here first; `holds` says whether it was kept back for later."""

    def __init__(self, app: App[object]) -> None:
        self._app = app
        self._held: list[events.Key] = []
        self._handed: deque[tuple[events.Key, weakref.ref[Screen[object]]]] = deque(maxlen=IN_FLIGHT)
        """The latest fresh keys, each with the screen it was given to: by a weak reference, so a
        dialog long closed is not kept alive (with all it drew) by a key once typed into it."""

    def holds(self, key: events.Key) -> bool:
        """Keep back a key meant for a screen that is not ready, or one that came back unused
        from a screen another key has since covered; let every other key through."""
        screen = self._app.screen
        if key.is_forwarded:
            given_to = next((given() for handed, given in self._handed if handed is key), screen)
            if given_to is not screen:
                self._hold(key)
            return given_to is not screen
        if self._held or not screen.is_mounted:
            self._hold(key)
            return True
        self._handed.append((key, weakref.ref(screen)))
        return False

    def _hold(self, key: events.Key) -> None:
        """A fresh copy, as Textual marks a key once it has been passed on."""
        self._held.append(events.Key(key.key, key.character))
        if len(self._held) == 1:
            self._app.call_later(self._release)

    def _release(self) -> None:
        """Type the held keys again once the screen on top is up; look again shortly if it is not."""
        if not self._app.screen.is_mounted:
            self._app.set_timer(SETTLING, self._release)
            return
        held, self._held = self._held, []
        for key in held:
            self._app.post_message(key)


def after_keys_in_flight(widget: DOMNode, act: Callable[[], object]) -> None:
    """Do `act` once every key already given to `widget` has run its course. A priority key (Enter
    in a dialog) is acted on as it arrives, while keys typed just before it in one burst (`3
    enter`, `down enter`) may still wait on the field's queue, or be passing up through its
    parents to the app, where their bindings run. Each node passes a key on before it runs a
    callback queued behind it, so the act is queued behind them at each node in turn. If the
    screen is no longer on top by then (`enter enter`: the first closed it), nothing is done."""
    chain = widget.ancestors_with_self
    screen = widget.screen

    def step(at: int) -> None:
        if at < len(chain) and chain[at].call_later(step, at + 1):
            return
        if widget.app.screen is screen:
            act()

    step(0)
