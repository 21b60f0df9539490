"""Saves, skill tests and a week of practice under the Russell House Rules: the target and every
source of modifier dice said before the throw, the character's skill slots shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import checks

UNTRAINED = "\0untrained"
"""The skill list's entry for a try at rank 0, where the referee allows one."""


class RussellCheckDialog(FormDialog):
    """A roll for one character; the preview line says what it will be as the fields change."""

    OK = "Roll"
    ROLLS = True

    def __init__(self, title: str, state: State, ruleset: Ruleset, character_id: str) -> None:
        member = state.character(character_id)
        super().__init__(f"{title}: {member.name}", checks.skills_words(state, ruleset, character_id))
        self.state = state
        self.ruleset = ruleset
        self.character_id = character_id

    def on_mount(self) -> None:
        self._arrange()
        self._preview()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._arrange()
        self._preview()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._preview()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._preview()

    def _arrange(self) -> None:
        """Show the fields the choice calls for."""

    def _preview(self) -> None:
        try:
            text = self.target()
        except ValueError as problem:
            text = str(problem)
        self.query_one("#preview", Label).update(text)

    def target(self) -> str:
        raise NotImplementedError

    def ticked(self, widget_id: str) -> bool:
        return self.query_one(f"#{widget_id}", Checkbox).value

    def net(self) -> int:
        return self.whole("net", "Adv - Disadv", default=0)


class RussellSaveDialog(RussellCheckDialog):
    """Which attribute, whether it is physically challenging (Burden weighs on it) or Wisdom to
    listen, and the referee's Advantage or Disadvantage."""

    def fields(self) -> ComposeResult:
        names = self.ruleset.stat_names
        with Horizontal(classes="row"):
            yield Select(
                plain.choices([(names.get(s, s), s) for s in self.ruleset.stats]),
                value=self.ruleset.stats[0],
                allow_blank=False,
                id="stat",
            )
            yield Label("Adv - Disadv", classes="field-label", markup=False)
            yield Input(value="0", id="net", classes="number")
        with Horizontal(classes="row"):
            yield Checkbox(
                "Physically challenging", value=checks.physical(self.ruleset, self.ruleset.stats[0]), id="physical"
            )
            yield Checkbox("Listening", id="listen")
        yield Label("", id="preview", markup=False)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A STR, DEX or CON save is physical unless the referee unticks it."""
        if event.value is not Select.NULL:
            self.query_one("#physical", Checkbox).value = checks.physical(self.ruleset, str(event.value))
        super().on_select_changed(event)

    def _arrange(self) -> None:
        self.query_one("#listen").display = self._wisdom()

    def target(self) -> str:
        listen = self._wisdom() and self.ticked("listen")
        return checks.save_target(
            self.state,
            self.ruleset,
            self.character_id,
            self.choice("stat"),
            self.net(),
            self.ticked("physical"),
            listen,
        )

    def build(self) -> Action:
        stat = self.choice("stat")
        return checks.Save(
            self.character_id, stat, self.net(), self.ticked("physical"), self._wisdom() and self.ticked("listen")
        )

    def _wisdom(self) -> bool:
        """Whether the save chosen is on the stat that listens (`[stats] roles`)."""
        return self.choice("stat") == self.ruleset.stat_rules.role("wisdom")


class RussellSkillDialog(RussellCheckDialog):
    """A skill on the sheet, or one tried untrained; the referee's Advantage or Disadvantage and small
    modifier; stealth (which dim light favours) or another physically challenging test."""

    def fields(self) -> ComposeResult:
        sheet = people.person(self.state, self.ruleset, self.character_id)
        options = [(f"{s.name} {s.rank}", s.name) for s in sheet.skills] + [("Untrained (rank 0)", UNTRAINED)]
        with Horizontal(classes="row"):
            yield Select(plain.choices(options), value=options[0][1], allow_blank=False, id="skill")
            yield Input(placeholder="what is tried untrained", id="untrained")
        with Horizontal(classes="row"):
            yield Label("Adv - Disadv", classes="field-label", markup=False)
            yield Input(value="0", id="net", classes="number")
            yield Label("Modifier", classes="field-label", markup=False)
            yield Input(value="0", id="modifier", classes="number")
        with Horizontal(classes="row"):
            yield Checkbox("Stealth", id="stealth")
            yield Checkbox("Physically challenging", id="physical")
        yield Label("", id="preview", markup=False)

    def _untrained(self) -> bool:
        return self.choice("skill") == UNTRAINED

    def _arrange(self) -> None:
        self.query_one("#untrained").display = self._untrained()

    def _skill(self) -> str:
        if not self._untrained():
            return self.choice("skill")
        name = self.text("untrained")
        if not name:
            raise ValueError("Name what is tried untrained (the referee's call).")
        return name

    def target(self) -> str:
        modifier = self.whole("modifier", "Modifier", default=0)
        return checks.skill_target(
            self.state,
            self.ruleset,
            self.character_id,
            self._skill(),
            self.net(),
            modifier,
            self.ticked("stealth"),
            self.ticked("physical"),
        )

    def build(self) -> Action:
        modifier = self.whole("modifier", "Modifier", default=0)
        return checks.SkillTest(
            self.character_id,
            self._skill(),
            self.net(),
            modifier,
            self._untrained(),
            self.ticked("stealth"),
            self.ticked("physical"),
        )


class PractiseDialog(RussellCheckDialog):
    """A week of downtime: which skill with enough check marks, and whether a mentor or fitting
    facilities help (Advantage on the Intelligence save)."""

    def fields(self) -> ComposeResult:
        member = self.state.character(self.character_id)
        skills = checks.practisable(self.state, self.ruleset, member)
        with Horizontal(classes="row"):
            yield Select(
                plain.choices([(f"{s.name} {s.rank} ({s.marks} marks)", s.name) for s in skills]),
                value=skills[0].name,
                allow_blank=False,
                id="skill",
            )
            yield Checkbox("A mentor or fitting facilities", id="helped")
        yield Label("", id="preview", markup=False)

    def target(self) -> str:
        member = self.state.character(self.character_id)
        helped = " with Advantage" if self.ticked("helped") else ""
        intelligence = self.ruleset.stat_rules.role("intelligence")
        return (
            f"{intelligence} {member.stats[intelligence]} or under on {people.section(self.ruleset).save_die}"
            f"{helped}; its check marks are erased either way."
        )

    def build(self) -> Action:
        return checks.PractiseSkill(self.character_id, self.choice("skill"), self.ticked("helped"))
