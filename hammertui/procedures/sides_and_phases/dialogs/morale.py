"""Morale at the top of the foes' turn: who checks, against what, each target said before the roll.

A foe with a 2d6 Morale score (an imported monster) always rolls 2d6 against it; the others make a
Rally save against an eyeballed threat or the tiers. The rolls are the 'Smith's to read: they stay
here, foe by foe, until the dialog is closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Select, SelectionList

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command, key
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.sides_and_phases.actions import BREAKS, CheckMorale, SkipMorale, kind_of
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.state import Foe, fighting

BY_TIERS = "tiers"

SKIP: Command[Any] = key("n", "morale.skip", "skip", "No check", "The foes fight on")


class KeptResultDialog(FormDialog):
    """A form whose roll the 'Smith reads in place: once the action is done, its log lines take the
    preview's place, the fields are locked, and the next Enter (or Close) shuts the dialog."""

    OK = "Roll"
    ROLLS = True
    DEFAULT_CSS = """
    KeptResultDialog .dialog SelectionList {
        height: auto;
        max-height: 10;
        margin: 1 0 0 0;
    }
    """

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__(title, prompt)
        self.rolled = False

    def action_submit(self) -> None:
        if self.rolled:
            self.dismiss(True)
            return
        super().action_submit()

    def action_cancel(self) -> None:
        """Once rolled the action stands: leaving is closing, not cancelling."""
        self.dismiss(self.rolled)

    def done(self) -> None:
        self.rolled = True
        for button in self.query(".buttons Button"):
            button.display = button.id == "ok"
        self.keep_result(Text("\n".join(self.latest_events())), "Close")

    def preview(self, lines: Sequence[str]) -> None:
        if self.is_mounted and not self.rolled:
            self.query_one("#preview", Label).update(Text("\n".join(lines)))


class MoraleDialog(KeptResultDialog):
    """The foes still fighting, all ticked; the threat; what a break means; each foe's target."""

    COMMAND_LIST = (SKIP,)

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        prompt = "Who has reason to check their courage? Space ticks, Enter rolls; those that fail break."
        super().__init__("Morale", prompt)
        self.ruleset = ruleset
        self.state = state
        fight = fighting(state)
        self.foes: tuple[Foe, ...] = tuple(f for f in fight.foes if f.status == "ok") if fight else ()

    def fields(self) -> ComposeResult:
        yield SelectionList(*plain.choices((f.name, f.id, True) for f in self.foes), id="foes")
        threats = [(f"{t.name} ({t.target})", t.id) for t in self.ruleset.morale_targets]
        threats.append(("By tiers: the threat's tier against each foe's", BY_TIERS))
        with Horizontal(classes="row"):
            yield Label("Threat", classes="field-label", markup=False)
            yield Select(plain.choices(threats), value=threats[0][1], allow_blank=False, id="threat")
            yield Label("Tier", id="tier-label", classes="field-label", markup=False)
            yield Input(value="1", id="tier", classes="number")
        with Horizontal(classes="row"):
            yield Label("Those that fail are", classes="field-label", markup=False)
            yield Select(plain.choices([(b, b) for b in BREAKS]), value=BREAKS[0], allow_blank=False, id="fail-as")
        yield Label("", id="preview", markup=False)

    def on_mount(self) -> None:
        self.query_one(".buttons").mount(Button("No check", id="skip"), before="#cancel")
        self._arrange()
        self._refresh()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "skip":
            event.stop()
            event.prevent_default()
            self.action_skip()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._arrange()
        self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._refresh()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        self._refresh()

    def action_skip(self) -> None:
        """No reason for courage to waver this turn: the foes fight on."""
        if not self.rolled:
            self.ask(SkipMorale())

    def settle(self, action: Action, refusal: str | None) -> None:
        """Skipped, the dialog closes: there is no roll to read."""
        if isinstance(action, SkipMorale) and not refusal and self.app.screen is self:
            self.dismiss(True)
        else:
            super().settle(action, refusal)

    def _arrange(self) -> None:
        """The tier box only when the threat is judged by the tiers."""
        by_tiers = self.query_one("#threat", Select).value == BY_TIERS
        self.query_one("#tier").display = by_tiers
        self.query_one("#tier-label").display = by_tiers

    def _refresh(self) -> None:
        try:
            lines = self._targets()
        except ValueError as problem:
            lines = [str(problem)]
        self.preview(lines)

    def _targets(self) -> list[str]:
        """Each ticked foe and what it rolls against, said before the dice are thrown."""
        if not self.foes:
            return ["No foe is still fighting: nobody to check."]
        chosen = set(self.query_one("#foes", SelectionList).selected)
        ticked = [f for f in self.foes if f.id in chosen]
        if not ticked:
            return ["Tick the foes that check."]
        threat = self.choice("threat")
        threat_tier = self._threat_tier() if threat == BY_TIERS else None
        lines = [self._target(foe, threat, threat_tier) for foe in ticked]
        return [*lines, f"Those that fail: {self.choice('fail-as')}."]

    def _target(self, foe: Foe, threat: str, threat_tier: int | None) -> str:
        kind = kind_of(self.state, foe.kind)
        plan = rules.morale_plan(self.ruleset, kind.morale, kind.hd, threat, threat_tier)
        if plan.method == "2d6":
            return f"{foe.name}: {plan.explanation}"
        return f"{foe.name}: {rules.MORALE_SAVE} save {kind.save_bonus:+d} vs {plan.target} ({plan.explanation})"

    def _threat_tier(self) -> int:
        tier = self.whole("tier", "Threat tier")
        top = self.ruleset.tier_rules.max_tier if self.ruleset.tier_rules else tier
        if not 0 <= tier <= top:
            raise ValueError(f"Threat tier: a tier is 0 to {top}, not {tier}")
        return tier

    def build(self) -> Action:
        threat = self.choice("threat")
        threat_tier = self._threat_tier() if threat == BY_TIERS else None
        chosen = set(self.query_one("#foes", SelectionList).selected)
        foe_ids = tuple(f.id for f in self.foes if f.id in chosen)
        eyeballed = threat if threat != BY_TIERS else "minor"
        return CheckMorale(foe_ids, eyeballed, threat_tier, self.choice("fail-as"))
