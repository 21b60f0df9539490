"""Actions on life and death: damage, healing, the rounds at 0 HP, and burial with an epitaph.

The rules (temporary HP first, CON burnt below zero, Hardcore's instant death, Not Today!) live in
`hammertui.procedures.hammercrawl_classes.rules.damage`; these actions read the session's difficulty mode, roll what must be
rolled, and record the time and cause of a death so the graveyard can tell the story.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.procedures.hammercrawl_classes.rules import damage
from hammertui.procedures.hammercrawl_classes.rules import tiers
from hammertui.procedures.hammercrawl_classes.rules.checks import saving_throw
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.actions import rage
from hammertui.kernel.session.actions import Context, Refused, Result, member_of, note
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import Buried, LaidDown, signal
from hammertui.kernel.session.state import Character, Death, Grave, State, replace_member

NOT_TODAY = "not_today"
UNKNOWN_CAUSE = "unknown causes"


def zero_hp_rule(state: State, ruleset: Ruleset) -> str:
    """What 0 HP means this session: the difficulty mode's rule (the complete rules: burn CON)."""
    mode = ruleset.difficulty(state.session.difficulty)
    return mode.zero_hp if mode else "burn_con"


def hurt_text(name: str, amount: int, outcome: damage.Outcome, max_hp: int, source: str = "") -> str:
    """A blow in the log's words: `Darla loses 4 HP: 2 of 6 left.`, or, where it did more than take
    HP, each thing it did: `Darla takes 7 damage: loses 5 HP, drops to 0 HP: ..., -2 CON (permanent).`
    (never "-4 HP", which reads as HP below zero)."""
    whence = f" from {source}" if source else ""
    left = outcome.vitals.hp
    if outcome.lines == (f"loses {amount} HP",):
        return f"{name} loses {amount} HP{whence}: {left} of {max_hp} left."
    standing = f", {left} of {max_hp} HP left" if left > 0 else ""
    return f"{name} takes {amount} damage{whence}: {', '.join(outcome.lines)}{standing}."


def vitals_of(member: Character) -> damage.Vitals:
    return damage.Vitals(member.hp, member.temp_hp, member.con, member.status, member.stance)


def with_vitals(member: Character, vitals: damage.Vitals) -> Character:
    return attrs.evolve(
        member, hp=vitals.hp, temp_hp=vitals.temp_hp, con=vitals.con, status=vitals.status, stance=vitals.stance
    )


def can_say_not_today(member: Character, amount: int) -> bool:
    """Whether this blow would drop a standing character who still has a Not Today! to spend."""
    return member.uses.get(NOT_TODAY, 0) > 0 and damage.would_drop(vitals_of(member), amount)


def settle(state: State, before: Character, after: Character, cause: str, action: object) -> tuple[State, list[Event]]:
    """Put the changed character back; a death is stamped with the clock and its cause."""
    events = []
    if after.status == "dead" and before.status != "dead":
        after = attrs.evolve(after, death=Death(state.clock.units, cause or UNKNOWN_CAUSE, state.dungeon.level))
        events.append(note(action, f"{after.name} is dead. Write their epitaph (B on the roster).", level="warn"))
    elif after.status == "down" and before.status == "ok":
        events.append(note(action, f"{after.name} is down at 0 HP: each round Lay Down (z) or Fight On (f).", level="warn"))
    return attrs.evolve(state, party=replace_member(state.party, after)), events


