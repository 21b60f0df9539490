"""The procedures a ruleset chooses from, one per part of play, registered in this one place.

A ruleset names, in its `[procedures]` table, how the party explores, how light is spent, how
characters are made, how a fight runs and whether the party camps; its `[modifier_dice] mode` is the
procedure for modifier dice. Each procedure is one unit across the three layers: its rules, the
module of its slice of the session state (`state`) and the module of its pane and commands (`ui`).
Those are named here by module path and imported only by the layer that needs them, so the rules
stay free of the session and the screen, and a procedure added elsewhere (a house procedure, a
test's) registers itself with `register` without touching any other procedure's files.
"""

from __future__ import annotations

import importlib

from hammertui.kernel.rules.records import record

PARTS: dict[str, str] = {
    "explore": "how the party explores",
    "camp": "how the party camps",
    "light": "how light is spent",
    "characters": "how characters are made and what they hold",
    "fight": "how a fight runs",
    "modifiers": "how modifier dice work",
}
"""Each part of play, with what its procedure decides."""

NONE = "none"
"""A part the ruleset does without (no camp, say): nothing of it is drawn, kept or offered."""

OPTIONAL = frozenset({"camp", "light"})


@record
class Procedure:
    """One way of playing a part: the ruleset sections it reads, the procedures of other parts it
    works with (`needs`, as part -> name), and the modules of its state slice and of its screen."""

    part: str
    name: str
    title: str
    reads: tuple[str, ...] = ()
    """The sections a ruleset playing it must have: its own, or the kernel's (`[stats]`)."""
    needs: tuple[tuple[str, str], ...] = ()
    schema: str = ""
    """Module with `SECTIONS`, the attrs class of each ruleset section it owns by the section's name:
    a ruleset holds them only when it plays this procedure (ruleset layer)."""
    state: str = ""
    """Module with `SLICE` (the attrs class of its part of the state) and `new_slice(ruleset)`, where
    it keeps one, and its answers to the session's questions (`session.procedures`)."""
    ui: str = ""
    """Module with `PANE` (its dashboard pane, or None) and `COMMANDS` (what the 'Smith can ask of it)."""
    public: str = ""
    """Module with `FIELDS`: each record of its state slice's fields as public or hidden (`session.public_fields`)."""
    report: str = ""
    """Module with `REPORT(state, events, ruleset)`: its section of the session's report (session layer)."""
    rules: str = ""
    """Module of its pure rules; a modifier-dice procedure's holds `modifier_rules(section)`, its
    `hammertui.kernel.rules.modifiers.ModifierRules`."""
    hooks: str = ""
    """Module with its answers to the signals (`on_*`), when not the state module: a procedure that
    acts on a signal answers from its actions, which sit above its state."""
    dungeon_level: bool = False
    """Whether it plays by the dungeon's level (a pool's size, a camp's encounter): the header shows
    the level only for a session with such a procedure."""


_REGISTRY: dict[tuple[str, str], Procedure] = {}


def register(procedure: Procedure) -> Procedure:
    """Make a procedure known to rulesets. Registering the same name for a part twice is a mistake,
    unless it is the very same procedure (a module imported again)."""
    if procedure.part not in PARTS:
        raise ValueError(f"no part of play {procedure.part!r}; expected one of: {', '.join(PARTS)}")
    key = (procedure.part, procedure.name)
    known = _REGISTRY.get(key)
    if known is not None and known != procedure:
        raise ValueError(f"a {procedure.part} procedure {procedure.name!r} is already registered")
    _REGISTRY[key] = procedure
    return procedure


def procedure(part: str, name: str) -> Procedure:
    try:
        return _REGISTRY[(part, name)]
    except KeyError:
        raise KeyError(f"no {part} procedure {name!r}") from None


def names(part: str) -> tuple[str, ...]:
    """The procedures there are for a part, in the order they were registered."""
    return tuple(name for (p, name) in _REGISTRY if p == part)


