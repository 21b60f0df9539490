"""Exact odds of a divining pool: what a pool is likely to show before the 'Smith throws it.

Everything is counted, never sampled. A die's outcomes are tallied face by face as integers, a
pool's outcomes are the convolution of its dice, and the headline figures (the chance of a
Crossblade, the average Hammers) come from closed forms. Comets and Chaos Stars are already turned
into their three Hammers or Crossblades, and a Hammer-Plus counts as a Hammer, as the ruleset's
`bonus` and `counts_as` tables say.

The one thing that cannot be followed to the end is a Hammer-Plus chain, which may in principle run
forever. The distributions follow every chain for up to `chain_depth` added dice and leave out the
throws that would go further. The depth is the smallest that keeps the mass left out below
`TOLERANCE` (1e-9) for the whole pool: with chain chance p on the chain die and chain-starting
chances q_i on the pool's dice, the mass left out is 1 - prod(1 - q_i p^D) <= sum(q_i) p^D, so D
is the least depth with sum(q_i) p^D < tolerance. One Yellow (q = p = 1/6) needs D = 11, three
Yellows need D = 12. `PoolOdds.truncated` gives the exact mass left out, so the UI can say how far
any probability shown may be off: each is low by at most that much.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

import attrs

from hammertui.kernel.rules.dice import DiviningDie, Face
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.schema.divining import Divining

TOLERANCE = Fraction(1, 10**9)
"""The most probability mass the truncated Hammer-Plus chains may leave out of a pool's odds."""

Tally = tuple[int, ...]
"""What one face, or one die with its chain, counts, in the order of `OddsSymbols.ids`."""

REWARD, CHALLENGE, BOON, BANE, BLOOD, DELAY = range(6)


@record
class OddsSymbols:
    """The symbol ids the odds follow, HAMMERCRAWL!'s by default.

    `reward` and `challenge` make the XP (the reward counts only beside a challenge), `boon` and
    `bane` cancel 1:1, and `blood` and `delay` are counted on their own. A ruleset that names its
    symbols otherwise (Genesys' Suns and Xs) says so through `OddsSymbols.of`.
    """

    reward: str = "hammer"
    challenge: str = "crossblade"
    boon: str = "falcon"
    bane: str = "skull"
    blood: str = "blood_drop"
    delay: str = "hourglass"

    @classmethod
    def of(cls, ruleset: Ruleset) -> OddsSymbols:
        """The symbols a ruleset's `[explore]` and first divining `cancel` pair name."""
        default = cls()
        explore = ruleset.explore
        cancel = ruleset.divining.cancel if ruleset.divining is not None else ()
        boon, bane = cancel[0] if cancel else (default.boon, default.bane)
        reward = explore.reward_symbol if explore and explore.reward_symbol else default.reward
        challenge = explore.challenge_symbol if explore and explore.challenge_symbol else default.challenge
        return attrs.evolve(default, reward=reward, challenge=challenge, boon=boon, bane=bane)

    def ids(self) -> tuple[str, ...]:
        return (self.reward, self.challenge, self.boon, self.bane, self.blood, self.delay)


HAMMERCRAWL_SYMBOLS = OddsSymbols()
"""The symbols the odds follow when a caller names none."""


@record
class Distribution:
    """The chances of the whole numbers `low`, `low + 1`, ...: `weights[i]` in `denominator`.

    Weights stay integers so that building and convolving distributions makes no fractions; they
    sum to less than the denominator by exactly the mass the chain truncation left out.
    """

    low: int
    weights: tuple[int, ...]
    denominator: int

    @property
    def high(self) -> int:
        return self.low + len(self.weights) - 1

    @property
    def total(self) -> Fraction:
        """The probability the distribution holds: 1 less the truncated chain mass."""
        return Fraction(sum(self.weights), self.denominator)

    def probability(self, value: int) -> Fraction:
        index = value - self.low
        weight = self.weights[index] if 0 <= index < len(self.weights) else 0
        return Fraction(weight, self.denominator)

    def at_least(self, value: int) -> Fraction:
        return Fraction(sum(self.weights[max(0, value - self.low) :]), self.denominator)

    def at_most(self, value: int) -> Fraction:
        return Fraction(sum(self.weights[: max(0, value - self.low + 1)]), self.denominator)

    def items(self) -> list[tuple[int, Fraction]]:
        """Every value with a chance above zero, lowest first."""
        return [(self.low + i, Fraction(w, self.denominator)) for i, w in enumerate(self.weights) if w]

    def mean(self) -> Fraction:
        """The mean over the mass held; the truncated chains' share is missing, not spread out."""
        return Fraction(sum((self.low + i) * w for i, w in enumerate(self.weights)), self.denominator)


