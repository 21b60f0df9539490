"""What the table does with light by time: light, douse and hand over a source (the moves every
light procedure makes alike are `carrying`'s), and the Timekeeper's chores: refills, new sources, the
Light spell, corrections.

What a flask holds, how long a spell lasts and
where a correction lands are the rules' (`rules.light`), so the pane, the log and the tests read one
answer. Each chore is one undoable action; one that makes no sense now is refused with the reason.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import carrying
from hammertui.kernel.session.actions import Context, Refused, Result, member_of, note
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import SpellCast, rations, signal
from hammertui.kernel.session.state import Character, State, free_id
from hammertui.procedures.burn_down import rules as light
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.schema import LightSourceDef
from hammertui.procedures.burn_down.state import OIL, LightSource, replace_light, running_low, source_name

HOWS: tuple[light.Correction, ...] = ("plus", "minus", "set")


# ----------------------------------------------------------------------------- what panes ask


def party_light(state: State, ruleset: Ruleset) -> light.LightLevel:
    """How well the party sees by the sources burning now (weak or strong in Book Three)."""
    return light.light_level(ruleset, (s.kind for s in light_state.lights(state) if s.lit and s.remaining > 0))


@record
class Pack:
    """What one character keeps for later: spare sources by kind, flasks of oil, and Rations."""

    character_id: str
    spares: tuple[tuple[str, int], ...]
    oil: int
    rations: int = 0


def packs(state: State) -> tuple[Pack, ...]:
    """Each living member's spares (unlit sources with time left), oil and Rations (as the
    characters procedure counts them), in party order."""
    found = []
    for member in state.living:
        kinds = Counter(
            s.kind for s in light_state.lights(state) if s.carrier == member.id and not s.lit and s.remaining > 0
        )
        oil = light_state.flasks(state, member.id)
        carried = rations(state, member.id)
        if kinds or oil or carried:
            found.append(Pack(member.id, tuple(kinds.items()), oil, carried))
    return tuple(found)


def pack_items(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """What can go into a pack, as (kind, name): sources the clock burns, and oil where one takes it."""
    items = [(kind, d.name) for kind, d in ruleset.light_sources.items() if _packable(d)]
    fuel = _fuel(ruleset)
    if fuel:
        items.append((OIL, fuel.capitalize()))
    return tuple(items)


def spell_kind(ruleset: Ruleset) -> str | None:
    """The ruleset's Light spell (the source that needs a caster), if it has one."""
    return next((kind for kind, d in ruleset.light_sources.items() if d.needs_caster), None)


def darkness_ahead(state: State, ruleset: Ruleset, units: int) -> str | None:
    """What passing `units` would do to the party's last light, when it would put it out: said
    before the time passes, as the Camp check says it before a camp. None when light lasts (or the
    party is in the dark already, and has no light to lose)."""
    longest = max((s.remaining for s in light_state.lights(state) if s.lit and s.remaining > 0), default=0)
    if not 0 < longest <= units:
        return None
    label = ruleset.time.label
    dark = f"{label(units - longest)} in the dark" if longest < units else "dark as it ends"
    return f"The last light goes out after {label(longest)} of the {label(units)}: {dark}."