for _procedure in (
    Procedure(
        "explore",
        "divining_pool",
        "The Divining Pool: a pool built and rolled for each room, its symbols spent step by step",
        reads=("divining", "explore"),
        needs=(("fight", "sides_and_phases"),),
        schema="hammertui.procedures.divining_pool.schema",
        state="hammertui.procedures.divining_pool.state",
        public="hammertui.procedures.divining_pool.public",
        ui="hammertui.procedures.divining_pool.pane",
        report="hammertui.procedures.divining_pool.report",
        dungeon_level=True,
    ),
    Procedure(
        "explore",
        "exploration_die",
        "The exploration die: a turn, a d6 in the open, and what its face brings",
        reads=("exploration_die",),
        schema="hammertui.procedures.exploration_die.schema",
        state="hammertui.procedures.exploration_die.state",
        public="hammertui.procedures.exploration_die.public",
        ui="hammertui.procedures.exploration_die.pane",
        report="hammertui.procedures.exploration_die.report",
        hooks="hammertui.procedures.exploration_die.actions",
    ),
    Procedure(
        "camp",
        "hammercrawl_camp",
        "Camp in a Safe Haven: the check, time, free and chosen actions, the encounter roll",
        reads=("camp",),
        needs=(("explore", "divining_pool"),),
        schema="hammertui.procedures.hammercrawl_camp.schema",
        state="hammertui.procedures.hammercrawl_camp.state",
        public="hammertui.procedures.hammercrawl_camp.public",
        ui="hammertui.procedures.hammercrawl_camp.pane",
        report="hammertui.procedures.hammercrawl_camp.report",
        dungeon_level=True,
    ),
    Procedure(
        "light",
        "burn_down",
        "Light by time: each lit source burns down as the clock moves, and goes out",
        reads=("light",),
        schema="hammertui.procedures.burn_down.schema",
        state="hammertui.procedures.burn_down.state",
        public="hammertui.procedures.burn_down.public",
        ui="hammertui.procedures.burn_down.pane",
        report="hammertui.procedures.burn_down.report",
    ),
    Procedure(
        "light",
        "light_levels",
        "Light by levels: each source lights and dims so many characters; the exploration die spends it",
        reads=("light_levels",),
        schema="hammertui.procedures.light_levels.schema",
        state="hammertui.procedures.light_levels.state",
        public="hammertui.procedures.light_levels.public",
        ui="hammertui.procedures.light_levels.pane",
        report="hammertui.procedures.light_levels.report",
    ),
    Procedure(
        "characters",
        "hammercrawl_classes",
        "Classes rolled on a table, six stats, saves by quality, levels by XP",
        reads=("stats", "combat"),
        state="hammertui.procedures.hammercrawl_classes.state",
        needs=(("fight", "sides_and_phases"),),
        ui="hammertui.procedures.hammercrawl_classes.pane",
        report="hammertui.procedures.hammercrawl_classes.report",
    ),
    Procedure(
        "characters",
        "russell_characters",
        "The Russell House Rules: 3d6 seven times, usage dice, gear slots, Tired pips and Weariness",
        reads=("stats", "russell_characters"),
        schema="hammertui.procedures.russell_characters.schema",
        state="hammertui.procedures.russell_characters.state",
        public="hammertui.procedures.russell_characters.public",
        ui="hammertui.procedures.russell_characters.pane",
        report="hammertui.procedures.russell_characters.report",
    ),
    Procedure(
        "fight",
        "sides_and_phases",
        "Sides roll initiative; each side acts phase by phase",
        reads=("combat",),
        schema="hammertui.procedures.sides_and_phases.schema",
        state="hammertui.procedures.sides_and_phases.state",
        public="hammertui.procedures.sides_and_phases.public",
        ui="hammertui.procedures.sides_and_phases.pane",
        report="hammertui.procedures.sides_and_phases.report",
    ),
    Procedure(
        "fight",
        "individual_initiative",
        "Each combatant rolls initiative and acts in turn; Target 20, wounds, Guts",
        reads=("individual_initiative",),
        needs=(("characters", "russell_characters"),),
        schema="hammertui.procedures.individual_initiative.schema",
        state="hammertui.procedures.individual_initiative.state",
        public="hammertui.procedures.individual_initiative.public",
        ui="hammertui.procedures.individual_initiative.pane",
        report="hammertui.procedures.individual_initiative.report",
    ),
):
    register(_procedure)

# The modifier dice register themselves, each in its own package.
for _package in ("advantage", "beans", "double_advantage"):
    importlib.import_module(f"hammertui.procedures.{_package}")
