"""The Explore action, one undoable step at a time, and the pool the 'Smith builds for it.

The pool plan (toggles, counters, dice by hand) lives in the Divining Pool's slice of the state
(`divining_state`), so the builder pane, the odds and the Explore modal all read the same pool. An
Explore half done lives there too: a crash or a restart picks it up at the step it was on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import DiceNotationError, parse, roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.actions import member_of, note, spend_time
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import camp_under_way, fight_under_way, is_dark, on_time
from hammertui.kernel.session.state import State
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.divining_pool.rules import explore as rules
from hammertui.procedures.divining_pool.rules.explore import PoolInputs, PoolLine, Reading, RoomXP
from hammertui.procedures.divining_pool.rules.town import restock
from hammertui.procedures.divining_pool.schema.divining import Divining
from hammertui.procedures.divining_pool.schema.exploring import ExploreOutcome, ExploreRules
from hammertui.procedures.divining_pool.state import (
    BY_HAND,
    EXPLORE_STEPS,
    Exploration,
    PoolPlan,
    Room,
    Spent,
    cleared,
    divining_pool,
    exploring,
    find_room,
    pool_plan,
    with_pool,
)
from hammertui.procedures.hammercrawl_classes.actions.advancement import grant_xp
from hammertui.procedures.hammercrawl_classes.rules import tiers
from hammertui.procedures.hammercrawl_classes.state import dungeon_tier, kit_rations, sheet_changed, sheet_of

OTHER = "other"
"""The outcome id of a boon or setback the 'Smith words themselves ("similar to the items below")."""


# ---------------------------------------------------------------------------------------------
# What the panes read
# ---------------------------------------------------------------------------------------------


def pool_lines(state: State, ruleset: Ruleset, new_room: bool | None = None) -> tuple[PoolLine, ...]:
    """The next pool, each die with its reason: the plan plus what the state adds by itself.

    `new_room` says whether the dice kept for new rooms only (Scout Ahead's) count; by default the
    plan decides (a revisit does not). A camp encounter counts every camp die.
    """
    pool = divining_pool(state)
    inputs = PoolInputs(
        challenge_level=pool.challenge_level,
        additions=pool.plan.additions,
        party_size=len(state.living),
        dark=is_dark(state),
        bonuses=pool.bonuses,
        risk=pool.risk,
        reward=pool.reward,
        extra=pool.plan.extra,
        new_room=pool.plan.revisit == 0 if new_room is None else new_room,
    )
    return rules.build_pool(ruleset, inputs)


def pool_of(state: State, ruleset: Ruleset, new_room: bool | None = None) -> dict[str, int]:
    """The next pool as colour -> count, in the ruleset's order of dice."""
    divining, _ = rules.divining_of(ruleset)
    return rules.pool_counts(pool_lines(state, ruleset, new_room), divining.dice)


def party_tier(state: State, ruleset: Ruleset) -> int:
    return tiers.party_tier_of(ruleset, [m.level for m in state.living])


def room_award(state: State, ruleset: Ruleset, room: Room) -> RoomXP:
    """The XP a room's beaten challenge gives each survivor, with its working."""
    return rules.room_xp(
        ruleset, room.hammers, room.crossblades, room.new, dungeon_tier(state, ruleset), party_tier(state, ruleset)
    )


def spend_choices(state: State, ruleset: Ruleset) -> tuple[rules.Spendable, ...]:
    """The symbols the current step may still spend, each with its list of outcomes."""
    trip = exploring(state)
    if trip is None:
        return ()
    divining = ruleset.divining
    assert divining is not None

    def spendable(symbol: str, left: int) -> rules.Spendable:
        return rules.Spendable(
            symbol, divining.symbols.get(symbol, symbol), left, rules.choices(ruleset, symbol, trip.camp)
        )

    if trip.step == "transit" and trip.transit_left:
        return (spendable(trip.transit_symbol, trip.transit_left),)
    if trip.step == "destination":
        reward, challenge = rules.destination_symbols(ruleset)
        found = ((reward, trip.hammers_left), (challenge, trip.crossblades_left))
        return tuple(spendable(symbol, left) for symbol, left in found if left)
    return ()


