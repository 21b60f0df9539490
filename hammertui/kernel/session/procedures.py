"""The session's side of the procedure seam: each procedure's slice of the state, made and checked,
and the questions the kernel asks of a part's procedure.

A procedure that keeps state names a module (`Procedure.state`, or `Procedure.hooks` where its
object is assembled above its state) whose `SESSION` is one object meeting its part's protocol
(`session/seam.py`): the attrs class of its slice (None: it keeps none), the slice a new session
starts with, what is wrong with a saved one, and its part's hooks. The session holds a slice for
each procedure of its ruleset that has one and no other, under the procedure's name; the save names
the procedures it was played by, and the two must agree. The characters procedure's object may make
a new session's party, deal the damage and healing every ruleset's actions share and say which
party role a character holds (the loot's Lootkeeper, a Leader to speak for the party); the light
procedure's answers whether the party is in the dark, how well it sees, what it does to a roll,
whom a missile may target, spends the time that passes and keeps its sources for the moves every
light procedure makes alike; where the clock burns its sources it shows them to the other parts (a
camp's hour, a sheet, a trip to town), takes a restocked kit's and says what the dark does (a
fight's screen): the clock and the panes put those questions here, and a session played without
light is never dark and burns nothing. The explore procedure's says which side has
the drop in the meeting just had, for the fight to take.

What happens in one part that another may care about is a signal: a typed record (`Buried`,
`WoundTaken`...) told to every procedure of the session (`signal`); a procedure answers the types
it `hears`, and the one that signals names no other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import attrs

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.burning import HeldSource
from hammertui.kernel.rules.dice import DiceSource
from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.registration import Procedure
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import Character, State

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.events import Event
    from hammertui.kernel.session.seam import (
        CampProcedure,
        CharactersProcedure,
        ExploreProcedure,
        FightClock,
        FightProcedure,
        LightProcedure,
        ReportSection,
        Slice,
        SourceKeeping,
    )


class Signal:
    """Something that happened in one part of play that another may answer."""


@record
class TurnsPassed(Signal):
    """The clock moved on by `units`."""

    units: int


@record
class Buried(Signal):
    """A character was buried: whatever they held or led is let go."""

    character_id: str


@record
class LaidDown(Signal):
    """A character was laid down out of the fight (0 HP, or out by a status)."""

    character_id: str


@record
class Dismissed(Signal):
    """A member left the party, alive."""

    member: Character


@record
class WoundTaken(Signal):
    """A character took a wound with these conditions."""

    character_id: str
    conditions: tuple[str, ...]


@record
class WoundsHealed(Signal):
    """These characters' wounds were healed."""

    character_ids: tuple[str, ...]


@record
class FoeKilled(Signal):
    """A foe of `hd` Hit Dice was killed."""

    hd: int


@record
class FoesBeaten(Signal):
    """Every foe of the fight is beaten."""


@record
class SpellCast(Signal):
    """A character cast a spell (a Light spell), spent until re-memorized where the rules say so."""

    character_id: str


@record
class ExplorationResult(Signal):
    """The exploration die showed the result of this id."""

    result_id: str


S = TypeVar("S", bound=Signal)
K = TypeVar("K")


@attrs.frozen
class Hears(Generic[S]):
    """A procedure's answer to one type of signal: `handler(state, ctx, action, signal)` returns
    the state it leaves and its events."""

    kind: type[S]
    handler: Callable[[State, Context, Action, S], Result]


