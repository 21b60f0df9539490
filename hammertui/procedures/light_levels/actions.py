"""What the table does with light by levels: light or douse a source, hand it over, refill a
lantern, pack a new source or a flask of oil, relight what the exploration die put out, bring
someone nearer the light.

Where the characters carry supplies on usage dice (`carrying.draw`), a fresh torch is drawn from
its carrier's Torches and lit at once, and a lantern is refilled from its carrier's Oil, each
rolling that usage die; else the flasks and sources packed are counted here.

Lighting is free ("New ones can be retrieved and re-lit on the next exploration turn without
preventing an action"); refilling a lantern takes an exploration turn ("as it is significantly
fiddlier than lighting a torch"), so it moves the clock one turn, and the flask it empties is kept
with what was used up.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.session import carrying
from hammertui.kernel.session.actions import Context, Refused, Result, member_of, note, spend_time
from hammertui.kernel.session.carrying import counted, draw, keeps_supplies
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import Character, State, free_id
from hammertui.procedures.light_levels.schema import LevelSource
from hammertui.procedures.light_levels.state import (
    FLASK,
    Source,
    Spent,
    light_order,
    lights,
    replace_source,
    rules_of,
    with_lights,
    with_spent,
)

PIP_RESULT = "lantern_pip"


def definition(ctx: Context, kind: str) -> LevelSource:
    found = rules_of(ctx.ruleset).sources.get(kind)
    if found is None:
        raise Refused(f"{ctx.ruleset.name} has no light source {kind!r}")
    return found


def takes_oil(ctx: Context, kind: str) -> bool:
    """A lantern: it burns a flask pip by pip."""
    return definition(ctx, kind).spent_by == PIP_RESULT


def empty(ctx: Context, lantern: Source) -> bool:
    return takes_oil(ctx, lantern.kind) and lantern.pips >= rules_of(ctx.ruleset).flask_pips


@record
class LightUp(carrying.Lighting):
    """Light a source (free: no action spent)."""

    def check(self, ctx: Context, source: Source, name: str) -> None:
        if empty(ctx, source):
            raise Refused(f"{name} has no oil left: refill it first")

    def said(self, state: State, ctx: Context, lit: Source, name: str) -> list[Event]:
        return [note(self, f"{name} is lit.")]


@record
class DouseLight(carrying.Dousing):
    """Put out a lit source; a lantern keeps the pips it has marked."""


@record
class PassLight(carrying.HandingOver):
    """Hand a source to another member of the party (or set it down, with `to` empty)."""


@record
class RefillLantern(carrying.Refilling):
    """Fill a lantern from a flask its carrier holds: its pips wiped, the flask used, a turn spent."""

    def fuel(self, ctx: Context, source: Source, name: str) -> str:
        if not takes_oil(ctx, source.kind):
            raise Refused(f"{name} takes no oil")
        return "a flask of oil"

    def fill(self, state: State, ctx: Context, found: Source, name: str, member: Character) -> Result:
        if found.pips == 0:
            raise Refused(f"{name} is already full")
        drawn = draw(state, ctx, self, member.id, rules_of(ctx.ruleset).oil)
        if drawn is not None:
            return self._from_supply(drawn, ctx, found, name)
        flasks = lights(state).flasks.get(member.id, 0)
        if flasks < 1:
            raise Refused(f"{member.name} has no flask of oil")
        filled = attrs.evolve(found, pips=0)
        kept = lights(state)
        new = with_lights(
            state, sources=replace_source(kept.sources, filled), flasks={**kept.flasks, member.id: flasks - 1}
        )
        new = with_spent(new, Spent(FLASK, member.id, state.clock.units + 1))
        left = counted(flasks - 1, "flask")
        new, events = spend_time(new, 1, ctx, self)
        turn = ctx.ruleset.time.label(1)
        return new, [
            note(
                self,
                f"{name} takes a fresh flask of oil ({turn}, fiddlier than a torch). {member.name} has {left} left.",
            ),
            *events,
        ]

    def _from_supply(self, drawn: Result, ctx: Context, lantern: Source, name: str) -> Result:
        """The lantern full, its carrier's oil rolled for, a turn spent."""
        state, used = drawn
        new = with_lights(state, sources=replace_source(lights(state).sources, attrs.evolve(lantern, pips=0)))
        new, events = spend_time(new, 1, ctx, self)
        turn = ctx.ruleset.time.label(1)
        return new, [note(self, f"{name} is refilled ({turn}, fiddlier than a torch)."), *used, *events]


