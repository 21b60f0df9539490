"""The Light & time pane: every source, who carries it, how long it has left, and how well the party sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import DataTable, Static

from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.carried import CarriedLights
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.party import PartyPane
from hammertui.kernel.ui.table import RowTable, add_plain_columns, clipped, selected_key, sync_rows
from hammertui.kernel.ui.view import View
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import (
    CastLight,
    Douse,
    DropLight,
    HandOver,
    Light,
    Pack,
    Refill,
    casters,
    darkness_ahead,
    lit_time_left,
    pack_items,
    packs,
    party_light,
    spell_kind,
)
from hammertui.procedures.burn_down.rules import bar_level
from hammertui.procedures.burn_down.state import OIL, LightSource, source_name

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

BAR_WIDTH = 6
NARROW_BAR_WIDTH = 3
NARROW = 36
"""Below this content width the bar is halved, so each source's name, carrier and time stay in sight."""
CARRIER_WIDTH = 8
PADDING = 6
"""A cell's padding either side, for the three columns."""
BAR_COLOURS = {
    "full": "#43a047",
    "ok": "#43a047",
    "low": "#fdd835",
    "last": "bold #e53935",
    "out": "bold #e53935",
    "unlit": "#6b6b6b",
}
"""A colour for each of the rules' urgency levels (`bar_level`), and grey for a source not lit."""


class LightPane(Vertical):
    """Light sources as burning bars; the row under the cursor is the one light keys act on."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._packs = Text()

    def compose(self) -> ComposeResult:
        yield RowTable(id="light-table", cursor_type="row", cursor_foreground_priority="renderable")
        yield Static(id="light-packs", markup=False)

    def on_mount(self) -> None:
        self.border_title = "Light & time"

    def on_resize(self) -> None:
        if self.view is not None:
            self._fill(self.view)

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        table = self.query_one(DataTable)
        if not table.columns:
            add_plain_columns(table, "Source", "Carrier", view.ruleset.time.title)
        self._fill(view)
        plain.subtitle(self, light_subtitle(view))

    def _fill(self, view: View) -> None:
        """Rows cut to the pane's width (a cell that shrinks narrows its column), then the packs."""
        width = self.content_size.width
        bar_width = BAR_WIDTH if width >= NARROW else NARROW_BAR_WIDTH
        name_width = max(6, width - PADDING - CARRIER_WIDTH - bar_width - 3)
        rows = [(s.id, _cells(view, s, name_width, bar_width)) for s in light_state.lights(view.state)]
        sync_rows(self.query_one(DataTable), rows)
        self._fit_packs(view)

    def _fit_packs(self, view: View) -> None:
        """The packs under the sources, in as much detail as the room the table leaves: each member's
        oil and Rations, else their oil alone, else one line of totals. Sources come first; a spare
        source is one of them, a row to light or hand over, and not told again here."""
        width = self.content_size.width
        room = self.content_size.height - 1 - self.query_one(DataTable).row_count
        texts = [packs_text(view, width), packs_text(view, width, rations=False), spares_total(view)]
        text = next((t for t in texts if len(t.plain.splitlines()) <= room), texts[-1])
        lines = len(text.plain.splitlines())
        shown = self.query_one("#light-packs", Static)
        if text != self._packs:
            shown.update(text, layout=lines != len(self._packs.plain.splitlines()))
            self._packs = text
        if shown.display != (0 < lines <= room):
            shown.display = 0 < lines <= room

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def _cells(view: View, source: LightSource, name_width: int, bar_width: int) -> list[str | Text]:
    definition = view.ruleset.light_sources.get(source.kind)
    name = definition.name if definition else source.kind
    full = max((definition.duration if definition else None) or source.remaining, source.remaining, 1)
    bar = burn_bar(source.remaining, full, source.lit, bar_width)
    bar.append(f" {source.remaining}")
    return [
        clipped(("*" if source.lit else " ") + name, name_width, "bold" if source.lit else "dim"),
        clipped(_carrier_name(view, source.carrier), CARRIER_WIDTH),
        bar,
    ]


def light_subtitle(view: View) -> str:
    """`DARK`, `1 lit`, or with Book Three's strengths `2 lit · strong light`."""
    if is_dark(view.state):
        return "DARK"
    lit = sum(s.lit and s.remaining > 0 for s in light_state.lights(view.state))
    level = party_light(view.state, view.ruleset).level
    return f"{lit} lit" if level == "lit" else f"{lit} lit · {level} light"


NO_SPARE = "No spare light."


def packs_text(view: View, width: int, rations: bool = True) -> Text:
    """`Packs: Brannoc 3 rations · Otto 1 oil flask, 2 rations`: oil for refills and (unless left out
    for room) the Rations a camp needs; first, when nobody carries a spare source, that there is
    none. The spare sources themselves are the table's rows.

    Wrapped between members to `width`, never inside one, so a narrow pane reads as a short list.
    """
    names = dict(pack_items(view.ruleset))
    found = packs(view.state)
    text = Text(no_wrap=True, overflow="ellipsis")
    if not any(pack.spares for pack in found):
        text.append(NO_SPARE, style="bold #fdd835")
    entries = [_entry(view, pack, items) for pack in found if (items := _items(pack, names, rations))]
    line = 0
    for n, entry in enumerate(entries):
        gap = "Packs: " if n == 0 else " · "
        if n == 0 and text:
            text.append("\n")
        elif n and line + len(gap) + len(entry) > width:
            text.append("\n")
            line, gap = 0, "       "
        text.append(gap, style="dim")
        text.append_text(entry)
        line += len(gap) + len(entry)
    return text


