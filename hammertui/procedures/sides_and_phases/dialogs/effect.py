"""A timed effect: on whom, what, for how long; it ends by itself when its clock gets there.

Quick picks fill the fields from the ruleset where it has the numbers (Turn Unholy's results, the
Berserker's rage) and from the combat rules' usual one-round effects. Where the length is a roll
(1d4 rounds, 3d6 minutes) the 'Smith rolls and types it. The line under the fields says when the
effect will end: one made in round R for N rounds ends as round R+N begins.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.rules import checks
from hammertui.procedures.sides_and_phases.actions import AddEffect
from hammertui.procedures.sides_and_phases.state import fighting

UNCONSCIOUS_MINUTES = "3d6"
"""The complete rules: a Berserker who fails to break a rage collapses, unconscious for 3d6 minutes."""


@record
class Preset:
    """A quick pick: the fields it fills, and what the 'Smith still has to roll, if anything."""

    id: str
    label: str
    name: str
    duration: int | None = None
    note: str = ""
    hint: str = ""


def presets(ruleset: Ruleset) -> tuple[Preset, ...]:
    """The ruleset's timed effects: Turn Unholy's results, the tactical one-rounders, the rage."""
    return (*_turned(ruleset), *_tactical(ruleset), *_rage(ruleset), _unconscious(ruleset))


def _turned(ruleset: Ruleset) -> list[Preset]:
    """Each Turn Unholy result that lasts rounds; the 'Smith rolls its dice."""
    results = ruleset.turn_unholy.results if ruleset.turn_unholy is not None else ()
    return [
        Preset(
            f"turn-{r.id}",
            f"{r.name} (Turn Unholy, {r.rounds} rounds)",
            r.name,
            None,
            r.description,
            f"Turn Unholy: roll {r.rounds} and type the rounds.",
        )
        for r in results
        if r.rounds
    ]


def _tactical(ruleset: Ruleset) -> list[Preset]:
    """A failed save against a tactical attack (or a shield bash): one round of trouble."""
    worse, better = _edge(ruleset, -1), _edge(ruleset, 1)
    return [
        Preset(
            "loses-action",
            "Loses next action (1 round)",
            "Loses next action",
            1,
            "Tactical attack: the target loses their next action.",
        ),
        Preset("dazed", "Dazed (1 round)", "Dazed", 1, f"Dazed until their next action: {worse} on it."),
        Preset(
            "against",
            f"{_capital(better)} against (1 round)",
            f"{_capital(better)} against",
            1,
            f"The next action against them gains {better}.",
        ),
    ]


def _rage(ruleset: Ruleset) -> list[Preset]:
    """The first class with a rage: its saves in the note; it lasts until broken."""
    for class_def in ruleset.classes.values():
        rage = class_def.rage
        if rage is not None:
            note = (
                f"{rage.save} save {rage.target} on taking damage; {rage.save} save {rage.break_target} to break out."
            )
            hint = f"{class_def.short_name}: lasts until broken. Give it rounds and end it early if it breaks."
            return [
                Preset(
                    f"rage-{class_def.id}",
                    f"Murderous Rage ({class_def.short_name})",
                    "Murderous Rage",
                    None,
                    note,
                    hint,
                )
            ]
    return []


def _unconscious(ruleset: Ruleset) -> Preset:
    """Minutes to roll, rounds to type: the ruleset says how long a round is."""
    seconds = ruleset.time.seconds_per_round
    per_minute = f", {60 // seconds} a minute" if 60 % seconds == 0 else ""
    hint = f"Roll {UNCONSCIOUS_MINUTES} minutes and type the rounds: a round is {seconds} seconds{per_minute}."
    return Preset("unconscious", f"Unconscious ({UNCONSCIOUS_MINUTES} minutes)", "Unconscious", None, "", hint)


def _edge(ruleset: Ruleset, net: int) -> str:
    """One modifier die in the ruleset's word: Advantage or Disadvantage, a Boon or a Bane."""
    words = checks.net_words(ruleset, net)
    return words.replace("1 ", "a ", 1) if words.startswith("1 ") else words


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