# ---------------------------------------------------------------------------------------------
# Building the pool
# ---------------------------------------------------------------------------------------------


def _with_plan(state: State, **changes: object) -> State:
    return with_pool(state, plan=attrs.evolve(pool_plan(state), **changes))


def _counted(counts: Mapping[str, int], key: str, n: int) -> dict[str, int]:
    """`counts` with `key` set to `n`; a count of 0 leaves the key out, as the save file does."""
    changed = {k: v for k, v in counts.items() if k != key}
    if n:
        changed[key] = n
    return changed


def _idle(state: State) -> None:
    if exploring(state) is not None:
        raise Refused("an Explore is under way: finish it (e) before changing the pool")


@record
class SetChallengeLevel:
    """The dungeon's Challenge Level: how many Purple dice every pool starts with."""

    label: ClassVar[str] = "challenge"
    level: int

    def apply(self, state: State, ctx: Context) -> Result:
        divining, _ = _divining(ctx)
        _idle(state)
        low, high = divining.challenge_min, divining.challenge_max
        if not low <= self.level <= high:
            raise Refused(f"the Challenge Level is {low} to {high}, not {self.level}")
        if self.level == divining_pool(state).challenge_level:
            raise Refused(f"the Challenge Level is already {self.level}")
        return with_pool(state, challenge_level=self.level), [note(self, f"Challenge Level {self.level}.")]


@record
class SetSafeHaven:
    """The 'Smith declares where the party stands a Safe Haven, or no longer one (a Falcon usually
    finds them; the story can too). Camp is allowed only in one."""

    label: ClassVar[str] = "safe haven"
    safe: bool
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        if self.safe == state.dungeon.safe_haven:
            raise Refused(f"the party is {'already' if self.safe else 'not'} in a Safe Haven")
        why = f" ({self.reason.strip()})" if self.reason.strip() else ""
        text = "This is a Safe Haven: the party may camp here." if self.safe else "No longer a Safe Haven."
        dungeon = attrs.evolve(state.dungeon, safe_haven=self.safe)
        return with_pool(attrs.evolve(state, dungeon=dungeon), haven_room=0), [note(self, text[:-1] + why + ".")]


@record
class SetAddition:
    """Turn one of the text's pool additions on or off, or set how many times it applies."""

    label: ClassVar[str] = "pool"
    addition_id: str
    times: int

    def apply(self, state: State, ctx: Context) -> Result:
        divining, _ = _divining(ctx)
        _idle(state)
        addition = next((a for a in divining.additions if a.id == self.addition_id), None)
        if addition is None or rules.is_automatic(addition.scale):
            raise Refused(f"no pool addition {self.addition_id!r} to set by hand")
        most = 1 if addition.scale == "once" else 20
        if not 0 <= self.times <= most:
            raise Refused(f"{addition.name}: 0 to {most}, not {self.times}")
        if self.times == pool_plan(state).additions.get(addition.id, 0):
            raise Refused(f"{addition.name}: already {self.times}")
        additions = _counted(pool_plan(state).additions, addition.id, self.times)
        text = f"{addition.name}: {'off' if not self.times else 'on' if most == 1 else self.times}."
        return _with_plan(state, additions=additions), [note(self, text)]


@record
class SetExtraDice:
    """Dice of any colour added by hand: whim, nefarious plans, shifting planes."""

    label: ClassVar[str] = "pool"
    colour: str
    count: int

    def apply(self, state: State, ctx: Context) -> Result:
        divining, _ = _divining(ctx)
        _idle(state)
        if self.colour not in divining.dice:
            raise Refused(f"no {self.colour!r} die; the dice are {', '.join(divining.dice)}")
        if not 0 <= self.count <= BY_HAND:
            raise Refused(f"0 to {BY_HAND} {self.colour} dice by hand, not {self.count}")
        if self.count == pool_plan(state).extra.get(self.colour, 0):
            raise Refused(f"already {self.count} {self.colour} by hand")
        extra = _counted(pool_plan(state).extra, self.colour, self.count)
        name = divining.colours[self.colour].name
        return _with_plan(state, extra=extra), [note(self, f"{self.count} {name} added by hand.")]


