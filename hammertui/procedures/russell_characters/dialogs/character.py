"""A new character by the Russell House Rules: the rolls already thrown are shown, numbered, and
the referee says which each attribute takes (or none, when the ruleset rolls them in order), with
the name, the player and the class template."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.russell_characters.actions.making import MakeCharacter
from hammertui.procedures.russell_characters.schema import Template


def rolls_line(rolls: Sequence[int]) -> str:
    """`Rolls: #1 12  #2 9  #3 15 ...`."""
    return "Rolls: " + "  ".join(f"#{i} {r}" for i, r in enumerate(rolls, start=1))


class MakeCharacterDialog(FormDialog):
    """Name, player, and for each attribute the number of the roll it takes (blank: in order)."""

    DEFAULT_CSS = """
    MakeCharacterDialog .dialog .row { height: auto; }
    MakeCharacterDialog .dialog .row Input { width: 1fr; }
    """
    OK = "Make"

    def __init__(
        self,
        rolls: Sequence[int],
        stats: Sequence[str],
        in_order: bool,
        templates: Sequence[Template],
        player: str,
    ) -> None:
        how = (
            "rolled in order, no substitutions"
            if in_order
            else f"assign {len(stats)} of the {len(rolls)} rolls as you like"
        )
        super().__init__("New character", f"A new character: {how}.")
        self._rolls, self._stats, self._in_order = tuple(rolls), tuple(stats), in_order
        self._templates, self._player = tuple(templates), player

    def fields(self) -> ComposeResult:
        yield Label(rolls_line(self._rolls), id="rolls", markup=False)
        with Horizontal(classes="row"):
            yield Input(placeholder="Name", id="who")
            yield Input(value=self._player, placeholder="Player", id="player")
        if not self._in_order:
            yield Label("Which roll each takes (#):", markup=False)
            with Horizontal(classes="row"):
                for i, stat in enumerate(self._stats, start=1):
                    yield Input(placeholder=f"{stat} #{i}", id=f"pick-{stat}", type="integer")
        if self._templates:
            yield Select(
                plain.choices([(t.name, t.id) for t in self._templates]), prompt="Class template", id="template"
            )

    def build(self) -> Action:
        picks: tuple[int, ...] = ()
        if not self._in_order:
            picks = tuple(
                self.whole(f"pick-{stat}", f"{stat}'s roll", i) - 1 for i, stat in enumerate(self._stats, start=1)
            )
        template = ""
        if self._templates:
            chosen = self.query_one("#template", Select).value
            template = "" if chosen is Select.NULL else str(chosen)
        return MakeCharacter(self.text("who"), self.text("player"), picks, template)