@record
class PoolOdds:
    """What a divining pool is likely to show, once Comets and Chaos Stars are counted.

    The `chance_*` and `expected_*` figures are exact, chains and all. The distributions follow
    chains for `chain_depth` added dice; each of their probabilities is low by at most `truncated`,
    the exact mass the longer chains carry (below the tolerance asked for).
    """

    pool: tuple[tuple[str, int], ...]
    """The pool as `(colour, count)` pairs, by colour, without empty colours."""
    chance_crossblade: Fraction
    chance_blood_drop: Fraction
    chance_hourglass: Fraction
    expected_hammers: Fraction
    expected_crossblades: Fraction
    xp: Distribution
    """Base XP before the tier modifier: room XP + Crossblades + Hammers (with a Crossblade)."""
    net_falcons: Distribution
    """Falcons less Skulls: above zero net Falcons, below zero net Skulls."""
    hammers: Distribution
    crossblades: Distribution
    blood_drops: Distribution
    hourglasses: Distribution
    chain_depth: int
    """The most dice the distributions let one chain add."""
    truncated: Fraction
    """The exact probability the distributions leave out: throws with a longer chain."""


def face_count(divining: Divining, face: Face, symbol: str) -> int:
    """How many `symbol` a face is worth once resolved.

    The face's own symbols, those that count as it (a Hammer-Plus is a Hammer) and the bonus its
    symbols bring (a Comet is three Hammers); the table totals these, so the odds must too.
    """
    return _Counting.of(divining).count(face, symbol)


def pool_odds(
    divining: Divining,
    pool: Mapping[str, int],
    room_xp: int = 1,
    *,
    reward_needs_challenge: bool = True,
    symbols: OddsSymbols = HAMMERCRAWL_SYMBOLS,
    tolerance: Fraction | float = TOLERANCE,
) -> PoolOdds:
    """The exact odds of a pool of `colour: count`, remembered for pools seen before.

    `room_xp` is the XP a new room gives (the ruleset's `explore.room_xp`); with
    `reward_needs_challenge` Hammers earn XP only beside at least one Crossblade.
    """
    counting = _Counting.of(divining)
    dice = tuple(
        (colour, _die(divining.dice[colour], counting, symbols), count) for colour, count in _checked(divining, pool)
    )
    chain_colour = divining.chain_colour
    chain = _die(divining.dice[chain_colour], counting, symbols) if chain_colour else None
    return _odds(dice, chain, room_xp, reward_needs_challenge, Fraction(tolerance))


def odds_for(ruleset: Ruleset, pool: Mapping[str, int], tolerance: Fraction | float = TOLERANCE) -> PoolOdds:
    """`pool_odds` with the room XP, XP rule and symbols a whole ruleset gives."""
    if ruleset.divining is None:
        raise ValueError(f"{ruleset.name} has no divining pool")
    explore = ruleset.explore
    return pool_odds(
        ruleset.divining,
        pool,
        explore.room_xp if explore else 1,
        reward_needs_challenge=explore.reward_needs_challenge if explore else True,
        symbols=OddsSymbols.of(ruleset),
        tolerance=tolerance,
    )


def clear_cache() -> None:
    """Forget remembered pools (the bench uses it to time a cold computation)."""
    _odds.cache_clear()
    _outcomes.cache_clear()
    _die.cache_clear()


