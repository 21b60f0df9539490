"""The Explore action by the rules: the pool and why each die is in it, what a roll shows, and
what each symbol costs or buys.

Everything here is pure: the session layer keeps the state and hands in the dice. The order of
resolution is the text's: Comets and Chaos Stars, then Blood Drops and Hourglasses, then net Falcons
or Skulls, then Hammers and Crossblades.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping

import attrs

from hammertui.kernel.rules.dice import DiceSource, DiviningRoll, DiviningThrow, Roll, parse, roll, roll_divining
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset, Trap
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus, tick_bonuses
from hammertui.procedures.divining_pool.schema.divining import Divining
from hammertui.procedures.divining_pool.schema.exploring import ExploreOutcome, ExploreRules
from hammertui.procedures.hammercrawl_classes.rules import tiers


class NoDivining(Exception):
    """The ruleset has no Divining Pool (it explores by some other die)."""


def divining_of(ruleset: Ruleset) -> tuple[Divining, ExploreRules]:
    if ruleset.divining is None or ruleset.explore is None:
        raise NoDivining(f"{ruleset.name} has no Divining Pool")
    return ruleset.divining, ruleset.explore


# ---------------------------------------------------------------------------------------------
# Building the pool
# ---------------------------------------------------------------------------------------------


@record
class PoolLine:
    """Some dice in the pool and the reason they are there, as the pane labels them.

    `source` says where they come from: base, challenge, addition, dark, camp, risk, reward, hand.
    """

    colour: str
    count: int
    reason: str
    source: str


@record
class PoolInputs:
    """Everything a pool is built from: the 'Smith's choices and what the state says."""

    challenge_level: int
    additions: Mapping[str, int] = attrs.field(factory=dict)
    """Addition id -> how many times it applies (1 for a toggle, the count for good ideas)."""
    party_size: int = 0
    dark: bool = False
    bonuses: tuple[PoolBonus, ...] = ()
    risk: int = 0
    reward: int = 0
    extra: Mapping[str, int] = attrs.field(factory=dict)
    new_room: bool = True


def is_automatic(scale: str) -> bool:
    """An addition scaled by half the party is the darkness addition: the state decides it, not a key."""
    return scale == "half_party"


def build_pool(ruleset: Ruleset, inputs: PoolInputs) -> tuple[PoolLine, ...]:
    """The pool's dice, line by line with their reasons, in the order the text lists them."""
    divining, _ = divining_of(ruleset)
    lines = [PoolLine(c, n, "always", "base") for c, n in divining.base_pool.items() if n]
    if divining.challenge_colour and inputs.challenge_level:
        reason = f"challenge level {inputs.challenge_level}"
        lines.append(PoolLine(divining.challenge_colour, inputs.challenge_level, reason, "challenge"))
    for addition in divining.additions:
        if is_automatic(addition.scale):
            times = math.ceil(inputs.party_size / 2) if inputs.dark else 0
            reason = f"no active light, party of {inputs.party_size}"
            source = "dark"
        else:
            times = inputs.additions.get(addition.id, 0)
            if addition.scale == "once":
                times = min(times, 1)
            reason = addition.name if times < 2 else f"{addition.name} x{times}"
            source = "addition"
        lines += [PoolLine(c, n * times, reason, source) for c, n in addition.dice.items() if n * times]
    for bonus in inputs.bonuses:
        if inputs.new_room or not bonus.new_rooms_only:
            rooms = "this room" if bonus.rooms_left == 1 else f"{bonus.rooms_left} rooms left"
            lines.append(PoolLine(bonus.colour, bonus.count, f"{bonus.reason} ({rooms})", "camp"))
    if divining.accrual is not None:
        if inputs.risk:
            lines.append(PoolLine(divining.accrual.risk_colour, inputs.risk, "Risk, accrued", "risk"))
        if inputs.reward:
            lines.append(PoolLine(divining.accrual.reward_colour, inputs.reward, "Reward, accrued", "reward"))
    lines += [PoolLine(c, n, "added by hand", "hand") for c, n in inputs.extra.items() if n > 0]
    return tuple(lines)


def pool_counts(lines: Iterable[PoolLine], order: Iterable[str] = ()) -> dict[str, int]:
    """The pool as colour -> count, in `order` (the ruleset's dice) first."""
    counts: dict[str, int] = {colour: 0 for colour in order}
    for line in lines:
        counts[line.colour] = counts.get(line.colour, 0) + line.count
    return {c: n for c, n in counts.items() if n}


