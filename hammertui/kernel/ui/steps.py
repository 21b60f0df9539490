"""A whole screen that walks one procedure step by step: the Camp, the Explore, the fight.

Each is opaque, the session's header on top (but for the Camp), one titled box holding the steps
as the state has them and a hint of the keys last in it, and the footer; each is drawn again
from every new view and sends one action a key. What differs is the box's inside, how a view is
drawn, and the keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from hammertui.kernel.ui.commands import Commanded
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer


class StepScreen(Commanded, Screen[None]):
    """The frame: a subclass names its box (`BOX`, `BOX_TITLE`), yields the box's inside
    (`compose_steps`) and draws each view (`view_changed`). Its keys are commands (`COMMAND_LIST`),
    checked against the moment (`moment`) for its keys, footer and palette.

    A screen that lets the dashboard show through names `ModalScreen` first among its bases
    (`CampScreen(ModalScreen[None], StepScreen)`): Textual takes styles from the first base alone."""

    CSS_PATH = STYLES

    HEADER: ClassVar[bool] = True
    BOX: ClassVar[str]
    """The box's classes, which the styles lay out."""
    BOX_TITLE: ClassVar[str]

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

    def now(self) -> object | None:
        view = self.hammer.view
        return None if view is None else self.moment(view)

    def moment(self, view: View) -> Any:
        """What the commands ask whether they apply: the view, unless the screen has more to say."""
        return view
