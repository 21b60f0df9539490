"""The Light pane of light by levels: every source (lit or not, who holds it, a lantern's pips),
the flasks of oil, each character's light, Lit, Dim or Dark, as the rules work it out, and what
was used up: torches and candles gone out for good, flasks emptied into a lantern."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import DataTable, Static

from hammertui.kernel.session.carrying import keeps_supplies
from hammertui.kernel.session.procedures import is_dark, surprise_odds
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.carried import CarriedLights
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.table import RowTable, add_plain_columns, selected_key, sync_rows
from hammertui.kernel.ui.view import View
from hammertui.procedures.light_levels import state as kept
from hammertui.procedures.light_levels.actions import (
    BringNearer,
    DouseLight,
    LightUp,
    PackLight,
    PassLight,
    RefillLantern,
    Relight,
    went_out,
)
from hammertui.procedures.light_levels.rules import DARK, DIM, LIT
from hammertui.procedures.light_levels.state import FLASK, Source, Spent, character_levels, rules_of

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

LEVEL_STYLES = {LIT: "bold #fdd835", DIM: "#b08d2e", DARK: "bold #e53935"}
LEVEL_NAMES = {LIT: "Lit", DIM: "Dim", DARK: "Dark"}
FLASK_NAME = "Flask of oil"


class LightLevelsPane(Vertical):
    """The sources in a table (the row under the cursor is the one the light keys act on), and
    below it who sees by what."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        yield RowTable(id="light-levels-table", cursor_type="row", cursor_foreground_priority="renderable")
        yield Static(id="light-levels-party", markup=False)

    def on_mount(self) -> None:
        self.border_title = "Light"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        table = self.query_one(DataTable)
        if not table.columns:
            add_plain_columns(table, "Source", "Carrier", "Oil")
        sync_rows(table, [(s.id, source_cells(view, s)) for s in kept.lights(view.state).sources])
        self.query_one("#light-levels-party", Static).update(party_text(view))
        self.border_subtitle = (
            "DARK" if is_dark(view.state) else f"{sum(s.lit for s in kept.lights(view.state).sources)} lit"
        )

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def source_cells(view: View, found: Source) -> list[str | Text]:
    """`*Torch  Darla  -`, or for a lantern its pips marked of a flask's: `1/2`."""
    definition = rules_of(view.ruleset).sources.get(found.kind)
    name = definition.name if definition else found.kind
    oil = (
        f"{found.pips}/{rules_of(view.ruleset).flask_pips}"
        if definition and definition.spent_by == "lantern_pip"
        else "-"
    )
    return [
        Text(("*" if found.lit else " ") + name, style="bold" if found.lit else "dim"),
        carrier_name(view, found.carrier),
        oil,
    ]


def party_text(view: View) -> Text:
    """`Lit: Darla, Brannoc · Dim: Otto · Dark: Wren`, then each carrier's flasks of oil, then the
    chances of surprise in this light as the explore procedure gives them (it rolls surprise)."""
    levels = character_levels(view.state, view.ruleset)
    text = Text()
    for level in (LIT, DIM, DARK):
        names = [carrier_name(view, c) for c, at in levels.items() if at == level]
        if names:
            if text:
                text.append(" · ", style="dim")
            text.append(f"{LEVEL_NAMES[level]}: ", style=LEVEL_STYLES[level])
            text.append(", ".join(names))
    flasks = [f"{carrier_name(view, c)} {n}" for c, n in kept.lights(view.state).flasks.items() if n]
    if flasks:
        text.append("\nFlasks: ", style="dim")
        text.append(", ".join(flasks))
    odds = surprise_odds(view.state, view.ruleset)
    if odds is not None:
        text.append("\nSurprise: ", style="dim")
        text.append(f"party {odds[0]} in 6, foes {odds[1]} in 6")
    used = kept.lights(view.state).spent
    if used:
        text.append("\nUsed up: ", style="dim")
        text.append(", ".join(spent_words(view, u) for u in reversed(used)))
    return text


