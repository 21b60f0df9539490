"""What a screen, dialog or command asks of the app it runs in.

They type the app as this Protocol, never as `HammerApp`: the app opens them, and draws its command
list from them, so naming it back would close an import circle (`tests/test_import_circles.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from hammertui.kernel.ruleset import Ruleset
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.session.events import Event
    from hammertui.kernel.session.sessions import RulesetLoader
    from hammertui.kernel.session.store import Store
    from hammertui.kernel.ui.commands import Command
    from hammertui.kernel.ui.player_server import PlayerServer
    from hammertui.kernel.ui.view import View


class Hammer(Protocol):
    """The session's store and view, the one way to change them, the dialogs and screens opened
    over the dashboard, and what everyone's commands keep on the app."""

    store: Store | None
    ruleset_loader: RulesetLoader
    commands: tuple[Command[View], ...]
    player_server: PlayerServer | None
    """The player view's server, once the 'Smith has asked for it (`serving`)."""

    @property
    def rules(self) -> Ruleset | None:
        """Read only here: the app draws by one ruleset, which none of these changes."""

    @property
    def view(self) -> View | None: ...

    @property
    def screen(self) -> Screen[Any]: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def perform(self, action: Action) -> bool:
        """Dispatch an action; a refusal is told, and changes nothing."""

    def try_perform(self, action: Action) -> str | None:
        """Dispatch an action; the refusal's words for a dialog or screen to show in place, or None when done."""

    def show_events(self, store: Store, events: Sequence[Event]) -> None:
        """Draw the store as it now is, and log `events` (an undo's, a redo's)."""

    def notify(self, message: str, **options: Any) -> None:
        """Say something to the 'Smith, as it reads."""

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], Any] | None = None) -> Any:
        """Open `screen`; `callback` hears its answer. What the callback gives back is awaited when it
        can be (a `dismiss` closing the screen underneath), so it may give back anything."""

    def follow_with(self, dialog: Screen[Any], then: Callable[[Any], Any] | None = None) -> None:
        """Open a dialog an action calls for, once the form that took the action has closed."""

    def query_one(self, selector: str) -> Widget: ...

    def run_worker(self, work: Callable[[], object], *, thread: bool, group: str) -> Any: ...

    def call_from_thread(self, callback: Callable[..., object], *args: Any, **options: Any) -> Any: ...

    def exit(self) -> None: ...
