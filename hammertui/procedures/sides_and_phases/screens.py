"""The fight modal: the round walked one phase at a time, every combatant in one table.

Each key is one action (or a dialog that becomes one), so every step is logged, saved and
undoable; the modal only draws the fight the session holds, and closing it leaves the fight
running in the session for the Combat pane and a later `F`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import DataTable, Static

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.procedures import darkness_lines, is_dark
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.ui.commands import FIGHT_SCREEN_KEYS, Command, key
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.header import header_text
from hammertui.kernel.ui.history import undo
from hammertui.kernel.ui.log import FightLog
from hammertui.kernel.ui.party import STATUS, hp_cell
from hammertui.kernel.ui.party_commands import heal
from hammertui.kernel.ui.procedures import after_fight
from hammertui.kernel.ui.statics import put
from hammertui.kernel.ui.steps import StepScreen
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.table import Row, RowTable, add_plain_columns, clipped, selected_key, sync_rows
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes import commands as characters
from hammertui.procedures.hammercrawl_classes.actions.abilities import rage_action, rage_choices
from hammertui.procedures.hammercrawl_classes.actions.hirelings import HirelingFightMorale
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown
from hammertui.procedures.hammercrawl_classes.state import sheet_of, uses_left
from hammertui.procedures.sides_and_phases.actions import (
    PARTY,
    TURN_UNHOLY,
    Actor,
    Attack,
    DefensiveAction,
    EndEffect,
    EndFight,
    FightNext,
    HurtFoe,
    MarkFront,
    NameTurn,
    SetFoeStatus,
    SkipMorale,
    SurpriseSaves,
    actors,
    declared,
    default_target,
    kind_of,
    may_save_against_surprise,
    morale_due,
    name_of,
    side_gone,
    still_to_act,
    surprise_targets,
    turn_problem,
    waiting,
)
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.state import FOE_STATUS, Fight, Foe, fighting

COLUMNS = ("Side", "Name", "HP", "AC", "Declared", "Status")
SIDE_WIDTH, HP_WIDTH, AC_WIDTH = 5, 7, 2
BOX_EDGES = 4
"""The box's thick border and its padding, left and right."""
WIDE = 100
"""From this width the box leaves a margin at its sides."""
SIDE_STYLE = {"party": "bold #43a047", "foes": "bold #e53935"}
FOE_STATUSES = (
    ("ok", "Fighting (back in the fight)"),
    ("fleeing", "Fleeing"),
    ("cowering", "Cowering"),
    ("defeated", "Struck off (defeated)"),
)
ENDINGS = (
    ("foes", "End it: the foes flee, give up or are driven off"),
    ("party", "End it: the party gets away"),
    ("keep", "Keep fighting"),
)
ENDING_WHY = {"foes": "The foes fled or gave up.", "party": "The party got away."}


class CombatantTable(RowTable):
    """The combatants, one row each; Enter steps the fight like space rather than selecting."""

    COMMAND_LIST = (key("enter", "", "screen.next", "Next", show=False),)


@record
class FightMoment:
    """What the fight screen's commands ask to know whether they apply: the highlighted combatant too."""

    state: State
    ruleset: Ruleset
    foe: Foe | None
    member: Character | None


def _fighting(m: FightMoment) -> bool:
    return fighting(m.state) is not None


def _someone_standing(m: FightMoment) -> bool:
    return (m.foe is not None and m.foe.standing) or (m.member is not None and m.member.alive)


def _down(m: FightMoment) -> bool:
    return m.member is not None and m.member.status == "down"


def _may_attack(m: FightMoment) -> bool:
    fight = fighting(m.state)
    return fight is not None and (fight.pending is not None or side_gone(m.state) is None)


def _foes_fight(m: FightMoment) -> bool:
    fight = fighting(m.state)
    return fight is not None and any(f.status == "ok" for f in fight.foes)


def _may_turn(m: FightMoment) -> bool:
    fight = fighting(m.state)
    return fight is not None and bool(turners(m.ruleset, m.state)) and any(f.standing for f in fight.foes)


def _may_rage(m: FightMoment) -> bool:
    return _fighting(m) and m.member is not None and bool(rage_choices(m.state, m.ruleset, m.member.id))


def _may_be_front(m: FightMoment) -> bool:
    fight = fighting(m.state)
    return fight is not None and m.member is not None and m.member.alive and fight.front != m.member.id


