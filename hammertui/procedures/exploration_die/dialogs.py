"""The exploration die's forms: a turn (what the party does, who speaks for it, and the die rolled
here or typed in as rolled at the table), and a referee's ticking clock."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.exploration_die.actions import AddClock, TakeTurn


class TurnDialog(FormDialog):
    """What the party does this turn and who speaks for it should they meet someone ("The modifier
    of whichever character acts as spokesman should be used"); Enter rolls the die (or takes the face
    typed in). `speakers` are the standing, as (name, id), the one speaking now first."""

    DEFAULT_CSS = """
    TurnDialog .dialog .row { height: auto; }
    TurnDialog .dialog Checkbox { width: auto; }
    """
    OK = "Roll"
    ROLLS = True

    def __init__(self, doing: str, speakers: list[tuple[str, str]], by_hand: bool = False) -> None:
        prompt = "What does the party do this turn (move, search, pick a lock...)?"
        super().__init__("Take a turn, die by hand" if by_hand else "Take a turn", prompt)
        self._doing = doing
        self._speakers = speakers
        self._by_hand = by_hand

    def fields(self) -> ComposeResult:
        yield Input(value=self._doing, id="doing")
        if self._speakers:
            with Horizontal(classes="row"):
                yield Label("Spokesman: ", markup=False)
                yield Select(
                    plain.choices(self._speakers), value=self._speakers[0][1], allow_blank=False, id="spokesman"
                )
        if self._by_hand:
            yield Label("The exploration die, as rolled at the table:", markup=False)
            yield Input(id="face", type="integer")
        with Horizontal(classes="row"):
            yield Checkbox("The foe is very sneaky", id="sneaky")
            yield Checkbox("Through a newly opened door", id="door")

    def on_mount(self) -> None:
        if self._by_hand:
            self.query_one("#face", Input).focus()

    def build(self) -> Action:
        face = self.whole("face", "the die") if self._by_hand else 0
        sneaky = self.query_one("#sneaky", Checkbox).value
        door = self.query_one("#door", Checkbox).value
        speaker = self.choice("spokesman") if self._speakers else ""
        return TakeTurn(self.text("doing"), face, speaker, sneaky_foe=sneaky, through_door=door)


class ClockDialog(FormDialog):
    """A referee's ticking clock: what it counts down to, and in how many marks."""

    OK = "Add"

    def __init__(self) -> None:
        super().__init__("Ticking clock", "What happens when the clock runs out (a ritual completes...)?")

    def fields(self) -> ComposeResult:
        yield Input(id="clock-name")
        yield Label("Marks (each Magic Dissipates ticks one off):", markup=False)
        yield Input(id="marks", type="integer")

    def build(self) -> Action:
        return AddClock(self.text("clock-name"), self.whole("marks", "marks"))
