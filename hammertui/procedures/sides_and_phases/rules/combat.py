"""Combat: initiative, the phases of a round, attacks, foes' Hit Points, morale and Turn Unholy.

Pure rules over a ruleset, a dice source and plain values: the combat stepper keeps the state, this
module only says what the dice mean. Every result is frozen and carries every `Roll` thrown, in the
order the dice were thrown, because the table sees the dice and the log must show them.

The complete rules and Book Three differ in numbers (a d10 or a d12 for initiative, the phase list,
doubling or a chain of Luck saves on a crit); those numbers come from the ruleset, so one function
serves both. Where the texts are silent the choice is named in the docstring that makes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from hammertui.kernel.rules.dice import (
    DiceExpr,
    DiceSource,
    Roll,
    Term,
    parse,
    roll,
)
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset, TurnUnholyResult
from hammertui.procedures.hammercrawl_classes.rules.characters import (
    BONUS_DICE_MELEE_ONLY,
    attack_bonus,
    attack_dice,
    attack_dice_for,
)
from hammertui.procedures.hammercrawl_classes.rules.checks import modified_d20, modified_roll, net_words, tilt_words
from hammertui.procedures.hammercrawl_classes.rules.tiers import (
    save_target,
    tier_of,
    turn_unholy_result,
    turn_unholy_target,
)
from hammertui.procedures.sides_and_phases.rules.attack_plan import AttackPlan
from hammertui.procedures.sides_and_phases.rules.hit_dice import HIT_DIE_SIDES, HitDice, parse_hit_dice

Side = Literal["party", "foes"]
SIDES: tuple[Side, Side] = ("party", "foes")

DAMAGE_DIE_LADDER: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The die sizes a damage die steps along; darkness and Blade Dancer step down, a Halfling's
Sudden Inner Strength up. A die at either end stays there: the texts give no die below a d4 or
above a d12, so a Magic-User's d4 in darkness is still a d4."""

MAX_ROLL_OFFS = 100
"""Initiative roll-offs before giving up: a fair die ties 100 times in a row with odds below
1e-100, so only a broken or scripted source gets here."""

MAX_LUCK_CHAIN = 100
"""Luck saves in one crit's chain at most: the text's multiplier is "theoretically infinite", but a
save bonus at or above the target would never fail, and the chain must end."""

MORALE_SAVE = "Rally"
STAY_PUT = "stay_put"
MOVE_NEAR = "move_near"
MOVE_FAR = "move_far"
DESTROYED = "destroyed"

StayPutDie = int | Literal["damage"] | None
"""Where the Stay Put +1 goes: an attack die by its index (from 0), the damage roll, or nowhere."""


# ---------------------------------------------------------------------------------------------
# Checks: a d20 + bonus tilted the ruleset's way, and saves.
# ---------------------------------------------------------------------------------------------


def natural(thrown: Roll) -> int:
    """The face of the d20 that counted: the kept die, before any bonus, Bean die or Stay Put."""
    return thrown.kept[0]


@record
class SaveResult:
    """One save: the roll, its target and whether the total reached it."""

    save: str
    roll: Roll
    target: int
    passed: bool

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.roll,)

    def describe(self) -> str:
        return f"{self.roll.describe()} vs {self.target}: {'passed' if self.passed else 'failed'}"


def save_against(
    ruleset: Ruleset,
    source: DiceSource,
    save: str,
    bonus: int,
    target: int,
    net: int = 0,
    label: str | None = None,
) -> SaveResult:
    """A save: d20 + bonus, passed when the total is at least the target."""
    thrown = modified_d20(ruleset, source, bonus, net, label if label is not None else f"{save} save")
    return SaveResult(save, thrown, target, thrown.total >= target)


def surprise_check(
    ruleset: Ruleset,
    source: DiceSource,
    save_bonus: int,
    own_tier: int,
    surprisers_tier: int,
    net: int = 0,
    name: str = "",
) -> SaveResult:
    """Book Three's mechanical surprise: "have all of the "surprised" characters roll Rally saves.
    Anyone who passes can act in the first round of combat." The text names no target, so the
    save is by the tiers, the strongest of the side that surprised them being the source."""
    save = ruleset.combat.surprise_save
    if save is None:
        raise ValueError(f"ruleset {ruleset.id} has no save against surprise")
    target = save_target(ruleset, surprisers_tier, own_tier)
    return save_against(ruleset, source, save, save_bonus, target, net, f"{name} {save} save (surprise)".strip())


# ---------------------------------------------------------------------------------------------
# Initiative.
# ---------------------------------------------------------------------------------------------


@record
class InitiativeResult:
    """Who acts first this round, the dice that said so, and which rule broke a tie."""

    winner: Side
    order: tuple[Side, Side]
    party: Roll
    foes: Roll
    decided_by: str
    decided_by_name: str
    explanation: str
    roll_offs: tuple[tuple[Roll, Roll], ...] = ()

    @property
    def loser(self) -> Side:
        return self.order[1]

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.party, self.foes, *(r for pair in self.roll_offs for r in pair))


def initiative_modifier(ruleset: Ruleset, leader_stats: Mapping[str, int]) -> tuple[int, str]:
    """The party leader's modifier: the mods of the ruleset's initiative stats (DEX and WIS)."""
    parts = []
    total = 0
    for stat in ruleset.combat.initiative.stats:
        mod = ruleset.stat_mod(leader_stats[stat])
        total += mod
        parts.append(f"{stat} {_signed(mod)}")
    return total, " + ".join(parts) if parts else "no stat mods"


def roll_initiative(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    leader_stats: Mapping[str, int],
    party_count: int,
    foe_count: int,
    foe_modifier: int = 0,
    last_winner: Side | None = None,
) -> InitiativeResult:
    """Each side's leader rolls the ruleset's dice + mods; highest wins, ties by the tie-breaks.

    Foes have no sheet, so the 'Smith gives them a flat modifier. Tie-breaks run in the ruleset's
    order (more numerous side, last round's winner, roll-off). A roll-off repeats the whole
    initiative roll, mods included, for both sides until they differ, and every throw is kept;
    if the ruleset's list lacks a roll-off and nothing else decided, a roll-off settles it anyway.
    The party's die is thrown first, then the foes'.
    """
    rules = ruleset.combat.initiative
    if rules.who != "side_leader":
        raise ValueError(f"ruleset {ruleset.id} rolls initiative per {rules.who}, not per side")
    party_mod, _ = initiative_modifier(ruleset, leader_stats)
    party = _initiative_roll(ruleset, source, "party", party_mod)
    foes = _initiative_roll(ruleset, source, "foes", foe_modifier)
    if party.total != foes.total:
        winner: Side = "party" if party.total > foes.total else "foes"
        text = f"The party rolled {party.total}, the foes {foes.total}: {_acts_first(winner)}."
        return _initiative(winner, party, foes, "roll", "Highest roll", text)
    return _break_tie(ruleset, source, party, foes, party_mod, foe_modifier, party_count, foe_count, last_winner)


