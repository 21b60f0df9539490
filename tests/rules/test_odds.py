"""Tests for hammertui.procedures.divining_pool.rules.odds: exact divining-pool odds against enumeration, the published
checks of the dice, and a long seeded run of the real dice roller."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hammertui.kernel.rules.dice import Face, SeededDice, roll_divining
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.procedures.divining_pool.rules.odds import (
    TOLERANCE,
    Distribution,
    OddsSymbols,
    PoolOdds,
    bar_chart,
    chain_depth,
    clear_cache,
    face_count,
    odds_for,
    pool_odds,
)
from hammertui.procedures.divining_pool.schema.divining import Divining

HC = load_ruleset("hammercrawl")
assert HC.divining is not None
DIVINING: Divining = HC.divining
COLOURS = sorted(DIVINING.dice)
FIXTURES = Path(__file__).parent / "fixtures"

QUICK = settings(max_examples=40, deadline=None)

# --------------------------------------------------------------------------------------------
# The rules read straight from MATRIX.md section 5, independent of the module under test
# --------------------------------------------------------------------------------------------


@attrs.frozen
class Resolved:
    """One thrown pool as the table resolves it."""

    hammers: int
    crossblades: int
    net_falcons: int
    blood_drops: int
    hourglasses: int

    @property
    def xp(self) -> int:
        return 1 + self.crossblades + (self.hammers if self.crossblades else 0)


def resolve(faces: list[Face]) -> Resolved:
    """Comets +3 Hammers, Chaos Stars +3 Crossblades, a Hammer-Plus is a Hammer, Falcons cancel Skulls."""
    seen = Counter(symbol for face in faces for symbol in face)
    return Resolved(
        hammers=seen["hammer"] + seen["hammer_plus"] + 3 * seen["comet"],
        crossblades=seen["crossblade"] + 3 * seen["chaos_star"],
        net_falcons=seen["falcon"] - seen["skull"],
        blood_drops=seen["blood_drop"],
        hourglasses=seen["hourglass"],
    )


def one_die(colour: str, depth: int) -> list[tuple[Fraction, tuple[Face, ...]]]:
    """Every way one die and the Yellows it chains can land, chains of at most `depth` added dice."""
    die = DIVINING.dice[colour]
    ways: list[tuple[Fraction, tuple[Face, ...]]] = []
    for face in die.faces:
        chance = Fraction(1, die.sides)
        if "hammer_plus" not in face:
            ways.append((chance, (face,)))
        elif depth > 0:
            ways.extend((chance * p, (face, *rest)) for p, rest in one_die("yellow", depth - 1))
    return ways


def enumerate_pool(pool: Mapping[str, int], depth: int) -> list[tuple[Fraction, Resolved]]:
    """Every face combination of the pool, each with its chance and its resolution."""
    dice = [one_die(colour, depth) for colour, count in pool.items() for _ in range(count)]
    outcomes = []
    for combo in itertools.product(*dice):
        chance = math.prod((p for p, _ in combo), start=Fraction(1))
        outcomes.append((chance, resolve([face for _, faces in combo for face in faces])))
    return outcomes


def distribution_of(outcomes: list[tuple[Fraction, Resolved]], value: Callable[[Resolved], int]) -> dict[int, Fraction]:
    dist: Counter[int] = Counter()
    for chance, resolved in outcomes:
        dist[value(resolved)] += chance
    return {v: p for v, p in dist.items() if p}


def as_dict(dist: Distribution) -> dict[int, Fraction]:
    return dict(dist.items())


FIELDS: dict[str, Callable[[Resolved], int]] = {
    "xp": lambda r: r.xp,
    "hammers": lambda r: r.hammers,
    "crossblades": lambda r: r.crossblades,
    "net_falcons": lambda r: r.net_falcons,
    "blood_drops": lambda r: r.blood_drops,
    "hourglasses": lambda r: r.hourglasses,
}


def distributions(odds: PoolOdds) -> dict[str, Distribution]:
    return {name: getattr(odds, name) for name in FIELDS}


pools_of_up_to_3 = st.dictionaries(st.sampled_from(COLOURS), st.integers(1, 3), max_size=3).filter(
    lambda pool: sum(pool.values()) <= 3
)
pools_of_up_to_12 = st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 4), max_size=7).filter(
    lambda pool: sum(pool.values()) <= 12
)

# --------------------------------------------------------------------------------------------
# Against enumeration of every face combination
# --------------------------------------------------------------------------------------------


def check_against_enumeration(pool: Mapping[str, int], odds: PoolOdds) -> None:
    outcomes = enumerate_pool(pool, odds.chain_depth)
    for name, value in FIELDS.items():
        assert as_dict(getattr(odds, name)) == distribution_of(outcomes, value), name
    enumerated_mass = sum(p for p, _ in outcomes)
    assert enumerated_mass + odds.truncated == 1
    crossblade_seen = sum(p for p, r in outcomes if r.crossblades)
    assert 0 <= odds.chance_crossblade - crossblade_seen <= odds.truncated
    if odds.truncated == 0:
        assert odds.chance_crossblade == crossblade_seen
        assert odds.chance_blood_drop == sum(p for p, r in outcomes if r.blood_drops)
        assert odds.chance_hourglass == sum(p for p, r in outcomes if r.hourglasses)
        assert odds.expected_hammers == sum(p * r.hammers for p, r in outcomes)
        assert odds.expected_crossblades == sum(p * r.crossblades for p, r in outcomes)


@pytest.mark.parametrize("colour", COLOURS)
def test_one_die_of_each_colour_matches_enumeration(colour: str) -> None:
    check_against_enumeration({colour: 1}, pool_odds(DIVINING, {colour: 1}))


@pytest.mark.parametrize(
    "pool",
    [
        {"blue": 1, "purple": 1},
        {"blue": 1, "purple": 2},
        {"red": 1, "green": 1, "black": 1},
        {"yellow": 1, "purple": 1},
        {"yellow": 2},
        {"purple": 3},
        {"white": 1, "yellow": 1, "black": 1},
    ],
)
def test_small_pools_match_enumeration(pool: dict[str, int]) -> None:
    check_against_enumeration(pool, pool_odds(DIVINING, pool))


@settings(max_examples=25, deadline=None)
@given(pools_of_up_to_3)
def test_any_small_pool_matches_enumeration(pool: dict[str, int]) -> None:
    """A loose tolerance keeps Yellow chains short enough to enumerate; the depth still comes from it."""
    odds = pool_odds(DIVINING, pool, tolerance=Fraction(1, 100))
    assert odds.truncated < Fraction(1, 100)
    check_against_enumeration(pool, odds)


# --------------------------------------------------------------------------------------------
# The published checks of the dice, and Divining.expected_symbols
# --------------------------------------------------------------------------------------------


def expected(colour: str, symbol: str) -> Fraction:
    """The mean count of one symbol on one die, read through the odds as if it were the Hammer."""
    return pool_odds(DIVINING, {colour: 1}, symbols=OddsSymbols(reward=symbol)).expected_hammers


def test_divining_dice_checks() -> None:
    """divining-dice.md: a Yellow averages 1.2 dice, 0.4 Hammers, 0.4 Falcons, 0.2 Comets; a
    Purple 0.75 Crossblades, 0.375 Skulls, 0.125 Chaos Stars."""
    assert 1 + expected("yellow", "hammer_plus") == Fraction(6, 5)  # each Hammer-Plus adds a die
    assert expected("yellow", "falcon") == Fraction(2, 5)
    assert expected("yellow", "comet") == Fraction(1, 5)
    assert expected("purple", "skull") == Fraction(3, 8)
    assert expected("purple", "chaos_star") == Fraction(1, 8)
    yellow = pool_odds(DIVINING, {"yellow": 1})
    assert yellow.expected_hammers == Fraction(2, 5) + 3 * Fraction(1, 5)
    purple = pool_odds(DIVINING, {"purple": 1})
    assert purple.expected_crossblades == Fraction(3, 4) + 3 * Fraction(1, 8)
    assert purple.net_falcons.mean() == -Fraction(3, 8)


@pytest.mark.parametrize("colour", COLOURS)
def test_expectations_agree_with_the_ruleset(colour: str) -> None:
    """Every symbol's mean, bonuses added, is what `Divining.expected_symbols` says."""
    for symbol in DIVINING.symbols:
        bonus = sum(
            extra.get(symbol, 0) * DIVINING.expected_symbols(colour, source) for source, extra in DIVINING.bonus.items()
        )
        assert expected(colour, symbol) == DIVINING.expected_symbols(colour, symbol) + bonus, symbol


