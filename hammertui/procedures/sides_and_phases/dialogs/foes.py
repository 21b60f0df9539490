"""Foes appear: a name, how many and their Hit Dice, then Enter; everything else has a default.

A kind entered once this session is picked from the list next time, not typed again. What the
numbers mean (Hit Points each, tier, how morale is checked) is said under the fields as they are
typed, so a slip is seen before the fight starts.
"""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from hammertui.kernel.rules.dice import DiceExpr
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.numbers import whole_number
from hammertui.kernel.ui.rulings import Rulings
from hammertui.procedures.sides_and_phases.actions import AddFoes, FoeGroup, StartFight, default_leader
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.state import FoeKind, foe_kinds

NEW = -1
"""The kind list's first entry: a foe not met before this session."""

PLAIN = FoeKind("")
"""A new kind's numbers before anything is typed."""

HP_METHODS = (("Hit Points rolled", "rolled"), ("Hit Points average", "average"))

# Each number field: its id, the word a message names it by, and the kind's attribute it fills.
NUMBERS = (
    ("ac", "AC", "ac"),
    ("morale", "Morale", "morale"),
    ("save-bonus", "Save bonus", "save_bonus"),
    ("attack-dice", "Attack dice", "attack_dice"),
    ("attack-bonus", "Attack bonus", "attack_bonus"),
)


