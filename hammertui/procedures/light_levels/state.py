"""Light by levels (`light_levels`): the party's sources, the oil they carry, and who stands nearest
the light.

Time does not spend this light: the exploration die does. Its result is signalled here
(`ExplorationResult`): "torches_depleted" puts out and uses up every torch and candle in use,
"lantern_pip" marks a pip on every lantern in use, and the last pip of a flask puts it out. What
each character sees by is the rules' (`rules.light_levels.character_levels`), asked with the sources
lit and the light order kept here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.carrying import Keeping, carried_name
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import Buried, Dismissed, ExplorationResult, Hears, slice_of
from hammertui.kernel.session.state import State
from hammertui.procedures.light_levels import rules
from hammertui.procedures.light_levels.schema import LightLevels

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.seam import LightProcedure

NAME = "light_levels"
FLASK = "flask"
"""A flask of oil: packed and carried by count, not a source of its own."""
KEPT_SPENT = 12
"""What was used up, kept for the pane and the save; the log keeps every one."""


@record
class Source:
    """A torch, lantern or candle; `carrier` is a character id, or "" when set down; `pips` are
    those marked on a lantern's flask (a flask's worth: empty)."""

    id: str
    kind: str
    carrier: str = ""
    lit: bool = False
    pips: int = 0


@record
class Spent:
    """A torch or candle used up, or a flask of oil emptied into a lantern: its kind (`FLASK` for
    oil), who held it ("" on the floor), and the turn it was spent on."""

    kind: str
    carrier: str
    turn: int


@record
class Lights:
    """Every source the party has (a used-up one is gone, into `spent`), the flasks of oil each
    character carries, the light order: those brought nearest the light, before the rest of the
    party; and what was used up, oldest first (the last `KEPT_SPENT`)."""

    sources: tuple[Source, ...] = ()
    flasks: dict[str, int] = attrs.field(factory=dict)
    order: tuple[str, ...] = ()
    spent: tuple[Spent, ...] = ()


EMPTY = Lights()


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> Lights:
    """The ruleset's starting source, lit and carried by the first member."""
    start = rules_of(ruleset).start
    return Lights((Source("s1", start, party[0].id if party else "", lit=True),))


def rules_of(ruleset: Ruleset) -> LightLevels:
    """The `[light_levels]` section; a ruleset playing this procedure must have it (its checks say so)."""
    rules: LightLevels | None = ruleset.light_levels
    if rules is None:
        raise ValueError(f"{ruleset.name} has no [light_levels] section")
    return rules


def lights(state: State) -> Lights:
    return slice_of(state, NAME, EMPTY)


def with_lights(state: State, **changes: Any) -> State:
    return state.with_slice(NAME, attrs.evolve(lights(state), **changes))


def source(state: State, source_id: str) -> Source:
    for found in lights(state).sources:
        if found.id == source_id:
            return found
    raise KeyError(source_id)


def replace_source(sources: Iterable[Source], changed: Source) -> tuple[Source, ...]:
    return tuple(changed if s.id == changed.id else s for s in sources)


def with_source(state: State, changed: Source) -> State:
    """The state with one source put back as it now is."""
    return with_lights(state, sources=replace_source(lights(state).sources, changed))


def light_order(state: State) -> tuple[str, ...]:
    """The living in the order light reaches them: those brought nearest first, then the party's order."""
    living = [m.id for m in state.living]
    nearest = [c for c in lights(state).order if c in living]
    return (*nearest, *(c for c in living if c not in nearest))


def character_levels(state: State, ruleset: Ruleset) -> dict[str, str]:
    """Each living character's light: lit, dim or dark."""
    shining = [rules.Shining(s.kind, s.carrier) for s in lights(state).sources if s.lit]
    return rules.character_levels(rules_of(ruleset), light_order(state), shining)


def light_level(state: State, ruleset: Ruleset) -> str:
    """How the party shows to what waits in the dark: the best light anyone in it has."""
    return rules.brightest(character_levels(state, ruleset).values())


