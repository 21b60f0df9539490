"""An attack, as the table plays it: the dice are thrown and read out, then the choices they call
for are made and the damage lands.

The throw says every number before a die rolls (how many attack dice, the bonus, the damage die,
the target's AC, and why each is what it is), so "hit the goblin" is Enter on what is already
chosen. The landing shows each die against the AC and offers only the choices that apply: where
Stay Put's +1 goes, a crit traded for an effect, a Fighter's Not Today!. Closing it there leaves
the thrown dice waiting in the fight, never thrown again; opening it again picks them up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.ruleset import ClassDef, Ruleset
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command, key
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.procedures.hammercrawl_classes.rules import abilities, damage
from hammertui.procedures.hammercrawl_classes.state import (
    NOT_TODAY,
    can_say_not_today,
    uses_left,
    vitals_of,
    zero_hp_rule,
)
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.rules import special_attacks as specials
from hammertui.procedures.sides_and_phases.state import PendingAttack, fighting

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer

THROW_KEYS = {"U": "unarmed", "R": "max-range", "T": "thrown-melee", "M": "missile-in-melee", "D": "defends"}
"""One key for each of Book Three's options on the throw (Shift, apart from the targets' digits
and the landing's keys), the box it ticks."""

ATTACK_KEYS: tuple[Command[Any], ...] = (
    *(key(str(n), "", f"aim({n})", "Target", f"Aim at the target numbered {n}", show=False) for n in range(1, 10)),
    key("up", "", "die(-1)", "Die", "Pick the die before, or all of them", show=False),
    key("down", "", "die(1)", "Die", "Pick the die after, or all of them", show=False),
    *(key(letter, "", f"toggle('{box}')", "Option", f"Tick {box}", show=False) for letter, box in THROW_KEYS.items()),
    key("s", "", "special", "Special attack", "The picked die's special attack", show=False),
    key("e", "", "bash_effect", "Bash effect", "The Shield Bash's effect", show=False),
    key("w", "", "toggle('tactical-weapon')", "Tactical weapon", "Tick the tactical weapon", show=False),
)
"""The throw's and the landing's keys, none in the footer (the dialog's fields say what they do) and
none a keymap moves."""

WAITING = "Escape closes this and leaves the attack waiting in the fight: open the attack again to land it."


