"""The command palette's entries beyond Textual's own: every command that applies under the screen
that is up, that screen's own (a screen with a `palette`, such as a fight's), and each character
by name and the player view's, where the dashboard's commands reach."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

from hammertui.kernel.ui import party_commands, serving
from hammertui.kernel.ui.commands import Command, reaches

if TYPE_CHECKING:
    from hammertui.kernel.session.store import Store
    from hammertui.kernel.ui.hammer import Hammer
    from hammertui.kernel.ui.view import View


def entries(
    app: Hammer,
    screen: Screen[Any],
    applies: Callable[[Command[View]], bool],
    runner: Callable[[Command[View]], Callable[[], object]],
) -> Iterator[SystemCommand]:
    """Each command of the app's that `applies` and reaches `screen`, run as its key runs it
    (`runner`), then the screen's own, then those of each character and of the player view."""
    store: Store | None = app.store
    for command in app.commands:
        if applies(command) and reaches(command, screen):
            title, help = command.words(store.state, store.ruleset) if store else (command.label, "")
            yield SystemCommand(title, help, runner(command))
    own = getattr(screen, "palette", None)
    if callable(own):
        yield from own()
    if store is not None and reaches(None, screen):
        yield from party_commands.by_name(app, store.state)
        yield from serving.palette(app, store.state)
