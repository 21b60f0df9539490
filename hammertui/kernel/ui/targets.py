"""The character a key acts on, and how much: the one named, the open sheet's, or the roster's
highlight; the amount of damage or healing asked of the 'Smith. Everyone's character commands and
each characters procedure's ask here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widgets import DataTable

from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.commands import ROSTER, OneCharacter, Roster

if TYPE_CHECKING:
    from hammertui.kernel.session.state import Character
    from hammertui.kernel.ui.hammer import Hammer


def focus_the_party(app: Hammer) -> None:
    """A key that is not the Light pane's brings the arrows back to the party: with the Light
    pane still focused after a party key's dialog, `end` moved a torch and the next party key
    acted on a character the 'Smith had not chosen. Light keys leave the focus where it is, so
    the Timekeeper can pack a lantern, then move down to it and light it."""
    dashboard = app.screen_stack[0]
    if app.screen is dashboard:
        for roster in dashboard.query(f"#{ROSTER} DataTable").results(DataTable):
            roster.focus()


def target(app: Hammer, character_id: str = "") -> Character | None:
    """The character a key acts on: the one named, the open sheet's, or the roster's highlight."""
    store = open_store(app)
    focus_the_party(app)
    if not character_id and isinstance(app.screen, OneCharacter):
        character_id = app.screen.sheet_of
    roster = app.query_one(f"#{ROSTER}")
    character_id = character_id or (roster.selected_id if isinstance(roster, Roster) else None) or ""
    if not character_id:
        app.notify(
            "The party is empty." if not store.state.party else "No character is highlighted.", severity="warning"
        )
        return None
    return store.state.character(character_id)


def ask_amount(app: Hammer, character_id: str, what: str, then: Callable[[str, int], object]) -> None:
    """How much damage or healing to a character (the one named, else the one `target` finds)."""
    from hammertui.kernel.ui.dialogs.amount import AmountDialog

    member = target(app, character_id)
    if member is None:
        return
    prompt = f"{what} to {member.name} (HP {member.hp}/{member.max_hp}):"
    dialog = AmountDialog(f"{what}: {member.name}", prompt)
    app.push_screen(dialog, lambda n: n is not None and then(member.id, n))