def _initiative_roll(ruleset: Ruleset, source: DiceSource, side: Side, modifier: int) -> Roll:
    base = parse(ruleset.combat.initiative.dice)
    expr = DiceExpr(base.count, base.sides, base.modifier + modifier, base.keep, base.keep_highest)
    return _labelled(roll(source, expr), f"{side} initiative")


def _break_tie(
    ruleset: Ruleset,
    source: DiceSource,
    party: Roll,
    foes: Roll,
    party_mod: int,
    foe_mod: int,
    party_count: int,
    foe_count: int,
    last_winner: Side | None,
) -> InitiativeResult:
    """Walk the ruleset's tie-breaks in order; the first that picks a side decides."""
    combat = ruleset.combat
    tied = f"Both sides rolled {party.total}"
    reasons: list[str] = []
    rules = list(combat.tie_breaks)
    if "roll_off" not in rules:
        rules.append("roll_off")
    for rule in rules:
        name = combat.tie_break_names.get(rule, rule.replace("_", " ").capitalize())
        if rule == "more_numerous_side":
            if party_count != foe_count:
                winner: Side = "party" if party_count > foe_count else "foes"
                count = f"{max(party_count, foe_count)} to {min(party_count, foe_count)}"
                more = f"{_the(winner)} {_outnumber(winner)} {_the(_other(winner))} ({count})"
                text = f"{tied}; {more}, so {_acts_first(winner)}."
                return _initiative(winner, party, foes, rule, name, text)
            reasons.append(f"the sides are equal in number ({party_count} each)")
        elif rule == "last_winner":
            if last_winner is not None:
                won = f"; {_the(last_winner)} won the last initiative, so {_acts_first(last_winner)}."
                text = _joined(tied, reasons) + won
                return _initiative(last_winner, party, foes, rule, name, text)
            reasons.append("nobody won an earlier initiative")
        elif rule == "roll_off":
            return _roll_off(ruleset, source, party, foes, party_mod, foe_mod, name, _joined(tied, reasons))
        else:
            raise ValueError(f"ruleset {ruleset.id}: unknown initiative tie-break {rule!r}")
    raise AssertionError("a roll-off always decides")


def _roll_off(
    ruleset: Ruleset,
    source: DiceSource,
    party: Roll,
    foes: Roll,
    party_mod: int,
    foe_mod: int,
    name: str,
    lead: str,
) -> InitiativeResult:
    pairs: list[tuple[Roll, Roll]] = []
    for n in range(1, MAX_ROLL_OFFS + 1):
        again = (
            _labelled(_initiative_roll(ruleset, source, "party", party_mod), f"roll-off {n}:"),
            _labelled(_initiative_roll(ruleset, source, "foes", foe_mod), f"roll-off {n}:"),
        )
        pairs.append(again)
        if again[0].total != again[1].total:
            winner: Side = "party" if again[0].total > again[1].total else "foes"
            throws = ", then ".join(f"{p.total} to {f.total}" for p, f in pairs)
            text = f"{lead}; roll-off (party to foes) {throws}: {_acts_first(winner)}."
            return _initiative(winner, party, foes, "roll_off", name, text, tuple(pairs))
    raise ValueError(f"initiative roll-off tied {MAX_ROLL_OFFS} times: the dice are not random")


def _initiative(
    winner: Side,
    party: Roll,
    foes: Roll,
    decided_by: str,
    name: str,
    text: str,
    roll_offs: tuple[tuple[Roll, Roll], ...] = (),
) -> InitiativeResult:
    order: tuple[Side, Side] = (winner, _other(winner))
    return InitiativeResult(winner, order, party, foes, decided_by, name, text, roll_offs)


# ---------------------------------------------------------------------------------------------
# The phases of a round.
# ---------------------------------------------------------------------------------------------


@record
class Phase:
    """One phase of a side's turn, by id and by the name the table calls out."""

    id: str
    name: str


@record
class Step:
    """Where a fight stands: a round, the side acting and the phase being resolved."""

    round: int
    side: Side
    phase: Phase

    def describe(self) -> str:
        return f"Round {self.round}, {_the(self.side)}: {self.phase.name}"


def phases(ruleset: Ruleset) -> tuple[Phase, ...]:
    """The ruleset's phases in order, with their display names."""
    combat = ruleset.combat
    return tuple(Phase(p, combat.phase_name(p)) for p in combat.phases)


def round_steps(
    ruleset: Ruleset, round_number: int, order: Sequence[Side], surprised: Iterable[Side] = ()
) -> tuple[Step, ...]:
    """Every step of one round: the winner's phases, then the other side's.

    A surprised side loses the first round, so its phases are left out of round 1; if both sides
    are surprised, round 1 has no steps (Book Three: everyone gawks, then initiative as usual),
    but it still counts as a round for the clock.
    """
    if round_number < 1:
        raise ValueError("rounds count from 1")
    skipped = set(surprised) if round_number == 1 else set()
    return tuple(Step(round_number, side, phase) for side in order if side not in skipped for phase in phases(ruleset))


def first_step(
    ruleset: Ruleset, round_number: int, order: Sequence[Side], surprised: Iterable[Side] = ()
) -> Step | None:
    """The round's first step, or None for a round nobody acts in."""
    steps = round_steps(ruleset, round_number, order, surprised)
    return steps[0] if steps else None


def next_step(ruleset: Ruleset, step: Step, order: Sequence[Side], surprised: Iterable[Side] = ()) -> Step | None:
    """The step after `step` in its round, or None when the round is over.

    None means: roll initiative again, and start round `step.round + 1` from `first_step` with
    the new order. Initiative is rerolled every round, so the next round's order cannot be known
    here.
    """
    steps = round_steps(ruleset, step.round, order, surprised)
    if step not in steps:
        raise ValueError(f"{step.describe()} is not a step of this round")
    index = steps.index(step)
    return steps[index + 1] if index + 1 < len(steps) else None


