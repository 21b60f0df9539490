"""Checks the roster makes in the open: saving throws, thief skills and ordinary skill checks.

They change nothing but the log, yet each is an action: the dice come from the session's seed and
the action's number, so what the table saw is what the log keeps, and an undo cannot re-roll it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import ClassResource, Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of, note
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.state import Character, FailedCheck, State
from hammertui.procedures.hammercrawl_classes.rules import abilities, checks
from hammertui.procedures.hammercrawl_classes.state import dungeon_tier, is_raging, sheet_of, spend_use, uses_left


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


@record
class RollSave:
    """A saving throw against a source of the given tier (a monster's HD or a caster's level as a tier).

    `against_trap` says the save is against a trap's effects (a Thief's Trapwise); a raging
    Berserker's save carries the rage's edge by itself.
    """

    label: ClassVar[str] = "save"
    character_id: str
    save: str
    source_tier: int
    net: int = 0
    against_trap: bool = False

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
            dark=is_dark(state),
            edges=(
                abilities.rage_save_edge(
                    ctx.ruleset, member.class_id, self.save, is_raging(state, ctx.ruleset, member.id)
                ),
                abilities.trap_save_edge(ctx.ruleset, member.class_id, self.against_trap),
            ),
        )
        return _result(state, self, member, check)


@record
class RollThiefSkill:
    """A thief skill, against the dungeon level's tier. A failure a Thief may reroll is kept, so
    Thiefy Expertise can be spent on it next."""

    label: ClassVar[str] = "thief skill"
    character_id: str
    skill: str
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _roller(state, self.character_id)
        if self.skill not in checks.thief_skills_of(ctx.ruleset, member.class_id):
            cls = ctx.ruleset.classes[member.class_id].short_name
            raise Refused(f"a {cls} has no {self.skill.replace('_', ' ')} skill")
        check = _thief_check(state, ctx, member, self.skill, self.net)
        failed = None
        if not check.success and _rerolls(ctx.ruleset, member) is not None:
            failed = FailedCheck(member.id, self.skill, self.net, state.seq + 1)
        state, events = _result(attrs.evolve(state, failed_check=failed), self, member, check)
        offer = reroll_offer(state, ctx.ruleset, member.id, state.seq + 1)
        return state, events + ([note(self, f"{member.name} may {offer[0].lower()}{offer[1:]}.")] if offer else [])


@record
class RerollThiefSkill:
    """Thiefy Expertise: the Thief rerolls the failed Thief Skill check just made, spending one use.

    The whole check is thrown again, with the same modifier dice, and the new result stands.
    """

    label: ClassVar[str] = "thiefy reroll"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = _roller(state, self.character_id)
        failed = _fresh_failure(state, member.id, state.seq)
        if failed is None:
            raise Refused("Thiefy Expertise rerolls a failed Thief Skill check straight after it fails")
        left = uses_left(state, member.id, checks.THIEFY_REROLLS)
        if left < 1:
            raise Refused(f"{member.name} has no Thiefy Expertise rerolls left until the party returns to Town")
        check = _thief_check(state, ctx, member, failed.skill, failed.net)
        state = attrs.evolve(spend_use(state, member.id, checks.THIEFY_REROLLS), failed_check=None)
        spend = note(self, f"{member.name} spends a Thiefy Expertise reroll ({left - 1} left until Town).")
        state, events = _result(state, self, member, check)
        return state, [spend, *events]


def reroll_offer(state: State, ruleset: Ruleset, character_id: str, seq: int | None = None) -> str:
    """`Reroll with Thiefy Expertise (2 of 3 left)` while the character's failed Thief Skill check
    may still be rerolled (at `seq`, the session's now by default); empty otherwise."""
    if _fresh_failure(state, character_id, state.seq if seq is None else seq) is None:
        return ""
    member = state.character(character_id)
    resource = _rerolls(ruleset, member)
    left = uses_left(state, member.id, checks.THIEFY_REROLLS)
    if resource is None or left < 1 or not member.alive:
        return ""
    return f"Reroll with {resource.name.removesuffix(' reroll')} ({left} of {resource.uses(member.level)} left)"


def _fresh_failure(state: State, character_id: str, seq: int) -> FailedCheck | None:
    """The character's failed Thief Skill check, if it is the one made at `seq`."""
    failed = state.failed_check
    if failed is None or failed.character_id != character_id or failed.at != seq:
        return None
    return failed


def _rerolls(ruleset: Ruleset, member: Character) -> ClassResource | None:
    class_def = ruleset.classes.get(member.class_id)
    return class_def.resource(checks.THIEFY_REROLLS) if class_def else None


def _thief_check(state: State, ctx: Context, member: Character, skill: str, net: int) -> checks.Check:
    return checks.thief_skill_check(
        ctx.ruleset,
        ctx.dice,
        class_id=member.class_id,
        level=member.level,
        stats=member.stats.as_dict(),
        skill=skill,
        dungeon_tier=dungeon_tier(state, ctx.ruleset),
        bailiwick=sheet_of(state, member.id).bailiwick,
        failing=sheet_of(state, member.id).failing,
        net=net,
        dark=is_dark(state),
    )


@record
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
            dark=is_dark(state),
        )
        return _result(state, self, member, check)
