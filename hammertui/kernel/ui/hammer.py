"""What a screen, dialog or command asks of the app it runs in.

They type the app as this Protocol, never as `HammerApp`: the app opens them, so naming it back
would close an import circle (`tests/test_import_circles.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from hammertui.kernel.ruleset import Ruleset
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.session.store import Store
    from hammertui.kernel.ui.view import View


class Hammer(Protocol):
    """The session's store and view, the one way to change them, and the few keys a whole screen
    hands back to the dashboard."""

    store: Store | None
    rules: Ruleset | None

    @property
    def view(self) -> View | None: ...

    def perform(self, action: Action) -> bool:
        """Dispatch an action; a refusal is told, and changes nothing."""

    def try_perform(self, action: Action) -> str | None:
        """Dispatch an action; the refusal's words for a dialog to show, or None when done."""

    def after_fight(self, then: Callable[[], object]) -> None:
        """A fight has ended: what the explore procedure offers first, then `then`."""

    def action_undo(self) -> None: ...

    def action_damage(self, character_id: str = "") -> None: ...

    def action_heal(self, character_id: str = "") -> None: ...
