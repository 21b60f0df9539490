"""The actions of the fight by individual initiative: foes met, initiative every round, turns in
order, the Target 20 attack with its options and weapon abilities, crits and fumbles, wounds,
Bleeding Out, Guts, and the fight's end, which costs a turn.

Every character's attack and save asks the light procedure what its light does to the roll
(`session.procedures.light_on_roll`); weariness and burden count as the characters' procedure keeps
them. Foes are not hindered by the party's light.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import parse, roll, roll_double_advantage
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.actions import MAX_NAME, MOST_FOES, member_of, spend_time
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import FoeKilled, light_on_roll, may_target, signal
from hammertui.kernel.session.state import Character, State, free_id
from hammertui.kernel.session.vitals import settle
from hammertui.procedures.individual_initiative import rules
from hammertui.procedures.individual_initiative.rules import CONDITION_NAMES, OPTION_NAMES, RANGE_NAMES
from hammertui.procedures.individual_initiative.schema import CONDITIONS
from hammertui.procedures.individual_initiative.state import (
    Crit,
    Fight,
    Foe,
    between_done,
    failed_saves,
    fighting,
    fights,
    held,
    name_of,
    rules_of,
    with_condition,
    with_failed_saves,
    with_fights,
    with_held,
)
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import vitals


def _fight(state: State) -> Fight:
    fight = fighting(state)
    if fight is None:
        raise Refused("No fight is under way.")
    return fight


def _calm(fight: Fight) -> None:
    if fight.crit is not None:
        raise Refused("A critical hit waits for its choice: double damage, or damage and a bonus.")


def _with_fight(state: State, fight: Fight | None) -> State:
    return with_fights(state, fight=fight)


def _is_foe(fight: Fight, who: str) -> bool:
    return any(f.id == who for f in fight.foes)


def _standing(state: State, fight: Fight) -> list[str]:
    """Who is still in the fight: the living party, then the foes that have not gone down or fled."""
    return [m.id for m in state.living] + [f.id for f in fight.standing_foes]


@record
class FoeGroup:
    """Foes of one kind as the referee enters them: `hp` 0 rolls each one's HD d6s; `ws` None is
    1 per HD. `ac` has no default: the text gives none for a monster ("An unarmored opponent has
    an Armor Class of 9, while one in full plate with a shield has an AC of 2"), its profile does."""

    name: str
    count: int = 1
    hd: int = 1
    ac: int = attrs.field(kw_only=True)
    hp: int = 0
    ws: int | None = None
    init: int = 0
    guts: int = 7
    by_weight: bool = True


@record
class StartFight:
    """Foes met: each rolls its HP unless given; the round waits for initiative. `free_round` is the
    side that has the drop on the other ("party", "foes"; "" for neither): "A group that surprises
    another group has a free round to act in any way they choose"."""

    groups: tuple[FoeGroup, ...]
    free_round: str = ""
    label: ClassVar[str] = "fight"

    def apply(self, state: State, ctx: Context) -> Result:
        own = rules_of(ctx.ruleset)
        if fighting(state) is not None:
            raise Refused("A fight is already under way.")
        if not self.groups or any(g.count < 1 or g.hd < 1 for g in self.groups):
            raise Refused("Name at least one foe, with 1 or more of them and 1 HD or more.")
        if any(len(g.name.strip()) > MAX_NAME for g in self.groups):
            raise Refused(f"A foe's name of {MAX_NAME} letters or fewer, please.")
        if any(g.count > MOST_FOES for g in self.groups):
            raise Refused(f"Up to {MOST_FOES} foes of a kind at once.")
        if self.free_round not in ("", *rules.SIDES):
            raise Refused(f"Surprise: the party or the foes have the drop, not {self.free_round!r}.")
        foes: list[Foe] = []
        shown = []
        for group in self.groups:
            for n in range(1, group.count + 1):
                hp = group.hp
                if not hp:
                    thrown = roll(ctx.dice, f"{group.hd}d6")
                    hp = max(1, thrown.total)
                    shown.append(thrown.describe())
                name = f"{group.name} {n}" if group.count > 1 else group.name
                ws = group.ws if group.ws is not None else rules.monster_weapon_skill(group.hd, own.monster_ws_per_hd)
                foe_id = free_id("f", {f.id for f in foes})
                foes.append(Foe(foe_id, name, group.hd, hp, hp, group.ac, ws, group.init, group.guts, group.by_weight))
        kept = fights(state)
        living = {m.id for m in state.living}
        conditions = {who: held for who, held in kept.held.items() if who in living}
        bleeding = {who: n for who, n in kept.bleeding.items() if who in conditions}
        fight = Fight(
            foes=tuple(foes), mustered=len(foes), free_round=self.free_round, conditions=conditions, bleeding=bleeding
        )
        listed = ", ".join(f"{f.name} (HP {f.hp}, AC {f.ac}, WS {f.ws})" for f in foes)
        drop = (
            f" {SIDE_NAMES[self.free_round]} have the drop: a free round before the other side can act."
            if self.free_round
            else ""
        )
        events = [note(self, f"A fight! {listed}.{drop} Roll initiative.", tuple(shown), level="warn")]
        events += [
            note(self, _held_before(state, who, held, bleeding.get(who, 0)), level="warn")
            for who, held in conditions.items()
        ]
        return _with_fight(between_done(state), fight), events


def _held_before(state: State, who: str, held: tuple[str, ...], failed: int) -> str:
    """`Darla is Helpless and Bleeding Out (1 failed save) from before the fight.`"""
    saves = f" ({failed} failed save{'s' if failed != 1 else ''})" if failed else ""
    return f"{name_of(state, who)} is {' and '.join(CONDITION_NAMES[c] for c in held)}{saves} from before the fight."


SIDE_NAMES = {"party": "The party", "foes": "The foes"}


def _side(state: State, fight: Fight, side: str) -> list[str]:
    """Those of one side still in the fight."""
    return [m.id for m in state.living] if side == "party" else [f.id for f in fight.standing_foes]


def _init_mod(state: State, ctx: Context, fight: Fight, who: str) -> int:
    own = rules_of(ctx.ruleset)
    heavy = who in fight.heavy
    if _is_foe(fight, who):
        return rules.initiative_modifier(fight.foe(who).init, heavy, own.heavy_initiative)
    score = state.character(who).stats.as_dict()[own.initiative_stat]
    return rules.initiative_modifier(ctx.ruleset.stat_mod(score), heavy, own.heavy_initiative)


@record
class RollInitiative:
    """A new round: "Each character rolls 1d6 and adds their Wisdom modifier", the foes their I;
    all act in descending order. A side that had the drop on the other takes round 1 alone, "a free
    round to act in any way they choose"; "After the first round ... roll initiative as normal"."""

    label: ClassVar[str] = "initiative"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        _calm(fight)
        own = rules_of(ctx.ruleset)
        rolled, shown = [], []
        free = fight.free_round if not fight.round else ""
        for who in _side(state, fight, free) if free else _standing(state, fight):
            thrown = roll(ctx.dice, own.initiative)
            total = thrown.total + _init_mod(state, ctx, fight, who)
            rolled.append((who, total))
            shown.append(f"{name_of(state, who)}: {thrown.describe()}")
        order = rules.initiative_order(rolled)
        after = attrs.evolve(
            fight,
            round=fight.round + 1,
            order=order,
            rolls=dict(rolled),
            at=0,
            options={},
            finesse=(),
            stood="",
            fumble=(),
        )
        text = f"Round {after.round}: " + ", ".join(f"{name_of(state, w)} {after.rolls[w]}" for w in order) + "."
        if free:
            other = "the foes" if free == "party" else "the party"
            text = (
                f"Round 1, a free round: {SIDE_NAMES[free].lower()} had the drop, {other} cannot act. "
                + text[len("Round 1: ") :]
            )
        events = [note(self, text, tuple(shown))]
        bleeding = [name_of(state, w) for w in order if "bleeding_out" in fight.held(w)]
        if bleeding:
            events.append(note(self, f"Bleeding Out: {', '.join(bleeding)} must save (CON) this round.", level="warn"))
        return _with_fight(state, after), events


@record
class NextTurn:
    """The next in the order acts; past the last, the round is over."""

    label: ClassVar[str] = "turn"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        _calm(fight)
        if not fight.round or fight.at >= len(fight.order):
            raise Refused("The round is over: roll initiative.")
        standing = set(_standing(state, fight))
        at = fight.at + 1
        while at < len(fight.order) and fight.order[at] not in standing:
            at += 1
        after = attrs.evolve(fight, at=at, stood="", fumble=())
        if after.acting:
            return _with_fight(state, after), [note(self, f"{name_of(state, after.acting)}'s turn.")]
        return _with_fight(state, after), [note(self, f"Round {fight.round} is over: roll initiative.")]


@record
class ChooseOption:
    """A fighting option for this round: Charge, Brace, Press, Defend, or "" to fight plainly;
    `finesse` when taken with a Finesse weapon ("When pressing with a Finesse weapon, only reduce AC
    by 2, and when defending, you may still make an attack, but with disadvantage")."""

    who: str
    option: str
    finesse: bool = False
    label: ClassVar[str] = "option"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        if self.option and self.option not in rules.OPTIONS:
            raise Refused(f"No fighting option {self.option!r}: one of {', '.join(rules.OPTIONS)}.")
        if self.who not in _standing(state, fight):
            raise Refused(f"{name_of(state, self.who)} is not in the fight.")
        finesse = tuple(w for w in fight.finesse if w != self.who) + ((self.who,) if self.finesse else ())
        after = attrs.evolve(fight, options={**fight.options, self.who: self.option}, finesse=finesse)
        weapon = " with a Finesse weapon" if self.finesse else ""
        return _with_fight(state, after), [
            note(self, f"{name_of(state, self.who)}: {OPTION_NAMES[self.option]}{weapon}.")
        ]


@record
class SetCondition:
    """Put a fighting condition on a combatant, or take it off. Taking Floored off is standing up,
    which "Takes a full action": only in the combatant's own turn, and it is that turn's action."""

    who: str
    condition: str
    on: bool = True
    label: ClassVar[str] = "condition"

    def apply(self, state: State, ctx: Context) -> Result:
        if self.condition not in CONDITIONS:
            raise Refused(f"No condition {self.condition!r}: one of {', '.join(CONDITIONS)}.")
        fight = fighting(state)
        if fight is None:
            return self._between(state, ctx)
        name, condition = name_of(state, self.who), CONDITION_NAMES[self.condition]
        if self.on == (self.condition in fight.held(self.who)):
            raise Refused(f"{name} is {'already' if self.on else 'not'} {condition}.")
        after = with_condition(fight, self.who, self.condition, self.on)
        if self.condition == "floored" and not self.on:
            if fight.acting != self.who:
                raise Refused(f"{name} can stand up only in their own turn: it takes a full action.")
            return _with_fight(state, attrs.evolve(after, stood=self.who)), [
                note(self, f"{name} stands up: that takes this turn's action.")
            ]
        return _with_fight(state, after), [
            note(self, f"{name} is {condition}." if self.on else f"{name} is no longer {condition}.")
        ]

    def _between(self, state: State, ctx: Context) -> Result:
        """Out of a fight only a character's lasting conditions are held (Helpless, Bleeding Out)."""
        member = member_of(state, self.who)
        condition = CONDITION_NAMES[self.condition]
        if self.condition not in rules_of(ctx.ruleset).lasting or not member.alive:
            raise Refused(f"No fight is under way: out of one, {member.name} cannot be {condition}.")
        if self.on == (self.condition in held(state, member.id)):
            raise Refused(f"{member.name} is {'already' if self.on else 'not'} {condition}.")
        said = f"{member.name} is {condition}." if self.on else f"{member.name} is no longer {condition}."
        return with_held(state, member.id, self.condition, self.on), [note(self, said)]


def _tired(state: State, ctx: Context, member: Character) -> int:
    """Wearied and Burdened each weigh a Disadvantage on a fight's roll (combat is physically challenging)."""
    return people.weariness_dice(ctx.ruleset, member, people.person(state, ctx.ruleset, member.id), physical=True)


def _light(state: State, ctx: Context, kind: str, who: str) -> int:
    """The light's modifier dice on a character's roll; a roll the light forbids is refused."""
    answer = light_on_roll(state, ctx.ruleset, kind, who)
    if answer is None:
        return 0
    allowed, modifier = answer
    if not allowed:
        raise Refused(f"{name_of(state, who)} cannot make that roll in this light.")
    return modifier


@record
class Attack:
    """A Target 20 attack. `bow` adds Bow Skill instead of Weapon Skill; `into_melee` is firing into
    a melee; `abilities` are the weapon's (Heavy, Light, Reach, Close, Reactive, Crushing, Finesse,
    Cleaving); `free` is an attack out of turn (a fumble's free attack, a Brace, a Reactive weapon);
    `advantage` the referee's own modifier dice; `at` the range (Touching, Hand-to-Hand, Close, Far),
    which decides the weapons that may be used and, for a missile, whether the light lets it target."""

    attacker: str
    target: str
    bow: bool = False
    into_melee: bool = False
    abilities: tuple[str, ...] = ()
    free: bool = False
    advantage: int = 0
    at: str = "hand_to_hand"
    label: ClassVar[str] = "attack"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        _calm(fight)
        unknown = [a for a in self.abilities if a not in rules.ABILITIES]
        if unknown:
            raise Refused(f"No weapon ability {', '.join(unknown)}: one of {', '.join(rules.ABILITIES)}.")
        if self.at not in rules.RANGES:
            raise Refused(f"No range {self.at!r}: one of {', '.join(rules.RANGE_NAMES.values())}.")
        self._may(state, fight)
        self._in_range(state, ctx, fight)
        own = rules_of(ctx.ruleset)
        finesse = "finesse" in self.abilities or self.attacker in fight.finesse
        option = fight.options.get(self.attacker, "")
        why = rules.cannot_attack(option, finesse, fight.held(self.attacker))
        if why:
            raise Refused(f"{name_of(state, self.attacker)} {why}.")
        net = rules.attack_net(
            option, finesse, fight.held(self.target), self._light(state, ctx), self._tired(state, ctx), self.advantage
        )
        thrown = roll_double_advantage(ctx.dice, parse(own.attack_die).sides, net)
        ac = self._ac(state, ctx, fight)
        skill = self._skill(state, ctx, fight)
        hit = rules.target20(thrown.kept[0], thrown.modifier, skill, ac, own)
        heavy = tuple(w for w in fight.heavy if w != self.attacker) + (
            (self.attacker,) if "heavy" in self.abilities else ()
        )
        fight = attrs.evolve(fight, heavy=heavy, fumble=(self.attacker, self.target) if hit.fumble else ())
        state = _with_fight(state, fight)
        who, whom = name_of(state, self.attacker), name_of(state, self.target)
        whom += f" at {RANGE_NAMES[self.at]} range" if self.at != "hand_to_hand" else ""
        sums = (
            f"{hit.face}{thrown.modifier:+d} + {skill} + AC {ac} = {hit.total}"
            if thrown.modifier
            else f"{hit.face} + {skill} + AC {ac} = {hit.total}"
        )
        helpless = "helpless" in fight.held(self.target)
        if hit.critical or (helpless and not hit.fumble):
            return self._hit(state, ctx, fight, f"{who} attacks {whom}: {sums}", thrown.describe(), hit.critical)
        if hit.hit:
            return self._hit(state, ctx, fight, f"{who} attacks {whom}: {sums}", thrown.describe(), False)
        said = f"{who} attacks {whom}: {sums} — a miss."
        if hit.fumble:
            said = (
                f"{who} attacks {whom}: a 1, a fumble!"
                f" A free attack by {whom}, or something terrible, at the referee's discretion."
            )
        events = [note(self, said, (thrown.describe(),), level="warn" if hit.fumble else "info")]
        if rules.stray_hits_ally(hit, self.into_melee, own.stray_shot):
            state, more = self._stray(state, ctx, fight)
            events += more
        return state, events

    def _may(self, state: State, fight: Fight) -> None:
        standing = _standing(state, fight)
        for who in (self.attacker, self.target):
            if who not in standing:
                raise Refused(f"{name_of(state, who)} is not in the fight.")
        if self.attacker == self.target:
            raise Refused("An attack needs another as its target.")
        if not fight.round:
            raise Refused("Roll initiative first.")
        if not self.free and fight.acting != self.attacker:
            if not fight.acting:
                raise Refused("It is no one's turn: roll initiative.")
            raise Refused(
                f"It is {name_of(state, fight.acting)}'s turn, not {name_of(state, self.attacker)}'s:"
                " an attack out of turn is a free one."
            )
        if not self.free and fight.stood == self.attacker:
            raise Refused(f"{name_of(state, self.attacker)} stood up this turn: standing takes a full action.")

    def _in_range(self, state: State, ctx: Context, fight: Fight) -> None:
        """The range allows the weapon ("Ranges"), and the light the missile's target ("no one can
        be targeted by missile weapons in the dark", in dim light "only ... at close range")."""
        who, whom = name_of(state, self.attacker), name_of(state, self.target)
        why = rules.out_of_range(self.at, self.bow, "close" in self.abilities)
        if why:
            raise Refused(f"Ranges: {whom} {why}." if self.at == "far" else f"Ranges: {why}.")
        if not self.bow or self.at not in rules.MISSILE_RANGES:
            return
        target = "" if _is_foe(fight, self.target) else self.target
        if not may_target(state, ctx.ruleset, self.at, target):
            raise Refused(
                f"Light: no one can be targeted by missile weapons in the dark, and in dim light only at Close range: "
                f"{who} cannot shoot {whom} at {RANGE_NAMES[self.at]} range."
            )

    def _light(self, state: State, ctx: Context) -> int:
        return 0 if _is_foe(_fight(state), self.attacker) else _light(state, ctx, "attack", self.attacker)

    def _tired(self, state: State, ctx: Context) -> int:
        return 0 if _is_foe(_fight(state), self.attacker) else _tired(state, ctx, state.character(self.attacker))

    def _skill(self, state: State, ctx: Context, fight: Fight) -> int:
        if _is_foe(fight, self.attacker):
            return fight.foe(self.attacker).ws
        sheet = people.person(state, ctx.ruleset, self.attacker)
        return sheet.bow_skill if self.bow else sheet.weapon_skill

    def _ac(self, state: State, ctx: Context, fight: Fight) -> int:
        """The target's AC this round, its option counted, and Crushing against armour by weight
        (a character's when they wear armour)."""
        own = rules_of(ctx.ruleset)
        if _is_foe(fight, self.target):
            foe = fight.foe(self.target)
            base, by_weight = foe.ac, foe.by_weight
        else:
            member = state.character(self.target)
            worn = people.person(state, ctx.ruleset, member.id).armour
            base, by_weight = member.ac, worn != people.NO_ARMOUR
        option = fight.options.get(self.target, "")
        ac = rules.armour_class(base, option, self.target in fight.finesse, own.options)
        return rules.crushed_ac(ac, "crushing" in self.abilities, by_weight, own.crushing_ac)

    def _damage_mod(self, state: State, ctx: Context, fight: Fight) -> int:
        """A character adds the STR modifier to melee damage, the DEX modifier to ranged; a foe its die alone."""
        if _is_foe(fight, self.attacker):
            return 0
        own = rules_of(ctx.ruleset)
        stat = own.ranged_damage_stat if self.bow else own.melee_damage_stat
        return ctx.ruleset.stat_mod(state.character(self.attacker).stats.as_dict()[stat])

    def _hit(self, state: State, ctx: Context, fight: Fight, said: str, shown: str, critical: bool) -> Result:
        own = rules_of(ctx.ruleset)
        damage = roll_double_advantage(ctx.dice, parse(own.damage).sides, rules.damage_net(self.abilities, self.at))
        mod = self._damage_mod(state, ctx, fight)
        dealt, words = rules.damage_dealt(damage.total, mod), rules.damage_words(damage.total, mod)
        braced = (
            "reach" in self.abilities
            and fight.options.get(self.attacker) == "brace"
            and fight.options.get(self.target) == "charge"
        )
        times = rules.damage_times(False, braced)
        if critical:
            crit = Crit(self.attacker, self.target, dealt, times, (shown, damage.describe()))
            text = f"{said} — a critical hit! {words} damage rolled: double damage, or the damage and a bonus?"
            return _with_fight(state, attrs.evolve(fight, crit=crit)), [
                note(self, text, (shown, damage.describe()), level="warn")
            ]
        amount = dealt * times
        twice = f" (x2: Reach, Braced against a Charge) = {amount}" if braced else ""
        state, events = wound_or_harm(state, ctx, self, self.target, amount)
        head = note(self, f"{said} — a hit for {words}{twice}.", (shown, damage.describe()))
        return state, [head, *events, *self._cleave(state)]

    def _cleave(self, state: State) -> list[Event]:
        fight = fighting(state)
        if (
            fight is None
            or "cleaving" not in self.abilities
            or not _is_foe(fight, self.target)
            or fight.foe(self.target).standing
        ):
            return []
        return [
            note(self, f"Cleaving: {name_of(state, self.attacker)} may attack a nearby enemy at once (a free attack).")
        ]

    def _stray(self, state: State, ctx: Context, fight: Fight) -> Result:
        """ "a miss on an attack roll of 1-5 will hit a random ally involved in the melee, doing full
        damage": the shot's die and the shooter's modifier."""
        own = rules_of(ctx.ruleset)
        allies = _allies(state, fight, self.attacker)
        if not allies:
            return state, []
        pick = roll(ctx.dice, f"1d{len(allies)}") if len(allies) > 1 else None
        ally = allies[pick.total - 1] if pick is not None else allies[0]
        damage = roll(ctx.dice, own.damage)
        mod = self._damage_mod(state, ctx, fight)
        state, events = wound_or_harm(state, ctx, self, ally, rules.damage_dealt(damage.total, mod))
        shown = (pick.describe(), damage.describe()) if pick is not None else (damage.describe(),)
        text = f"Into the melee: the shot hits {name_of(state, ally)} for {rules.damage_words(damage.total, mod)}."
        return state, [note(self, text, shown, level="warn"), *events]


def _allies(state: State, fight: Fight, attacker: str) -> list[str]:
    """The attacker's side still in the fight, the attacker aside."""
    side = [f.id for f in fight.standing_foes] if _is_foe(fight, attacker) else [m.id for m in state.living]
    return [who for who in side if who != attacker]


@record
class LandCrit:
    """The critical hit's choice: "double damage or a normal attack plus some kind of bonus"."""

    double: bool
    bonus: str = ""
    label: ClassVar[str] = "attack"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        crit = fight.crit
        if crit is None:
            raise Refused("No critical hit waits for its choice.")
        amount = crit.damage * crit.times * rules.damage_times(self.double, False)
        state = _with_fight(state, attrs.evolve(fight, crit=None))
        choice = "double damage" if self.double else f"the damage and {self.bonus.strip() or 'a bonus'}"
        head = note(self, f"{name_of(state, crit.attacker)} takes {choice}: {amount} to {name_of(state, crit.target)}.")
        state, events = wound_or_harm(state, ctx, self, crit.target, amount)
        return state, [head, *events]


def wound_or_harm(state: State, ctx: Context, action: Action, who: str, amount: int) -> Result:
    """Damage landing: a foe loses HP and at 0 is down; a character loses HP, and past 0 (or
    Helpless) takes a wound instead, as the characters' sheets keep them (`russell_vitals.hurt`)."""
    fight = _fight(state)
    if _is_foe(fight, who):
        return _harm_foe(state, ctx, fight, action, who, amount)
    return vitals.hurt(state, ctx, action, who, amount, helpless="helpless" in fight.held(who))


def _harm_foe(state: State, ctx: Context, fight: Fight, action: Action, who: str, amount: int) -> Result:
    """A foe at 0 HP goes down, out of the fight: killed, as the other procedures are told
    (`FoeKilled`, with its HD: the characters' XP)."""
    foe = fight.foe(who)
    hp = max(0, foe.hp - amount)
    after = attrs.evolve(foe, hp=hp, out="down" if hp == 0 else foe.out)
    fight = attrs.evolve(fight, foes=tuple(after if f.id == who else f for f in fight.foes))
    state = _with_fight(state, fight)
    if hp:
        return state, [note(action, f"{foe.name} is at {hp}/{foe.max_hp} HP.")]
    events = [note(action, f"{foe.name} goes down.", level="warn")]
    state, told = signal(state, ctx, action, FoeKilled(foe.hd))
    events += told
    down = sum(1 for f in fight.foes if f.out == "down")
    if down == 1:
        events.append(note(action, "Their first casualty: a Guts roll for the foes? (g)"))
    if rules.half_strength(len(fight.standing_foes), fight.mustered) and fight.standing_foes:
        events.append(note(action, "The foes are at half strength: a Guts roll? (g)"))
    if not fight.standing_foes:
        events.append(note(action, "No foe stands: end the fight (x)."))
    return state, events


def _save_roll(state: State, ctx: Context, member: Character, stat: str) -> tuple[bool, str, str]:
    """A roll-under save by a character, light and weariness counted: passed, the words, the dice."""
    own = rules_of(ctx.ruleset)
    net = _light(state, ctx, "save", member.id) + _tired(state, ctx, member)
    count = 2 if net else 1
    thrown = [roll(ctx.dice, own.save_die) for _ in range(count)]
    kept, shift = rules.keep_for_save([t.total for t in thrown], net)
    score = member.stats.as_dict()[stat]
    passed = rules.save_passes(kept, shift, score)
    shifted = f"{kept}{shift:+d}" if shift else f"{kept}"
    return passed, f"{stat} {score}: {shifted}", " / ".join(t.describe() for t in thrown)


@record
class BleedingSave:
    """A round's Constitution save while Bleeding Out, in a fight or out of one (a wound from a
    trap): three failures and the character dies."""

    who: str
    label: ClassVar[str] = "save"

    def apply(self, state: State, ctx: Context) -> Result:
        own = rules_of(ctx.ruleset)
        member = member_of(state, self.who)
        if not member.alive or "bleeding_out" not in held(state, member.id):
            raise Refused(f"{member.name} is not Bleeding Out.")
        passed, words, shown = _save_roll(state, ctx, member, own.bleeding_out.stat)
        if passed:
            return state, [note(self, f"{member.name} holds on ({words}).", (shown,))]
        failures = failed_saves(state, member.id) + 1
        state = with_failed_saves(state, member.id, failures)
        if rules.bled_out(failures, own.bleeding_out.failures):
            dead = attrs.evolve(member, status="dead")
            state, events = settle(state, member, dead, "bled out", self)
            return state, [
                note(self, f"{member.name} fails ({words}): {failures} failures.", (shown,), level="warn"),
                *events,
            ]
        return state, [
            note(
                self,
                f"{member.name} fails ({words}): {failures} of {own.bleeding_out.failures}.",
                (shown,),
                level="warn",
            )
        ]


@record
class Stabilise:
    """An ally stabilises one Bleeding Out, in a fight or out of one: 1d6 + INT modifier, 6 or higher."""

    who: str
    by: str
    label: ClassVar[str] = "stabilise"

    def apply(self, state: State, ctx: Context) -> Result:
        own = rules_of(ctx.ruleset).bleeding_out
        member, ally = member_of(state, self.who), member_of(state, self.by)
        if "bleeding_out" not in held(state, member.id):
            raise Refused(f"{member.name} is not Bleeding Out.")
        if ally.id == member.id or not ally.alive or set(held(state, ally.id)) & {"stunned", "helpless"}:
            raise Refused(f"{ally.name} cannot tend {member.name} now.")
        thrown = roll(ctx.dice, own.stabilise)
        mod = ctx.ruleset.stat_mod(ally.stats.as_dict()[own.stabilise_stat])
        words = f"{thrown.total}{mod:+d}" if mod else f"{thrown.total}"
        if not rules.stabilised(thrown.total, mod, own.stabilise_target):
            return state, [
                note(self, f"{ally.name} cannot stop {member.name}'s bleeding ({words}).", (thrown.describe(),))
            ]
        state = with_held(state, member.id, "bleeding_out", False)
        return state, [note(self, f"{ally.name} stabilises {member.name} ({words}).", (thrown.describe(),))]


@record
class GutsRoll:
    """A Guts roll, 2d6 against Guts: for foes of one name together (`who` is that name, failing
    they quit the fight), or for a hireling (`who` their id)."""

    who: str
    reason: str
    label: ClassVar[str] = "guts"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        own = rules_of(ctx.ruleset).guts
        group = [f for f in fight.standing_foes if _kind(f.name) == self.who]
        if group:
            return self._foes(state, ctx, fight, group)
        try:
            hired = state.hireling(self.who)
        except KeyError:
            raise Refused(f"No foes called {self.who} stand, and no hireling {self.who!r}.") from None
        employer = next((m for m in state.party if m.id == hired.employer), None)
        mod = ctx.ruleset.stat_mod(employer.stats.as_dict()[own.employer_stat]) if employer else 0
        guts = rules.hireling_guts(own.hireling, mod)
        net = _light(state, ctx, "guts", "")
        totals, shown = self._throw(ctx, 2 if net else 1)
        total = rules.guts_total(totals, net)
        passed = rules.guts_passes(total, guts)
        text = f"{hired.name}'s Guts ({self.reason}): {total} against {guts} — {'holds' if passed else 'will not'}."
        return state, [note(self, text, shown, level="info" if passed else "warn")]

    def _throw(self, ctx: Context, times: int) -> tuple[list[int], tuple[str, ...]]:
        thrown = [roll(ctx.dice, rules_of(ctx.ruleset).guts.dice) for _ in range(times)]
        return [t.total for t in thrown], tuple(t.describe() for t in thrown)

    def _foes(self, state: State, ctx: Context, fight: Fight, group: Sequence[Foe]) -> Result:
        guts = group[0].guts
        totals, shown = self._throw(ctx, 1)
        if rules.guts_passes(totals[0], guts):
            return state, [note(self, f"{self.who} ({self.reason}): Guts {guts}, {totals[0]} — they fight on.", shown)]
        gone = {f.id for f in group}
        foes = tuple(attrs.evolve(f, out="fled") if f.id in gone else f for f in fight.foes)
        state = _with_fight(state, attrs.evolve(fight, foes=foes))
        return state, [
            note(
                self,
                f"{self.who} ({self.reason}): Guts {guts}, {totals[0]} — they quit the fight.",
                shown,
                level="warn",
            )
        ]


def _kind(name: str) -> str:
    """The kind a foe was entered as: "Goblin 2" is a Goblin."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def shoots(state: State, ruleset: Ruleset, who: str) -> bool:
    """Whether a character carries a missile weapon or its ammunition (`missile_gear`), so that
    their attack is a missile's unless the 'Smith says otherwise; a foe's profile does not say."""
    member = next((m for m in state.party if m.id == who), None)
    if member is None:
        return False
    words = [w.lower() for w in rules_of(ruleset).missile_gear]
    return any(
        w in gear.name.lower() for gear in people.person(state, ruleset, who).gear if not gear.out for w in words
    )


def foe_kinds(fight: Fight) -> list[str]:
    """The kinds of foe still standing, each once, in the order met."""
    return list(dict.fromkeys(_kind(f.name) for f in fight.standing_foes))


@record
class EndFight:
    """The fight is over: "Generally assume that an encounter ends up taking a full turn unless it
    is exceptionally long" (`long`, the turns of a long one). Conditions end with it; wounds stay."""

    long: int = 0
    label: ClassVar[str] = "fight"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        _calm(fight)
        bleeding = [m.name for m in state.living if "bleeding_out" in fight.held(m.id)]
        if bleeding:
            raise Refused(f"{', '.join(bleeding)} is Bleeding Out: stabilise them or save each round first.")
        turns = rules.fight_time(rules_of(ctx.ruleset).turns, self.long)
        state = _with_fight(state, None)
        spent, events = spend_time(state, turns, ctx, self)
        down = sum(1 for f in fight.foes if f.out == "down")
        fled = sum(1 for f in fight.foes if f.out == "fled")
        text = (
            f"The fight ends after {fight.round} round{'s' if fight.round != 1 else ''}: {down} down, {fled} fled;"
            f" {ctx.ruleset.time.label(turns)} {'passes' if turns == 1 else 'pass'}."
        )
        return spent, [note(self, text), *events]
