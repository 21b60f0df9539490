"""The character sheet: every number the rules give a character, and where each one comes from.

It is a screen over the dashboard so the 'Smith can answer "what's my Body save?" mid-fight and be
back in one key. The keys here act on this character, through the characters' commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hammertui.kernel.session.state import Character
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Commanded, key
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes import commands
from hammertui.procedures.hammercrawl_classes.actions.sheets import character_sheet
from hammertui.procedures.hammercrawl_classes.rules.sheet import Section
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_of

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp

NARROW = 110
"""Below this many columns the sheet stacks its two columns."""

LEFT = ("Adventurer", "Stats", "Fighting", "Uses")
"""Sections in the left column; the rest go right, Notes across the bottom."""


class SheetScreen(Commanded, ModalScreen[None]):
    """One character's sheet, redrawn whenever the session changes."""

    CSS_PATH = STYLES

    COMMAND_LIST = (
        key("escape", "sheet.close", "close", "Close"),
        key("s", "sheet.check", "run('check')", "Roll"),
        key("x", "sheet.xp", "run('award_xp')", "XP"),
        key("v", "sheet.level_up", "run('level_up')", "Level up"),
        key("V", "sheet.level_up_anyway", "run('level_up_anyway')", "Level up anyway", show=False),
        key("a", "sheet.armour", "run('armour')", "Armour"),
        key("o", "sheet.role", "run('role')", "Role"),
        key("n", "sheet.rename", "run('rename_character')", "Name"),
        key("c", "sheet.notes", "run('notes')", "Notes"),
        key("k", "sheet.counts", "run('counts')", "Supplies"),
        key("d", "sheet.damage", "run('damage')", "Damage", show=False),
        key("h", "sheet.heal", "app.do('party.heal')", "Heal", show=False),
        key("z", "sheet.lay_down", "run('lay_down')", "Lay Down", show=False),
        key("f", "sheet.fight_on", "run('fight_on')", "Fight On", show=False),
        key("B", "sheet.bury", "app.do('party.bury')", "Epitaph", show=False),
    )

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet") as box:
            box.border_title = "Sheet"
            with Horizontal(id="sheet-columns"):
                yield Static(id="sheet-left", markup=False)
                yield Static(id="sheet-right", markup=False)
            yield Static(id="sheet-notes", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "view", self._draw)

    def on_resize(self) -> None:
        """Two columns where there is room for them; one, read top to bottom, on a small screen."""
        narrow = self.size.width < NARROW
        self.query_one("#sheet-columns").set_class(narrow, "narrow")

    def _draw(self, view: View | None) -> None:
        if view is None:
            return
        member = _find(view, self.character_id)
        if member is None:
            self.dismiss(None)
            return
        box = self.query_one("#sheet")
        plain.title(box, member.name + (f" ({member.player})" if member.player else ""))
        plain.subtitle(box, _status(member, sheet_of(view.state, member.id)))
        sections = character_sheet(view.state, view.ruleset, member)
        self.query_one("#sheet-left", Static).update(_column([s for s in sections if s.title in LEFT]))
        self.query_one("#sheet-right", Static).update(
            _column([s for s in sections if s.title not in LEFT and s.title != "Notes"])
        )
        self.query_one("#sheet-notes", Static).update(_column([s for s in sections if s.title == "Notes"]))

    @property
    def sheet_of(self) -> str:
        """The character the party's keys act on while their sheet is open."""
        return self.character_id

    def action_run(self, name: str) -> None:
        """A character's command, on the character of this sheet."""
        SHEET_KEYS[name](cast("HammerApp", self.app))

    def action_close(self) -> None:
        self.dismiss(None)


SHEET_KEYS: dict[str, Callable[[HammerApp], object]] = {
    "check": commands.check,
    "award_xp": commands.award_xp,
    "level_up": commands.level_up,
    "level_up_anyway": commands.level_up_anyway,
    "armour": commands.armour,
    "role": commands.role,
    "rename_character": commands.rename_character,
    "notes": commands.notes,
    "counts": commands.counts,
    "damage": commands.damage,
    "lay_down": commands.lay_down,
    "fight_on": commands.fight_on,
}
"""What the sheet's own keys run (the rest, healing and burying, are everyone's)."""


def _find(view: View, character_id: str) -> Character | None:
    return next((m for m in view.state.party if m.id == character_id), None)


def _status(member: Character, sheet: Sheet) -> str:
    if member.status == "dead" and member.death is not None:
        return f"dead: {member.death.cause}"
    if member.status == "down":
        return {"lay_down": "down, laid down", "fight_on": "down, fighting on"}.get(sheet.stance, "down at 0 HP")
    return sheet.role


def _column(sections: list[Section]) -> Group:
    parts = []
    for section in sections:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(style="dim", overflow="fold")
        for line in section.lines:
            table.add_row(Text(line.label), Text(line.value), Text(line.why))
        parts += [Text(section.title, style="bold underline"), table, Text("")]
    return Group(*parts)
