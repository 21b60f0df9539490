"""The session's side of the procedure seam: each procedure's slice of the state, made and checked.

A procedure that keeps state names a module (`Procedure.state`) holding `SLICE`, the attrs class of
its part of the state, and `new_slice(ruleset, party)`, the slice a new session starts with; one
that keeps none may name a module all the same, for the questions below. The
session holds a slice for each procedure of its ruleset that has one and no other, under the
procedure's name; the save names the procedures it was played by, and the two must agree.
The characters procedure's module may make a new session's party (`new_party(ruleset, dice)`), and
deal the damage and healing every ruleset's actions share (`take_damage`, `heal`).
A module may also list what is wrong with its slice (`problems(slice, state)`, for a hand-edited
save), and the light procedure's answers whether the party is in the dark (`is_dark(state)`), how
well it sees (`light_level(state, ruleset)`, where it tells dim light apart), what it does to a roll
(`roll_effect`, where it says), whom a missile may target (`can_target`, where it says), and
spends the time that passes (`on_time(state, units, ctx, action)`): the clock and the panes put
those questions here, and a session played without light is never dark and burns nothing. The
explore procedure's says which side has the drop in the meeting just had (`held_surprise(state)`),
for the fight to take.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.dice import DiceSource
from hammertui.kernel.rules.procedures import Procedure
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import Character, State

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.events import Event


def playing(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named part by part (leaving out a part done without)."""
    return [procedures.procedure(part, name) for part, name in chosen.items() if name != procedures.NONE]


def by_dungeon_level(chosen: Mapping[str, str]) -> bool:
    """Whether any of the procedures named plays by the dungeon's level."""
    return any(procedure.dungeon_level for procedure in playing(chosen))


def state_module(procedure: Procedure) -> ModuleType | None:
    return importlib.import_module(procedure.state) if procedure.state else None


def part_module(state: State, part: str) -> ModuleType | None:
    """The state module of the procedure this session plays `part` by (None: done without, or
    by a procedure that keeps no state)."""
    return part_module_of(state.session.procedures, part)


def is_dark(state: State) -> bool:
    """Whether the party is in the dark, as the session's light procedure sees it; a session
    played without light is never dark."""
    module = part_module(state, "light")
    return module is not None and module.is_dark(state)


def light_level(state: State, ruleset: Ruleset) -> str:
    """How well the party sees, in the Russell text's words ("dark", "dim", "lit"): the light
    procedure's own answer when it tells levels apart (`light_level(state, ruleset)`), else dark or lit as
    it says; a session played without light is lit."""
    module = part_module(state, "light")
    if module is not None and hasattr(module, "light_level"):
        return str(module.light_level(state, ruleset))
    return "dark" if is_dark(state) else "lit"


def surprise_odds(state: State, ruleset: Ruleset) -> tuple[int, int] | None:
    """The chances in 6 of the party and of what it meets being surprised, as things stand: the
    explore procedure owns surprise and answers (`surprise_odds(state, ruleset)`, with `party` and
    `foes`) when it rolls it; None when it does not."""
    answer = getattr(part_module(state, "explore"), "surprise_odds", None)
    if answer is None:
        return None
    chances = answer(state, ruleset)
    return int(chances.party), int(chances.foes)


def fight_under_way(state: State) -> bool:
    """Whether a fight is on, as the session's fight procedure keeps it (`fighting(state)` in its
    state module); never, for a session played without one."""
    return _under_way(state, "fight", "fighting")


def camp_under_way(state: State) -> bool:
    """Whether the party is camping, as the session's camp procedure keeps it (`camping(state)`)."""
    return _under_way(state, "camp", "camping")


def explore_under_way(state: State) -> bool:
    """Whether an Explore is under way, as the session's explore procedure keeps one (`exploring(state)`)."""
    return _under_way(state, "explore", "exploring")


def _under_way(state: State, part: str, hook: str) -> bool:
    under_way = getattr(part_module(state, part), hook, None)
    return under_way is not None and under_way(state) is not None


