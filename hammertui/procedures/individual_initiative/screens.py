"""The fight by individual initiative, full screen: the order and the latest of the log, and the keys
that walk it (initiative, the next turn, attacks with their options and weapon abilities, a crit's
choice, conditions, Bleeding Out, Guts, the end). Each key asks what it needs in a short dialog and
performs one action; the rules decide everything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static

from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import FIGHT_SCREEN_KEYS, Command, bound_key, key
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.header import header_text
from hammertui.kernel.ui.history import undo
from hammertui.kernel.ui.log import FightLog
from hammertui.kernel.ui.procedures import after_fight
from hammertui.kernel.ui.steps import StepScreen
from hammertui.kernel.ui.view import View
from hammertui.procedures.individual_initiative import actions as acts
from hammertui.procedures.individual_initiative.rules import (
    ABILITIES,
    CONDITION_NAMES,
    OPTION_NAMES,
    RANGE_NAMES,
    RANGES,
)
from hammertui.procedures.individual_initiative.schema import CONDITIONS
from hammertui.procedures.individual_initiative.state import Fight, fighting, name_of, rules_of

SURPRISE = (
    ("", "No one has the drop"),
    ("party", "The party has the drop: the foes are surprised"),
    ("foes", "The foes have the drop: the party is surprised"),
)
"""Who takes a free round, as the FoesDialog offers it."""


class FoesDialog(FormDialog):
    """Foes of one kind, as their profile reads: how many, HD, AC (the profile's, there is no
    default), HP (blank: rolled on the HD), WS (blank: 1 per HD), I and Gts; and who has the drop,
    as the meeting left it (`free_round`), for the referee to change."""

    DEFAULT_CSS = """
    FoesDialog .dialog .row { height: auto; }
    FoesDialog .dialog .row Input { width: 1fr; }
    FoesDialog .dialog Select { width: 1fr; }
    """
    OK = "Fight!"

    def __init__(self, free_round: str = "") -> None:
        super().__init__("Foes", "What does the party meet? One kind of foe, as its profile reads.")
        self._free_round = free_round

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
        yield Select(
            plain.choices([(words, side or "none") for side, words in SURPRISE]),
            value=self._free_round or "none",
            allow_blank=False,
            id="surprise",
        )

    def build(self) -> Action:
        name = self.text("foe-name")
        if not name:
            raise ValueError("name the foes")
        if not self.text("ac"):
            raise ValueError("give the foes' AC, as their profile reads (unarmoured 9)")
        ws = self.text("ws")
        group = acts.FoeGroup(
            name,
            self.whole("count", "how many", 1),
            self.whole("hd", "HD", 1),
            ac=self.whole("ac", "AC"),
            hp=self.whole("hp", "HP", 0),
            ws=self.whole("ws", "WS") if ws else None,
            init=self.whole("init", "I", 0),
            guts=self.whole("guts", "Gts", 7),
            by_weight=self.query_one("#by-weight", Checkbox).value,
        )
        surprise = self.choice("surprise")
        return acts.StartFight((group,), "" if surprise == "none" else surprise)


RANGE_KEYS = {"touching": "t", "hand_to_hand": "h", "close": "c", "far": "f"}
MELEE_ONLY = ("touching", "hand_to_hand")
"""The ranges at which "ranged weapons cannot" be used."""
MISSILE_ONLY = ("far",)
"""The range only a missile reaches ("Spend a round moving to get within Close range")."""
RANGE_HINTS = {
    "touching": "close weapons only; a Close weapon has advantage on damage",
    "hand_to_hand": "melee weapons, not ranged ones",
    "close": "missiles at targets in dim or bright light, or move in and strike",
    "far": "missiles at lit targets only; a blow needs a round moving closer",
}
"""What each range allows, shortened from the text's "Ranges"."""