def accrue(ruleset: Ruleset, risk: int, reward: int, new_room: bool) -> tuple[int, int]:
    """Risk and Reward dice after a room: one more of each for every new room beyond the first.

    The room just explored makes the next one a room "beyond the first", so its dice are added now.
    """
    divining, _ = divining_of(ruleset)
    accrual = divining.accrual
    if accrual is None or not new_room:
        return risk, reward
    return risk + accrual.per_room_beyond_first, reward + accrual.per_room_beyond_first


def after_room(bonuses: Iterable[PoolBonus], new_room: bool) -> tuple[PoolBonus, ...]:
    """Camp bonuses left once a room has used them: they expire by themselves."""
    return tick_bonuses(bonuses, new_room)


# ---------------------------------------------------------------------------------------------
# Reading a roll
# ---------------------------------------------------------------------------------------------


@record
class Reading:
    """What a roll shows, resolved as the text says: extremes turned into Hammers and Crossblades,
    Falcons and Skulls cancelled, Blood Drops and Hourglasses counted."""

    hammers: int
    crossblades: int
    comets: int
    chaos_stars: int
    blood_drops: int
    hourglasses: int
    falcons: int
    skulls: int

    @property
    def net_falcons(self) -> int:
        return max(0, self.falcons - self.skulls)

    @property
    def net_skulls(self) -> int:
        return max(0, self.skulls - self.falcons)


def read_roll(ruleset: Ruleset, throws: Iterable[DiviningThrow]) -> Reading:
    """Count a roll's symbols: a Hammer-Plus is a Hammer, a Comet three more, a Chaos Star three Crossblades."""
    divining, explore = divining_of(ruleset)
    faces = [t.face for t in throws]

    def count(symbol: str) -> int:
        return sum(divining.symbol_count(face, symbol) for face in faces)

    reward = explore.reward_symbol or "hammer"
    challenge = explore.challenge_symbol or "crossblade"
    boon, bane = divining.cancel[0] if divining.cancel else ("falcon", "skull")
    totals = {s: count(s) for s in (reward, challenge, boon, bane)}
    extremes = {s: count(s) for s in divining.bonus}
    for symbol, adds in divining.bonus.items():
        for target, n in adds.items():
            totals[target] = totals.get(target, 0) + n * extremes[symbol]
    return Reading(
        hammers=totals[reward],
        crossblades=totals[challenge],
        comets=extremes.get("comet", 0),
        chaos_stars=extremes.get("chaos_star", 0),
        blood_drops=count("blood_drop"),
        hourglasses=count("hourglass"),
        falcons=totals[boon],
        skulls=totals[bane],
    )


def roll_pool(ruleset: Ruleset, source: DiceSource, pool: Mapping[str, int]) -> DiviningRoll:
    """Throw the pool; a Hammer-Plus throws one more Yellow at once, which may chain."""
    divining, _ = divining_of(ruleset)
    return roll_divining(source, divining.dice, pool, divining.chain_symbol, divining.chain_colour)


def face_text(ruleset: Ruleset, face: Iterable[str]) -> str:
    """A face in the table's words: "Hammer + Blood Drop", or "blank"."""
    divining, _ = divining_of(ruleset)
    return " + ".join(divining.symbols.get(s, s) for s in face) or "blank"


def throw_text(ruleset: Ruleset, throw: DiviningThrow) -> str:
    """One die as the log shows it: "Yellow: Hammer-Plus", a chained die marked with an arrow."""
    divining, _ = divining_of(ruleset)
    colour = divining.colours[throw.color].name if throw.color in divining.colours else throw.color
    return f"{'↳ ' if throw.chained else ''}{colour}: {face_text(ruleset, throw.face)}"


# ---------------------------------------------------------------------------------------------
# Losses: Blood Drops and Hourglasses
# ---------------------------------------------------------------------------------------------


def blood_damage(ruleset: Ruleset, source: DiceSource, blood_drops: int, dungeon_level: int) -> tuple[Roll, ...]:
    """Each Blood Drop: Xd4 damage to the party, X the dungeon level."""
    _, explore = divining_of(ruleset)
    expr = parse(explore.blood_dice)
    dice = attrs.evolve(expr, count=expr.count * max(1, dungeon_level))
    return tuple(_named(roll(source, dice), f"Blood Drop {i + 1}") for i in range(blood_drops))


def delay(ruleset: Ruleset, source: DiceSource, hourglasses: int) -> tuple[Roll, ...]:
    """Each Hourglass: 1d4 more units of time pass."""
    _, explore = divining_of(ruleset)
    return tuple(_named(roll(source, explore.hourglass_dice), f"Hourglass {i + 1}") for i in range(hourglasses))


