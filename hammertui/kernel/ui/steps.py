"""A whole screen that walks one procedure step by step: the Camp, the Explore, the fight.

Each is opaque, the session's header on top (but for the Camp), one titled box holding the steps
as the state has them and a hint of the keys last in it, and the footer; each is drawn again
from every new view and sends one action a key. What differs is the box's inside, how a view is
drawn, and the keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import ComposeResult, SystemCommand
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from hammertui.kernel.ui.commands import Command, screen_palette, shown_keys
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer


class StepScreen(Screen[None]):
    """The frame: a subclass names its box (`BOX`, `BOX_TITLE`), yields the box's inside
    (`compose_steps`) and draws each view (`view_changed`). A screen whose keys are commands
    (`STEPS`) has them checked against the moment (`moment`) for its keys, footer and palette.

    A screen that lets the dashboard show through names `ModalScreen` first among its bases
    (`CampScreen(ModalScreen[None], StepScreen)`): Textual takes styles from the first base alone."""

    CSS_PATH = STYLES

    HEADER: ClassVar[bool] = True
    BOX: ClassVar[str]
    """The box's classes, which the styles lay out."""
    BOX_TITLE: ClassVar[str]
    STEPS: ClassVar[tuple[Command[Any], ...]] = ()
    """The screen's commands, when its keys are commands: each key there only when it applies."""

    _steps_by_action: ClassVar[dict[str, Command[Any]]] = {}
    _keys: tuple[bool | None, ...] = ()
    """The footer's keys that applied when it was last drawn."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls._steps_by_action = {command.action: command for command in cls.STEPS}

    @property
    def hammer(self) -> Hammer:
        return cast("Hammer", self.app)

    def compose(self) -> ComposeResult:
        if self.HEADER:
            yield Static(id="header", markup=False)
        with Vertical(classes=self.BOX) as box:
            box.border_title = self.BOX_TITLE
            yield from self.compose_steps()
        yield KeysFooter()

    def compose_steps(self) -> ComposeResult:
        """The box's inside, its hint last."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.watch(self.app, "view", self.view_changed)

    def view_changed(self, view: View | None) -> None:
        """Draw the screen for the session's view (one argument: with two, Textual would pass the
        old view and the new)."""
        raise NotImplementedError

    # Keys that are commands --------------------------------------------------------------------

    def moment(self, view: View) -> Any:
        """What the commands ask whether they apply: the view, unless the screen has more to say."""
        return view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key, its footer entry and its palette entry are there only when its command applies."""
        view = self.hammer.view
        command = self._steps_by_action.get(action)
        if view is None or command is None:
            return True
        return command.applies(self.moment(view))

    def refresh_keys(self) -> None:
        """Redraw the footer only when a key it shows came or went."""
        keys = shown_keys(self, self.STEPS)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def palette(self) -> Iterator[SystemCommand]:
        """Each command that applies now, by name and the key it has now: `Turn Unholy (t)`."""
        return screen_palette(self, self.STEPS, self.hammer.view)