class AttackDialog(FormDialog):
    """How the attack is made: the range (one key each: t, h, c, f), the weapon's abilities, a ranged
    weapon (Bow Skill, r), into a melee (m), the referee's own Advantage (+1, +2) or Disadvantage
    (-1, -2). One who carries a missile weapon (`ranged`) starts ranged, at Close range; `r` turns
    a missile into a blow and back, moving the range to one the weapon may be used at."""

    DEFAULT_CSS = """
    AttackDialog .dialog { padding: 0 2 !important; }
    AttackDialog .dialog SelectionList { height: auto; max-height: 10; padding: 0; border: none; }
    AttackDialog .dialog SelectionList:focus { border: none; }
    AttackDialog .dialog Checkbox { width: auto; }
    AttackDialog .dialog .row { height: auto; }
    AttackDialog .dialog .row Label { padding: 1 1 0 1; }
    AttackDialog .dialog .row Input { margin: 0; width: 8; }
    AttackDialog .dialog #range { height: auto; }
    """
    COMMAND_LIST = (
        *(
            key(letter, f"initiative.range_{at}", f"range('{at}')", RANGE_NAMES[at], show=False, priority=True)
            for at, letter in RANGE_KEYS.items()
        ),
        key("r", "initiative.ranged", "ranged", "Ranged", show=False, priority=True),
        key("m", "initiative.into_melee", "into_melee", "Into a melee", show=False, priority=True),
    )
    OK = "Roll"
    ROLLS = True

    def __init__(self, attacker: str, target: str, free: bool, title: str, ranged: bool = False) -> None:
        super().__init__(title, "The range (t h c f), r ranged, m into a melee, the weapon's abilities:")
        self._attacker, self._target, self._free, self._ranged = attacker, target, free, ranged
        self.at = "close" if ranged else "hand_to_hand"

    def fields(self) -> ComposeResult:
        yield Static(self._range_text(), id="range", markup=False)
        yield SelectionList[str](*plain.choices((a.capitalize(), a) for a in ABILITIES), id="abilities")
        with Horizontal(classes="row"):
            yield Checkbox("Ranged (Bow Skill) r", value=self._ranged, id="bow")
            yield Checkbox("Into a melee m", id="into-melee")
            yield Label("Adv. dice", markup=False)
            advantage = Input(value="0", id="advantage", type="integer")
            advantage.tooltip = (
                "The referee's modifier dice: +1 Advantage, -1 Disadvantage, 2 either way the double kind"
            )
            yield advantage

    def _range_text(self) -> Text:
        text = Text("Range: ")
        for at in RANGES:
            style = "reverse bold" if at == self.at else "dim"
            text.append(f" {RANGE_KEYS[at]} {RANGE_NAMES[at]} ", style=style)
            text.append(" ")
        text.append(f"\n{RANGE_HINTS[self.at]}", style="italic")
        return text

    def action_range(self, at: str) -> None:
        self.at = at
        self.query_one("#range", Static).update(self._range_text())
        self._show("")

    def action_ranged(self) -> None:
        """A missile or a blow: the range follows when only the other kind may be used at it."""
        bow = self.query_one("#bow", Checkbox)
        bow.value = not bow.value
        if bow.value and self.at in MELEE_ONLY or not bow.value and self.at in MISSILE_ONLY:
            self.action_range("close" if bow.value else "hand_to_hand")

    def action_into_melee(self) -> None:
        """Firing into a melee is a missile's, at Close range or beyond."""
        into = self.query_one("#into-melee", Checkbox)
        into.value = not into.value
        if into.value and not self.query_one("#bow", Checkbox).value:
            self.action_ranged()

    def build(self) -> Action:
        abilities = tuple(self.query_one("#abilities", SelectionList).selected)
        return acts.Attack(
            self._attacker,
            self._target,
            self.query_one("#bow", Checkbox).value,
            self.query_one("#into-melee", Checkbox).value,
            abilities,
            self._free,
            self.whole("advantage", "modifier dice", 0),
            self.at,
        )


def _fight_of(view: View) -> Fight | None:
    return fighting(view.state)


def _calm(view: View) -> bool:
    """A fight is on and no critical hit waits for its choice."""
    fight = _fight_of(view)
    return fight is not None and fight.crit is None


def _someone_acts(view: View) -> bool:
    fight = _fight_of(view)
    return _calm(view) and fight is not None and bool(fight.acting)


def _may_attack(view: View) -> bool:
    """Someone acts and has not spent the turn standing up ("Takes a full action to stand up")."""
    fight = _fight_of(view)
    return _someone_acts(view) and fight is not None and fight.stood != fight.acting


def _round_on(view: View) -> bool:
    fight = _fight_of(view)
    return _calm(view) and fight is not None and bool(fight.round)


def _crit_waits(view: View) -> bool:
    fight = _fight_of(view)
    return fight is not None and fight.crit is not None


