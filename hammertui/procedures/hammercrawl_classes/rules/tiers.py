"""Tiers: a level or Hit Dice as a tier, and the tables the rules key by tier difference.

Saves, thief skills, XP rewards and Turn Unholy all compare two tiers and read a five-row table.
The arithmetic is here once; the tables come from the ruleset, so a variant changes numbers,
not code. A difference is always "the other side's tier minus our own", clamped to the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from hammertui.kernel.ruleset import Ruleset, TierRules, TurnUnholyResult

LEVELS_PER_TIER = 3
MAX_TIER = 6
DIFFERENCE_CAP = 2


def tier(level_or_hd: int, levels_per_tier: int = LEVELS_PER_TIER, max_tier: int = MAX_TIER) -> int:
    """The tier of a level or Hit Dice: 0 for 0, then one per `levels_per_tier`, capped.

    Asterisks on Hit Dice are ignored by the rules, so callers pass the bare number.
    """
    if level_or_hd <= 0:
        return 0
    return min(max_tier, math.ceil(level_or_hd / levels_per_tier))


def tier_of(ruleset: Ruleset, level_or_hd: int) -> int:
    """`tier`, with the ruleset's own tier sizes and cap."""
    rules = _rules(ruleset)
    return tier(level_or_hd, rules.levels_per_tier, rules.max_tier)


def tier_difference(other: int, own: int, cap: int = DIFFERENCE_CAP) -> int:
    """`other - own`, clamped to -cap..+cap: every tier table has one row per value."""
    return max(-cap, min(cap, other - own))


def tier_value(ruleset: Ruleset, table: str, other_tier: int, own_tier: int) -> Fraction:
    """The value of a tier table (`save`, `thief_skill`, `xp`, `turn_unholy`) at a difference."""
    rules = _rules(ruleset)
    if table not in ruleset.tier_tables:
        raise ValueError(f"ruleset {ruleset.id} has no {table!r} tier table")
    difference = tier_difference(other_tier, own_tier, rules.difference_cap)
    return ruleset.tier_tables[table][difference + rules.difference_cap]


def save_target(ruleset: Ruleset, source_tier: int, character_tier: int) -> int:
    """The target of a save against an effect whose source has `source_tier`."""
    return _whole(tier_value(ruleset, "save", source_tier, character_tier))


def thief_skill_target(ruleset: Ruleset, dungeon_tier: int, thief_tier: int) -> int:
    """The target of a thief skill on a dungeon level of `dungeon_tier`."""
    return _whole(tier_value(ruleset, "thief_skill", dungeon_tier, thief_tier))


def turn_unholy_target(ruleset: Ruleset, cleric_tier: int, victim_tier: int) -> int:
    """The victim's Mind save target: the Cleric's tier is the "other" side of the table."""
    return _whole(tier_value(ruleset, "turn_unholy", cleric_tier, victim_tier))


def turn_unholy_result(ruleset: Ruleset, cleric_tier: int, victim_tier: int) -> TurnUnholyResult:
    """What a failed save does: the row of the results beside the target."""
    rules = _rules(ruleset)
    if ruleset.turn_unholy is None:
        raise ValueError(f"ruleset {ruleset.id} has no Turn Unholy")
    difference = tier_difference(cleric_tier, victim_tier, rules.difference_cap)
    return ruleset.turn_unholy.results[difference + rules.difference_cap]


def xp_multiplier(ruleset: Ruleset, dungeon_tier: int, party_tier: int) -> Fraction:
    """The XP reward modifier, exact: 1/10, 1/2, 1, 2 or 10 in the complete rules."""
    return tier_value(ruleset, "xp", dungeon_tier, party_tier)


def xp_reward(ruleset: Ruleset, base_xp: int, dungeon_tier: int, party_tier: int) -> int:
    """Base XP times the tier modifier, rounded down as the rules say."""
    return math.floor(base_xp * xp_multiplier(ruleset, dungeon_tier, party_tier))


def party_tier(levels: Iterable[int], levels_per_tier: int = LEVELS_PER_TIER, max_tier: int = MAX_TIER) -> int:
    """The party's average tier: the mean of the living members' tiers, nearest, halves down.

    The rules say only "the party's average level Tier"; rounding halves down keeps a party of
    one Tier 1 and one Tier 2 member on Tier 1 dungeons' full XP rather than halving it.
    Pass the levels of the living members only; an empty party is tier 0.
    """
    tiers = [tier(level, levels_per_tier, max_tier) for level in levels]
    if not tiers:
        return 0
    mean = Fraction(sum(tiers), len(tiers))
    return math.ceil(mean - Fraction(1, 2))


def party_tier_of(ruleset: Ruleset, levels: Iterable[int]) -> int:
    """`party_tier` with the ruleset's own tier sizes."""
    rules = _rules(ruleset)
    return party_tier(levels, rules.levels_per_tier, rules.max_tier)


def _rules(ruleset: Ruleset) -> TierRules:
    if ruleset.tier_rules is None:
        raise ValueError(f"ruleset {ruleset.id} has no tiers")
    return ruleset.tier_rules


def _whole(value: Fraction) -> int:
    """A target as a whole number; a fractional target rounds down like everything else here."""
    return math.floor(value)
