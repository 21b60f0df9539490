"""The stub fight's actions: foes met, a round's order of sides, a side's turn ended, an effect
until the opponents' next turn ends, and the fight over."""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import fold_rounds
from hammertui.kernel.session.events import note
from hammertui.kernel.session.state import State
from tests.stub_fight.state import SIDES, StubFight, fighting, with_fight


def _fight(state: State) -> StubFight:
    fight = fighting(state)
    if fight is None:
        raise Refused("no fight is on")
    return fight


@attrs.frozen
class MeetFoes:
    label: ClassVar[str] = "fight"
    names: tuple[str, ...] = ("Goblin",)

    def apply(self, state: State, ctx: Context) -> Result:
        foes = tuple((f"f{i}", name) for i, name in enumerate(self.names, 1))
        return with_fight(state, StubFight(foes)), [note(self, "Foes!")]


@attrs.frozen
class NewRound:
    """A round begins with its order of sides (thrown elsewhere; the stub is told it)."""

    label: ClassVar[str] = "fight"
    order: tuple[str, ...] = SIDES

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        state = attrs.evolve(state, clock=attrs.evolve(state.clock, rounds=state.clock.rounds + 1))
        state, ended = effects.expire(with_fight(state, attrs.evolve(fight, order=self.order, at=0)), self.label)
        return state, [note(self, f"Round {state.clock.rounds}: the {self.order[0]} first."), *ended]


@attrs.frozen
class EndTurn:
    """The acting side's turn ends: its clock moves on, and effects whose time is up end."""

    label: ClassVar[str] = "fight"

    def apply(self, state: State, ctx: Context) -> Result:
        fight = _fight(state)
        side = fight.acting
        if not side:
            raise Refused("the round is over")
        moved = attrs.evolve(fight, at=fight.at + 1, ended={**fight.ended, side: fight.ended[side] + 1})
        state, ended = effects.expire(with_fight(state, moved), self.label)
        return state, [note(self, f"The {side}' turn ends."), *ended]


@attrs.frozen
class Dodge:
    """A combatant of the acting side dodges until the opponents' next turn ends."""

    label: ClassVar[str] = "dodge"
    on: str

    def apply(self, state: State, ctx: Context) -> Result:
        side = _fight(state).acting
        if not side:
            raise Refused("the round is over")
        (opponents,) = (s for s in SIDES if s != side)
        state, effect = effects.add(state, "Dodging", self.on, f"{opponents}_turns", 1)
        return state, [note(self, f"{effects.wearer(state, effect)}: {effects.labelled(state, ctx.ruleset, effect)}.")]


@attrs.frozen
class EndStubFight:
    """The fight is over: its rounds become time."""

    label: ClassVar[str] = "fight"

    def apply(self, state: State, ctx: Context) -> Result:
        _fight(state)
        return fold_rounds(with_fight(state, None), ctx, self)
