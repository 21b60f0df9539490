"""Hirelings: hiring, the morale check when the party pushes one too far or a fight frightens
them, and letting one go."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of, note, person_name
from hammertui.kernel.session.state import Character, Hireling, State, free_id
from hammertui.procedures.hammercrawl_classes.rules import hirelings
from hammertui.procedures.sides_and_phases.state import fighting, with_fight


def _hireling(state: State, hireling_id: str) -> Hireling:
    try:
        return state.hireling(hireling_id)
    except KeyError:
        raise Refused(f"no hireling {hireling_id!r}") from None


def _without(state: State, hired: Hireling) -> tuple[Hireling, ...]:
    return tuple(h for h in state.hirelings if h.id != hired.id)


def _kept(state: State, hired: Hireling, verdict: str) -> tuple[Hireling, ...]:
    """The hirelings after a morale check: one who quit is gone, one who stays at double cost marked."""
    if verdict == hirelings.QUIT:
        return _without(state, hired)
    if verdict == hirelings.DOUBLE:
        return tuple(attrs.evolve(h, doubled=True) if h.id == hired.id else h for h in state.hirelings)
    return state.hirelings


@record
class Hire:
    """Take on a hireling of a profession and tier, in the charge of one character."""

    label: ClassVar[str] = "hire"
    name: str
    profession: str
    tier: int
    employer: str

    def apply(self, state: State, ctx: Context) -> Result:
        name = person_name(self.name, "a hireling needs a name")
        try:
            row = hirelings.tier_row(ctx.ruleset, self.tier)
        except ValueError as error:
            raise Refused(str(error)) from None
        boss = member_of(state, self.employer)
        if not boss.alive:
            raise Refused(f"{boss.name} is dead and hires no one")
        hired = Hireling(
            free_id("h", {h.id for h in state.hirelings}), name, self.profession.strip() or "porter", self.tier, boss.id
        )
        text = (
            f"{boss.name} hires {name}, {hired.profession} (Tier {self.tier}, {row.description},"
            f" expertise +{row.expertise}) for {hirelings.daily_cost(ctx.ruleset, self.tier, False)}."
        )
        return attrs.evolve(state, hirelings=(*state.hirelings, hired)), [note(self, text)]


def _boss_saves(
    state: State, ctx: Context, hired: Hireling, net: int, check: Callable[..., hirelings.MoraleResult]
) -> tuple[Character, hirelings.MoraleResult]:
    """The one in charge of a hireling makes the morale save (`check`: in a fight or out of one)."""
    if not hired.employer:
        raise Refused(f"{hired.name} has nobody in charge of them: give them to someone first")
    boss = member_of(state, hired.employer)
    result = check(
        ctx.ruleset,
        ctx.dice,
        class_id=boss.class_id,
        level=boss.level,
        stats=boss.stats.as_dict(),
        hireling_tier=hired.tier,
        net=net,
    )
    return boss, result


@record
class HirelingMorale:
    """The employer's Rally save for a pushed hireling: they stay, stay at double cost, or quit."""

    label: ClassVar[str] = "hireling morale"
    hireling_id: str
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        hired = _hireling(state, self.hireling_id)
        boss, result = _boss_saves(state, ctx, hired, self.net, hirelings.morale_check)
        kept = _kept(state, hired, result.verdict)
        text = f"{hired.name}'s morale, {boss.name} rolling: {result.describe()} ({'; '.join(result.check.reasons)})."
        level = "info" if result.verdict == hirelings.KEEP else "warn"
        return attrs.evolve(state, hirelings=kept), [note(self, text, (result.check.roll.describe(),), level=level)]


@record
class Dismiss:
    """Let a hireling go."""

    label: ClassVar[str] = "dismiss"
    hireling_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        hired = _hireling(state, self.hireling_id)
        return attrs.evolve(state, hirelings=_without(state, hired)), [
            note(self, f"{hired.name} is paid off and goes.")
        ]


@record
class HirelingFightMorale:
    """A hireling's morale in a fight: the one in charge makes the Rally save; under Book Three a
    failure sends the hireling off, fleeing, out of the fight and the party's service."""

    label: ClassVar[str] = "hireling morale"
    hireling_id: str
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        fight = fighting(state)
        if fight is None:
            raise Refused("no fight is on: a hireling's morale out of a fight is on the hirelings screen (w)")
        hired = _hireling(state, self.hireling_id)
        boss, result = _boss_saves(state, ctx, hired, self.net, hirelings.fight_morale)
        if result.verdict == hirelings.FLED:
            fight = attrs.evolve(fight, fled_hirelings=(*fight.fled_hirelings, hired.name))
            state = with_fight(attrs.evolve(state, hirelings=_without(state, hired)), fight=fight)
        else:
            state = attrs.evolve(state, hirelings=_kept(state, hired, result.verdict))
        text = (
            f"{hired.name}'s morale in the fight, {boss.name} rolling:"
            f" {result.describe()} ({'; '.join(result.check.reasons)})."
        )
        level = "info" if result.verdict == hirelings.KEEP else "warn"
        return state, [note(self, text, (result.check.roll.describe(),), level=level)]
