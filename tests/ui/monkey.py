"""A monkey at the keyboard: random keys and palette commands across every screen of the real app,
checking after each key that nothing went wrong and that the state still makes sense, and at the end
that the session on disk is the one on screen.

The keys come from what the screen on top binds (the dashboard's, a dialog's, a fight's) and from
what a 'Smith's fingers might hit anyway: digits, letters, Enter, Escape, arrows. Now and then the
palette opens and an entry is chosen from what it offers there, now and then a few keys come in
one burst, as a terminal hands over a fast typist's keys or those typed while the app paused, and
into a field with the focus hostile text is pasted (markup, terminal escapes, emoji, 200 letters).
Keys that quit are left out; a session the app closes by itself (a dialog's choice) is opened again
and played on."""

from __future__ import annotations

import random
import string
from collections import Counter, deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
from textual import events
from textual.command import CommandPalette
from textual.keys import key_to_character
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from hammertui.kernel.rules.text import control_problems
from hammertui.kernel.session import sessions
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.app import HammerApp, make_app
from tests.ui.waiting import TURNS

STRAY_KEYS = (
    *string.digits,
    *string.ascii_lowercase,
    *"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "space",
    "backspace",
)
QUITTING = {"quit", "app.quit", "help_quit", "command_palette", "app.command_palette", "screenshot", "app.screenshot"}
"""Bound actions the monkey never presses: they end the run, write files elsewhere, or open the
palette, which it opens on its own terms."""
LEFT_OUT_OF_THE_PALETTE = ("Quit", "Screenshot")
PALETTE_EVERY = 25
"""About one step in this many opens the palette instead of pressing a key."""
BURST_EVERY = 8
"""About one step in this many types a burst of keys in one breath instead of a single key."""
BURST = (2, 8)
"""The fewest and most keys in a burst."""
BACK_OUT = 0.08
"""How often the monkey presses Escape on purpose: enough to leave a dialog it has wandered into."""
HOSTILE_TEXT = (
    "[/]",
    "[bold]X[/]",
    "[link=file:///etc/passwd]x[/link]",
    "[@click=app.quit]x[/]",
    "[",
    "\\",
    "Owes 5gp [to Darla]",
    "A\x1b]2;PWNED\x07B",
    "\x1b[2J",
    "Bad\x9bC1",
    "🗡️ Sword ❤️",
    "W" * 200,
)
"""Text a hand pastes into a field: markup that closes nothing, styles, links, runs an action; lone
brackets and backslashes; an OSC title, a screen clear, a C1 control; emoji with variation selectors."""
PASTE_EVERY = 4
"""About one step in this many with a field focused pastes hostile text into it."""
NEGATIVE_ALLOWED = {"ac", "net", "modifier", "mod", "bonus", "fed"}
"""Numbers a state may hold below zero: armour classes, modifiers and skill nets, and the day of a
last square meal (-1 before the first)."""


class MonkeyFound(AssertionError):
    """Something the monkey broke, with the keys that led to it."""


@attrs.define
class Tally:
    """What a run did, for the report."""

    keys: int = 0
    palette: int = 0
    bursts: int = 0
    reopened: int = 0
    screens: Counter[str] = attrs.field(factory=Counter)


def problems(state: State, before: State | None, earlier: dict[int, State]) -> list[str]:
    """What is wrong with `state`: HP outside 0..max, a count below zero, a control character in
    its text, the clock gone back other than to a state the store held before (an undo)."""
    found = [
        f"{where}: hp {thing.hp} outside 0..{thing.max_hp}"
        for where, thing in _walk(state, "state")
        if hasattr(thing, "hp") and hasattr(thing, "max_hp") and not 0 <= thing.hp <= thing.max_hp
    ]
    found += [
        f"{where}: {value} is below zero"
        for where, value in _numbers(state, "state")
        if value < 0 and not _may_be_negative(where)
    ]
    found += [f"state.{problem}" for problem in control_problems(state, multiline=False)]
    if before is not None and (state.clock.units, state.clock.rounds) < (before.clock.units, before.clock.rounds):
        if id(state) not in earlier:
            found.append(f"the clock went back from {before.clock} to {state.clock} without an undo")
    return found


def _may_be_negative(where: str) -> bool:
    name = where.rsplit(".", 1)[-1].split("[")[0]
    return any(part in NEGATIVE_ALLOWED for part in name.split("_"))


