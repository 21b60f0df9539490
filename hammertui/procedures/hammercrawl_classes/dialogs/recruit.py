"""Bringing a character in: rolled by the rules, or entered by hand from a sheet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.actions.recruits import AddCharacter, RollCharacter, SetArmour


def armour_options(ruleset: Ruleset) -> list[tuple[str, str]]:
    return [("No armour", "none")] + [(f"{a.name} +{a.ac}", a.id) for a in ruleset.body_armour if a.id != "none"]


def armour_fields(ruleset: Ruleset, armour: str = "none", shield: bool = False) -> ComposeResult:
    with Horizontal(classes="row"):
        yield Select(plain.choices(armour_options(ruleset)), value=armour, allow_blank=False, id="armour")
        if ruleset.shield is not None:
            yield Checkbox(f"{ruleset.shield.name} +{ruleset.shield.ac}", shield, id="shield")


class RollDialog(FormDialog):
    """Name, player and armour; the rules roll the rest and the log shows every die."""

    OK = "Roll"
    ROLLS = True

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__("Roll a character", "The class, stats and HP are rolled by the rules.")
        self.ruleset = ruleset

    def fields(self) -> ComposeResult:
        yield Input(placeholder="Name (the player to the left picks it)", id="name")
        yield Input(placeholder="Player", id="player")
        yield from armour_fields(self.ruleset)

    def build(self) -> Action:
        shield = self.query("#shield").first(Checkbox).value if self.ruleset.shield else False
        name = self.text("name")
        if not name:
            raise ValueError("The character needs a name")
        return RollCharacter(name, self.text("player"), self.choice("armour"), shield)


class EntryDialog(FormDialog):
    """A character from a paper sheet: every number checked by the rules before it is taken."""

    OK = "Add"

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__("Enter a character", "From a sheet: stats 3-18, level 1-15.")
        self.ruleset = ruleset

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Input(placeholder="Name", id="name")
            yield Input(placeholder="Player", id="player")
        classes = [(c.name, cid) for cid, c in self.ruleset.classes.items()]
        with Horizontal(classes="row"):
            yield Select(plain.choices(classes), prompt="Class", id="class")
            yield Input(placeholder="Level", value="1", id="level", classes="number")
        with Horizontal(classes="row"):
            for stat in self.ruleset.stats:
                yield Input(placeholder=stat, id=f"stat-{stat}", classes="number")
        with Horizontal(classes="row"):
            yield Label("HP", classes="field-label", markup=False)
            yield Input(placeholder="max", id="max-hp", classes="number")
            yield Input(placeholder="now", id="hp", classes="number")
            yield Label("AC", classes="field-label", markup=False)
            yield Input(placeholder="AC", id="ac", classes="number")
        yield from armour_fields(self.ruleset)

    def build(self) -> Action:
        name = self.text("name")
        if not name:
            raise ValueError("The character needs a name")
        stats = {stat: self.whole(f"stat-{stat}", stat) for stat in self.ruleset.stats}
        max_hp = self.whole("max-hp", "Max HP")
        shield = self.query("#shield").first(Checkbox).value if self.ruleset.shield else False
        return AddCharacter(
            name=name,
            class_id=self.choice("class"),
            level=self.whole("level", "Level"),
            stats=stats,
            max_hp=max_hp,
            ac=self.whole("ac", "AC"),
            player=self.text("player"),
            hp=self.whole("hp", "HP", default=max_hp),
            armour=self.choice("armour"),
            shield=shield,
        )


class ArmourDialog(FormDialog):
    """What a character wears; the rules work out the AC."""

    WIDE = False

    def __init__(self, ruleset: Ruleset, character_id: str, name: str, armour: str, shield: bool) -> None:
        super().__init__(f"Armour: {name}", "AC = 10 + DEX mod + armour + shield.")
        self.ruleset = ruleset
        self.character_id = character_id
        self._worn = (armour, shield)

    def fields(self) -> ComposeResult:
        yield from armour_fields(self.ruleset, *self._worn)

    def build(self) -> Action:
        shield = self.query("#shield").first(Checkbox).value if self.ruleset.shield else False
        return SetArmour(self.character_id, self.choice("armour"), shield)