class AttackDialog(FormDialog):
    """Stage one throws (`Attack`); stage two lands (`ResolveAttack`). A fight with an attack
    already thrown opens straight on the landing."""

    ROLLS = True
    AUTO_FOCUS = "#ok"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """On a short terminal the landing drops its padding and the words the Leave button says
    already, so the dice, the total and the buttons fit in 24 rows."""
    COMMAND_LIST = ATTACK_KEYS
    DEFAULT_CSS = """
    AttackDialog #plan, AttackDialog #dice {
        margin: 1 0 0 0;
        height: auto;
    }
    AttackDialog #waiting {
        margin: 1 0 0 0;
        color: $text-muted;
    }
    AttackDialog .dialog Checkbox {
        margin: 1 0 0 0;
    }
    AttackDialog .dialog .row Checkbox {
        margin: 0 1 0 0;
    }
    AttackDialog.-short .dialog {
        padding: 0 2;
    }
    AttackDialog.-short #waiting {
        display: none;
    }
    """

    def __init__(self, ruleset: Ruleset, state: State, attacker_id: str = "", target_id: str = "") -> None:
        super().__init__("Attack", "Who attacks whom, and how; Enter throws the dice.")
        self.ruleset = ruleset
        self.state = state
        self._attacker = attacker_id or _first_living(state)
        self._target = target_id
        self._aims: list[str] = []
        self._die = 0
        """Which dice a number sends to its target: 0 all of them, else that die (from 1)."""
        self._uses: list[str] = []
        """Each die's use on the landing (Book Three's special attacks): basic, bash, Mind, Body."""
        self._bash_effect = next(iter(specials.BASH_EFFECTS))
        self._landing = _pending_or_none(state) is not None
        if self._landing:
            self._to_landing_words(state)
        else:
            self.OK = "Throw"

    # Composition ---------------------------------------------------------------------------

    def fields(self) -> ComposeResult:
        if self._landing:
            yield from self._landing_fields()
        else:
            yield from self._throw_fields()

    def _throw_fields(self) -> ComposeResult:
        state = self.state
        attackers = _attackers(state)
        if self._attacker not in {cid for _, cid in attackers} and attackers:
            self._attacker = attackers[0][1]
        targets = _targets(state, self._attacker)
        if self._target not in {cid for _, cid in targets}:
            self._target = _default_target(state, self._attacker)
        with Horizontal(classes="row"):
            yield Label("Attacker", classes="field-label", markup=False)
            yield _select(attackers, self._attacker, "attacker")
            yield Label("Target", classes="field-label", markup=False)
            yield _select(targets, self._target, "target")
        with Horizontal(classes="row"):
            yield Select(
                plain.choices(rules.attack_kind_choices(self.ruleset)),
                value=self._declared_kind(),
                allow_blank=False,
                id="kind",
            )
            yield Label(self._net_word(), classes="field-label", markup=False)
            yield Input(value="0", id="net", classes="number")
            yield Checkbox("In the dark", combat.in_the_dark(state, self._attacker), id="dark")
        with Horizontal(classes="row", id="weapons"):
            yield Checkbox("Two-handed weapon", id="two-handed")
            yield Checkbox("Two weapons", id="two-weapons")
            yield Label("on damage", classes="field-label", markup=False)
            yield Input(value="0", id="damage-net", classes="number")
        yield from _ability_fields(state, self._target)
        if self.ruleset.combat.special_attacks is not None:
            yield from _special_throw_fields()
        yield Static("", id="targets", markup=False)
        yield Input(placeholder="Out of turn? The reason the 'Smith allows it", id="why")
        yield Static("", id="plan", markup=False)

    def _landing_fields(self) -> ComposeResult:
        state = self._live()
        pending = _pending(state)
        self._aims = [pending.target] * len(pending.rolls)
        yield Static("", id="targets", markup=False)
        yield Static("", id="dice", markup=False)
        if pending.stay_put:
            with Horizontal(classes="row"):
                yield Label(
                    f"Stay Put +{self.ruleset.modifier_dice.stay_put_bonus} on", classes="field-label", markup=False
                )
                yield Select(
                    plain.choices(self._stay_put_options(state)), value="auto", allow_blank=False, id="stay-put"
                )
        bare = combat.pending_result(state, self.ruleset, "none")
        crits = [n for n, d in enumerate(bare.dice, 1) if d.critical] if bare else []
        if bare is not None and bare.narrative_option and crits:
            for n in crits:
                yield Checkbox(f"Attack die {n}: a narrative effect instead of the extra damage", id=f"crit-{n}")
            yield Input(placeholder="What the crit does instead (disarmed, knocked down...)", id="effect")
        if self.ruleset.combat.special_attacks is not None and pending.plan.kind == "melee":
            self._uses = [specials.BASIC] * len(pending.rolls)
            yield from _special_landing_fields()
        member = _character(state, pending.target)
        left = uses_left(state, member.id, NOT_TODAY) if member is not None else 0
        if member is not None and left > 0:
            yield Checkbox(
                f"Not Today!: {member.name} stays at 1 HP, the rest of the blow lost ({left} left)", id="not-today"
            )
        yield Label(WAITING, id="waiting", markup=False)

    def on_mount(self) -> None:
        self._refresh()
        self._name_cancel()

    def _name_cancel(self) -> None:
        """On the landing, closing is not undoing: the dice stay thrown."""
        if self._landing:
            self.query_one("#cancel", Button).label = "Leave it waiting"

    # Reacting to the fields ----------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "attacker" and event.value is not Select.NULL and event.value != self._attacker:
            self._attacker = str(event.value)
            self._rearm()
        elif event.select.id == "target" and event.value is not Select.NULL and event.value != self._target:
            self._target = str(event.value)
            self.query_one("#unseen", Select).value = _unseen_default(self.state, self._target)
        self._refresh()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("net", "damage-net"):
            self._refresh()

    def action_aim(self, number: int) -> None:
        """The target numbered `number`: before the throw, the one attacked; after it, where the
        dice go (all, or the one die picked with up and down)."""
        numbered = self._numbered()
        if not 1 <= number <= len(numbered):
            return
        _, target = numbered[number - 1]
        if not self._landing:
            self.query_one("#target", Select).value = target
            return
        if self._die:
            self._aims[self._die - 1] = target
        else:
            self._aims = [target] * len(self._aims)
        self._refresh()

    def action_toggle(self, box_id: str) -> None:
        """One key ticks an option of the throw or the landing, where the dialog shows it."""
        for box in self.query(f"#{box_id}").results(Checkbox):
            if box.display and box.parent is not None and box.parent.display:
                box.value = not box.value

    def action_special(self) -> None:
        """The picked die (die 1 while all are picked) becomes the next special attack in turn:
        basic, Shield Bash, Tactical Attack by Mind, by Body."""
        if not self._landing or not self._uses:
            return
        index = max(self._die, 1) - 1
        member = _character(self._live(), _pending(self._live()).attacker)
        bashes = member is not None and self.ruleset.classes[member.class_id].shield_bash is not None
        cycle = [use for use in specials.uses(self.ruleset) if bashes or use != specials.SHIELD_BASH]
        self._uses[index] = cycle[(cycle.index(self._uses[index]) + 1) % len(cycle)]
        self._refresh()

    def action_bash_effect(self) -> None:
        """The Shield Bash's effect if the save fails: disarmed, dazed or knocked down, in turn."""
        if specials.SHIELD_BASH in self._uses:
            order = list(specials.BASH_EFFECTS)
            self._bash_effect = order[(order.index(self._bash_effect) + 1) % len(order)]
            self._refresh()

    def action_die(self, step: int) -> None:
        """Up and down pick which die a number moves: all of them, or one."""
        if self._landing and len(self._aims) > 1:
            self._die = (self._die + step) % (len(self._aims) + 1)
            self._refresh()

    def _numbered(self) -> list[tuple[str, str]]:
        """The targets a number picks: the other side's, in the fight's order, struck-off left out."""
        state = self._live()
        attacker = _pending(state).attacker if self._landing else self._attacker
        return numbered_targets(state, attacker)

    def _targets_text(self) -> Text:
        """`1 Goblin 1 AC 12 9/9 · 2 Goblin 2 ...`, the one the dice go to lit."""
        state = self._live()
        aimed = set(self._aims) if self._landing else {self._target}
        text = Text()
        for n, (name, cid) in enumerate(self._numbered(), 1):
            if n > 1:
                text.append(" · ")
            text.append(f"{n}", style="bold reverse")
            text.append(
                f" {name} AC {combat.target_ac(state, cid, self.ruleset)} {_health(state, cid)}",
                style="bold" if cid in aimed else "dim",
            )
        if self._landing and len(self._aims) > 1:
            which = f"die {self._die}" if self._die else "all the dice"
            text.append(f"\nA number sends {which} there (up/down: which die)", style="italic")
        return text

    def _rearm(self) -> None:
        """A new attacker: targets from the other side first, their declared kind, their weapons."""
        targets = _targets(self.state, self._attacker)
        self._target = _default_target(self.state, self._attacker)
        chooser = self.query_one("#target", Select)
        chooser.set_options(plain.choices(targets))
        if self._target:
            chooser.value = self._target
        self.query_one("#kind", Select).value = self._declared_kind()
        self.query_one("#dark", Checkbox).value = combat.in_the_dark(self.state, self._attacker)

    def _refresh(self) -> None:
        for targets in self.query("#targets").results(Static):
            targets.update(self._targets_text())
        if self._landing:
            self._show_landing()
        else:
            self._show_plan()

    # The throw -----------------------------------------------------------------------------

    def _declared_kind(self) -> str:
        fight = fighting(self.state)
        said = combat.declared(fight, self._attacker) if fight else None
        return "missile" if said is not None and said.action == "missile" else "melee"

    def _net_word(self) -> str:
        return modifier_rules(self.ruleset.modifier_dice).field_label

    def _is_character(self) -> bool:
        return _character(self.state, self._attacker) is not None

    def _plan(self) -> rules.AttackPlan:
        character = self._is_character()
        return combat.plan_attack(
            self.state,
            self.ruleset,
            self._attacker,
            self.choice("kind"),
            two_handed=character and self.query_one("#two-handed", Checkbox).value,
            two_weapons=character and self.query_one("#two-weapons", Checkbox).value,
            dark=self.query_one("#dark", Checkbox).value,
            net=self._net(),
            **self._abilities(),
        )

    def _abilities(self) -> AbilityChoices:
        """The class abilities ticked for this attack, as `plan_attack` and `Attack` take them."""
        class_def = self._class()
        unseen = class_def is not None and class_def.stabbity is not None
        strength = class_def is not None and class_def.inner_strength is not None
        return {
            "unseen": str(self.query_one("#unseen", Select).value) if unseen else "",
            "inner_strength": strength and self.query_one("#inner-strength", Checkbox).value,
        }

    def _class(self) -> ClassDef | None:
        member = _character(self.state, self._attacker)
        return self.ruleset.classes[member.class_id] if member is not None else None

    def _show_plan(self) -> None:
        for box in self.query("#weapons Checkbox"):
            box.display = self._is_character()
        class_def = self._class()
        self.query_one("#unseen-row").display = class_def is not None and class_def.stabbity is not None
        self.query_one("#inner-strength").display = class_def is not None and class_def.inner_strength is not None
        try:
            text = self._plan_text()
        except (Refused, ValueError) as problem:
            text = Text(_sentence(str(problem)))
        self.query_one("#plan", Static).update(text)

    def _plan_text(self) -> Text:
        """The plan in one line with the target number, then why each number is what it is."""
        if not self._target:
            raise ValueError("nobody is left standing to attack")
        plan = self._plan()
        ac = combat.target_ac(self.state, self._target, self.ruleset)
        if plan.can_attack:
            head = f"{plan.attacker}: {_dice(plan.dice)} at {plan.bonus:+d} vs AC {ac}, damage {plan.damage_expr}"
        else:
            head = f"{plan.attacker} cannot attack (AC {ac} stands untested)"
        text = Text()
        text.append(head, style="bold")
        for line in plan.lines:
            text.append(f"\n  {line}")
        for line in rules.modifier_lines(self.ruleset, plan, self._net(), self._net("damage-net")):
            text.append(f"\n  {line}")
        if not plan.criticals:
            text.append("\n  no critical hits: a natural 20 must reach the AC like any other roll")
        if self._stay_put_ready():
            bonus = self.ruleset.modifier_dice.stay_put_bonus
            text.append(f"\n  Stay Put: +{bonus} to any one die, placed once the dice are seen", style="italic")
        return text

    def _net(self, field: str = "net") -> int:
        """The modifier dice typed in `field` (the attack dice's, or the damage's), 0 until it reads
        as a whole number."""
        try:
            return self.whole(field, "Modifier dice", default=0)
        except ValueError:
            return 0

    def _stay_put_ready(self) -> bool:
        fight = fighting(self.state)
        if fight is None or not self.ruleset.modifier_dice.stay_put_bonus:
            return False
        said = combat.declared(fight, self._attacker)
        return said.movement == rules.STAY_PUT and not said.stay_put_used

    def build(self) -> Action:
        if self._landing:
            return self._resolution()
        if not self._target:
            raise ValueError("nobody is left standing to attack")
        try:
            plan = self._plan()
        except Refused as refusal:
            raise ValueError(str(refusal)) from None
        if not plan.can_attack:
            raise ValueError(f"{plan.attacker} cannot attack: {'; '.join(plan.lines)}")
        character = self._is_character()
        return combat.Attack(
            self.choice("attacker"),
            self.choice("target"),
            self.choice("kind"),
            two_handed=character and self.query_one("#two-handed", Checkbox).value,
            two_weapons=character and self.query_one("#two-weapons", Checkbox).value,
            net=self.whole("net", "Modifier dice", default=0),
            damage_net=self.whole("damage-net", "Modifier dice on the damage", default=0),
            dark=self.query_one("#dark", Checkbox).value,
            **self._abilities(),
            out_of_turn=self.text("why"),
            **self._special_throw(),
        )

    def _special_throw(self) -> SpecialThrow:
        """Book Three's Banes and options ticked on the throw; none where the ruleset has none."""
        if self.ruleset.combat.special_attacks is None:
            return {}
        ticked = {box: self.query_one(f"#{box}", Checkbox).value for box in THROW_KEYS.values()}
        return {
            "unarmed": ticked["unarmed"],
            "target_armed": self.query_one("#target-armed", Checkbox).value,
            "banes": tuple(bane for bane in specials.SITUATIONAL_BANES if ticked[bane.replace("_", "-")]),
            "defends": ticked["defends"],
        }

    def done(self) -> None:
        """The throw was made: the same dialog turns to its landing. The landing closes it."""
        if self._landing or _pending_or_none(self._live()) is None:
            self.dismiss(True)
            return
        self._landing = True
        self._to_landing_words(self._live())
        self.call_later(self._recompose_landing)

    async def _recompose_landing(self) -> None:
        await self.recompose()
        self._refresh()
        self._name_cancel()
        self.query_one("#ok").focus()

    # The landing ---------------------------------------------------------------------------

    def _live(self) -> State:
        """The session as it is now: the throw changed it after this dialog was opened."""
        store = cast("Hammer", self.app).store if self.is_attached else None
        return store.state if store is not None else self.state

    def _to_landing_words(self, state: State) -> None:
        pending = _pending(state)
        self._title = "The attack lands"
        self._prompt = (
            f"{pending.plan.attacker} attacks {combat.name_of(state, pending.target)} (AC {pending.target_ac})."
            " Enter deals the damage."
        )
        self.OK = "Land it"

    def _stay_put_options(self, state: State) -> list[tuple[str, str]]:
        auto = combat.pending_result(state, self.ruleset, "auto")
        where = _where(auto.stay_put if auto else None)
        options = [(f"Auto: where it helps most ({where})", "auto"), ("Not used", "none"), ("The damage", "damage")]
        count = len(_pending(state).rolls)
        return options + [(f"Attack die {n}", str(n)) for n in range(1, count + 1)]

    def _stay_put(self) -> str:
        found = self.query("#stay-put")
        return str(found.first(Select).value) if found else "none"

    def _traded(self) -> tuple[int, ...]:
        return tuple(
            int(str(box.id).removeprefix("crit-"))
            for box in self.query(Checkbox)
            if str(box.id).startswith("crit-") and box.value
        )

    def _result(self) -> rules.AttackResult:
        result = combat.pending_result(self._live(), self.ruleset, self._stay_put())
        if result is None:
            raise ValueError("no attack is waiting to land")
        return result

    def _show_landing(self) -> None:
        state = self._live()
        if _pending_or_none(state) is None:
            return
        result = self._result()
        traded = self._traded()
        total = result.damage_trading(traded)
        try:
            text = self._dice_text(state, result, traded, total)
        except Refused as problem:
            text = Text(_sentence(str(problem)))
        self.query_one("#dice", Static).update(text)
        for box in self.query("#not-today").results(Checkbox):
            member = _character(state, _pending(state).target)
            box.display = member is not None and can_say_not_today(state, member, total)
            if not box.display:
                box.value = False
        for field in self.query("#effect").results(Input):
            field.display = bool(traded)
        for group in self.query("#specials").results(Static):
            group.update(self._specials_text())
        tactical = any(use not in (specials.BASIC, specials.SHIELD_BASH) for use in self._uses)
        for row in self.query("#tactical-row"):
            row.display = tactical

    def _specials_text(self) -> Text:
        """Each die's use, and the keys that change it."""
        text = Text("Special attacks (s: the picked die's use", style="italic")
        text.append(", e: the bash's effect" if specials.SHIELD_BASH in self._uses else "", style="italic")
        text.append(")", style="italic")
        for n, use in enumerate(self._uses, 1):
            text.append(f"\n  die {n}: {specials.use_name(use)}", style="bold" if use else "")
            if use == specials.SHIELD_BASH:
                name, words = specials.BASH_EFFECTS[self._bash_effect]
                text.append(f" (half damage; a failed Body save: {name}, {words})")
        return text

    def _dice_text(self, state: State, result: rules.AttackResult, traded: tuple[int, ...], total: int) -> Text:
        """Every die as thrown (the attack dice's pool, dropped dice and all, where there is one)
        and what it did against its target, the damage roll, Stay Put, the total and its cost."""
        text = Text()
        critical = self.ruleset.combat.critical
        split = combat.aimed(state, self.ruleset, self._stay_put(), self._aims)
        pending = _pending(state)
        if result.pool_words:
            text.append(f"{_capital(result.pool_words)}\n")
        for n, aim in enumerate(self._aims, 1):
            target, read = next((t, r) for t, r in split if t == aim)
            if n > 1:
                text.append("\n")
            if self._die == n:
                text.append("> ", style="bold")
            _die_line(text, n, read.dice[n - 1], read, critical.multiplier, n in traded, _pending_luck(state))
            if len(split) > 1 or aim != pending.target:
                text.append(f" -> {combat.name_of(state, target)}", style="bold")
        dealt = [(target, r.damage_trading(tuple(t for t in traded if r.dice[t - 1].critical))) for target, r in split]
        if len(split) > 1 or split[0][0] != pending.target:
            total = sum(amount for _, amount in dealt)
            result = split[0][1]
        if result.damage_roll is not None:
            text.append(f"\n{_capital(result.damage_words)}")
        if result.stay_put is not None:
            text.append(f"\nStay Put +{result.stay_put_bonus} on {_where(result.stay_put)}", style="italic")
        elif _pending(state).stay_put:
            text.append("\nStay Put not used", style="italic")
        count = sum(r.hits for _, r in split)
        text.append(f"\nTotal: {count} hit{'s' if count != 1 else ''}, {total} damage", style="bold")
        for target, amount in dealt:
            text.append(f"\n{self._cost(state, target, amount)}")
        return text

    def _cost(self, state: State, target: str, total: int) -> str:
        """What the damage does to `target`, before it lands."""
        member = _character(state, target)
        if member is None:
            foe = combat.fight_of(state).foe(target)
            left = max(0, foe.hp - total)
            return f"{foe.name}: {foe.hp}/{foe.max_hp} HP, {left} after" + (": down and struck off" if not left else "")
        if not damage.would_drop(vitals_of(state, member), total):
            extra = f" (+{member.temp_hp} temporary)" if member.temp_hp else ""
            return f"{member.name}: {member.hp} HP{extra}: this does not drop them"
        rule = "dead (Hardcore)" if zero_hp_rule(state, self.ruleset) == "death" else "down, the rest burns CON"
        return f"{member.name}: {member.hp} HP: this drops them to 0 ({rule})"

    def _resolution(self) -> Action:
        boxes = self.query("#not-today").results(Checkbox)
        not_today = any(box.value and box.display for box in boxes)
        traded = self._traded()
        effect = self.text("effect") if traded else ""
        pending = _pending(self._live())
        aims = tuple(self._aims) if any(aim != pending.target for aim in self._aims) else ()
        return combat.ResolveAttack(
            stay_put=self._stay_put(),
            narrative=traded,
            effect=effect,
            not_today=not_today,
            aims=aims,
            **self._special_choices(),
        )

    def _special_choices(self) -> SpecialChoices:
        """The dice's uses and their options, as `ResolveAttack` takes them; none for all basic."""
        if not any(self._uses):
            return {}
        choices: SpecialChoices = {"specials": tuple(self._uses), "bash_effects": (self._bash_effect,)}
        if any(use not in (specials.BASIC, specials.SHIELD_BASH) for use in self._uses):
            choices["tactical_weapon"] = self.query_one("#tactical-weapon", Checkbox).value
            choices["tactical_effect"] = str(self.query_one("#tactical-effect", Select).value)
        return choices