FIGHT: tuple[Command[FightMoment], ...] = (
    Command("escape", "fight.close", "close", "Close", "Close", "Back to the dashboard; the fight goes on", show=True),
    Command(
        "space",
        "fight.next",
        "next",
        "Next",
        "Next",
        "The fight's next step: initiative, the next phase, the other side",
        show=True,
        applies=_fighting,
    ),
    Command("n", "fight.next_n", "next", "Next", "Next", "The fight's next step, as space takes it", applies=_fighting),
    Command(
        "a",
        "fight.attack",
        "attack",
        "Attack",
        "Attack",
        "The highlighted one, or else the next to act, attacks the default target:"
        " the dice thrown, then landed (1-9 another)",
        show=True,
        applies=_may_attack,
    ),
    Command(
        "A",
        "fight.attack_form",
        "attack_form",
        "Attack...",
        "Attack...",
        "An attack set out in full: attacker, target, kind, modifier dice, or out of turn with a reason",
        applies=_may_attack,
    ),
    Command(
        "d",
        "fight.declare",
        "declare",
        "Declare",
        "Declare",
        "What the highlighted one will do this round",
        show=True,
        applies=_someone_standing,
    ),
    Command(
        "D",
        "fight.defend",
        "defend",
        "Defend",
        "Defend",
        "The highlighted one takes a Defensive Action: Banes on the attacks it sees coming",
        applies=lambda m: _someone_standing(m) and m.ruleset.combat.special_attacks is not None,
    ),
    Command(
        "o",
        "fight.morale",
        "morale",
        "Morale",
        "Morale",
        "The foes still fighting check their courage",
        show=True,
        applies=_foes_fight,
    ),
    Command(
        "O",
        "fight.skip_morale",
        "skip_morale",
        "No morale",
        "No morale",
        "No morale check this turn",
        applies=lambda m: morale_due(m.state, m.ruleset),
    ),
    Command(
        "r",
        "fight.surprise",
        "surprise_saves",
        "Surprise saves",
        "Surprise saves",
        "The surprised roll Rally saves: who passes acts in round 1",
        applies=lambda m: may_save_against_surprise(m.state, m.ruleset),
    ),
    Command(
        "m",
        "fight.hireling_morale",
        "hireling_morale",
        "Hireling morale",
        "Hireling morale",
        "A hireling's morale: the one in charge makes a Rally save",
        applies=lambda m: _fighting(m) and bool(m.state.hirelings),
    ),
    Command(
        "t",
        "fight.turn_unholy",
        "turn_unholy",
        "Turn Unholy",
        "Turn Unholy",
        "A Cleric raises the holy symbol against the unholy",
        applies=_may_turn,
    ),
    Command(
        "g",
        "fight.rage",
        "rage",
        "Rage",
        "Rage",
        "The highlighted Berserker goes into a rage, or tries to break out of it",
        applies=_may_rage,
    ),
    Command(
        "e",
        "fight.effect",
        "add_effect",
        "Effect",
        "Effect",
        "A timed effect on someone, or on the whole party",
        applies=_fighting,
    ),
    Command(
        "k",
        "fight.end_effect",
        "end_effect",
        "End effect",
        "End effect",
        "An effect over before its time",
        applies=lambda m: _fighting(m) and bool(m.state.effects),
    ),
    Command(
        "i",
        "fight.front",
        "front",
        "In front",
        "In front",
        "The highlighted party member is the one in front: the foes go for them first",
        applies=_may_be_front,
    ),
    Command(
        "h", "fight.hurt", "hurt", "Hurt", "Hurt", "Damage to the highlighted one", show=True, applies=_someone_standing
    ),
    Command(
        "H",
        "fight.heal",
        "heal",
        "Heal",
        "Heal",
        "Hit Points back to the highlighted one",
        applies=lambda m: m.foe is not None or (m.member is not None and m.member.alive),
    ),
    Command(
        "s",
        "fight.foe_status",
        "foe_status",
        "Foe status",
        "Foe status",
        "The highlighted foe flees, cowers, is struck off or fights again",
        applies=lambda m: m.foe is not None,
    ),
    Command(
        "z",
        "fight.lay_down",
        "lay_down",
        "Lay Down",
        "Lay Down",
        "The highlighted one, at 0 HP, lays down: a Death save, a CON point lost on failure",
        applies=_down,
    ),
    Command(
        "f",
        "fight.fight_on",
        "fight_on",
        "Fight On",
        "Fight On",
        "The highlighted one, at 0 HP, acts anyway, then loses 1d4 CON",
        applies=_down,
    ),
    Command("F", "fight.foes", "foes", "Foes", "Foes", "More foes join the fight, or start one"),
    Command(
        "x",
        "fight.end",
        "end",
        "End",
        "End",
        "End the fight: the foes flee, or the party gets away",
        show=True,
        applies=_fighting,
    ),
    Command("u", "fight.undo", "undo", "Undo", "Undo", "Take back the last thing done", show=True),
)
"""The fight screen's keys, footer and palette: Close, Foes and Undo apply even with no fight on."""


