"""`[individual_initiative]`: the Russell House Rules' fight, each combatant acting in the order of
their own initiative, re-rolled every round.

Initiative, the Target 20 attack, crits and fumbles, the fighting options' numbers, what a miss
into melee does, Guts, Bleeding Out and its stabilising roll, the wound table and how long a fight
takes. What each condition and weapon ability does is the rules module's (`rules.individual_initiative`).
"""

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
    Words,
    between,
    check_range,
    nonempty,
    one_of,
    ranged,
    section_check,
)

CONDITIONS = ("floored", "stunned", "helpless", "bleeding_out")
"""The fighting conditions, in the text's order: Floored, Stunned, Helpless, Bleeding Out."""

Positive = Annotated[int, between(1, None, "a whole number of 1 or more")]


@ranged
@record
class WoundRow:
    """A row of the wound table: its roll, the wound's name and the conditions it brings."""

    low: Annotated[int, FROM_WORDS]
    high: int
    name: str
    conditions: tuple[Annotated[str, one_of(CONDITIONS)], ...] = ()


section_check(WoundRow)(check_range)


@record
class FightingOptions:
    """Charge and Press give Advantage to hit; Press costs AC (less with a Finesse weapon); Defend
    improves AC."""

    press_ac_worse: Positive
    finesse_press_ac_worse: Positive
    defend_ac_better: Positive


@record
class Guts:
    """Guts: "2d6, with results equal to or below their Guts passing"; a hireling's Guts and the
    employer's stat that modifies it; the reasons the referee most often calls for a roll."""

    dice: Dice
    hireling: Annotated[int, between(3, 12, "a Guts score of 3 to 12")]
    employer_stat: StatName
    reasons: Annotated[tuple[str, ...], nonempty('an array of reasons, such as "first casualty"')]


@record
class BleedingOut:
    """A save every round against `stat`, death after `failures`; an ally stabilises with
    `stabilise` + their `stabilise_stat` modifier reaching `stabilise_target`."""

    stat: StatName
    failures: Positive
    stabilise: Dice
    stabilise_stat: StatName
    stabilise_target: Positive


@record
class IndividualInitiative:
    """The whole fight by the Russell House Rules."""

    initiative: Dice
    initiative_stat: StatName
    heavy_initiative: Annotated[int, between(0, None, "a penalty of 0 or more")]
    attack_die: Dice
    target: Positive
    critical: Positive
    fumble: Positive
    monster_ws_per_hd: Annotated[int, between(0, None, "Weapon Skill per Hit Die")]
    damage: Dice
    melee_damage_stat: StatName
    """Whose modifier a character adds to melee damage ("Add your strength modifier to any melee damage rolls")."""
    ranged_damage_stat: StatName
    """Whose modifier a character adds to ranged damage ("Add your dexterity modifier to any ranged damage rolls")."""
    crushing_ac: Positive
    stray_shot: Annotated[int, between(0, None, "the highest attack roll of a miss that hits an ally")]
    save_die: Dice
    options: FightingOptions
    guts: Guts
    bleeding_out: BleedingOut
    wound_die: Dice
    wounds: Annotated[
        tuple[WoundRow, ...],
        Words(
            'an array of rows such as { roll = 1, name = "Severe Head Wound",'
            ' conditions = ["helpless", "bleeding_out"] }'
        ),
    ]
    wounds_kill: Positive
    missile_gear: tuple[str, ...]
    """What a character carries that makes their attack a missile's by default: an item whose name
    holds one of these words, in any case (the attack form opens ranged, at Close range)."""
    lasting: tuple[Annotated[str, one_of(CONDITIONS)], ...]
    """The wound conditions a wound taken out of a fight holds into the next one."""
    turns: Positive
    """The time a fight costs, "unless it is exceptionally long"."""


@section_check(IndividualInitiative)
def _wounds_and_crits(rules: IndividualInitiative) -> Iterator[Problem]:
    """The wound table covers its die; a critical hit is rolled above a fumble."""
    yield from rows_cover(rules.wounds, rules.wound_die, "wound rows", "wounds")
    if rules.critical <= rules.fumble:
        yield Problem(
            f"expected a critical roll above the fumble's {rules.fumble}, got {rules.critical}", ("critical",)
        )


SECTIONS = {"individual_initiative": IndividualInitiative}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