def _living(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is already dead")
    return member


@record
class ApplyDamage:
    """Damage a character: temporary HP first, then HP, then CON by the difficulty mode.

    With `not_today` a Fighter spends a use to stay at 1 HP instead of dropping.
    """

    label: ClassVar[str] = "damage"
    character_id: str
    amount: int
    source: str = ""
    not_today: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        member = _living(state, self.character_id)
        if self.amount < 1:
            raise Refused("damage must be 1 or more")
        source = f" from {self.source}" if self.source else ""
        if self.not_today:
            if not can_say_not_today(member, self.amount):
                raise Refused(f"{member.name} has no Not Today! for this blow")
            outcome = damage.not_today(vitals_of(member), self.amount)
            uses = {**member.uses, NOT_TODAY: member.uses[NOT_TODAY] - 1}
            hurt = attrs.evolve(with_vitals(member, outcome.vitals), uses=uses)
            left = uses[NOT_TODAY]
            text = f"{member.name} takes {self.amount} damage{source}: {', '.join(outcome.lines)} ({left} left)."
            return attrs.evolve(state, party=replace_member(state.party, hurt)), [note(self, text)]
        outcome = damage.take_damage(vitals_of(member), self.amount, zero_hp_rule(state, ctx.ruleset))
        hurt = with_vitals(member, outcome.vitals)
        text = hurt_text(member.name, self.amount, outcome, member.max_hp, self.source)
        new, events = settle(state, member, hurt, self.source, self)
        new, raged = rage.when_hurt(new, ctx, member.id, self)
        return new, [note(self, text), *events, *raged]


@record
class Heal:
    """Heal a living character, never beyond their maximum HP."""

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
        outcome = damage.heal(vitals_of(member), self.amount, member.max_hp)
        healed = with_vitals(member, outcome.vitals)
        text = f"{member.name} heals {self.amount}: {', '.join(outcome.lines)}."
        return attrs.evolve(state, party=replace_member(state.party, healed)), [note(self, text)]


def _down(state: State, character_id: str) -> Character:
    member = _living(state, character_id)
    if member.status != "down":
        raise Refused(f"{member.name} is not at 0 HP")
    return member


@record
class RestoreCon:
    """Lost CON back by the 'Smith's hand, with the reason: "the only way to restore it is ... via a
    special alternate use of the Level 4 Cleric Spell Cure Serious Wounds" (1d4 + Caster Level
    points), "or similar potion or scroll". Never past the character's CON score."""

    label: ClassVar[str] = "heal"
    character_id: str
    amount: int
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        member = _living(state, self.character_id)
        if member.con >= member.con_max:
            raise Refused(f"{member.name} has lost no CON ({member.con}/{member.con_max})")
        if self.amount < 1:
            raise Refused("CON restored is 1 point or more")
        if not self.reason.strip():
            raise Refused("say why the CON comes back (Cure Serious Wounds, a potion...)")
        con = min(member.con_max, member.con + self.amount)
        text = f"{member.name} regains {con - member.con} CON ({con}/{member.con_max}): {self.reason.strip()}."
        return attrs.evolve(state, party=replace_member(state.party, attrs.evolve(member, con=con))), [note(self, text)]


@record
class LayDown:
    """A round Laying Down at 0 HP: a Death save, a CON point lost on a failure.

    The save's source is the dungeon level's tier unless the 'Smith names another.
    """

    label: ClassVar[str] = "lay down"
    character_id: str
    source_tier: int | None = None
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _down(state, self.character_id)
        source_tier = self.source_tier if self.source_tier is not None else dungeon_tier(state, ctx.ruleset)
        check = saving_throw(
            ctx.ruleset,
            ctx.dice,
            class_id=member.class_id,
            level=member.level,
            stats=member.stats.as_dict(),
            save="Death",
            source_tier=source_tier,
            net=self.net,
        )
        outcome = damage.lay_down(vitals_of(member), check.success)
        after = with_vitals(member, outcome.vitals)
        text = f"{member.name} {', '.join(outcome.lines)}. {check.describe()} ({'; '.join(check.reasons)})."
        new, events = settle(state, member, after, "bled out, laid down", self)
        new, prone = signal(new, ctx, self, LaidDown(member.id))
        return new, [note(self, text, (check.roll.describe(),)), *events, *prone]


@record
class FightOn:
    """A turn Fighting On at 0 HP: the character acts, then loses 1d4 CON."""

    label: ClassVar[str] = "fight on"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = _down(state, self.character_id)
        outcome = damage.fight_on(vitals_of(member), ctx.dice)
        after = with_vitals(member, outcome.vitals)
        text = f"{member.name} {', '.join(outcome.lines)}."
        new, events = settle(state, member, after, "fought on past all hope", self)
        return new, [note(self, text, tuple(r.describe() for r in outcome.rolls)), *events]


@record
class Bury:
    """The dead leave the roster for the graveyard with the epitaph the table wrote.

    The table may name what killed them when the blow itself did not say. Their role and hirelings
    are freed, and each procedure lets them go (`Buried`): the light sets down what they carried,
    the fight takes them out of its order, the exploration die finds another spokesman.
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
        grave = Grave(attrs.evolve(member, role="", death=death), epitaph)
        new = attrs.evolve(
            told_state,
            party=tuple(m for m in state.party if m.id != member.id),
            graveyard=(*state.graveyard, grave),
            hirelings=hirelings,
            effects=tuple(e for e in state.effects if e.on != member.id),
        )
        role = [note(self, f"The party needs a new {member.role}.", level="warn")] if member.role else []
        return new, [laid, *told, *role]


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
                text = f'{grave.character.name}\'s tombstone now reads: "{epitaph}"' if epitaph else f"{grave.character.name}'s tombstone is wiped clean."
                return attrs.evolve(state, graveyard=tuple(graves)), [note(self, text)]
        raise Refused(f"no grave for {self.character_id!r}")


def dungeon_tier(state: State, ruleset: Ruleset) -> int:
    """The tier of the dungeon level: its boss's Hit Dice as a tier."""
    return tiers.tier_of(ruleset, state.dungeon.boss_hd)
