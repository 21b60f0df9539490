"""`[explore]` and `[search]`: what exploring a room and searching cost and do."""

from typing import Annotated

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Colour,
    Count,
    Dice,
    Id,
    SymbolId,
    UniqueIds,
    Words,
    between,
    one_of,
)

EXPLORE_EFFECTS = (
    "note",
    "no_time",
    "restock",
    "reroll",
    "burn_lights",
    "transit_encounter",
    "ration_spoils",
    "safe_haven",
    "trap",
)
"""What the app can do for an outcome; `note` only records it on the room for the 'Smith to read."""


@record
class ExploreOutcome:
    """One thing a net Falcon or Skull, a Hammer or a Crossblade can buy, as the text lists it.

    `dice` is thrown by `burn_lights` (turns lost) and `transit_encounter` (the die colours, e.g.
    "purple"); `ignore` names symbols a transit encounter's die does not count. `encounter` marks
    an outcome that puts an encounter in the room or works on one there: such a room, like one
    with a trap, must be cleared before a Safe Haven bought in it is one.
    """

    id: Id
    name: str
    effect: Annotated[str, one_of(EXPLORE_EFFECTS)] = "note"
    dice: Dice = ""
    colour: Colour = ""
    ignore: tuple[SymbolId, ...] = ()
    encounter: bool = False


Outcomes = Annotated[
    tuple[ExploreOutcome, ...],
    UniqueIds(),
    Words('an array of outcomes such as { id = "safe_haven", name = "...", effect = "safe_haven" }'),
]


@record
class ExploreRules:
    """Explore: its cost, the XP a room gives, which symbols count as challenge and reward, and
    what each symbol can buy (`outcomes`, by symbol; `also` lets a symbol buy another's list too).

    Each Blood Drop costs `blood_dice` per dungeon level (Xd4) and each Hourglass `hourglass_dice`
    more units of time.
    """

    room_xp: Count = 1
    challenge_symbol: SymbolId | None = None
    reward_symbol: SymbolId | None = None
    reward_needs_challenge: bool = True
    revisit_xp: bool = False
    cost: Annotated[int, between(0, None, "a number of units")] = 1
    blood_dice: Dice = "1d4"
    hourglass_dice: Dice = "1d4"
    outcomes: dict[str, Outcomes] = attrs.field(factory=dict)
    also: Annotated[dict[str, SymbolId], Words('a table such as { hammer = "falcon" }')] = attrs.field(factory=dict)

    def choices(self, symbol: str) -> tuple[ExploreOutcome, ...]:
        """What one `symbol` can buy: its own list, then the list it may also draw from."""
        own = self.outcomes.get(symbol, ())
        other = self.also.get(symbol)
        return own + (self.outcomes.get(other, ()) if other else ())


@record
class SearchRules:
    """Searching: each searcher adds `per_searcher` in `out_of` per unit; the sum finds at `out_of`."""

    per_searcher: Annotated[int, between(1)] = 1
    out_of: Annotated[int, between(1)] = 6