@record
class PackLight(carrying.Packing):
    """A new source (unlit; a lantern full) or a flask of oil into a character's pack."""

    def pack(self, state: State, ctx: Context, member: Character) -> Result:
        kept = lights(state)
        if self.kind == FLASK:
            if keeps_supplies(state) and rules_of(ctx.ruleset).oil:
                raise Refused(f"{member.name}'s oil is carried on a usage die: carry it with the party (Usage Dice)")
            if not any(d.spent_by == PIP_RESULT for d in rules_of(ctx.ruleset).sources.values()):
                raise Refused(f"nothing in {ctx.ruleset.name} burns oil")
            count = kept.flasks.get(member.id, 0) + 1
            text = f"A flask of oil goes into {member.name}'s pack ({counted(count, 'flask')} now)."
            return with_lights(state, flasks={**kept.flasks, member.id: count}), [note(self, text)]
        kind = definition(ctx, self.kind)
        fresh = Source(free_id("s", {s.id for s in kept.sources}), self.kind, member.id)
        drawn = draw(state, ctx, self, member.id, kind.supply)
        if drawn is not None:
            state, used = drawn
            lit = attrs.evolve(fresh, lit=True)
            return with_lights(state, sources=(*lights(state).sources, lit)), [
                note(self, f"{member.name} lights a fresh {kind.name.lower()}."),
                *used,
            ]
        text = f"A fresh {kind.name.lower()} goes into {member.name}'s pack."
        return with_lights(state, sources=(*kept.sources, fresh)), [note(self, text)]


@record
class Relight:
    """Relight what the exploration die last put out: "New ones can be retrieved and re-lit on the
    next exploration turn without preventing an action". Each carrier of a torch or candle used up
    on the latest turn that put any out takes a fresh one of the kind from their own pack and lights
    it (free, as lighting is); one who has relit already is left be, one with none left is named."""

    label: ClassVar[str] = "light"

    def apply(self, state: State, ctx: Context) -> Result:
        wanted = went_out(state)
        if not wanted:
            raise Refused("nothing that went out is still dark: every carrier has relit")
        said: list[str] = []
        events: list[Event] = []
        relit = False
        for (carrier, kind), count in wanted.items():
            for _ in range(count):
                after, words, used = self._relight(state, ctx, carrier, kind)
                relit = relit or after is not state
                state, events = after, [*events, *used]
                said.append(words)
        if not relit:
            raise Refused("; ".join(said))
        return state, [note(self, "; ".join(said) + "."), *events]

    def _relight(self, state: State, ctx: Context, carrier: str, kind: str) -> tuple[State, str, list[Event]]:
        """One carrier's fresh source of `kind`, drawn from their supply (or a spare they packed)
        and lit; or the same state and the words for why not."""
        member = member_of(state, carrier)
        found = definition(ctx, kind)
        try:
            drawn = draw(state, ctx, self, carrier, found.supply)
        except Refused as problem:
            return state, str(problem).rstrip("."), []
        if drawn is not None:
            state, used = drawn
            fresh = Source(free_id("s", {s.id for s in lights(state).sources}), kind, carrier, lit=True)
            return (
                with_lights(state, sources=(*lights(state).sources, fresh)),
                f"{member.name} lights a fresh {found.name.lower()}",
                used,
            )
        spare = next((s for s in lights(state).sources if s.carrier == carrier and s.kind == kind and not s.lit), None)
        if spare is None:
            return state, f"{member.name} has no spare {found.name.lower()} packed", []
        lit = attrs.evolve(spare, lit=True)
        return (
            with_lights(state, sources=replace_source(lights(state).sources, lit)),
            f"{member.name} lights a spare {found.name.lower()}",
            [],
        )


def went_out(state: State) -> dict[tuple[str, str], int]:
    """What the latest turn that put out torches or candles used up and is not lit again, by
    carrier and kind: those used up, less those of the kind each living carrier holds lit now. What
    burned on the floor is no one's to relight."""
    used = [u for u in lights(state).spent if u.kind != FLASK and u.carrier]
    if not used:
        return {}
    latest = used[-1].turn
    living = {m.id for m in state.living}
    gone: dict[tuple[str, str], int] = {}
    for spent in used:
        if spent.turn == latest and spent.carrier in living:
            gone[(spent.carrier, spent.kind)] = gone.get((spent.carrier, spent.kind), 0) + 1
    for held in lights(state).sources:
        if held.lit and (held.carrier, held.kind) in gone:
            gone[(held.carrier, held.kind)] -= 1
    return {key: count for key, count in gone.items() if count > 0}


@record
class BringNearer:
    """Bring a character nearest the light: the first the sources reach after their own carriers."""

    label: ClassVar[str] = "light order"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if not member.alive:
            raise Refused(f"{member.name} is dead")
        if light_order(state)[:1] == (member.id,):
            raise Refused(f"{member.name} already stands nearest the light")
        moved = (member.id, *(c for c in lights(state).order if c != member.id))
        return with_lights(state, order=moved), [note(self, f"{member.name} stands nearest the light.")]
