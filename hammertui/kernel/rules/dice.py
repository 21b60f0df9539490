"""Dice: notation, the rolls every ruleset throws, and the injectable source all randomness goes through.

Nothing here picks a random number by itself: every function takes a `DiceSource`, so play uses a
seeded source (one per action, so a session replays identically) and tests a scripted one.
Every roll returns every die it threw, because the table sees the dice, not just the total.
"""

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, Protocol

from hammertui.kernel.rules.records import record


class DiceSource(Protocol):
    """Anything that can throw one die with `sides` faces and say what came up (1..sides)."""

    def roll(self, sides: int) -> int: ...


class SeededDice:
    """Play dice: a private generator seeded from the session seed and the action's number.

    Seeding per action means an undo followed by the same action throws the same dice.
    """

    def __init__(self, seed: int, sequence: int = 0) -> None:
        self._random = random.Random(f"{seed}:{sequence}")

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


class ScriptExhausted(Exception):
    """A scripted source was asked for more dice than the test provided."""


class ScriptedDice:
    """Test dice: returns the given faces in order and refuses a face its die cannot show."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.thrown: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        if not self._faces:
            raise ScriptExhausted(f"no scripted face left for a d{sides}")
        face = self._faces.pop(0)
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} cannot come up on a d{sides}")
        self.thrown.append((sides, face))
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces)


class DiceNotationError(ValueError):
    """A dice expression the parser cannot read; the message quotes it."""


_NOTATION = re.compile(
    r"^\s*(?P<count>\d*)\s*d\s*(?P<sides>\d+)\s*"
    r"(?:k(?P<keep_kind>[hl])\s*(?P<keep>\d+))?\s*"
    r"(?P<mod>[+-]\s*\d+)?\s*$",
    re.IGNORECASE,
)


@record
class DiceExpr:
    """`NdS+M`, optionally keeping the highest (`kh`) or lowest (`kl`) few: `4d6kh3`, `2d20kl1-1`."""

    count: int
    sides: int
    modifier: int = 0
    keep: int | None = None
    keep_highest: bool = True

    def __str__(self) -> str:
        keep = f"k{'h' if self.keep_highest else 'l'}{self.keep}" if self.keep is not None else ""
        return f"{self.count}d{self.sides}{keep}{_signed(self.modifier) if self.modifier else ''}"


def parse(notation: str) -> DiceExpr:
    """Read dice notation, naming what is wrong when it cannot."""
    match = _NOTATION.match(notation)
    if not match:
        raise DiceNotationError(f"{notation!r} is not dice notation like 2d6+1 or 4d6kh3")
    count = int(match["count"] or 1)
    sides = int(match["sides"])
    modifier = int(re.sub(r"\s", "", match["mod"])) if match["mod"] else 0
    keep = int(match["keep"]) if match["keep"] else None
    if count < 1 or count > 100:
        raise DiceNotationError(f"{notation!r}: the number of dice must be 1 to 100")
    if sides < 2 or sides > 1000:
        raise DiceNotationError(f"{notation!r}: a die needs 2 to 1000 sides")
    if keep is not None and not 1 <= keep <= count:
        raise DiceNotationError(f"{notation!r}: cannot keep {keep} of {count} dice")
    keep_highest = (match["keep_kind"] or "h").lower() == "h"
    return DiceExpr(count, sides, modifier, keep, keep_highest)


@record
class Term:
    """A die added to or taken from a roll after it is thrown, such as a Boon or Bane die."""

    label: str
    face: int
    sign: int = 1

    @property
    def value(self) -> int:
        return self.sign * self.face

    def describe(self) -> str:
        return f"{'+' if self.sign > 0 else '-'} {self.label} [{self.face}]"


@record
class Roll:
    """One thrown roll: every die, which of them counted, the modifier and the total."""

    label: str
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    modifier: int = 0
    terms: tuple[Term, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.kept) + self.modifier + sum(t.value for t in self.terms)

    def describe(self) -> str:
        """Shows the dice as the table would see them: `3d6: [4, 2, 6] = 12`."""
        mod = f" {_signed(self.modifier)}" if self.modifier else ""
        terms = "".join(f" {t.describe()}" for t in self.terms)
        return f"{self.label}: {self.shown()}{mod}{terms} = {self.total}"

    def shown(self) -> str:
        """Every die thrown, and which were kept where some were dropped: `[3, 17, 9] keep [17, 9]`."""
        dice = f"[{', '.join(str(d) for d in self.dice)}]"
        return dice + (f" keep {list(self.kept)}" if _dropped(self.dice, self.kept) else "")


def roll(source: DiceSource, notation: str | DiceExpr) -> Roll:
    """Throw a dice expression."""
    expr = parse(notation) if isinstance(notation, str) else notation
    dice = tuple(source.roll(expr.sides) for _ in range(expr.count))
    kept = _keep(dice, expr.keep if expr.keep is not None else expr.count, expr.keep_highest)
    return Roll(str(expr), dice, kept, expr.modifier)


def roll_double_advantage(source: DiceSource, sides: int, net: int, modifier: int = 0, low_wins: bool = False) -> Roll:
    """Russell House Rules: Advantage rolls two and keeps the best; double Advantage adds +4 (the
    lower die and 4 off, for a roll the roller wins low: `low_wins`).

    `net` runs from -2 (double Disadvantage) to +2; anything beyond is capped there.
    """
    net = max(-2, min(2, net))
    if net == 0:
        return roll(source, DiceExpr(1, sides, modifier))
    dice = (source.roll(sides), source.roll(sides))
    higher = (net > 0) != low_wins
    kept = (max(dice),) if higher else (min(dice),)
    bonus = 4 * (1 if higher else -1) if abs(net) == 2 else 0
    word = {1: "adv", 2: "double adv", -1: "disadv", -2: "double disadv"}[net]
    return Roll(f"1d{sides} {word}", dice, kept, modifier + bonus)


Keep3x6 = Literal["high", "middle", "low"]


def roll_3x6(source: DiceSource, keep: Keep3x6, modifier: int = 0) -> Roll:
    """A 3x6 roll: three d6 thrown and one of them kept, the high, middle or low, as a difficulty
    or a potency picks."""
    dice = tuple(source.roll(6) for _ in range(3))
    ordered = sorted(dice, reverse=True)
    kept = {"high": ordered[0], "middle": ordered[1], "low": ordered[2]}[keep]
    return Roll(f"3x6 keep {keep}", dice, (kept,), modifier)


Face = tuple[str, ...]


@record
class DiviningDie:
    """One divining die: its colour and its faces, each a tuple of symbols (empty = blank)."""

    color: str
    faces: tuple[Face, ...]

    @property
    def sides(self) -> int:
        return len(self.faces)


@record
class DiviningThrow:
    """One die of a divining roll and what came up; `chained` marks a die a chain added."""

    color: str
    face: Face
    chained: bool = False


@record
class DiviningRoll:
    """Every divining die thrown, in order, and the symbols they show in total."""

    throws: tuple[DiviningThrow, ...]

    def count(self, symbol: str) -> int:
        return sum(t.face.count(symbol) for t in self.throws)

    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for throw in self.throws:
            for symbol in throw.face:
                totals[symbol] = totals.get(symbol, 0) + 1
        return totals

    def describe(self) -> str:
        parts = []
        for t in self.throws:
            face = "+".join(t.face) or "blank"
            parts.append(f"{t.color}{'*' if t.chained else ''}:{face}")
        return "[" + ", ".join(parts) + "]"


MAX_CHAIN = 100


def roll_divining(
    source: DiceSource,
    dice: Mapping[str, DiviningDie],
    pool: Mapping[str, int],
    chain_symbol: str | None = None,
    chain_color: str | None = None,
) -> DiviningRoll:
    """Throw a divining pool; a face showing `chain_symbol` throws one more `chain_color` die at once.

    The chained die is thrown straight after the one that called it, so a scripted test reads in
    table order. Chains are capped at `MAX_CHAIN` extra dice so a scripted or broken die cannot loop forever;
    at one in six a chain that long has odds below 1e-77.
    """
    for color, count in pool.items():
        if count < 0:
            raise ValueError(f"a pool cannot hold {count} {color} dice")
        if color not in dice:
            raise KeyError(f"no divining die called {color!r}")
    throws: list[DiviningThrow] = []
    for color, count in pool.items():
        for _ in range(count):
            throw = _throw(source, dice[color], chained=False)
            throws.append(throw)
            chained = 0
            while chain_symbol in throw.face and chain_color and chained < MAX_CHAIN:
                throw = _throw(source, dice[chain_color], chained=True)
                throws.append(throw)
                chained += 1
    return DiviningRoll(tuple(throws))


def _throw(source: DiceSource, die: DiviningDie, chained: bool) -> DiviningThrow:
    return DiviningThrow(die.color, die.faces[source.roll(die.sides) - 1], chained)


def _keep(dice: Sequence[int], n: int, highest: bool) -> tuple[int, ...]:
    """The n best (or worst) dice, left in the order they were thrown."""
    ranked = sorted(range(len(dice)), key=lambda i: dice[i], reverse=highest)[:n]
    return tuple(dice[i] for i in sorted(ranked))


def _dropped(dice: Sequence[int], kept: Sequence[int]) -> list[int]:
    rest = list(dice)
    for die in kept:
        rest.remove(die)
    return rest


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