class FightScreen(StepScreen):
    """Walks the fight the session holds; keys become `FightNext`, `SkipMorale`, `EndFight` and the
    rest, or open the dialogs that build attacks, declarations, morale and effects."""

    CSS_PATH = [STYLES, Path(__file__).with_name("screens.tcss")]

    BOX = "fight"
    BOX_TITLE = "Fight!"
    COMMAND_LIST = FIGHT

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    DASHBOARD_KEYS: ClassVar[frozenset[str]] = FIGHT_SCREEN_KEYS

    def __init__(self) -> None:
        super().__init__()
        self._at: tuple[object, ...] | None = None
        self._behind = False
        """A dialog is about to open over the fight or lies over it: the screen waits to be seen."""
        self._stale = False
        """The session changed while the screen waited: it is drawn again when the dialog closes."""
        self._asked: tuple[View, str, FightMoment] | None = None

    def compose_steps(self) -> ComposeResult:
        yield Static(id="fight-steps", markup=False)
        yield Static(id="fight-now", markup=False)
        table = CombatantTable(id="fight-table", cursor_type="row", cursor_foreground_priority="renderable")
        add_plain_columns(table, *COLUMNS)
        yield table
        yield Static(id="fight-notes", markup=False)
        yield FightLog(id="fight-log")
        yield Static(id="fight-hint", classes="hint", markup=False)

    def on_mount(self) -> None:
        """Before the first drawing (`StepScreen.on_mount`, run after this one)."""
        self.query_one(FightLog).border_title = "Just now"
        self.query_one(CombatantTable).focus()

    def on_resize(self, event: Resize) -> None:
        self._redraw(self.hammer.view, rebuild=True)

    # Drawing ---------------------------------------------------------------------------------

    def view_changed(self, view: View | None) -> None:
        """Behind a dialog the fight waits (its dimmed backdrop a moment old) and catches up once
        the dialog closes: drawing the table and log again under an attack's dialog cost 8 ms."""
        if self._behind or not self.is_current:
            self._stale = True
            return
        self._redraw(view)

    def on_screen_resume(self) -> None:
        self._catch_up()

    def _catch_up(self) -> None:
        """Seen again: draw whatever changed while the screen waited."""
        self._behind = False
        if self._stale:
            self._stale = False
            self._redraw(self.hammer.view)

    def _redraw(self, view: View | None, rebuild: bool = False) -> None:
        if view is None:
            return
        fight = fighting(view.state)
        put(self.query_one("#header", Static), header_text(view, self.app.size.width))
        box = self.query_one(".fight", Vertical)
        subtitle = f"Round {fight.round}" if fight and fight.round else ""
        if box.border_subtitle != subtitle:
            box.border_subtitle = subtitle
        steps = self.query_one("#fight-steps", Static)
        put(steps, step_bar(view, fight))
        steps.display = fight is not None
        put(self.query_one("#fight-now", Static), now_text(view, fight))
        table = self.query_one(CombatantTable)
        if fight is not None and not table.display:
            table.display = True
            table.focus()
        table.display = fight is not None
        if fight is not None:
            sync_rows(table, combatant_rows(view, fight, self._cell_room()), rebuild)
            self._follow_actors(view, fight)
        notes = notes_text(view, fight)
        put(self.query_one("#fight-notes", Static), notes)
        self.query_one("#fight-notes", Static).display = bool(notes.plain)
        self._show_log()
        put(self.query_one("#fight-hint", Static), Text(hint(view, fight), style="dim"))
        self.refresh_keys()

    def _cell_room(self) -> int:
        """Room for the table's cells: the box's inside less each column's padding."""
        width = self.size.width or self.app.size.width
        margin = 4 if width >= WIDE else 0
        return width - margin - BOX_EDGES - 2 * len(COLUMNS)

    def _follow_actors(self, view: View, fight: Fight) -> None:
        """At each new phase and after each attack, put the cursor on the next who is still to act
        in it, unless it is on one."""
        at = (fight.round, fight.side, fight.phase, fight.turn, fight.acted, fight.pending is None)
        if at == self._at:
            return
        self._at = at
        acting = [a.id for a in still_to_act(view.state, view.ruleset)]
        table = self.query_one(CombatantTable)
        if acting and selected_key(table) not in acting:
            keys = [k.value for k in table.rows]
            table.move_cursor(row=keys.index(acting[0]))

    def _show_log(self) -> None:
        store = self.hammer.store
        self.query_one(FightLog).show(store.recent if store is not None else ())

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_keys()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """A click on the highlighted row selects it: that is not a reason to step the fight."""
        event.stop()

    # What makes sense now --------------------------------------------------------------------

    def _state(self) -> State | None:
        view = self.hammer.view
        return view.state if view is not None else None

    def highlighted(self) -> str:
        """The id of the combatant under the cursor: a character's or a foe's; "" for none, and
        while the screen has no table (the footer asks before it has composed and as it closes)."""
        table = self.query_one_optional(CombatantTable)
        return (selected_key(table) or "") if table is not None and table.display else ""

    def _highlighted_foe(self) -> Foe | None:
        state = self._state()
        fight = fighting(state) if state is not None else None
        if fight is None:
            return None
        return next((f for f in fight.foes if f.id == self.highlighted()), None)

    def _highlighted_member(self) -> Character | None:
        state = self._state()
        if state is None or fighting(state) is None:
            return None
        return next((m for m in state.party if m.id == self.highlighted()), None)

    def moment(self, view: View) -> FightMoment:
        """What the commands ask, built once for a view and a highlighted row: the footer asks it of
        every key at every redraw of its keys."""
        who = self.highlighted()
        if self._asked is None or self._asked[0] is not view or self._asked[1] != who:
            self._asked = (
                view,
                who,
                FightMoment(view.state, view.ruleset, self._highlighted_foe(), self._highlighted_member()),
            )
        return self._asked[2]

    # Keys -----------------------------------------------------------------------------------

    def action_next(self) -> None:
        """The next step; where Turns are named one at a time and some wait, who takes the next one
        (the highlighted one first in the list, so space then Enter names them)."""
        view = self.hammer.view
        left = waiting(view.state, view.ruleset) if view is not None else ()
        if not left:
            self.hammer.perform(FightNext())
            return
        if len(left) == 1:
            self.hammer.perform(NameTurn(left[0].id))
            return
        chosen = self.highlighted()
        ordered = sorted(left, key=lambda a: a.id != chosen)
        choices = [
            (a.id, f"{a.name}: {declaration(view, a.movement, a.action, False, _act_first(view, a.id))}")
            for a in ordered
        ]
        who = "The Leader" if fighting(view.state).side == PARTY else "The 'Smith"
        dialog = ChooseDialog("The next Turn", f"{who} names who takes the next Turn:", choices)
        self.app.push_screen(dialog, lambda cid: cid is not None and self.hammer.perform(NameTurn(cid)))

    def action_attack(self) -> None:
        """The highlighted one, if they may attack now (else the next who may), throws at the
        default target at once; the dialog shows the dice, numbers the targets and lands them. An
        attack already thrown is landed."""
        from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog

        view = self.hammer.view
        fight = fighting(view.state) if view is not None else None
        if view is None or fight is None:
            return
        if fight.pending is None:
            attacker = self._attacker(view)
            if not attacker:
                self.notify(self._nobody_to_attack(view), severity="warning")
                return
            said = declared(fight, attacker).action
            kind = said if said in view.ruleset.combat.attack_kinds else "melee"
            self._behind = True  # the dialog opens at once over what the throw changed
            if not self.hammer.perform(Attack(attacker, default_target(view.state, attacker), kind)):
                self._catch_up()  # refused: no dialog opens
                return
            view = self.hammer.view
        self.app.push_screen(AttackDialog(view.ruleset, view.state))

    def _attacker(self, view: View) -> str:
        """Who `a` throws for: the highlighted one when they may attack now, else the next who may.
        Where Turns are named one at a time and nobody's is under way, the highlighted one still
        waiting for theirs (or the only one waiting) is named for the next Turn first, as space
        would. "" for nobody."""
        state, ruleset, chosen = view.state, view.ruleset, self.highlighted()
        left = [a.id for a in still_to_act(state, ruleset) if not turn_problem(state, ruleset, a.id)]
        if left:
            return chosen if chosen in left else left[0]
        named = [a.id for a in waiting(state, ruleset)]
        turn = chosen if chosen in named else named[0] if len(named) == 1 else ""
        return turn if turn and self.hammer.perform(NameTurn(turn)) else ""

    @staticmethod
    def _nobody_to_attack(view: View) -> str:
        """Why `a` threw nothing: whose Turn it is still to be said, or nobody left to attack."""
        left = waiting(view.state, view.ruleset)
        if left:
            names = ", ".join(a.name for a in left)
            return (
                f"Whose Turn is it? Highlight one still to take theirs ({names}) and press a, or name them with space."
            )
        return "Nobody is left to attack in this phase: space moves on (A: out of turn, with a reason)."

    def action_attack_form(self) -> None:
        """The attack set out in full before the dice: the highlighted one attacks, whoever it is."""
        from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog

        view = self.hammer.view
        if view is None or fighting(view.state) is None:
            return
        chosen = (
            self.highlighted() if self._highlighted_member() is not None or self._highlighted_foe() is not None else ""
        )
        self.app.push_screen(AttackDialog(view.ruleset, view.state, attacker_id=chosen))

    def action_defend(self) -> None:
        view = self.hammer.view
        if view is not None and self.highlighted():
            self.hammer.perform(DefensiveAction(self.highlighted()))

    def action_declare(self) -> None:
        from hammertui.procedures.sides_and_phases.dialogs.declare import DeclareDialog

        view = self.hammer.view
        if view is not None and self.highlighted():
            self.app.push_screen(DeclareDialog(view.ruleset, view.state, self.highlighted()))

    def action_morale(self) -> None:
        from hammertui.procedures.sides_and_phases.dialogs.morale import MoraleDialog

        view = self.hammer.view
        if view is not None:
            self.app.push_screen(MoraleDialog(view.ruleset, view.state))

    def action_surprise_saves(self) -> None:
        """The saves against surprise, each target shown before the dice are thrown."""
        view = self.hammer.view
        if view is None:
            return
        targets = "\n".join(surprise_targets(view.state, view.ruleset))
        prompt = f"Each surprised one saves; who passes acts in round 1:\n{targets}"
        choices = [("roll", "Roll the saves"), ("call", "No: the 'Smith's call stands")]
        dialog = ChooseDialog("Surprise check", prompt, choices)
        self.app.push_screen(dialog, lambda how: how == "roll" and self.hammer.perform(SurpriseSaves()))

    def action_hireling_morale(self) -> None:
        """A hireling frightened by the fight: the one in charge makes the save."""
        view = self.hammer.view
        if view is None or not view.state.hirelings:
            return
        state = view.state
        choices = [
            (h.id, f"{h.name}, Tier {h.tier} {h.profession} ({name_of(state, h.employer)} in charge)")
            for h in state.hirelings
        ]
        dialog = ChooseDialog("Hireling morale", "Whose nerve does the fight test?", choices)
        self.app.push_screen(dialog, lambda hid: hid is not None and self.hammer.perform(HirelingFightMorale(hid)))

    def action_skip_morale(self) -> None:
        self.hammer.perform(SkipMorale())

    def action_turn_unholy(self) -> None:
        from hammertui.procedures.sides_and_phases.dialogs.turn_unholy import TurnUnholyDialog

        view = self.hammer.view
        if view is not None:
            self.app.push_screen(TurnUnholyDialog(view.ruleset, view.state))

    def action_add_effect(self) -> None:
        from hammertui.procedures.sides_and_phases.dialogs.effect import EffectDialog

        view = self.hammer.view
        if view is not None:
            self.app.push_screen(EffectDialog(view.ruleset, view.state, on=self.highlighted()))

    def action_end_effect(self) -> None:
        view = self.hammer.view
        if view is None or not view.state.effects:
            return
        state = view.state
        choices = [
            (e.id, f"{effects.wearer(state, e)}: {effects.labelled(state, view.ruleset, e)}") for e in state.effects
        ]
        dialog = ChooseDialog("End an effect", "Which effect ends now?", choices)
        self.app.push_screen(
            dialog, lambda effect_id: effect_id is not None and self.hammer.perform(EndEffect(effect_id))
        )

    def action_rage(self) -> None:
        """A Berserker's rage by hand: entered willingly, or broken (a save, or a collapse)."""
        view, member = self.hammer.view, self._highlighted_member()
        if view is None or member is None:
            return
        choices = rage_choices(view.state, view.ruleset, member.id)
        if not choices:
            return
        dialog = ChooseDialog(f"Rage: {member.name}", "What of the rage?", choices)
        self.app.push_screen(
            dialog, lambda choice: choice is not None and self.hammer.perform(rage_action(member.id, choice))
        )

    def action_front(self) -> None:
        member = self._highlighted_member()
        if member is not None:
            self.hammer.perform(MarkFront(member.id))

    def action_hurt(self) -> None:
        self._hurt_or_heal("Damage")

    def action_heal(self) -> None:
        self._hurt_or_heal("Healing")

    def _hurt_or_heal(self, what: str) -> None:
        """A foe's HP by hand (a spell, a trap, a fall); a character's through the roster's rules."""
        member, foe = self._highlighted_member(), self._highlighted_foe()
        if member is not None:
            (characters.damage if what == "Damage" else heal)(self.hammer, member.id)
            return
        if foe is None:
            return
        sign = 1 if what == "Damage" else -1
        dialog = AmountDialog(f"{what}: {foe.name}", f"{what} to {foe.name} (HP {foe.hp}/{foe.max_hp}):")
        self.app.push_screen(dialog, lambda n: n is not None and self.hammer.perform(HurtFoe(foe.id, sign * n)))

    def action_foe_status(self) -> None:
        foe = self._highlighted_foe()
        if foe is None:
            return
        choices = [(status, label) for status, label in FOE_STATUSES if status != foe.status]
        dialog = ChooseDialog(
            f"Status: {foe.name}", f"{foe.name} is {FOE_STATUS.get(foe.status) or 'fighting'}. Now:", choices
        )
        self.app.push_screen(
            dialog, lambda status: status is not None and self.hammer.perform(SetFoeStatus(foe.id, status))
        )

    def action_lay_down(self) -> None:
        member = self._highlighted_member()
        if member is not None:
            self.hammer.perform(LayDown(member.id))

    def action_fight_on(self) -> None:
        member = self._highlighted_member()
        if member is not None:
            self.hammer.perform(FightOn(member.id))

    def action_foes(self) -> None:
        """More foes join the fight; with none on, the foes that start one."""
        from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog

        view = self.hammer.view
        if view is not None:
            adding = fighting(view.state) is not None
            self.app.push_screen(FoesDialog(view.ruleset, view.state, adding=adding))

    def action_end(self) -> None:
        """End the fight; while both sides still stand, the 'Smith says how it ended first."""
        state = self._state()
        if state is None or fighting(state) is None:
            return
        if side_gone(state) is not None:
            self._end("")
            return
        dialog = ChooseDialog("End the fight?", "Both sides still stand. How does it end?", ENDINGS)
        self.app.push_screen(dialog, lambda how: how in ENDING_WHY and self._end(ENDING_WHY[how], how == "party"))

    def _end(self, why: str, party_fled: bool = False) -> None:
        if self.hammer.perform(EndFight(why, party_fled)):
            after_fight(self.hammer, then=lambda: self.dismiss(None))

    def action_undo(self) -> None:
        undo(self.hammer)

    def action_close(self) -> None:
        self.dismiss(None)