@record
class SetOrdinaryDice:
    """Ordinary dice rolled with the pool, such as a d20 for an encounter table."""

    label: ClassVar[str] = "pool"
    dice: tuple[str, ...]

    def apply(self, state: State, ctx: Context) -> Result:
        _idle(state)
        cleaned = []
        for notation in self.dice:
            try:
                cleaned.append(str(parse(notation.strip())))
            except DiceNotationError as error:
                raise Refused(str(error)) from None
        text = f"Rolled with the pool: {', '.join(cleaned)}." if cleaned else "No ordinary dice with the pool."
        return _with_plan(state, ordinary=tuple(cleaned)), [note(self, text)]


@record
class SetRevisit:
    """Go back to a room already explored (its number), or on to a new one (0)."""

    label: ClassVar[str] = "pool"
    room: int

    def apply(self, state: State, ctx: Context) -> Result:
        _idle(state)
        if self.room:
            try:
                find_room(state, self.room)
            except KeyError:
                raise Refused(f"no room {self.room} explored yet") from None
        text = f"Back to room {self.room}: no exploration XP." if self.room else "On to a new room."
        return _with_plan(state, revisit=self.room), [note(self, text)]


@record
class SetAccrued:
    """The 'Smith's own count of the accrued Risk and Reward dice (Book Three)."""

    label: ClassVar[str] = "pool"
    risk: int
    reward: int

    def apply(self, state: State, ctx: Context) -> Result:
        divining, _ = _divining(ctx)
        if divining.accrual is None:
            raise Refused(f"{ctx.ruleset.name} keeps no Risk and Reward dice")
        _idle(state)
        if min(self.risk, self.reward) < 0:
            raise Refused("accrued dice cannot be fewer than none")
        text = f"Accrued dice set: {self.risk} Risk, {self.reward} Reward."
        return with_pool(state, risk=self.risk, reward=self.reward), [note(self, text)]


# ---------------------------------------------------------------------------------------------
# The Explore, step by step
# ---------------------------------------------------------------------------------------------


@record
class RollExplore:
    """Step 1: roll the pool (and the ordinary dice with it); every die and face goes in the log."""

    label: ClassVar[str] = "explore"

    def apply(self, state: State, ctx: Context) -> Result:
        if camp_under_way(state):
            raise Refused("the party is camping: finish the Camp (c) before moving on")
        if fight_under_way(state):
            raise Refused("a fight is on: end it (F, then x) before moving on")
        return start_exploration(state, ctx, self, pool_plan(state).revisit)


def start_exploration(
    state: State, ctx: Context, action: Action, revisit_of: int, *, camp: bool = False, surprised: bool = False
) -> Result:
    """Roll the current pool into an Explore at its first step: a move on, or an encounter at camp.

    A camp encounter happens where the party is (`revisit_of` names the room they camp in, 0 before
    the first), costs no time, and counts every camp die, the new-room ones too.
    """
    _divining(ctx)
    _idle(state)
    if not state.living:
        raise Refused("nobody alive to explore")
    new_room = True if camp else revisit_of == 0
    lines = pool_lines(state, ctx.ruleset, new_room)
    pool = pool_of(state, ctx.ruleset, new_room)
    if not pool:
        raise Refused("the pool is empty")
    thrown = rules.roll_pool(ctx.ruleset, ctx.dice, pool)
    ordinary = tuple(roll(ctx.dice, notation).describe() for notation in pool_plan(state).ordinary)
    reading = rules.read_roll(ctx.ruleset, thrown.throws)
    trip = Exploration(
        step="extremes",
        pool=pool,
        reasons=tuple(f"{line.count} {line.colour}: {line.reason}" for line in lines),
        throws=thrown.throws,
        hammers=reading.hammers,
        crossblades=reading.crossblades,
        ordinary=ordinary,
        revisit_of=revisit_of,
        free_move=camp,
        camp=camp,
        surprised=surprised,
    )
    dice = tuple(rules.throw_text(ctx.ruleset, t) for t in thrown.throws) + ordinary
    if camp:
        head = "An encounter finds the camp" + (": the party is surprised!" if surprised else "!")
        event = note(action, f"{head} {_summary(ctx.ruleset, reading)}", dice, level="warn")
    else:
        where = f"back to room {revisit_of}" if revisit_of else "into a new room"
        event = note(action, f"The party moves on {where}. {_summary(ctx.ruleset, reading)}", dice)
    return with_pool(state, exploring=trip), [event]


