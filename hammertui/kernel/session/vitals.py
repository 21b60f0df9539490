"""Actions on life and death every ruleset shares: damage, healing, and burial with an epitaph.

What a blow or a cure does to a character (temporary HP, CON burnt below zero, the edge of death) is
the characters procedure's rule, asked through the seam (`take_damage`, `heal`); these actions
refuse what makes no sense, and record the time and cause of a death so the graveyard can tell the
story.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of
from hammertui.kernel.session.events import Event, Labelled, note
from hammertui.kernel.session.procedures import Buried, heal, signal, take_damage
from hammertui.kernel.session.state import Character, Death, Grave, State, replace_member

UNKNOWN_CAUSE = "unknown causes"


DOWN = "is down."
"""What the log says of a character just gone down, where their rules say nothing more."""


def settle(
    state: State, before: Character, after: Character, cause: str, action: Labelled, down: str = DOWN
) -> tuple[State, list[Event]]:
    """Put the changed character back; a death is stamped with the clock and its cause, and one
    just gone down is told in their rules' words (`down`, after the name: what the table does now)."""
    events = []
    if after.status == "dead" and before.status != "dead":
        after = attrs.evolve(after, death=Death(state.clock.units, cause or UNKNOWN_CAUSE, state.dungeon.level))
        events.append(note(action, f"{after.name} is dead. Write their epitaph (B on the roster).", level="warn"))
    elif after.status == "down" and before.status == "ok":
        events.append(note(action, f"{after.name} {down}", level="warn"))
    return attrs.evolve(state, party=replace_member(state.party, after)), events


def living(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is already dead")
    return member


@record
class ApplyDamage:
    """Damage a living character, as the characters procedure deals it (the complete rules':
    temporary HP first, then HP, then CON by the difficulty mode).

    With `not_today` a Fighter spends a use to stay at 1 HP instead of dropping.
    """

    label: ClassVar[str] = "damage"
    character_id: str
    amount: int
    source: str = ""
    not_today: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        member = living(state, self.character_id)
        if self.amount < 1:
            raise Refused("damage must be 1 or more")
        dealt = take_damage(state, ctx, self, member)
        if dealt is None:
            raise Refused(f"{ctx.ruleset.name} deals damage by its own characters' actions")
        return dealt


@record
class Heal:
    """Heal a living character, never beyond their maximum HP: as the characters procedure heals
    (`heal` through the seam), else HP back and nothing more."""

    label: ClassVar[str] = "heal"
    character_id: str
    amount: int

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if self.amount < 1:
            raise Refused("healing must be 1 or more")
        if not member.alive:
            raise Refused(f"{member.name} is dead; no healing brings them back")
        if member.hp >= member.max_hp:
            raise Refused(f"{member.name} is already at full HP ({member.max_hp})")
        healed = heal(state, ctx, self, member)
        if healed is not None:
            return healed
        hp = min(member.max_hp, member.hp + self.amount)
        text = f"{member.name} heals {self.amount}: +{hp - member.hp} HP{' (at max)' if hp == member.max_hp else ''}."
        return attrs.evolve(state, party=replace_member(state.party, attrs.evolve(member, hp=hp))), [note(self, text)]


@record
class Bury:
    """The dead leave the roster for the graveyard with the epitaph the table wrote.

    The table may name what killed them when the blow itself did not say. Their hirelings are freed,
    and each procedure lets them go (`on_buried`): the light sets down what they carried, the fight
    takes them out of its order, the exploration die finds another spokesman, the class rules free
    their party role.
    """

    label: ClassVar[str] = "bury"
    character_id: str
    epitaph: str = ""
    cause: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if member.alive:
            raise Refused(f"{member.name} is not dead")
        epitaph = self.epitaph.strip()
        assert member.death is not None
        death = attrs.evolve(member.death, cause=self.cause.strip() or member.death.cause)
        laid = note(self, f"{member.name} ({death.cause}) is laid to rest" + (f': "{epitaph}"' if epitaph else "."))
        told_state, told = signal(state, ctx, self, Buried(member.id))
        hirelings = tuple(attrs.evolve(h, employer="") if h.employer == member.id else h for h in state.hirelings)
        grave = Grave(attrs.evolve(member, death=death), epitaph)
        new = attrs.evolve(
            told_state,
            party=tuple(m for m in state.party if m.id != member.id),
            graveyard=(*state.graveyard, grave),
            hirelings=hirelings,
            effects=tuple(e for e in state.effects if e.on != member.id),
        )
        return new, [laid, *told]


@record
class WriteEpitaph:
    """Write (or rewrite) the epitaph on a grave already dug."""

    label: ClassVar[str] = "epitaph"
    character_id: str
    epitaph: str

    def apply(self, state: State, ctx: Context) -> Result:
        for i, grave in enumerate(state.graveyard):
            if grave.character.id == self.character_id:
                epitaph = self.epitaph.strip()
                graves = list(state.graveyard)
                graves[i] = attrs.evolve(grave, epitaph=epitaph)
                text = (
                    f'{grave.character.name}\'s tombstone now reads: "{epitaph}"'
                    if epitaph
                    else f"{grave.character.name}'s tombstone is wiped clean."
                )
                return attrs.evolve(state, graveyard=tuple(graves)), [note(self, text)]
        raise Refused(f"no grave for {self.character_id!r}")
