"""`[camp]`: what camping costs and needs, the actions on offer, the watch and the encounter roll."""

from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import Colour, Count, Dice, Unique, between, one_of

CAMP_ACTIONS = ("rest", "rememorize", "craft_ammo", "level_up", "stand_watch", "scout_ahead")


@record
class StandWatch:
    """The watch: dice of `colour` added to the next pool, and what each watcher does to the
    encounter roll."""

    colour: Colour | None = None
    dice: Count = 1
    encounter_modifier: int = -1


@record
class ScoutAhead:
    """Scouting ahead: a die of one colour on success, another on failure, for `rooms` rooms; a
    rolled check is proposed against `target` (the 'Smith may change it)."""

    success_colour: Colour | None = None
    failure_colour: Colour | None = None
    rooms: Dice | None = None
    target: Annotated[int, between(1, None, "a target number")] | None = None


@record
class CampEncounter:
    """The camp's encounter roll: `dice` (+ the dungeon level) of at least `at_least`."""

    dice: Dice = "1d6"
    adds_dungeon_level: bool = True
    at_least: int = 6
    surprised_without_watch: bool = True


@record
class CampRules:
    """Camp: its cost, what it needs, the actions on offer, the watch and the encounter roll."""

    units: Annotated[int, between(0, None, "a number of units")]
    rations_each: Count = 1
    needs_light: bool = True
    needs_safe_haven: bool = True
    needs_bedroll: bool = False
    actions: Annotated[tuple[Annotated[str, one_of(CAMP_ACTIONS)], ...], Unique()] = ()
    craft_ammo: Dice | None = None
    stand_watch: StandWatch = StandWatch()
    scout_ahead: ScoutAhead = ScoutAhead()
    encounter: CampEncounter = CampEncounter()


SECTIONS = {"camp": CampRules}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