def test_face_count_adds_bonuses_and_what_counts_as_the_symbol() -> None:
    assert face_count(DIVINING, ("comet",), "hammer") == 3
    assert face_count(DIVINING, ("hammer_plus",), "hammer") == 1
    assert face_count(DIVINING, ("chaos_star",), "crossblade") == 3
    assert face_count(DIVINING, ("crossblade", "crossblade"), "crossblade") == 2
    assert face_count(DIVINING, ("hammer",), "hammer_plus") == 0
    assert face_count(DIVINING, (), "hammer") == 0


# --------------------------------------------------------------------------------------------
# Against a long seeded run of the real roller
# --------------------------------------------------------------------------------------------

BIG_POOL = {"blue": 1, "purple": 3, "red": 2, "green": 2, "yellow": 3, "white": 2, "black": 2}
ROLLS = 20_000
SIGMAS = 5  # a fixed seed never flakes; five standard errors still catches any real mistake


def test_a_big_pool_matches_a_seeded_simulation() -> None:
    odds = pool_odds(DIVINING, BIG_POOL)
    source = SeededDice(20240601)
    rolls = (roll_divining(source, DIVINING.dice, BIG_POOL, "hammer_plus", "yellow") for _ in range(ROLLS))
    thrown = [resolve([t.face for t in roll.throws]) for roll in rolls]
    for name, value in FIELDS.items():
        dist = getattr(odds, name)
        mean, var = float(dist.mean()), float(sum(p * v * v for v, p in dist.items()) - dist.mean() ** 2)
        observed = sum(value(r) for r in thrown) / ROLLS
        assert abs(observed - mean) < SIGMAS * math.sqrt(var / ROLLS), name
    for chance, seen in [
        (odds.chance_crossblade, sum(1 for r in thrown if r.crossblades)),
        (odds.chance_blood_drop, sum(1 for r in thrown if r.blood_drops)),
        (odds.chance_hourglass, sum(1 for r in thrown if r.hourglasses)),
    ]:
        p = float(chance)
        assert abs(seen / ROLLS - p) < SIGMAS * math.sqrt(p * (1 - p) / ROLLS)
    assert chi_square_ok(odds.xp, Counter(r.xp for r in thrown))
    assert chi_square_ok(odds.net_falcons, Counter(r.net_falcons for r in thrown))