# ------------------------------------------------------------ Book Three's special attacks


class SpecialThrow(TypedDict, total=False):
    unarmed: bool
    target_armed: bool
    banes: tuple[str, ...]
    defends: bool


class SpecialChoices(TypedDict, total=False):
    specials: tuple[str, ...]
    bash_effects: tuple[str, ...]
    tactical_weapon: bool
    tactical_effect: str


def _special_throw_fields() -> ComposeResult:
    """Book Three's Banes on the throw, each with its key, apart from the class abilities."""
    with Vertical(id="special-throw"):
        yield Label("Book Three (key: option)", classes="field-label", markup=False)
        with Horizontal(classes="row"):
            yield Checkbox("U Unarmed: half damage", id="unarmed")
            yield Checkbox("against an armed foe (a Bane)", True, id="target-armed")
        with Horizontal(classes="row"):
            yield Checkbox("R At maximum range", id="max-range")
            yield Checkbox("T Melee weapon thrown", id="thrown-melee")
            yield Checkbox("M Missile into melee", id="missile-in-melee")
        yield Checkbox("D The target takes a Defensive Action now", id="defends")


def _special_landing_fields() -> ComposeResult:
    """Each die's use (s), the bash's effect (e), and a Tactical Attack's weapon and effect."""
    with Vertical(id="special-landing"):
        yield Static("", id="specials", markup=False)
        with Horizontal(classes="row", id="tactical-row"):
            yield Checkbox("w Tactical weapon (a Bane on the save)", id="tactical-weapon")
            options = [(words, words) for words in specials.TACTICAL_EFFECTS]
            yield Select(
                plain.choices(options), value=specials.TACTICAL_EFFECTS[0], allow_blank=False, id="tactical-effect"
            )


