"""Timed effects: a Dazed goblin, a lost action, a rage, a spell, anything the 'Smith names.

An effect hangs on a combatant (a character or foe id) or on the party, and lasts so many rounds
or turns (Beats), or so far on a clock the fight procedure keeps of its own (`FightClock`: the
turns one side has ended, where "the opponents' next turn" is not a count of rounds). It ends by
itself when its clock gets there: round effects as a new round of the fight begins, turn effects
whenever time is spent, a fight clock's as the fight procedure says, and with the fight. When a
fight's rounds are folded into time, a round effect still running becomes a turn effect, rounded up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import attrs

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import fight_clocks, foes_in_fight
from hammertui.kernel.session.state import Effect, State, free_id

ROUND = "round"
UNIT = "unit"
UNITS = (ROUND, UNIT)
UNTIL_ENDED = "until_ended"
"""An effect with no clock (a Berserker's rage): it lasts until an action ends it."""
CLOCKS = (*UNITS, UNTIL_ENDED)
"""The kernel's clocks an effect may count on; the 'Smith's own effects count rounds or turns."""


def clocks(chosen: Mapping[str, str]) -> tuple[str, ...]:
    """Every clock an effect may count on in a session of these procedures: the kernel's and its
    fight procedure's own."""
    return (*CLOCKS, *(clock.unit for clock in fight_clocks(chosen)))


def now(state: State, unit: str) -> int | None:
    """The clock an effect counts on: the fight's rounds, the game clock's turns (Beats), or a
    clock of the fight procedure's own (None once it no longer runs, or for a clock the session does
    not keep); an effect lasting until ended counts on none, so its time is never up."""
    if unit == UNTIL_ENDED:
        return 0
    if unit in UNITS:
        return state.clock.rounds if unit == ROUND else state.clock.units
    kept = {clock.unit: clock for clock in fight_clocks(state.session.procedures)}
    return kept[unit].reading(state) if unit in kept else None


def time_left(state: State, effect: Effect) -> int:
    """What is left of an effect on its clock: none once that clock has stopped (its fight over)."""
    reading = now(state, effect.unit)
    return 0 if reading is None else max(0, effect.ends_at - reading)


def describe_left(state: State, ruleset: Ruleset, effect: Effect) -> str:
    """`2 rounds left`, `1 turn left`, or as the fight procedure says its own clock."""
    if effect.unit == UNTIL_ENDED:
        return "until ended"
    left = time_left(state, effect)
    if effect.unit == ROUND:
        return f"{left} round{'s' if left != 1 else ''} left"
    if effect.unit == UNIT:
        return f"{ruleset.time.label(left)} left"
    own = [clock for clock in fight_clocks(state.session.procedures) if clock.unit == effect.unit]
    return own[0].left_words(left) if own and left else "over"


def labelled(state: State, ruleset: Ruleset, effect: Effect) -> str:
    """`Dazed (2 rounds left)`: an effect as every screen lists it."""
    return f"{effect.name} ({describe_left(state, ruleset, effect)})"


def wearer_name(state: State, on: str) -> str | None:
    """Who an effect is (or would be) on, by name: a character, a foe in the fight, or the party."""
    if not on:
        return "The party"
    for member in state.party:
        if member.id == on:
            return member.name
    return dict(foes_in_fight(state)).get(on)


def wearers(state: State) -> set[str]:
    """Whom an effect may be on: the party, the fight's foes, and the buried, who may have fallen
    with an effect still on them."""
    foes = {foe_id for foe_id, _ in foes_in_fight(state)}
    return {m.id for m in state.party} | {g.character.id for g in state.graveyard} | foes


def wearer(state: State, effect: Effect) -> str:
    return wearer_name(state, effect.on) or effect.on


def add(state: State, name: str, on: str, unit: str, duration: int, note: str = "") -> tuple[State, Effect]:
    """A new effect lasting `duration` rounds, turns or steps of a fight's clock from now; a
    `ValueError` for a fight's clock that is not running."""
    reading = now(state, unit)
    if reading is None:
        raise ValueError(f"no clock {unit!r} runs now")
    effect_id = free_id("e", {e.id for e in state.effects})
    effect = Effect(effect_id, name, on, unit, reading + duration, note)
    return attrs.evolve(state, effects=(*state.effects, effect)), effect


def expire(state: State, label: str) -> tuple[State, list[Event]]:
    """End every effect whose time is up, each with its line in the log."""
    ended = [e for e in state.effects if time_left(state, e) == 0]
    if not ended:
        return state, []
    kept = tuple(e for e in state.effects if e not in ended)
    events = [Event(0, label, f"{wearer(state, e)}: {e.name} ends.") for e in ended]
    return attrs.evolve(state, effects=kept), events


def fold(state: State, ruleset: Ruleset, units: int, label: str) -> tuple[State, list[Event]]:
    """A fight's rounds are about to become `units` of time (rounds reset to 0, the units not yet
    on the clock): round effects outlasting that time carry on as turn effects, rounded up; the
    rest end, and so do those on the fight's own clocks, whose fight is over."""
    per_unit = ruleset.time.rounds_per_unit
    kept: list[Effect] = []
    events: list[Event] = []
    for effect in state.effects:
        if effect.unit in (UNIT, UNTIL_ENDED):
            kept.append(effect)
            continue
        if effect.unit != ROUND:
            events.append(Event(0, label, f"{wearer(state, effect)}: {effect.name} ends."))
            continue
        rounds_left = effect.ends_at - units * per_unit
        if rounds_left <= 0:
            events.append(Event(0, label, f"{wearer(state, effect)}: {effect.name} ends."))
            continue
        kept.append(
            attrs.evolve(effect, unit=UNIT, ends_at=state.clock.units + units + math.ceil(rounds_left / per_unit))
        )
    return attrs.evolve(state, effects=tuple(kept)), events


def drop_for(state: State, combatant_ids: set[str]) -> State:
    """Effects on combatants who have left the story (foes gone with their fight)."""
    return attrs.evolve(state, effects=tuple(e for e in state.effects if e.on not in combatant_ids))