def bar_chart(
    dist: Distribution,
    width: int = 20,
    floor: float = 0.001,
    label: Callable[[int], str] = str,
) -> list[str]:
    """A distribution as text bars, one line a value: `  3 ████████▍      41.7%`.

    Values rarer than `floor` at either end fold into the last row kept, labelled `<=` or `>=`,
    so a long chain tail does not fill the screen. The longest bar is `width` cells.
    """
    if not dist.weights:
        return []
    chances = [w / dist.denominator for w in dist.weights]
    kept = [i for i, p in enumerate(chances) if p >= floor] or [chances.index(max(chances))]
    first, last = kept[0], kept[-1]
    rows = [(label(dist.low + i), p) for i, p in enumerate(chances) if first <= i <= last]
    if first > 0:
        rows[0] = ("<=" + rows[0][0], sum(chances[: first + 1]))
    if last < len(chances) - 1:
        rows[-1] = (">=" + rows[-1][0], sum(chances[last:]))
    most = max(p for _, p in rows) or 1.0
    name_width = max(len(name) for name, _ in rows)
    return [f"{name:>{name_width}} {_bar(p / most * width):<{width}} {p * 100:5.1f}%" for name, p in rows]


_EIGHTHS = " ▏▎▍▌▋▊▉"


def _bar(cells: float) -> str:
    whole, eighths = divmod(round(cells * 8), 8)
    return "█" * whole + (_EIGHTHS[eighths] if eighths else "")


# ---------------------------------------------------------------------------------------------
# Dice as tallies: each face as the counts it adds, and whether it throws a chained die
# ---------------------------------------------------------------------------------------------


@record
class _Die:
    """A die reduced to what the odds need; hashable, so computed odds can be remembered."""

    sides: int
    faces: tuple[tuple[Tally, bool], ...]

    def chance(self, which: Callable[[Tally, bool], bool]) -> Fraction:
        return Fraction(sum(1 for tally, chains in self.faces if which(tally, chains)), self.sides)

    def average(self, value: Callable[[Tally], int]) -> Fraction:
        return Fraction(sum(value(tally) for tally, _ in self.faces), self.sides)

    @property
    def chain_chance(self) -> Fraction:
        return self.chance(lambda _, chains: chains)


@record
class _Counting:
    """The divining rules that turn a face into counts.

    Compared and hashed by `key` alone, a frozen copy of the tables, so tallies can be remembered.
    """

    chain_symbol: str | None
    counts_as: Mapping[str, tuple[str, ...]] = attrs.field(eq=False)
    bonus: Mapping[str, Mapping[str, int]] = attrs.field(eq=False)
    key: tuple[object, ...] = attrs.field(init=False)

    @key.default
    def _key(self) -> tuple[object, ...]:
        return (
            tuple(sorted(self.counts_as.items())),
            tuple(sorted((s, tuple(sorted(b.items()))) for s, b in self.bonus.items())),
        )

    @classmethod
    def of(cls, divining: Divining) -> _Counting:
        chain_symbol = divining.chain_symbol if divining.chain_colour is not None else None
        return cls(chain_symbol, divining.counts_as, divining.bonus)

    def count(self, face: Face, symbol: str) -> int:
        own = sum(1 for s in face if s == symbol or symbol in self.counts_as.get(s, ()))
        return own + sum(self.bonus.get(s, {}).get(symbol, 0) for s in face)


@functools.lru_cache(maxsize=256)
def _die(die: DiviningDie, counting: _Counting, symbols: OddsSymbols) -> _Die:
    ids = symbols.ids()
    faces = tuple((tuple(counting.count(face, s) for s in ids), counting.chain_symbol in face) for face in die.faces)
    return _Die(die.sides, faces)


def _checked(divining: Divining, pool: Mapping[str, int]) -> list[tuple[str, int]]:
    """The pool's colours with dice in them, in a fixed order so equal pools share a cache entry."""
    for colour, count in pool.items():
        if count < 0:
            raise ValueError(f"a pool cannot hold {count} {colour} dice")
        if colour not in divining.dice:
            raise KeyError(f"no divining die called {colour!r}")
    return sorted((colour, count) for colour, count in pool.items() if count)