def foes_in_fight(state: State) -> tuple[tuple[str, str], ...]:
    """The foes of the fight under way, by id and name, as the session's fight procedure keeps them
    (`fight_foes(state)` in its state module), for an effect to hang on; none without a fight, or
    where the procedure puts none on offer."""
    answer = getattr(part_module(state, "fight"), "fight_foes", None)
    return () if answer is None else tuple(answer(state))


def camped(state: State) -> bool:
    """Whether the party is camped, as the session's camp procedure keeps it (`camping(state)` in
    its state module); never, for a session played without one."""
    module = part_module(state, "camp")
    camping = getattr(module, "camping", None)
    return camping is not None and camping(state) is not None


def light_on_roll(state: State, ruleset: Ruleset, kind: str, character_id: str = "") -> tuple[bool, int] | None:
    """What the light does to one roll of `kind` (the light procedure's roll kinds: "attack",
    "save", "guts"...) made by a character, or by the party as its best light shows it when none is
    named: whether it may be made at all, and its net modifier dice. The light procedure answers
    when it tells (`roll_effect(state, ruleset, kind, character_id)`); None when it does not
    (burn-down light) or the session is played without light."""
    module = part_module(state, "light")
    answer = getattr(module, "roll_effect", None)
    return None if answer is None else answer(state, ruleset, kind, character_id)


def may_target(state: State, ruleset: Ruleset, at: str, character_id: str = "") -> bool:
    """Whether a missile may target someone at range `at` ("close", "far") in the light they stand
    in: a character (`character_id`) in their own, a foe in the party's. The light procedure answers
    when it tells (`can_target(state, ruleset, at, character_id)`); where it does not, any light will do."""
    answer = getattr(part_module(state, "light"), "can_target", None)
    return True if answer is None else bool(answer(state, ruleset, at, character_id))


def held_surprise(state: State) -> str:
    """The side that has the drop on the other in the meeting just had ("party" or "foes"; "" for
    neither): surprise is held until blows come, and the fight that follows gives that side a free
    round. The explore procedure answers where it rolls surprise (`held_surprise(state)`)."""
    answer = getattr(part_module(state, "explore"), "held_surprise", None)
    return "" if answer is None else str(answer(state))


def on_time(state: State, units: int, ctx: Context, action: Action) -> Result:
    """What `units` of time do to the light, as the session's light procedure spends it (the clock
    is the caller's); nothing, without one."""
    module = part_module(state, "light")
    return module.on_time(state, units, ctx, action) if module is not None else (state, [])


def signal(state: State, hook: str, ctx: Context, action: Action, *args: Any) -> Result:
    """Tell every procedure of the session that something happened in another's part of play (an
    exploration die's result, say): each state module (or `Procedure.hooks`) defining
    `hook(state, ctx, action, *args)` answers with the state it leaves and its events, in the order
    of the parts. A procedure that does not care defines nothing, so the one that signals names no
    other."""
    events = []
    for procedure in stateful(state.session.procedures):
        answer = getattr(importlib.import_module(procedure.hooks or procedure.state), hook, None)
        if answer is not None:
            state, said = answer(state, ctx, action, *args)
            events += said
    return state, events


def new_party(ruleset: Ruleset, dice: DiceSource) -> tuple[tuple[Any, ...], list[Event], dict[str, Any]]:
    """A new session's party as the characters procedure makes it (`new_party(ruleset, dice)` in its
    state module): the members, the log of their rolls, and the procedure's slices made with them.
    No one, where the procedure makes no party."""
    module = part_module_of(ruleset.procedures, "characters")
    maker = getattr(module, "new_party", None)
    return maker(ruleset, dice) if maker is not None else ((), [], {})


