"""`[russell_characters]`: how the Russell House Rules make a character and what one carries.

Attributes rolled and assigned, starting HP, Weapon and Bow Skill, descending AC and its armour,
skills, coins, the default kit with its usage dice, gear slots and the Tired pips of weariness.

Class templates are the referee's to write; the section holds none unless the file adds them, one
array row each, applied to new characters in turn:

    [[russell_characters.templates]]
    id = "fighter_a"
    name = "Fighter A"
    weapon_skill = 1      # added to the starting 1
    hp = 2                # added to the starting 1d6 + CON
    skills = ["Soldiering"]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Count,
    Dice,
    Id,
    Problem,
    StatName,
    UniqueIds,
    Words,
    between,
    nonempty,
    section_check,
)
from hammertui.kernel.ruleset.tiers import TierValue

UsageDie = Annotated[int, between(2, 100, "a usage die's sides")]


@record
class GearDef:
    """A significant item of the default kit or of the goods one can carry: the slots it takes, how
    many (where a ruleset counts Rations), and the usage die it starts with when full (a
    Waterskin's d6), if it has one."""

    id: Id
    name: str
    slots: Count = 1
    count: Count = 0
    usage: UsageDie | None = None


@record
class Template:
    """A class template as the referee writes it: what it adds to a new character."""

    id: Id
    name: str
    weapon_skill: Count = 0
    bow_skill: Count = 0
    ac: Count = 0
    """Points of AC better (lower)."""
    hp: Count = 0
    skills: tuple[str, ...] = ()


@record
class LevelRow:
    """One row of the level-up chart: the level reached, its new HP die, the class templates held by
    then, the max skill rank, the Weapon Skill it adds and the XP it needs."""

    level: Annotated[int, between(1)]
    hp: Dice
    templates: Count
    max_skill: Count
    weapon_skill: Count
    xp: Count


@record
class PastTheChart:
    """Each level past the chart's last: the HP it adds, the XP it needs beyond the level before,
    and the Weapon Skill an even level adds ("At every even level, add +1 to your character's
    Weapon Skill")."""

    hp: Count
    xp: Annotated[int, between(1)]
    even_weapon_skill: Count


@record
class Growth:
    """Experience and levels: XP per coin of treasure and per HD of a foe killed, the chart, and
    what each level past it brings."""

    xp_per_coin: Count
    xp_per_hd: Count
    levels: Annotated[
        tuple[LevelRow, ...],
        nonempty(
            "an array of rows such as"
            ' { level = 2, hp = "1d6", templates = 2, max_skill = 2, weapon_skill = 1, xp = 2000 }'
        ),
    ]
    past_the_chart: PastTheChart


@section_check(Growth)
def _one_row_a_level(growth: Growth) -> Iterator[Problem]:
    levels = [row.level for row in growth.levels]
    if levels != list(range(1, len(levels) + 1)):
        yield Problem("expected a row for each level from 1, in order", ("levels",))
    xps = [row.xp for row in growth.levels]
    if xps != sorted(set(xps)):
        yield Problem("expected each level to need more XP than the one before", ("levels",))


@record
class Recovery:
    """Recovering HP: what a full night's rest needs of the kit, and the dice (plus level) of a
    night without comfort and of the day's square meal."""

    blanket: Id
    rough_night: Dice
    meal: Dice


@record
class RussellHirelings:
    """Hirelings: how many a character may retain (a base plus an attribute's modifier, at least
    so many), and the Hit Die and level a hireling is taken to have."""

    retain: Count
    retain_stat: StatName
    least: Count
    hit_die: Dice
    level: Annotated[int, between(1)]


@record
class RussellCharacters:
    """The numbers of character making, load and weariness, as the text gives them."""

    attribute_dice: Dice
    attribute_rolls: Annotated[int, between(6, 20, "a number of rolls")]
    in_order: bool
    hit_die: Dice
    least_hp: Annotated[int, between(1)]
    weapon_skill: Count
    bow_skill: Count
    unarmoured_ac: int
    armour: Annotated[dict[Id, int], Words("a table of armour and the AC it gives, such as { light = 7 }")]
    shield_better: Count
    just_in_time_skills: Count
    skill_die: Dice
    skill_target: Annotated[int, between(1)]
    save_die: Dice
    coins: Dice
    coins_times: Annotated[int, between(1)]
    kit: Annotated[
        tuple[GearDef, ...],
        UniqueIds(),
        Words('an array of gear such as { id = "blanket", name = "Blanket", slots = 1 }'),
    ]
    ration: Id
    water: Id
    usage_dice: Annotated[
        tuple[UsageDie, ...], nonempty("an array of usage dice, largest first, such as [20, 12, 10, 8, 6, 4]")
    ]
    step_down_on: Annotated[int, between(1)]
    most_slots: TierValue
    """The most a character can carry, times their STR (the text's 1.5)."""
    tired_pips: Annotated[int, between(1)]
    burdened_pips: Annotated[int, between(1)]
    share_most: Annotated[int, between(1)]
    practice_marks: Annotated[int, between(1)]
    """Check marks a skill needs before a week of downtime may advance it (the text's 3)."""
    templates: Annotated[tuple[Template, ...], UniqueIds()] = ()
    coins_per_slot: Count = 0
    """"Money and gems take up one slot per 1,000 coins or gems"; 0: coins take no slot."""
    goods: Annotated[
        tuple[GearDef, ...],
        UniqueIds(),
        Words('an array of gear such as { id = "torches", name = "Torches", slots = 1, usage = 6 }'),
    ] = ()
    """What the Carry dialog offers by name, with its slots and usage die when bought full."""
    growth: Growth | None = None
    """XP and levels; a ruleset without them plays first-level characters only."""
    recovery: Recovery | None = None
    """Nights' rest and square meals; a ruleset without it recovers HP only by the 'Smith's hand."""
    hirelings: RussellHirelings | None = None
    """Hirelings as characters retain them; a ruleset without it hires none."""


@section_check(RussellCharacters)
def _fits_together(rules: RussellCharacters) -> Iterator[Problem]:
    chain = rules.usage_dice
    if list(chain) != sorted(set(chain), reverse=True):
        yield Problem("expected each die once, largest first", ("usage_dice",))
    for where in ("kit", "goods"):
        for i, gear in enumerate(getattr(rules, where)):
            if gear.usage is not None and gear.usage not in chain:
                yield Problem(
                    f"expected one of the usage dice {', '.join(f'd{d}' for d in chain)}", (where, i, "usage")
                )
    kit = {gear.id for gear in rules.kit}
    for key in ("ration", "water"):
        if getattr(rules, key) not in kit:
            yield Problem("expected the id of an item of the kit", (key,))
    if rules.recovery is not None and rules.recovery.blanket not in kit:
        yield Problem("expected the id of an item of the kit", ("recovery", "blanket"))


SECTIONS = {"russell_characters": RussellCharacters}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
