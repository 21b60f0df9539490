"""The Combat pane: the fight at a glance, or, with none on, what the dark does to one that might."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.actions import FoldRounds, PassRounds
from hammertui.kernel.session.procedures import darkness_lines, is_dark
from hammertui.kernel.session.state import Effect, State
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.view import View
from hammertui.procedures.sides_and_phases.state import FOE_STATUS, Fight, Foe, fighting

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

HINT = "F the fight · space next"


class CombatPane(Static):
    """Shows the fight in progress: round, side and phase, who acts, each foe and the party's
    effects. With none, says so. In the dark it lists the penalties every attack and roll will
    carry, so nobody looks them up when the goblins arrive."""

    view: reactive[View | None] = reactive(None, repaint=False)
    _shown: object = ()

    def on_mount(self) -> None:
        self.border_title = "Combat"

    def watch_view(self, view: View | None) -> None:
        """Watched on every action: redraw only when what the pane shows has changed."""
        if view is None:
            return
        shown = _shown_key(view)
        if shown == self._shown:
            return
        self._shown = shown
        self.border_subtitle = HINT if fighting(view.state) is not None else ""
        self.update(combat_text(view), layout=False)


def _shown_key(view: View) -> tuple[object, ...]:
    """Everything the pane's text depends on, cheap to compare: the fight, the effects and the
    clocks they count on, the darkness, and who in the party can still act."""
    state = view.state
    key: tuple[object, ...] = (fighting(state), is_dark(state), view.ruleset.id)
    if state.effects:
        key += (state.effects, state.clock.rounds, state.clock.units)
    if fighting(state) is not None:
        key += (tuple((m.id, m.name, m.alive, m.status) for m in state.party),)
    return key


def combat_text(view: View) -> Text | Group:
    """No fight: a quiet line; a fight: its lines. Either way, the dark's penalties under them."""
    fight = fighting(view.state)
    if fight is None:
        text = Text("No combat.\n\nAll quiet... for now.")
        if is_dark(view.state):
            text.append_text(_darkness(view, "\n\n"))
        return text
    lines = fight_lines(view, fight)
    if is_dark(view.state):
        lines.append(_darkness(view, "\n"))
    return Group(*lines)


def _darkness(view: View, before: str) -> Text:
    text = Text()
    text.append(f"{before}In the dark: ", style="bold #e53935")
    text.append("; ".join(darkness_lines(view.ruleset)) + ".")
    return text


def fight_lines(view: View, fight: Fight) -> list[Text]:
    """Round, side and phase; who acts now; one line per foe; the party's effects. Each is one
    line cut short rather than wrapped, so the foes stay in the pane's few rows.

    The fight's rules are loaded here, with the first fight, not before the dashboard's first frame.
    """
    from hammertui.procedures.sides_and_phases.actions import side_gone, still_to_act

    state = view.state
    lines = [_line(where_text(view, fight), "bold")]
    acting = still_to_act(state, view.ruleset)
    if acting:
        lines.append(_line("Acting now: ", "bold").append(", ".join(a.name for a in acting)))
    if fight.pending is not None:
        lines.append(_line("An attack waits to land (F, then a).", "bold #fdd835"))
    if side_gone(state) == "foes":
        lines.append(_line("The foes are beaten: end the fight (F, then x).", "bold green"))
    width = max((len(f.name) for f in fight.foes), default=0)
    lines += [foe_line(state, view, foe, width) for foe in fight.foes]
    party = [e for e in state.effects if not e.on]
    if party:
        lines.append(_line("The party: ", "bold").append(effects_text(state, view, party)))
    return lines


def _line(words: str, style: str = "") -> Text:
    """One line, cut with an ellipsis; `style` is the words' own, not the line's."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(words, style=style)
    return line


def where_text(view: View, fight: Fight) -> str:
    """`Round 2 · foes · Melee`, `Round 1 · party · Turns · Wenna's` where the Leader named a Turn,
    or where the next initiative roll stands."""
    if fight.step == "initiative":
        return "Roll for initiative for round 1" if fight.round == 0 else f"Round {fight.round} is over: initiative"
    where = f"Round {fight.round} · {fight.side} · {view.ruleset.combat.phase_name(fight.phase)}"
    return f"{where} · {effects.wearer_name(view.state, fight.turn) or fight.turn}'s" if fight.turn else where


def foe_line(state: State, view: View, foe: Foe, width: int) -> Text:
    """`Goblin 2  3/7  fleeing, Dazed (2 rounds left)`, a beaten foe dimmed and struck through."""
    beaten = foe.status == "defeated"
    line = _line("")
    line.append(foe.name.ljust(width), style="dim strike" if beaten else "")
    line.append(
        f"  {foe.hp}/{foe.max_hp}", style="dim" if beaten else ("bold #e53935" if foe.hp * 2 <= foe.max_hp else "")
    )
    notes = [FOE_STATUS.get(foe.status, foe.status)] if foe.status != "ok" else []
    worn = [e for e in state.effects if e.on == foe.id]
    if worn:
        notes.append(effects_text(state, view, worn))
    if notes:
        line.append("  " + ", ".join(notes), style="dim" if beaten else "#fdd835")
    return line


def effects_text(state: State, view: View, worn: Sequence[Effect]) -> str:
    """`Dazed (2 rounds left), Bless (1 turn left)`."""
    return ", ".join(effects.labelled(state, view.ruleset, e) for e in worn)


def pane() -> CombatPane:
    return CombatPane(id="combat", classes="pane")


def fight(app: HammerApp, surprised_party: bool = False) -> None:
    """Back to the fight under way, or foes first and then the fight."""
    from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
    from hammertui.procedures.sides_and_phases.screens import FightScreen

    store = open_store(app)
    if fighting(store.state) is not None:
        app.push_screen(FightScreen())
        return
    dialog = FoesDialog(store.ruleset, store.state, surprised_party=surprised_party)
    app.push_screen(dialog, lambda started: started and app.push_screen(FightScreen()))


def fight_next(app: HammerApp) -> None:
    from hammertui.procedures.sides_and_phases.actions import FightNext  # with the first fight, not at start-up

    app.perform(FightNext())


def _fight_title(state: State, ruleset: Ruleset) -> str:
    return "Fight!" if fighting(state) is None else "The fight"


def _fighting(view: View) -> bool:
    return fighting(view.state) is not None


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "F",
        "combat.fight",
        "fight",
        "Fight!",
        _fight_title,
        "Start a fight (foes, surprise), or go back to the one under way",
        show=True,
        run=fight,
    ),
    Command(
        "space",
        "combat.next",
        "fight_next",
        "Next phase",
        "Next phase",
        "The fight's next step: initiative, the next phase, the other side",
        show=True,
        applies=_fighting,
        run=fight_next,
    ),
    Command(
        None,
        "combat.round",
        "pass_rounds",
        "Round",
        "A combat round passes",
        "Rounds are counted apart and become time when the fight ends",
        run=lambda app: app.perform(PassRounds()),
    ),
    Command(
        None,
        "combat.fold",
        "fold_rounds",
        "Fold",
        "Fold rounds into time",
        "The fight's rounds become {units}: at least one; lights burn",
        run=lambda app: app.perform(FoldRounds()),
    ),
)


class _UI:
    """Sides and phases' pane and commands."""

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
