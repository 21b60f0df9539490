"""Checks the roster makes in the open: saving throws, thief skills and ordinary skill checks.

They change nothing but the log, yet each is an action: the dice come from the session's seed and
the action's number, so what the table saw is what the log keeps, and an undo cannot re-roll it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.rules import checks
from hammertui.session.actions import Context, Refused, Result, member_of, note
from hammertui.session.state import Character, State
from hammertui.session.vitals import dungeon_tier


def _roller(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is dead and rolls no more")
    return member


def _result(state: State, action: object, member: Character, check: checks.Check) -> Result:
    verdict = "succeeds" if check.success else f"fails by {-check.margin}"
    text = f"{member.name}'s {check.what}: {check.total} vs {check.target}, {verdict} ({'; '.join(check.reasons)})."
    level = "info" if check.success else "warn"
    return state, [note(action, text, (check.roll.describe(),), level=level)]


@attrs.frozen
class RollSave:
    """A saving throw against a source of the given tier (a monster's HD or a caster's level as a tier)."""

    label: ClassVar[str] = "save"
    character_id: str
    save: str
    source_tier: int
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _roller(state, self.character_id)
        if self.save not in ctx.ruleset.save_names:
            raise Refused(f"no {self.save} save (one of {', '.join(ctx.ruleset.save_names)})")
        if not 0 <= self.source_tier <= 6:
            raise Refused("a source's tier runs 0 to 6")
        check = checks.saving_throw(
            ctx.ruleset,
            ctx.dice,
            class_id=member.class_id,
            level=member.level,
            stats=member.stats.as_dict(),
            save=self.save,
            source_tier=self.source_tier,
            net=self.net,
            dark=state.is_dark,
        )
        return _result(state, self, member, check)


@attrs.frozen
class RollThiefSkill:
    """A thief skill, against the dungeon level's tier."""

    label: ClassVar[str] = "thief skill"
    character_id: str
    skill: str
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _roller(state, self.character_id)
        if self.skill not in checks.thief_skills_of(ctx.ruleset, member.class_id):
            cls = ctx.ruleset.classes[member.class_id].short_name
            raise Refused(f"a {cls} has no {self.skill.replace('_', ' ')} skill")
        check = checks.thief_skill_check(
            ctx.ruleset,
            ctx.dice,
            class_id=member.class_id,
            level=member.level,
            stats=member.stats.as_dict(),
            skill=self.skill,
            dungeon_tier=dungeon_tier(state, ctx.ruleset),
            bailiwick=member.bailiwick,
            failing=member.failing,
            net=self.net,
            dark=state.is_dark,
        )
        return _result(state, self, member, check)


@attrs.frozen
class RollSkill:
    """An ordinary test: d20 + a stat against the ruleset's skill targets."""

    label: ClassVar[str] = "check"
    character_id: str
    stat: str
    target_id: str
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _roller(state, self.character_id)
        skills = ctx.ruleset.skills
        if skills is None or self.target_id not in [t.id for t in skills.targets]:
            raise Refused(f"no skill target {self.target_id!r}")
        if self.stat not in ctx.ruleset.stats:
            raise Refused(f"no stat {self.stat!r}")
        check = checks.skill_check(
            ctx.ruleset,
            ctx.dice,
            stats=member.stats.as_dict(),
            stat=self.stat,
            target_id=self.target_id,
            net=self.net,
            dark=state.is_dark,
        )
        return _result(state, self, member, check)
