"""Return to Town: full Hit Points, supplies restocked, the loot divided, loot turned to XP, levels.

The rules list the steps in order; this module does the arithmetic of each so the table only
decides (who holds which item, how many coins go to XP) and the ledger adds up. No dice are thrown
on the way back to town. Levelling itself (new Hit Points) is `characters.level_up_hp`'s; here is
only who may.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules.bonuses import resets_risk_reward
from hammertui.procedures.hammercrawl_classes.rules.characters import can_level_up

UNCLAIMED = ""
"""The holder of an item nobody has taken yet."""

WEEK_HOURS = 7 * 24
"""A week of downtime, in hours."""


def week_units(ruleset: Ruleset) -> int:
    """A week of downtime on the ruleset's clock: 1,008 ten-minute turns or Beats."""
    return WEEK_HOURS * ruleset.time.units_per_hour


def rested_con(con: int, con_max: int, restored: int) -> int:
    """CON after a week's rest: `restored` points of what was lost come back, never past the score."""
    return max(con, min(con_max, con + restored))


@record
class Survivor:
    """A character who made it back: level, XP, Hit Points, and their starting supplies then and now."""

    id: str
    name: str
    level: int
    xp: int
    hp: int
    max_hp: int
    kit: Mapping[str, int] = attrs.field(factory=dict)
    carried: Mapping[str, int] = attrs.field(factory=dict)


@record
class LootItem:
    """One item of loot and who holds it (a survivor id, or `UNCLAIMED`)."""

    name: str
    holder: str = UNCLAIMED


@record
class CoinSplit:
    """Coins shared evenly: `each` to every survivor, `remainder` left to the party to settle."""

    coins: int
    shares: int
    each: int
    remainder: int

    @property
    def line(self) -> str:
        if not self.shares:
            return f"{self.coins} coins and nobody to share them"
        return f"{self.coins} coins: {self.each} each to {self.shares}, {self.remainder} left over"


@record
class Conversion:
    """Unspent loot turned to XP (Book Three): `xp_each` for every survivor, `left` coins not turned.

    `converted` coins are gone: they cannot buy anything any more.
    """

    offered: int
    coins_per_xp: int
    xp_each: int
    converted: int
    left: int

    @property
    def line(self) -> str:
        if not self.coins_per_xp:
            return "loot cannot be turned to XP in this ruleset"
        return f"{self.converted} coins become {self.xp_each} XP each; {self.left} coins left"


@record
class TownOutcome:
    """Everything Return to Town changes, for the session to apply.

    `hp`: full HP by survivor id. `restocked`: per survivor, the supplies added to bring the
    starting kit back up. `items`: holder id (`UNCLAIMED` for none) -> item names. `xp`: XP after
    conversion. `can_level`: survivor ids with enough XP to level. `clears_camp_bonuses`: Scout and
    Watch bonuses end here. `resets_risk_reward`: so do the accrued Risk and Reward dice.
    """

    hp: dict[str, int]
    restocked: dict[str, dict[str, int]]
    conversion: Conversion
    split: CoinSplit
    items: dict[str, tuple[str, ...]]
    xp: dict[str, int]
    can_level: tuple[str, ...]
    clears_camp_bonuses: bool
    resets_risk_reward: bool
    lines: tuple[str, ...]


def restock(kit: Mapping[str, int], carried: Mapping[str, int]) -> dict[str, int]:
    """What brings the starting supplies back to full: each kit item topped up, nothing taken away."""
    return {item: n - carried.get(item, 0) for item, n in kit.items() if carried.get(item, 0) < n}


def split_coins(coins: int, shares: int) -> CoinSplit:
    """Coins divided evenly; the remainder is stated, not lost."""
    if coins < 0 or shares < 0:
        raise ValueError("coins and shares cannot be negative")
    if shares == 0:
        return CoinSplit(coins, 0, 0, coins)
    each, remainder = divmod(coins, shares)
    return CoinSplit(coins, shares, each, remainder)


def convert_loot(ruleset: Ruleset, coins: int) -> Conversion:
    """Every `coins_per_xp` coins offered become 1 XP for each survivor; the odd coins stay coins."""
    if coins < 0:
        raise ValueError("cannot convert a negative number of coins")
    rate = ruleset.advancement.coins_per_xp if ruleset.advancement else 0
    if rate <= 0:
        return Conversion(coins, 0, 0, 0, coins)
    xp_each, left = divmod(coins, rate)
    return Conversion(coins, rate, xp_each, coins - left, left)


def items_by_holder(items: Iterable[LootItem]) -> dict[str, tuple[str, ...]]:
    """The item ledger: who holds what, unclaimed items under `UNCLAIMED`."""
    held: dict[str, list[str]] = {}
    for item in items:
        held.setdefault(item.holder, []).append(item.name)
    return {holder: tuple(names) for holder, names in held.items()}


def can_level(ruleset: Ruleset, level: int, xp: int) -> bool:
    return can_level_up(ruleset, level, xp)[0]


def exploration_xp(ruleset: Ruleset, revisited: bool) -> int:
    """A room's exploration XP: none for a room the party has been through before.

    Back in the dungeon after town, the rooms already explored are revisits.
    """
    rules = ruleset.explore
    if rules is None:
        return 0
    return rules.room_xp if not revisited or rules.revisit_xp else 0


def return_to_town(
    ruleset: Ruleset,
    survivors: Sequence[Survivor],
    coins: int,
    items: Iterable[LootItem] = (),
    convert: int = 0,
) -> TownOutcome:
    """The trip back, in the rules' order: HP, supplies, loot, conversion to XP, who can level.

    `convert`: coins from the party's loot offered for XP (Book Three); the odd coins it leaves and
    the rest of the loot are split evenly among the survivors.
    """
    if not 0 <= convert <= coins:
        raise ValueError(f"cannot convert {convert} of {coins} coins")
    names = {s.id: s.name for s in survivors}
    unknown = {i.holder for i in items if i.holder != UNCLAIMED} - set(names)
    if unknown:
        raise ValueError(f"loot held by someone not returning: {', '.join(sorted(unknown))}")
    conversion = convert_loot(ruleset, convert)
    split = split_coins(coins - conversion.converted, len(survivors))
    xp = {s.id: s.xp + conversion.xp_each for s in survivors}
    levelling = tuple(s.id for s in survivors if can_level(ruleset, s.level, xp[s.id]))
    restocked = {s.id: added for s in survivors if (added := restock(s.kit, s.carried))}
    held = items_by_holder(items)
    lines = ["HP restored to full; daily spells and powers relearned"]
    lines += [f"{names[i]} restocks {_items(added)}" for i, added in restocked.items()]
    if convert:
        lines.append(conversion.line)
    lines.append(split.line)
    lines += [f"{names.get(h, 'unclaimed')}: {', '.join(n)}" for h, n in held.items()]
    lines += [f"{names[i]} can level up" for i in levelling]
    return TownOutcome(
        hp={s.id: s.max_hp for s in survivors},
        restocked=restocked,
        conversion=conversion,
        split=split,
        items=held,
        xp=xp,
        can_level=levelling,
        clears_camp_bonuses=True,
        resets_risk_reward=resets_risk_reward(ruleset, "return_to_town"),
        lines=tuple(lines),
    )


def _items(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{item} x{n}" for item, n in counts.items())