# ------------------------------------------------------------ class abilities on the attack


class AbilityChoices(TypedDict):
    unseen: str
    inner_strength: bool


def _ability_fields(state: State, target: str) -> ComposeResult:
    """Stabbity!'s question (does the target see the blow coming?) and Sudden Inner Strength;
    each is shown only for an attacker whose class has it. A side surprised in round 1 is
    offered as surprised."""
    with Horizontal(classes="row", id="unseen-row"):
        yield Label("Stabbity: the target", classes="field-label", markup=False)
        yield Select(
            plain.choices(UNSEEN_CHOICES), value=_unseen_default(state, target), allow_blank=False, id="unseen"
        )
    yield Checkbox("Sudden Inner Strength: Hit Points for a bigger damage die", id="inner-strength")


UNSEEN_CHOICES = [("sees it coming", ""), *((words, words) for words in abilities.UNSEEN)]


def _unseen_default(state: State, target: str) -> str:
    fight = fighting(state)
    if fight is None or not target or fight.round > 1:
        return ""
    return "surprised" if combat.side_of(state, target) in fight.surprised else ""


# -------------------------------------------------------------------------------- reading


def _first_living(state: State) -> str:
    return next((m.id for m in state.party if m.alive), "")


def _attackers(state: State) -> list[tuple[str, str]]:
    """The living party, then the foes not yet beaten."""
    fight = fighting(state)
    foes = fight.standing_foes if fight else ()
    return [(m.name, m.id) for m in state.party if m.alive] + [(f.name, f.id) for f in foes]