def _entry(view: View, pack: Pack, items: list[str]) -> Text:
    entry = Text(_carrier_name(view, pack.character_id), style="bold")
    entry.append(" " + ", ".join(items))
    return entry


def spares_total(view: View) -> Text:
    """`Oil: 2 oil flasks`: the packs in one line, for a pane with room for no more (nothing where
    no one carries oil and a spare source is among the rows)."""
    names = dict(pack_items(view.ruleset))
    found = packs(view.state)
    items = _items(Pack("", (), sum(p.oil for p in found)), names, rations=False)
    if not any(pack.spares for pack in found):
        return Text(NO_SPARE + (f" {', '.join(items).capitalize()}." if items else ""), style="bold #fdd835")
    if not items:
        return Text()
    text = Text("Oil: ", style="dim")
    text.append(", ".join(items))
    return text


def _items(pack: Pack, names: dict[str, str], rations: bool = True) -> list[str]:
    """The oil and (unless left out) the Rations in a pack, in words; its spare sources are rows."""
    items = []
    if pack.oil:
        items.append((names.get(OIL, OIL).lower(), pack.oil))
    if pack.rations and rations:
        items.append(("ration", pack.rations))
    return [f"{n} {name}{'' if n == 1 else 's'}" for name, n in items]


def _carrier_name(view: View, carrier: str) -> str:
    for member in view.state.party:
        if member.id == carrier:
            return member.name.split()[0] if member.name.strip() else "?"
    return "(floor)"


def burn_bar(remaining: int, full: int, lit: bool, width: int = BAR_WIDTH) -> Text:
    """A bar of what is left: green while plenty, yellow past half, red when about to go out.

    A source with any time left shows at least one block, so a short bar never hides the last unit.
    """
    filled = round(width * remaining / full)
    if remaining > 0:
        filled = max(1, filled)
    colour = BAR_COLOURS[bar_level(remaining, full) if lit else "unlit"]
    bar = Text()
    bar.append("█" * filled, style=colour)
    bar.append("░" * (width - filled), style="#3a3a3a")
    return bar


def pane() -> LightPane:
    return LightPane(id="light", classes="pane")


LIGHTS = CarriedLights(LightPane, light_state.KEEPING, Light, Douse, HandOver, Refill)
"""The moves every light procedure's pane makes alike, on this pane's sources."""


def drop(app: HammerApp) -> None:
    source = LIGHTS.at_cursor(app, "drop")
    if source is not None:
        app.perform(DropLight(source.id))


def correct(app: HammerApp) -> None:
    from hammertui.procedures.burn_down.dialogs.correct_light import CorrectLightDialog

    source = LIGHTS.at_cursor(app, "correct")
    if source is None:
        return
    store = open_store(app)
    name = source_name(store.state, store.ruleset, source)
    left = store.ruleset.time.label(source.remaining)
    app.push_screen(CorrectLightDialog(source.id, name, left))


def pack(app: HammerApp) -> None:
    from hammertui.procedures.burn_down.dialogs.pack import PackDialog

    store = open_store(app)
    items = pack_items(store.ruleset)
    if not items:
        app.notify(f"{store.ruleset.name} has no light sources to pack.", severity="warning")
        return
    if not store.state.living:
        app.notify("No one is standing to carry it.", severity="warning")
        return
    selected = app.query_one(PartyPane).selected_id or ""
    app.push_screen(PackDialog(store.state.living, selected, items))


def cast(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    store = open_store(app)
    able = casters(store.state, store.ruleset)
    if not able:
        app.notify("No one standing can cast the Light spell.", severity="warning")
        return
    choices = [(m.id, f"{m.name} (level {m.level})") for m in able]
    dialog = ChooseDialog("Cast Light", "Who casts the Light spell?", choices)

    def cast_by(cid: str | None) -> None:
        if cid is not None:
            app.perform(CastLight(cid))

    app.push_screen(dialog, cast_by)


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "l",
        "light.toggle",
        "toggle_light",
        "Light",
        "Light or douse",
        "Light the selected source, or put it out",
        run=LIGHTS.toggle,
    ),
    Command(
        "g",
        "light.hand_over",
        "hand_over",
        "Give",
        "Hand over a light",
        "Give the selected source to someone else",
        run=LIGHTS.give,
    ),
    Command(
        "o",
        "light.refill",
        "refill_light",
        "Refill",
        "Refill a lantern",
        "The selected lantern, from its carrier's flask of oil, back to full",
        run=LIGHTS.fill,
    ),
    Command(
        "D", "light.drop", "drop_light", "Drop light", "Drop a light", "The selected source is lost for good", run=drop
    ),
    Command(
        "a",
        "light.pack",
        "pack",
        "Pack",
        "Add to a pack",
        "A fresh torch, lantern or candle, or a flask of oil, for someone to carry",
        run=pack,
    ),
    Command(
        "L",
        "light.cast",
        "cast_light",
        "Cast Light",
        "Cast Light",
        "A caster's Light spell: strong light, longer for a higher level",
        applies=lambda v: spell_kind(v.ruleset) is not None,
        run=cast,
    ),
    Command(
        "C",
        "light.correct",
        "correct_light",
        "Correct light",
        "Correct a light",
        "Add to, take from or set the selected source's time, with a reason",
        run=correct,
    ),
)


class _UI:
    """Light by time's pane and commands."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None
    time_left = staticmethod(lit_time_left)
    darkness_ahead = staticmethod(darkness_ahead)
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
