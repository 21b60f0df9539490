"""A roll in the open: a save, a thief skill or a skill check, its target shown before the throw.

A Thief's failed Thief Skill check keeps the dialog open on its result, offering the Thiefy
Expertise reroll while one is left; any other roll closes it, its result in the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Checkbox, Input, Label, Select

from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import Character
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.numbers import whole_number
from hammertui.procedures.hammercrawl_classes.actions.rolls import (
    RerollThiefSkill,
    RollSave,
    RollSkill,
    RollThiefSkill,
    reroll_offer,
)
from hammertui.procedures.hammercrawl_classes.rules import abilities, checks, tiers

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer

KINDS = (("Saving throw", "save"), ("Thief skill", "thief"), ("Skill check", "skill"))


class CheckDialog(FormDialog):
    """Kind, which one, against what, and any modifier dice the table calls for."""

    OK = "Roll"
    ROLLS = True

    def __init__(self, ruleset: Ruleset, member: Character, dungeon_tier: int) -> None:
        super().__init__(f"Roll for {member.name}", "Every target is said out loud before the dice hit the table.")
        self.ruleset = ruleset
        self.member = member
        self.dungeon_tier = dungeon_tier
        self.rerolling = False

    def fields(self) -> ComposeResult:
        kinds = [k for k in KINDS if k[1] != "thief" or checks.thief_skills_of(self.ruleset, self.member.class_id)]
        with Horizontal(classes="row"):
            yield Select(plain.choices(kinds), value="save", allow_blank=False, id="kind")
            yield Select(
                plain.choices(self._which("save")), value=self.ruleset.save_names[0], allow_blank=False, id="which"
            )
        with Horizontal(classes="row"):
            yield Label("Source tier (or L7, 7HD)", id="against-label", classes="field-label", markup=False)
            yield Input(value=str(self.dungeon_tier), id="against", classes="number")
            yield Select(plain.choices((t.name, t.id) for t in self._targets()), allow_blank=False, id="target")
            yield Label(self._net_word(), classes="field-label", markup=False)
            yield Input(value="0", id="net", classes="number")
        if self.ruleset.classes[self.member.class_id].trap_saves_advantage:
            yield Checkbox(f"Against a trap (Trapwise: {abilities.one_die(self.ruleset, 1)})", id="trap")
        yield Label("", id="preview", markup=False)

    def _targets(self) -> tuple:
        return self.ruleset.skills.targets if self.ruleset.skills else ()

    def _net_word(self) -> str:
        return modifier_rules(self.ruleset.modifier_dice).field_label

    def _which(self, kind: str) -> list[tuple[str, str]]:
        if kind == "save":
            return [(s, s) for s in self.ruleset.save_names]
        if kind == "thief":
            names = {s.id: s.name for s in self.ruleset.skills.thief_skills} if self.ruleset.skills else {}
            return [(names[s], s) for s in checks.thief_skills_of(self.ruleset, self.member.class_id)]
        return [(self.ruleset.stat_names.get(s, s), s) for s in self.ruleset.stats]

    def on_mount(self) -> None:
        self._arrange("save")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "kind" and event.value is not Select.NULL:
            which = self.query_one("#which", Select)
            options = self._which(str(event.value))
            which.set_options(plain.choices(options))
            which.value = options[0][1]
            self._arrange(str(event.value))
        self._preview()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._preview()

    def _arrange(self, kind: str) -> None:
        """A save asks for the source's tier; a skill check for how skilled; a thief skill neither."""
        self.query_one("#against").display = kind == "save"
        self.query_one("#against-label").display = kind == "save"
        self.query_one("#target").display = kind == "skill"
        for box in self.query("#trap"):
            box.display = kind == "save"

    def _preview(self) -> None:
        try:
            text = self._target_text()
        except ValueError as problem:
            text = str(problem)
        self.query_one("#preview", Label).update(text)

    def _target_text(self) -> str:
        kind = self.choice("kind")
        own = tiers.tier_of(self.ruleset, self.member.level)
        if kind == "save":
            source = self._source_tier()
            return f"Target {tiers.save_target(self.ruleset, source, own)}: source Tier {source} against Tier {own}."
        if kind == "thief":
            target = tiers.thief_skill_target(self.ruleset, self.dungeon_tier, own)
            return f"Target {target}: dungeon Tier {self.dungeon_tier} against Tier {own}."
        named = next(t for t in self._targets() if t.id == self.choice("target"))
        return f"Target {named.target}: {named.name}."

    def _source_tier(self) -> int:
        """A tier as typed, or a level (`L7`) or Hit Dice (`7HD`) turned into one by the rules."""
        raw = self.text("against").upper().replace(" ", "")
        level = raw.removeprefix("L").removesuffix("HD")
        if level != raw:
            try:
                return tiers.tier_of(self.ruleset, whole_number(level, "Source"))
            except ValueError:
                raise ValueError(f"Source: {raw!r} is not a level like L7 or Hit Dice like 7HD") from None
        return self.whole("against", "Source tier")

    def done(self) -> None:
        """A failed Thief Skill check that may be rerolled stays on screen with the offer."""
        store = cast("Hammer", self.app).store
        offer = reroll_offer(store.state, store.ruleset, self.member.id) if store else ""
        if not offer:
            self.dismiss(True)
            return
        self.rerolling = True
        self.query_one("#cancel", Button).label = "Close"
        self.keep_result(next(iter(self.latest_events()), ""), offer, "Reroll")

    def build(self) -> Action:
        if self.rerolling:
            return RerollThiefSkill(self.member.id)
        kind, which = self.choice("kind"), self.choice("which")
        net = self.whole("net", "Modifier dice", default=0)
        if kind == "save":
            trap = any(box.value for box in self.query("#trap").results(Checkbox))
            return RollSave(self.member.id, which, self._source_tier(), net, against_trap=trap)
        if kind == "thief":
            return RollThiefSkill(self.member.id, which, net)
        return RollSkill(self.member.id, which, self.choice("target"), net)
