"""The fight, from "roll for initiative" to "Loot time!": one action per thing the table does.

The rules (initiative and its ties, the phases, attack dice and damage, crits, morale, Turn Unholy,
what a fight costs the clock) are `rules.combat`'s; here they are applied to the session. A fight
is kept in the fight's slice of the state (`fight_state`), so it survives a restart; its rounds
count on `Clock.rounds` and become time when it ends. An attack is two actions, as at the table:
the dice are thrown and shown (`Attack`), then the choices the dice call for are made and the
damage lands (`ResolveAttack`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.words import listed
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.actions import (
    MAX_NAME,
    MOST_FOES,
    Action,
    Context,
    Refused,
    Result,
    fold_rounds,
    note,
    spend_time,
)
from hammertui.kernel.session.events import Event, foe_note
from hammertui.kernel.session.procedures import FoesBeaten, is_dark, signal
from hammertui.kernel.session.state import Character, State, replace_member
from hammertui.kernel.session.vitals import settle
from hammertui.procedures.hammercrawl_classes import state as rage
from hammertui.procedures.hammercrawl_classes.rules import abilities, characters, checks, damage, tiers
from hammertui.procedures.hammercrawl_classes.state import (
    DOWN,
    NOT_TODAY,
    can_say_not_today,
    hurt_text,
    sheet_of,
    spend_use,
    uses_left,
    vitals_of,
    with_vitals,
    zero_hp_rule,
)
from hammertui.procedures.sides_and_phases.rules import combat as rules
from hammertui.procedures.sides_and_phases.rules import special_attacks as specials_rules
from hammertui.procedures.sides_and_phases.rules.combat import Side
from hammertui.procedures.sides_and_phases.state import (
    Declared,
    Fight,
    Foe,
    FoeKind,
    PendingAttack,
    fighting,
    foe_kinds,
    with_fight,
)

PARTY: Side = "party"
FOES: Side = "foes"
HP_METHODS = ("rolled", "average")
BREAKS = ("fleeing", "cowering")
TURN_UNHOLY = "turn_unholy"


# ---------------------------------------------------------------------------------- reading


def fight_of(state: State) -> Fight:
    if fighting(state) is None:
        raise Refused("no fight is on: start one (F)")
    return fighting(state)


def kind_of(state: State, name: str) -> FoeKind:
    """A foe's kind as entered this session; a kind never entered reads as the plain defaults."""
    return next((k for k in foe_kinds(state) if k.name == name), FoeKind(name))


def _foe(fight: Fight, foe_id: str) -> Foe:
    try:
        return fight.foe(foe_id)
    except KeyError:
        raise Refused(f"no foe {foe_id!r} in this fight") from None


def _with_foe(state: State, foe: Foe) -> State:
    """The state with `foe` put back in the fight in place of its old self."""
    fight = fight_of(state)
    foes = tuple(foe if f.id == foe.id else f for f in fight.foes)
    return with_fight(state, fight=attrs.evolve(fight, foes=foes))


def side_of(state: State, combatant_id: str) -> Side:
    fight = fight_of(state)
    if any(f.id == combatant_id for f in fight.foes):
        return FOES
    if any(m.id == combatant_id for m in state.party):
        return PARTY
    raise Refused(f"nobody {combatant_id!r} is in this fight")


def name_of(state: State, combatant_id: str) -> str:
    return effects.wearer_name(state, combatant_id) or combatant_id


def declared(fight: Fight, combatant_id: str) -> Declared:
    return fight.declared.get(combatant_id, Declared())


def standing(state: State, side: Side) -> int:
    """How many still fight on a side: the living party, or the foes neither beaten nor broken."""
    if side == PARTY:
        return sum(1 for m in state.party if m.alive and m.status == "ok") + len(state.hirelings)
    return sum(1 for f in fight_of(state).foes if f.status == "ok")


def side_gone(state: State) -> Side | None:
    """The side with nobody left fighting, if one is: the fight is over bar the looting."""
    if fighting(state) is None:
        return None
    if standing(state, FOES) == 0:
        return FOES
    if not any(m.alive and m.status == "ok" for m in state.party):
        return PARTY
    return None


@record
class Actor:
    """Someone who acts in the current phase, and what they declared."""

    id: str
    name: str
    movement: str
    action: str


def actors(state: State, ruleset: Ruleset) -> tuple[Actor, ...]:
    """Who acts now: everyone due in the phase, or, where Turns are named one at a time, the one
    whose Turn it is."""
    due = _due(state, ruleset)
    fight = fighting(state)
    if fight is None or not ruleset.combat.one_at_a_time:
        return due
    return tuple(a for a in due if a.id == fight.turn)


def still_to_act(state: State, ruleset: Ruleset) -> tuple[Actor, ...]:
    """Those acting now who have not yet attacked in this phase: the ones the table waits on."""
    fight = fighting(state)
    done = set(fight.acted) if fight is not None else set()
    return tuple(a for a in actors(state, ruleset) if a.id not in done)


def attacks_allowed(state: State, ruleset: Ruleset, combatant_id: str) -> int:
    """How many attacks a combatant throws in a round: one (a rule that gives more says so here)."""
    return 1


def turn_problem(state: State, ruleset: Ruleset, attacker_id: str) -> str:
    """Why `attacker_id` may not attack now, in the table's words; "" when they may: only in a
    phase their declaration places them in, and no more often in a round than the rules allow."""
    fight = fight_of(state)
    name = name_of(state, attacker_id)
    if fight.step != "phase":
        return f"{name} cannot attack before initiative is rolled (space)"
    if attacker_id in fight.laid_down:
        return f"{name} Laid Down this round: prone, no action until the next round (Fight On acts)"
    now = {a.id for a in actors(state, ruleset) if fight.phase != "movement"}
    if attacker_id not in now:
        acting = ", ".join(a.name for a in still_to_act(state, ruleset)) or "nobody still to act"
        where = f"the {fight.side}, {ruleset.combat.phase_name(fight.phase)}"
        return f"{name} does not act now ({where}: {acting})"
    allowed = attacks_allowed(state, ruleset, attacker_id)
    if fight.attacked.count(attacker_id) >= allowed:
        times = "once" if allowed == 1 else f"{allowed} times"
        return f"{name} has already attacked {times} this round"
    return ""


def default_target(state: State, attacker_id: str) -> str:
    """Whom an attack goes to unless another is picked: the attacker's last target while it still
    stands and does not flee, else the first of the other side still fighting (for the foes, the
    party member marked in front first); never a struck-off or fleeing one. "" for nobody."""
    fight = fight_of(state)
    foe_ids = {f.id for f in fight.foes}
    if attacker_id in foe_ids:
        order = [m.id for m in state.party]
        if fight.front in order:
            order.remove(fight.front)
            order.insert(0, fight.front)
        fit = {m.id for m in state.party if m.alive and m.status == "ok"}
    else:
        order = [f.id for f in fight.foes]
        fit = {f.id for f in fight.foes if f.status in ("ok", "cowering")}
    last = fight.last_target.get(attacker_id, "")
    if last in fit:
        return last
    return next((cid for cid in order if cid in fit), "")


def waiting(state: State, ruleset: Ruleset) -> tuple[Actor, ...]:
    """Those still to take their Turn in this phase, where the Leader names them one at a time."""
    fight = fighting(state)
    if fight is None or not ruleset.combat.one_at_a_time:
        return ()
    return tuple(a for a in _due(state, ruleset) if a.id not in fight.taken)


def _due(state: State, ruleset: Ruleset) -> tuple[Actor, ...]:
    """The acting side's combatants whose declaration lands in the phase the fight is on, leaving
    out the fallen, the broken, the beaten, those who Laid Down this round and, in round 1, the
    surprised."""
    fight = fighting(state)
    if fight is None or fight.step != "phase":
        return ()
    found = []
    for cid, name in _combatants(state, fight.side):
        if fight.surprised_now(cid) or cid in fight.laid_down:
            continue
        said = declared(fight, cid)
        if rules.acts_in(ruleset, fight.phase, said.movement, said.action):
            found.append(Actor(cid, name, said.movement, said.action))
    return tuple(found)


def _combatants(state: State, side: str) -> list[tuple[str, str]]:
    fight = fight_of(state)
    if side == PARTY:
        return [(m.id, m.name) for m in state.party if m.alive]
    return [(f.id, f.name) for f in fight.foes if f.status == "ok"]


def morale_due(state: State, ruleset: Ruleset) -> bool:
    """The stepper offers a morale check at the top of the foes' turn while some still fight."""
    fight = fighting(state)
    if fight is None or fight.step != "phase" or fight.side != FOES or not fight.foes:
        return False
    first = rules.phases(ruleset)[0].id
    return fight.phase == first and fight.morale_offered != fight.round and standing(state, FOES) > 0


# ---------------------------------------------------------------------------------- starting


@record
class FoeGroup:
    """So many foes of one kind, as the 'Smith enters them: `3 Goblins, HD 1, AC 12`."""

    kind: FoeKind
    count: int = 1


def _remember(state: State, kind: FoeKind) -> State:
    """Keep the kind for the next fight this session, replacing an older one of the same name."""
    kinds = tuple(k for k in foe_kinds(state) if k.name != kind.name)
    return with_fight(state, foe_kinds=(*kinds, kind))