def _targets(state: State, attacker: str) -> list[tuple[str, str]]:
    return [(name, cid) for name, cid in _attackers(state) if cid != attacker]


def _default_target(state: State, attacker: str) -> str:
    """The fight's default (the last target, else the first of the other side still fighting),
    else anyone else standing."""
    others = [cid for _, cid in _targets(state, attacker)]
    return combat.default_target(state, attacker) or (others or [""])[0]


def numbered_targets(state: State, attacker: str) -> list[tuple[str, str]]:
    """The other side, numbered 1 to 9 in the fight's order: the foes for a party member, the
    party for a foe; the struck-off and the dead left out."""
    fight = fighting(state)
    if fight is None:
        return []
    if any(f.id == attacker for f in fight.foes):
        return [(m.name, m.id) for m in state.party if m.alive][:9]
    return [(f.name, f.id) for f in fight.foes if f.standing][:9]


def _health(state: State, combatant_id: str) -> str:
    """`9/9`, and `fleeing` or `down` where that is so."""
    member = _character(state, combatant_id)
    if member is not None:
        return f"{member.hp}/{member.max_hp}" + (f" {member.status}" if member.status != "ok" else "")
    foe = combat.fight_of(state).foe(combatant_id)
    return f"{foe.hp}/{foe.max_hp}" + (f" {foe.status}" if foe.status != "ok" else "")


