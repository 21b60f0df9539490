"""The pile of pre-rolled replacements: when someone dies mid-fight, a new adventurer is one key away."""

from __future__ import annotations

from rich.text import Text

from hammertui.kernel.session.state import Character
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.listing import ListingScreen, has_row
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes.actions.recruits import (
    MAX_PILE,
    DiscardReplacement,
    DrawReplacement,
    RollReplacements,
)

NAME_WIDTH = 20
OTHER_COLUMNS = 36
"""What Class Lv, HP, AC and the six scores take, padding aside."""


class PileScreen(ListingScreen):
    """Browse the replacements; Enter sends the highlighted one straight into the party."""

    TITLE = "Replacements"
    COMMAND_LIST = (
        # Priority, so Enter draws even though the focused table has its own Enter (and a mouse
        # click on a row, which also "selects" it, never drops anyone into the party by accident).
        key("enter", "pile.draw", "draw", "Join party", priority=True, applies=has_row),
        key("n", "pile.roll", "roll", "Roll more"),
        key("x", "pile.discard", "discard", "Discard", applies=has_row),
    )

    def columns(self, view: View) -> tuple[str, ...]:
        return ("Name", "Class Lv", "HP", "AC", *view.ruleset.stats)

    def rows(self, view: View) -> list[Row]:
        (name_width,) = self.widths(OTHER_COLUMNS, [(NAME_WIDTH, [m.name for m in view.state.pile])])
        return [(member.id, _cells(view, member, name_width)) for member in view.state.pile]

    def empty_text(self, view: View) -> Text:
        text = Text("The pile is empty.\n\n", style="bold")
        text.append("Press ")
        text.append("n", style="bold reverse")
        text.append(" to roll some replacements before somebody needs one.")
        return text

    def subtitle(self, view: View) -> str:
        return f"{len(view.state.pile)} of {MAX_PILE}" if view.state.pile else ""

    def action_draw(self) -> None:
        character_id = self.selected_id
        view = self.hammer.view
        if character_id is None or view is None:
            return
        name = next(m.name for m in view.state.pile if m.id == character_id)
        if self.hammer.perform(DrawReplacement(character_id, name)):
            self.notify(f"{name} joins the party.", title="Replacements")

    def action_roll(self) -> None:
        view = self.hammer.view
        held = len(view.state.pile) if view else 0
        prompt = f"How many replacements to roll? (The pile holds {MAX_PILE}; it has {held}.)"
        dialog = AmountDialog(
            "Roll replacements",
            prompt,
            "replacements",
            MAX_PILE,
            RollReplacements,
        )
        self.app.push_screen(dialog)

    def action_discard(self) -> None:
        character_id = self.selected_id
        if character_id is not None:
            self.hammer.perform(DiscardReplacement(character_id))


def _cells(view: View, member: Character, name_width: int) -> list[str | Text]:
    """The numbers a 'Smith weighs when choosing: class, HP, AC, and the six scores, the class's prime ones bold."""
    cls = view.ruleset.classes.get(member.class_id)
    prime = set(cls.prime_stats) if cls else set()
    scores = member.stats.as_dict()
    return [
        clipped(member.name, name_width),
        f"{cls.short_name if cls else member.class_id} {member.level}",
        str(member.max_hp),
        str(member.ac),
        *(Text(str(scores[s]), style="bold" if s in prime else "dim") for s in view.ruleset.stats),
    ]