# ---------------------------------------------------------------------------------------------
# The computation
# ---------------------------------------------------------------------------------------------

_Pool = tuple[tuple[str, _Die, int], ...]


def _any(_: Tally) -> bool:
    return True


@functools.lru_cache(maxsize=128)
def _odds(dice: _Pool, chain: _Die | None, room_xp: int, needs_challenge: bool, tolerance: Fraction) -> PoolOdds:
    depth = chain_depth(_chain_starts(dice), chain.chain_chance if chain else Fraction(0), tolerance)
    joints = [(_outcomes(die, chain, depth), count) for _, die, count in dice]

    def pool_of(value: Callable[[Tally], int], keep: Callable[[Tally], bool] = _any) -> Distribution:
        return _sum_all(_power(_marginal(joint, value, keep), count) for joint, count in joints)

    hammers = pool_of(lambda t: t[REWARD])
    crossblades = pool_of(lambda t: t[CHALLENGE])
    both = pool_of(lambda t: t[REWARD] + t[CHALLENGE])
    # Tallies never go below zero, so a pool without Crossblades is one where every die has none.
    quiet = pool_of(lambda t: t[REWARD], lambda t: not t[CHALLENGE])
    xp = _xp(both, quiet, room_xp) if needs_challenge else _shift(both, room_xp)
    return PoolOdds(
        pool=tuple((colour, count) for colour, _, count in dice),
        chance_crossblade=1 - _none_chance(dice, chain, CHALLENGE),
        chance_blood_drop=1 - _none_chance(dice, chain, BLOOD),
        chance_hourglass=1 - _none_chance(dice, chain, DELAY),
        expected_hammers=_expected(dice, chain, lambda t: t[REWARD]),
        expected_crossblades=_expected(dice, chain, lambda t: t[CHALLENGE]),
        xp=xp,
        net_falcons=pool_of(lambda t: t[BOON] - t[BANE]),
        hammers=hammers,
        crossblades=crossblades,
        blood_drops=pool_of(lambda t: t[BLOOD]),
        hourglasses=pool_of(lambda t: t[DELAY]),
        chain_depth=depth,
        truncated=_truncated(dice, chain, depth),
    )


def chain_depth(starts: Fraction, chain_chance: Fraction, tolerance: Fraction = TOLERANCE) -> int:
    """The fewest chained dice to follow so that the chains cut off weigh under `tolerance`.

    `starts` is the sum over the pool's dice of the chance each starts a chain and `chain_chance`
    the chance a chained die chains again; the mass cut at depth D is at most starts * p^D.
    """
    if chain_chance >= 1:
        raise ValueError("a chain die that always chains never stops")
    depth = 0
    while starts * chain_chance**depth >= tolerance:
        depth += 1
    return depth


def _chain_starts(dice: _Pool) -> Fraction:
    return sum((die.chain_chance * count for _, die, count in dice), Fraction(0))


def _truncated(dice: _Pool, chain: _Die | None, depth: int) -> Fraction:
    """The exact mass cut off: one less the chance no die's chain runs past `depth` added dice."""
    p = chain.chain_chance if chain else Fraction(0)
    kept = Fraction(1)
    for _, die, count in dice:
        kept *= (1 - die.chain_chance * p**depth) ** count
    return 1 - kept


_Joint = tuple[dict[Tally, int], int]
"""Every tally a die (chain included) can total, each weighted in a common denominator."""


@functools.lru_cache(maxsize=256)
def _outcomes(die: _Die, chain: _Die | None, extra: int) -> _Joint:
    """A die's tallies with its chain followed for at most `extra` added dice.

    Throws that would chain further are left out, which is the truncation: the weights then sum
    to less than the denominator.
    """
    then: dict[Tally, int] = {}
    scale = 1
    if chain is not None and extra > 0 and die.chain_chance:
        then, scale = _outcomes(chain, chain, extra - 1)
    weights: dict[Tally, int] = {}
    for tally, chains in die.faces:
        rest = then if chains else {(0,) * len(tally): scale}
        for more, weight in rest.items():
            total = tuple(a + b for a, b in zip(tally, more, strict=True))
            weights[total] = weights.get(total, 0) + weight
    return weights, die.sides * scale