def _character(state: State, combatant_id: str) -> Character | None:
    return next((m for m in state.party if m.id == combatant_id), None)


def _pending_or_none(state: State) -> PendingAttack | None:
    fight = fighting(state)
    return fight.pending if fight else None


def _pending(state: State) -> PendingAttack:
    pending = _pending_or_none(state)
    if pending is None:
        raise ValueError("no attack is waiting to land")
    return pending


def _select(options: list[tuple[str, str]], value: str, widget_id: str) -> Select[str]:
    if not options:
        return Select([], allow_blank=True, id=widget_id)
    return Select(plain.choices(options), value=value, allow_blank=False, id=widget_id)


# -------------------------------------------------------------------------------- words


def _dice(count: int) -> str:
    return f"{count} attack {'die' if count == 1 else 'dice'}"


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _sentence(words: str) -> str:
    return _capital(words) + ("" if words.endswith(".") else ".")


def _where(die: rules.StayPutDie) -> str:
    if die is None:
        return "nowhere"
    return "the damage" if die == "damage" else f"die {int(die) + 1}"


def _pending_luck(state: State) -> int:
    fight = fighting(state)
    return fight.pending.luck_target if fight is not None and fight.pending is not None else 0


def _die_line(
    text: Text, n: int, die: rules.AttackDie, result: rules.AttackResult, base: int, traded: bool, luck: int
) -> None:
    """One attack die: the roll against the AC, and what it did."""
    text.append(f"{_capital(die.roll.describe())} vs AC {result.target_ac}: ")
    if die.fumble:
        text.append(f"FUMBLE (a natural {die.natural}): a miss, and the 'Smith names the mishap", style="bold red")
    elif die.critical and traded:
        text.append(f"CRITICAL, an effect instead of the extra damage: {result.damage_per_hit}", style="bold green")
    elif die.critical:
        text.append(f"CRITICAL x{die.multiplier}: {die.damage}", style="bold green")
    elif die.hit:
        text.append(f"hit for {die.damage}", style="green")
    else:
        text.append(f"miss by {result.target_ac - die.roll.total}")
    if die.luck_saves:
        passed = die.multiplier - base
        saves = ", ".join(f"{s.total} {'passed' if i < passed else 'failed'}" for i, s in enumerate(die.luck_saves))
        text.append(f"\n  crit chain: x{base}, +1 for each Luck save passed vs {luck} ({saves})")