def chi_square_ok(dist: Distribution, seen: Counter[int]) -> bool:
    """Pearson's test over bins expecting at least 5 throws (rarer ends pooled), far out at p ~ 1e-6."""
    bins: list[tuple[float, int]] = []
    pending_expected, pending_seen = 0.0, 0
    for value in range(min(dist.low, *seen), max(dist.high, *seen) + 1):
        pending_expected += float(dist.probability(value)) * ROLLS
        pending_seen += seen[value]
        if pending_expected >= 5:
            bins.append((pending_expected, pending_seen))
            pending_expected, pending_seen = 0.0, 0
    last_expected, last_seen = bins.pop()
    bins.append((last_expected + pending_expected, last_seen + pending_seen))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    freedom = len(bins) - 1
    return statistic < freedom + 7 * math.sqrt(2 * freedom)


# --------------------------------------------------------------------------------------------
# Properties over pool shapes
# --------------------------------------------------------------------------------------------


@QUICK
@given(pools_of_up_to_12)
def test_probabilities_sum_to_one_less_the_truncation(pool: dict[str, int]) -> None:
    odds = pool_odds(DIVINING, pool)
    assert 0 <= odds.truncated < TOLERANCE
    for name, dist in distributions(odds).items():
        assert sum(p for _, p in dist.items()) + odds.truncated == 1, name
        assert dist.total == 1 - odds.truncated
        assert all(p > 0 for _, p in dist.items())