def _check_kind(kind: FoeKind) -> None:
    if not kind.name.strip():
        raise Refused("a foe needs a name")
    if len(kind.name.strip()) > MAX_NAME:
        raise Refused(f"a foe's name of {MAX_NAME} letters or fewer, please")
    try:
        rules.parse_hit_dice(kind.hd)
    except ValueError as error:
        raise Refused(str(error)) from None
    if kind.attack_dice < 0 or kind.damage_die < 2:
        raise Refused(f"{kind.name}: 0 or more attack dice and a damage die of d2 or more")
    if kind.morale < 0 or kind.morale > 12:
        raise Refused(f"{kind.name}: a 2d6 Morale score is 2 to 12 (0 for a Rally save)")


def _new_foes(
    state: State, ctx: Context, groups: Sequence[FoeGroup], method: str, fight: Fight
) -> tuple[Fight, State, list[str], list[str]]:
    """Number and roll up each group's foes; the words and dice for the log."""
    used = {f.id for f in fight.foes}
    names = {f.name for f in fight.foes}
    foes = list(fight.foes)
    lines, dice = [], []
    for group in groups:
        _check_kind(group.kind)
        if group.count < 1:
            raise Refused(f"{group.kind.name}: how many? 1 or more")
        if group.count > MOST_FOES:
            raise Refused(f"{group.kind.name}: up to {MOST_FOES} foes of a kind at once")
        kind = attrs.evolve(group.kind, name=group.kind.name.strip())
        state = _remember(state, kind)
        hps = []
        for n in range(1, group.count + 1):
            foe_id = _free(used, "f")
            used.add(foe_id)
            name = _foe_name(kind.name, n, group.count, names)
            names.add(name)
            hp = rules.foe_hit_points(kind.hd, method, ctx.dice)
            hps.append(str(hp.hp))
            dice += [r.describe() for r in hp.rolls]
            foes.append(Foe(foe_id, name, kind.name, hp.hp, hp.hp))
        how = "rolled" if method == "rolled" else "average"
        blind = ", needs light" if kind.light_blind else ""
        lines.append(f"{group.count} x {kind.name} (HD {kind.hd}, AC {kind.ac}{blind}; HP {how}: {', '.join(hps)})")
    return attrs.evolve(fight, foes=tuple(foes)), state, lines, dice


def _free(used: set[str], prefix: str) -> str:
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def _foe_name(kind: str, n: int, count: int, taken: set[str]) -> str:
    """`Goblin` for a lone foe, `Goblin 1`, `Goblin 2`... for a group, never a name already used."""
    name = kind if count == 1 and kind not in taken else f"{kind} {n}"
    k = n
    while name in taken:
        k += 1
        name = f"{kind} {k}"
    return name


def default_leader(state: State) -> str:
    """Who rolls the party's initiative: the party's Leader, else the first one standing."""
    living = [m for m in state.party if m.alive]
    leader = next((m for m in living if sheet_of(state, m.id).role == "Leader"), None)
    return (leader or living[0]).id if living else ""


@record
class StartFight:
    """Foes appear. The party on one side, these foes on the other; surprised sides lose round 1.

    `hp` is "rolled" (a d8 per Hit Die) or "average"; `leader` rolls the party's initiative
    (default: the party's Leader); the foes roll with `foe_initiative` added.
    """

    label: ClassVar[str] = "fight"
    groups: tuple[FoeGroup, ...]
    surprised: tuple[str, ...] = ()
    hp: str = "rolled"
    leader: str = ""
    foe_initiative: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        if fighting(state) is not None:
            raise Refused("a fight is already on: add foes to it, or end it first")
        if not state.living:
            raise Refused("nobody in the party is alive to fight")
        if not self.groups:
            raise Refused("a fight needs foes")
        if self.hp not in HP_METHODS:
            raise Refused(f"Hit Points are rolled or average, not {self.hp!r}")
        bad = [s for s in self.surprised if s not in rules.SIDES]
        if bad:
            raise Refused(f"surprised sides are party and foes, not {', '.join(bad)}")
        leader = self.leader or default_leader(state)
        if leader not in {m.id for m in state.living}:
            raise Refused(f"the leader must be someone alive in the party, not {leader!r}")
        fight = Fight(surprised=tuple(dict.fromkeys(self.surprised)), leader=leader, foe_initiative=self.foe_initiative)
        fight, state, lines, dice = _new_foes(state, ctx, self.groups, self.hp, fight)
        fight = attrs.evolve(fight, declared=_default_declarations(state, fight))
        events = [note(self, f"Fight! The party against {'; '.join(lines)}.", tuple(dice))]
        events += _surprise_lines(self, fight.surprised)
        events.append(note(self, "Roll for initiative! (space)"))
        return with_fight(state, fight=fight), events


def _default_declarations(state: State, fight: Fight) -> dict[str, Declared]:
    """Everyone starts ready to melee: the party standing its ground, the foes closing in."""
    said = {m.id: Declared() for m in state.party if m.alive}
    said.update({f.id: Declared(rules.MOVE_NEAR, "melee") for f in fight.foes})
    return {**said, **fight.declared}


def _surprise_lines(action: Action, surprised: Sequence[str]) -> list[Event]:
    if not surprised:
        return []
    if len(surprised) == 2:
        return [note(action, "Both sides are surprised: round 1 is everyone gawking at each other.", level="warn")]
    side = surprised[0]
    return [note(action, f"The {side} {'is' if side == PARTY else 'are'} surprised: they lose round 1.", level="warn")]


@record
class SurpriseSaves:
    """The surprise check by the dice: each surprised combatant saves, and those who pass act in
    round 1 after all. Rolled once, before the first initiative, when one side is surprised."""

    label: ClassVar[str] = "surprise"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        save = ctx.ruleset.combat.surprise_save
        if save is None:
            raise Refused(f"{ctx.ruleset.name} leaves surprise to the 'Smith's call: there is no save against it")
        if not fight.surprised:
            raise Refused("nobody is surprised in this fight")
        if len(fight.surprised) == 2:
            raise Refused("both sides are surprised: round 1 is everyone gawking at each other, and nobody saves")
        if fight.round > 0:
            raise Refused("surprise is checked before the first initiative; this fight is past it")
        if fight.surprise_saves:
            raise Refused("the saves against surprise are already rolled (u takes them back)")
        side = fight.surprised[0]
        if side == PARTY:
            outcomes = _party_surprise_saves(state, ctx, self, save)
        else:
            outcomes = _foes_surprise_saves(state, ctx)
        fight = attrs.evolve(fight, surprise_saves={cid: passed for cid, passed, _ in outcomes})
        acting = sum(passed for _, passed, _ in outcomes)
        head = note(
            self, f"Surprise check: each of the surprised {side} makes a {save} save; who passes acts in round 1."
        )
        tally = note(
            self,
            f"{acting} of {len(outcomes)} shake off the surprise; the rest lose round 1.",
            level="warn" if acting < len(outcomes) else "info",
        )
        return with_fight(state, fight=fight), [head, *(event for _, _, event in outcomes), tally]