# ---------------------------------------------------------------------------------------------
# Movement and declared actions.
# ---------------------------------------------------------------------------------------------


@record
class Movement:
    """A declared movement: how far it goes, whether an action may follow, any readiness bonus."""

    kind: str
    name: str
    max_distance: int
    may_act: bool
    die_bonus: int
    explanation: str


MOVEMENT_NAMES = {STAY_PUT: "Stay Put", MOVE_NEAR: "Move Near", MOVE_FAR: "Move Far"}


def declare_movement(ruleset: Ruleset, kind: str, speed: int) -> Movement:
    """Stay Put (+1 to one die), Move Near (up to Speed) or Move Far (Speed x 2, no action)."""
    name = MOVEMENT_NAMES.get(kind)
    if name is None:
        raise ValueError(f"unknown movement {kind!r}: expected one of {', '.join(MOVEMENT_NAMES)}")
    if kind == STAY_PUT:
        bonus = ruleset.modifier_dice.stay_put_bonus
        text = f"Stays put: acts this round, +{bonus} to any one die of the action."
        return Movement(kind, name, 0, True, bonus, text)
    if kind == MOVE_NEAR:
        return Movement(kind, name, speed, True, 0, f"Moves up to {speed} ft and acts this round.")
    far = speed * ruleset.combat.move_far_multiplier
    return Movement(kind, name, far, False, 0, f"Rushes up to {far} ft: no action this round.")


TURN = "turn"
"""The phase of a ruleset without phases (Book Three's Advantage revision): each combatant's own
Turn, in which they move and act in either order; every action but moving again is taken there."""

ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "missile": ("missile", TURN),
    "melee": ("melee", TURN),
    "magic": ("magic", TURN),
    "misc": ("misc", TURN),
    "move": ("move_again",),
}
"""Each kind of action and the phase ids it may land in, first found wins."""


@record
class ActionSlot:
    """Where a declared action is resolved, or why it is not."""

    action: str
    movement: str
    may_act: bool
    phase: Phase | None
    explanation: str


def action_phase(ruleset: Ruleset, action: str, movement: str = MOVE_NEAR) -> ActionSlot:
    """The phase a declared action lands in, and whether the character may take it at all.

    A Move Far leaves no action. A "move" action (moving again) is Book Three's Move phase; the
    complete rules have no such action, so there the character should declare Move Far instead.
    """
    if action == "movement":
        action = "move"
    if action not in ACTION_KINDS:
        raise ValueError(f"unknown action {action!r}: expected one of {', '.join(ACTION_KINDS)}")
    declared = declare_movement(ruleset, movement, 0)
    if not declared.may_act:
        return ActionSlot(action, movement, False, None, f"{declared.name} leaves no action this round.")
    by_id = {p.id: p for p in phases(ruleset)}
    phase = next((by_id[p] for p in ACTION_KINDS[action] if p in by_id), None)
    if phase is None:
        text = (
            f"{ruleset.name} has no {action} action: declare Move Far to go further."
            if action == "move"
            else f"{ruleset.name} has no phase for a {action} action."
        )
        return ActionSlot(action, movement, False, None, text)
    if phase.id == TURN:
        return ActionSlot(action, movement, True, phase, "Taken on the combatant's own Turn.")
    return ActionSlot(action, movement, True, phase, f"Resolved in the {phase.name} phase.")


def acts_in(ruleset: Ruleset, phase_id: str, movement: str, action: str) -> bool:
    """Whether a combatant with this declaration does something in `phase_id`.

    The Movement phase is for whoever moves (Move Near or Move Far); the Morale phase is the
    'Smith's and has no declared actors; a Turn is everyone's, to move, act or both; any other
    phase holds the actions that land in it.
    """
    if phase_id == "movement":
        return movement in (MOVE_NEAR, MOVE_FAR)
    if phase_id == TURN:
        return True
    slot = action_phase(ruleset, action, movement)
    return slot.may_act and slot.phase is not None and slot.phase.id == phase_id


def turn_words(movement: str, act_first: bool) -> str:
    """How a combatant spends their Turn: `moves, then acts`, `acts, then moves`, `stays put and
    acts`, `moves far (no action)`."""
    if movement == STAY_PUT:
        return "stays put and acts"
    if movement == MOVE_FAR:
        return "moves far (no action)"
    return "acts, then moves" if act_first else "moves, then acts"


# ---------------------------------------------------------------------------------------------
# Attacks.
# ---------------------------------------------------------------------------------------------


def step_die(sides: int, steps: int, ladder: Sequence[int] = DAMAGE_DIE_LADDER) -> int:
    """A die `steps` sizes up (positive) or down along the ladder; the ends stay where they are.

    A die off the ladder (a monster's d20, a d3) first steps to the nearest ladder size.
    """
    current = sides
    for _ in range(abs(steps)):
        if steps < 0:
            lower = [s for s in ladder if s < current]
            current = lower[-1] if lower else current
        else:
            higher = [s for s in ladder if s > current]
            current = higher[0] if higher else current
    return current


