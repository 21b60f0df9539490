"""Hirelings: the tier table and whether a pushed hireling stays, at what price.

When the party pushes a hireling too far the one in charge of them makes a Rally save against the
hireling's tier: made, nothing changes; missed by the ruleset's margin or less, they stay at double
the daily cost; missed by more, they quit. In a fight, where the ruleset says so (Book Three), any
miss sends them fleeing.
"""

from __future__ import annotations

from collections.abc import Mapping

from hammertui.kernel.rules.dice import DiceSource
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import HirelingRules, HirelingTier, Ruleset
from hammertui.procedures.hammercrawl_classes.rules.checks import Check, saving_throw

KEEP = "keep"
DOUBLE = "double"
QUIT = "quit"
FLED = "fled"


@record
class MoraleResult:
    """The employer's save and what it means for the contract."""

    check: Check
    verdict: str

    def describe(self) -> str:
        words = {
            KEEP: "they stay on the same terms",
            DOUBLE: "they stay, but only at double the daily cost",
            QUIT: "they quit on the spot, maybe hostile",
            FLED: "they depart, fleeing for the nearest escape to safety",
        }
        return f"{self.check.describe()}: {words[self.verdict]}"


def rules_of(ruleset: Ruleset) -> HirelingRules:
    if ruleset.hirelings is None:
        raise ValueError(f"ruleset {ruleset.id} has no hirelings")
    return ruleset.hirelings


def tier_row(ruleset: Ruleset, tier: int) -> HirelingTier:
    """The hireling table's row for `tier`: daily cost, expertise, chance of finding one."""
    try:
        return rules_of(ruleset).row(tier)
    except KeyError:
        tiers = [r.tier for r in rules_of(ruleset).tiers]
        raise ValueError(f"hireling tiers run {min(tiers)} to {max(tiers)}, not {tier}") from None


def daily_cost(ruleset: Ruleset, tier: int, doubled: bool) -> str:
    """`2 sp a day`, or `2 sp x2 a day` once a failed morale check has doubled it."""
    cost = tier_row(ruleset, tier).cost
    return f"{cost} x2 a day" if doubled else f"{cost} a day"


def morale_check(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    hireling_tier: int,
    net: int = 0,
) -> MoraleResult:
    """The employer's Rally save against the hireling's tier, read as keep, double or quit."""
    rules = rules_of(ruleset)
    check = saving_throw(
        ruleset,
        source,
        class_id=class_id,
        level=level,
        stats=stats,
        save=rules.save,
        source_tier=hireling_tier,
        net=net,
    )
    if check.success:
        verdict = KEEP
    elif -check.margin <= rules.double_cost_within:
        verdict = DOUBLE
    else:
        verdict = QUIT
    return MoraleResult(check, verdict)


def fight_morale(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    hireling_tier: int,
    net: int = 0,
) -> MoraleResult:
    """The same save in a fight. Book Three: "If failed, the Hireling departs, fleeing for the
    nearest escape to safety"; elsewhere the contract is read as out of a fight."""
    result = morale_check(
        ruleset, source, class_id=class_id, level=level, stats=stats, hireling_tier=hireling_tier, net=net
    )
    if rules_of(ruleset).flee_in_fight and not result.check.success:
        return MoraleResult(result.check, FLED)
    return result
