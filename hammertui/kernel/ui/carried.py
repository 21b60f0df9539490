"""The keys every light procedure's pane gives the source under its cursor alike: light or douse
it, hand it over, refill it. A pane names its procedure's sources as it keeps them and its action
for each move (`CarriedLights`); what each move may do stays that procedure's rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

import attrs
from textual.widget import Widget

from hammertui.kernel.session.carrying import Carried, Keeping
from hammertui.kernel.session.store import open_store

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.ui.app import HammerApp


Source = TypeVar("Source", bound=Carried)


@attrs.frozen
class CarriedLights(Generic[Source]):
    """One light procedure's sources as its pane's keys reach them: the pane whose cursor picks one
    (its `selected_id`), how the procedure keeps them, and its action for each move."""

    pane: type[Widget]
    keeping: Keeping[Source]
    light: Callable[[str], Action]
    douse: Callable[[str], Action]
    hand_over: Callable[[str, str], Action]
    refill: Callable[[str], Action]

    def at_cursor(self, app: HammerApp, doing: str) -> Source | None:
        """The source under the pane's cursor, or a word that there is none."""
        source_id = getattr(app.query_one(self.pane), "selected_id", None)
        if source_id is None:
            app.notify(f"No light source to {doing}.", severity="warning", markup=False)
            return None
        return self.keeping.find(open_store(app).state, source_id)

    def toggle(self, app: HammerApp) -> None:
        source = self.at_cursor(app, "light")
        if source is not None:
            app.perform(self.douse(source.id) if source.lit else self.light(source.id))

    def give(self, app: HammerApp) -> None:
        from hammertui.kernel.ui.dialogs.hand_over import hand_over_dialog

        source = self.at_cursor(app, "hand over")
        if source is None:
            return
        store = open_store(app)
        dialog = hand_over_dialog(store.state, self.keeping.name(store.state, store.ruleset, source), source.carrier)

        def handed(to: str | None) -> None:
            if to is not None:
                app.perform(self.hand_over(source.id, to))

        app.push_screen(dialog, handed)

    def fill(self, app: HammerApp) -> None:
        source = self.at_cursor(app, "refill")
        if source is not None:
            app.perform(self.refill(source.id))