class EffectDialog(FormDialog):
    """On whom, a quick pick or a name, how long and in what, a note; when it ends, live."""

    OK = "Add"
    DEFAULT_CSS = """
    EffectDialog #hint {
        margin: 1 0 0 0;
        color: $text-muted;
    }
    """

    def __init__(self, ruleset: Ruleset, state: State, on: str = "") -> None:
        super().__init__("Timed effect", "It ends by itself when its time is up. Quick picks fill the fields.")
        self.ruleset = ruleset
        self.state = state
        self.on = on
        self.presets = {p.id: p for p in presets(ruleset)}

    def _wearers(self) -> list[tuple[str, str]]:
        """The party, each living character, each foe still in the fight."""
        who = [("The party", "")] + [(m.name, m.id) for m in self.state.party if m.alive]
        fight = fighting(self.state)
        if fight is not None:
            who += [(f.name, f.id) for f in fight.standing_foes]
        return who

    def fields(self) -> ComposeResult:
        who = self._wearers()
        on = self.on if any(value == self.on for _, value in who) else ""
        with Horizontal(classes="row"):
            yield Label("On", classes="field-label", markup=False)
            yield Select(plain.choices(who), value=on, allow_blank=False, id="on")
            yield Select(
                plain.choices((p.label, p.id) for p in self.presets.values()),
                prompt="Quick pick (or type a name)",
                id="preset",
            )
        with Horizontal(classes="row"):
            yield Input(placeholder="Name", id="name")
            yield Label("For", classes="field-label", markup=False)
            yield Input(value="1", id="duration", classes="number")
            units = [("rounds", effects.ROUND), (self.ruleset.time.unit_plural, effects.UNIT)]
            yield Select(plain.choices(units), value=effects.ROUND, allow_blank=False, id="unit")
        yield Input(placeholder="Note: what it does", id="note")
        yield Label("", id="hint", markup=False)
        yield Label("", id="preview", markup=False)

    def on_mount(self) -> None:
        self.query_one("#hint").display = False
        self._refresh()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset" and event.value is not Select.NULL:
            self._fill(self.presets[str(event.value)])
        self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._refresh()

    def _fill(self, preset: Preset) -> None:
        """A quick pick's name, length and note; a length still to roll is left for the 'Smith."""
        self.query_one("#name", Input).value = preset.name
        self.query_one("#duration", Input).value = "" if preset.duration is None else str(preset.duration)
        self.query_one("#unit", Select).value = effects.ROUND
        self.query_one("#note", Input).value = preset.note
        hint = self.query_one("#hint", Label)
        hint.update(Text(preset.hint))
        hint.display = bool(preset.hint)
        if preset.duration is None:
            self.query_one("#duration", Input).focus()

    def _refresh(self) -> None:
        try:
            line = self._line()
        except ValueError as problem:
            line = str(problem)
        self.query_one("#preview", Label).update(Text(line))

    def _line(self) -> str:
        """`Goblin 1: Dazed, 3 rounds (ends at the top of round 5)`."""
        who = effects.wearer_name(self.state, self.choice("on")) or "nobody"
        name = self.text("name") or "(a name)"
        duration = self._duration()
        if self.choice("unit") == effects.ROUND:
            return f"{who}: {name}, {duration} round{'s' if duration != 1 else ''} ({self._round_end(duration)})"
        time = self.ruleset.time
        ends = self.state.clock.units + duration
        return f"{who}: {name}, {time.label(duration)} (ends as the clock reaches {time.unit} {ends})"

    def _round_end(self, duration: int) -> str:
        """In a fight, the round it ends at the top of; outside one, how many rounds from now."""
        fight = fighting(self.state)
        if fight is None:
            return f"ends {duration} round{'s' if duration != 1 else ''} from now"
        return f"ends at the top of round {fight.round + duration}"

    def _duration(self) -> int:
        if not self.text("duration"):
            raise ValueError("Duration: type how many (a roll: type what it came to)")
        duration = self.whole("duration", "Duration")
        if duration < 1:
            raise ValueError(f"Duration: {duration}? An effect lasts 1 or more")
        return duration

    def build(self) -> Action:
        return AddEffect(
            self.text("name"),
            self.choice("on"),
            self.choice("unit"),
            self.whole("duration", "Duration"),
            self.text("note"),
        )
