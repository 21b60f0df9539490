"""The Exploration die pane and its commands: the latest face large with what it brought, the turn
(the clock's, as the header has it), the pace, the referee's ticking clocks, and the last rolls
each beside what the party did.

Each name on it is the ruleset's (`[exploration_die]`); an encounter's surprise and reaction come
from the slice as rolled. The keys take a turn (the die rolled here, or typed in as rolled at the
table), change the pace and keep the clocks. The die is the clock: a turn passes by taking one, or
with what takes a turn (a refill, a rest, a fight's end), each rolling the die, so the common keys
that pass time without it are set aside (`SETS_ASIDE`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Digits, Static

from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command, calm
from hammertui.kernel.ui.view import View
from hammertui.procedures.exploration_die.actions import RemoveClock, TogglePace, marks
from hammertui.procedures.exploration_die.rules import HOOFING_IT, PACE_NAMES, result_for
from hammertui.procedures.exploration_die.schema import ExplorationDieRules
from hammertui.procedures.exploration_die.state import ExplorationDie, TurnRoll, die_of, spokesman, unrolled

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

RESULT_STYLE = {
    "encounter": "bold #e53935",
    "sign": "bold #fdd835",
    "torches_depleted": "bold #ff9800",
    "lantern_pip": "bold #ff9800",
    "magic_dissipates": "bold #9c4dcc",
    "tired": "bold #2f7de1",
}
"""A colour for each result, so the face reads at a glance from across the table."""
FREE_ROUND = {"party": "the party has the drop: a free round, may be held", "foes": "the foes have a free round"}
DEFAULT_DOING = "move"
"""What a turn's form offers: each turn's words are its own, never the last one's (a refill, a rest)."""