def lit_time_left(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """`torch 4 Beats` for each source burning now, longest-lasting first."""
    burning = sorted((s for s in light_state.lights(state) if s.lit and s.remaining > 0), key=lambda s: -s.remaining)
    names = {kind: d.name.lower() for kind, d in ruleset.light_sources.items()}
    return tuple(f"{names.get(s.kind, s.kind)} {ruleset.time.label(s.remaining)}" for s in burning)


def casters(state: State, ruleset: Ruleset) -> tuple[Character, ...]:
    """The members who could cast the Light spell now: alive, standing and able to cast."""
    return tuple(m for m in state.living if m.status == "ok" and _casts(ruleset, m))


# ---------------------------------------------------------------------------------- actions


@record
class Light(carrying.Lighting):
    """Light an unlit source that still has time in it."""

    def check(self, ctx: Context, source: LightSource, name: str) -> None:
        if source.remaining <= 0:
            raise Refused(f"{name} is spent: refill it first")

    def said(self, state: State, ctx: Context, lit: LightSource, name: str) -> list[Event]:
        left = ctx.ruleset.time.label(lit.remaining)
        return [note(self, f"{name} is lit ({left} left)."), *running_low(state, ctx, lit, self)]


@record
class Douse(carrying.Dousing):
    """Put out a lit source, keeping what is left of it."""


@record
class HandOver(carrying.HandingOver):
    """Give a source to another member of the party (or set it down, with `to` empty)."""


@record
class Refill(carrying.Refilling):
    """Refuel a lantern from a flask its carrier holds: back to full, the flask used up."""

    def fuel(self, ctx: Context, source: LightSource, name: str) -> str:
        definition = _definition(ctx.ruleset, source.kind)
        if definition.refuel is None:
            raise Refused(_not_refillable(ctx.ruleset, name))
        return _a(definition.refuel)

    def fill(self, state: State, ctx: Context, source: LightSource, name: str, member: Character) -> Result:
        definition = _definition(ctx.ruleset, source.kind)
        flasks = light_state.flasks(state, member.id)
        if flasks < 1:
            raise Refused(f"{member.name} has no {definition.refuel}")
        try:
            filled = light.refill(ctx.ruleset, source.kind, source.remaining)
        except ValueError as error:
            raise Refused(str(error)) from None
        if filled.gained == 0:
            raise Refused(f"{name} is already full ({ctx.ruleset.time.label(source.remaining)})")
        refilled = attrs.evolve(source, remaining=filled.remaining)
        new = light_state.with_lights(
            light_state.with_flasks(state, member.id, flasks - 1), replace_light(light_state.lights(state), refilled)
        )
        full = ctx.ruleset.time.label(filled.remaining)
        text = (
            f"{name} takes a fresh {definition.refuel}: {full}."
            f" {member.name} has {carrying.counted(flasks - 1, definition.refuel)} left."
        )
        ruling = ctx.ruleset.decisions.get("lantern_refill")
        if source.remaining and ruling is not None:
            verb = "is" if source.remaining == 1 else "are"
            text += (
                f" The {ctx.ruleset.time.label(source.remaining)} it still had {verb} not added"
                f" ({ruling.title}: a ruling)."
            )
        return new, [note(self, text), *running_low(new, ctx, refilled, self)]


@record
class DropLight:
    """A source lost for good: dropped down a shaft, eaten, traded, or a spell dismissed.

    A lit one takes its light with it.
    """

    label: ClassVar[str] = "drop light"
    light_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        source = light_of(state, self.light_id)
        name = source_name(state, ctx.ruleset, source)
        lights = tuple(s for s in light_state.lights(state) if s.id != source.id)
        left = ctx.ruleset.time.label(source.remaining)
        if source.kind == spell_kind(ctx.ruleset):
            text = f"{name} ends early ({left} unspent)."
        else:
            burning = ", still burning," if source.lit else ""
            text = f"{name} is dropped{burning} and gone for good ({left} left in it)."
        return light_state.with_lights(state, lights), [note(self, text)]


@record
class AddToPack(carrying.Packing):
    """A new spare (full and unlit) or a flask of oil into a character's pack."""

    def pack(self, state: State, ctx: Context, member: Character) -> Result:
        if self.kind == OIL:
            return self._oil(state, ctx, member)
        definition = ctx.ruleset.light_sources.get(self.kind)
        if definition is None:
            raise Refused(f"{ctx.ruleset.name} has no light source {self.kind!r}")
        if definition.needs_caster:
            raise Refused(f"a {definition.name} is cast, not packed")
        full = definition.duration_for()
        if full is None:
            raise Refused(f"{ctx.ruleset.name} gives a {definition.name.lower()} no time to keep")
        spare = LightSource(free_id("l", {s.id for s in light_state.lights(state)}), self.kind, full, carrier=member.id)
        text = f"A fresh {definition.name.lower()} goes into {member.name}'s pack ({ctx.ruleset.time.label(full)})."
        return light_state.with_lights(state, (*light_state.lights(state), spare)), [note(self, text)]

    def _oil(self, state: State, ctx: Context, member: Character) -> Result:
        fuel = _fuel(ctx.ruleset)
        if fuel is None:
            raise Refused(f"nothing in {ctx.ruleset.name} burns oil")
        flasks = light_state.flasks(state, member.id) + 1
        text = f"{_a(fuel).capitalize()} goes into {member.name}'s pack ({carrying.counted(flasks, fuel)} now)."
        return light_state.with_flasks(state, member.id, flasks), [note(self, text)]


@record
class CastLight:
    """The Light spell: a lit source on the caster lasting its base plus the caster's level.

    Casting spends the spell until it is re-memorized, so the caster's forgotten count goes up.
    """

    label: ClassVar[str] = "cast light"
    caster_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        kind = spell_kind(ctx.ruleset)
        if kind is None:
            raise Refused(f"{ctx.ruleset.name} has no Light spell")
        member = member_of(state, self.caster_id)
        if not member.alive or member.status != "ok":
            raise Refused(f"{member.name} is {member.status} and casts nothing")
        if not _casts(ctx.ruleset, member):
            raise Refused(f"{member.name} casts no spells")
        definition = ctx.ruleset.light_sources[kind]
        duration = light.spell_duration(ctx.ruleset, member.level)
        spell = LightSource(
            free_id("l", {s.id for s in light_state.lights(state)}), kind, duration, carrier=member.id, lit=True
        )
        lit = light_state.with_lights(state, (*light_state.lights(state), spell))
        new, told = signal(lit, ctx, self, SpellCast(member.id))
        bonus = duration - (definition.duration or 0)
        why = f"{definition.duration} + {bonus} for level {member.level}"
        text = (
            f"{member.name} casts a {definition.name}: {ctx.ruleset.time.label(duration)} ({why});"
            " a spell spent until re-memorized."
        )
        return new, [note(self, text), *told]


@record
class CorrectLight:
    """The Timekeeper's fix: add to, take from or set a source's time, with the reason logged.

    Never below 0; above a fresh source's time is allowed and flagged. A lit source set to 0 goes out.
    """

    label: ClassVar[str] = "correct light"
    light_id: str
    how: str
    amount: int
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        source = light_of(state, self.light_id)
        name = source_name(state, ctx.ruleset, source)
        how = _how(self.how)
        if self.amount < 0:
            raise Refused(f"{self.amount} will not do: give 0 or more, with plus, minus or set")
        fixed = light.correct(source.remaining, how, self.amount, _fresh(ctx.ruleset, source.kind))
        time = ctx.ruleset.time
        if fixed.change == 0:
            raise Refused(f"{name} already has {time.label(source.remaining)}: nothing to correct")
        corrected = attrs.evolve(source, remaining=fixed.remaining, lit=source.lit and fixed.remaining > 0)
        new = light_state.with_lights(state, replace_light(light_state.lights(state), corrected))
        why = self.reason.strip() or "no reason given"
        flag = f"; {fixed.note}" if fixed.note else ""
        text = f"{name} corrected from {fixed.before} to {time.label(fixed.remaining)} ({why}){flag}."
        events = [note(self, text, level="warn" if fixed.over_full else "info")]
        if source.lit and not corrected.lit:
            events.append(note(self, f"{name} goes out.", level="warn"))
        return new, events + running_low(new, ctx, corrected, self)


# ---------------------------------------------------------------------------------- helpers


def _definition(ruleset: Ruleset, kind: str) -> LightSourceDef:
    try:
        return light.source_def(ruleset, kind)
    except ValueError as error:
        raise Refused(str(error)) from None


def _fresh(ruleset: Ruleset, kind: str) -> int | None:
    """A fresh source's time, to flag a correction past it; a spell's depends on who cast it."""
    definition = ruleset.light_sources.get(kind)
    if definition is None or definition.needs_caster:
        return None
    return definition.duration_for()


def _how(how: str) -> light.Correction:
    for known in HOWS:
        if how == known:
            return known
    raise Refused(f"correct by plus, minus or set, not {how!r}")


def _packable(definition: LightSourceDef) -> bool:
    return not definition.needs_caster and definition.duration is not None


def _fuel(ruleset: Ruleset) -> str | None:
    return next((d.refuel for d in ruleset.light_sources.values() if d.refuel), None)


def _casts(ruleset: Ruleset, member: Character) -> bool:
    class_def = ruleset.classes.get(member.class_id)
    return class_def is not None and class_def.spellcasting is not None


def _not_refillable(ruleset: Ruleset, name: str) -> str:
    takers = [d.name.lower() for d in ruleset.light_sources.values() if d.refuel]
    return f"{name} cannot be refilled" + (f": only a {' or '.join(takers)} can" if takers else "")


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def light_of(state: State, light_id: str) -> LightSource:
    """The light source with this id, or a refusal the 'Smith can read."""
    return light_state.KEEPING.held(state, light_id)