def _anyone_bleeding(view: View) -> bool:
    return bool(bleeding(view))


def _an_ally_may_tend(view: View) -> bool:
    return bool(bleeding(view)) and len(view.state.living) > 1


def _guts_to_test(view: View) -> bool:
    fight = _fight_of(view)
    return fight is not None and bool(acts.foe_kinds(fight) or view.state.hirelings)


def bleeding(view: View) -> list[str]:
    """The living characters Bleeding Out."""
    fight = _fight_of(view)
    return [m.id for m in view.state.living if fight is not None and "bleeding_out" in fight.held(m.id)]


INITIATIVE: tuple[Command[View], ...] = (
    Command(
        "escape", "initiative.close", "close", "Close", "Close", "Back to the dashboard; the fight goes on", show=True
    ),
    Command(
        "i",
        "initiative.roll",
        "initiative",
        "Init",
        "Roll initiative",
        "A new round: everyone rolls 1d6 + WIS, and acts in descending order",
        show=True,
        applies=_calm,
    ),
    Command(
        "space",
        "initiative.next",
        "next",
        "Next",
        "Next turn",
        "The next in the order acts; past the last, the round is over",
        show=True,
        applies=_someone_acts,
    ),
    Command(
        "a",
        "initiative.attack",
        "attack",
        "Attack",
        "Attack",
        "The one whose turn it is attacks: Target 20, at a range, with the weapon's abilities",
        show=True,
        applies=_may_attack,
    ),
    Command(
        "A",
        "initiative.free_attack",
        "free_attack",
        "Free attack",
        "Free attack",
        "An attack out of turn: a fumble's answer, a Brace, a Reactive weapon, a Cleave",
        applies=_round_on,
    ),
    Command(
        "c",
        "initiative.crit",
        "crit",
        "Crit",
        "The critical hit's choice",
        "Double damage, or the damage and a bonus",
        show=True,
        applies=_crit_waits,
    ),
    Command(
        "o",
        "initiative.option",
        "option",
        "Option",
        "Fighting option",
        "Charge, Brace, Press or Defend this round (with a Finesse weapon or not)",
        show=True,
        applies=lambda v: _fight_of(v) is not None,
    ),
    Command(
        "k",
        "initiative.condition",
        "condition",
        "Condition",
        "Condition",
        "Floored, Stunned, Helpless, Bleeding Out: put on or take off",
        applies=lambda v: _fight_of(v) is not None,
    ),
    Command(
        "b",
        "initiative.bleeding",
        "bleed",
        "Bleed",
        "Bleeding Out save",
        "A CON save this round for one Bleeding Out: three failures and they die",
        show=True,
        applies=_anyone_bleeding,
    ),
    Command(
        "s",
        "initiative.stabilise",
        "stabilise",
        "Stabilise",
        "Stabilise",
        "An ally tends one Bleeding Out: 1d6 + INT, 6 or higher",
        applies=_an_ally_may_tend,
    ),
    Command(
        "g",
        "initiative.guts",
        "guts",
        "Guts",
        "Guts roll",
        "Foes of a kind, or a hireling, test their Guts: 2d6 at or under",
        applies=_guts_to_test,
    ),
    Command(
        "x",
        "initiative.end",
        "end",
        "End",
        "End the fight",
        "The fight is over: it takes a {unit}, unless exceptionally long",
        show=True,
        applies=_calm,
    ),
    Command("u", "initiative.undo", "undo", "Undo", "Undo", "Step back to before the last action"),
)
"""The fight screen's keys, footer and palette: each applies only when the fight allows it."""


