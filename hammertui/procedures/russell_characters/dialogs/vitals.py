"""The Russell House Rules' forms of HP and hirelings: damage from a trap or a fall, and a hireling
taken on (name, job, employer and wage as agreed)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.russell_characters.actions.vitals import Damage, Hire


class DamageDialog(FormDialog):
    """How much, and from what (the log and, should it kill, the tombstone say it)."""

    OK = "Damage"
    WIDE = False

    def __init__(self, who: str, name: str, hp: str) -> None:
        super().__init__("Damage", f"Damage to {name} (HP {hp}); past 0 HP it is a wound.")
        self._who = who

    def fields(self) -> ComposeResult:
        yield Input(placeholder="Damage, e.g. 4", id="amount", classes="number")
        yield Input(placeholder="From what (a fall, a dart trap...)", id="source")

    def build(self) -> Action:
        return Damage(self._who, self.whole("amount", "Damage"), self.text("source"))


class HireDialog(FormDialog):
    """A hireling for one of the living: the rules roll their HP."""

    OK = "Hire"

    def __init__(self, employers: list[tuple[str, str]], employer: str) -> None:
        super().__init__("Hire", "Who joins, for whom, and for what pay (a flat fee or a share)?")
        self._employers = employers
        self._employer = employer

    def fields(self) -> ComposeResult:
        yield Input(placeholder="Name", id="name")
        yield Input(placeholder="Job (torchbearer, porter, sellsword...)", id="job")
        yield Select(plain.choices(self._employers), value=self._employer, allow_blank=False, id="employer")
        yield Input(placeholder="Wage (2 coins a day, a half share...)", id="wage")

    def build(self) -> Action:
        name = self.text("name")
        if not name:
            raise ValueError("A hireling needs a name")
        return Hire(name, self.text("job"), self.choice("employer"), self.text("wage"))
