"""Light by time (`burn_down`): the party's light sources, each burning down as the clock moves.

This procedure's slice of the session holds every torch, lantern, candle and spell the party has,
lit or not, and the flasks of oil each character carries to refill a lantern. Time reaches it
through `on_time` and darkness is asked of it through `is_dark`, both put by `session.procedures`,
so the clock and the panes need not know how light is kept.
"""

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.burning import LOW_AT, HeldSource, burn
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.carrying import Keeping, carried_name
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import Buried, Hears, slice_of
from hammertui.kernel.session.state import State, free_id
from hammertui.procedures.burn_down.rules import darkness_lines

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.seam import LightProcedure

NAME = "burn_down"
OIL = "oil"
"""The pack item that is not a light: a flask of oil, counted by its carrier, for a refill."""
SPARE_TORCHES = 2
"""Unlit torches a new party carries besides the one burning, one each by the next members."""


@record
class LightSource:
    """A torch, lantern, candle or spell; `carrier` is a character id, or "" when set down."""

    id: str
    kind: str
    remaining: int
    carrier: str = ""
    lit: bool = False


@record
class BurnDown:
    """Every light source the party has, in the order they came: none means nothing to see by; and
    the flasks of oil each character carries, by id (none where they carry none), each a full refill."""

    lights: tuple[LightSource, ...] = ()
    flasks: dict[str, int] = attrs.field(factory=dict)


EMPTY = BurnDown()


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> BurnDown:
    """One lit torch carried by the first member, and spares by the next ones; each with the kit's
    flasks of oil."""
    torch = ruleset.light_sources["torch"].duration or 0
    lit = LightSource("l1", "torch", torch, carrier=party[0].id, lit=True)
    spares = (LightSource(f"l{n + 2}", "torch", torch, carrier=party[n + 1].id) for n in range(SPARE_TORCHES))
    oil = ruleset.kit.get(OIL, 0)
    return BurnDown((lit, *spares), {member.id: oil for member in party} if oil else {})


def first_events(state: State) -> list[Event]:
    """What a new session's log says of its light."""
    return [Event(0, "light", f"{state.party[0].name} lights a torch; {SPARE_TORCHES} spares in packs.")]


def lights(state: State) -> tuple[LightSource, ...]:
    return slice_of(state, NAME, EMPTY).lights


def with_lights(state: State, sources: Iterable[LightSource]) -> State:
    """The state with the party's light sources replaced."""
    return state.with_slice(NAME, attrs.evolve(slice_of(state, NAME, EMPTY), lights=tuple(sources)))


def flasks(state: State, carrier: str) -> int:
    """The flasks of oil a character carries."""
    return slice_of(state, NAME, EMPTY).flasks.get(carrier, 0)


def with_flasks(state: State, carrier: str, count: int) -> State:
    """The state with the flasks of oil a character carries counted anew (none kept at 0)."""
    kept = {k: n for k, n in slice_of(state, NAME, EMPTY).flasks.items() if k != carrier}
    if count:
        kept[carrier] = count
    return state.with_slice(NAME, attrs.evolve(slice_of(state, NAME, EMPTY), flasks=kept))


def light(state: State, light_id: str) -> LightSource:
    for source in lights(state):
        if source.id == light_id:
            return source
    raise KeyError(light_id)


def replace_light(sources: tuple[LightSource, ...], source: LightSource) -> tuple[LightSource, ...]:
    return tuple(source if s.id == source.id else s for s in sources)


def with_source(state: State, source: LightSource) -> State:
    """The state with one source put back as it now is."""
    return with_lights(state, replace_light(lights(state), source))


def is_dark(state: State) -> bool:
    """Darkness is one fact every pane reads: no lit source anywhere with the party."""
    return not any(source.lit and source.remaining > 0 for source in lights(state))


def on_buried(state: State, ctx: "Context", action: "Action", heard: Buried) -> "Result":
    """What the buried carried is left with the body: their lights are set down, their oil is
    buried with them."""
    character_id = heard.character_id
    events, kept = [], []
    for source in lights(state):
        if source.carrier == character_id:
            events.append(note(action, f"{source_name(state, ctx.ruleset, source)} is left with the body."))
            source = attrs.evolve(source, carrier="")
        kept.append(source)
    state = with_flasks(state, character_id, 0) if flasks(state, character_id) else state
    return (with_lights(state, kept) if events else state), events


def on_time(state: State, units: int, ctx: "Context", action: "Action") -> "Result":
    """Burn every lit source by `units`, warning as they fail; the clock is the caller's (a
    sputtering light loses time while the clock stands)."""
    events: list[Event] = []
    kept = []
    for source in lights(state):
        if not source.lit:
            kept.append(source)
            continue
        burning = burn(source.remaining, units)
        name = source_name(state, ctx.ruleset, source)
        if burning.burnt_out:
            events.append(note(action, f"{name} burns out.", level="warn"))
            if consumable(ctx.ruleset, source.kind):
                continue
            kept.append(attrs.evolve(source, remaining=0, lit=False))
            continue
        burnt = attrs.evolve(source, remaining=burning.remaining)
        if burning.running_low:
            events += running_low(state, ctx, burnt, action)
        kept.append(burnt)
    return with_lights(state, kept), events