class InitiativeScreen(StepScreen):
    """The fight under way; closing it leaves the fight on."""

    BOX = "fight"
    BOX_TITLE = "Fight!"
    COMMAND_LIST = INITIATIVE

    DEFAULT_CSS = """
    InitiativeScreen .fight { border: round $accent; height: 1fr; padding: 0 1; }
    InitiativeScreen #initiative-order { height: auto; }
    InitiativeScreen #initiative-log {
        height: 1fr; min-height: 3; margin: 1 0 0 0; padding: 0 1;
        border: round $panel-lighten-2; border-title-color: $text-muted; border-title-style: bold;
    }
    """

    DASHBOARD_KEYS: ClassVar[frozenset[str]] = FIGHT_SCREEN_KEYS

    def __init__(self, order_text: Callable[[State, Fight | None], Text]) -> None:
        """`order_text` writes the order of the fight: the pane's, which opens this screen."""
        super().__init__()
        self._order_text = order_text

    def compose_steps(self) -> ComposeResult:
        yield Static(id="initiative-order", markup=False)
        yield FightLog(id="initiative-log")
        yield Static(id="initiative-hint", classes="hint", markup=False)

    def on_mount(self) -> None:
        """Before the first drawing (`StepScreen.on_mount`, run after this one)."""
        self.query_one(FightLog).border_title = "Just now"

    def view_changed(self, view: View | None) -> None:
        if view is None:
            return
        self.query_one("#header", Static).update(header_text(view, self.app.size.width))
        self.query_one("#initiative-order", Static).update(self._order_text(view.state, fighting(view.state)))
        store = self.hammer.store
        self.query_one(FightLog).show(store.recent if store is not None else ())
        self.query_one("#initiative-hint", Static).update(Text(self._hint(view), style="dim"))
        self.refresh_keys()

    def _hint(self, view: View) -> str:
        """The keys that apply now and the footer does not show, so an 80-column screen names them too."""
        hidden = [c for c in INITIATIVE if not c.show and c.key is not None and c.applies(view)]
        return (
            " · ".join(f"{bound_key(self, c.action) or c.key} {c.label.lower()}" for c in hidden)
            + (" · " if hidden else "")
            + "ctrl+p every command"
        )

    # What the keys need ------------------------------------------------------------------------

    def _fight(self) -> Fight | None:
        return fighting(self.hammer.store.state)

    def _choose(self, title: str, prompt: str, choices: list[tuple[str, str]], then: Callable[[str], Any]) -> None:
        if not choices:
            self.notify(f"{title}: no one to choose.", severity="warning", markup=False)
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
        return [
            w
            for w in (*fight.order, *(m.id for m in state.living), *(f.id for f in fight.standing_foes))
            if _standing(state, fight, w)
        ]

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
        if fight.stood == fight.acting:
            self.notify(
                f"{name_of(self.hammer.store.state, fight.acting)} stood up this turn: standing takes a full action.",
                severity="warning",
            )
            return
        self._attack(fight.acting, free=False)

    def action_free_attack(self) -> None:
        """A free attack; after a fumble, its answer first: "a free attack by their target"."""
        fight = self._fight()
        anyone = self._names(list(dict.fromkeys(self._standing())))
        if fight is None or not fight.fumble or fight.fumble[1] not in self._standing():
            self._choose(
                "Free attack",
                "Who attacks out of turn (a fumble's answer, a Brace, a Reactive weapon, a Cleave)?",
                anyone,
                lambda who: self._attack(who, free=True),
            )
            return
        state = self.hammer.store.state
        fumbler, target = fight.fumble
        answer = f"{name_of(state, target)} answers {name_of(state, fumbler)}'s fumble"

        def chosen(choice: str) -> None:
            if choice == "answer":
                self._attack_at(target, fumbler, free=True)
                return
            self._choose(
                "Free attack",
                "Who attacks out of turn (a Brace, a Reactive weapon, a Cleave)?",
                anyone,
                lambda who: self._attack(who, free=True),
            )

        self._choose("Free attack", "A free attack:", [("answer", answer), ("other", "Another free attack...")], chosen)

    def _attack(self, attacker: str, free: bool) -> None:
        state = self.hammer.store.state
        self._choose(
            "Attack",
            f"Whom does {name_of(state, attacker)} attack?",
            self._names(self._others(attacker)),
            lambda target: self._attack_at(attacker, target, free),
        )

    def _attack_at(self, attacker: str, target: str, free: bool) -> None:
        """The attack form, ranged from the start for one who carries a missile weapon."""
        state = self.hammer.store.state
        title = f"{name_of(state, attacker)} attacks {name_of(state, target)}"
        ranged = acts.shoots(state, self.hammer.store.ruleset, attacker)
        self.app.push_screen(AttackDialog(attacker, target, free, title, ranged))

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
            self.app.push_screen(
                dialog,
                lambda bonus: bonus is not None and self.hammer.perform(acts.LandCrit(double=False, bonus=bonus)),
            )

        self._choose("A critical hit", "Double damage, or the damage and a bonus?", choices, chosen)

    def action_option(self) -> None:
        def then(who: str) -> None:
            prompt = f"What does {name_of(self.hammer.store.state, who)} do this round?"
            self._choose(
                "Fighting option", prompt, OPTION_CHOICES, lambda o: self.hammer.perform(option_action(who, o))
            )

        self._choose("Fighting option", "Who?", self._names(list(dict.fromkeys(self._standing()))), then)

    def action_condition(self) -> None:
        fight = self._fight()
        if fight is None:
            return

        def then(who: str) -> None:
            held = fight.held(who)
            choices = [(c, condition_choice(fight, who, c)) for c in CONDITIONS]
            self._choose(
                "Condition",
                f"{name_of(self.hammer.store.state, who)}:",
                choices,
                lambda c: self.hammer.perform(acts.SetCondition(who, c, c not in held)),
            )

        self._choose("Condition", "Who?", self._names(list(dict.fromkeys(self._standing()))), then)

    def _bleeding(self) -> list[str]:
        view = self.hammer.view
        return bleeding(view) if view is not None else []

    def action_bleed(self) -> None:
        self._choose(
            "Bleeding Out",
            "Who saves against bleeding out?",
            self._names(self._bleeding()),
            lambda who: self.hammer.perform(acts.BleedingSave(who)),
        )

    def action_stabilise(self) -> None:
        state = self.hammer.store.state

        def then(who: str) -> None:
            allies = [m.id for m in state.living if m.id != who]
            self._choose(
                "Stabilise",
                f"Who tends {name_of(state, who)}?",
                self._names(allies),
                lambda by: self.hammer.perform(acts.Stabilise(who, by)),
            )

        self._choose("Stabilise", "Who is stabilised?", self._names(self._bleeding()), then)

    def action_guts(self) -> None:
        fight = self._fight()
        if fight is None:
            return
        state = self.hammer.store.state
        rules = rules_of(self.hammer.store.ruleset).guts
        whom = [(kind, kind) for kind in acts.foe_kinds(fight)] + [
            (h.id, f"{h.name} (hireling)") for h in state.hirelings
        ]

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
            dialog = AmountDialog(
                "A long fight",
                f"How many {self.hammer.store.ruleset.time.unit_plural} did it take?",
                noun=self.hammer.store.ruleset.time.unit_plural,
            )
            self.app.push_screen(dialog, lambda n: n is not None and self._end(acts.EndFight(long=n)))

        self._choose(
            "End the fight",
            "How long did it take?",
            [("turn", f"A {turn}, as most do"), ("long", "Exceptionally long...")],
            chosen,
        )

    def _end(self, action: Action) -> None:
        if self.hammer.perform(action):
            after_fight(self.hammer, then=lambda: self.dismiss(None))

    def action_undo(self) -> None:
        undo(self.hammer)

    def action_close(self) -> None:
        self.dismiss(None)