def attack_kind_choices(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The kinds of attack the ruleset has, as (name, id): melee, missile and, where the ruleset
    sets it apart, thrown (the Missile phase's declaration covers both ranged kinds)."""
    return [(kind.capitalize(), kind) for kind in ruleset.combat.attack_kinds]


def plan_character_attack(
    ruleset: Ruleset,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    kind: str = "melee",
    *,
    dark: bool = False,
    two_handed: bool = False,
    two_weapons: bool = False,
    damage_steps: int = 0,
    damage_bonus: int = 0,
    name: str | None = None,
) -> AttackPlan:
    """A character's attack: dice by class and level, bonus by rank and stat, the class Hit Die.

    - A Dwarf's bonus dice are melee-only, so a missile or thrown attack throws the one base die.
    - Two-handed: a class with `two_handed_damage_die` (Berserker, d12) uses it for melee only,
      as its text says "two-handed melee weapon"; a class with `two_handed_extra_damage_dice`
      (Fighter, "an extra damage die") throws that many more dice of its Hit Die and adds them.
    - Two weapons: a class with `two_weapon_extra_attack_dice` (Elf) gains those dice and steps
      its damage die down one (d8 to d6); other classes get no mechanical change.
    - Darkness: the ruleset's penalty to attack dice (0 left = cannot attack), no crits, the
      damage die stepped down.
    - Damage adds the ruleset's damage stat for the kind (STR on melee; the complete rules' thrown
      weapons too), plus
      `damage_bonus` for a weapon's own bonus; `damage_steps` is any other step (a Halfling's
      Sudden Inner Strength is +1).
    """
    class_def = ruleset.classes[class_id]
    who = name or class_def.short_name
    dice = attack_dice(ruleset, class_id, level)
    lines = [f"{class_def.short_name} level {level}: {dice} attack {'die' if dice == 1 else 'dice'}"]
    usable = attack_dice_for(ruleset, class_id, level, kind)
    if usable != dice:
        dice = usable
        lines.append(f"{BONUS_DICE_MELEE_ONLY}: {usable} for a {kind} attack")
    bonus, bonus_text = attack_bonus(ruleset, class_id, level, stats, kind)
    lines.append(bonus_text)
    die, extra_dice, steps = class_def.hit_die, 0, damage_steps
    if two_handed:
        die, extra_dice = _two_handed(
            class_def.two_handed_damage_die, class_def.two_handed_extra_damage_dice, die, kind, lines
        )
    if two_weapons:
        extra = class_def.two_weapon_extra_attack_dice
        if extra is None:
            lines.append("two weapons: no mechanical change for this class")
        else:
            dice += extra.at(level)
            steps -= 1
            lines.append(f"two weapons: +{extra.at(level)} attack dice, damage die one step lower")
    if damage_steps:
        lines.append(f"damage die {_signed(damage_steps)} step{'s' if abs(damage_steps) != 1 else ''}")
    stat = ruleset.combat.damage_stats.get(kind)
    if stat is not None:
        mod = ruleset.stat_mod(stats[stat])
        damage_bonus += mod
        lines.append(f"{kind} damage adds {stat} {_signed(mod)}")
    plan = AttackPlan(who, kind, dice, bonus, die, 1 + extra_dice, damage_bonus, True, ())
    return _finish_plan(ruleset, plan, steps, dark, lines)


def _two_handed(big_die: int | None, extra_dice: int, die: int, kind: str, lines: list[str]) -> tuple[int, int]:
    """The damage die and extra damage dice a two-handed weapon gives."""
    if big_die is not None and kind == "melee":
        lines.append(f"two-handed melee weapon: d{big_die} damage")
        return big_die, extra_dice
    if extra_dice:
        lines.append(f"two-handed weapon: {extra_dice} extra damage {'die' if extra_dice == 1 else 'dice'}")
        return die, extra_dice
    lines.append("two-handed weapon: no change for this class")
    return die, 0


def plan_foe_attack(
    ruleset: Ruleset,
    dice: int,
    bonus: int,
    damage_die: int,
    *,
    damage_dice: int = 1,
    damage_bonus: int = 0,
    kind: str = "melee",
    dark: bool = False,
    name: str = "foe",
) -> AttackPlan:
    """A foe's attack: the 'Smith gives the dice, bonus and damage die; darkness works the same."""
    if dice < 0 or damage_dice < 1:
        raise ValueError("a foe needs 0 or more attack dice and at least one damage die")
    lines = [f"{dice} attack {'die' if dice == 1 else 'dice'} at {_signed(bonus)}"]
    plan = AttackPlan(name, kind, dice, bonus, damage_die, damage_dice, damage_bonus, True, ())
    return _finish_plan(ruleset, plan, 0, dark, lines)


def _finish_plan(ruleset: Ruleset, plan: AttackPlan, steps: int, dark: bool, lines: list[str]) -> AttackPlan:
    """Apply darkness and the die steps, and note the result."""
    dice, criticals = plan.dice, True
    if dark:
        penalty = ruleset.darkness
        if penalty is not None:
            steps += penalty.damage_die_steps
            dice = max(0, dice + penalty.attack_dice)
            criticals = penalty.critical_hits
        lines.append(_darkness_line(penalty, dice))
    die = step_die(plan.damage_die, steps)
    if die != plan.damage_die:
        lines.append(f"damage die d{plan.damage_die} -> d{die}")
    return attrs.evolve(plan, dice=dice, damage_die=die, criticals=criticals, lines=tuple(lines))


def _darkness_line(penalty: Any, dice: int) -> str:
    """The dark's toll on one attack, as the ruleset's light section has it (`ruleset.darkness`;
    None where the dark costs nothing)."""
    parts = []
    if penalty is not None:
        if penalty.attack_dice:
            parts.append(f"{penalty.attack_dice} attack die")
        if not penalty.critical_hits:
            parts.append("no critical hits")
        if penalty.damage_die_steps:
            parts.append(f"damage die {penalty.damage_die_steps} size")
    text = "darkness: " + (", ".join(parts) if parts else "no penalty")
    return text + ("; no attack dice left: cannot attack" if dice == 0 else "")


@record
class AttackDie:
    """One attack die: its roll (Stay Put shown as a term), the natural face and what it did.

    `multiplier` is 1 for an ordinary hit; a crit's multiplier includes each Luck save passed.
    `damage` is what this die deals (0 on a miss).
    """

    roll: Roll
    natural: int
    hit: bool
    critical: bool
    fumble: bool
    multiplier: int
    damage: int
    luck_saves: tuple[Roll, ...] = ()

    def describe(self) -> str:
        what = "miss"
        if self.hit:
            what = f"hit for {self.damage}"
            if self.critical:
                what = f"CRITICAL x{self.multiplier}: {self.damage}"
        if self.fumble:
            what = "FUMBLE"
        if self.luck_saves:
            what += f" (chain saves: {', '.join(str(s.total) for s in self.luck_saves)})"
        return f"{self.roll.describe()}: {what}"


@record
class AttackResult:
    """A whole attack action: every attack die, the one damage roll and each crit's Luck saves.

    Every hit deals `damage_per_hit` (at least 1), times its multiplier on a crit. Where the ruleset
    offers a narrative crit (`narrative_option`), `damage_with_narrative_criticals` is the total
    when every crit takes its effect instead of the extra damage. `pool` is the attack dice thrown
    as one pool with stacking Advantage, every die in it, the dropped ones too; each die kept is
    an attack die of `dice`.
    """

    plan: AttackPlan
    target_ac: int
    dice: tuple[AttackDie, ...]
    damage_roll: Roll | None
    damage_per_hit: int
    narrative_option: bool
    stay_put: StayPutDie = None
    stay_put_bonus: int = 0
    pool: Roll | None = None

    @property
    def hits(self) -> int:
        return sum(d.hit for d in self.dice)

    @property
    def criticals(self) -> int:
        return sum(d.critical for d in self.dice)

    @property
    def fumbles(self) -> int:
        return sum(d.fumble for d in self.dice)

    @property
    def total_damage(self) -> int:
        return sum(d.damage for d in self.dice)

    @property
    def damage_with_narrative_criticals(self) -> int:
        return self.damage_per_hit * self.hits

    @property
    def damage_words(self) -> str:
        """The damage roll and what each hit deals: `damage 1d6+1: 4 + 1 = 5, Stabbity x3: from
        behind = 15 damage for each hit`."""
        if self.damage_roll is None:
            return ""
        thrown = self.damage_roll.describe()
        if self.plan.halved:
            return f"{thrown}, unarmed: halved = {self.damage_per_hit} damage for each hit"
        if self.plan.damage_multiplier == 1:
            return f"{thrown}: {self.damage_per_hit} damage for each hit"
        return f"{thrown}, {self.plan.multiplier_why} = {self.damage_per_hit} damage for each hit"

    def damage_trading(self, traded: Iterable[int]) -> int:
        """The damage dealt when the crit dice numbered in `traded` (from 1) take the narrative
        effect instead of the multiplier: each of those deals one hit's damage."""
        dice = set(traded)
        return sum(self.damage_per_hit if n in dice else d.damage for n, d in enumerate(self.dice, 1))

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """In the order thrown: the attack dice, the damage roll, then each crit's Luck saves."""
        damage = (self.damage_roll,) if self.damage_roll else ()
        saves = tuple(s for d in self.dice for s in d.luck_saves)
        return tuple(d.roll for d in self.dice) + damage + saves

    @property
    def pool_words(self) -> str:
        """The attack dice's pool as thrown: `attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]`,
        or '' where each die was thrown on its own."""
        return f"{self.pool.label}: {self.pool.shown()}" if self.pool is not None else ""

    @property
    def dice_words(self) -> tuple[str, ...]:
        """Every die for the log, in the order thrown: the attack dice's pool where there is one,
        then each roll."""
        pool = (self.pool_words,) if self.pool is not None else ()
        return (*pool, *(r.describe() for r in self.rolls))

    @property
    def lines(self) -> tuple[str, ...]:
        if not self.plan.can_attack:
            return (*self.plan.lines, f"{self.plan.attacker} cannot attack.")
        head = f"{self.plan.describe()} vs AC {self.target_ac}"
        pool = (self.pool_words,) if self.pool is not None else ()
        dice = (*pool, *(f"die {n}: {d.describe()}" for n, d in enumerate(self.dice, 1)))
        damage = ()
        if self.damage_roll is not None:
            plain = self.plan.damage_multiplier == 1 and not self.plan.halved
            damage = (self.damage_roll.describe() if plain else self.damage_words,)
        total = f"{self.hits} hit{'s' if self.hits != 1 else ''}, {self.total_damage} damage"
        if self.narrative_option and self.criticals:
            total += f" ({self.damage_with_narrative_criticals} if the crits take an effect instead)"
        return (head, *dice, *damage, total)


def resolve_attack(
    ruleset: Ruleset,
    source: DiceSource,
    plan: AttackPlan,
    target_ac: int,
    *,
    net: int = 0,
    damage_net: int = 0,
    stay_put: StayPutDie = None,
    luck_bonus: int = 0,
    luck_target: int | None = None,
    luck_net: int = 0,
) -> AttackResult:
    """Throw every attack die (d20 + bonus), then the one damage roll, then each crit's Luck saves.

    `net` modifier dice apply to the attack dice (`_thrown_attack_dice` says how), `damage_net` to the
    damage roll (a Berserker's rage), `luck_net` to a crit's Luck saves. A hit is a total of at
    least the target's AC. Decisions where the texts are silent: a
    natural 20 that may crit always hits (the text calls it a Critical Hit), and a natural 1
    always misses; in darkness a 20 is "a normal 20" and must reach the AC like any other. Book
    Three's chain: each crit die rolls its own Luck saves against `luck_target`, +1 to the
    multiplier for each passed, until one fails.
    """
    if not plan.can_attack:
        return AttackResult(plan, target_ac, (), None, 0, _narrative(ruleset, plan))
    attack_rolls, pool = _thrown_attack_dice(ruleset, source, plan, net)
    damage = modified_roll(ruleset, source, plan.damage_expr, damage_net, "damage")
    chains = tuple(
        _luck_chain(ruleset, source, n, luck_bonus, luck_target, luck_net) if _is_critical(ruleset, plan, r) else ()
        for n, r in enumerate(attack_rolls, 1)
    )
    return evaluate(ruleset, plan, target_ac, attack_rolls, damage, chains, stay_put, pool)


def _thrown_attack_dice(
    ruleset: Ruleset, source: DiceSource, plan: AttackPlan, net: int
) -> tuple[tuple[Roll, ...], Roll | None]:
    """The attack dice, each a roll of its own, and the pool they came from where there is one.

    Modifier dice that pool (stacking Advantage) tilt the attack dice as one ("Their Combat Attack Dice pool"): "When
    rolling pools of dice with an advantage, just add one die of the base type to the pool, and
    then drop the lowest die after the roll", and Disadvantage drops the highest; each die kept is
    an attack. One die is its own pool, thrown and shown as any tilted roll. A Boon or Bane die is
    added to (or taken from) each attack die's total, as to any roll.
    """
    if not modifier_rules(ruleset.modifier_dice).pools or net == 0 or plan.dice == 1:
        rolls = tuple(modified_d20(ruleset, source, plan.bonus, net, f"attack {n}") for n in range(1, plan.dice + 1))
        return rolls, None
    pool = modified_roll(ruleset, source, DiceExpr(plan.dice, 20), net, "attack dice")
    die = DiceExpr(1, 20, plan.bonus)
    rolls = tuple(Roll(f"attack {n} {die}", (face,), (face,), plan.bonus) for n, face in enumerate(pool.kept, 1))
    return rolls, pool


def modifier_lines(ruleset: Ruleset, plan: AttackPlan, net: int, damage_net: int) -> tuple[str, ...]:
    """What the modifier dice do to an attack, said before the throw: `Advantage x2 on the attack
    dice: 4d20, the best 2 kept` (one pool, as `_thrown_attack_dice` throws them, or each die),
    `Disadvantage on the damage: 2d6, the worst kept`."""
    lines = []
    if net and plan.can_attack:
        pooled = modifier_rules(ruleset.modifier_dice).pools
        where = "the attack die" if plan.dice == 1 else "the attack dice" if pooled else "each attack die"
        expr = DiceExpr(plan.dice if pooled else 1, 20)
        lines.append(f"{net_words(ruleset, net)} on {where}: {tilt_words(ruleset, expr, net)}")
    if damage_net:
        expr = DiceExpr(plan.damage_dice, plan.damage_die)
        lines.append(f"{net_words(ruleset, damage_net)} on the damage: {tilt_words(ruleset, expr, damage_net)}")
    return tuple(lines)


def with_stay_put(ruleset: Ruleset, result: AttackResult, die: StayPutDie) -> AttackResult:
    """The same dice with the Stay Put bonus moved to `die` (or removed): no die is thrown again.

    Stay Put adds to any one die after the table has seen them, so the player may choose now.
    """
    if not result.plan.can_attack or result.damage_roll is None:
        return result
    term = _stay_put_term(ruleset)
    attack_rolls = tuple(_without(d.roll, term) for d in result.dice)
    damage = _without(result.damage_roll, term)
    chains = tuple(d.luck_saves for d in result.dice)
    return evaluate(ruleset, result.plan, result.target_ac, attack_rolls, damage, chains, die, result.pool)


def best_stay_put(ruleset: Ruleset, result: AttackResult) -> StayPutDie:
    """Where Stay Put's +1 does the most: on an attack die that misses by exactly the bonus (the
    first, so a near miss becomes a hit), else on the damage roll when anything hit, else nowhere.

    A player picks after seeing the dice; this is the pick any player would make, offered first.
    """
    bonus = ruleset.modifier_dice.stay_put_bonus
    if not bonus or not result.plan.can_attack:
        return None
    for index, die in enumerate(result.dice):
        if not die.hit and not die.fumble and die.roll.total + bonus >= result.target_ac:
            return index
    return "damage" if result.hits else None


def evaluate(
    ruleset: Ruleset,
    plan: AttackPlan,
    target_ac: int,
    attack_rolls: tuple[Roll, ...],
    damage: Roll,
    chains: tuple[tuple[Roll, ...], ...],
    stay_put: StayPutDie,
    pool: Roll | None = None,
) -> AttackResult:
    """What the thrown dice did, with the Stay Put bonus where the attacker put it; `pool` the
    attack dice's pool they were kept from, where they were thrown as one."""
    term = _stay_put_term(ruleset) if stay_put is not None else None
    if term is not None and term.face == 0:
        raise ValueError(f"ruleset {ruleset.id} has no Stay Put bonus")
    if isinstance(stay_put, int) and not 0 <= stay_put < len(attack_rolls):
        raise ValueError(f"there is no attack die {stay_put} to Stay Put on")
    if term is not None and stay_put == "damage":
        damage = _with(damage, term)
    per_hit = max(1, damage.total) * plan.damage_multiplier
    if plan.halved:
        per_hit //= 2
    critical = ruleset.combat.critical
    dice = []
    for index, (thrown, chain) in enumerate(zip(attack_rolls, chains, strict=True)):
        if term is not None and stay_put == index:
            thrown = _with(thrown, term)
        face = natural(thrown)
        crit = _is_critical(ruleset, plan, thrown)
        fumble = plan.fumbles and critical.fumble is not None and face == critical.fumble
        hit = crit or (not fumble and thrown.total >= target_ac)
        multiplier = critical.multiplier + _passed(chain) if crit else 1
        dice.append(AttackDie(thrown, face, hit, crit, fumble, multiplier, per_hit * multiplier if hit else 0, chain))
    return AttackResult(
        plan,
        target_ac,
        tuple(dice),
        damage,
        per_hit,
        _narrative(ruleset, plan),
        stay_put,
        term.face if term else 0,
        pool,
    )


def _is_critical(ruleset: Ruleset, plan: AttackPlan, thrown: Roll) -> bool:
    return plan.criticals and natural(thrown) == ruleset.combat.critical.natural


def _narrative(ruleset: Ruleset, plan: AttackPlan) -> bool:
    return plan.criticals and ruleset.combat.critical.narrative_option


def _luck_chain(
    ruleset: Ruleset, source: DiceSource, die: int, bonus: int, target: int | None, net: int = 0
) -> tuple[Roll, ...]:
    """Book Three: Luck saves until one fails; none where the ruleset has no chain."""
    save = ruleset.combat.critical.chain_save
    if save is None:
        return ()
    if target is None:
        raise ValueError(f"a critical hit in {ruleset.id} needs the {save} save's target")
    saves: list[Roll] = []
    while len(saves) < MAX_LUCK_CHAIN:
        thrown = modified_d20(ruleset, source, bonus, net, f"attack {die} crit {save} save")
        saves.append(thrown)
        if thrown.total < target:
            break
    return tuple(saves)


def _passed(chain: tuple[Roll, ...]) -> int:
    """Saves passed in a chain: every one but a failing last (a chain cut off at the cap passed all)."""
    if len(chain) >= MAX_LUCK_CHAIN:
        return len(chain)
    return max(0, len(chain) - 1)


def _stay_put_term(ruleset: Ruleset) -> Term:
    return Term("Stay Put", ruleset.modifier_dice.stay_put_bonus)


def _with(thrown: Roll, term: Term) -> Roll:
    return attrs.evolve(thrown, terms=(*thrown.terms, term))


def _without(thrown: Roll, term: Term) -> Roll:
    return attrs.evolve(thrown, terms=tuple(t for t in thrown.terms if t != term))


# ---------------------------------------------------------------------------------------------
# Foes: Hit Dice, Hit Points, tier.
# ---------------------------------------------------------------------------------------------


def foe_tier(ruleset: Ruleset, hit_dice: HitDice | str | int) -> int:
    """A foe's tier from its base Hit Dice: the complete rules say to ignore asterisks, and a
    `+1` is not a die, so `3+1*` is tier 1 like `3`."""
    hd = hit_dice if isinstance(hit_dice, HitDice) else parse_hit_dice(hit_dice)
    return tier_of(ruleset, hd.count)


@record
class FoeHitPoints:
    """A foe's Hit Points, the roll when they were rolled, and how they were reached."""

    hit_dice: HitDice
    hp: int
    method: str
    roll: Roll | None
    explanation: str

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.roll,) if self.roll else ()


def foe_hit_points(
    hit_dice: HitDice | str | int, method: str = "average", source: DiceSource | None = None
) -> FoeHitPoints:
    """A foe's Hit Points from its Hit Dice: rolled (HD d8s + modifier) or the average.

    None of the HAMMERCRAWL! texts says how many HP a monster has: the complete rules only say to
    ignore HD asterisks for tiers, and Book Three leaves 'Smith-run damage to a guide not in hand.
    So the old-school convention the texts convert from: a d8 per Hit Die, `3+1` adding 1 to the
    total; the average is 4.5 a die rounded down, plus the modifier. Either way at least 1 HP.
    """
    hd = hit_dice if isinstance(hit_dice, HitDice) else parse_hit_dice(hit_dice)
    if method == "average":
        hp = max(1, hd.count * 9 // 2 + hd.modifier)
        text = f"HD {hd}: average {hd.count} x 4.5 rounded down{_plus(hd.modifier)} = {hp} HP"
        return FoeHitPoints(hd, hp, method, None, text)
    if method != "rolled":
        raise ValueError(f"unknown Hit Point method {method!r}: expected 'rolled' or 'average'")
    if source is None:
        raise ValueError("rolled Hit Points need dice")
    if hd.count == 0:
        hp = max(1, hd.modifier)
        return FoeHitPoints(hd, hp, method, None, f"HD {hd}: no dice to roll, {hp} HP")
    thrown = _labelled(roll(source, DiceExpr(hd.count, HIT_DIE_SIDES, hd.modifier)), f"HD {hd} hit points")
    hp = max(1, thrown.total)
    return FoeHitPoints(hd, hp, method, thrown, f"{thrown.describe()}: {hp} HP")


# ---------------------------------------------------------------------------------------------
# Morale.
# ---------------------------------------------------------------------------------------------


@record
class MoraleResult:
    """A foe's morale check: passed, it fights on; failed, it cowers, surrenders or flees."""

    method: str
    roll: Roll
    target: int
    passed: bool
    explanation: str

    @property
    def outcome(self) -> str:
        return "fights on" if self.passed else "breaks: freezes, cowers or flees (the 'Smith's call)"

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.roll,)


def morale_by_tiers(
    ruleset: Ruleset,
    source: DiceSource,
    threat_tier: int,
    own_tier: int,
    rally_bonus: int = 0,
    net: int = 0,
) -> MoraleResult:
    """A Rally save against the save target for the threat's tier against the foe's own."""
    target = save_target(ruleset, threat_tier, own_tier)
    result = save_against(ruleset, source, MORALE_SAVE, rally_bonus, target, net, "morale Rally save")
    text = f"Tier {threat_tier} threat against a tier {own_tier} foe: {result.describe()}"
    return MoraleResult("rally_save", result.roll, target, result.passed, text)


def morale_eyeballed(
    ruleset: Ruleset, source: DiceSource, threat: str, rally_bonus: int = 0, net: int = 0
) -> MoraleResult:
    """A Rally save against an eyeballed target: minor 9, major 15, "run" 21 in the texts."""
    found = next((t for t in ruleset.morale_targets if t.id == threat), None)
    if found is None:
        known = ", ".join(t.id for t in ruleset.morale_targets) or "none"
        raise ValueError(f"ruleset {ruleset.id} has no morale target {threat!r} (known: {known})")
    result = save_against(ruleset, source, MORALE_SAVE, rally_bonus, found.target, net, "morale Rally save")
    text = f"{found.name}: {result.describe()}"
    return MoraleResult("eyeball", result.roll, found.target, result.passed, text)


def morale_2d6(source: DiceSource, score: int, modifier: int = 0) -> MoraleResult:
    """An imported monster's classic check: 2d6, and a roll greater than its Morale score flees.

    Book Three: "roll 2d6, and if the roll is greater than their Morale score, they, too, run the
    hell away" - so the check passes on a total at or below the score.
    """
    thrown = _labelled(roll(source, DiceExpr(2, 6, modifier)), "morale")
    passed = thrown.total <= score
    text = f"{thrown.describe()} against Morale {score}: {'at or below, holds' if passed else 'above, breaks'}"
    return MoraleResult("2d6", thrown, score, passed, text)


@record
class MoralePlan:
    """How a foe checks its morale, said before any die is thrown: 2d6 against its own Morale
    score, or a Rally save against a target by the tiers or eyeballed."""

    method: str
    target: int
    explanation: str
    threat: str = ""
    threat_tier: int = 0
    own_tier: int = 0


def morale_plan(
    ruleset: Ruleset, score: int, hit_dice: HitDice | str | int, threat: str = "minor", threat_tier: int | None = None
) -> MoralePlan:
    """An imported monster's score wins whatever the threat; else the tiers when the threat's tier
    is known, else the eyeballed target (minor 9, major 15, "run" 21)."""
    if score:
        why = f"its own score, whatever the threat: breaks on more than {score}"
        return MoralePlan("2d6", score, f"2d6 vs Morale {score} ({why})")
    if threat_tier is not None:
        own = foe_tier(ruleset, hit_dice)
        why = f"a tier {threat_tier} threat against a tier {own} foe"
        return MoralePlan(
            "rally_save", save_target(ruleset, threat_tier, own), why, threat_tier=threat_tier, own_tier=own
        )
    found = next((t for t in ruleset.morale_targets if t.id == threat), None)
    if found is None:
        known = ", ".join(t.id for t in ruleset.morale_targets) or "none"
        raise ValueError(f"ruleset {ruleset.id} has no morale target {threat!r} (known: {known})")
    return MoralePlan("eyeball", found.target, found.name, threat=threat)


def roll_morale(
    ruleset: Ruleset, source: DiceSource, plan: MoralePlan, rally_bonus: int = 0, net: int = 0
) -> MoraleResult:
    """Throw the check the plan names."""
    if plan.method == "2d6":
        return morale_2d6(source, plan.target)
    if plan.method == "rally_save":
        return morale_by_tiers(ruleset, source, plan.threat_tier, plan.own_tier, rally_bonus, net)
    return morale_eyeballed(ruleset, source, plan.threat, rally_bonus, net)


# ---------------------------------------------------------------------------------------------
# Turn Unholy.
# ---------------------------------------------------------------------------------------------


@record
class TurnTarget:
    """One victim of Turn Unholy: its tier, its save bonus and whether it is intelligent."""

    name: str
    tier: int
    save_bonus: int = 0
    intelligent: bool = False
    net: int = 0


@record
class TurnOutcome:
    """What Turn Unholy did to one victim: its save, and on a failure the result, how long, how much."""

    target: TurnTarget
    save_target: int
    save: Roll
    saved: bool
    result: TurnUnholyResult | None
    duration: Roll | None
    damage: Roll | None
    spared_destruction: bool
    explanation: str

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(r for r in (self.save, self.duration, self.damage) if r is not None)


@record
class TurnUnholyAttempt:
    """One use of Turn Unholy against every victim in reach."""

    cleric_tier: int
    outcomes: tuple[TurnOutcome, ...]

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(r for o in self.outcomes for r in o.rolls)

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(o.explanation for o in self.outcomes)


def turn_unholy(
    ruleset: Ruleset, source: DiceSource, cleric_level: int, targets: Sequence[TurnTarget]
) -> TurnUnholyAttempt:
    """Each victim saves (d20 + its bonus) against the target for the Cleric's tier against its own.

    Dice per victim, in order: the save, then on a failure the duration, then any damage (a d8 per
    Cleric tier). Intelligent victims add the ruleset's modifier dice (Book Three: a Boon). Where
    the ruleset says intelligent foes are never destroyed, one that would be takes the result one
    row below instead (flee and take damage): the text says only that it "cannot be destroyed".
    """
    rules = ruleset.turn_unholy
    if rules is None:
        raise ValueError(f"ruleset {ruleset.id} has no Turn Unholy")
    cleric_tier = tier_of(ruleset, cleric_level)
    outcomes = tuple(_turn_one(ruleset, source, cleric_tier, target) for target in targets)
    return TurnUnholyAttempt(cleric_tier, outcomes)


def failed_turn(ruleset: Ruleset, cleric_tier: int, tier: int, intelligent: bool) -> tuple[TurnUnholyResult, bool]:
    """What a failed save against Turn Unholy does to one victim, and whether its intelligence
    spared it destruction (then it takes the row below: the text says only "cannot be destroyed")."""
    rules = ruleset.turn_unholy
    if rules is None:
        raise ValueError(f"ruleset {ruleset.id} has no Turn Unholy")
    result = turn_unholy_result(ruleset, cleric_tier, tier)
    spared = result.id == DESTROYED and intelligent and not rules.intelligent_destroyed
    if spared:
        result = rules.results[max(0, rules.results.index(result) - 1)]
    return result, spared


def _turn_one(ruleset: Ruleset, source: DiceSource, cleric_tier: int, target: TurnTarget) -> TurnOutcome:
    rules = ruleset.turn_unholy
    assert rules is not None
    goal = turn_unholy_target(ruleset, cleric_tier, target.tier)
    net = target.net + (rules.intelligent_modifier if target.intelligent else 0)
    save = save_against(ruleset, source, rules.save, target.save_bonus, goal, net, f"{target.name} {rules.save} save")
    head = save.describe()
    if save.passed:
        return TurnOutcome(target, goal, save.roll, True, None, None, None, False, f"{head}: unaffected.")
    result, spared = failed_turn(ruleset, cleric_tier, target.tier, target.intelligent)
    duration = _labelled(roll(source, result.rounds), "rounds") if result.rounds else None
    damage = None
    if result.damage_die and cleric_tier > 0:
        damage = _labelled(roll(source, DiceExpr(cleric_tier, result.damage_die)), "turning damage")
    text = f"{head}: {_turn_text(result, duration, damage, spared)}"
    return TurnOutcome(target, goal, save.roll, False, result, duration, damage, spared, text)


def _turn_text(result: TurnUnholyResult, duration: Roll | None, damage: Roll | None, spared: bool) -> str:
    details = []
    if duration is not None:
        details.append(f"{duration.total} rounds")
    if damage is not None:
        details.append(f"{damage.total} damage")
    text = result.name + (f": {', '.join(details)}" if details else "")
    if spared:
        text += " (intelligent: cannot be destroyed)"
    return text + "."


# ---------------------------------------------------------------------------------------------
# Time.
# ---------------------------------------------------------------------------------------------


def combat_time(ruleset: Ruleset, rounds: int) -> int:
    """The turns (Beats) a fight of `rounds` rounds charges the clock: at least one, 60 rounds each."""
    if rounds < 0:
        raise ValueError("a fight cannot last fewer than 0 rounds")
    return ruleset.time.combat_units(rounds)


def describe_combat_time(ruleset: Ruleset, rounds: int) -> str:
    """`61 rounds: 2 turns`, in the ruleset's own word for its unit."""
    return f"{rounds} round{'s' if rounds != 1 else ''}: {ruleset.time.label(combat_time(ruleset, rounds))}"


# ---------------------------------------------------------------------------------------------
# Wording and labels.
# ---------------------------------------------------------------------------------------------


def _labelled(thrown: Roll, purpose: str) -> Roll:
    return attrs.evolve(thrown, label=f"{purpose} {thrown.label}")


def _other(side: Side) -> Side:
    return "foes" if side == "party" else "party"


def _the(side: Side) -> str:
    return f"the {side}"


def _acts_first(side: Side) -> str:
    return "the party acts first" if side == "party" else "the foes act first"


def _outnumber(side: Side) -> str:
    return "outnumbers" if side == "party" else "outnumber"


def _joined(lead: str, reasons: Sequence[str]) -> str:
    return lead + "".join(f"; {r}" for r in reasons)


def _plus(value: int) -> str:
    return f" {'+' if value >= 0 else '-'} {abs(value)}" if value else ""


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