@record
class ExploreNext:
    """Move the Explore on to its next step, rolling what that step rolls; empty steps are passed by.

    From the last step it finishes the Explore: the time it costs, the room recorded.
    """

    label: ClassVar[str] = "explore"

    def apply(self, state: State, ctx: Context) -> Result:
        trip = _trip(state)
        if trip.step == "losses" and trip.blood:
            raise Refused(f"split the {trip.blood} Blood Drop damage among the party first")
        events: list[Event] = []
        if trip.step in ("transit", "destination"):
            events += _unspent(ctx.ruleset, trip, self)
        if trip.step == "extremes":
            state, losses = _losses(state, ctx, self)
            events += losses
        else:
            state = _step(state, _after(trip.step))
        state, skipped = _pass_empty(state, ctx, self)
        return state, events + skipped


@record
class SplitBlood:
    """Step 3: the Blood Drop damage split among the party as they choose, through the damage rules."""

    label: ClassVar[str] = "explore"
    shares: tuple[tuple[str, int], ...]

    def apply(self, state: State, ctx: Context) -> Result:
        trip = _trip(state)
        if trip.step != "losses" or not trip.blood:
            raise Refused("there is no Blood Drop damage to split")
        names = {m.id: m.name for m in state.living}
        shares = dict(self.shares)
        problems = rules.split_problems(trip.blood, shares, names)
        if problems:
            raise Refused("; ".join(problems))
        events: list[Event] = [
            note(self, f"The Blood Drops' {trip.blood} damage is split: {_split_text(shares, names)}.")
        ]
        for who, amount in shares.items():
            if amount:
                state, hurt = ApplyDamage(who, amount, source="the Blood Drops").apply(state, ctx)
                events += hurt
        state = with_pool(state, exploring=attrs.evolve(trip, blood=0))
        return state, events


@record
class SpendSymbol:
    """Steps 4 and 5: net Falcons or Skulls, Hammers or Crossblades spent on an outcome.

    `count` symbols of one kind buy the same outcome that many times (the text allows "each can be
    selected multiple times"), each one's effect applied in turn. `target` names the character for
    outcomes that need one (whose Ration spoils); `text` words an outcome of the 'Smith's own (`OTHER`).
    """

    label: ClassVar[str] = "explore"
    symbol: str
    outcome_id: str
    target: str = ""
    text: str = ""
    count: int = 1

    def apply(self, state: State, ctx: Context) -> Result:
        choice = self._choice(state, ctx)
        bought: list[Spent] = []
        dice: list[str] = []
        events: list[Event] = []
        for _ in range(self.count):
            state = with_pool(state, exploring=_less(ctx.ruleset, _trip(state), self.symbol))
            state, line, thrown, more = _effect(state, ctx, self, choice)
            trip = _trip(state)
            spent = Spent(self.symbol, choice.id, line)
            state = with_pool(state, exploring=attrs.evolve(trip, spent=(*trip.spent, spent)))
            bought.append(spent)
            dice += thrown
            events += more
        lines = spent_lines(ctx.ruleset, tuple(bought))
        return state, [note(self, f"{'; '.join(lines)}.", tuple(dice)), *events]

    def _choice(self, state: State, ctx: Context) -> ExploreOutcome:
        left = {s.symbol: s for s in spend_choices(state, ctx.ruleset)}
        if self.symbol not in left:
            raise Refused(f"no {rules.symbol_name(ctx.ruleset, self.symbol)} left to spend at this step")
        if self.count < 1:
            raise Refused("spend at least one symbol")
        if self.count > left[self.symbol].left:
            have = rules.counted_symbol(ctx.ruleset, left[self.symbol].left, self.symbol)
            raise Refused(f"only {have} left to spend, not {self.count}")
        if self.outcome_id == OTHER:
            if not self.text.strip():
                raise Refused("say what happens")
            return ExploreOutcome(OTHER, self.text.strip())
        bought = next((c for c in left[self.symbol].choices if c.id == self.outcome_id), None)
        if bought is None:
            where = " at a camp" if _trip(state).camp else ""
            raise Refused(f"a {rules.symbol_name(ctx.ruleset, self.symbol)} cannot buy {self.outcome_id!r}{where}")
        return bought