def condition_choice(fight: Fight, who: str, condition: str) -> str:
    """How the condition list offers one: put on, take off, or for Floored standing up, which "Takes
    a full action" and so is the turn's."""
    name = CONDITION_NAMES[condition]
    if condition not in fight.held(who):
        return f"Put on {name}"
    if condition == "floored":
        return (
            "Stand up from Floored: this turn's action"
            if fight.acting == who
            else "Stand up from Floored: only in their own turn"
        )
    return f"Take off {name}"


OPTION_CHOICES = [
    ("plain", OPTION_NAMES[""]),
    ("charge", OPTION_NAMES["charge"]),
    ("brace", OPTION_NAMES["brace"]),
    ("press", OPTION_NAMES["press"]),
    ("press+finesse", "Press with a Finesse weapon: AC only 2 worse"),
    ("defend", OPTION_NAMES["defend"]),
    ("defend+finesse", "Defend with a Finesse weapon: may still attack, with Disadvantage"),
]


def option_action(who: str, chosen: str) -> Action:
    option, _, weapon = chosen.partition("+")
    return acts.ChooseOption(who, "" if option == "plain" else option, weapon == "finesse")


def _standing(state: Any, fight: Fight, who: str) -> bool:
    foe = next((f for f in fight.foes if f.id == who), None)
    if foe is not None:
        return foe.standing
    return any(m.id == who for m in state.living)
