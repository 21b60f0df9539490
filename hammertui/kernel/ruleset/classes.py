"""`[classes.<id>]` and `[class_roll]`: every column of the class table, and the roll for a class."""

from collections.abc import Iterable, Iterator, Sequence
from typing import Annotated, Protocol

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    FROM_WORDS,
    Dice,
    Id,
    Inverted,
    Key,
    Keyed,
    Level,
    Problem,
    SaveName,
    StatName,
    Unique,
    Words,
    between,
    check_range,
    ident,
    nonempty,
    one_of,
    ranged,
    section_check,
    show,
)

RESOURCE_REFRESH = ("day", "adventure", "never")
CAMP_FREE = ("heal", "rememorize", "turn_unholy")
SHIELD_BASH = ("keeps_shield", "loses_shield")

HitDie = Annotated[int, between(4, 20, "a whole number of sides")]
ArmourId = Annotated[str, ident("an armour id")]
ThiefSkillId = Annotated[str, ident("a thief skill id")]


def _in_order(levels: Iterable[Level]) -> tuple[Level, ...]:
    return tuple(sorted(levels))


@record
class Progression:
    """A number that grows by one at given levels: attack dice, Stabbity, spell level."""

    base: Annotated[int, between(0)]
    gained_at: tuple[Level, ...] = attrs.field(default=(), converter=_in_order)

    def at(self, level: int) -> int:
        return self.base + sum(1 for gained in self.gained_at if gained <= level)


PROGRESSION = Words("a table such as { base = 1, gained_at = [5, 10, 15] }")


@record
class AttackDice(Progression):
    """Attack dice by level; `bonus_melee_only` marks a Dwarf's extra dice."""

    bonus_melee_only: bool = False


@record
class Spellcasting:
    """A caster's book: free spells, then `base` + stat mod (not below `minimum`), + `per_level`."""

    stat: StatName
    base: Annotated[int, between(0, None, "a number of spells")]
    per_level: Annotated[int, between(0, None, "a number of spells")]
    free_spells: tuple[str, ...] = ()
    minimum: Annotated[int, between(0)] = 0
    max_spell_level: Annotated[Progression, PROGRESSION] = Progression(1)

    def book_size(self, level: int, stat_mod: int) -> int:
        """Spells in the book at `level`, free ones included."""
        bonus = max(self.minimum, self.base + stat_mod)
        return len(self.free_spells) + bonus + self.per_level * max(0, level - 1)


@record
class ClassResource:
    """Uses a class gains by level: Turn Unholy a day, Not Today! for good, rerolls an adventure."""

    id: Id
    name: str
    per_level: Annotated[int, between(0, None, "uses per level")]
    refresh: Annotated[str, one_of(RESOURCE_REFRESH)]

    def uses(self, level: int) -> int:
        return self.per_level * level


@record
class ClassThiefSkills:
    """Which thief skills a class has; an empty `skills` means every thief skill of the ruleset."""

    skills: Annotated[tuple[ThiefSkillId, ...], Unique()] = ()
    advantage: Annotated[tuple[ThiefSkillId, ...], Unique()] = ()
    disadvantage: Annotated[tuple[ThiefSkillId, ...], Unique()] = ()
    bailiwick_and_failing: bool = False


@record
class Rage:
    """The Berserker's rage: a save against `target` when hurt, `break_target` to snap out.

    While it lasts the damage of `damage_kinds` attacks is rolled with one modifier die up, no die
    fumbles, and every save but the `unhindered_saves` is rolled with one down; failing to break
    out is a collapse for `collapse_minutes`.
    """

    save: SaveName
    target: Annotated[int, between(1, None, "a target number")]
    break_target: Annotated[int, between(1, None, "a target number")]
    name: str = "Murderous Rage"
    damage_kinds: Annotated[tuple[str, ...], Unique()] = ("melee", "thrown")
    unhindered_saves: Annotated[tuple[SaveName, ...], Unique()] = ("Body", "Death")
    collapse_minutes: Dice = "3d6"


@record
class InnerStrength:
    """A Halfling's Sudden Inner Strength: `hp` spent before the attack dice are thrown raises
    the damage die `steps` sizes for that attack."""

    hp: Annotated[int, between(1, None, "Hit Points")] = 1
    steps: Annotated[int, between(1, None, "die steps")] = 1


@record
class ClassDef:
    """One class, every column of the rules' class table as data."""

    id: str
    name: str
    prime_stats: Annotated[tuple[StatName, ...], nonempty("an array of stat names"), Unique()]
    hit_die: HitDie
    attack_rank: Annotated[str, Words('an attack rank such as "A" in quotes')]
    movement: Annotated[int, between(0, None, "a speed in feet")]
    saves: Annotated[dict[str, str], Inverted('a table such as { good = ["Body"], okay = ["Area"], bad = ["Mind"] }')]
    attack_dice: Annotated[AttackDice, Words("a table such as { base = 1, gained_at = [] }")]
    short_name: str = attrs.field(default=attrs.Factory(lambda self: self.name, takes_self=True))
    race: str = ""
    languages: tuple[str, ...] = ()
    spellcasting: Spellcasting | None = None
    resources: Annotated[
        tuple[ClassResource, ...],
        Words(
            'an array of resources such as { id = "turn_unholy", name = "Turn Unholy", per_level = 1, refresh = "day" }'
        ),
    ] = ()
    advantage_on_good_saves: bool = False
    hit_dice_advantage: bool = False
    hit_dice_reroll: tuple[Annotated[int, between(1, None, "a die face")], ...] = ()
    stabbity: Annotated[Progression, PROGRESSION] | None = None
    thief_skills: ClassThiefSkills | None = None
    two_handed_damage_die: HitDie | None = None
    two_handed_extra_damage_dice: Annotated[int, between(0)] = 0
    two_weapon_extra_attack_dice: Annotated[Progression, PROGRESSION] | None = None
    rage: Rage | None = None
    inner_strength: InnerStrength | None = None
    shield_bash: Annotated[str, one_of(SHIELD_BASH)] | None = None
    """Book Three: a class that may Shield Bash, and whether the bash loses the shield's Defense
    until its next turn (`loses_shield`, Fighters) or not (`keeps_shield`, Dwarves)."""
    tactical_boons: Annotated[int, between(0)] = 0
    """Boons on a Tactical Attack (Book Three's Thieves and Halflings: one)."""
    trap_saves_advantage: bool = False
    camp_free: tuple[Annotated[str, one_of(CAMP_FREE)], ...] = ()
    notes: tuple[str, ...] = ()
    armour_forbidden: Annotated[tuple[ArmourId, ...], Unique()] = ()
    no_dex_penalty_in: Annotated[tuple[ArmourId, ...], Unique()] = ()

    def resource(self, resource_id: str) -> ClassResource | None:
        return next((r for r in self.resources if r.id == resource_id), None)