def _marginal(joint: _Joint, value: Callable[[Tally], int], keep: Callable[[Tally], bool]) -> Distribution:
    weights, denominator = joint
    counts: dict[int, int] = {}
    for tally, weight in weights.items():
        if keep(tally):
            v = value(tally)
            counts[v] = counts.get(v, 0) + weight
    if not counts:
        return Distribution(0, (), denominator)
    low, high = min(counts), max(counts)
    return Distribution(low, tuple(counts.get(v, 0) for v in range(low, high + 1)), denominator)


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent counts."""
    if not a.weights or not b.weights:
        return Distribution(0, (), a.denominator * b.denominator)
    out = [0] * (len(a.weights) + len(b.weights) - 1)
    for j, y in enumerate(b.weights):
        if y:
            for i, x in enumerate(a.weights):
                out[i + j] += x * y
    return Distribution(a.low + b.low, tuple(out), a.denominator * b.denominator)


def _power(dist: Distribution, count: int) -> Distribution:
    result = Distribution(0, (1,), 1)
    for _ in range(count):
        result = _convolve(result, dist)
    return result


def _sum_all(dists: Iterable[Distribution]) -> Distribution:
    return functools.reduce(_convolve, dists, Distribution(0, (1,), 1))


def _shift(dist: Distribution, by: int) -> Distribution:
    return attrs.evolve(dist, low=dist.low + by)


def _xp(both: Distribution, quiet: Distribution, room_xp: int) -> Distribution:
    """Room XP + Crossblades + Hammers when a Crossblade shows, else the room XP alone.

    `both` is the pool's Hammers + Crossblades and `quiet` its Hammers on the throws with no
    Crossblade, so `both - quiet` is Hammers + Crossblades on the throws with one.
    """
    low = min(both.low, quiet.low, 0)
    high = max(both.high, quiet.high, 0)
    with_challenge = [_weight(both, v) - _weight(quiet, v) for v in range(low, high + 1)]
    with_challenge[-low] += sum(quiet.weights)
    return _trimmed(low + room_xp, with_challenge, both.denominator)


def _weight(dist: Distribution, value: int) -> int:
    index = value - dist.low
    return dist.weights[index] if 0 <= index < len(dist.weights) else 0


def _trimmed(low: int, weights: list[int], denominator: int) -> Distribution:
    """A distribution without the zero weights at its ends."""
    nonzero = [i for i, w in enumerate(weights) if w]
    if not nonzero:
        return Distribution(0, (), denominator)
    return Distribution(low + nonzero[0], tuple(weights[nonzero[0] : nonzero[-1] + 1]), denominator)


# ---------------------------------------------------------------------------------------------
# Closed forms: the chain is a geometric series, so averages and "none at all" need no truncation
# ---------------------------------------------------------------------------------------------


def _expected(dice: _Pool, chain: _Die | None, value: Callable[[Tally], int]) -> Fraction:
    """The mean of `value` over the pool: each die's own faces, plus q / (1 - p) chained dice."""
    chained = chain.average(value) / (1 - chain.chain_chance) if chain else Fraction(0)
    means = ((die.average(value) + die.chain_chance * chained) * count for _, die, count in dice)
    return sum(means, Fraction(0))


def _none_chance(dice: _Pool, chain: _Die | None, index: int) -> Fraction:
    """The chance no die of the pool, chains included, counts anything at `index`.

    A chained die shows none with chance z = stop + go * z (stop: a face without it that ends the
    chain; go: one without it that chains on), so z = stop / (1 - go).
    """
    chained = Fraction(0)
    if chain:
        stop = chain.chance(lambda t, chains: not t[index] and not chains)
        go = chain.chance(lambda t, chains: not t[index] and chains)
        chained = stop / (1 - go)
    none = Fraction(1)
    for _, die, count in dice:
        stop = die.chance(lambda t, chains: not t[index] and not chains)
        go = die.chance(lambda t, chains: not t[index] and chains)
        none *= (stop + go * chained) ** count
    return none