def turners(ruleset: Ruleset, state: State) -> list[Character]:
    """Those who could Turn Unholy now: standing, with a use left, under rules that have it."""
    if ruleset.turn_unholy is None:
        return []
    return [m for m in state.party if m.alive and m.status == "ok" and uses_left(state, m.id, TURN_UNHOLY) > 0]


# -------------------------------------------------------------------------------------------
# The text of the fight
# -------------------------------------------------------------------------------------------


def step_bar(view: View, fight: Fight | None) -> Text:
    """`Initiative` or the acting side, then the phases with the one the fight is on lit, then
    who follows."""
    text = Text()
    if fight is None:
        return text
    names = [p.name for p in rules.phases(view.ruleset)]
    ids = [p.id for p in rules.phases(view.ruleset)]
    if fight.step == "initiative":
        text.append(" Initiative ", style="bold reverse")
        current = -1
    else:
        text.append(f" {fight.side.capitalize()} ", style=f"{SIDE_STYLE.get(fight.side, 'bold')} reverse")
        current = ids.index(fight.phase) if fight.phase in ids else -1
    for i, name in enumerate(names):
        text.append("›", style="dim")
        style = "bold reverse" if i == current else ("dim" if current < 0 or i > current else "")
        text.append(f" {name} ", style=style)
    text.append("  ")
    text.append(following(view, fight), style="dim")
    return text


