"""`[armour]`, `[hirelings]`, `[encumbrance]`, `[party]` and `[kit]`: what a character wears,
hires, carries and sets out with."""

from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    AnyText,
    Count,
    Id,
    Problem,
    SaveName,
    StatName,
    Tier,
    Unique,
    UniqueIds,
    Words,
    between,
    one_of,
    section_check,
)

KIT_SUPPLIES = ("rations", "oil", "bedroll")
"""What a kit may hold besides light sources: counted on the character, a Bedroll had or not."""


@record
class ArmourDef:
    """A kind of armour, or a shield: what it adds to AC. `weight` orders them, none = 0."""

    id: Id
    name: str
    ac: Annotated[int, between(0, None, "an AC bonus")]
    weight: Count = 0
    shield: bool = False


@record
class ArmourRules:
    """`[armour]`: the armour kinds and the shield a character may pick."""

    kinds: Annotated[
        tuple[ArmourDef, ...],
        UniqueIds(),
        Words('an array of armour such as { id = "light", name = "Leather", ac = 2 }'),
    ]


@section_check(ArmourRules)
def _one_shield(rules: ArmourRules) -> Iterator[Problem]:
    if sum(k.shield for k in rules.kinds) > 1:
        yield Problem("expected at most one shield", ("kinds",))


@record
class HirelingTier:
    """One row of the hireling table: what a hireling of this tier costs a day and brings, and the
    odds of finding one."""

    tier: Tier
    cost: str
    expertise: Count
    finding: AnyText = ""
    description: AnyText = ""


@record
class HirelingRules:
    """Hirelings: the tier table and the morale check for a pushed hireling.

    The employer makes `save` against the target for the hireling's tier against their own; a
    failure by at most `double_cost_within` keeps the hireling at double cost, more and they quit;
    in a fight, with `flee_in_fight`, any failure sends them fleeing.
    """

    tiers: Annotated[
        tuple[HirelingTier, ...], Words('an array of tiers such as { tier = 1, cost = "1 cp", expertise = 1 }')
    ]
    save: SaveName = "Rally"
    double_cost_within: Count = 5
    flee_in_fight: bool = False
    """A hireling whose morale fails in a fight departs, fleeing (Book Three), rather than
    bargaining over the contract as out of one."""

    def row(self, tier: int) -> HirelingTier:
        for row in self.tiers:
            if row.tier == tier:
                return row
        raise KeyError(tier)


@section_check(HirelingRules)
def _each_tier_once(rules: HirelingRules) -> Iterator[Problem]:
    found = [r.tier for r in rules.tiers]
    if len(set(found)) != len(found):
        yield Problem("expected each tier once", ("tiers",))


@record
class Encumbrance:
    """Carrying capacity: `stat` / `divide_by` (rounded `up` or `down`) + the mod of `add_mod_of`."""

    stat: StatName
    divide_by: Annotated[int, between(1)] = 1
    round: Annotated[str, one_of(("up", "down"))] = "up"
    add_mod_of: StatName | None = None


@record
class PartyRules:
    """`[party]`: the party roles players take (Leader, Mapper...)."""

    roles: Annotated[tuple[str, ...], Unique()] = ()


Kit = dict[str, Annotated[int, between(0, None, "a number carried")]]
"""`[kit]`: supply -> how many; the names are checked against the light sources once all is read."""
