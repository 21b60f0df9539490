"""The fight by individual initiative, full screen: the order and the latest of the log, and the keys
that walk it (initiative, the next turn, attacks with their options and weapon abilities, a crit's
choice, conditions, Bleeding Out, Guts, the end). Each key asks what it needs in a short dialog and
performs one action; the rules decide everything."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Input, Label, SelectionList, Static

from hammertui.rules.individual_initiative import ABILITIES, CONDITION_NAMES, OPTION_NAMES
from hammertui.rules.ruleset.individual_initiative import CONDITIONS
from hammertui.session import individual_initiative_actions as acts
from hammertui.session.actions import Action
from hammertui.session.individual_initiative_state import Fight, fighting, name_of, rules_of
from hammertui.ui.dialogs.amount import AmountDialog
from hammertui.ui.dialogs.choose import ChooseDialog
from hammertui.ui.dialogs.form import Attempt, FormDialog
from hammertui.ui.dialogs.text import TextDialog
from hammertui.ui.header import header_text
from hammertui.ui.individual_initiative import pane_text
from hammertui.ui.view import View

if TYPE_CHECKING:
    from hammertui.ui.app import HammerApp

LOG_LINES = 8


class FoesDialog(FormDialog):
    """Foes of one kind, as their profile reads: how many, HD, AC, HP (blank: rolled on the HD),
    WS (blank: 1 per HD), I and Gts."""

    DEFAULT_CSS = """
    FoesDialog .dialog .row { height: auto; }
    FoesDialog .dialog .row Input { width: 1fr; }
    """
    OK = "Fight!"

    def __init__(self, attempt: Attempt) -> None:
        super().__init__("Foes", "What does the party meet? One kind of foe, as its profile reads.", attempt)

    def fields(self) -> ComposeResult:
        yield Input(placeholder="Name (Goblin)", id="foe-name")
        with Horizontal(classes="row"):
            yield Input(placeholder="How many", id="count", type="integer")
            yield Input(placeholder="HD", id="hd", type="integer")
            yield Input(placeholder="AC", id="ac", type="integer")
            yield Input(placeholder="HP (rolled)", id="hp", type="integer")
        with Horizontal(classes="row"):
            yield Input(placeholder="WS (1 per HD)", id="ws", type="integer")
            yield Input(placeholder="I (0)", id="init", type="integer")
            yield Input(placeholder="Gts (7)", id="guts", type="integer")
        yield Checkbox("Armour by its weight (Crushing counts it as 5)", value=True, id="by-weight")

    def build(self) -> Action:
        name = self.text("foe-name")
        if not name:
            raise ValueError("name the foes")
        ws = self.text("ws")
        group = acts.FoeGroup(
            name, self.whole("count", "how many", 1), self.whole("hd", "HD", 1), self.whole("ac", "AC", 7),
            self.whole("hp", "HP", 0), self.whole("ws", "WS") if ws else None, self.whole("init", "I", 0),
            self.whole("guts", "Gts", 7), self.query_one("#by-weight", Checkbox).value,
        )
        return acts.StartFight((group,))


class AttackDialog(FormDialog):
    """How the attack is made: the weapon's abilities, Bow Skill, into a melee, the referee's own
    Advantage (+1, +2) or Disadvantage (-1, -2)."""

    DEFAULT_CSS = """
    AttackDialog .dialog SelectionList { height: 10; }
    AttackDialog .dialog Checkbox { width: auto; }
    AttackDialog .dialog .row { height: auto; }
    """
    OK = "Roll"
    ROLLS = True

    def __init__(self, attacker: str, target: str, free: bool, title: str, attempt: Attempt) -> None:
        super().__init__(title, "The weapon's abilities, and how the attack is made:", attempt)
        self._attacker, self._target, self._free = attacker, target, free

    def fields(self) -> ComposeResult:
        yield SelectionList[str](*((a.capitalize(), a) for a in ABILITIES), id="abilities")
        with Horizontal(classes="row"):
            yield Checkbox("Bow Skill", id="bow")
            yield Checkbox("Into a melee", id="into-melee")
        yield Label("The referee's modifier dice (+1 Advantage, -1 Disadvantage):")
        yield Input(value="0", id="advantage", type="integer")

    def build(self) -> Action:
        abilities = tuple(self.query_one("#abilities", SelectionList).selected)
        return acts.Attack(
            self._attacker, self._target, self.query_one("#bow", Checkbox).value, self.query_one("#into-melee", Checkbox).value,
            abilities, self._free, self.whole("advantage", "modifier dice", 0),
        )


class InitiativeScreen(Screen[None]):
    """The fight under way; closing it leaves the fight on."""

    DEFAULT_CSS = """
    InitiativeScreen .fight { border: round $accent; height: 1fr; padding: 0 1; }
    InitiativeScreen #initiative-order { height: auto; }
    InitiativeScreen #initiative-log { height: 1fr; margin-top: 1; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", id="initiative.close"),
        Binding("i", "initiative", "Initiative", id="initiative.roll"),
        Binding("space", "next", "Next", id="initiative.next"),
        Binding("a", "attack", "Attack", id="initiative.attack"),
        Binding("A", "free_attack", "Free attack", id="initiative.free_attack", show=False),
        Binding("c", "crit", "Crit", id="initiative.crit"),
        Binding("o", "option", "Option", id="initiative.option"),
        Binding("k", "condition", "Condition", id="initiative.condition"),
        Binding("b", "bleed", "Bleeding", id="initiative.bleeding", show=False),
        Binding("s", "stabilise", "Stabilise", id="initiative.stabilise", show=False),
        Binding("g", "guts", "Guts", id="initiative.guts"),
        Binding("x", "end", "End", id="initiative.end"),
        Binding("u", "undo", "Undo", id="initiative.undo", show=False),
    ]

    @property
    def hammer(self) -> HammerApp:
        return cast("HammerApp", self.app)

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Vertical(classes="fight") as box:
            box.border_title = "Fight!"
            yield Static(id="initiative-order")
            yield Static(id="initiative-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "view", self._on_view)

    def _on_view(self, view: View | None) -> None:
        if view is None:
            return
        self.query_one("#header", Static).update(header_text(view))
        self.query_one("#initiative-order", Static).update(pane_text(view.state, fighting(view.state)))
        self.query_one("#initiative-log", Static).update(self._log())

    def _log(self) -> Text:
        store = self.hammer.store
        text = Text()
        for event in list(store.recent)[-LOG_LINES:] if store is not None else ():
            text.append(event.text + "\n", style="bold #e53935" if event.level == "warn" else "")
        return text

    # What the keys need ------------------------------------------------------------------------

    def _fight(self) -> Fight | None:
        return fighting(self.hammer.store.state)

    def _choose(self, title: str, prompt: str, choices: list[tuple[str, str]], then: Callable[[str], Any]) -> None:
        if not choices:
            self.notify(f"{title}: no one to choose.", severity="warning")
            return
        self.app.push_screen(ChooseDialog(title, prompt, choices), lambda chosen: chosen is not None and then(chosen))

    def _names(self, ids: list[str]) -> list[tuple[str, str]]:
        state = self.hammer.store.state
        return [(who, name_of(state, who)) for who in ids]

    def _standing(self) -> list[str]:
        fight = self._fight()
        if fight is None:
            return []
        state = self.hammer.store.state
        return [w for w in (*fight.order, *(m.id for m in state.living), *(f.id for f in fight.standing_foes)) if _standing(state, fight, w)]

    def _others(self, who: str) -> list[str]:
        """Those `who` may attack: the other side first, then the rest."""
        fight = self._fight()
        assert fight is not None
        foes = {f.id for f in fight.foes}
        everyone = list(dict.fromkeys(self._standing()))
        theirs = [w for w in everyone if (w in foes) != (who in foes)]
        return theirs + [w for w in everyone if w not in theirs and w != who]

    # Keys ----------------------------------------------------------------------------------------

    def action_initiative(self) -> None:
        self.hammer.perform(acts.RollInitiative())

    def action_next(self) -> None:
        self.hammer.perform(acts.NextTurn())

    def action_attack(self) -> None:
        fight = self._fight()
        if fight is None or not fight.acting:
            self.notify("No one's turn: roll initiative (i).", severity="warning")
            return
        self._attack(fight.acting, free=False)

    def action_free_attack(self) -> None:
        self._choose("Free attack", "Who attacks out of turn (a fumble's answer, a Brace, a Reactive weapon, a Cleave)?", self._names(list(dict.fromkeys(self._standing()))), lambda who: self._attack(who, free=True))

    def _attack(self, attacker: str, free: bool) -> None:
        state = self.hammer.store.state

        def at(target: str) -> None:
            title = f"{name_of(state, attacker)} attacks {name_of(state, target)}"
            self.app.push_screen(AttackDialog(attacker, target, free, title, self.hammer.try_perform))

        self._choose("Attack", f"Whom does {name_of(state, attacker)} attack?", self._names(self._others(attacker)), at)

    def action_crit(self) -> None:
        fight = self._fight()
        if fight is None or fight.crit is None:
            self.notify("No critical hit waits.", severity="warning")
            return
        choices = [("double", "Double damage"), ("bonus", "The damage and a bonus (trip, disarm, knock over...)")]

        def chosen(choice: str) -> None:
            if choice == "double":
                self.hammer.perform(acts.LandCrit(double=True))
                return
            dialog = TextDialog("The bonus", "What else does the blow do?", "trips them")
            self.app.push_screen(dialog, lambda bonus: bonus is not None and self.hammer.perform(acts.LandCrit(double=False, bonus=bonus)))

        self._choose("A critical hit", "Double damage, or the damage and a bonus?", choices, chosen)

    def action_option(self) -> None:
        def then(who: str) -> None:
            options = [(o or "plain", OPTION_NAMES[o]) for o in ("", "charge", "brace", "press", "defend")]
            self._choose("Fighting option", f"What does {name_of(self.hammer.store.state, who)} do this round?", options, lambda o: self.hammer.perform(acts.ChooseOption(who, "" if o == "plain" else o)))

        self._choose("Fighting option", "Who?", self._names(list(dict.fromkeys(self._standing()))), then)

    def action_condition(self) -> None:
        fight = self._fight()
        if fight is None:
            return

        def then(who: str) -> None:
            held = fight.held(who)
            choices = [(c, f"{'Take off' if c in held else 'Put on'} {CONDITION_NAMES[c]}") for c in CONDITIONS]
            self._choose("Condition", f"{name_of(self.hammer.store.state, who)}:", choices, lambda c: self.hammer.perform(acts.SetCondition(who, c, c not in held)))

        self._choose("Condition", "Who?", self._names(list(dict.fromkeys(self._standing()))), then)

    def _bleeding(self) -> list[str]:
        fight = self._fight()
        state = self.hammer.store.state
        return [m.id for m in state.living if fight is not None and "bleeding_out" in fight.held(m.id)]

    def action_bleed(self) -> None:
        self._choose("Bleeding Out", "Who saves against bleeding out?", self._names(self._bleeding()), lambda who: self.hammer.perform(acts.BleedingSave(who)))

    def action_stabilise(self) -> None:
        state = self.hammer.store.state

        def then(who: str) -> None:
            allies = [m.id for m in state.living if m.id != who]
            self._choose("Stabilise", f"Who tends {name_of(state, who)}?", self._names(allies), lambda by: self.hammer.perform(acts.Stabilise(who, by)))

        self._choose("Stabilise", "Who is stabilised?", self._names(self._bleeding()), then)

    def action_guts(self) -> None:
        fight = self._fight()
        if fight is None:
            return
        state = self.hammer.store.state
        rules = rules_of(self.hammer.store.ruleset).guts
        whom = [(kind, kind) for kind in acts.foe_kinds(fight)] + [(h.id, f"{h.name} (hireling)") for h in state.hirelings]

        def then(who: str) -> None:
            reasons = [(r, r.capitalize()) for r in rules.reasons]
            self._choose("Guts", "Why?", reasons, lambda reason: self.hammer.perform(acts.GutsRoll(who, reason)))

        self._choose("Guts", "Whose Guts are tested?", whom, then)

    def action_end(self) -> None:
        if self._fight() is None:
            return
        turn = self.hammer.store.ruleset.time.unit

        def chosen(how: str) -> None:
            if how == "turn":
                self._end(acts.EndFight())
                return
            dialog = AmountDialog("A long fight", f"How many {self.hammer.store.ruleset.time.unit_plural} did it take?", noun=self.hammer.store.ruleset.time.unit_plural)
            self.app.push_screen(dialog, lambda n: n is not None and self._end(acts.EndFight(long=n)))

        self._choose("End the fight", "How long did it take?", [("turn", f"A {turn}, as most do"), ("long", "Exceptionally long...")], chosen)

    def _end(self, action: Action) -> None:
        if self.hammer.perform(action):
            self.hammer.after_fight(then=lambda: self.dismiss(None))

    def action_undo(self) -> None:
        self.hammer.action_undo()

    def action_close(self) -> None:
        self.dismiss(None)


def _standing(state: Any, fight: Fight, who: str) -> bool:
    foe = next((f for f in fight.foes if f.id == who), None)
    if foe is not None:
        return foe.standing
    return any(m.id == who for m in state.living)