def roll_effect(state: State, ruleset: Ruleset, kind: str, character_id: str = "") -> tuple[bool, int]:
    """The table's answer for a roll of `kind` by a character in their light (by the party's best
    light when none is named): whether it may be made, and its net modifier dice."""
    levels = character_levels(state, ruleset)
    level = levels.get(character_id, rules.DARK) if character_id else rules.brightest(levels.values())
    effect = rules.roll_effect(rules_of(ruleset), level, kind)
    return effect.allowed, effect.modifier


def can_target(state: State, ruleset: Ruleset, at: str, character_id: str = "") -> bool:
    """Whether a missile may target someone at range `at` ("close", "far") in the light they stand
    in: a character in their own, anyone else in the party's best."""
    levels = character_levels(state, ruleset)
    level = levels.get(character_id, rules.DARK) if character_id else rules.brightest(levels.values())
    return rules.can_target(rules_of(ruleset), level, at)


def is_dark(state: State) -> bool:
    """The party is in the dark when no source is lit: nobody sees by anything."""
    return not any(s.lit for s in lights(state).sources)


def on_time(state: State, units: int, ctx: Context, action: Action) -> Result:
    """Time spends none of this light: the exploration die does."""
    return state, []


def on_buried(state: State, ctx: Context, action: Action, heard: Buried) -> Result:
    """What the buried carried is left with the body: their lights are set down where they fell."""
    events, kept = [], []
    for found in lights(state).sources:
        if found.carrier == heard.character_id:
            events.append(note(action, f"{source_name(state, ctx.ruleset, found)} is left with the body."))
            found = attrs.evolve(found, carrier="")
        kept.append(found)
    return (with_lights(state, sources=tuple(kept)) if events else state), events


def on_dismissed(state: State, ctx: Context, action: Action, heard: Dismissed) -> Result:
    """One who leaves the party (already out of it) hands the lights they held to the first the
    light reaches (set down when no one is left), takes their flasks, and is no longer in the
    light order; what they used up stays in the record as the floor's."""
    member = heard.member
    kept = lights(state)
    order = light_order(state)
    taker = state.character(order[0]) if order else None
    events, sources = [], []
    for found in kept.sources:
        if found.carrier == member.id:
            definition = rules_of(ctx.ruleset).sources.get(found.kind)
            held = f"{member.name}'s {definition.name.lower() if definition else found.kind}"
            events.append(note(action, f"{held} passes to {taker.name}." if taker else f"{held} is set down."))
            found = attrs.evolve(found, carrier=taker.id if taker else "")
        sources.append(found)
    spent = tuple(attrs.evolve(u, carrier="") if u.carrier == member.id else u for u in kept.spent)
    flasks = {c: n for c, n in kept.flasks.items() if c != member.id}
    order_left = tuple(c for c in kept.order if c != member.id)
    return with_lights(state, sources=tuple(sources), spent=spent, flasks=flasks, order=order_left), events


def on_exploration_result(state: State, ctx: Context, action: Action, heard: ExplorationResult) -> Result:
    """A torch or candle in use goes out and is used up; a lantern in use marks a pip and goes out
    on its flask's last. Sources not lit, or not spent by this result, are untouched."""
    section = rules_of(ctx.ruleset)
    spent = {kind for kind, d in section.sources.items() if d.spent_by == heard.result_id}
    if not spent:
        return state, []
    kept: list[Source] = []
    used: list[Spent] = []
    events: list[Event] = []
    for found in lights(state).sources:
        if not (found.lit and found.kind in spent):
            kept.append(found)
        elif heard.result_id == "torches_depleted":
            used.append(Spent(found.kind, found.carrier, state.clock.units))
            events.append(note(action, f"{source_name(state, ctx.ruleset, found)} goes out, used up."))
        else:
            marked = mark(state, ctx, action, found, section.flask_pips)
            kept.append(marked[0])
            events.append(marked[1])
    return with_spent(with_lights(state, sources=tuple(kept)), *used), events


def with_spent(state: State, *used: Spent) -> State:
    """`used` added to the record of what was used up (the last `KEPT_SPENT` kept)."""
    if not used:
        return state
    return with_lights(state, spent=(*lights(state).spent, *used)[-KEPT_SPENT:])