def surprise_targets(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """What each surprised combatant will roll, before the dice: `Darla: Rally +0 vs 15`."""
    fight = fighting(state)
    save = ruleset.combat.surprise_save
    if fight is None or save is None or len(fight.surprised) != 1:
        return ()
    if fight.surprised[0] == PARTY:
        source = max((rules.foe_tier(ruleset, kind_of(state, f.kind).hd) for f in fight.standing_foes), default=0)
        return tuple(
            f"{m.name}: {save} {characters.save_bonus(ruleset, m.class_id, m.level, save, m.stats.as_dict())[0]:+d}"
            f" vs {tiers.save_target(ruleset, source, tiers.tier_of(ruleset, m.level))}"
            for m in state.living
        )
    party = max((tiers.tier_of(ruleset, m.level) for m in state.living), default=0)
    return tuple(
        f"{f.name}: {save} {kind_of(state, f.kind).save_bonus:+d}"
        f" vs {tiers.save_target(ruleset, party, rules.foe_tier(ruleset, kind_of(state, f.kind).hd))}"
        for f in fight.standing_foes
    )


def may_save_against_surprise(state: State, ruleset: Ruleset) -> bool:
    """Whether the surprise check by the dice is on offer: one side surprised under a ruleset with
    a save against it, before the first initiative, not yet rolled."""
    fight = fighting(state)
    return (
        fight is not None
        and ruleset.combat.surprise_save is not None
        and len(fight.surprised) == 1
        and fight.round == 0
        and not fight.surprise_saves
    )


def _party_surprise_saves(state: State, ctx: Context, action: Action, save: str) -> list[tuple[str, bool, Event]]:
    """Each living character saves by the sheet against the strongest foe's tier."""
    fight = fight_of(state)
    source = max((rules.foe_tier(ctx.ruleset, kind_of(state, f.kind).hd) for f in fight.standing_foes), default=0)
    found = []
    for member in state.living:
        check = checks.saving_throw(
            ctx.ruleset,
            ctx.dice,
            class_id=member.class_id,
            level=member.level,
            stats=member.stats.as_dict(),
            save=save,
            source_tier=source,
        )
        verdict = "acts in round 1" if check.success else "surprised: no action in round 1"
        text = f"{member.name}: {check.describe()} ({'; '.join(check.reasons)}): {verdict}."
        found.append((member.id, check.success, note(action, text, (check.roll.describe(),))))
    return found


def _foes_surprise_saves(state: State, ctx: Context) -> list[tuple[str, bool, Event]]:
    """Each foe still standing saves with its save bonus, its tier by its Hit Dice against the
    tier of the strongest in the party."""
    source = max((tiers.tier_of(ctx.ruleset, m.level) for m in state.living), default=0)
    found = []
    for foe in fight_of(state).standing_foes:
        kind = kind_of(state, foe.kind)
        own = rules.foe_tier(ctx.ruleset, kind.hd)
        result = rules.surprise_check(ctx.ruleset, ctx.dice, kind.save_bonus, own, source, name=foe.name)
        verdict = "acts in round 1" if result.passed else "surprised: no action in round 1"
        text = f"{foe.name}: {result.save} save vs {result.target} (party Tier {source} vs Tier {own}): {verdict}."
        found.append((foe.id, result.passed, foe_note(text, (result.describe(),))))
    return found


@record
class AddFoes:
    """More foes join the fight under way."""

    label: ClassVar[str] = "fight"
    groups: tuple[FoeGroup, ...]
    hp: str = "rolled"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        if not self.groups:
            raise Refused("no foes to add")
        if self.hp not in HP_METHODS:
            raise Refused(f"Hit Points are rolled or average, not {self.hp!r}")
        grown, state, lines, dice = _new_foes(state, ctx, self.groups, self.hp, fight)
        grown = attrs.evolve(grown, declared=_default_declarations(state, grown))
        return with_fight(state, fight=grown), [note(self, f"More foes: {'; '.join(lines)}.", tuple(dice))]


# ---------------------------------------------------------------------------------- stepping


@record
class FightNext:
    """The one key: roll initiative, or move to the next phase, the other side, the next round."""

    label: ClassVar[str] = "round"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        if fight.pending is not None:
            raise Refused("an attack is waiting for its damage: resolve it first (a in the fight screen)")
        if fight.step == "initiative":
            return _new_round(state, ctx, self)
        left = waiting(state, ctx.ruleset)
        if left:
            names = ", ".join(a.name for a in left)
            raise Refused(f"{_namer(state, fight)} names who takes the next Turn first: {names}")
        step = rules.Step(fight.round, fight.side, rules.Phase(fight.phase, ctx.ruleset.combat.phase_name(fight.phase)))
        following = _busy(state, ctx.ruleset, rules.next_step(ctx.ruleset, step, fight.order, fight.out_of_round_one))
        if following is None:
            done = attrs.evolve(fight, step="initiative", side="", phase="", turn="", taken=(), acted=())
            gone = side_gone(state)
            end = f" The {gone} are beaten: end the fight (x)." if gone == FOES else " Roll for initiative! (space)"
            return with_fight(state, fight=done), [note(self, f"End of round {fight.round}.{end}")]
        return _at(state, fight, following, self)


def _new_round(state: State, ctx: Context, action: Action) -> Result:
    """Top of a round: the leaders roll, the round is counted, effects due end, the winner acts."""
    fight = fight_of(state)
    number = fight.round + 1
    leader = _leader(state, fight)
    result = rules.roll_initiative(
        ctx.ruleset,
        ctx.dice,
        leader_stats=leader.stats.as_dict(),
        party_count=standing(state, PARTY),
        foe_count=standing(state, FOES),
        foe_modifier=fight.foe_initiative,
        last_winner=fight.last_winner or None,
    )
    _, mods = rules.initiative_modifier(ctx.ruleset, leader.stats.as_dict())
    dice = tuple(r.describe() for r in result.rolls)
    head = note(action, f"Round {number}. Initiative ({leader.name} for the party, {mods}): {result.explanation}", dice)
    said = {cid: attrs.evolve(d, stay_put_used=False) for cid, d in fight.declared.items()}
    fight = attrs.evolve(
        fight,
        round=number,
        order=result.order,
        last_winner=result.winner,
        initiative=result.explanation,
        declared=said,
        attacked=(),
        laid_down=(),
    )
    state = attrs.evolve(state, clock=attrs.evolve(state.clock, rounds=state.clock.rounds + 1))
    state, ended = effects.expire(state, action.label)
    state = with_fight(state, fight=fight)
    first = _busy(state, ctx.ruleset, rules.first_step(ctx.ruleset, number, fight.order, fight.out_of_round_one))
    if first is None and fight.round == 1 and len(fight.surprised) == 2:
        gawk = note(action, "Everyone is surprised: the round passes in gawking. Roll for initiative! (space)")
        return with_fight(state, fight=attrs.evolve(fight, step="initiative")), [head, *ended, gawk]
    if first is None:
        idle = note(action, "Nobody has anything declared this round. Roll for initiative! (space)")
        return with_fight(state, fight=attrs.evolve(fight, step="initiative")), [head, *ended, idle]
    state, events = _at(state, fight, first, action)
    return state, [head, *ended, *events]


def _busy(state: State, ruleset: Ruleset, step: rules.Step | None) -> rules.Step | None:
    """The first step from `step` on where someone acts, or the foes' morale is due: the 'Smith
    calls out every phase, but the key need not stop where nobody has anything to do."""
    fight = fight_of(state)
    while step is not None:
        here = attrs.evolve(fight, step="phase", side=step.side, phase=step.phase.id)
        probe = with_fight(state, fight=here)
        if _due(probe, ruleset) or morale_due(probe, ruleset):
            return step
        step = rules.next_step(ruleset, step, fight.order, fight.out_of_round_one)
    return None


def _leader(state: State, fight: Fight) -> Character:
    """The leader who rolls; if they have fallen, the first one standing takes over."""
    living = [m for m in state.party if m.alive]
    if not living:
        raise Refused("nobody in the party is left to roll initiative")
    up = [m for m in living if m.status == "ok"] or living
    return next((m for m in up if m.id == fight.leader), up[0])


def _at(state: State, fight: Fight, step: rules.Step, action: Action) -> Result:
    """Stand the fight on `step`, and say who acts there."""
    fight = attrs.evolve(fight, step="phase", side=step.side, phase=step.phase.id, turn="", taken=(), acted=())
    state = with_fight(state, fight=fight)
    return state, [note(action, f"{step.describe().rstrip('.')}.")]


def _namer(state: State, fight: Fight) -> str:
    """Who names the next Turn: the party's Leader (by name), or the 'Smith for the foes."""
    if fight.side != PARTY:
        return "The 'Smith"
    return f"The Leader ({_leader(state, fight).name})"


@record
class NameTurn:
    """The Leader (or the 'Smith, for the foes) names who takes the next Turn of their side."""

    label: ClassVar[str] = "turn"
    combatant_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        if not ctx.ruleset.combat.one_at_a_time:
            raise Refused(f"{ctx.ruleset.name} has no Turns to name: everyone acts in their phase")
        if fight.step != "phase":
            raise Refused("roll for initiative first (space)")
        if fight.pending is not None:
            raise Refused("an attack is waiting for its damage: resolve it first (a in the fight screen)")
        left = {a.id: a for a in waiting(state, ctx.ruleset)}
        if self.combatant_id not in left:
            names = ", ".join(a.name for a in left.values()) or "nobody"
            raise Refused(f"{name_of(state, self.combatant_id)} cannot take the next Turn (still to act: {names})")
        chosen = left[self.combatant_id]
        said = declared(fight, chosen.id)
        fight = attrs.evolve(fight, turn=chosen.id, taken=(*fight.taken, chosen.id))
        how = rules.turn_words(said.movement, said.act_first)
        move = rules.MOVEMENT_NAMES.get(said.movement, said.movement)
        what = move if said.movement == rules.MOVE_FAR else f"{move}, {said.action}"
        text = f"{_namer(state, fight)} names {chosen.name} for the next Turn: {how} ({what})."
        return with_fight(state, fight=fight), [note(self, text)]


@record
class Declare:
    """A combatant's declaration for the round: Stay Put, Move Near or Move Far, and the action."""

    label: ClassVar[str] = "declare"
    combatant_id: str
    movement: str
    action: str
    act_first: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        side_of(state, self.combatant_id)
        try:
            moving = rules.declare_movement(ctx.ruleset, self.movement, 0)
            slot = rules.action_phase(ctx.ruleset, self.action, self.movement)
        except ValueError as error:
            raise Refused(str(error)) from None
        if slot.phase is None and moving.may_act:
            raise Refused(slot.explanation)
        if self.act_first and not (ctx.ruleset.combat.one_at_a_time and self.movement == rules.MOVE_NEAR):
            raise Refused("only a Move Near on one's own Turn can come after the action")
        before = declared(fight, self.combatant_id)
        said = attrs.evolve(before, movement=self.movement, action=self.action, act_first=self.act_first)
        fight = attrs.evolve(fight, declared={**fight.declared, self.combatant_id: said})
        what = slot.explanation if moving.may_act else "No action this round."
        if ctx.ruleset.combat.one_at_a_time:
            what = f"On the Turn the Leader names: {rules.turn_words(self.movement, self.act_first)}."
        text = f"{name_of(state, self.combatant_id)}: {moving.name}, {self.action}. {what}"
        return with_fight(state, fight=fight), [note(self, text)]


# ---------------------------------------------------------------------------------- attacks


def plan_attack(
    state: State,
    ruleset: Ruleset,
    attacker_id: str,
    kind: str = "melee",
    *,
    two_handed: bool = False,
    two_weapons: bool = False,
    dark: bool | None = None,
    net: int = 0,
    unseen: str = "",
    inner_strength: bool = False,
) -> rules.AttackPlan:
    """What the attacker will throw: a character's class and level, or a foe's entered numbers;
    darkness as `in_the_dark` has it unless the 'Smith says otherwise for this attack.

    A character's class abilities join the plan with their lines: Stabbity! when the attack has
    the edge (`net`) or the foe does not see it coming (`unseen`), Sudden Inner Strength's bigger
    damage die, a rage's immunity to fumbles.
    """
    in_dark = in_the_dark(state, attacker_id) if dark is None else dark
    fight = fight_of(state)
    if any(f.id == attacker_id for f in fight.foes):
        foe = fight.foe(attacker_id)
        k = kind_of(state, foe.kind)
        return rules.plan_foe_attack(
            ruleset, k.attack_dice, k.attack_bonus, k.damage_die, kind=kind, dark=in_dark, name=foe.name
        )
    plan, _ = _character_plan(
        state, ruleset, attacker_id, kind, two_handed, two_weapons, in_dark, net, unseen, inner_strength
    )
    return plan


def in_the_dark(state: State, combatant_id: str) -> bool:
    """Whether the party's dark hampers this combatant: every character ("none of the base classes
    in HAMMERCRAWL! can see in the dark"), and a foe only of a kind the 'Smith marked light-blind."""
    if not is_dark(state):
        return False
    fight = fight_of(state)
    if any(f.id == combatant_id for f in fight.foes):
        return kind_of(state, fight.foe(combatant_id).kind).light_blind
    return True


def _character_plan(
    state: State,
    ruleset: Ruleset,
    attacker_id: str,
    kind: str,
    two_handed: bool,
    two_weapons: bool,
    in_dark: bool,
    net: int,
    unseen: str,
    inner_strength: bool,
) -> tuple[rules.AttackPlan, tuple[str, ...]]:
    """A character's plan, and the lines of the class abilities in it for the attack's log."""
    member = _member(state, attacker_id)
    gift = abilities.inner_strength(ruleset, member.class_id) if inner_strength else None
    if inner_strength and gift is None:
        raise Refused(f"{member.name} has no Sudden Inner Strength")
    plan = rules.plan_character_attack(
        ruleset,
        member.class_id,
        member.level,
        member.stats.as_dict(),
        kind,
        dark=in_dark,
        two_handed=two_handed,
        two_weapons=two_weapons,
        damage_steps=gift.steps if gift is not None else 0,
        name=member.name,
    )
    strength = abilities.inner_strength_line(gift) if gift is not None else ""
    if strength:
        plan = attrs.evolve(plan, lines=(*plan.lines, strength))
    try:
        stab = abilities.stabbity(ruleset, member.class_id, member.level, kind, net, unseen)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    raging = rage.is_raging(state, ruleset, member.id)
    plan = abilities.with_rage(ruleset, abilities.with_stab(plan, stab), member.class_id, kind, raging)
    fury = abilities.rage_attack_line(ruleset, member.class_id, kind, raging)
    return plan, tuple(line for line in (strength, stab.line if stab else "", fury) if line)


def _attacker_edges(state: State, ruleset: Ruleset, attacker_id: str, kind: str) -> tuple[int, int]:
    """A raging Berserker's modifier dice: up on the damage, down on a crit's Luck saves."""
    member = next((m for m in state.party if m.id == attacker_id), None)
    if member is None or not rage.is_raging(state, ruleset, member.id):
        return 0, 0
    save = ruleset.combat.critical.chain_save or "Luck"
    luck, _ = abilities.rage_save_edge(ruleset, member.class_id, save, True)
    return abilities.rage_damage_net(ruleset, member.class_id, kind, True), luck


def _spend_inner_strength(state: State, ruleset: Ruleset, attacker_id: str) -> tuple[State, str]:
    """Sudden Inner Strength's Hit Point, spent before the dice are thrown."""
    member = _member(state, attacker_id)
    try:
        cost = abilities.inner_strength_cost(ruleset, member.class_id, member.hp)
    except ValueError as problem:
        raise Refused(f"{member.name}: {problem}") from None
    spent = attrs.evolve(member, hp=member.hp - cost)
    text = f"{member.name} spends {cost} HP on Sudden Inner Strength ({member.hp} -> {spent.hp})"
    return attrs.evolve(state, party=replace_member(state.party, spent)), text


SHIELD_LOST = "Shield's Defense lost"
"""The effect a Fighter's Shield Bash leaves on them until their next combat turn."""


def target_ac(state: State, target_id: str, ruleset: Ruleset | None = None) -> int:
    """The AC an attack is thrown against: a foe's kind's, or the character's, less the shield's
    bonus while a Shield Bash has cost it ("lose the shield's Defense bonus until their next
    combat turn")."""
    fight = fight_of(state)
    if any(f.id == target_id for f in fight.foes):
        return kind_of(state, fight.foe(target_id).kind).ac
    member = _member(state, target_id)
    lost = (
        ruleset is not None
        and ruleset.shield is not None
        and sheet_of(state, member.id).shield
        and SHIELD_LOST in _effects_on(state, target_id)
    )
    return member.ac - (ruleset.shield.ac if lost and ruleset is not None and ruleset.shield is not None else 0)


def _member(state: State, character_id: str) -> Character:
    try:
        return state.character(character_id)
    except KeyError:
        raise Refused(f"nobody {character_id!r} is in this fight") from None


def _tier(state: State, ruleset: Ruleset, combatant_id: str) -> int:
    fight = fight_of(state)
    if any(f.id == combatant_id for f in fight.foes):
        return rules.foe_tier(ruleset, kind_of(state, fight.foe(combatant_id).kind).hd)
    return tiers.tier_of(ruleset, _member(state, combatant_id).level)


def _luck(state: State, ruleset: Ruleset, attacker_id: str, target_id: str) -> tuple[int, int]:
    """The crit chain's Luck save (Book Three): the attacker's bonus, and the target by tiers."""
    target = tiers.save_target(ruleset, _tier(state, ruleset, target_id), _tier(state, ruleset, attacker_id))
    if side_of(state, attacker_id) == FOES:
        return kind_of(state, fight_of(state).foe(attacker_id).kind).save_bonus, target
    member = _member(state, attacker_id)
    save = ruleset.combat.critical.chain_save or "Luck"
    bonus, _ = characters.save_bonus(ruleset, member.class_id, member.level, save, member.stats.as_dict())
    return bonus, target


def _able(state: State, combatant_id: str) -> None:
    fight = fight_of(state)
    if any(f.id == combatant_id for f in fight.foes):
        if not fight.foe(combatant_id).standing:
            raise Refused(f"{fight.foe(combatant_id).name} is already beaten")
        return
    member = _member(state, combatant_id)
    if not member.alive:
        raise Refused(f"{member.name} is dead")


@record
class Attack:
    """Throw an attack: every attack die and the one damage die, shown before anything lands.

    `net` is the modifier dice on the attack dice (Advantage, Boons), `damage_net` on the damage
    (a raging Berserker's edge is added to it); `dark` overrides the session's darkness for this
    attacker. `unseen` says how the target does not see the blow coming (from behind, surprised,
    hidden: a Thief's Stabbity!); `inner_strength` spends a Halfling's Hit Point on a bigger
    damage die.
    """

    label: ClassVar[str] = "attack"
    attacker: str
    target: str
    kind: str = "melee"
    two_handed: bool = False
    two_weapons: bool = False
    net: int = 0
    damage_net: int = 0
    dark: bool | None = None
    unseen: str = ""
    inner_strength: bool = False
    out_of_turn: str = ""
    unarmed: bool = False
    """Book Three: hands empty of weapons; half damage, and a Bane against an armed target."""
    target_armed: bool = True
    banes: tuple[str, ...] = ()
    """Book Three's Banes of range and of missiles in melee, by id (`special_attacks.SITUATIONAL_BANES`)."""
    defends: bool = False
    """The target, attacked before it has acted this turn, takes a Defensive Action now."""

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        if fight.pending is not None:
            raise Refused("the last attack is still waiting for its damage: resolve it first")
        if fight.surprised_now(self.attacker):
            raise Refused(
                f'{name_of(state, self.attacker)} is surprised: "surprised and thus cannot take actions in the first'
                ' round of combat" (Surprise Check)'
            )
        problem = turn_problem(state, ctx.ruleset, self.attacker)
        if problem and not self.out_of_turn.strip():
            raise Refused(f"{problem}: an attack out of turn needs the 'Smith's reason")
        kinds = ctx.ruleset.combat.attack_kinds
        if self.kind not in kinds:
            raise Refused(f"an attack is {' or '.join(kinds)}, not {self.kind!r}")
        _able(state, self.attacker)
        _able(state, self.target)
        if self.attacker == self.target:
            raise Refused("nobody attacks themselves here (a Berserker's self-inflicted point to rage is g)")
        gifts: tuple[str, ...] = ()
        if side_of(state, self.attacker) == PARTY:
            in_dark = is_dark(state) if self.dark is None else self.dark
            plan, gifts = _character_plan(
                state,
                ctx.ruleset,
                self.attacker,
                self.kind,
                self.two_handed,
                self.two_weapons,
                in_dark,
                self.net,
                self.unseen,
                self.inner_strength,
            )
        else:
            plan = plan_attack(state, ctx.ruleset, self.attacker, self.kind, dark=self.dark)
        if not plan.can_attack:
            raise Refused(f"{plan.attacker} cannot attack: {'; '.join(plan.lines)}")
        state, banes, bane_lines = self._banes(state, ctx)
        state, edge, edge_lines = _bash_effects(state, ctx.ruleset, self.attacker, self.target)
        banes -= edge
        bane_lines = (*bane_lines, *edge_lines)
        if self.unarmed:
            plan = attrs.evolve(plan, halved=True, lines=(*plan.lines, "unarmed: damage halved, rounded down"))
        gifts = (*gifts, *bane_lines)
        spent = ""
        if self.inner_strength:
            state, spent = _spend_inner_strength(state, ctx.ruleset, self.attacker)
        ac = target_ac(state, self.target, ctx.ruleset)
        bonus, luck_target = _luck(state, ctx.ruleset, self.attacker, self.target)
        damage_edge, luck_edge = _attacker_edges(state, ctx.ruleset, self.attacker, self.kind)
        result = rules.resolve_attack(
            ctx.ruleset,
            ctx.dice,
            plan,
            ac,
            net=self.net - banes,
            damage_net=self.damage_net + damage_edge,
            luck_bonus=bonus,
            luck_target=luck_target,
            luck_net=luck_edge,
        )
        chains = tuple(d.luck_saves for d in result.dice)
        stay = _stay_put_ready(fight, ctx, self.attacker)
        pending = PendingAttack(
            self.attacker,
            self.target,
            plan,
            ac,
            tuple(d.roll for d in result.dice),
            result.damage_roll,
            chains,
            stay,
            luck_target,
            result.pool,
        )
        acting = {a.id for a in actors(state, ctx.ruleset)}
        fight = attrs.evolve(
            fight,
            pending=pending,
            acted=(*fight.acted, self.attacker) if self.attacker in acting else fight.acted,
            attacked=(*fight.attacked, self.attacker),
            last_target={**fight.last_target, self.attacker: self.target},
        )
        text = f"{plan.attacker} attacks {name_of(state, self.target)}: " + "; ".join((*gifts, *result.lines))
        if spent:
            text = f"{spent}. {text}"
        if stay:
            text += f". Stay Put: +{ctx.ruleset.modifier_dice.stay_put_bonus} to one die"
        if problem:
            text += f". Out of turn ({problem}): {self.out_of_turn.strip()}"
        return with_fight(state, fight=fight), [note(self, text + ".", result.dice_words)]

    def _banes(self, state: State, ctx: Context) -> tuple[State, int, tuple[str, ...]]:
        """Book Three's Banes on the attack dice, each with its line: range and missiles in melee,
        an unarmed attack on an armed target, and the target's Defensive Action (declared now, or
        already taken) unless the blow comes from unawares."""
        wanted = self.unarmed or self.banes or self.defends
        if not wanted:
            return _defensive_banes(state, ctx.ruleset, self.target, self.unseen)
        try:
            count, lines = specials_rules.situational_banes(ctx.ruleset, self.banes)
            unarmed = specials_rules.unarmed_banes(ctx.ruleset, self.target_armed) if self.unarmed else 0
        except ValueError as problem:
            raise Refused(str(problem)) from None
        if unarmed:
            lines = (*lines, f"{unarmed} Bane: unarmed against an armed foe")
        if self.defends:
            state = _defending(state, ctx, self.target)
            lines = (*lines, f"{name_of(state, self.target)} takes a Defensive Action, giving up its action this turn")
        state, defensive, defensive_lines = _defensive_banes(state, ctx.ruleset, self.target, self.unseen)
        return state, count + unarmed + defensive, (*lines, *defensive_lines)


def _defending(state: State, ctx: Context, combatant_id: str) -> State:
    """The Defensive Action hung on the defender for a round: "you are in a Defensive state until
    the beginning of your next turn" (a round's effect ends at the next initiative)."""
    special = ctx.ruleset.combat.special_attacks
    if special is None or not special.defensive_action:
        raise Refused(f"{ctx.ruleset.name} has no Defensive Action")
    if any(e.on == combatant_id and e.name == specials_rules.DEFENSIVE_ACTION for e in state.effects):
        raise Refused(f"{name_of(state, combatant_id)} is already in a Defensive Action")
    state, _ = effects.add(
        state, specials_rules.DEFENSIVE_ACTION, combatant_id, effects.ROUND, 1, "Banes on attacks it sees coming"
    )
    return state


@record
class DefensiveAction:
    """A combatant spends its action on defence: every attack it sees coming suffers Banes by its
    Hit Die's step until its next turn (Book Three, Defensive Action)."""

    label: ClassVar[str] = "defend"
    combatant_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        _able(state, self.combatant_id)
        state = _defending(state, ctx, self.combatant_id)
        _, banes, _ = _defensive_banes(state, ctx.ruleset, self.combatant_id, "")
        who = name_of(state, self.combatant_id)
        text = (
            f"{who} takes a Defensive Action: attacks {who} sees coming"
            f" suffer {banes} Bane{'s' if banes != 1 else ''} until its next turn."
        )
        return state, [note(self, text)]


def _effects_on(state: State, who: str) -> list[str]:
    return [e.name for e in state.effects if e.on == who]


def _bash_effects(state: State, ruleset: Ruleset, attacker: str, target: str) -> tuple[State, int, tuple[str, ...]]:
    """Special attacks' effects where they are played: Dazed (or a Tactical Attack's Bane) hinders
    the attacker; Knocked down (or a Tactical Attack's opening) helps the next attack on the
    target and is spent by it."""
    if ruleset.combat.special_attacks is None:
        return state, 0, ()
    net, lines, spent = specials_rules.effect_dice(_effects_on(state, attacker), _effects_on(state, target))
    if spent:
        state = attrs.evolve(state, effects=tuple(e for e in state.effects if not (e.on == target and e.name in spent)))
    return state, net, lines


def _defensive_banes(state: State, ruleset: Ruleset, target: str, unseen: str) -> tuple[State, int, tuple[str, ...]]:
    """The Banes of a target in its Defensive Action: by its Hit Die's step (a foe's damage die
    stands for it), none for an attack from unawares."""
    special = ruleset.combat.special_attacks
    if special is None or not special.defensive_action:
        return state, 0, ()
    if not any(e.on == target and e.name == specials_rules.DEFENSIVE_ACTION for e in state.effects):
        return state, 0, ()
    who = name_of(state, target)
    if unseen.strip():
        return state, 0, (f"{who}'s Defensive Action does not count: the attack comes from unawares ({unseen})",)
    fight = fight_of(state)
    if any(f.id == target for f in fight.foes):
        die = kind_of(state, fight.foe(target).kind).damage_die
    else:
        die = ruleset.classes[_member(state, target).class_id].hit_die
    banes = specials_rules.defensive_banes(die)
    return state, banes, (f"{banes} Bane{'s' if banes != 1 else ''}: {who}'s Defensive Action (Hit Die d{die})",)


def _stay_put_ready(fight: Fight, ctx: Context, attacker: str) -> bool:
    said = declared(fight, attacker)
    return bool(ctx.ruleset.modifier_dice.stay_put_bonus) and said.movement == rules.STAY_PUT and not said.stay_put_used


def pending_result(
    state: State, ruleset: Ruleset, stay_put: str = "auto", target: str = ""
) -> rules.AttackResult | None:
    """The attack waiting to land, as the dice read with Stay Put's +1 where it is put: "auto"
    (where it helps most against the thrown target), "none", "damage" or an attack die's number
    from 1; against `target`'s AC where the dice are moved to another."""
    fight = fighting(state)
    if fight is None or fight.pending is None:
        return None
    pending = fight.pending
    ac = pending.target_ac if target in ("", pending.target) else target_ac(state, target, ruleset)
    die = _stay_put_choice(ruleset, pending, stay_put)
    return rules.evaluate(ruleset, pending.plan, ac, pending.rolls, pending.damage, pending.chains, die, pending.pool)


def _stay_put_choice(ruleset: Ruleset, pending: PendingAttack, stay_put: str) -> rules.StayPutDie:
    """Where Stay Put's +1 goes: "auto" read against the thrown target, so every target's dice
    carry it on the same one."""
    die = _stay_put_die(stay_put)
    if isinstance(die, int) and die >= len(pending.rolls):
        raise Refused(f"there is no attack die {die + 1}: this attack threw {len(pending.rolls)}")
    if not pending.stay_put or die is None:
        return None
    if die == "auto":
        bare = rules.evaluate(
            ruleset, pending.plan, pending.target_ac, pending.rolls, pending.damage, pending.chains, None, pending.pool
        )
        return rules.best_stay_put(ruleset, bare)
    return die


def aimed(state: State, ruleset: Ruleset, stay_put: str, aims: Sequence[str]) -> list[tuple[str, rules.AttackResult]]:
    """The waiting attack's dice split between targets (`aims`: each die's target in order, none
    for all on the thrown target): each target with the dice aimed at it, read against its AC.

    Book Three: "You can then assign the dice as you see fit between basic attacks and special
    attacks ... against any targets that are valid." A crit's chain of Luck saves stands as thrown.
    """
    pending = fight_of(state).pending
    if pending is None:
        return []
    aims = tuple(aims) or (pending.target,) * len(pending.rolls)
    if len(aims) != len(pending.rolls):
        raise Refused(f"this attack threw {len(pending.rolls)} attack dice: a target for each, not {len(aims)}")
    found = []
    for target in dict.fromkeys(aims):
        if target != pending.target:
            _able(state, target)
            if target == pending.attacker:
                raise Refused("nobody attacks themselves here")
        whole = pending_result(state, ruleset, stay_put, target)
        assert whole is not None
        kept = tuple(
            d if aim == target else attrs.evolve(d, hit=False, critical=False, fumble=False, damage=0)
            for d, aim in zip(whole.dice, aims, strict=True)
        )
        found.append((target, attrs.evolve(whole, dice=kept)))
    return found


@record
class ResolveAttack:
    """The thrown attack lands: Stay Put's +1 placed, crits doubled or traded for an effect, and
    the damage dealt, to a foe's HP or through the roster's rules to a character.

    `stay_put` is "auto" (where it helps most), "none", "damage" or an attack die's number from 1.
    `narrative` lists the crit dice (from 1) that take the 'Smith's effect instead of the extra
    damage, described in `effect`. `not_today` spends a Fighter's Not Today! on this blow; where
    the dice are split, only on the target the attack was thrown at (the decision
    `split_dice`).
    """

    label: ClassVar[str] = "attack"
    stay_put: str = "auto"
    narrative: tuple[int, ...] = ()
    effect: str = ""
    not_today: bool = False
    aims: tuple[str, ...] = ()
    """Each attack die's target in order, where the dice go elsewhere than the thrown target."""
    specials: tuple[str, ...] = ()
    """Each attack die's use in order (Book Three): "" a basic attack, "bash" a Shield Bash, or a
    Tactical Attack by the save against it ("Mind", "Body"); none for all basic."""
    bash_effects: tuple[str, ...] = ("dazed",)
    """The Shield Bash's effects, by id, in the order the shield-bearer picks them."""
    tactical_effect: str = specials_rules.TACTICAL_EFFECTS[0]
    tactical_weapon: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        pending = fight.pending
        if pending is None:
            raise Refused("no attack is waiting to land")
        split = aimed(state, ctx.ruleset, self.stay_put, self.aims)
        declared_uses = _declared_uses(state, ctx.ruleset, pending, self.specials, split)
        special_dice = {n: use for n, use in declared_uses.items() if use}
        special_reads = {n: self._special_read(state, ctx, pending, n) for n in special_dice}
        split = [(target, _basic_only(result, special_dice)) for target, result in split]
        crits = {n for _, result in split for n, d in enumerate(result.dice, 1) if d.critical}
        _landed(ctx, split[0][1], set(self.narrative) - crits, self.effect)  # refuses a die that is no crit
        landing = [
            (
                target,
                *_landed(
                    ctx,
                    result,
                    crits & {n for n, d in enumerate(result.dice, 1) if d.critical} & set(self.narrative),
                    self.effect,
                ),
            )
            for target, result in split
        ]
        said = declared(fight, pending.attacker)
        if split[0][1].stay_put is not None:
            said = attrs.evolve(said, stay_put_used=True)
        first = split[0][0]
        fight = attrs.evolve(
            fight,
            pending=None,
            declared={**fight.declared, pending.attacker: said},
            last_target={**fight.last_target, pending.attacker: first},
        )
        state = with_fight(state, fight=fight)
        head = "; ".join(f"on {name_of(state, target)}: {words.removesuffix('.')}" for target, _, words in landing)
        events = [note(self, f"{pending.plan.attacker} {head}.")]
        fumbles = [n for _, result in split for n, d in enumerate(result.dice, 1) if d.fumble]
        events += [
            note(
                self,
                f"Fumble! {pending.plan.attacker}'s die {n} comes up 1: the 'Smith names the mishap.",
                level="warn",
            )
            for n in fumbles
        ]
        if self.not_today and not any(amount for target, amount, _ in landing if target == pending.target):
            raise Refused("no damage landed, so there is nothing to say Not Today! to")
        for target, amount, _ in landing:
            if amount:
                not_today = self.not_today and target == pending.target
                state, hurt = _hurt(state, ctx, target, amount, pending.plan.attacker, self, not_today)
                events += hurt
        for n, use in special_dice.items():
            state, landed = self._special(state, ctx, pending, n, use, *special_reads[n])
            events += landed
        return state, events

    def _special_read(
        self, state: State, ctx: Context, pending: PendingAttack, n: int
    ) -> tuple[str, rules.AttackResult]:
        """Die `n`'s target, and the attack as read against it, before the attack stops waiting."""
        target = self.aims[n - 1] if self.aims else pending.target
        whole = pending_result(state, ctx.ruleset, self.stay_put, target)
        assert whole is not None
        return target, whole

    def _special(
        self,
        state: State,
        ctx: Context,
        pending: PendingAttack,
        n: int,
        use: str,
        target: str,
        whole: rules.AttackResult,
    ) -> Result:
        """Die `n` as a Shield Bash or a Tactical Attack: the target's save, then the damage and
        the effects a failed save earns, each hung on the target for a round."""
        die = whole.dice[n - 1]
        attacker = next((m for m in state.party if m.id == pending.attacker), None)
        if use == specials_rules.SHIELD_BASH:
            save = ctx.ruleset.combat.special_attacks.bash_save  # type: ignore[union-attr]
            outcome = specials_rules.shield_bash(
                ctx.ruleset, ctx.dice, n, die, whole.damage_per_hit, _save_bonus(state, ctx.ruleset, target, save)
            )
            names = [specials_rules.BASH_EFFECTS[e] for e in self.bash_effects[: outcome.effects]]
        else:
            boons = ctx.ruleset.classes[attacker.class_id].tactical_boons if attacker else 0
            bonus = _save_bonus(state, ctx.ruleset, target, use)
            outcome = specials_rules.tactical(ctx.ruleset, ctx.dice, n, die, use, bonus, boons, self.tactical_weapon)
            what = self.tactical_effect.strip() or specials_rules.TACTICAL_EFFECTS[0]
            names = [(what, "Tactical Attack")] * min(outcome.effects, 1)
        line = f"{pending.plan.attacker}: {outcome.describe(name_of(state, target))}"
        events = [note(self, line + ".", tuple(r.describe() for r in outcome.rolls))]
        if outcome.damage:
            state, hurt = _hurt(state, ctx, target, outcome.damage, pending.plan.attacker, self, False)
            events += hurt
        for name, words in names:
            state, _ = effects.add(state, name, target, effects.ROUND, 1, words)
            events.append(note(self, f"{name_of(state, target)}: {name} ({words}), 1 round."))
        if outcome.effects > len(names):
            more = outcome.effects - len(names)
            events.append(
                note(
                    self,
                    f"{more} more effect{'s' if more != 1 else ''} earned by the crit's multiplier:"
                    " the 'Smith adds and stacks them.",
                    level="warn",
                )
            )
        if (
            use == specials_rules.SHIELD_BASH
            and attacker
            and ctx.ruleset.classes[attacker.class_id].shield_bash == "loses_shield"
        ):
            state, _ = effects.add(
                state, SHIELD_LOST, attacker.id, effects.ROUND, 1, "Shield Bash: until the next combat turn"
            )
            events.append(note(self, f"{attacker.name} loses the shield's Defense bonus until their next combat turn."))
        return state, events


def _declared_uses(
    state: State,
    ruleset: Ruleset,
    pending: PendingAttack,
    uses: Sequence[str],
    split: Sequence[tuple[str, rules.AttackResult]],
) -> dict[int, str]:
    """Each die's use (from 1), refused where the rules do not allow it: special attacks only where
    the ruleset has them and in melee; one Shield Bash, on a hit, by a class with it."""
    if not uses or not any(uses):
        return {}
    if len(uses) != len(pending.rolls):
        raise Refused(f"this attack threw {len(pending.rolls)} attack dice: a use for each, not {len(uses)}")
    allowed = specials_rules.uses(ruleset)
    bad = [u for u in uses if u not in allowed]
    if bad:
        if ruleset.combat.special_attacks is None:
            raise Refused(f"{ruleset.name} has no special attacks: every die is a basic attack")
        raise Refused(
            f"a die is a basic attack, a Shield Bash or a Tactical Attack by {' or '.join(allowed[2:])}, not {bad[0]!r}"
        )
    if pending.plan.kind != "melee":
        raise Refused("a Shield Bash or a Tactical Attack is a melee attack, not a " + pending.plan.kind)
    bashes = [n for n, u in enumerate(uses, 1) if u == specials_rules.SHIELD_BASH]
    if bashes:
        member = next((m for m in state.party if m.id == pending.attacker), None)
        if member is None or ruleset.classes[member.class_id].shield_bash is None:
            raise Refused(
                f"{pending.plan.attacker} has no Shield Bash:"
                ' "available to Dwarves and Fighters using any non-tower shield"'
            )
        if pending.plan.halved:
            raise Refused("an unarmed attacker has no shield in hand to bash with")
        if len(bashes) > 1:
            raise Refused(
                'only one of the hits can be a Shield Bash: "declare one of their successful hits as a Shield Bash"'
            )
        hit = any(result.dice[bashes[0] - 1].hit for _, result in split)
        if not hit:
            raise Refused(f"die {bashes[0]} missed: only a successful hit can be a Shield Bash")
    return dict(enumerate(uses, 1))


def _basic_only(result: rules.AttackResult, specials: dict[int, str]) -> rules.AttackResult:
    """The attack with the dice declared special taken out of the basic attacks' damage."""
    if not specials:
        return result
    kept = tuple(
        attrs.evolve(d, hit=False, critical=False, damage=0) if n in specials else d
        for n, d in enumerate(result.dice, 1)
    )
    return attrs.evolve(result, dice=kept)


def _save_bonus(state: State, ruleset: Ruleset, combatant_id: str, save: str) -> int:
    """A target's bonus on a save: a foe's entered save bonus, a character's by the sheet."""
    fight = fight_of(state)
    if any(f.id == combatant_id for f in fight.foes):
        return kind_of(state, fight.foe(combatant_id).kind).save_bonus
    member = _member(state, combatant_id)
    return characters.save_bonus(ruleset, member.class_id, member.level, save, member.stats.as_dict())[0]


def _stay_put_die(text: str) -> rules.StayPutDie | str:
    if text == "auto":
        return "auto"
    if text in ("none", ""):
        return None
    if text == "damage":
        return "damage"
    if text.isdigit() and int(text) >= 1:
        return int(text) - 1
    raise Refused(f"Stay Put goes on auto, none, damage or a die number, not {text!r}")


def _landed(ctx: Context, result: rules.AttackResult, narrative: Iterable[int], effect: str) -> tuple[int, str]:
    """The damage the attack deals and its line, with crits traded for the 'Smith's effect."""
    traded = set(narrative)
    crits = {n for n, d in enumerate(result.dice, 1) if d.critical}
    if traded - crits:
        raise Refused(
            "only a critical die can take an effect instead:"
            f" die {', '.join(map(str, sorted(traded - crits)))} is not one"
        )
    if traded and not ctx.ruleset.combat.critical.narrative_option:
        raise Refused(f"{ctx.ruleset.name} has no narrative crit: the multiplier stands")
    if traded and not effect.strip():
        raise Refused("say what the crit does instead of the extra damage")
    amount = result.damage_trading(traded)
    parts = [f"{result.hits} hit{'s' if result.hits != 1 else ''}"]
    if result.stay_put is not None:
        where = "the damage" if result.stay_put == "damage" else f"die {int(result.stay_put) + 1}"
        parts.append(f"Stay Put +{result.stay_put_bonus} on {where}")
    if result.criticals:
        parts.append(f"{result.criticals} critical")
    if traded:
        parts.append(f"crit effect instead of damage: {effect.strip()}")
    return amount, ", ".join(parts) + f", {amount} damage."


def _hurt(state: State, ctx: Context, target: str, amount: int, source: str, action: Action, not_today: bool) -> Result:
    """Damage to a foe's HP (struck off at 0) or to a character by the roster's rules."""
    fight = fight_of(state)
    if any(f.id == target for f in fight.foes):
        foe = fight.foe(target)
        if not foe.standing:
            return state, [note(action, f"{foe.name} was struck off before the blow landed.")]
        return _hurt_foe(state, foe, amount, action)
    member = next((m for m in state.party if m.id == target), None)
    if member is None or not member.alive:
        who = member.name if member else "The target"
        return state, [note(action, f"{who} was already dead before the blow landed.")]
    if not_today:
        if not can_say_not_today(state, member, amount):
            raise Refused(f"{member.name} has no Not Today! for this blow")
        outcome = damage.not_today(vitals_of(state, member), amount)
        state, hurt = with_vitals(spend_use(state, member.id, NOT_TODAY), member, outcome.vitals)
        left = uses_left(state, member.id, NOT_TODAY)
        text = f"{member.name} takes {amount}: {', '.join(outcome.lines)} ({left} left)."
        return attrs.evolve(state, party=replace_member(state.party, hurt)), [note(action, text)]
    outcome = damage.take_damage(vitals_of(state, member), amount, zero_hp_rule(state, ctx.ruleset))
    state, hurt = with_vitals(state, member, outcome.vitals)
    new, events = settle(state, member, hurt, source, action, DOWN)
    new, raged = rage.when_hurt(new, ctx, member.id, action)
    return new, [note(action, hurt_text(member.name, amount, outcome, member.max_hp)), *events, *raged]


def _hurt_foe(state: State, foe: Foe, amount: int, action: Action) -> Result:
    hp = max(0, foe.hp - amount)
    beaten = hp == 0
    new = _with_foe(state, attrs.evolve(foe, hp=hp, status="defeated" if beaten else foe.status))
    text = f"{foe.name} takes {amount}: " + ("down and struck off." if beaten else f"{hp}/{foe.max_hp} HP left.")
    events = [foe_note(text)]
    if beaten and side_gone(new) == FOES:
        events.append(note(action, "The last foe falls! End the fight (x) for Loot time."))
    return new, events


@record
class HurtFoe:
    """Damage (or, negative, healing) to a foe from anything but an attack: a spell, a trap, a fall."""

    label: ClassVar[str] = "damage"
    foe_id: str
    amount: int
    source: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        foe = _foe(fight_of(state), self.foe_id)
        if self.amount == 0:
            raise Refused("damage or healing of 0 changes nothing")
        if self.amount > 0:
            if not foe.standing:
                raise Refused(f"{foe.name} is already beaten")
            return _hurt_foe(state, foe, self.amount, self)
        hp = min(foe.max_hp, foe.hp - self.amount)
        healed = attrs.evolve(foe, hp=hp, status="ok" if foe.status == "defeated" else foe.status)
        return _with_foe(state, healed), [note(self, f"{foe.name} heals to {hp}/{foe.max_hp} HP.")]


@record
class SetFoeStatus:
    """Mark a foe by hand: back in the fight, fleeing, cowering, or struck off."""

    label: ClassVar[str] = "foe"
    foe_id: str
    status: str

    def apply(self, state: State, ctx: Context) -> Result:
        if self.status not in ("ok", *BREAKS, "defeated"):
            raise Refused(f"a foe is ok, fleeing, cowering or defeated, not {self.status!r}")
        foe = _foe(fight_of(state), self.foe_id)
        marked = attrs.evolve(foe, status=self.status, hp=foe.hp if self.status != "ok" or foe.hp else 1)
        words = {"ok": "is back in the fight", "defeated": "is struck off"}.get(self.status, f"is {self.status}")
        return _with_foe(state, marked), [note(self, f"{foe.name} {words}.")]


# ---------------------------------------------------------------------------------- morale


@record
class CheckMorale:
    """Morale for the named foes: a 2d6 check for a kind with a Morale score, else a Rally save
    against the eyeballed threat ("minor", "major", "run") or, with `threat_tier`, the tiers.
    Those that fail are marked `fail_as` (fleeing or cowering)."""

    label: ClassVar[str] = "morale"
    foe_ids: tuple[str, ...]
    threat: str = "minor"
    threat_tier: int | None = None
    fail_as: str = "fleeing"

    def apply(self, state: State, ctx: Context) -> Result:
        if self.fail_as not in BREAKS:
            raise Refused(f"a foe that breaks is fleeing or cowering, not {self.fail_as!r}")
        if not self.foe_ids:
            raise Refused("whose morale? Pick at least one foe")
        events = []
        held: list[str] = []
        broke: list[str] = []
        for foe_id in self.foe_ids:
            foe = _foe(fight_of(state), foe_id)
            if foe.status != "ok":
                raise Refused(f"{foe.name} is not fighting on ({foe.status})")
            result = self._check(state, ctx, foe)
            verdict = "Fights on." if result.passed else f"Marked {self.fail_as}."
            events.append(
                note(
                    self,
                    f"{foe.name} morale: {result.explanation}. {verdict}",
                    tuple(r.describe() for r in result.rolls),
                )
            )
            (held if result.passed else broke).append(foe.name)
            if not result.passed:
                state = _with_foe(state, attrs.evolve(foe, status=self.fail_as))
        if len(self.foe_ids) > 1:
            events.append(note(self, self._result(held, broke)))
        fight = fight_of(state)
        return with_fight(state, fight=attrs.evolve(fight, morale_offered=fight.round)), events

    def _result(self, held: list[str], broke: list[str]) -> str:
        """`Morale: Goblin 1 flees; Goblin 2 and Goblin 3 fight on.`: each foe's outcome in the last
        line, the one a short log shows, since a line per foe left only the last foe's in sight."""
        verbs = {"fleeing": ("flees", "flee"), "cowering": ("cowers", "cower")}[self.fail_as]
        groups = [(broke, verbs), (held, ("fights on", "fight on"))]
        said = [f"{listed(names)} {verb[len(names) > 1]}" for names, verb in groups if names]
        return f"Morale: {'; '.join(said)}."

    def _check(self, state: State, ctx: Context, foe: Foe) -> rules.MoraleResult:
        kind = kind_of(state, foe.kind)
        try:
            plan = rules.morale_plan(ctx.ruleset, kind.morale, kind.hd, self.threat, self.threat_tier)
        except ValueError as error:
            raise Refused(str(error)) from None
        return rules.roll_morale(ctx.ruleset, ctx.dice, plan, kind.save_bonus)


@record
class SkipMorale:
    """The 'Smith sees no reason for the foes to check their courage this turn."""

    label: ClassVar[str] = "morale"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        return with_fight(state, fight=attrs.evolve(fight, morale_offered=fight.round)), [
            note(self, "No morale check: the foes fight on.")
        ]


@record
class MarkFront:
    """The 'Smith marks the party member in front: the foes' attacks go to them unless another
    is picked ("for foes: the party member in front, by the ruleset's order or the GM's marking")."""

    label: ClassVar[str] = "in front"
    character: str

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        member = _member(state, self.character)
        if not member.alive:
            raise Refused(f"{member.name} is dead")
        if fight.front == member.id:
            raise Refused(f"{member.name} is already the one in front")
        text = f"{member.name} is in front: the foes go for {member.name} first."
        return with_fight(state, fight=attrs.evolve(fight, front=member.id)), [note(self, text)]


# ---------------------------------------------------------------------------------- Turn Unholy


@record
class TurnUnholy:
    """A Cleric's Turn Unholy against foes: each saves by the tiers; a failure is dazed, cowers,
    flees (each a timed effect), is hurt or destroyed, by the table. Spends one use."""

    label: ClassVar[str] = "turn unholy"
    cleric_id: str
    foe_ids: tuple[str, ...]

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        cleric = _member(state, self.cleric_id)
        if not cleric.alive or cleric.status != "ok":
            raise Refused(f"{cleric.name} is in no state to turn anything")
        if ctx.ruleset.turn_unholy is None:
            raise Refused(f"{ctx.ruleset.name} has no Turn Unholy")
        left = uses_left(state, cleric.id, TURN_UNHOLY)
        if left < 1:
            raise Refused(f"{cleric.name} has no Turn Unholy left until rested")
        if not self.foe_ids:
            raise Refused("turn whom? Pick at least one foe")
        victims = [_standing_foe(fight, foe_id) for foe_id in self.foe_ids]
        targets = [self._target(state, ctx, foe) for foe in victims]
        attempt = rules.turn_unholy(ctx.ruleset, ctx.dice, cleric.level, targets)
        state = spend_use(state, cleric.id, TURN_UNHOLY)
        head = note(self, f"{cleric.name} (tier {attempt.cleric_tier}) turns the unholy ({left - 1} left).")
        events = [head]
        for foe, outcome in zip(victims, attempt.outcomes, strict=True):
            state, lines = _turned(state, foe, outcome, self)
            events += lines
        return state, events

    def _target(self, state: State, ctx: Context, foe: Foe) -> rules.TurnTarget:
        kind = kind_of(state, foe.kind)
        return rules.TurnTarget(foe.name, rules.foe_tier(ctx.ruleset, kind.hd), kind.save_bonus, kind.intelligent)


def _standing_foe(fight: Fight, foe_id: str) -> Foe:
    foe = _foe(fight, foe_id)
    if not foe.standing:
        raise Refused(f"{foe.name} is already beaten")
    return foe


def _turned(state: State, foe: Foe, outcome: rules.TurnOutcome, action: Action) -> Result:
    """One victim's fate: an effect for its rounds, damage to its HP, or struck off."""
    dice = tuple(r.describe() for r in outcome.rolls)
    events = [foe_note(outcome.explanation, dice)]
    result = outcome.result
    if result is None:
        return state, events
    if result.id == rules.DESTROYED:
        return _with_foe(state, attrs.evolve(foe, hp=0, status="defeated")), events
    if outcome.duration is not None:
        state, _ = effects.add(state, result.name, foe.id, effects.ROUND, outcome.duration.total, result.description)
    if outcome.damage is not None:
        state, hurt = _hurt_foe(state, fight_of(state).foe(foe.id), outcome.damage.total, action)
        events += hurt
    return state, events


# ---------------------------------------------------------------------------------- effects


@record
class AddEffect:
    """Hang a timed effect on a combatant or the party: a name, how long, in rounds or turns."""

    label: ClassVar[str] = "effect"
    name: str
    on: str
    unit: str
    duration: int
    note: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        name = self.name.strip()
        if not name:
            raise Refused("an effect needs a name")
        if self.unit not in effects.UNITS:
            raise Refused(f"an effect lasts rounds or {ctx.ruleset.time.unit_plural}, not {self.unit!r}")
        if self.duration < 1:
            raise Refused("an effect lasts at least 1")
        if effects.wearer_name(state, self.on) is None:
            raise Refused(f"nobody {self.on!r} to put it on")
        new, effect = effects.add(state, name, self.on, self.unit, self.duration, self.note.strip())
        text = f"{effects.wearer(new, effect)}: {name}, {effects.describe_left(new, ctx.ruleset, effect)}."
        return new, [note(self, text + (f" {effect.note}" if effect.note else ""))]


@record
class EndEffect:
    """End an effect before its time: the rage broken, the spell dispelled."""

    label: ClassVar[str] = "effect"
    effect_id: str
    why: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        effect = next((e for e in state.effects if e.id == self.effect_id), None)
        if effect is None:
            raise Refused(f"no effect {self.effect_id!r}")
        kept = tuple(e for e in state.effects if e.id != self.effect_id)
        why = f" ({self.why.strip()})" if self.why.strip() else ""
        return attrs.evolve(state, effects=kept), [
            note(self, f"{effects.wearer(state, effect)}: {effect.name} ends{why}.")
        ]


# ---------------------------------------------------------------------------------- ending

TURNED = {"flee": "fleeing", "flee_hurt": "fleeing", "cower": "cowering"}
"""The Turn Unholy results (by id) that send a foe running or cowering for their rounds."""


def _tally(state: State, ruleset: Ruleset, fight: Fight) -> str:
    """`1 beaten, 2 fled, 1 cowered`: broken by morale or by a Turn Unholy still upon them."""
    turned = {
        r.name: TURNED[r.id] for r in (ruleset.turn_unholy.results if ruleset.turn_unholy else ()) if r.id in TURNED
    }
    fates = []
    for foe in fight.foes:
        upon = [turned[e.name] for e in state.effects if e.on == foe.id and e.name in turned]
        fates.append(
            foe.status if foe.status != "ok" else "fleeing" if "fleeing" in upon else upon[0] if upon else "ok"
        )
    counts = [
        (fates.count(fate), word)
        for fate, word in (("defeated", "beaten"), ("fleeing", "fled"), ("cowering", "cowered"))
    ]
    tally = ", ".join(f"{n} {word}" for n, word in counts if n) or "none beaten, none fled"
    fled = f"; hirelings fled: {', '.join(fight.fled_hirelings)}" if fight.fled_hirelings else ""
    return tally + fled


@record
class EndFight:
    """The fight is over: its rounds become time (lights burn), the foes' effects go with them,
    and it is Loot time, unless the party got away (`party_fled`) or has nobody left standing.
    Foes all beaten or broken clear the room (`FoesBeaten`)."""

    label: ClassVar[str] = "fight"
    why: str = ""
    party_fled: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fight_of(state)
        if fight.pending is not None:
            raise Refused("an attack is waiting for its damage: resolve it first")
        why = f" {self.why.strip()}" if self.why.strip() else ""
        rounds = f"{fight.round} round{'s' if fight.round != 1 else ''}"
        head = note(self, f"The fight is over after {rounds}: {_tally(state, ctx.ruleset, fight)}.{why}")
        won = side_gone(state) == FOES
        loot = _loot_line(state, self.party_fled)
        state = effects.drop_for(with_fight(state, fight=None), {f.id for f in fight.foes})
        timed: list[Event] = []
        if state.clock.rounds:
            state, timed = fold_rounds(state, ctx, self)
        else:
            units = ctx.ruleset.time.combat_units(0)
            state, carried = effects.fold(state, ctx.ruleset, units, self.label)
            state, timed = spend_time(state, units, ctx, self)
            timed = [note(self, f"No rounds fought: {ctx.ruleset.time.label(units)} on the clock."), *carried, *timed]
        cleared: list[Event] = []
        if won:
            state, cleared = signal(state, ctx, self, FoesBeaten())
        return state, [head, *timed, *cleared, note(self, loot)]


def _loot_line(state: State, party_fled: bool) -> str:
    """Loot time for a party that holds the field; one that fled or fell has none."""
    if party_fled:
        return "Nothing to loot: the party got away."
    if side_gone(state) == PARTY:
        return "Nothing to loot: nobody in the party stands."
    return "Loot time!"