def following(view: View, fight: Fight) -> str:
    """What comes after this side's turn: the other side, or the next initiative roll."""
    if fight.step == "initiative":
        return "then the winner acts"
    steps = rules.round_steps(view.ruleset, fight.round, fight.order, fight.out_of_round_one)
    later = [s.side for s in steps if s.side != fight.side]
    if later and fight.order and fight.order[0] == fight.side:
        return f"then the {later[0]}"
    return "then initiative"


def order_text(fight: Fight) -> str:
    """`the party acts first, then the foes`, with a side surprised in round 1 left out."""
    if len(fight.order) < 2:
        return ""
    first, second = fight.order[0], fight.order[1]
    skipped = set(fight.out_of_round_one) if fight.round == 1 else set()
    acting = [s for s in (first, second) if s not in skipped]
    if not acting:
        return "both sides are surprised: nobody acts"
    if len(acting) == 1:
        surprised = "party is" if acting[0] == "foes" else "foes are"
        return f"the {surprised} surprised"
    return f"the {first} act{'s' if first == 'party' else ''} first, then the {second}"


def now_text(view: View, fight: Fight | None) -> Text:
    """The round and its order, the last initiative roll, who acts now and what they declared, and
    the morale offer: always four lines, blank where there is nothing to say, so a step through
    the fight need not lay the screen out again."""
    if fight is None:
        text = Text()
        text.append("No fight is on.\n", style="bold")
        text.append("F brings on the foes and starts one; escape goes back to the dashboard.")
        return text
    state = view.state
    text = Text()
    if fight.step == "initiative":
        if fight.round:
            text.append(f"Round {fight.round} is over. ", style="bold")
        text.append(f"Roll for initiative for round {fight.round + 1} (space).", style="bold")
        if fight.round == 0 and fight.surprised:
            text.append(f"  Surprised: {' and '.join(f'the {s}' for s in fight.surprised)}.", style="#fdd835")
            if may_save_against_surprise(state, view.ruleset):
                text.append(" r: Rally saves.", style="#fdd835")
    else:
        phase = view.ruleset.combat.phase_name(fight.phase)
        text.append(f"Round {fight.round}", style="bold")
        text.append(f" · {order_text(fight)} · now: ")
        text.append(f"the {fight.side}, {phase}", style=SIDE_STYLE.get(fight.side, "bold"))
    text.append("\n")
    if fight.initiative:
        text.append(f"Initiative: {fight.initiative}", style="dim")
    text.append("\n")
    if fight.step == "phase" and view.ruleset.combat.one_at_a_time:
        text.append_text(turn_text(view, fight))
    elif fight.step == "phase":
        text.append_text(acting_text(view, still_to_act(state, view.ruleset)))
    text.append("\n")
    if morale_due(state, view.ruleset):
        text.append("The foes' turn begins: check their morale (o), or skip it (O).", style="bold #fdd835")
    return text