def mark(state: State, ctx: Context, action: Action, lantern: Source, flask_pips: int) -> tuple[Source, Event]:
    pip = rules.mark_pip(lantern.pips, flask_pips)
    name = source_name(state, ctx.ruleset, lantern)
    if pip.out:
        return attrs.evolve(lantern, pips=pip.pips, lit=False), note(
            action, f"{name} marks its last pip and goes out: the oil is spent.", level="warn"
        )
    return attrs.evolve(lantern, pips=pip.pips), note(action, f"{name} marks a pip ({pip.pips} of {flask_pips}).")


def source_name(state: State, ruleset: Ruleset, found: Source) -> str:
    """`Darla's torch`, or `The torch on the floor`."""
    definition = rules_of(ruleset).sources.get(found.kind)
    return carried_name(state, definition.name.lower() if definition else found.kind, found.carrier)


def problems(kept: Lights, state: State) -> list[str]:
    """Sources with their own ids, held by someone of the party (or left with the dead), with no
    negative pips; flasks and the light order naming characters of the party."""
    found = []
    ids = [s.id for s in kept.sources]
    if len(set(ids)) != len(ids):
        found.append("sources: two sources share an id")
    known = {m.id for m in state.party} | {g.character.id for g in state.graveyard}
    for i, held in enumerate(kept.sources):
        if held.carrier and held.carrier not in known:
            found.append(f"sources[{i}].carrier: no character {held.carrier!r}")
        if held.pips < 0:
            found.append(f"sources[{i}].pips: cannot be negative")
    for carrier, count in kept.flasks.items():
        if carrier not in known:
            found.append(f"flasks.{carrier}: no character {carrier!r}")
        if count < 0:
            found.append(f"flasks.{carrier}: cannot be negative")
    found += [f"order: no character {c!r}" for c in kept.order if c not in known]
    found += [
        f"spent[{i}].carrier: no character {u.carrier!r}"
        for i, u in enumerate(kept.spent)
        if u.carrier and u.carrier not in known
    ]
    return found


def burning(state: State, ruleset: Ruleset) -> tuple[tuple[str, int, int, str], ...]:
    """Each source burning now, for the player view: its name, and for a lantern the pips of oil it
    has left of a flask's worth (a torch or candle burns until the exploration die puts it out: 0, 0)."""
    flask = rules_of(ruleset).flask_pips
    shown = []
    for found in lights(state).sources:
        if found.lit:
            kept = rules_of(ruleset).sources.get(found.kind)
            oil = kept is not None and kept.spent_by == "lantern_pip"
            left = flask - found.pips
            shown.append(
                (
                    source_name(state, ruleset, found),
                    left if oil else 0,
                    flask if oil else 0,
                    f"{left} of {flask} pips" if oil else "burning",
                )
            )
    return tuple(shown)


def rules_problems(kept: Lights, state: State, ruleset: Ruleset) -> list[str]:
    """Every source a kind of the ruleset's: whether it lights, dims or burns a lantern's oil is looked up by it."""
    sources = rules_of(ruleset).sources
    return [
        f"sources[{i}].kind: {ruleset.name} has no light source {held.kind!r} (one of {', '.join(sources)})"
        for i, held in enumerate(kept.sources)
        if held.kind not in sources
    ]


KEEPING = Keeping(source, source_name, with_source)
"""How this procedure keeps its sources, for the moves every light procedure makes alike (`carrying`)."""


def flasks_carried(state: State, carrier: str) -> int:
    """The flasks of oil a character carries, where they are counted here (not on a usage die)."""
    return lights(state).flasks.get(carrier, 0)


class _Session:
    """Light by levels, as the session asks of it."""

    slice_type = Lights
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(Buried, on_buried), Hears(Dismissed, on_dismissed), Hears(ExplorationResult, on_exploration_result))
    spent_by_time = False  # the clock burns none of this light: the exploration die spends it
    is_dark = staticmethod(is_dark)
    on_time = staticmethod(on_time)
    light_level = staticmethod(light_level)
    roll_effect = staticmethod(roll_effect)
    can_target = staticmethod(can_target)
    burning = staticmethod(burning)
    first_events = None
    keeping = KEEPING
    character_levels = staticmethod(character_levels)
    held_sources = None
    stock = None
    flasks = staticmethod(flasks_carried)
    darkness_lines = None


SESSION: LightProcedure = _Session()
