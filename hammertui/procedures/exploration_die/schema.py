"""`[exploration_die]`: the die rolled every turn, what each face brings, who is surprised when an
encounter comes, and how the other side reacts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.classes import rows_cover
from hammertui.kernel.ruleset.schema import (
    FROM_WORDS,
    Dice,
    Problem,
    StatName,
    UniqueIds,
    Words,
    between,
    check_range,
    one_of,
    ranged,
    section_check,
)

RESULTS = ("encounter", "sign", "torches_depleted", "lantern_pip", "magic_dissipates", "tired")
"""What a face of the die can bring; the game answers each by its id, whatever the table calls it."""
LIGHT_LEVELS = ("dark", "dim", "lit")
"""How well the party sees, in the text's words, as the light procedure tells it."""

InSix = Annotated[int, between(0, 6, "a chance in 6")]


@ranged
@record
class DieResult:
    """One face (or faces) of the exploration die: what it brings and the text's name for it."""

    low: Annotated[int, FROM_WORDS]
    high: int
    id: Annotated[str, one_of(RESULTS)]
    name: str


section_check(DieResult)(check_range)


@ranged
@record
class ReactionRow:
    """One row of the reaction table: a total (or totals) and how the other side takes the party."""

    low: Annotated[int, FROM_WORDS]
    high: int
    name: str


section_check(ReactionRow)(check_range)


@record
class Reaction:
    """The reaction roll: its dice, the stat whose modifier the spokesman adds, and the table (a
    total beyond either end takes the end row: "2 or Less", "12 or More")."""

    dice: Dice
    stat: StatName
    table: Annotated[tuple[ReactionRow, ...], Words('an array of rows such as { roll = 3, name = "Angry" }')]


section_check(Reaction)(lambda reaction: rows_cover(reaction.table, reaction.dice, "reaction rows", "table"))


@record
class Surprise:
    """Chances in 6 of being surprised: the party's by its pace or a sneaky foe, either side's by the
    light, and the foe's through a newly opened door even in good light."""

    die: Dice
    hoofing_it: InSix
    sneaky_foe: InSix
    light: dict[Annotated[str, one_of(LIGHT_LEVELS)], InSix]
    through_door: InSix


@section_check(Surprise)
def _every_light_level(surprise: Surprise) -> Iterator[Problem]:
    missing = [level for level in LIGHT_LEVELS if level not in surprise.light]
    if missing:
        yield Problem(
            f"expected a chance for each of {', '.join(LIGHT_LEVELS)}; missing {', '.join(missing)}", ("light",)
        )


@record
class ExplorationDieRules:
    """The die of every turn, its results by face, surprise and reaction, and how much faster a
    party hoofing it goes."""

    die: Dice
    results: Annotated[
        tuple[DieResult, ...],
        UniqueIds(),
        Words('an array of rows such as { roll = 1, id = "encounter", name = "Random Encounter" }'),
    ]
    surprise: Surprise
    reaction: Reaction
    hoofing_speed: Annotated[int, between(1, None, "a multiple of the careful pace")]


section_check(ExplorationDieRules)(lambda rules: rows_cover(rules.results, rules.die, "result rows", "results"))


SECTIONS = {"exploration_die": ExplorationDieRules}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