@record
class AwardRoomXP:
    """Challenge beaten: the room's XP to every survivor. The 'Smith may change the figure, with a reason."""

    label: ClassVar[str] = "xp"
    room: int
    amount: int | None = None
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        room = _room(state, self.room)
        if room.beaten:
            raise Refused(f"room {room.number}'s challenge is already beaten ({room.xp_each} XP each)")
        if not state.living:
            raise Refused("nobody alive to award")
        award = room_award(state, ctx.ruleset, room)
        amount = award.amount if self.amount is None else self.amount
        if amount < 0:
            raise Refused("an award cannot be negative")
        if amount != award.amount and not self.reason.strip():
            raise Refused(f"the rules give {award.amount}; say why it is {amount}")
        beaten = attrs.evolve(room, beaten=True, xp_each=amount)
        state = _with_room(state, beaten)
        state, ready = grant_xp(state, ctx, state.living, amount, self)
        text = f"Room {room.number}'s challenge beaten: {award.explanation}."
        if amount != award.amount:
            text += f" Changed to {amount} each: {self.reason.strip()}."
        state, haven = cleared(state, room.number, self.label)
        return state, [note(self, text), *haven, *(ready if amount else [])]


@record
class SetRoomNotes:
    """The 'Smith's own notes on a room."""

    label: ClassVar[str] = "room"
    room: int
    notes: str

    def apply(self, state: State, ctx: Context) -> Result:
        room = _room(state, self.room)
        if self.notes == room.notes:
            raise Refused("the notes are unchanged")
        changed = attrs.evolve(room, notes=self.notes)
        return _with_room(state, changed), [note(self, f"Room {room.number}: notes changed.")]


@record
class SpendReroll:
    """The party uses a bonus re-roll a Falcon left them for this room."""

    label: ClassVar[str] = "re-roll"

    def apply(self, state: State, ctx: Context) -> Result:
        rerolls = divining_pool(state).rerolls
        if not rerolls:
            raise Refused("no bonus re-roll left for this room")
        left = rerolls - 1
        return with_pool(state, rerolls=left), [note(self, f"A bonus re-roll is used ({left} left).")]


# ---------------------------------------------------------------------------------------------
# Inside the steps
# ---------------------------------------------------------------------------------------------


def _divining(ctx: Context) -> tuple[Divining, ExploreRules]:
    try:
        return rules.divining_of(ctx.ruleset)
    except rules.NoDivining as error:
        raise Refused(str(error)) from None


def _trip(state: State) -> Exploration:
    trip = exploring(state)
    if trip is None:
        raise Refused("no Explore under way")
    return trip


def _step(state: State, step: str) -> State:
    return with_pool(state, exploring=attrs.evolve(_trip(state), step=step))


def _after(step: str) -> str:
    return EXPLORE_STEPS[EXPLORE_STEPS.index(step) + 1]


def _losses(state: State, ctx: Context, action: ExploreNext) -> Result:
    """Step 3: Blood Drops roll their damage (to be split) and Hourglasses spend their time now."""
    trip = _trip(state)
    reading = rules.read_roll(ctx.ruleset, trip.throws)
    blood = rules.blood_damage(ctx.ruleset, ctx.dice, reading.blood_drops, state.dungeon.level)
    delays = rules.delay(ctx.ruleset, ctx.dice, reading.hourglasses)
    symbol, net = rules.transit_symbol(ctx.ruleset, reading)
    trip = attrs.evolve(
        trip,
        step="losses",
        blood_rolled=sum(r.total for r in blood),
        blood=sum(r.total for r in blood),
        delay=sum(r.total for r in delays),
        transit_symbol=symbol,
        transit_left=net,
        hammers_left=trip.hammers,
        crossblades_left=trip.crossblades,
    )
    state = with_pool(state, exploring=trip)
    events: list[Event] = []
    if blood:
        text = f"Blood Drops: {trip.blood} damage for the party to split among themselves."
        events.append(note(action, text, tuple(r.describe() for r in blood), level="warn"))
    if delays:
        head = note(
            action,
            f"Hourglasses: a delay of {ctx.ruleset.time.label(trip.delay)}.",
            tuple(r.describe() for r in delays),
        )
        state, burnt = spend_time(state, trip.delay, ctx, action)
        events += [head, *burnt]
    return state, events


