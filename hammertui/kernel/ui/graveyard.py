"""The graveyard: everyone the dungeon has eaten, newest first, each with the tombstone the table wrote.

Deaths come often in a meat grinder and the table laughs about them, so the epitaph gets the room.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center
from textual.widgets import Static

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.session.procedures import by_dungeon_level
from hammertui.kernel.session.state import Grave
from hammertui.kernel.session.vitals import WriteEpitaph
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.listing import ListingScreen, has_row, widest
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View

TEXT_COLUMNS = (14, 12, 16)
"""Least widths of Name, Cause and Epitaph, to fit 80 columns; the tombstone shows them in full."""


class GraveyardScreen(ListingScreen):
    """The dead in a table, the highlighted one's tombstone below; Enter or e rewrites the epitaph."""

    TITLE = "Graveyard"
    COLUMNS = ("Name", "Class Lv", "Died", "Cause", "Epitaph")
    COMMAND_LIST = (
        # Priority, so Enter edits even though the focused table has its own Enter.
        key("enter,e", "graveyard.epitaph", "epitaph", "Epitaph", priority=True, applies=has_row),
    )

    def compose_below(self) -> ComposeResult:
        with Center():
            stone = Static(id="tombstone", markup=False)
            stone.border_title = "R.I.P."
            yield stone

    def rows(self, view: View) -> list[Row]:
        graves = list(reversed(view.state.graveyard))
        class_levels = [_class_level(view, grave) for grave in graves]
        died = [_died(view, grave) for grave in graves]
        others = widest("Class Lv", class_levels) + widest("Died", died)
        texts = ([g.character.name for g in graves], [_cause(g) for g in graves], [g.epitaph for g in graves])
        widths = self.widths(others, list(zip(TEXT_COLUMNS, texts, strict=True)))
        return [
            (grave.character.id, _cells(grave, class_level, when, *widths))
            for grave, class_level, when in zip(graves, class_levels, died, strict=True)
        ]

    def empty_text(self, view: View) -> Text:
        return Text("No one has died. Yet.", style="italic")

    def subtitle(self, view: View) -> str:
        fallen = len(view.state.graveyard)
        return f"{fallen} fallen" if fallen else ""

    def redraw_below(self, view: View) -> None:
        stone = self.query_one("#tombstone", Static)
        grave = self._grave(view)
        stone.display = grave is not None
        if grave is not None:
            stone.update(tombstone(view, grave))

    def _grave(self, view: View) -> Grave | None:
        chosen = self.selected_id
        return next((g for g in view.state.graveyard if g.character.id == chosen), None)

    def action_epitaph(self) -> None:
        view = self.hammer.view
        grave = self._grave(view) if view else None
        if grave is None:
            return
        character_id = grave.character.id
        dialog = TextDialog(f"Epitaph: {grave.character.name}", "What does the stone say?", grave.epitaph)

        def written(text: str | None) -> None:
            if text is not None:
                self.hammer.perform(WriteEpitaph(character_id, text))

        self.app.push_screen(dialog, written)


def _died(view: View, grave: Grave) -> str:
    death = grave.character.death
    return clock_text(death.at, view.ruleset.time.minutes_per_unit) if death else "?"


def _cause(grave: Grave) -> str:
    death = grave.character.death
    return death.cause if death else "unknown causes"


def _class_level(view: View, grave: Grave) -> str:
    member = grave.character
    cls = view.ruleset.classes.get(member.class_id)
    return f"{cls.short_name if cls else member.class_id} {member.level}"


def _cells(grave: Grave, class_level: str, died: str, name: int, cause: int, epitaph: int) -> list[str | Text]:
    return [
        clipped(grave.character.name, name, "bold"),
        class_level,
        died,
        clipped(_cause(grave), cause),
        clipped(grave.epitaph, epitaph, "italic") if grave.epitaph else Text("none yet", style="dim"),
    ]


def tombstone(view: View, grave: Grave) -> Text:
    """Here lies the name; beneath it class, when, where and what; then the epitaph, in italics."""
    member, death = grave.character, grave.character.death
    cls = view.ruleset.classes.get(member.class_id)
    stone = Text(justify="center")
    stone.append("here lies\n", style="dim italic")
    stone.append(member.name, style="bold")
    if member.player:
        stone.append(f" ({member.player})", style="dim")
    stone.append(f"\n{cls.name if cls else member.class_id}, level {member.level}\n", style="dim")
    if death is not None:
        where = f" · dungeon level {death.dungeon_level}" if by_dungeon_level(view.state.session.procedures) else ""
        stone.append(f"{death.cause} · {_died(view, grave)}{where}\n", style="dim")
    stone.append("\n")
    if grave.epitaph:
        stone.append(f"\u201c{grave.epitaph}\u201d", style="bold italic")
    else:
        stone.append("No epitaph yet: press e to carve one.", style="dim italic")
    return stone
