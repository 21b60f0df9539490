"""Turn Unholy: which Cleric, which foes, and for each the Mind save and its price, before the roll.

The ruleset holds the table (the complete rules' 6..18, Book Three's 9..21) and the edge of
intelligent foes (Book Three: a Boon on the save, never destroyed). The results stay here until
the dialog is closed; the session has already hung the rounds on each foe that failed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, SelectionList

from hammertui.kernel.ruleset import Ruleset, TurnUnholyResult
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.ui import plain
from hammertui.procedures.hammercrawl_classes.rules import checks, tiers
from hammertui.procedures.hammercrawl_classes.state import uses_left
from hammertui.procedures.sides_and_phases.actions import TURN_UNHOLY, TurnUnholy, kind_of
from hammertui.procedures.sides_and_phases.dialogs.morale import KeptResultDialog
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.state import Foe, fighting


class TurnUnholyDialog(KeptResultDialog):
    """The Cleric (with the uses left), the foes to tick, each victim's save and fate."""

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        super().__init__("Turn Unholy", "The holy symbol raised: tick the unholy it reaches.")
        self.ruleset = ruleset
        self.state = state
        self.clerics = tuple(m for m in state.party if m.alive and _can_turn(ruleset, state, m))
        fight = fighting(state)
        self.foes: tuple[Foe, ...] = fight.standing_foes if fight else ()

    def fields(self) -> ComposeResult:
        options = [(f"{m.name} (level {m.level}, {self._left(m)} left)", m.id) for m in self.clerics]
        ready = next((m.id for m in self.clerics if self._left(m) > 0), options[0][1] if options else Select.NULL)
        with Horizontal(classes="row"):
            yield Label("Cleric", classes="field-label", markup=False)
            yield Select(plain.choices(options), value=ready, allow_blank=not options, id="cleric")
        yield SelectionList(*plain.choices((self._foe_label(f), f.id) for f in self.foes), id="targets")
        yield Label("", id="preview", markup=False)

    def _left(self, member: Character) -> int:
        return uses_left(self.state, member.id, TURN_UNHOLY)

    def _foe_label(self, foe: Foe) -> str:
        kind = kind_of(self.state, foe.kind)
        status = "" if foe.status == "ok" else f", {foe.status}"
        return f"{foe.name} (HD {kind.hd}, tier {rules.foe_tier(self.ruleset, kind.hd)}{status})"

    def on_mount(self) -> None:
        self._refresh()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._refresh()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self.preview(self._lines())

    def _lines(self) -> list[str]:
        """Why nothing can be done, or the Cleric's tier and each ticked victim's save and fate."""
        table = self.ruleset.turn_unholy
        if table is None:
            return [f"{self.ruleset.name} has no Turn Unholy."]
        if not self.clerics:
            return ["Nobody alive in the party can Turn Unholy: it takes a class with its uses, such as a Cleric."]
        cleric = next(m for m in self.clerics if m.id == self.choice("cleric"))
        if cleric.status != "ok":
            return [f"{cleric.name} is {cleric.status}: in no state to turn anything."]
        if self._left(cleric) < 1:
            return [f"{cleric.name} has no Turn Unholy left until rested."]
        own = tiers.tier_of(self.ruleset, cleric.level)
        head = (
            f"{cleric.name}: level {cleric.level}, tier {own}. Each victim makes a {table.save} save;"
            " success shrugs it off."
        )
        chosen = set(self.query_one("#targets", SelectionList).selected)
        ticked = [f for f in self.foes if f.id in chosen]
        if not self.foes:
            return [head, "No foe is standing to turn."]
        if not ticked:
            return [head, "Tick the unholy it reaches."]
        return [head, *(self._victim(own, foe) for foe in ticked)]

    def _victim(self, cleric_tier: int, foe: Foe) -> str:
        """`Skeleton 1 (tier 1): Mind save +0 vs 12; failed: Flee (2d4 rounds).`"""
        table = self.ruleset.turn_unholy
        assert table is not None
        kind = kind_of(self.state, foe.kind)
        own = rules.foe_tier(self.ruleset, kind.hd)
        target = tiers.turn_unholy_target(self.ruleset, cleric_tier, own)
        edge = checks.net_words(self.ruleset, table.intelligent_modifier) if kind.intelligent else ""
        save = f"{table.save} save {kind.save_bonus:+d}" + (f" with {edge} (intelligent)" if edge else "")
        result, spared = rules.failed_turn(self.ruleset, cleric_tier, own, kind.intelligent)
        fate = _fate(result, cleric_tier) + (" (intelligent: never destroyed)" if spared else "")
        return f"{foe.name} (tier {own}): {save} vs {target}; failed: {fate}."

    def build(self) -> Action:
        chosen = set(self.query_one("#targets", SelectionList).selected)
        return TurnUnholy(self.choice("cleric"), tuple(f.id for f in self.foes if f.id in chosen))


def _can_turn(ruleset: Ruleset, state: State, member: Character) -> bool:
    """A member whose class turns the unholy, or who has uses of it for any reason."""
    class_def = ruleset.classes.get(member.class_id)
    has_resource = class_def is not None and class_def.resource(TURN_UNHOLY) is not None
    return has_resource or uses_left(state, member.id, TURN_UNHOLY) > 0


def _fate(result: TurnUnholyResult, cleric_tier: int) -> str:
    """`Flee (2d4 rounds)`, `Flee, and take damage (2d4 rounds, 1d8 damage)`, `Destroyed`."""
    details = [f"{result.rounds} rounds"] if result.rounds else []
    if result.damage_die and cleric_tier > 0:
        details.append(f"{cleric_tier}d{result.damage_die} damage")
    return result.name + (f" ({', '.join(details)})" if details else "")
