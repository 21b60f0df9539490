"""The fight by individual initiative on the dashboard: its pane in the combat slot (the round, the
order with whose turn it is, HP, options and conditions; between fights, the conditions a wound holds
into the next), the command that starts a fight or goes back to the one under way, and between
fights the wounded's (a Bleeding Out save, an ally's stabilising, Helpless taken off)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import held_surprise
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.view import View
from hammertui.procedures.individual_initiative.rules import CONDITION_NAMES, OPTION_NAMES
from hammertui.procedures.individual_initiative.state import Fight, fighting, fights, held_between, name_of, rules_of

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

HINT = "F the fight"
WOUNDED_HINT = "b the wounded"


class InitiativePane(Static):
    """The fight at a glance, one line per combatant in this round's order (the wounds the party
    carries are on the Party pane)."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def on_mount(self) -> None:
        self.border_title = "Combat"

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        fight = fighting(view.state)
        self.border_subtitle = HINT if fight is not None else WOUNDED_HINT if _wounded(view.state) else ""
        self.update(pane_text(view.state, fight))


def pane_text(state: State, fight: Fight | None) -> Text:
    if fight is None:
        return between_text(state)
    text = Text(where_text(fight), style="bold")
    for line in combatant_lines(state, fight):
        text.append("\n")
        text.append_text(line)
    return text


def between_text(state: State) -> Text:
    """No fight; the conditions a wound taken out of one holds into the next, each by name."""
    wounded = _wounded(state)
    if not wounded:
        return Text("No combat.\n\nAll quiet... for now.")
    text = Text("No combat. Held into the next fight:")
    failed = fights(state).bleeding
    for who in wounded:
        saves = f" ({failed[who]} failed)" if failed.get(who) else ""
        text.append(
            f"\n{name_of(state, who)}: {', '.join(CONDITION_NAMES[c] for c in held_between(state)[who])}{saves}",
            style="#fdd835",
        )
    return text


def _wounded(state: State) -> list[str]:
    """The living who hold a wound's conditions between fights."""
    if fighting(state) is not None:
        return []
    held = held_between(state)
    return [m.id for m in state.living if held.get(m.id)]


def where_text(fight: Fight) -> str:
    """The round and where it stands; round 1 a free round when one side had the drop."""
    drop = {"party": "the party", "foes": "the foes"}.get(fight.free_round, "")
    if not fight.round:
        return (
            f"Roll initiative for round 1: a free round, {drop} had the drop" if drop else "Roll initiative for round 1"
        )
    named = f"Round 1, a free round for {drop}" if fight.round == 1 and drop else f"Round {fight.round}"
    if fight.crit is not None:
        return f"{named} · a critical hit waits for its choice"
    return named + (" · roll initiative" if not fight.acting else "")


def order_of(state: State, fight: Fight) -> list[str]:
    """This round's order, then anyone not in it (before the first initiative, or come since)."""
    everyone = [m.id for m in state.party] + [f.id for f in fight.foes]
    return [*fight.order, *(w for w in everyone if w not in fight.order)]


def combatant_lines(state: State, fight: Fight) -> list[Text]:
    """`▶ 5  Darla      4/6  AC 10  Press  Floored`: the acting one marked, the fallen dimmed."""
    ids = order_of(state, fight)
    width = max((len(name_of(state, w)) for w in ids), default=0)
    return [_line(state, fight, who, width) for who in ids]