def spent_words(view: View, used: Spent) -> str:
    """`Torch (Darla, turn 3)`, newest first in the pane."""
    definition = rules_of(view.ruleset).sources.get(used.kind)
    name = FLASK_NAME if used.kind == FLASK else definition.name if definition else used.kind
    return f"{name} ({carrier_name(view, used.carrier)}, {view.ruleset.time.unit} {used.turn})"


def carrier_name(view: View, carrier: str) -> str:
    for member in (*view.state.party, *(g.character for g in view.state.graveyard)):
        if member.id == carrier:
            return member.name.split()[0] if member.name.strip() else "?"
    return "(floor)"


def pane() -> LightLevelsPane:
    return LightLevelsPane(id="light-levels", classes="pane")


LIGHTS = CarriedLights(LightLevelsPane, kept.KEEPING, LightUp, DouseLight, PassLight, RefillLantern)
"""The moves every light procedure's pane makes alike, on this pane's sources."""


def pack(app: HammerApp) -> None:
    """Choose what, then who carries it."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    store = open_store(app)
    if not store.state.living:
        app.notify("No one is standing to carry it.", severity="warning")
        return
    items = [(kind, d.name) for kind, d in rules_of(store.ruleset).sources.items()]
    oil_carried = keeps_supplies(store.state) and rules_of(store.ruleset).oil
    if any(d.spent_by == "lantern_pip" for d in rules_of(store.ruleset).sources.values()) and not oil_carried:
        items.append((FLASK, FLASK_NAME))

    def who(kind: str | None) -> None:
        if kind is not None:
            people = [(m.id, m.name) for m in store.state.living]

            def carried_by(cid: str | None) -> None:
                if cid is not None:
                    app.perform(PackLight(cid, kind))

            app.push_screen(ChooseDialog("Pack", "Whose pack?", people), carried_by)

    app.push_screen(ChooseDialog("Pack", "What goes into a pack?", items), who)


def nearer(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    state = open_store(app).state
    choices = [(m.id, m.name) for m in state.living]
    dialog = ChooseDialog("Nearer the light", "Who stands nearest the light?", choices)

    def brought(cid: str | None) -> None:
        if cid is not None:
            app.perform(BringNearer(cid))

    app.push_screen(dialog, brought)


def _to_relight(view: View) -> bool:
    """Something the exploration die put out is still dark in its carrier's hands."""
    return bool(went_out(view.state))


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "l",
        "light_levels.toggle",
        "toggle_light",
        "Light",
        "Light or douse",
        "Light the selected source (free), or put it out",
        run=LIGHTS.toggle,
    ),
    Command(
        "g",
        "light_levels.hand_over",
        "hand_over",
        "Give",
        "Hand over a light",
        "Give the selected source to someone else, or set it down",
        run=LIGHTS.give,
    ),
    Command(
        "L",
        "light_levels.relight",
        "relight",
        "Relight",
        "Relight what went out",
        "Each carrier of a torch or candle the exploration die put out lights a fresh one from their own pack (free)",
        show=True,
        applies=_to_relight,
        run=lambda app: app.perform(Relight()),
    ),
    Command(
        "o",
        "light_levels.refill",
        "refill_light",
        "Refill",
        "Refill a lantern",
        "The selected lantern, from its carrier's flask of oil: an exploration turn",
        run=LIGHTS.fill,
    ),
    Command(
        "a",
        "light_levels.pack",
        "pack",
        "Pack",
        "Add to a pack",
        "A fresh torch, lantern or candle, or a flask of oil, for someone to carry",
        run=pack,
    ),
    Command(
        None,
        "light_levels.nearer",
        "light_nearer",
        "Nearer",
        "Bring nearer the light",
        "Someone the sources reach first, after their own carriers",
        run=nearer,
    ),
)


class _UI:
    """Light by levels' pane and commands."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