def turn_text(view: View, fight: Fight) -> Text:
    """`Wenna's Turn: stays put and acts (Stay Put, melee) · still to act: Darla, Otto`, or who
    the Leader (the 'Smith, for the foes) has still to name."""
    state = view.state
    now = actors(state, view.ruleset)
    left = ", ".join(a.name for a in waiting(state, view.ruleset))
    text = Text()
    if now:
        actor = now[0]
        said = declared(fight, actor.id)
        text.append(f"{actor.name}'s Turn: ", style="bold")
        text.append(
            f"{rules.turn_words(said.movement, said.act_first)}"
            f" ({declaration(view, said.movement, said.action, False)})"
        )
        text.append(f" · still to act: {left}" if left else " · everyone has acted (space: on)", style="dim")
        return text
    who = "The Leader" if fight.side == PARTY else "The 'Smith"
    if left:
        text.append(f"{who} names who takes the next Turn (space): ", style="bold")
        text.append(left)
    else:
        text.append("Nobody is left to take a Turn (space: on).", style="dim")
    return text


def _act_first(view: View, combatant_id: str) -> bool:
    fight = fighting(view.state)
    return fight is not None and declared(fight, combatant_id).act_first


def acting_text(view: View, acting: Sequence[Actor]) -> Text:
    """`Acting now: Goblin 1, Goblin 2 (Move Near, melee)`: names grouped by what they declared."""
    text = Text("Acting now: ", style="bold")
    if not acting:
        text.append("nobody left in this phase (space: on).", style="dim")
        return text
    groups = []
    for (movement, action), same in groupby(acting, key=lambda a: (a.movement, a.action)):
        names = ", ".join(a.name for a in same)
        groups.append(f"{names} ({declaration(view, movement, action, False)})")
    text.append("; ".join(groups), style="")
    return text


