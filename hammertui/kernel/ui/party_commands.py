"""Everyone's commands on the party: heal a character, bury the dead (asked at once when someone
dies), the graveyard and the loot ledger; and each character by name in the palette."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.session.store import open_store
from hammertui.kernel.session.vitals import Heal
from hammertui.kernel.ui import procedures
from hammertui.kernel.ui.commands import fill
from hammertui.kernel.ui.targets import ask_amount, target

if TYPE_CHECKING:
    from hammertui.kernel.session.state import State
    from hammertui.kernel.ui.hammer import Hammer


def heal(app: Hammer, character_id: str = "") -> None:
    """Healing to a character, up to max HP."""
    ask_amount(app, character_id, "Healing", lambda cid, n: app.perform(Heal(cid, n)))


def bury(app: Hammer, character_id: str = "") -> None:
    """The tombstone of a dead character: the table writes the epitaph."""
    member = target(app, character_id)
    if member is None:
        return
    if member.alive or member.death is None:
        app.notify(f"{member.name} is not dead. Yet.", severity="warning", markup=False)
        return
    from hammertui.kernel.ui.dialogs.burial import BurialDialog

    when = clock_text(member.death.at, open_store(app).ruleset.time.minutes_per_unit)
    app.follow_with(BurialDialog(member, when))


def offer_epitaphs(app: Hammer, before: State, after: State) -> None:
    """Someone just died: the table writes the tombstone while the moment is fresh."""
    was_alive = {m.id for m in before.party if m.alive}
    for member in after.party:
        if member.id in was_alive and not member.alive:
            bury(app, member.id)


def graveyard(app: Hammer) -> None:
    from hammertui.kernel.ui.graveyard import GraveyardScreen

    app.push_screen(GraveyardScreen())


def loot(app: Hammer) -> None:
    from hammertui.kernel.ui.loot import LootScreen

    app.push_screen(LootScreen())


def by_name(app: Hammer, state: State) -> Iterator[SystemCommand]:
    """ "Sheet: Darla", "Damage Otto": each character by name, beside the keys' highlighted one. The
    sheet is the characters procedure's (its `show_sheet(app, id)`); a command that says how it is
    offered by name (`by_name`: Damage, in the words of the rules that deal it) is, as the command
    does it; and what else the characters procedure offers one by name (`Otto: Lay Down`)."""
    ruleset = open_store(app).ruleset
    characters = procedures.part_ui(ruleset, "characters")
    own_sheet = characters.show_sheet if characters is not None else None
    named = [
        (fill(c.title, state, ruleset), fill(c.by_name, state, ruleset), c.run)
        for c in app.commands
        if c.by_name is not None and c.run is not None
    ]
    for member in state.party:
        cid = member.id
        if own_sheet is not None:
            yield SystemCommand(
                f"Sheet: {member.name}", "Every number and where it comes from", partial(own_sheet, app, cid)
            )
        if not member.alive:
            yield SystemCommand(
                f"Bury {member.name}", "Write the epitaph and lay them to rest", partial(bury, app, cid)
            )
            continue
        for title, help, run in named:
            yield SystemCommand(f"{title} {member.name}", help, partial(run, app, cid))
        yield SystemCommand(f"Heal {member.name}", "Heal up to max HP", partial(heal, app, cid))
        for words, help, action in procedures.by_name(ruleset, member):
            yield SystemCommand(f"{member.name}: {words}", help, partial(app.perform, action))