def _has_work(trip: Exploration) -> bool:
    if trip.step == "losses":
        return bool(trip.blood_rolled or trip.delay)
    if trip.step == "transit":
        return bool(trip.transit_left)
    if trip.step == "destination":
        return bool(trip.hammers_left or trip.crossblades_left)
    return True


def _pass_empty(state: State, ctx: Context, action: ExploreNext) -> Result:
    """Step over steps with nothing to do; at the end, finish the Explore."""
    trip = _trip(state)
    while trip.step != "done" and not _has_work(trip):
        state = _step(state, _after(trip.step))
        trip = _trip(state)
    if trip.step == "done":
        return _finish(state, ctx, action)
    return state, []


def _less(ruleset: Ruleset, trip: Exploration, symbol: str) -> Exploration:
    if trip.step == "transit":
        return attrs.evolve(trip, transit_left=trip.transit_left - 1)
    reward, _ = rules.destination_symbols(ruleset)
    if symbol == reward:
        return attrs.evolve(trip, hammers_left=trip.hammers_left - 1)
    return attrs.evolve(trip, crossblades_left=trip.crossblades_left - 1)


def _effect(
    state: State, ctx: Context, action: SpendSymbol, choice: ExploreOutcome
) -> tuple[State, str, tuple[str, ...], list[Event]]:
    """Do what the outcome says where the app can; the line recorded on the room says what happened."""
    trip = _trip(state)
    effect = choice.effect
    if effect == "no_time":
        return with_pool(state, exploring=attrs.evolve(trip, free_move=True)), choice.name, (), []
    if effect == "reroll":
        found = attrs.evolve(trip, rerolls_found=trip.rerolls_found + 1)
        return with_pool(state, exploring=found), choice.name, (), []
    if effect == "safe_haven":
        return with_pool(state, exploring=attrs.evolve(trip, safe_haven=True)), choice.name, (), []
    if effect == "restock":
        return _restock(state, ctx.ruleset, choice)
    if effect == "ration_spoils":
        return _spoil(state, action.target, choice)
    if effect == "burn_lights":
        thrown = roll(ctx.dice, choice.dice or "1d4")
        state, events = on_time(state, thrown.total, ctx, action)
        line = f"{choice.name} ({ctx.ruleset.time.label(thrown.total)} lost)"
        return state, line, (thrown.describe(),), events
    if effect == "transit_encounter":
        return _transit_encounter(state, ctx, choice)
    if effect == "trap":
        trap = rules.roll_trap(ctx.ruleset, ctx.dice, state.dungeon.level)
        return state, f"{choice.name}: {trap.describe()}", tuple(r.describe() for r in trap.rolls), []
    return state, choice.name, (), []


def _restock(state: State, ruleset: Ruleset, choice: ExploreOutcome) -> tuple[State, str, tuple[str, ...], list[Event]]:
    """A lost pack's supplies: every living member's Rations back up to the starting kit's."""
    found = []
    for member in state.living:
        rations = sheet_of(state, member.id).rations
        topped = restock({"rations": kit_rations(ruleset)}, {"rations": rations})
        if topped:
            state = sheet_changed(state, member.id, rations=rations + topped["rations"])
            found.append(f"{member.name} +{topped['rations']} Rations")
    line = f"{choice.name} ({', '.join(found) if found else 'nobody was short'})"
    return state, line, (), []