@QUICK
@given(pools_of_up_to_12)
def test_expected_values_match_the_distribution_means(pool: dict[str, int]) -> None:
    """Exact means sit above the truncated distributions' means by no more than the cut tail's share."""
    odds = pool_odds(DIVINING, pool)
    pairs = [(odds.expected_hammers, odds.hammers), (odds.expected_crossblades, odds.crossblades)]
    for exact, dist in pairs:
        if odds.truncated == 0:
            assert exact == dist.mean()
        else:
            assert 0 <= exact - dist.mean() < Fraction(1, 10**6)
    for chance, dist in [
        (odds.chance_crossblade, odds.crossblades),
        (odds.chance_blood_drop, odds.blood_drops),
        (odds.chance_hourglass, odds.hourglasses),
    ]:
        assert 0 <= chance - dist.at_least(1) <= odds.truncated


@QUICK
@given(pools_of_up_to_12)
def test_xp_is_the_room_alone_without_a_crossblade(pool: dict[str, int]) -> None:
    odds = pool_odds(DIVINING, pool)
    assert odds.xp.probability(1) == odds.crossblades.probability(0)
    assert odds.xp.low >= 1
    assert odds.xp.at_least(2) == odds.crossblades.at_least(1)


@QUICK
@given(pools_of_up_to_12, st.permutations(COLOURS))
def test_the_order_of_the_pool_does_not_matter(pool: dict[str, int], order: list[str]) -> None:
    shuffled = {colour: pool[colour] for colour in order if colour in pool}
    assert pool_odds(DIVINING, pool) is pool_odds(DIVINING, shuffled)


# --------------------------------------------------------------------------------------------
# The chain truncation
# --------------------------------------------------------------------------------------------


def test_the_chain_depth_comes_from_the_chain_chance() -> None:
    sixth = Fraction(1, 6)
    assert chain_depth(sixth, sixth) == 11  # (1/6)^12 < 1e-9 <= (1/6)^11
    assert chain_depth(3 * sixth, sixth) == 12
    assert chain_depth(Fraction(0), sixth) == 0
    assert chain_depth(sixth, Fraction(0)) == 1
    half = Fraction(1, 2)
    depth = chain_depth(half, half)
    assert half * half**depth < TOLERANCE <= half * half ** (depth - 1)
    with pytest.raises(ValueError):
        chain_depth(sixth, Fraction(1))


def test_pools_report_their_depth_and_exact_truncation() -> None:
    assert pool_odds(DIVINING, {"blue": 1, "purple": 3}).chain_depth == 0
    assert pool_odds(DIVINING, {"blue": 1, "purple": 3}).truncated == 0
    one = pool_odds(DIVINING, {"yellow": 1})
    assert (one.chain_depth, one.truncated) == (11, Fraction(1, 6**12))
    three = pool_odds(DIVINING, {"yellow": 3, "blue": 1})
    assert three.chain_depth == 12 and three.truncated == 1 - (1 - Fraction(1, 6**13)) ** 3


def test_a_likelier_chain_is_followed_further() -> None:
    """Half the faces chain: the depth grows to keep the cut-off mass under the tolerance."""
    yellow = DIVINING.colours["yellow"]
    faces = (("hammer_plus",), ("hammer_plus",), ("hammer_plus",), ("falcon",), ("hammer",), ("comet",))
    likely = attrs.evolve(DIVINING, colours={**DIVINING.colours, "yellow": attrs.evolve(yellow, faces=faces)})
    odds = pool_odds(likely, {"yellow": 2})
    assert odds.chain_depth == chain_depth(2 * Fraction(1, 2), Fraction(1, 2))
    assert 0 < odds.truncated < TOLERANCE
    # A die that chains as often as the chain die: its own 7/6 Hammers, then again with chance 1/2.
    assert odds.expected_hammers == 2 * Fraction(7, 6) / (1 - Fraction(1, 2))
    assert odds.hammers.total + odds.truncated == 1