def split_problems(total: int, shares: Mapping[str, int], names: Mapping[str, str]) -> list[str]:
    """What is wrong with a split of Blood Drop damage: every point placed, none twice, no one unknown."""
    problems = []
    for who, amount in shares.items():
        if who not in names:
            problems.append(f"{who!r} is not a living member of the party")
        elif amount < 0:
            problems.append(f"{names[who]} cannot take {amount} damage")
    placed = sum(shares.values())
    if placed != total:
        problems.append(f"{placed} of {total} damage placed; place exactly {total}")
    return problems


# ---------------------------------------------------------------------------------------------
# Spending symbols
# ---------------------------------------------------------------------------------------------


@record
class Spendable:
    """Symbols still to be spent at a step, and what each can buy."""

    symbol: str
    name: str
    left: int
    choices: tuple[ExploreOutcome, ...]


def transit_symbol(ruleset: Ruleset, reading: Reading) -> tuple[str, int]:
    """The net symbol the transit step spends: ("falcon", n) or ("skull", n), or ("", 0)."""
    divining, _ = divining_of(ruleset)
    boon, bane = divining.cancel[0] if divining.cancel else ("falcon", "skull")
    if reading.net_falcons:
        return boon, reading.net_falcons
    if reading.net_skulls:
        return bane, reading.net_skulls
    return "", 0


def destination_symbols(ruleset: Ruleset) -> tuple[str, str]:
    """The reward and challenge symbols (Hammer, Crossblade) that buy the room's contents."""
    _, explore = divining_of(ruleset)
    return explore.reward_symbol or "hammer", explore.challenge_symbol or "crossblade"


def choices(ruleset: Ruleset, symbol: str, camp: bool = False) -> tuple[ExploreOutcome, ...]:
    """What one `symbol` can buy, worded in the ruleset's unit of time.

    An outcome's name may say `{unit}` or `{unit_plural}` ("1d4 more {unit_plural} off them"): the
    complete rules read "turns" there, Book Three "Beats". An encounter that finds a camp is no
    move, so it has no time or light to waive.
    """
    _, explore = divining_of(ruleset)
    offered = (c for c in explore.choices(symbol) if not (camp and c.effect == "no_time"))
    return tuple(_in_time_units(ruleset, choice) for choice in offered)


def _in_time_units(ruleset: Ruleset, choice: ExploreOutcome) -> ExploreOutcome:
    time = ruleset.time
    name = choice.name.replace("{unit_plural}", time.unit_plural).replace("{unit}", time.unit)
    return choice if name == choice.name else attrs.evolve(choice, name=name)


def outcome(ruleset: Ruleset, symbol: str, outcome_id: str) -> ExploreOutcome:
    """The outcome `outcome_id` that `symbol` may buy, or KeyError."""
    for choice in choices(ruleset, symbol):
        if choice.id == outcome_id:
            return choice
    raise KeyError(outcome_id)


def to_clear(ruleset: Ruleset, bought: Iterable[tuple[str, str]]) -> bool:
    """Whether a room's outcomes, bought as (symbol, outcome id), leave it something to clear first:
    "The room will function as a Safe Haven once cleared of encounters" (an encounter, or a trap)."""
    return any(known.encounter or known.effect == "trap" for known in _known(ruleset, bought))


def meets_foes(ruleset: Ruleset, bought: Iterable[tuple[str, str]]) -> bool:
    """Whether a room's outcomes, bought as (symbol, outcome id), bring an encounter or work on one."""
    return any(known.encounter for known in _known(ruleset, bought))


def _known(ruleset: Ruleset, bought: Iterable[tuple[str, str]]) -> Iterator[ExploreOutcome]:
    """The ruleset's outcomes among those bought (the 'Smith's own, said in words, are none of them)."""
    for symbol, outcome_id in bought:
        known = next((c for c in choices(ruleset, symbol) if c.id == outcome_id), None)
        if known is not None:
            yield known


def transit_encounter(ruleset: Ruleset, source: DiceSource, choice: ExploreOutcome) -> tuple[DiviningRoll, Reading]:
    """Another encounter in transit: throw the outcome's die and read it, its ignored symbols dropped."""
    thrown = roll_pool(ruleset, source, {choice.colour: 1})
    kept = tuple(attrs.evolve(t, face=tuple(s for s in t.face if s not in choice.ignore)) for t in thrown.throws)
    return thrown, read_roll(ruleset, kept)


