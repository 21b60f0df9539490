"""`[traps]`, `[skills]`, `[difficulty]` and `[morale]`: the trap table, skill and morale targets,
and what 0 HP means in each difficulty mode."""

from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules.dice import DiceSource, Roll
from hammertui.kernel.rules.dice import roll as roll_dice
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.classes import rows_cover
from hammertui.kernel.ruleset.schema import (
    FROM_WORDS,
    AnyText,
    Dice,
    Id,
    Key,
    Problem,
    StatName,
    UniqueIds,
    Words,
    between,
    check_range,
    ident,
    one_of,
    ranged,
    section_check,
    show,
)

ZERO_HP = ("death", "burn_con")


@record
class DiceProduct:
    """Dice multiplied together, times `multiplier`, times the dungeon level when `times_level`.

    `1d6 x 1d6 x level` is dice ("1d6", "1d6") with `times_level`; `level x 10` is no dice,
    multiplier 10, `times_level`.
    """

    dice: tuple[Dice, ...] = ()
    multiplier: Annotated[int, between(1)] = 1
    times_level: bool = False

    def roll(self, source: DiceSource, level: int = 1) -> tuple[int, tuple[Roll, ...]]:
        """Throw the dice and multiply it all out at dungeon level `level`."""
        rolls = tuple(roll_dice(source, notation) for notation in self.dice)
        total = self.multiplier * (level if self.times_level else 1)
        for thrown in rolls:
            total *= thrown.total
        return total, rolls

    def describe(self, level: int | None = None) -> str:
        parts = list(self.dice)
        if self.multiplier != 1 or not parts:
            parts.append(str(self.multiplier))
        if self.times_level:
            parts.append("level" if level is None else str(level))
        return " x ".join(parts)


PRODUCT_WORDS = 'a table such as { dice = ["1d6", "1d6"], times_level = true }'


@section_check(DiceProduct)
def _product_says_something(product: DiceProduct) -> Iterator[Problem]:
    if not product.dice and product.multiplier == 1 and not product.times_level:
        yield Problem(f"expected {PRODUCT_WORDS} with at least dice, a multiplier or times_level")


Product = Annotated[DiceProduct, Words(PRODUCT_WORDS)]


@record
class PitFall:
    """A pit: depth in feet as a product of dice, and a damage die per 10 feet fallen."""

    depth_ft: Product
    damage_per_10ft: Dice


@record
class Poison:
    """Poison: onset in rounds, then a save or `damage`."""

    onset_rounds: Dice
    damage: Product


@ranged
@record
class Trap:
    """One row of the trap table."""

    low: Annotated[int, FROM_WORDS]
    high: int
    name: str
    damage: Product | None = None
    pit: PitFall | None = None
    poison: Poison | None = None
    effect: AnyText = ""

    @property
    def roll(self) -> int:
        """The roll that gives this trap (the first of its range, should a row span several)."""
        return self.low


section_check(Trap)(check_range)


@record
class TrapRules:
    """`[traps]`: the trap die and the table it is rolled on."""

    dice: Dice
    table: Annotated[tuple[Trap, ...], Words('an array of trap rows such as { roll = 1, name = "Acid Trap" }')]


section_check(TrapRules)(lambda traps: rows_cover(traps.table, traps.dice, "trap rows", "table"))


@record
class NamedTarget:
    """A named target number: a skill check or morale target."""

    id: Id
    name: str
    target: int


Targets = Annotated[
    tuple[NamedTarget, ...],
    UniqueIds(),
    Words('an array of targets such as { id = "with_skill", name = "...", target = 10 }'),
]


@record
class ThiefSkill:
    """A thief skill and the stat whose mod it adds."""

    id: Id
    name: str
    stat: StatName


@record
class RandomSkills:
    """The random skills a character starts with: `base` + the mod of `stat`."""

    base: Annotated[int, between(0, None, "a number of skills")]
    stat: StatName | None = None


@record
class SkillRules:
    """Skill targets, the random skills a character starts with, and the thief skills."""

    targets: Targets = ()
    random: RandomSkills | None = None
    thief_skills: Annotated[
        tuple[ThiefSkill, ...],
        Key("thief"),
        UniqueIds(),
        Words('an array of thief skills such as { id = "stealth", name = "Stealth", stat = "DEX" }'),
    ] = ()

    def target(self, target_id: str) -> int:
        for named in self.targets:
            if named.id == target_id:
                return named.target
        raise KeyError(target_id)


@record
class DifficultyMode:
    """A difficulty mode: what 0 HP means, and the lost CON each week of downtime in town restores
    (Book Three's Excitement: "For each week of downtime, your character restores 1 point of lost CON")."""

    id: Id
    name: str
    zero_hp: Annotated[str, one_of(ZERO_HP)] = "burn_con"
    downtime_con: Annotated[int, between(0, None, "CON points a week")] = 0


@record
class DifficultyRules:
    """`[difficulty]`: the modes and the one a session starts in."""

    modes: Annotated[
        tuple[DifficultyMode, ...],
        UniqueIds(),
        Words('an array of modes such as { id = "adventure", name = "Adventure" }'),
    ]
    default: Annotated[str, ident("a mode id")]


@section_check(DifficultyRules)
def _default_is_a_mode(rules: DifficultyRules) -> Iterator[Problem]:
    ids = [m.id for m in rules.modes]
    if rules.modes and rules.default not in ids:
        yield Problem(f"expected one of the modes {', '.join(ids)}, got {show(rules.default)}", ("default",))


@record
class MoraleRules:
    """`[morale]`: the morale targets by threat."""

    targets: Targets