def running_low(state: State, ctx: "Context", source: LightSource, action: "Action") -> list[Event]:
    """The warning for a lit source on its last unit, however it got there: burnt, lit or corrected."""
    if not source.lit or not 0 < source.remaining <= LOW_AT:
        return []
    name = source_name(state, ctx.ruleset, source)
    return [note(action, f"{name} is running low: {ctx.ruleset.time.label(source.remaining)} left.", level="warn")]


def consumable(ruleset: Ruleset, kind: str) -> bool:
    """A torch or candle is gone when it burns out; a lantern stays to be refilled."""
    definition = ruleset.light_sources.get(kind)
    return definition is None or not definition.refuel


def source_name(state: State, ruleset: Ruleset, source: LightSource) -> str:
    """`Darla's torch`, or `the torch on the floor`."""
    definition = ruleset.light_sources.get(source.kind)
    return carried_name(state, definition.name.lower() if definition else source.kind, source.carrier)


def problems(burn_down: BurnDown, state: State) -> list[str]:
    """Sources with their own ids, carried by someone in the party, with no negative time; flasks
    of oil carried by someone in the party, never a negative count."""
    found = []
    ids = [s.id for s in burn_down.lights]
    if len(set(ids)) != len(ids):
        found.append("lights: two sources share an id")
    party = {m.id for m in state.party}
    for i, source in enumerate(burn_down.lights):
        if source.carrier and source.carrier not in party:
            found.append(f"lights[{i}].carrier: no character {source.carrier!r}")
        if source.remaining < 0:
            found.append(f"lights[{i}].remaining: cannot be negative")
    for carrier, count in burn_down.flasks.items():
        if carrier not in party:
            found.append(f"flasks.{carrier}: no character {carrier!r}")
        if count < 0:
            found.append(f"flasks.{carrier}: {count} flasks; a count of oil cannot be negative")
    return found


def burning(state: State, ruleset: Ruleset) -> tuple[tuple[str, int, int, str], ...]:
    """Each source burning now, for the player view: its name, the time it has left and when full
    (in the ruleset's units), and that time in words."""
    shown = []
    for source in lights(state):
        if source.lit:
            definition = ruleset.light_sources.get(source.kind)
            name = carried_name(state, definition.name.lower() if definition else source.kind, source.carrier)
            full = max(source.remaining, (definition.duration or 0) if definition else 0)
            shown.append((name, source.remaining, full, ruleset.time.label(source.remaining)))
    return tuple(shown)


def rules_problems(burn_down: BurnDown, state: State, ruleset: Ruleset) -> list[str]:
    """Every source a kind of the ruleset's: its duration, refilling and burning out are looked up by it."""
    kinds = ", ".join(ruleset.light_sources)
    return [
        f"lights[{i}].kind: {ruleset.name} has no light source {source.kind!r} (one of {kinds})"
        for i, source in enumerate(burn_down.lights)
        if source.kind not in ruleset.light_sources
    ]


def held_sources(state: State, ruleset: Ruleset) -> tuple[HeldSource, ...]:
    """Every source the party has, as another part reads it."""
    return tuple(
        HeldSource(s.id, s.kind, source_name(state, ruleset, s), s.remaining, s.carrier, s.lit) for s in lights(state)
    )


def stock(state: State, ruleset: Ruleset, carrier: str, kinds: Mapping[str, int]) -> State:
    """A new, unlit source carried by `carrier` for each of `kinds` the ruleset has as a light
    source, full for its kind, and its flasks of `oil` (a kit's Rations are no concern of the light's)."""
    if kinds.get(OIL, 0):
        state = with_flasks(state, carrier, flasks(state, carrier) + kinds[OIL])
    sources = lights(state)
    for kind, count in kinds.items():
        definition = ruleset.light_sources.get(kind)
        if definition is None:
            continue
        for _ in range(count):
            fresh = LightSource(free_id("l", {s.id for s in sources}), kind, definition.duration_for(0) or 0, carrier)
            sources = (*sources, fresh)
    return with_lights(state, sources)


KEEPING = Keeping(light, source_name, with_source)
"""How this procedure keeps its sources, for the moves every light procedure makes alike (`carrying`)."""


class _Session:
    """Light by time, as the session asks of it."""

    slice_type = BurnDown
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(Buried, on_buried),)
    spent_by_time = True
    is_dark = staticmethod(is_dark)
    on_time = staticmethod(on_time)
    light_level = None
    roll_effect = None
    can_target = None
    burning = staticmethod(burning)
    first_events = staticmethod(first_events)
    keeping = KEEPING
    character_levels = None
    held_sources = staticmethod(held_sources)
    stock = staticmethod(stock)
    flasks = staticmethod(flasks)
    darkness_lines = staticmethod(darkness_lines)


SESSION: "LightProcedure" = _Session()