def _spoil(state: State, target: str, choice: ExploreOutcome) -> tuple[State, str, tuple[str, ...], list[Event]]:
    if not target:
        raise Refused("say whose Ration spoils")
    member = member_of(state, target)
    rations = sheet_of(state, member.id).rations
    if not member.alive or rations < 1:
        raise Refused(f"{member.name} has no Ration to spoil")
    line = f"{choice.name} ({member.name}'s; {rations - 1} left)"
    return sheet_changed(state, member.id, rations=rations - 1), line, (), []


def _transit_encounter(
    state: State, ctx: Context, choice: ExploreOutcome
) -> tuple[State, str, tuple[str, ...], list[Event]]:
    """One more die for a new challenge; what it shows joins the room's Hammers and Crossblades."""
    trip = _trip(state)
    thrown, reading = rules.transit_encounter(ctx.ruleset, ctx.dice, choice)
    trip = attrs.evolve(
        trip,
        hammers=trip.hammers + reading.hammers,
        crossblades=trip.crossblades + reading.crossblades,
        hammers_left=trip.hammers_left + reading.hammers,
        crossblades_left=trip.crossblades_left + reading.crossblades,
        extra_throws=(*trip.extra_throws, *thrown.throws),
    )
    _, challenge = rules.destination_symbols(ctx.ruleset)
    line = f"{choice.name}: +{reading.crossblades} {rules.symbol_name(ctx.ruleset, challenge)}"
    dice = tuple(rules.throw_text(ctx.ruleset, t) for t in thrown.throws)
    return with_pool(state, exploring=trip), line, dice, []


def _unspent(ruleset: Ruleset, trip: Exploration, action: ExploreNext) -> list[Event]:
    if trip.step == "transit":
        left = [(trip.transit_symbol, trip.transit_left)]
    else:
        reward, challenge = rules.destination_symbols(ruleset)
        left = [(reward, trip.hammers_left), (challenge, trip.crossblades_left)]
    words = [rules.counted_symbol(ruleset, n, s) for s, n in left if n]
    return [note(action, f"Left unspent: {', '.join(words)}.")] if words else []


def move_cost(ruleset: Ruleset, trip: Exploration) -> str:
    """What the Explore costs in time, as the modal says it while resolving and the log when done.

    A camp encounter is no move: the camp's own time is all that passes.
    """
    if trip.camp:
        return "The encounter came to the camp: no time passes beyond the camp's own."
    units = _move_units(ruleset, trip)
    return f"The move takes {ruleset.time.label(units)}." if units else "The move costs no time or light."


def _move_units(ruleset: Ruleset, trip: Exploration) -> int:
    """The time the move spends: none at a camp or when a Falcon waived it."""
    _, explore = rules.divining_of(ruleset)
    return 0 if trip.camp or trip.free_move else explore.cost


def _finish(state: State, ctx: Context, action: ExploreNext) -> Result:
    """Step 6: the time the move costs (unless a Falcon waived it), the room recorded, bonuses spent.

    A camp encounter is recorded as a room too, so its challenge's XP can be awarded, but the party
    has not moved: the camp's dice stay for the next room, no Risk or Reward accrues, no new room is
    counted, the place stays a Safe Haven if it was one, and the 'Smith's plan for the next pool stands.
    """
    trip = _trip(state)
    events: list[Event] = [note(action, move_cost(ctx.ruleset, trip))]
    if units := _move_units(ctx.ruleset, trip):
        state, burnt = spend_time(state, units, ctx, action)
        events += burnt
    room = _room_of(state, trip)
    dungeon = state.dungeon
    pool = divining_pool(state)
    rooms = (*pool.rooms, room)
    if trip.camp:
        state = attrs.evolve(state, dungeon=attrs.evolve(dungeon, safe_haven=dungeon.safe_haven or trip.safe_haven))
        state = with_pool(state, rooms=rooms, rerolls=trip.rerolls_found, exploring=None)
    else:
        new_room = trip.revisit_of == 0
        risk, reward = rules.accrue(ctx.ruleset, pool.risk, pool.reward, new_room)
        explored = dungeon.rooms_explored + (1 if new_room else 0)
        waits = trip.safe_haven and rules.to_clear(ctx.ruleset, ((s.symbol, s.outcome) for s in trip.spent))
        safe = trip.safe_haven and not waits
        state = attrs.evolve(state, dungeon=attrs.evolve(dungeon, rooms_explored=explored, safe_haven=safe))
        state = with_pool(
            state,
            rooms=rooms,
            bonuses=rules.after_room(pool.bonuses, new_room),
            risk=risk,
            reward=reward,
            rerolls=trip.rerolls_found,
            exploring=None,
            plan=PoolPlan(ordinary=pool.plan.ordinary),
            haven_room=room.number if waits else 0,
        )
    award = room_award(state, ctx.ruleset, room)
    waiting = divining_pool(state).haven_room == room.number
    haven = (
        " It will be a Safe Haven once cleared."
        if waiting
        else " A Safe Haven: the party may camp here."
        if room.safe_haven
        else ""
    )
    what = "The camp encounter is recorded as room" if trip.camp else "Room"
    verb = "" if trip.camp else " explored"
    events.append(
        note(action, f"{what} {room.number}{verb}: {award.amount} XP each when its challenge is beaten.{haven}")
    )
    return state, events