class ExplorationDiePane(Vertical):
    """The exploration die at a glance; redrawn whenever the session changes."""

    DEFAULT_CSS = """
    ExplorationDiePane #die-top { height: 3; }
    ExplorationDiePane #die-face { width: 4; margin-right: 1; }
    ExplorationDiePane #die-latest { width: 1fr; height: 3; }
    ExplorationDiePane #die-state { height: auto; }
    ExplorationDiePane #die-rolls { height: 1fr; }
    """

    view: reactive[View | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        with Horizontal(id="die-top"):
            yield Digits("-", id="die-face")
            yield Static(id="die-latest", markup=False)
        yield Static(id="die-state", markup=False)
        yield Static(id="die-rolls", markup=False)

    def on_mount(self) -> None:
        self.border_title = "Exploration die"

    def watch_view(self, view: View | None) -> None:
        if view is None or view.ruleset.exploration_die is None:
            return
        rules = view.ruleset.exploration_die
        die = die_of(view.state)
        latest = die.latest
        self.query_one("#die-face", Digits).update(str(latest.face) if latest else "-")
        self.query_one("#die-latest", Static).update(latest_text(rules, latest))
        self.query_one("#die-state", Static).update(state_text(view, die))
        self.query_one("#die-rolls", Static).update(rolls_text(rules, die))
        plain.subtitle(self, f"{view.ruleset.time.unit.capitalize()} {view.state.clock.units}")


def latest_text(rules: ExplorationDieRules, latest: TurnRoll | None) -> Text:
    """The latest result by name, what the party did, and an encounter's surprise and reaction."""
    if latest is None:
        return Text("No turn taken yet: e rolls the die.", style="dim")
    text = Text()
    text.append(result_for(rules, latest.face).name, style=RESULT_STYLE.get(latest.result, "bold"))
    if latest.action:
        text.append(f"\n{latest.action}", style="italic")
    if latest.encounter is not None:
        met = latest.encounter
        surprised = {
            "party": "party surprised",
            "foes": "foes surprised",
            "both": "both surprised: canceled",
            "none": "no surprise",
        }
        line = f"\n{surprised[met.surprised]} · reaction {met.reaction} ({met.reaction_total})"
        if met.free_round:
            line += f" · {FREE_ROUND[met.free_round]}"
        text.append(line)
    return text


def state_text(view: View, die: ExplorationDie) -> Text:
    """The pace (and what hoofing it costs) and each ticking clock."""
    rules = view.ruleset.exploration_die
    assert rules is not None
    text = Text()
    text.append("Pace: ", style="dim")
    text.append(PACE_NAMES[die.pace], style="bold #e53935" if die.pace == HOOFING_IT else "bold")
    if die.pace == HOOFING_IT:
        text.append(f" ({rules.hoofing_speed}x speed, surprised on {rules.surprise.hoofing_it} in 6, no mapping)")
    owed = unrolled(view.state)
    if owed:
        text.append(f"\n{view.ruleset.time.label(owed)} passed without the die", style="bold #ff9800")
    for clock in die.clocks:
        left = marks(clock.marks) if clock.marks else "run out"
        text.append("\nClock: ", style="dim")
        text.append(f"{clock.name}, {left}", style="bold #e53935" if clock.marks == 0 else "")
    return text


def rolls_text(rules: ExplorationDieRules, die: ExplorationDie) -> Text:
    """The rolls before the latest, newest first: turn, face, name and what the party did."""
    text = Text()
    for roll in reversed(die.rolls[:-1]):
        if text:
            text.append("\n")
        hand = "*" if roll.by_hand else " "
        text.append(f"{roll.turn:>3}  {roll.face}{hand} ", style="dim")
        text.append(result_for(rules, roll.face).name, style=RESULT_STYLE.get(roll.result, ""))
        if roll.action:
            text.append(f" · {roll.action}", style="dim")
    return text


def pane() -> ExplorationDiePane:
    return ExplorationDiePane(id="exploration-die", classes="pane")


def _speakers(app: HammerApp) -> list[tuple[str, str]]:
    """The standing as the form offers them, who speaks now first: the last spokesman, else the
    Leader, else the first standing."""
    state = open_store(app).state
    speaking = spokesman(state)
    first = [speaking] if speaking is not None else []
    return [(m.name, m.id) for m in (*first, *(m for m in state.living if m not in first))]


def take_turn(app: HammerApp) -> None:
    from hammertui.procedures.exploration_die.dialogs import TurnDialog

    app.push_screen(TurnDialog(DEFAULT_DOING, _speakers(app)))


def turn_by_hand(app: HammerApp) -> None:
    from hammertui.procedures.exploration_die.dialogs import TurnDialog

    app.push_screen(TurnDialog(DEFAULT_DOING, _speakers(app), by_hand=True))


def add_clock(app: HammerApp) -> None:
    from hammertui.procedures.exploration_die.dialogs import ClockDialog

    app.push_screen(ClockDialog())


def remove_clock(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    clocks = die_of(open_store(app).state).clocks
    choices = [(c.id, f"{c.name} ({marks(c.marks)})") for c in clocks]
    dialog = ChooseDialog("Remove a clock", "Which clock comes off?", choices)

    def removed(chosen: str | None) -> None:
        if chosen is not None:
            app.perform(RemoveClock(chosen))

    app.push_screen(dialog, removed)


def _has_clocks(view: View) -> bool:
    return bool(die_of(view.state).clocks)


SETS_ASIDE = frozenset({"time.advance", "time.pass", "time.next_hour"})
"""The common keys that pass time without a turn: "Roll the exploration die every turn"."""

COMMANDS: tuple[Command[View], ...] = (
    Command(
        "e",
        "die.turn",
        "take_turn",
        "Turn",
        "Take a turn",
        "What the party does; a {unit} passes and the exploration die is rolled",
        show=True,
        applies=calm,
        run=take_turn,
    ),
    Command(
        "i",
        "die.by_hand",
        "turn_by_hand",
        "Die by hand",
        "Take a turn, die by hand",
        "The exploration die as rolled at the table: type its face",
        applies=calm,
        run=turn_by_hand,
    ),
    Command(
        "P",
        "die.pace",
        "toggle_pace",
        "Pace",
        "Toggle the pace",
        "Careful, or hoofing it: faster, easier to surprise, no mapping",
        run=lambda app: app.perform(TogglePace()),
    ),
    Command(
        "K",
        "die.add_clock",
        "add_clock",
        "Clock",
        "Add a ticking clock",
        "A countdown (a ritual in N marks) ticked off by Magic Dissipates",
        run=add_clock,
    ),
    Command(
        None,
        "die.remove_clock",
        "remove_clock",
        "Remove clock",
        "Remove a ticking clock",
        "Take a clock off the board, run out or foiled",
        applies=_has_clocks,
        run=remove_clock,
    ),
)


class _UI:
    """The exploration die's pane and commands; it passes no time without a turn."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = SETS_ASIDE
    after_fight = None
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