Classes = Annotated[dict[str, ClassDef], Keyed("class", "id")]


@ranged
@record
class TableRow:
    """One row of a roll table: totals `low`..`high` give a class, or send to a sub-table."""

    low: Annotated[int, FROM_WORDS]
    high: int
    class_id: Annotated[str, Key("class"), ident("a class id")] | None = None
    table: Annotated[str, ident("a sub-table id")] | None = None

    def covers(self, total: int) -> bool:
        return self.low <= total <= self.high


@section_check(TableRow)
def _row_gives_one_thing(row: TableRow) -> Iterator[Problem]:
    yield from check_range(row)
    if (row.class_id is None) == (row.table is None):
        yield Problem("expected exactly one of class or table")


@record
class SubTable:
    """A table a row of the class roll sends to (the Human table): dice and rows, no deeper."""

    dice: Dice
    rows: Annotated[tuple[TableRow, ...], Words('an array of rows such as { from = 3, to = 4, class = "elf" }')]

    def row_for(self, total: int) -> TableRow:
        for row in self.rows:
            if row.covers(total):
                return row
        raise ValueError(f"no row of the class table covers {total}")


@record
class ClassTable(SubTable):
    """The class roll: `dice` on `rows`; a row may send the player on to a sub-table."""

    tables: Annotated[dict[str, SubTable], Keyed("class roll")] = attrs.field(factory=dict)

    def class_for(self, roll: int, sub_roll: int | None = None) -> str:
        """The class a roll gives; a row pointing at a sub-table needs that table's roll too."""
        row = self.row_for(roll)
        if row.table is None:
            assert row.class_id is not None
            return row.class_id
        if sub_roll is None:
            raise ValueError(f"a roll of {roll} sends to the {row.table} table: give its roll")
        sub = self.tables[row.table].row_for(sub_roll)
        assert sub.class_id is not None
        return sub.class_id


def dice_range(notation: str) -> tuple[int, int]:
    """The lowest and highest total `notation` can throw."""
    from hammertui.kernel.rules.dice import parse

    expr = parse(notation)
    n = expr.keep if expr.keep is not None else expr.count
    return n + expr.modifier, n * expr.sides + expr.modifier


def coverage(ranges: list[tuple[int, int]], dice: str, what: str, key: str) -> Iterator[Problem]:
    """Rows of a roll table must cover every total of its dice exactly once."""
    low, high = dice_range(dice)
    missing, doubled = [], []
    for total in range(low, high + 1):
        hits = sum(1 for a, b in ranges if a <= total <= b)
        if hits == 0:
            missing.append(total)
        elif hits > 1:
            doubled.append(total)
    beyond = sorted({v for a, b in ranges for v in (a, b) if v < low or v > high})
    if missing or doubled or beyond:
        parts = []
        if missing:
            parts.append(f"no row for {_numbers(missing)}")
        if doubled:
            parts.append(f"more than one row for {_numbers(doubled)}")
        if beyond:
            parts.append(f"{_numbers(beyond)} cannot come up on {dice}")
        yield Problem(f"expected {what} covering every roll of {dice} ({low}-{high}) once; " + "; ".join(parts), (key,))


class Row(Protocol):
    """A row of a roll table: the first and last totals it takes."""

    @property
    def low(self) -> int: ...

    @property
    def high(self) -> int: ...


def rows_cover(rows: Sequence[Row], dice: str, what: str, key: str) -> Iterator[Problem]:
    """A roll table's rows cover every total of its dice once (`coverage`); a table left empty is
    the field's own problem, so it is not checked here."""
    if rows:
        yield from coverage([(row.low, row.high) for row in rows], dice, what, key)


def _numbers(values: list[int]) -> str:
    return ", ".join(str(v) for v in values[:8]) + (" ..." if len(values) > 8 else "")


@section_check(SubTable)
def _sub_table_covers_its_dice(table: SubTable) -> Iterator[Problem]:
    yield from rows_cover(table.rows, table.dice, "rows", "rows")
    for i, row in enumerate(table.rows):
        if row.table is not None:
            yield Problem(
                f"expected a class, got {show(row.table)}: a sub-table has no sub-tables", ("rows", i, "table")
            )


@section_check(ClassTable)
def _class_table_covers_its_dice(table: ClassTable) -> Iterator[Problem]:
    yield from rows_cover(table.rows, table.dice, "rows", "rows")
    for i, row in enumerate(table.rows):
        if row.table is not None and row.table not in table.tables:
            yield Problem(
                f"expected a sub-table defined under class_roll.tables, got {show(row.table)}", ("rows", i, "table")
            )