def playing(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named part by part (leaving out a part done without)."""
    return [procedures.procedure(part, name) for part, name in chosen.items() if name != procedures.NONE]


def by_dungeon_level(chosen: Mapping[str, str]) -> bool:
    """Whether any of the procedures named plays by the dungeon's level."""
    return any(procedure.dungeon_level for procedure in playing(chosen))


def session_of(procedure: Procedure) -> Slice | None:
    """The procedure's object on the session's side (`SESSION` in its state module, or in the module
    its `hooks` names), None for one with no state module. Its module declares it as its part's
    protocol, which the type check holds."""
    if not procedure.state:
        return None
    return cast("Slice", importlib.import_module(procedure.hooks or procedure.state).SESSION)


def camp_of(chosen: Mapping[str, str]) -> CampProcedure | None:
    return cast("CampProcedure | None", part_of(chosen, "camp"))


def part_of(chosen: Mapping[str, str], part: str) -> Slice | None:
    """The object of the procedure `chosen` plays `part` by (None: done without, or by a procedure
    that keeps no state)."""
    name = chosen.get(part, procedures.NONE)
    return None if name == procedures.NONE else session_of(procedures.procedure(part, name))


def light_of(chosen: Mapping[str, str]) -> LightProcedure | None:
    return cast("LightProcedure | None", part_of(chosen, "light"))


def explore_of(chosen: Mapping[str, str]) -> ExploreProcedure | None:
    return cast("ExploreProcedure | None", part_of(chosen, "explore"))


def fight_of(chosen: Mapping[str, str]) -> FightProcedure | None:
    return cast("FightProcedure | None", part_of(chosen, "fight"))


def characters_of(chosen: Mapping[str, str]) -> CharactersProcedure | None:
    return cast("CharactersProcedure | None", part_of(chosen, "characters"))


def is_dark(state: State) -> bool:
    """Whether the party is in the dark, as the session's light procedure sees it; a session
    played without light is never dark."""
    light = light_of(state.session.procedures)
    return light is not None and light.is_dark(state)


def light_level(state: State, ruleset: Ruleset) -> str:
    """How well the party sees, in the Russell text's words ("dark", "dim", "lit"): the light
    procedure's own answer when it tells levels apart, else dark or lit as it says; a session
    played without light is lit."""
    light = light_of(state.session.procedures)
    if light is not None and light.light_level is not None:
        return light.light_level(state, ruleset)
    return "dark" if is_dark(state) else "lit"


def spent_by_time(chosen: Mapping[str, str]) -> bool:
    """Whether the time that passes burns the light: never without a light procedure."""
    light = light_of(chosen)
    return light is not None and light.spent_by_time


def surprise_odds(state: State, ruleset: Ruleset) -> tuple[int, int] | None:
    """The chances in 6 of the party and of what it meets being surprised, as things stand: the
    explore procedure owns surprise and answers when it rolls it; None when it does not."""
    explore = explore_of(state.session.procedures)
    if explore is None or explore.surprise_odds is None:
        return None
    chances = explore.surprise_odds(state, ruleset)
    return int(chances.party), int(chances.foes)


def fight_under_way(state: State) -> bool:
    """Whether a fight is on, as the session's fight procedure keeps it; never, for a session
    played without one."""
    fight = fight_of(state.session.procedures)
    return fight is not None and fight.fighting(state) is not None


def whose_turn(state: State, ruleset: Ruleset) -> str:
    """Whose turn it is in the fight, where the fight procedure tells ("" where it does not)."""
    fight = fight_of(state.session.procedures)
    return "" if fight is None or fight.whose_turn is None else fight.whose_turn(state, ruleset)


def burning(state: State, ruleset: Ruleset) -> tuple[tuple[str, int, int, str], ...]:
    """Each lit source as the table sees it, where the light procedure tells (none without one)."""
    light = light_of(state.session.procedures)
    return () if light is None or light.burning is None else light.burning(state, ruleset)


def character_levels(state: State, ruleset: Ruleset) -> Mapping[str, str]:
    """The light each character stands in, by id, where the light procedure tells them apart."""
    light = light_of(state.session.procedures)
    return {} if light is None or light.character_levels is None else light.character_levels(state, ruleset)


def shown_to_table(state: State, ruleset: Ruleset) -> Mapping[str, str]:
    """What the players see of each character beyond their HP band, by id, where the characters
    procedure shows more (none without one)."""
    characters = characters_of(state.session.procedures)
    return {} if characters is None or characters.shown_to_table is None else characters.shown_to_table(state, ruleset)


def held_sources(state: State, ruleset: Ruleset) -> tuple[HeldSource, ...]:
    """Each source the party holds that the clock burns, where the light procedure keeps such
    (none without one)."""
    light = light_of(state.session.procedures)
    return () if light is None or light.held_sources is None else light.held_sources(state, ruleset)


def stock(state: State, ruleset: Ruleset, carrier: str, kinds: Mapping[str, int]) -> State:
    """The state with `carrier` given fresh, unlit sources of `kinds` (by count), where the light
    procedure keeps its sources one by one; unchanged where it does not, or without one."""
    light = light_of(state.session.procedures)
    return state if light is None or light.stock is None else light.stock(state, ruleset, carrier, kinds)


def flasks(state: State, carrier: str) -> int:
    """The flasks of oil `carrier` carries, where the light procedure counts them (0 where not)."""
    light = light_of(state.session.procedures)
    return 0 if light is None or light.flasks is None else light.flasks(state, carrier)


def darkness_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """What darkness does in the ruleset, one line per effect, where its light procedure says
    (none without one)."""
    light = light_of(ruleset.procedures)
    return () if light is None or light.darkness_lines is None else light.darkness_lines(ruleset)


def camp_under_way(state: State) -> bool:
    """Whether the party is camping, as the session's camp procedure keeps it; never, for a
    session played without one."""
    camp = camp_of(state.session.procedures)
    return camp is not None and camp.camping(state) is not None


def explore_under_way(state: State) -> bool:
    """Whether an Explore is under way, as the session's explore procedure keeps one (where it
    keeps one at all)."""
    explore = explore_of(state.session.procedures)
    return explore is not None and explore.exploring is not None and explore.exploring(state) is not None


def foes_in_fight(state: State) -> tuple[tuple[str, str], ...]:
    """The foes of the fight under way, by id and name, as the session's fight procedure keeps them,
    for an effect to hang on; none without a fight, or where the procedure puts none on offer."""
    fight = fight_of(state.session.procedures)
    return () if fight is None or fight.fight_foes is None else tuple(fight.fight_foes(state))


def fight_clocks(chosen: Mapping[str, str]) -> tuple[FightClock, ...]:
    """The clocks of the fight procedure's own an effect may count on (none without one)."""
    fight = fight_of(chosen)
    return () if fight is None else tuple(fight.clocks)


def light_on_roll(state: State, ruleset: Ruleset, kind: str, character_id: str = "") -> tuple[bool, int] | None:
    """What the light does to one roll of `kind` (the light procedure's roll kinds: "attack",
    "save", "guts"...) made by a character, or by the party as its best light shows it when none is
    named: whether it may be made at all, and its net modifier dice. The light procedure answers
    when it tells; None when it does not (burn-down light) or the session is played without light."""
    light = light_of(state.session.procedures)
    return None if light is None or light.roll_effect is None else light.roll_effect(state, ruleset, kind, character_id)


def may_target(state: State, ruleset: Ruleset, at: str, character_id: str = "") -> bool:
    """Whether a missile may target someone at range `at` ("close", "far") in the light they stand
    in: a character (`character_id`) in their own, a foe in the party's. The light procedure answers
    when it tells; where it does not, any light will do."""
    light = light_of(state.session.procedures)
    return light is None or light.can_target is None or light.can_target(state, ruleset, at, character_id)


def held_surprise(state: State) -> str:
    """The side that has the drop on the other in the meeting just had ("party" or "foes"; "" for
    neither): surprise is held until blows come, and the fight that follows gives that side a free
    round. The explore procedure answers where it rolls surprise."""
    explore = explore_of(state.session.procedures)
    return "" if explore is None or explore.held_surprise is None else explore.held_surprise(state)


def on_time(state: State, units: int, ctx: Context, action: Action) -> Result:
    """What `units` of time do to the light, as the session's light procedure spends it (the clock
    is the caller's); nothing, without one."""
    light = light_of(state.session.procedures)
    return light.on_time(state, units, ctx, action) if light is not None else (state, [])


def signal(state: State, ctx: Context, action: Action, said: Signal) -> Result:
    """Tell every procedure of the session that something happened in another's part of play (an
    exploration die's result, say): each that hears its type answers with the state it leaves and
    its events, in the order of the parts. A procedure that does not care hears nothing of it, so
    the one that signals names no other."""
    events = []
    for procedure in stateful(state.session.procedures):
        for heard in cast("Slice", session_of(procedure)).hears:
            if isinstance(said, heard.kind):
                state, answer = heard.handler(state, ctx, action, said)
                events += answer
    return state, events


def new_party(ruleset: Ruleset, dice: DiceSource) -> tuple[tuple[Character, ...], list[Event], dict[str, Any]]:
    """A new session's party as the characters procedure makes it: the members, the log of their
    rolls, and the procedure's slices made with them. No one, where the procedure makes no party."""
    characters = characters_of(ruleset.procedures)
    return ((), [], {}) if characters is None or characters.new_party is None else characters.new_party(ruleset, dice)


def take_damage(state: State, ctx: Context, action: Action, member: Character) -> Result | None:
    """A blow of the action's `amount` (from its `source`) on a living `member`, as the characters
    procedure deals it: the state after and its events; None where it deals none."""
    characters = characters_of(state.session.procedures)
    return (
        None
        if characters is None or characters.take_damage is None
        else characters.take_damage(state, ctx, action, member)
    )


def heal(state: State, ctx: Context, action: Action, member: Character) -> Result | None:
    """The action's `amount` healed on a living `member` short of full HP, as the characters
    procedure heals; None where it says nothing beyond HP back."""
    characters = characters_of(state.session.procedures)
    return None if characters is None or characters.heal is None else characters.heal(state, ctx, action, member)


def role_of(state: State, character_id: str) -> str:
    """The party role a character holds (Leader, Lootkeeper...), as the characters procedure keeps
    it; "" for none, and where the characters hold no roles."""
    characters = characters_of(state.session.procedures)
    return "" if characters is None or characters.role_of is None else characters.role_of(state, character_id)


def negative_hp(chosen: Mapping[str, str]) -> bool:
    """Whether the characters procedure counts HP below 0; not without one."""
    characters = characters_of(chosen)
    return characters is not None and characters.negative_hp


def rations(state: State, character_id: str) -> int:
    """The Rations a character carries, counted one by one by the characters procedure; 0 where it
    keeps none counted."""
    characters = characters_of(state.session.procedures)
    return 0 if characters is None or characters.rations is None else characters.rations(state, character_id)


def keeping(state: State) -> SourceKeeping | None:
    """How the session's light procedure keeps its sources; None, for a session played without light."""
    light = light_of(state.session.procedures)
    return None if light is None else light.keeping


def report_sections(state: State, events: Sequence[Event], ruleset: Ruleset) -> list[Any]:
    """Each procedure's own section of the session's report (`REPORT`, a `ReportSection`, in the
    module its `report` names), in the order of the parts; a procedure without one adds none."""
    sections = []
    for procedure in playing(state.session.procedures):
        if procedure.report:
            section = cast("ReportSection", importlib.import_module(procedure.report).REPORT)
            sections.append(section(state, events, ruleset))
    return sections


def slice_problems(state: State) -> list[str]:
    """What each procedure finds wrong with its own slice (a hand-edited save), named by where it is."""
    found = []
    for procedure in stateful(state.session.procedures):
        check = cast("Slice", session_of(procedure)).problems
        if check is not None and procedure.name in state.slices:
            found += [f"slices.{procedure.name}.{p}" for p in check(state.slices[procedure.name], state)]
    return found


def slice_rules_problems(state: State, ruleset: Ruleset) -> list[str]:
    """What each procedure finds its slice holding that the session's ruleset cannot play (steps,
    ids and ranges the rules name)."""
    found = []
    for procedure in stateful(state.session.procedures):
        check = cast("Slice", session_of(procedure)).rules_problems
        if check is not None and procedure.name in state.slices:
            found += [f"slices.{procedure.name}.{p}" for p in check(state.slices[procedure.name], state, ruleset)]
    return found


def stateful(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named that keep a slice of the state (a `slice_type` on their object; one
    without answers the seam's questions and keeps nothing)."""
    return [procedure for procedure in playing(chosen) if _keeps_slice(session_of(procedure))]


def _keeps_slice(session: Slice | None) -> bool:
    return session is not None and session.slice_type is not None


def slice_types(chosen: Mapping[str, str]) -> dict[str, type]:
    """The slice class of each procedure that keeps state, by procedure name."""
    types = {}
    for procedure in stateful(chosen):
        kind = cast("Slice", session_of(procedure)).slice_type
        if kind is not None:
            types[procedure.name] = kind
    return types


def new_slices(ruleset: Ruleset, party: tuple[Character, ...]) -> dict[str, Any]:
    """The slices a new session of `ruleset` starts with."""
    slices = {}
    for procedure in stateful(ruleset.procedures):
        new_slice = cast("Slice", session_of(procedure)).new_slice
        if new_slice is not None:
            slices[procedure.name] = new_slice(ruleset, party)
    return slices


def slice_of(state: State, name: str, empty: K) -> K:
    """The slice the procedure `name` keeps, `empty` where the session holds none, typed as `empty`
    is: the state holds each procedure's own class, which only that procedure knows."""
    kept: K = state.slices.get(name, empty)
    return kept


def first_events(state: State) -> list[Event]:
    """What the light procedure's log says of a new session besides its party (burn-down's torch
    lit); nothing, without light or where it says nothing."""
    light = light_of(state.session.procedures)
    return [] if light is None or light.first_events is None else light.first_events(state)


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