@record
class TrapRoll:
    """A trap from the table, with its damage (or pit depth and fall) rolled for this dungeon level,
    and the damage its poison does on a failed save."""

    trap: Trap
    roll: Roll
    damage: int | None
    depth_ft: int | None
    rolls: tuple[Roll, ...]
    poison_damage: int | None = None

    def describe(self) -> str:
        parts = [self.trap.name]
        if self.depth_ft is not None:
            parts.append(f"{self.depth_ft} ft deep")
        if self.damage is not None:
            parts.append(f"{self.damage} damage")
        if self.trap.poison is not None:
            parts.append(f"poison after {self.trap.poison.onset_rounds} rounds: save or {self.poison_damage} damage")
        if self.trap.effect:
            parts.append(self.trap.effect.rstrip("."))
        return ", ".join(parts)


def roll_trap(ruleset: Ruleset, source: DiceSource, dungeon_level: int) -> TrapRoll:
    """Roll the traps table, then the trap's damage scaled by the dungeon level as its row says.

    A pit's fall does its damage die per 10 feet of depth; a poison's damage (taken on a failed
    save once its onset has passed) is rolled with the rest.
    """
    if not ruleset.traps:
        raise NoDivining(f"{ruleset.name} has no traps table")
    thrown = _named(roll(source, ruleset.trap_dice), "Trap")
    trap = next(t for t in ruleset.traps if t.low <= thrown.total <= t.high)
    rolls: list[Roll] = [thrown]
    damage = depth = poison = None
    if trap.damage is not None:
        damage, damage_rolls = trap.damage.roll(source, dungeon_level)
        rolls += [_named(r, "Damage") for r in damage_rolls]
    if trap.pit is not None:
        depth, depth_rolls = trap.pit.depth_ft.roll(source, dungeon_level)
        rolls += [_named(r, "Depth") for r in depth_rolls]
        per_ten = parse(trap.pit.damage_per_10ft)
        fall = _named(roll(source, attrs.evolve(per_ten, count=per_ten.count * max(1, depth // 10))), "Fall")
        rolls.append(fall)
        damage = fall.total
    if trap.poison is not None:
        poison, poison_rolls = trap.poison.damage.roll(source, dungeon_level)
        rolls += [_named(r, "Poison") for r in poison_rolls]
    return TrapRoll(trap, thrown, damage, depth, tuple(rolls), poison)


# ---------------------------------------------------------------------------------------------
# XP
# ---------------------------------------------------------------------------------------------


@record
class RoomXP:
    """A room's XP and how it was reached, for the award dialog and the log."""

    base: int
    multiplier: str
    amount: int
    explanation: str


def room_xp(
    ruleset: Ruleset, hammers: int, crossblades: int, new_room: bool, dungeon_tier: int, party_tier: int
) -> RoomXP:
    """1 for a new room + Crossblades + Hammers (only beside a Crossblade), times the tier modifier.

    Each surviving member gets the whole amount.
    """
    _, explore = divining_of(ruleset)
    room = explore.room_xp if new_room or explore.revisit_xp else 0
    counted = hammers if crossblades or not explore.reward_needs_challenge else 0
    base = room + crossblades + counted
    multiplier = tiers.xp_multiplier(ruleset, dungeon_tier, party_tier)
    amount = tiers.xp_reward(ruleset, base, dungeon_tier, party_tier)
    reward, challenge = destination_symbols(ruleset)
    parts = [f"{room} room", counted_symbol(ruleset, crossblades, challenge)]
    unused = "" if counted == hammers else f" (of {hammers}; no {symbol_name(ruleset, challenge)})"
    parts.append(counted_symbol(ruleset, counted, reward) + unused)
    shown = str(multiplier) if multiplier.denominator != 1 else str(multiplier.numerator)
    text = (
        f"{' + '.join(parts)} = {base}; x{shown} (dungeon tier {dungeon_tier}, party tier {party_tier}) = {amount} each"
    )
    return RoomXP(base, shown, amount, text)


def symbol_name(ruleset: Ruleset, symbol: str) -> str:
    """A symbol as the table says it: "Crossblade"."""
    divining, _ = divining_of(ruleset)
    return divining.symbols.get(symbol, symbol)


def counted_symbol(ruleset: Ruleset, n: int, symbol: str, prefix: str = "") -> str:
    """`1 Hammer`, `3 Hammers`, `2 net Skulls`."""
    return f"{n} {prefix}{symbol_name(ruleset, symbol)}{'' if n == 1 else 's'}"


def _named(thrown: Roll, label: str) -> Roll:
    """A roll labelled for the log: "Blood Drop 1 2d4: [3, 1] = 4"."""
    return attrs.evolve(thrown, label=f"{label} {thrown.label}")