def _room_of(state: State, trip: Exploration) -> Room:
    """The room an Explore leaves on the record; a camp encounter's notes say so, and who was surprised."""
    notes = list(trip.ordinary)
    if trip.camp:
        notes.insert(0, "Camp encounter" + ("; the party was surprised." if trip.surprised else "."))
    return Room(
        number=len(divining_pool(state).rooms) + 1,
        pool=trip.pool,
        throws=trip.throws + trip.extra_throws,
        hammers=trip.hammers,
        crossblades=trip.crossblades,
        spent=trip.spent,
        notes="\n".join(notes),
        safe_haven=trip.safe_haven,
        revisit_of=trip.revisit_of,
        at=state.clock.units,
    )


def _summary(ruleset: Ruleset, reading: Reading) -> str:
    """The roll's totals in the table's words, extremes already counted in."""
    return ", ".join(reading_lines(ruleset, reading)) + "."


def reading_lines(ruleset: Ruleset, reading: Reading) -> list[str]:
    """`4 Hammers (a Comet: +3)`, `2 Crossblades`, `1 Blood Drop`, `2 net Falcons`..."""
    reward, challenge = rules.destination_symbols(ruleset)
    comets = f" (Comets: +{3 * reading.comets})" if reading.comets else ""
    stars = f" (Chaos Stars: +{3 * reading.chaos_stars})" if reading.chaos_stars else ""
    lines = [
        rules.counted_symbol(ruleset, reading.hammers, reward) + comets,
        rules.counted_symbol(ruleset, reading.crossblades, challenge) + stars,
    ]
    lines += [
        rules.counted_symbol(ruleset, n, s)
        for n, s in ((reading.blood_drops, "blood_drop"), (reading.hourglasses, "hourglass"))
        if n
    ]
    symbol, net = rules.transit_symbol(ruleset, reading)
    if net:
        lines.append(rules.counted_symbol(ruleset, net, symbol, "net "))
    return lines


def spent_lines(ruleset: Ruleset, spent: tuple[Spent, ...]) -> list[str]:
    """What the symbols bought, one line per outcome with how many bought it, in the order bought:
    `Crossblade x3: An (additional) random hostile encounter`, `Skull: A maintained spell suddenly fails`."""
    tally: dict[tuple[str, str], int] = {}
    for one in spent:
        key = (one.symbol, one.text)
        tally[key] = tally.get(key, 0) + 1
    return [
        f"{rules.symbol_name(ruleset, symbol)}{f' x{n}' if n > 1 else ''}: {text}"
        for (symbol, text), n in tally.items()
    ]


def _split_text(shares: Mapping[str, int], names: Mapping[str, str]) -> str:
    return ", ".join(f"{names[who]} {amount}" for who, amount in shares.items() if amount)


def _room(state: State, number: int) -> Room:
    try:
        return find_room(state, number)
    except KeyError:
        raise Refused(f"no room {number}") from None


def _with_room(state: State, room: Room) -> State:
    rooms = tuple(room if r.number == room.number else r for r in divining_pool(state).rooms)
    return with_pool(state, rooms=rooms)
