"""XP awards and levelling up.

XP is individual in HAMMERCRAWL!: every surviving member gets the full award, so an award names who
gets it. Levelling needs (next level x 10) XP and happens at Camp or in Town; the Camp and Return to
Town procedures call the same `LevelUp` the 'Smith can use directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from hammertui.rules import characters
from hammertui.session.actions import Action, Context, Refused, Result, member_of, note
from hammertui.session.state import Character, State, replace_member

AD_HOC_AWARDS = (1, 3, 5)
"""The rules' ad-hoc awards: pretty cool, awesome, the table literally explodes."""


def grant_xp(state: State, ctx: Context, members: Sequence[Character], amount: int, action: Action) -> Result:
    """`amount` XP to each of `members`, and a line naming whoever now has enough to level up."""
    party = state.party
    ready = []
    for member in members:
        party = replace_member(party, attrs.evolve(member, xp=member.xp + amount))
        if characters.can_level_up(ctx.ruleset, member.level, member.xp + amount)[0]:
            ready.append(member.name)
    events = [note(action, f"Enough XP to level up (at Camp or in Town): {', '.join(ready)}.")] if ready else []
    return attrs.evolve(state, party=party), events


@attrs.frozen
class AwardXP:
    """Give `amount` XP to each of the named characters (the living only), with a reason."""

    label: ClassVar[str] = "xp"
    character_ids: tuple[str, ...]
    amount: int
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        if self.amount < 1:
            raise Refused("an award is 1 XP or more")
        members = [member_of(state, cid) for cid in self.character_ids]
        living = [m for m in members if m.alive]
        if not living:
            raise Refused("nobody alive to award")
        who = "each of " + ", ".join(m.name for m in living) if len(living) > 1 else living[0].name
        why = f" ({self.reason})" if self.reason else ""
        state, ready = grant_xp(state, ctx, living, self.amount, self)
        return state, [note(self, f"{self.amount} XP to {who}{why}."), *ready]


@attrs.frozen
class LevelUp:
    """The rules' levelling: XP to zero, level +1, Hit Points by the ruleset, new dice, saves, uses."""

    label: ClassVar[str] = "level up"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if not member.alive:
            raise Refused(f"{member.name} is dead")
        ready, why = characters.can_level_up(ctx.ruleset, member.level, member.xp)
        if not ready:
            raise Refused(f"{member.name} cannot level up: {why}")
        stats = {**member.stats.as_dict(), "CON": member.con}
        result = characters.level_up(ctx.ruleset, member.class_id, member.level, member.max_hp, stats, ctx.dice)
        resets = ctx.ruleset.advancement is None or ctx.ruleset.advancement.xp_resets
        uses = {k: member.uses.get(k, 0) + v for k, v in result.uses_gained.items()}
        levelled = attrs.evolve(
            member,
            level=result.level,
            xp=0 if resets else member.xp,
            max_hp=result.max_hp,
            hp=member.hp + result.max_hp - member.max_hp if member.hp > 0 else 0,
            uses={**member.uses, **uses},
        )
        text = f"{member.name} reaches level {result.level}: {'; '.join(result.lines[1:])}."
        dice = tuple(r.describe() for r in result.rolls)
        return attrs.evolve(state, party=replace_member(state.party, levelled)), [note(self, text, dice)]