class FoesDialog(FormDialog):
    """One group of foes; when starting a fight, also surprise and who rolls initiative."""

    OK = "Fight!"

    def __init__(
        self,
        ruleset: Ruleset,
        state: State,
        *,
        surprised_party: bool = False,
        adding: bool = False,
    ) -> None:
        title = "More foes join the fight" if adding else "Foes!"
        prompt = "Name, how many and Hit Dice, then Enter; the rest can stay as it is."
        super().__init__(title, prompt)
        self.ruleset = ruleset
        self.state = state
        self.surprised_party = surprised_party
        self.adding = adding
        self._filled = NEW
        if adding:
            self.OK = "Add them"

    def fields(self) -> ComposeResult:
        kinds = [("New foe", NEW), *((k.name, i) for i, k in enumerate(foe_kinds(self.state)))]
        with Horizontal(classes="row"):
            yield Select(plain.choices(kinds), value=NEW, allow_blank=False, id="foe-kind")
            yield Select(plain.choices(HP_METHODS), value="rolled", allow_blank=False, id="hp")
        with Horizontal(classes="row"):
            yield Input(placeholder="Name: Goblin, Skeleton...", id="name")
            yield Label("How many", classes="field-label", markup=False)
            yield Input(value="1", id="count", classes="number")
            yield Label("HD", classes="field-label", markup=False)
            yield _roomy(Input(value=PLAIN.hd, id="hd", classes="number"))
        with Horizontal(classes="row"):
            yield Label("AC", classes="field-label", markup=False)
            yield Input(value=str(PLAIN.ac), id="ac", classes="number")
            yield Label("2d6 Morale", classes="field-label", markup=False)
            yield _roomy(Input(placeholder="Rally", id="morale", classes="number"))
            yield Label("Save bonus", classes="field-label", markup=False)
            yield Input(value=str(PLAIN.save_bonus), id="save-bonus", classes="number")
            yield Checkbox("Intelligent", PLAIN.intelligent, id="intelligent")
        with Horizontal(classes="row"):
            yield Label("Attack dice", classes="field-label", markup=False)
            yield Input(value=str(PLAIN.attack_dice), id="attack-dice", classes="number")
            yield Label("Attack bonus", classes="field-label", markup=False)
            yield Input(value=str(PLAIN.attack_bonus), id="attack-bonus", classes="number")
            yield Label("Damage", classes="field-label", markup=False)
            yield Input(value=f"d{PLAIN.damage_die}", id="damage-die", classes="number")
            yield Checkbox("Needs light", PLAIN.light_blind, id="light-blind")
        if not self.adding:
            yield from self._start_fields()
        yield Label("", id="preview", markup=False)
        yield Rulings("foe_hit_points")

    def _start_fields(self) -> ComposeResult:
        """Only a new fight asks who is surprised and who rolls the party's initiative."""
        with Horizontal(classes="row"):
            yield Checkbox("The party is surprised", self.surprised_party, id="party-surprised")
            yield Checkbox("The foes are surprised", False, id="foes-surprised")
        living = [(m.name, m.id) for m in self.state.living]
        leader = default_leader(self.state)
        with Horizontal(classes="row"):
            yield Label("Party initiative by", classes="field-label", markup=False)
            yield Select(plain.choices(living), value=leader or Select.NULL, allow_blank=not living, id="leader")
            yield Label("Foes' initiative +", classes="field-label", markup=False)
            yield Input(value="0", id="foe-initiative", classes="number")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self._preview()

    # Filling in a known kind -----------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "foe-kind" and isinstance(event.value, int) and event.value != self._filled:
            self._filled = event.value
            self._fill(foe_kinds(self.state)[event.value] if event.value != NEW else PLAIN)
        self._preview()

    def _fill(self, kind: FoeKind) -> None:
        """Every field from a kind: a remembered one's numbers, or a new one's defaults."""
        self.query_one("#name", Input).value = kind.name
        self.query_one("#hd", Input).value = kind.hd
        for widget_id, _, attribute in NUMBERS:
            self.query_one(f"#{widget_id}", Input).value = str(getattr(kind, attribute))
        self.query_one("#morale", Input).value = str(kind.morale) if kind.morale else ""
        self.query_one("#damage-die", Input).value = f"d{kind.damage_die}"
        self.query_one("#intelligent", Checkbox).value = kind.intelligent
        self.query_one("#light-blind", Checkbox).value = kind.light_blind

    # The preview -------------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name typed that was met before fills in that kind's numbers, as picking it would."""
        if event.input.id == "name":
            known = {k.name.strip().lower(): i for i, k in enumerate(foe_kinds(self.state))}
            index = known.get(event.value.strip().lower())
            if index is not None and index != self._filled:
                self._filled = index
                kind = foe_kinds(self.state)[index]
                self._fill(attrs.evolve(kind, name=event.value))
                self.query_one("#foe-kind", Select).value = index
        self._preview()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._preview()

    def _preview(self) -> None:
        try:
            text = self._describe()
        except ValueError as problem:
            text = str(problem)
        self.query_one("#preview", Label).update(text)

    def _describe(self) -> str:
        """`3 x Goblin: HD 1 (tier 0), HP rolled 1d8 each (4 on average); AC 12; ...`."""
        kind, count = self._kind(), self._count()
        hd = self._hit_dice()
        parts = [
            f"{count} x {kind.name or '(no name yet)'}: HD {hd} (tier {rules.foe_tier(self.ruleset, hd)}), "
            f"{self._hp_text(hd)}",
            f"AC {kind.ac}",
            f"{kind.attack_dice} attack {'die' if kind.attack_dice == 1 else 'dice'} {kind.attack_bonus:+d}, "
            f"d{kind.damage_die} damage",
            f"morale: {f'2d6 against {kind.morale}' if kind.morale else 'Rally save'} (save {kind.save_bonus:+d})",
        ]
        if kind.intelligent:
            parts.append("intelligent")
        if kind.light_blind:
            parts.append("blind in the dark")
        return "; ".join(parts) + "."

    def _hp_text(self, hd: rules.HitDice) -> str:
        average = rules.foe_hit_points(hd, "average").hp
        dice = str(DiceExpr(hd.count, rules.HIT_DIE_SIDES, hd.modifier)) if hd.count else "no dice"
        if self.query_one("#hp", Select).value == "average":
            return f"HP {average} each (the average of {dice})"
        return f"HP rolled {dice} each ({average} on average)"

    # Reading the fields ----------------------------------------------------------------------

    def _hit_dice(self) -> rules.HitDice:
        try:
            return rules.parse_hit_dice(self.text("hd"))
        except ValueError as problem:
            raise ValueError(f"HD: {problem}") from None

    def _count(self) -> int:
        count = self.whole("count", "How many")
        if count < 1:
            raise ValueError(f"How many: {count} is not 1 or more")
        return count

    def _kind(self) -> FoeKind:
        numbers = {a: self.whole(widget_id, what, getattr(PLAIN, a)) for widget_id, what, a in NUMBERS}
        return FoeKind(
            self.text("name"),
            hd=self.text("hd"),
            damage_die=self._die(),
            intelligent=self.query_one("#intelligent", Checkbox).value,
            light_blind=self.query_one("#light-blind", Checkbox).value,
            **numbers,
        )

    def _die(self) -> int:
        """A damage die typed as `d6` or `6`."""
        raw = self.text("damage-die")
        try:
            return whole_number(raw.lower().removeprefix("d"), "Damage")
        except ValueError:
            raise ValueError(f"Damage: {raw or 'nothing'!r} is not a die like d6") from None

    def build(self) -> Action:
        kind, count = self._kind(), self._count()
        self._hit_dice()
        groups = (FoeGroup(kind, count),)
        hp = self.choice("hp")
        if self.adding:
            return AddFoes(groups, hp)
        surprised = tuple(
            side
            for side, widget_id in (("party", "party-surprised"), ("foes", "foes-surprised"))
            if self.query_one(f"#{widget_id}", Checkbox).value
        )
        leader = self.query_one("#leader", Select).value
        return StartFight(
            groups,
            surprised=surprised,
            hp=hp,
            leader="" if leader is Select.NULL else str(leader),
            foe_initiative=self.whole("foe-initiative", "Foes' initiative", 0),
        )


def _roomy(box: Input) -> Input:
    """A number box wide enough for `3+1*` or the word Rally."""
    box.styles.width = 11
    return box
