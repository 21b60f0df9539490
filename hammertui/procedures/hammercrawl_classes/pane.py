"""The Party pane: who is in the party and how they are holding up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import DataTable

from hammertui.kernel.rules.vitality import hp_band
from hammertui.procedures.hammercrawl_classes.actions.advancement import level_up_hp_choices
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui.commands import Command, app_action
from hammertui.kernel.ui.table import RowTable, add_plain_columns, selected_key, sync_rows
from hammertui.kernel.ui.view import View
from hammertui.kernel.ui import plain

if TYPE_CHECKING:
    from hammertui.kernel.ui.seam import ProcedureUI

COLUMNS = ("Name", "Class Lv", "HP", "AC", "XP", "Status")
NAME_LEAST = 6
"""The narrowest a name is cut to (`Otto…`) so the Status column keeps `Dying` and `Dead` whole."""
HP_STYLE = {"full": "#43a047", "wounded": "#fdd835", "low": "bold #ef6c00", "zero": "bold #e53935"}
"""A colour for each of the rules' HP bands (`hp_band`): green, yellow, orange, red."""

STATUS = {
    ("ok", ""): ("", ""),
    ("down", ""): ("Dying", "bold #e53935"),
    ("down", "fight_on"): ("Fighting on", "bold #e53935"),
    ("down", "lay_down"): ("Down", "bold #fdd835"),
    ("dead", ""): ("Dead", "dim strike"),
}
"""(status, stance) -> what the roster says and how loudly. At 0 HP the choice made matters."""


