"""Dice carried from room to room: what camp actions leave for later Explore pools, how they run
out, and when Book Three's accrued Risk and Reward dice are emptied.

Kept apart from the camp rules because the session state holds them between rooms, and neither the
state nor the trip to town should need the whole camp procedure to load.
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from hammertui.kernel.rules.records import record

if TYPE_CHECKING:
    from hammertui.kernel.ruleset import Ruleset


@record
class PoolBonus:
    """Dice a camp action adds to later Explore pools: `count` `colour` dice for `rooms_left` rooms.

    `new_rooms_only`: only a newly explored room uses it up (Scout Ahead's "next 1d4 new rooms");
    otherwise the next room explored does (Stand Watch).
    """

    colour: str
    count: int
    rooms_left: int
    reason: str
    new_rooms_only: bool = False


def bonus_dice(bonuses: Iterable[PoolBonus], new_room: bool = True) -> dict[str, int]:
    """The dice the bonuses add to the next room's pool, by colour.

    Scout bonuses count only towards a new room; a revisited room gets the watch's dice alone.
    """
    dice: dict[str, int] = {}
    for bonus in bonuses:
        if new_room or not bonus.new_rooms_only:
            dice[bonus.colour] = dice.get(bonus.colour, 0) + bonus.count
    return dice


def tick_bonuses(bonuses: Iterable[PoolBonus], new_room: bool = True) -> tuple[PoolBonus, ...]:
    """The bonuses left after one room is explored: each it applied to has a room fewer; spent ones go."""
    left = []
    for bonus in bonuses:
        if bonus.new_rooms_only and not new_room:
            left.append(bonus)
        elif bonus.rooms_left > 1:
            left.append(attrs.evolve(bonus, rooms_left=bonus.rooms_left - 1))
    return tuple(left)


def resets_risk_reward(ruleset: "Ruleset", action: str) -> bool:
    """Whether `action` ("camp", "return_to_town") empties the accrued Risk and Reward dice."""
    accrual = ruleset.divining.accrual if ruleset.divining else None
    return accrual is not None and action in accrual.reset_on
