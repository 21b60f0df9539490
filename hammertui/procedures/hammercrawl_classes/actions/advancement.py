"""XP awards and levelling up.

XP is individual in HAMMERCRAWL!: every surviving member gets the full award, so an award names who
gets it. Levelling needs (next level x 10) XP and happens at Camp or in Town ("You must then either
use the Level Up camp action, or return to Town"); the Camp and Return to Town procedures call the
same `LevelUp`, which anywhere else needs the 'Smith's reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import LEVEL_UP_HP, AdHocAward, Ruleset
from hammertui.kernel.session.actions import Action, Context, Refused, Result, member_of, note
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import camp_under_way, explore_under_way, fight_under_way
from hammertui.kernel.session.state import Character, State, replace_member
from hammertui.procedures.hammercrawl_classes.rules import characters
from hammertui.procedures.hammercrawl_classes.state import sheet_changed, sheet_of

WHERE_LEVELLING = "You must then either use the Level Up camp action, or return to Town."
"""Both texts' rule for where a character levels up."""


def ad_hoc_awards(ruleset: Ruleset) -> tuple[AdHocAward, ...]:
    """The ruleset's quick XP awards (pretty cool, awesome, the table explodes), or none."""
    return ruleset.advancement.ad_hoc if ruleset.advancement else ()


def level_up_hp_choices(ruleset: Ruleset) -> tuple[str, ...]:
    """The readings of levelling Hit Points a session may pick between (one for most rulesets)."""
    return ruleset.hit_points.level_up_choices if ruleset.hit_points else ()


def ad_hoc_words(ruleset: Ruleset) -> str:
    """`1, 3 or 5`: the quick awards in a phrase, for the palette and the dialog."""
    amounts = [str(a.xp) for a in ad_hoc_awards(ruleset)]
    if len(amounts) < 2:
        return "".join(amounts) or "any amount"
    return f"{', '.join(amounts[:-1])} or {amounts[-1]}"


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


@record
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


@record
class LevelUp:
    """The rules' levelling: XP to zero, level +1, Hit Points by the session's rule, new dice, saves, uses.

    It happens at Camp (a camp is under way) or in Town (`in_town`, from the Town screen once the
    party is back); anywhere else only with the 'Smith's `reason`, which the log keeps.
    """

    label: ClassVar[str] = "level up"
    character_id: str
    in_town: bool = False
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if not member.alive:
            raise Refused(f"{member.name} is dead")
        ready, why = characters.can_level_up(ctx.ruleset, member.level, member.xp)
        if not ready:
            raise Refused(f"{member.name} cannot level up: {why}")
        events = _where(state, self, member.name)
        stats = {**member.stats.as_dict(), ctx.ruleset.stat_rules.role("constitution"): sheet_of(state, member.id).con}
        result = characters.level_up(
            ctx.ruleset, member.class_id, member.level, member.max_hp, stats, ctx.dice, state.session.level_up_hp
        )
        resets = ctx.ruleset.advancement is None or ctx.ruleset.advancement.xp_resets
        had = sheet_of(state, member.id).uses
        uses = {**had, **{k: had.get(k, 0) + v for k, v in result.uses_gained.items()}}
        levelled = attrs.evolve(
            member,
            level=result.level,
            xp=0 if resets else member.xp,
            max_hp=result.max_hp,
            hp=member.hp + result.max_hp - member.max_hp if member.hp > 0 else 0,
        )
        text = f"{member.name} reaches level {result.level}: {'; '.join(result.lines[1:])}."
        dice = tuple(r.describe() for r in result.rolls)
        state = sheet_changed(state, member.id, uses=uses)
        return attrs.evolve(state, party=replace_member(state.party, levelled)), [*events, note(self, text, dice)]


def _where(state: State, action: LevelUp, name: str) -> list[Event]:
    """Nothing to say at Camp or in Town; elsewhere the 'Smith's reason, or the rule as a refusal."""
    if camp_under_way(state):
        return []
    if action.in_town:
        if explore_under_way(state) or fight_under_way(state):
            raise Refused("the party is in the dungeon, not in Town: " + WHERE_LEVELLING)
        return []
    reason = action.reason.strip()
    if not reason:
        raise Refused(f"{WHERE_LEVELLING[:-1]} (V: level up here anyway, with a reason)")
    return [note(action, f"The 'Smith lets {name} level up outside Camp and Town: {reason}.", level="warn")]


@record
class SetLevelUpHP:
    """Which of the ruleset's readings of levelling Hit Points this session plays (Book Three gives two)."""

    label: ClassVar[str] = "setting"
    rule: str

    def apply(self, state: State, ctx: Context) -> Result:
        choices = level_up_hp_choices(ctx.ruleset)
        if len(choices) < 2:
            raise Refused(f"{ctx.ruleset.name} has one way to raise Hit Points on levelling")
        if self.rule not in choices:
            raise Refused(f"no levelling rule {self.rule!r} here (one of {', '.join(choices)})")
        if characters.level_up_hp_rule(ctx.ruleset, state.session.level_up_hp) == self.rule:
            raise Refused("that is already the rule this session plays")
        session = attrs.evolve(state.session, level_up_hp=self.rule)
        text = f"Levelling up from now on: {LEVEL_UP_HP[self.rule]}."
        return attrs.evolve(state, session=session), [note(self, text)]