# --------------------------------------------------------------------------------------------
# Edges, other rulesets, the bar chart
# --------------------------------------------------------------------------------------------


def test_an_empty_pool_gives_only_the_room() -> None:
    odds = pool_odds(DIVINING, {"blue": 0})
    assert as_dict(odds.xp) == {1: 1}
    assert as_dict(odds.net_falcons) == {0: 1}
    assert odds.chance_crossblade == 0 and odds.expected_hammers == 0 and odds.truncated == 0


def test_room_xp_and_the_reward_rule_are_parameters() -> None:
    pool = {"blue": 1, "purple": 1}
    revisited = pool_odds(DIVINING, pool, room_xp=0)
    assert as_dict(revisited.xp) == {v - 1: p for v, p in pool_odds(DIVINING, pool).xp.items()}
    free = pool_odds(DIVINING, pool, reward_needs_challenge=False)
    outcomes = enumerate_pool(pool, 0)
    assert as_dict(free.xp) == distribution_of(outcomes, lambda r: 1 + r.crossblades + r.hammers)


def test_bad_pools_are_refused() -> None:
    with pytest.raises(ValueError):
        pool_odds(DIVINING, {"blue": -1})
    with pytest.raises(KeyError):
        pool_odds(DIVINING, {"gold": 1})


def test_symbols_come_from_the_ruleset(hc: Ruleset, b3: Ruleset) -> None:
    assert OddsSymbols.of(hc) == OddsSymbols.of(b3) == OddsSymbols()
    assert odds_for(hc, {"blue": 1, "purple": 2}) is pool_odds(DIVINING, {"blue": 1, "purple": 2})


def test_the_genesys_sketch_counts_suns_and_xs() -> None:
    genesys = load_ruleset(FIXTURES / "sketch-genesys.toml")
    assert genesys.divining is not None
    symbols = OddsSymbols.of(genesys)
    assert (symbols.reward, symbols.challenge, symbols.boon, symbols.bane) == ("sun", "x", "arrow", "target")
    odds = odds_for(genesys, {"green": 1, "red": 1})
    assert odds.chain_depth == 0 and odds.truncated == 0
    assert odds.expected_hammers == Fraction(5, 8)  # Green: 2 + 2 + 1 Suns in 8 faces
    assert odds.expected_crossblades == Fraction(2 + 4 + 2 + 1, 12)  # Red, Despair counting as an X
    assert odds.chance_blood_drop == 0 and as_dict(odds.blood_drops) == {0: 1}


def test_clearing_the_cache_computes_afresh() -> None:
    before = pool_odds(DIVINING, {"yellow": 1, "blue": 1})
    clear_cache()
    after = pool_odds(DIVINING, {"yellow": 1, "blue": 1})
    assert after is not before and after == before


def test_bar_chart_draws_one_row_a_value() -> None:
    purple = pool_odds(DIVINING, {"purple": 1})
    assert bar_chart(purple.crossblades, width=8) == [
        "0 ████████  37.5%",
        "1 █████▍    25.0%",
        "2 █████▍    25.0%",
        "3 ██▋       12.5%",
    ]


def test_bar_chart_folds_rare_ends() -> None:
    rows = bar_chart(pool_odds(DIVINING, {"yellow": 3}).hammers, floor=0.01)
    assert rows[-1].lstrip().startswith(">=")
    assert sum(float(row.rsplit(maxsplit=1)[-1].rstrip("%")) for row in rows) == pytest.approx(100, abs=0.5)
    signed = bar_chart(pool_odds(DIVINING, {"purple": 2, "blue": 1}).net_falcons, label=lambda v: f"{v:+d}")
    assert signed[0].lstrip().startswith("-4") and signed[-1].lstrip().startswith("+1")