def take_damage(state: State, ctx: Context, action: Action, member: Character) -> Result | None:
    """A blow of the action's `amount` (from its `source`) on a living `member`, as the characters
    procedure deals it (`take_damage(state, ctx, action, member)` in its state module): the state
    after and its events; None where it deals none."""
    answer = getattr(part_module(state, "characters"), "take_damage", None)
    return None if answer is None else answer(state, ctx, action, member)


def heal(state: State, ctx: Context, action: Action, member: Character) -> Result | None:
    """The action's `amount` healed on a living `member` short of full HP, as the characters
    procedure heals (`heal(state, ctx, action, member)` in its state module); None where it says
    nothing beyond HP back."""
    answer = getattr(part_module(state, "characters"), "heal", None)
    return None if answer is None else answer(state, ctx, action, member)


def report_sections(state: State, events: Sequence[Event], ruleset: Ruleset) -> list[Any]:
    """Each procedure's own section of the session's report (`REPORT(state, events, ruleset)` in
    the module its `report` names), in the order of the parts; a procedure without one adds none."""
    sections = []
    for procedure in playing(state.session.procedures):
        if procedure.report:
            sections.append(importlib.import_module(procedure.report).REPORT(state, events, ruleset))
    return sections


def part_module_of(chosen: Mapping[str, str], part: str) -> ModuleType | None:
    name = chosen.get(part, procedures.NONE)
    return None if name == procedures.NONE else state_module(procedures.procedure(part, name))


def slice_problems(state: State) -> list[str]:
    """What each procedure finds wrong with its own slice (a hand-edited save), named by where it is."""
    found = []
    for procedure in stateful(state.session.procedures):
        module = state_module(procedure)
        if module is not None and hasattr(module, "problems") and procedure.name in state.slices:
            found += [f"slices.{procedure.name}.{p}" for p in module.problems(state.slices[procedure.name], state)]
    return found


def slice_rules_problems(state: State, ruleset: Ruleset) -> list[str]:
    """What each procedure finds its slice holding that the session's ruleset cannot play (its
    module's `rules_problems(slice, state, ruleset)`: steps, ids and ranges the rules name)."""
    found = []
    for procedure in stateful(state.session.procedures):
        check = getattr(state_module(procedure), "rules_problems", None)
        if check is not None and procedure.name in state.slices:
            found += [f"slices.{procedure.name}.{p}" for p in check(state.slices[procedure.name], state, ruleset)]
    return found


def stateful(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named that keep a slice of the state (a `SLICE` in their state module; one
    without answers the seam's questions and keeps nothing)."""
    return [procedure for procedure in playing(chosen) if hasattr(state_module(procedure), "SLICE")]


def slice_types(chosen: Mapping[str, str]) -> dict[str, type]:
    """The slice class of each procedure that keeps state, by procedure name."""
    return {procedure.name: state_module(procedure).SLICE for procedure in stateful(chosen)}  # type: ignore[union-attr]


def new_slices(ruleset: Ruleset, party: tuple[Any, ...]) -> dict[str, Any]:
    """The slices a new session of `ruleset` starts with."""
    return {procedure.name: state_module(procedure).new_slice(ruleset, party) for procedure in stateful(ruleset.procedures)}  # type: ignore[union-attr]


def first_events(state: State) -> list[Event]:
    """What each procedure's log says of a new session besides its party (`first_events(state)` in
    its state module: burn-down's torch lit), in the order of the parts."""
    events = []
    for procedure in stateful(state.session.procedures):
        answer = getattr(state_module(procedure), "first_events", None)
        if answer is not None:
            events += answer(state)
    return events


def mismatch(saved: Mapping[str, str], ruleset: Ruleset) -> list[str]:
    """Where the procedures a session was played by differ from its ruleset's, in the 'Smith's words."""
    problems = []
    for part, name in ruleset.procedures.items():
        was = saved.get(part, procedures.NONE)
        if was != name:
            problems.append(
                f"session.procedures.{part}: this session was played with {was!r}, but {ruleset.name}"
                f" now plays {part} by {name!r}; open it with the ruleset it was played by"
            )
    return problems