def _line(state: State, fight: Fight, who: str, width: int) -> Text:
    foe = next((f for f in fight.foes if f.id == who), None)
    if foe is not None:
        hp, top, ac, out = foe.hp, foe.max_hp, foe.ac, foe.out
    else:
        member = state.character(who)
        hp, top, ac, out = member.hp, member.max_hp, member.ac, "" if member.alive else "dead"
    mark = "▶" if fight.acting == who else " "
    rolled = f"{fight.rolls[who]:>2}" if who in fight.rolls else " -"
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(
        f"{mark} {rolled}  {name_of(state, who).ljust(width)}  {hp}/{top}  AC {ac}",
        style="dim strike" if out else ("bold" if mark != " " else ""),
    )
    finesse = " (Finesse)" if who in fight.finesse else ""
    notes = [OPTION_NAMES[o] + finesse for o in (fight.options.get(who, ""),) if o]
    notes += [CONDITION_NAMES[c] for c in fight.held(who)]
    notes += ["stood up: their action this turn"] if fight.stood == who else []
    if who in fight.bleeding:
        notes.append(f"{fight.bleeding[who]} failed")
    notes += [out] if out else []
    if notes:
        line.append("  " + ", ".join(notes), style="#fdd835")
    return line


def pane() -> InitiativePane:
    return InitiativePane(id="combat", classes="pane")


def fight(app: HammerApp) -> None:
    """Back to the fight under way, or foes first and then the fight."""
    from hammertui.procedures.individual_initiative.screens import FoesDialog, InitiativeScreen  # with the first fight

    if fighting(open_store(app).state) is not None:
        app.push_screen(InitiativeScreen(pane_text))
        return
    app.push_screen(
        FoesDialog(held_surprise(open_store(app).state)),
        lambda started: started and app.push_screen(InitiativeScreen(pane_text)),
    )


def wounded(app: HammerApp) -> None:
    """Between fights, what may be done for one who holds a wound's conditions: "Player must roll a
    constitution save every round", "May be stabilized by an ally", or Helpless taken off."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog
    from hammertui.procedures.individual_initiative import actions as acts  # with the first fight

    store = open_store(app)
    assert store is not None
    state, own = store.state, rules_of(store.ruleset).bleeding_out
    choices = []
    for who in _wounded(state):
        name, held = name_of(state, who), held_between(state)[who]
        if "bleeding_out" in held:
            failed = fights(state).bleeding.get(who, 0)
            choices.append(
                (f"save:{who}", f"{name} saves against Bleeding Out ({own.stat}): {failed} failed of {own.failures}")
            )
            if len(state.living) > 1:
                choices.append(
                    (
                        f"stabilise:{who}",
                        f"An ally stabilises {name}: {own.stabilise} + {own.stabilise_stat},"
                        f" {own.stabilise_target} or higher",
                    )
                )
        if "helpless" in held:
            choices.append((f"rouse:{who}", f"{name} comes round: no longer Helpless"))

    def tend(who: str) -> None:
        allies = [(m.id, m.name) for m in store.state.living if m.id != who]
        dialog = ChooseDialog("Stabilise", f"Who tends {name_of(store.state, who)}?", allies)

        def tended(by: str | None) -> None:
            if by is not None:
                app.perform(acts.Stabilise(who, by))

        app.push_screen(dialog, tended)

    def chosen(choice: str | None) -> None:
        if choice is None:
            return
        what, _, who = choice.partition(":")
        if what == "save":
            app.perform(acts.BleedingSave(who))
        elif what == "stabilise":
            tend(who)
        else:
            app.perform(acts.SetCondition(who, "helpless", on=False))

    app.push_screen(ChooseDialog("The wounded", "Out of a fight:", choices), chosen)


def _anyone_wounded(view: View) -> bool:
    return bool(_wounded(view.state))


def _fight_title(state: State, ruleset: Ruleset) -> str:
    return "Fight!" if fighting(state) is None else "The fight"


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "F",
        "initiative.fight",
        "fight",
        "Fight!",
        _fight_title,
        "Start a fight (the foes' profiles), or go back to the one under way",
        show=True,
        run=fight,
    ),
    Command(
        "b",
        "initiative.wounded",
        "wounded",
        "Wounded",
        "The wounded",
        "Out of a fight: a CON save every round for one Bleeding Out, an ally's stabilising, or Helpless taken off",
        show=True,
        applies=_anyone_wounded,
        run=wounded,
    ),
)


class _UI:
    """Individual initiative's pane and commands."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
