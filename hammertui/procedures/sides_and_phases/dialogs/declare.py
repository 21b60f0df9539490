"""A combatant's declaration for the round: how far they move, and what kind of action follows.

Both lists open on what is declared now, so changing one thing is an arrow and Enter. The line
under them says where the action lands in a side's turn, as the ruleset orders the phases: the
complete rules and Book Three order them differently, and the table should hear which. Where Turns
are named one at a time (Book Three's Advantage revision), a Move Near may come after the action.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.sides_and_phases.actions import Declare, declared, name_of
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.state import Declared, fighting

MOVEMENTS = (rules.STAY_PUT, rules.MOVE_NEAR, rules.MOVE_FAR)
ACT_FIRST = "act_first"
"""The movement list's entry for a Move Near taken after the action."""
ACTIONS = ("melee", "missile", "magic", "misc", "move")
"""Every kind of action, the likeliest first; those the ruleset has no phase for are not offered."""


class DeclareDialog(FormDialog):
    """Movement, then action; Enter on the movement goes to the action, Enter there declares."""

    OK = "Declare"

    def __init__(self, ruleset: Ruleset, state: State, combatant_id: str) -> None:
        who = name_of(state, combatant_id)
        prompt = "Movement, then action: arrows to choose, Enter to go on (ctrl+s declares at once)."
        super().__init__(f"{who} declares", prompt)
        self.ruleset = ruleset
        self.combatant_id = combatant_id
        fight = fighting(state)
        self.standing = declared(fight, combatant_id) if fight else Declared()
        """What the combatant has declared so far: the lists open on it."""
        self.speed = _speed(ruleset, state, combatant_id)
        self.actions = tuple(a for a in ACTIONS if rules.action_phase(ruleset, a).phase is not None)
        self.movements = (*MOVEMENTS, ACT_FIRST) if ruleset.combat.one_at_a_time else MOVEMENTS

    def fields(self) -> ComposeResult:
        yield Label("Movement", classes="field-label", markup=False)
        yield OptionList(*(Option(self._movement_text(m), id=m) for m in self.movements), id="movement")
        yield Label("Action", classes="field-label", markup=False)
        yield OptionList(*(Option(self._action_text(a), id=a) for a in self.actions), id="action")
        yield Label("", id="preview", markup=False)

    def on_mount(self) -> None:
        movement = self.query_one("#movement", OptionList)
        now = ACT_FIRST if self.standing.act_first else self.standing.movement
        movement.highlighted = self.movements.index(now) if now in self.movements else 0
        action = self.query_one("#action", OptionList)
        action.highlighted = self.actions.index(self.standing.action) if self.standing.action in self.actions else 0
        movement.focus()
        self._preview()

    # Words from the rules ----------------------------------------------------------------------

    def _movement_text(self, kind: str) -> str:
        """`Stay Put: Stays put: acts this round, +1 ...`; a foe's speed is not known, so no feet."""
        if kind == ACT_FIRST:
            far = f" up to {self.speed} ft" if self.speed is not None else ""
            return f"Act, then Move Near: acts first, then moves{far}."
        moving = rules.declare_movement(self.ruleset, kind, self.speed or 0)
        if self.speed is not None or moving.kind == rules.STAY_PUT:
            return f"{moving.name}: {moving.explanation}"
        return f"{moving.name}: {'Moves and acts this round.' if moving.may_act else 'Rushes: no action this round.'}"

    def _action_text(self, action: str) -> str:
        phase = rules.action_phase(self.ruleset, action).phase
        return phase.name if phase else action

    def _phase_line(self, movement: str, action: str) -> str:
        """`Resolved in the Missile phase. A side's turn: *Movement*, *Missile*, Melee, ...`, or
        how the combatant spends the Turn the Leader names them for."""
        act_first = movement == ACT_FIRST
        movement = rules.MOVE_NEAR if act_first else movement
        slot = rules.action_phase(self.ruleset, action, movement)
        if self.ruleset.combat.one_at_a_time and (slot.phase is not None or movement == rules.MOVE_FAR):
            return f"On the Turn the Leader names, {rules.turn_words(movement, act_first)}."
        turn = ", ".join(
            f"*{p.name}*" if rules.acts_in(self.ruleset, p.id, movement, action) else p.name
            for p in rules.phases(self.ruleset)
        )
        return f"{slot.explanation} A side's turn: {turn}{'' if turn.endswith('.') else '.'}"

    def _preview(self) -> None:
        try:
            text = self._phase_line(self._chosen("movement"), self._chosen("action"))
        except ValueError as problem:
            text = str(problem)
        self.query_one("#preview", Label).update(text)

    # Choosing ----------------------------------------------------------------------------------

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._preview()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a movement that leaves an action goes on to the action; otherwise declares."""
        event.stop()
        if event.option_list.id == "movement" and event.option.id != rules.MOVE_FAR:
            self.query_one("#action", OptionList).focus()
            return
        self.action_submit()

    def _chosen(self, list_id: str) -> str:
        options = self.query_one(f"#{list_id}", OptionList)
        if options.highlighted is None:
            raise ValueError(f"choose the {list_id}")
        return str(options.get_option_at_index(options.highlighted).id)

    def build(self) -> Action:
        movement = self._chosen("movement")
        if movement == ACT_FIRST:
            return Declare(self.combatant_id, rules.MOVE_NEAR, self._chosen("action"), act_first=True)
        return Declare(self.combatant_id, movement, self._chosen("action"))


def _speed(ruleset: Ruleset, state: State, combatant_id: str) -> int | None:
    """A character's movement from their class; a foe's is the 'Smith's to know."""
    member = next((m for m in state.party if m.id == combatant_id), None)
    return ruleset.classes[member.class_id].movement if member else None
