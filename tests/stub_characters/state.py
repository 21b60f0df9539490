"""The stub roster's party and its slice: each character's Wounds, by character id."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.dice import DiceSource, roll
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Result
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.state import Character, State, Stats, replace_member

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import CharactersProcedure

NAME = "stub_roster"
NAMES = ("Ana", "Bo", "Cy", "Di")
BASE_HP = 4
"""HP before the first ability's score is added."""


@attrs.frozen
class Roster:
    """Each character's Wounds, by character id."""

    wounds: dict[str, int] = attrs.field(factory=dict)


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> Roster:
    return Roster({member.id: 0 for member in party})


def new_party(ruleset: Ruleset, dice: DiceSource) -> tuple[tuple[Character, ...], list[Event], dict[str, Any]]:
    """Four characters, each ability a die as large as the ruleset's scale; HP from the first."""
    low, high = ruleset.stat_rules.range
    party, events = [], []
    for index, name in enumerate(NAMES, start=1):
        scores = {stat: low - 1 + roll(dice, f"1d{high - low + 1}").total for stat in ruleset.stats}
        hp = BASE_HP + scores[ruleset.stats[0]]
        party.append(Character(f"c{index}", name, "", Stats.of(scores), hp, hp, 10))
        events.append(Event(0, "roll", f"{name}: " + ", ".join(f"{k} {v}" for k, v in scores.items()) + "."))
    return tuple(party), events, {NAME: new_slice(ruleset, tuple(party))}


def take_damage(state: State, ctx: Context, action: Any, member: Character) -> Result:
    """HP off, below 0 as far as the blow goes; at 0 or under the character is down and Wounded."""
    hp = member.hp - action.amount
    hurt = attrs.evolve(member, hp=hp, status="down" if hp <= 0 else member.status)
    roster: Roster = state.slices[NAME]
    wounds = {**roster.wounds, member.id: roster.wounds.get(member.id, 0) + (hp <= 0)}
    after = attrs.evolve(state, party=replace_member(state.party, hurt)).with_slice(NAME, Roster(wounds))
    return after, [note(action, f"{member.name} takes {action.amount}: HP {hp}.")]


def wounds_shown(state: State, ruleset: Ruleset) -> dict[str, str]:
    """`1 Wound`, `2 Wounds`: what the players see of a character's Wounds, for those who have any."""
    roster: Roster = state.slices[NAME]
    return {who: f"{n} Wound{'s' if n > 1 else ''}" for who, n in roster.wounds.items() if n}


def problems(roster: Roster, state: State) -> list[str]:
    return [f"wounds.{who}: {count} cannot be negative" for who, count in roster.wounds.items() if count < 0]


class _Session:
    """The stub roster, as the session asks of it."""

    slice_type = Roster
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = None
    hears = ()
    new_party = staticmethod(new_party)
    draw_supply = None
    rations = None
    take_damage = staticmethod(take_damage)
    heal = None
    role_of = None
    negative_hp = True
    shown_to_table = staticmethod(wounds_shown)


SESSION: CharactersProcedure = _Session()
