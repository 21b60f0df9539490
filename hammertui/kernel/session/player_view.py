"""The player view: what the table may see of the session, as one record drawn from the redacted state.

The served page shows the party as Hit Point bands (numbers only where the session allows them),
the light burning and how well each character sees where the light procedure tells levels apart,
the clock, LIT or DARK, the last roll made in the open, a fight's round and whose turn it is, and
the graveyard. It is made from `public_fields.redact(state)` alone, so nothing the table classifies
as the 'Smith's can reach it; the procedures answer for their own parts (`burning`, `whose_turn`,
`character_levels`, `shown_to_table` in their state modules).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import (
    burning,
    character_levels,
    fight_under_way,
    is_dark,
    light_level,
    shown_to_table,
    whose_turn,
)
from hammertui.kernel.session.public_fields import public_event, redact
from hammertui.kernel.session.state import Character, State

BANDS = ("Healthy", "Wounded", "Bloodied", "Down", "Dead")
"""How a character's Hit Points show to the table, best first."""


@record
class Member:
    """One adventurer as the table sees them: `hp` is "7/10" where the session shows numbers, else "";
    `more` what the characters procedure shows of them besides (`2 Wounds`), else ""."""

    name: str
    what: str
    band: str
    hp: str = ""
    light: str = ""
    more: str = ""


@record
class Burning:
    """A light source burning: `left` of `full` units for its bar (`full` 0: no bar), and in words."""

    name: str
    left: int
    full: int
    words: str


@record
class FightNow:
    """A fight under way: where it stands (`Round 2: Darla's turn`) and the party's effects."""

    turn: str
    effects: tuple[str, ...] = ()


@record
class Fallen:
    name: str
    cause: str
    epitaph: str


@record
class LastRoll:
    text: str
    dice: tuple[str, ...]


@record
class PlayerView:
    """Everything the served page draws."""

    session: str
    ruleset: str
    clock: str
    dark: bool
    light_level: str
    party: tuple[Member, ...]
    burning: tuple[Burning, ...]
    fight: FightNow | None
    graveyard: tuple[Fallen, ...]
    last_roll: LastRoll | None
    what: str = "Class"
    """The heading over each member's `what`: their class, or their level alone where no one holds one."""


def band(member: Character) -> str:
    """Healthy at full HP, Wounded below, Bloodied at half or less, Down at 0 or out of the fight, Dead."""
    if not member.alive:
        return "Dead"
    if member.hp <= 0 or member.status != "ok":
        return "Down"
    if member.hp * 2 <= member.max_hp:
        return "Bloodied"
    return "Wounded" if member.hp < member.max_hp else "Healthy"


def player_view(state: State, ruleset: Ruleset, recent: Sequence[Event]) -> PlayerView:
    """The page's record of `state` and the log's latest lines, drawn from what the table may see."""
    seen = redact(state)
    time = ruleset.time
    return PlayerView(
        session=seen.session.name,
        ruleset=ruleset.name,
        clock=f"{time.unit.capitalize()} {seen.clock.units} · {clock_text(seen.clock.units, time.minutes_per_unit)}",
        dark=is_dark(seen),
        light_level=light_level(seen, ruleset),
        party=_party(seen, ruleset),
        burning=tuple(Burning(*shown) for shown in burning(seen, ruleset)),
        fight=_fight(seen, ruleset),
        graveyard=tuple(
            Fallen(g.character.name, g.character.death.cause if g.character.death else "", g.epitaph)
            for g in seen.graveyard
        ),
        last_roll=last_roll(seen, recent),
        what="Class" if any(m.class_id for m in seen.party) else "Level",
    )


def _party(state: State, ruleset: Ruleset) -> tuple[Member, ...]:
    levels = character_levels(state, ruleset)
    more = shown_to_table(state, ruleset)
    shown = []
    for member in state.party:
        kind = ruleset.classes.get(member.class_id)
        named = kind.name if kind else member.class_id
        what = f"{named} {member.level}" if named else f"Level {member.level}"
        hp = f"{member.hp}/{member.max_hp}" if state.session.show_hp_numbers and member.alive else ""
        shown.append(
            Member(member.name, what, band(member), hp, str(levels.get(member.id, "")), more.get(member.id, ""))
        )
    return tuple(shown)


def _fight(state: State, ruleset: Ruleset) -> FightNow | None:
    if not fight_under_way(state):
        return None
    party = {m.id for m in state.party}
    worn = tuple(
        f"{effects.wearer(state, e)}: {effects.labelled(state, ruleset, e)}"
        if e.on
        else effects.labelled(state, ruleset, e)
        for e in state.effects
        if not e.on or e.on in party
    )
    return FightNow(whose_turn(state, ruleset), worn)


def last_roll(state: State, recent: Sequence[Event]) -> LastRoll | None:
    """The latest roll made in the open that still stands: an undone action's line is no roll of the
    session's any more (its number is past the state's), and a roll the 'Smith keeps is skipped."""
    for event in reversed(recent):
        if event.dice and event.seq <= state.seq and public_event(event):
            return LastRoll(event.text, event.dice)
    return None


@record
class ShowHpNumbers:
    """Whether the player view shows the party's Hit Points as numbers beside their bands."""

    label: ClassVar[str] = "setting"
    show: bool

    def apply(self, state: State, ctx: Context) -> Result:
        if state.session.show_hp_numbers == self.show:
            raise Refused(
                "the player view already shows Hit Points " + ("as numbers" if self.show else "as bands alone")
            )
        session = attrs.evolve(state.session, show_hp_numbers=self.show)
        text = (
            "The player view shows Hit Points as numbers."
            if self.show
            else "The player view shows Hit Points as bands alone."
        )
        return attrs.evolve(state, session=session), [note(self, text)]
