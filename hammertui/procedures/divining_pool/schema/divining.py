"""`[divining]`: the divining pool, its dice and how a pool is built."""

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Annotated

import attrs

from hammertui.kernel.rules.dice import DiviningDie, Face
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Colour,
    Count,
    Id,
    Key,
    Keyed,
    Problem,
    SymbolId,
    Words,
    between,
    ident,
    length,
    nonempty,
    one_of,
    section_check,
)

FACES_WORDS = 'an array of faces, each an array of symbol ids ([] for a blank face), such as [[], ["hammer"]]'
DiceCounts = Annotated[
    dict[Colour, Annotated[int, between(0, None, "a number of dice")]],
    Words("a table of colours and counts such as { blue = 1 }"),
]


@record
class DiviningColour:
    """A divining die as the table names it: its faces and its role in the pool."""

    id: str
    role: str
    faces: Annotated[tuple[tuple[SymbolId, ...], ...], nonempty(FACES_WORDS)]
    name: str = attrs.field(default=attrs.Factory(lambda self: self.id.capitalize(), takes_self=True))


@record
class PoolAddition:
    """Dice the 'Smith adds to the pool for something the party did.

    `scale` is `once`, `each` (per good idea, per gear) or `half_party` (party size / 2, up).
    """

    id: Id
    name: str
    dice: DiceCounts
    scale: Annotated[str, one_of(("once", "each", "half_party"))] = "once"


@record
class PoolAccrual:
    """Risk and Reward dice gathered room by room and emptied by the actions in `reset_on`."""

    reward_colour: Colour
    risk_colour: Colour
    per_room_beyond_first: Count = 1
    reset_on: tuple[Annotated[str, ident("an action id")], ...] = ()


@record
class Divining:
    """The divining pool: its dice and their faces, the symbols, and how a pool is built."""

    colours: Annotated[dict[str, DiviningColour], Key("dice"), Keyed("divining die", "id")]
    symbols: Annotated[dict[SymbolId, str], Words('a table of symbol ids and names such as { hammer = "Hammer" }')]
    base_pool: Annotated[DiceCounts, Key("base")] = attrs.field(factory=dict)
    challenge_colour: Colour | None = None
    challenge_min: Count = 0
    challenge_max: Count = 0
    challenge_default: Count = attrs.field(default=attrs.Factory(lambda self: self.challenge_min, takes_self=True))
    chain_symbol: SymbolId | None = None
    chain_colour: Colour | None = None
    counts_as: Annotated[dict[str, tuple[SymbolId, ...]], Words('a table such as { hammer_plus = ["hammer"] }')] = (
        attrs.field(factory=dict)
    )
    bonus: Annotated[dict[str, dict[str, Count]], Words("a table such as { comet = { hammer = 3 } }")] = attrs.field(
        factory=dict
    )
    cancel: Annotated[
        tuple[Annotated[tuple[SymbolId, ...], length(2, "a pair of symbol ids")], ...],
        Words('an array of pairs such as [["falcon", "skull"]]'),
    ] = ()
    additions: Annotated[
        tuple[PoolAddition, ...],
        Words('an array of pool additions such as { id = "stealthy", name = "...", dice = { green = 1 } }'),
    ] = ()
    accrual: PoolAccrual | None = None
    dice: dict[str, DiviningDie] = attrs.field(init=False, eq=False, repr=False)
    """Each colour's die, as `hammertui.kernel.rules.dice` throws it."""

    def __attrs_post_init__(self) -> None:
        dice = {colour: DiviningDie(colour, c.faces) for colour, c in self.colours.items()}
        object.__setattr__(self, "dice", dice)

    @property
    def chain_color(self) -> str | None:
        """`chain_colour` in the spelling `hammertui.kernel.rules.dice` uses."""
        return self.chain_colour

    @property
    def base_colour(self) -> str | None:
        """The colour of the pool's fixed die (Blue in the complete rules)."""
        return next(iter(self.base_pool), None)

    def symbol_count(self, face: Face, symbol: str) -> int:
        """How many `symbol` a face shows, counting symbols that also count as it."""
        return sum(1 for s in face if s == symbol or symbol in self.counts_as.get(s, ()))

    def chain_chance(self, colour: str) -> Fraction:
        die = self.dice[colour]
        if self.chain_symbol is None:
            return Fraction(0)
        return Fraction(sum(1 for f in die.faces if self.chain_symbol in f), die.sides)

    def expected_dice(self, colour: str) -> Fraction:
        """Dice thrown on average for one die of `colour`, the dice its chains add included."""
        return 1 + self.chain_chance(colour) * self._chain_expectation(lambda _: Fraction(1))

    def expected_symbols(self, colour: str, symbol: str) -> Fraction:
        """Average `symbol` count for one die of `colour`, chains included: exact, from the faces."""

        def own(c: str) -> Fraction:
            die = self.dice[c]
            return Fraction(sum(self.symbol_count(f, symbol) for f in die.faces), die.sides)

        return own(colour) + self.chain_chance(colour) * self._chain_expectation(own)

    def _chain_expectation(self, own: Callable[[str], Fraction]) -> Fraction:
        """E for one chained die: e = own + p e, so e = own / (1 - p)."""
        if self.chain_colour is None:
            return Fraction(0)
        p = self.chain_chance(self.chain_colour)
        return own(self.chain_colour) / (1 - p)


@section_check(Divining)
def _challenge_levels_in_order(d: Divining) -> Iterator[Problem]:
    if d.challenge_max < d.challenge_min:
        yield Problem(f"expected at least challenge_min ({d.challenge_min}), got {d.challenge_max}", ("challenge_max",))
    elif d.challenge_max and not d.challenge_min <= d.challenge_default <= d.challenge_max:
        yield Problem(
            f"expected a level from {d.challenge_min} to {d.challenge_max}, got {d.challenge_default}",
            ("challenge_default",),
        )