class PartyPane(Vertical):
    """The roster at a glance; the row under the cursor is the character damage and healing go to."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        table = RowTable(id="party-table", cursor_type="row", cursor_foreground_priority="renderable", zebra_stripes=True)
        add_plain_columns(table, *COLUMNS)
        yield table

    def on_mount(self) -> None:
        self.border_title = "Party"

    def on_resize(self, event: Resize) -> None:
        if self.view is not None:
            self._fill(self.view, rebuild=True)

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self._fill(view)

    def _fill(self, view: View, rebuild: bool = False) -> None:
        """The middle columns as wide as their numbers; Status next, whole where it can be; Name the rest."""
        table = self.query_one(DataTable)
        rows = [_cells(view, m) for m in view.state.party]
        fit_ends(rows, COLUMNS, self.content_size.width)
        sync_rows(table, [(m.id, row) for m, row in zip(view.state.party, rows, strict=True)], rebuild)
        plain.subtitle(self, _subtitle(view))

    @property
    def selected_id(self) -> str | None:
        return selected_key(self.query_one(DataTable))


def fit_ends(rows: list[list[Text]], columns: tuple[str, ...], width: int) -> None:
    """The middle columns as wide as their contents; the last whole where it can be; the first (the
    name) the rest, at least `NAME_LEAST`: both cut with an ellipsis to fit `width`."""
    widths = [max(len(title), *(len(row[i].plain) for row in rows)) if rows else len(title) for i, title in enumerate(columns)]
    room = width - sum(widths[1:-1]) - 2 * len(columns)
    name_width = max(NAME_LEAST, min(widths[0], room - widths[-1]))
    last_width = max(1, room - name_width)
    for row in rows:
        for i, cut in ((0, name_width), (-1, last_width)):
            row[i].truncate(cut, overflow="ellipsis")


def _subtitle(view: View) -> str:
    """`4 standing`, or `2 standing · 1 down · 1 dead`, then the pile and the graves."""
    party = view.state.party
    standing = sum(m.status == "ok" for m in party)
    parts = [f"{standing} standing"]
    down = sum(m.status == "down" for m in party)
    dead = sum(m.status == "dead" for m in party)
    if down:
        parts.append(f"{down} at 0 HP")
    if dead:
        parts.append(f"{dead} dead")
    if view.state.pile:
        parts.append(f"{len(view.state.pile)} in the pile")
    if view.state.graveyard:
        parts.append(f"{len(view.state.graveyard)} buried")
    return " · ".join(parts)


def _cells(view: View, member: Character) -> list[Text]:
    """Every cell whole: `_fill` cuts the name and the status to the pane."""
    cls = view.ruleset.classes.get(member.class_id)
    words, style = STATUS.get((member.status, member.stance if member.status == "down" else ""), (member.status, ""))
    if not words and member.role:
        words, style = member.role, "dim"
    if member.con < member.con_max and member.alive:
        words = f"{words} CON {member.con}".strip()
    return [
        Text(member.name, style="dim strike" if not member.alive else "", no_wrap=True, overflow="ellipsis"),
        Text(f"{cls.short_name if cls else member.class_id} {member.level}"),
        hp_cell(member),
        Text(str(member.ac)),
        Text(str(member.xp)),
        Text(words, style=style, no_wrap=True, overflow="ellipsis"),
    ]


def hp_cell(member: Character) -> Text:
    """`5/9+2`, coloured by the rules' HP band; the dead's dimmed."""
    hp = f"{member.hp}/{member.max_hp}" + (f"+{member.temp_hp}" if member.temp_hp else "")
    return Text(hp, style=HP_STYLE[hp_band(member.hp, member.max_hp)] if member.alive else "dim")


def pane() -> PartyPane:
    return PartyPane(id="party", classes="pane")




COMMANDS: tuple[Command[View], ...] = (
    Command("d", "party.damage", "damage", "Damage", "Damage", "Apply damage to the highlighted character (temporary HP first; at 0 HP, Lay Down or Fight On)", show=True, run=app_action("damage")),
    Command("w", "party.hirelings", "hirelings", "Hirelings", "Hirelings", "Hire by tier, check morale, dismiss", run=app_action("hirelings")),
    Command("s", "party.check", "check", "Roll", "Roll a save or check", "A save, thief skill or skill check for the highlighted character", run=app_action("check")),
    Command("x", "party.xp", "award_xp", "XP", "Award XP", "{ad_hoc} to one or everyone standing, with a reason", run=app_action("award_xp")),
    Command("r", "party.roll", "roll_character", "New", "Roll a character", "Class, stats and HP by the rules; every die in the log", run=app_action("roll_character")),
    Command("p", "party.pile", "pile", "Pile", "Replacement pile", "Pre-rolled replacements, ready to drop in", run=app_action("pile")),
    Command("E", "party.enter", "enter_character", "Enter by hand", "Enter a character by hand", "From a paper sheet, checked by the rules", run=app_action("enter_character")),
    Command("z", "party.lay_down", "lay_down", "Lay Down", "Lay Down", "The highlighted character at 0 HP: a Death save; a CON point lost on failure", run=app_action("lay_down")),
    Command("f", "party.fight_on", "fight_on", "Fight On", "Fight On", "The highlighted character at 0 HP: act, then lose 1d4 CON", run=app_action("fight_on")),
    Command("v", "party.level_up", "level_up", "Level up", "Level up", "The highlighted character, with the XP for it, at Camp or in Town", run=app_action("level_up")),
    Command("V", "party.level_up_anyway", "level_up_anyway", "Level up anyway", "Level up anyway", "Outside Camp and Town, with the 'Smith's reason for the log", run=app_action("level_up_anyway")),
    Command(
        None,
        "party.restore_con",
        "restore_con",
        "Restore CON",
        "Restore lost CON",
        "The highlighted character's lost CON back by magic (Cure Serious Wounds: 1d4 + caster level), with the reason",
        applies=lambda v: any(m.con < m.con_max for m in v.state.living),
        run=app_action("restore_con"),
    ),
    Command("k", "party.counts", "counts", "Supplies", "Supplies", "The highlighted character's rations, oil and other counted things", run=app_action("counts")),
    Command(
        None,
        "party.level_up_hp",
        "level_up_hp",
        "Levelling HP",
        "Levelling Hit Points",
        "Which of the ruleset's readings this session plays",
        applies=lambda v: len(level_up_hp_choices(v.ruleset)) > 1,
        run=app_action("level_up_hp"),
    ),
)
"""What the 'Smith asks of HAMMERCRAWL!'s characters: rolled and entered by its class rules,
levelled, saved and checked by them, damaged down to its 0 HP rules (Lay Down and Fight On),
their hirelings hired by its tiers."""


class _UI:
    """HAMMERCRAWL!'s characters' pane and commands."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None


UI: ProcedureUI = _UI()