def _walk(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    yield where, value
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _walk(getattr(value, field.name), f"{where}.{field.name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, f"{where}[{key!r}]")
    elif isinstance(value, tuple | list):
        for n, item in enumerate(value):
            yield from _walk(item, f"{where}[{n}]")


def _numbers(state: State, where: str) -> Iterator[tuple[str, int]]:
    for place, value in _walk(state, where):
        if isinstance(value, int) and not isinstance(value, bool):
            yield place, value


class Monkey:
    """One run: a session by `ruleset_id`, `keys` steps chosen by `seed`."""

    def __init__(self, folder: Path, ruleset_id: str, seed: int, keys: int) -> None:
        self.folder = folder
        self.ruleset_id = ruleset_id
        self.seed = seed
        self.keys = keys
        self.random = random.Random(seed)
        self.tally = Tally()
        self.recent: deque[str] = deque(maxlen=40)
        self.name = f"monkey-{seed}"

    async def run(self) -> Tally:
        while self.tally.keys < self.keys:
            app = make_app(self.folder, self.name, self.ruleset_id, seed=self.seed)
            async with app.run_test(size=(120, 40)) as pilot:
                await self._play(pilot, app)
            self._check_saved(app)
            self.tally.reopened += self.tally.keys < self.keys
        return self.tally

    async def _play(self, pilot: Pilot, app: HammerApp) -> None:
        store = app.store
        assert store is not None
        before: State | None = store.state
        earlier: dict[int, State] = {id(store.state): store.state}
        while self.tally.keys < self.keys and app.is_running:
            if self.random.randrange(PALETTE_EVERY) == 0:
                await self._palette(pilot, app)
            elif isinstance(app.focused, (Input, TextArea)) and self.random.randrange(PASTE_EVERY) == 0:
                await self._paste(pilot, app.focused)
            elif self.random.randrange(BURST_EVERY) == 0:
                await self._burst(pilot, app)
            else:
                await self._press(pilot, self._key(app))
            if app.crashed:
                raise self._found(f"the app crashed: {app.crash_log}")
            state = app.store.state if app.store is not None else None
            if state is None:
                continue
            wrong = problems(state, before, earlier)
            if wrong:
                raise self._found("; ".join(wrong))
            earlier.setdefault(id(state), state)
            before = state
            self.tally.screens[type(app.screen).__name__] += 1

    def _key(self, app: HammerApp) -> str:
        bound = [key for key, active in app.active_bindings.items() if active.binding.action not in QUITTING]
        roll = self.random.random()
        if roll < BACK_OUT:
            return "escape"
        if bound and roll < 0.6:
            return self.random.choice(sorted(bound))
        return self.random.choice(STRAY_KEYS)

    async def _press(self, pilot: Pilot, key: str) -> None:
        self.recent.append(key)
        self.tally.keys += 1
        await pilot.press(key)

    async def _burst(self, pilot: Pilot, app: HammerApp) -> None:
        """Keys chosen from the screen on top, all handed to the app at once with no turn of the
        loop between them; then the app's time to act on every one, in order."""
        keys = [self._key(app) for _ in range(min(self.random.randint(*BURST), self.keys - self.tally.keys))]
        self.recent.append(f"[{' '.join(keys)}]")
        self.tally.keys += len(keys)
        self.tally.bursts += 1
        for key in keys:
            event = events.Key(key, key_to_character(key))
            event.set_sender(app)
            app.post_message(event)
        for _ in range(TURNS):
            await pilot.pause()
            if app.type_ahead.idle or not app.is_running:
                return
        raise self._found(f"the keys [{' '.join(keys)}] were never all acted on")

    async def _paste(self, pilot: Pilot, field: Input | TextArea) -> None:
        """Paste hostile text into the focused field, as a terminal delivers a paste."""
        text = self.random.choice(HOSTILE_TEXT)
        self.recent.append(f"paste {text!r}")
        self.tally.keys += 1
        field.post_message(events.Paste(text))
        await pilot.pause()

    async def _palette(self, pilot: Pilot, app: HammerApp) -> None:
        """Open the palette and choose one of the entries it offers on this screen, by its title."""
        screen = app.screen
        if isinstance(screen, CommandPalette) or not app.check_action("command_palette", ()):
            return
        titles = sorted(
            {c.title for c in app.get_system_commands(screen) if not c.title.startswith(LEFT_OUT_OF_THE_PALETTE)}
        )
        if not titles:
            return
        title = self.random.choice(titles)
        self.recent.append(f"ctrl+p {title!r} enter")
        self.tally.palette += 1
        self.tally.keys += 1
        await pilot.press("ctrl+p")
        for _ in range(50):
            if isinstance(app.screen, CommandPalette):
                break
            await pilot.pause()
        else:
            return  # the palette did not open over this screen
        app.screen.query_one("#--input Input").value = title  # type: ignore[attr-defined]
        for _ in range(50):
            await pilot.pause(0.01)
            if app.screen.query("CommandList").first().highlighted is not None:
                break
        await pilot.press("enter")
        if isinstance(app.screen, CommandPalette):
            await pilot.press("escape")

    def _check_saved(self, app: HammerApp) -> None:
        """The session on disk, opened again, is the state the app ended with."""
        store = app.store
        assert store is not None and store.files is not None
        again = sessions.open_files(store.files, app.ruleset_loader)
        if again.state != store.state:
            raise self._found("the saved session differs from the app's state")

    def _found(self, what: str) -> MonkeyFound:
        keys = " ".join(self.recent)
        return MonkeyFound(
            f"{self.ruleset_id}, seed {self.seed}, after {self.tally.keys} keys: {what}\nlast keys: {keys}"
        )