def declaration(view: View, movement: str, action: str, ready: bool, act_first: bool = False) -> str:
    """`Stay Put, melee`, `Move Far (no action)`, `melee, then Move Near` for an action taken
    before the move, `+1 ready` while Stay Put's bonus is unused."""
    moving = rules.MOVEMENT_NAMES.get(movement, movement)
    if movement == rules.MOVE_FAR:
        return f"{moving} (no action)"
    words = f"{action}, then {moving}" if act_first else f"{moving}, {action}"
    bonus = view.ruleset.modifier_dice.stay_put_bonus
    if ready and movement == rules.STAY_PUT and bonus:
        words += f" +{bonus} ready"
    return words


def combatant_rows(view: View, fight: Fight, room: int) -> list[Row]:
    """Everyone in the fight, the party first; the widths share out the table's room.

    Who acts now is said above the table and the cursor goes to them: a mark in the table would
    change a cell at every phase, and any changed cell has the whole table drawn again."""
    name_width = max(10, min(22, room // 4))
    declared_width = max(16, min(26, room // 3))
    status_width = max(8, room - SIDE_WIDTH - HP_WIDTH - AC_WIDTH - name_width - declared_width)
    widths = (name_width, declared_width, status_width)
    rows: list[Row] = [(m.id, member_cells(view, fight, m, widths)) for m in view.state.party]
    rows += [(f.id, foe_cells(view, fight, f, widths)) for f in fight.foes]
    return rows


def _ticked(fight: Fight, combatant_id: str, name: str) -> str:
    """`✓ Darla` once she has attacked in this phase."""
    return f"✓ {name}" if combatant_id in fight.acted else name


def _declared_cell(view: View, fight: Fight, combatant_id: str, width: int) -> Text:
    """The declaration; in a narrow table Stay Put's `+1 ready` is cut to `+1`."""
    said = declared(fight, combatant_id)
    words = declaration(view, said.movement, said.action, not said.stay_put_used, said.act_first)
    if len(words) > width:
        words = words.removesuffix(" ready")
    return clipped(words, width)


def _worn(view: View, combatant_id: str) -> list[str]:
    state = view.state
    return [effects.labelled(state, view.ruleset, e) for e in state.effects if e.on == combatant_id]


def _surprised(fight: Fight, combatant_id: str) -> str:
    """`surprised` for one who cannot act in round 1."""
    return "surprised" if fight.surprised_now(combatant_id) else ""


def member_cells(view: View, fight: Fight, member: Character, widths: tuple[int, int, int]) -> list[str | Text]:
    name_width, declared_width, status_width = widths
    stance = sheet_of(view.state, member.id).stance if member.status == "down" else ""
    words, style = STATUS.get((member.status, stance), (member.status, ""))
    front = "in front" if fight.front == member.id else ""
    notes = [w for w in (words, front, _surprised(fight, member.id), *_worn(view, member.id)) if w]
    return [
        Text("Party", style="#43a047"),
        clipped(_ticked(fight, member.id, member.name), name_width, "dim strike" if not member.alive else ""),
        hp_cell(member),
        str(member.ac),
        _declared_cell(view, fight, member.id, declared_width) if member.alive else Text("-", style="dim"),
        clipped(", ".join(notes), status_width, style or ("#fdd835" if notes else "")),
    ]


def foe_cells(view: View, fight: Fight, foe: Foe, widths: tuple[int, int, int]) -> list[str | Text]:
    name_width, declared_width, status_width = widths
    beaten = not foe.standing
    notes = [
        w
        for w in (
            FOE_STATUS.get(foe.status, foe.status),
            _surprised(fight, foe.id) if foe.standing else "",
            *_worn(view, foe.id),
        )
        if w
    ]
    return [
        Text("Foe", style="#e53935"),
        clipped(_ticked(fight, foe.id, foe.name), name_width, "dim strike" if beaten else ""),
        Text(f"{foe.hp}/{foe.max_hp}", style="dim" if beaten else ("bold #e53935" if foe.hp * 2 <= foe.max_hp else "")),
        str(kind_of(view.state, foe.kind).ac),
        _declared_cell(view, fight, foe.id, declared_width) if foe.status == "ok" else Text("-", style="dim"),
        clipped(", ".join(notes), status_width, "dim" if beaten else ("#fdd835" if notes else "")),
    ]


def notes_text(view: View, fight: Fight | None) -> Text:
    """What hangs over the whole fight: the party's effects, the dark, an attack waiting to land,
    a side beaten."""
    state = view.state
    text = Text()
    party = [e for e in state.effects if not e.on]
    if party:
        text.append("The party: ", style="bold")
        text.append(", ".join(effects.labelled(state, view.ruleset, e) for e in party) + "\n")
    if is_dark(state):
        text.append("In the dark: ", style="bold #e53935")
        text.append("; ".join(darkness_lines(view.ruleset)) + ".\n")
    if fight is not None and fight.pending is not None:
        pending = fight.pending
        text.append(
            f"An attack waits to land: a  ({pending.plan.attacker} on {name_of(state, pending.target)})\n",
            style="bold #fdd835",
        )
    if fight is not None and fight.fled_hirelings:
        text.append(f"Fled: {', '.join(fight.fled_hirelings)} (hirelings)\n", style="#fdd835")
    gone = side_gone(state)
    if gone == "foes":
        text.append("The foes are beaten: x to end the fight.\n", style="bold green")
    elif gone == "party":
        text.append("Nobody in the party still fights: x to end the fight.\n", style="bold #e53935")
    text.rstrip()
    return text


def hint(view: View, fight: Fight | None) -> str:
    """The keys that matter most at this point of the fight; in a phase, those the footer has no
    room for come first, so an 80-column line still shows them."""
    if fight is None:
        return "F foes: start a fight · escape close"
    if fight.pending is not None:
        return "a land the attack · u undo · escape close (the fight goes on)"
    if side_gone(view.state) is not None:
        return "x end the fight · F more foes · u undo · escape close"
    effect = "e/k effects" if view.state.effects else "e effect"
    if fight.step == "initiative":
        return f"space/enter roll initiative · d declare · {effect} · F more foes · x end · u undo · escape close"
    if morale_due(view.state, view.ruleset):
        return "o morale · O no morale · space/enter next · a attack · u undo · escape close"
    turn = ["t turn unholy"] if fight.side == PARTY and turners(view.ruleset, view.state) else []
    step = "space/enter next Turn" if waiting(view.state, view.ruleset) else "space/enter next"
    keys = [
        step,
        *turn,
        effect,
        "F more foes",
        "s foe status",
        "h/H hurt/heal",
        "a attack",
        "d declare",
        "x end",
        "esc close",
    ]
    return " · ".join(keys)
