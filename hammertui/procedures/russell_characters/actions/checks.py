"""Saves and skills under the Russell House Rules, as actions: a save under an attribute, a skill
test that marks the skill, a Just-in-Time skill declared when first needed, and a week of downtime
practising a skill.

Each roll's modifier dice come from the light (asked through `session.procedures.light_on_roll`,
so any light procedure that tells may answer), from weariness and burden (the characters' own
sheets) and from the referee; the log names each and shows every die and the target.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of
from hammertui.kernel.session.events import note
from hammertui.kernel.session.procedures import light_on_roll
from hammertui.kernel.session.state import Character, State
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.rules import growth as growth_rules
from hammertui.procedures.russell_characters.rules import making as character_rules
from hammertui.procedures.russell_characters.rules import skills as rules

PHYSICAL = ("strength", "dexterity", "constitution")
"""The roles of the attributes whose saves are physically challenging unless the referee says
otherwise (`[stats] roles` names the attribute of each)."""
SKILL_KINDS = ("skill", "stealth")
NO_SKILL_IN_THE_DARK = "no skill rolls can be attempted in the dark (Light: Dark)"
WORDS = {2: "double Advantage", 1: "Advantage", -1: "Disadvantage", -2: "double Disadvantage"}


@record
class Tilt:
    """A roll's modifier dice, netted, and where each came from (`("the light", -1)`)."""

    net: int
    sources: tuple[tuple[str, int], ...]

    def words(self) -> str:
        """` with Disadvantage (the light -1, Wearied -1, referee +1)`, or nothing."""
        named = ", ".join(f"{why} {n:+d}" for why, n in self.sources if n)
        if not named:
            return ""
        return f" with {WORDS[self.net]} ({named})" if self.net else f" ({named}: they cancel)"


def tilt(state: State, ruleset: Ruleset, member: Character, kind: str, physical: bool, referee: int) -> Tilt:
    """The modifier dice on a character's roll of `kind` (the light's roll kinds): the light's,
    weariness and burden's, and the referee's. A roll the light forbids is refused."""
    answer = light_on_roll(state, ruleset, kind, member.id)
    allowed, light = answer if answer is not None else (True, 0)
    if not allowed:
        why = NO_SKILL_IN_THE_DARK if kind in SKILL_KINDS else "the light forbids it"
        raise Refused(f"{member.name} cannot make that roll: {why}")
    sheet = people.person(state, ruleset, member.id)
    wearied = people.is_wearied(ruleset, sheet)
    burdened = people.is_burdened(ruleset, member, sheet)
    weary = people.weariness_dice(ruleset, member, sheet, physical)
    why = "Wearied and Burdened" if wearied and burdened else "Wearied" if wearied else "Burdened"
    sources = (("the light", light), (why, weary), ("referee", referee))
    return Tilt(rules.net_dice(light, weary, referee), sources)


def throw(ctx: Context, notation: str, how: Tilt, low_is_good: bool) -> tuple[int, int, str]:
    """The dice of a check: the face kept, its shift for double (dis)advantage, and the dice shown."""
    thrown = [roll(ctx.dice, notation) for _ in range(rules.dice_thrown(how.net))]
    face, shift = rules.kept([t.total for t in thrown], how.net, low_is_good)
    return face, shift, " / ".join(t.describe() for t in thrown)


def _member(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is dead.")
    return member


def _shifted(face: int, shift: int) -> str:
    return f"{face} {'+' if shift > 0 else '-'} {abs(shift)}" if shift else f"{face}"


@record
class Save:
    """A save: "roll equal to or lower than the ability score on a D20", subject to Advantage and
    Disadvantage from the light, weariness and burden (`physical`: a physically challenging test)
    and the referee (`advantage`). `listen` is testing Wisdom to listen, which the dark favours."""

    character_id: str
    stat: str
    advantage: int = 0
    physical: bool = False
    listen: bool = False
    label: ClassVar[str] = "save"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        if self.stat not in ctx.ruleset.stats:
            raise Refused(f"No attribute {self.stat!r}: one of {', '.join(ctx.ruleset.stats)}.")
        if self.listen and self.stat != ctx.ruleset.stat_rules.role("wisdom"):
            raise Refused("Listening is a Wisdom save.")
        how = tilt(state, ctx.ruleset, member, "listen" if self.listen else "save", self.physical, self.advantage)
        face, shift, shown = throw(ctx, people.section(ctx.ruleset).save_die, how, low_is_good=True)
        score = member.stats.as_dict()[self.stat]
        passed = rules.save_passes(face, shift, score)
        what = f"listens ({self.stat})" if self.listen else f"saves on {self.stat}"
        kept = f"{_shifted(face, shift)} = {face + shift}" if shift else f"{face}"
        text = f"{member.name} {what}, {score} or under{how.words()}: {kept} — {'passes' if passed else 'fails'}."
        return state, [note(self, text, (shown,))]


def skill_of(sheet: people.Person, name: str) -> people.Skill | None:
    return next((s for s in sheet.skills if s.name.casefold() == name.strip().casefold()), None)


def _with_skill(sheet: people.Person, skill: people.Skill) -> people.Person:
    return attrs.evolve(sheet, skills=tuple(skill if s.name == skill.name else s for s in sheet.skills))


@record
class SkillTest:
    """A skill: "roll 1d6 and add your relevant skill - if the result is six or higher, it
    succeeds. A roll of 1 always fails." The referee may grant Advantage or Disadvantage
    (`advantage`) or "a small modifier"; a skill not on the sheet is tried at rank 0 only when the
    referee allows it (`untrained`). A skill on the sheet gets a check mark, pass or fail."""

    character_id: str
    skill: str
    advantage: int = 0
    modifier: int = 0
    untrained: bool = False
    stealth: bool = False
    physical: bool = False
    label: ClassVar[str] = "skill"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        own = people.section(ctx.ruleset)
        sheet = people.person(state, ctx.ruleset, member.id)
        held = skill_of(sheet, self.skill)
        if not self.skill.strip():
            raise Refused("Name the skill.")
        if held is None and not self.untrained:
            raise Refused(
                f"{member.name} has no {self.skill} skill; untrained (rank 0), only what anyone might try,"
                " the referee's call (Untrained Skills)"
            )
        how = tilt(
            state,
            ctx.ruleset,
            member,
            "stealth" if self.stealth else "skill",
            self.physical or self.stealth,
            self.advantage,
        )
        face, shift, shown = throw(ctx, own.skill_die, how, low_is_good=False)
        rank = held.rank if held else 0
        total = rules.skill_total(face, shift, rank, self.modifier)
        passed = rules.skill_passes(face, total, own.skill_target)
        name = held.name if held else f"{self.skill.strip()} (untrained)"
        sums = " + ".join([_shifted(face, shift), str(rank), *([f"{self.modifier}"] if self.modifier > 0 else [])])
        sums += f" - {-self.modifier}" if self.modifier < 0 else ""
        verdict = "passes" if passed else "fails (a 1 always fails)" if face == rules.ALWAYS_FAILS else "fails"
        text = (
            f"{member.name} tests {name} {rank}, {own.skill_target} or more{how.words()}: {sums} = {total} — {verdict}"
        )
        if held is not None:
            marked = attrs.evolve(held, marks=held.marks + 1)
            state = people.with_person(state, member.id, _with_skill(sheet, marked))
            text += f"; {held.name} has {marked.marks} check mark{'s' if marked.marks != 1 else ''}"
        return state, [note(self, text + ".", (shown,))]


def slots(ruleset: Ruleset, member: Character) -> int:
    """ "skill slots equal to half your intelligence, rounded down"."""
    return character_rules.skill_slots(people.ability(ruleset, member, "intelligence"))


def physical(ruleset: Ruleset, stat: str) -> bool:
    """Whether a save on `stat` is physically challenging unless the referee says otherwise."""
    return stat in {ruleset.stat_rules.role(role) for role in PHYSICAL}


@record
class DeclareSkill:
    """A Just-in-Time skill: "at any point during play, you can declare that your background
    prepared you for this situation ... and define a relevant skill, which is now fixed"; it takes
    a skill slot, at rank 1."""

    character_id: str
    skill: str
    label: ClassVar[str] = "skill"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        sheet = people.person(state, ctx.ruleset, member.id)
        name = self.skill.strip()
        if not name:
            raise Refused("Name the skill.")
        if not sheet.just_in_time:
            raise Refused(f"{member.name} has no Just-in-Time skill left to declare.")
        if (held := skill_of(sheet, name)) is not None:
            raise Refused(f"{member.name} already has {held.name}.")
        if len(sheet.skills) >= slots(ctx.ruleset, member):
            intelligence = ctx.ruleset.stat_rules.role("intelligence")
            raise Refused(
                f"{member.name}'s {slots(ctx.ruleset, member)} skill slots"
                f" (half {intelligence} {member.stats[intelligence]}) are full:"
                " they may never have more skills than skill slots (Skill Slots)"
            )
        declared = attrs.evolve(sheet, skills=(*sheet.skills, people.Skill(name)), just_in_time=sheet.just_in_time - 1)
        state = people.with_person(state, member.id, declared)
        text = (
            f"{member.name} declares a Just-in-Time skill: {name} 1"
            f" ({len(declared.skills)}/{slots(ctx.ruleset, member)} slots, {declared.just_in_time} Just-in-Time left)."
        )
        return state, [note(self, text)]


def highest_rank(ruleset: Ruleset, member: Character) -> int:
    """The highest rank a skill of this character may reach: their level, and the chart's max skill
    rank (a ruleset without the chart keeps characters at their level)."""
    growth = people.section(ruleset).growth
    chart = growth_rules.row(growth, member.level).max_skill if growth is not None else member.level
    return rules.highest_rank(member.level, chart)


def practisable(state: State, ruleset: Ruleset, member: Character) -> list[people.Skill]:
    """The skills a week of downtime may advance: enough check marks, and room to rise."""
    sheet = people.person(state, ruleset, member.id)
    most = highest_rank(ruleset, member)
    return [
        s for s in sheet.skills if rules.may_practise(s.marks, people.section(ruleset).practice_marks) and s.rank < most
    ]


@record
class PractiseSkill:
    """A week of downtime practising one skill: "erase all check marks and roll an intelligence save
    (roll equal to or under Intelligence). If this save is passed, advance the skill to the next
    rank"; a mentor or the right facilities give the save Advantage (`helped`)."""

    character_id: str
    skill: str
    helped: bool = False
    label: ClassVar[str] = "skill"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        own = people.section(ctx.ruleset)
        sheet = people.person(state, ctx.ruleset, member.id)
        held = skill_of(sheet, self.skill)
        if held is None:
            raise Refused(f"{member.name} has no {self.skill} skill.")
        if not rules.may_practise(held.marks, own.practice_marks):
            raise Refused(
                f"{held.name} has {held.marks} check marks;"
                f" practice needs {own.practice_marks} or more (Character Skills)"
            )
        most = highest_rank(ctx.ruleset, member)
        if held.rank >= most:
            raise Refused(
                f"{held.name} is at rank {held.rank}:"
                f" rank cannot rise above level {member.level}'s {most} (Improving Skills)"
            )
        how = Tilt(int(self.helped), (("mentor or facilities", int(self.helped)),))
        face, shift, shown = throw(ctx, own.save_die, how, low_is_good=True)
        intelligence = ctx.ruleset.stat_rules.role("intelligence")
        passed = rules.save_passes(face, shift, member.stats[intelligence])
        after = attrs.evolve(held, rank=rules.rank_after(held.rank, passed, most), marks=0)
        state = people.with_person(state, member.id, _with_skill(sheet, after))
        outcome = f"{held.name} rises to {after.rank}" if passed else f"{held.name} stays at {held.rank}"
        text = (
            f"{member.name} practises {held.name} for a week, marks erased:"
            f" {intelligence} {member.stats[intelligence]} or under{how.words()}: {face} — {outcome}."
        )
        return state, [note(self, text, (shown,))]


def skills_words(state: State, ruleset: Ruleset, character_id: str) -> str:
    """`Skills 1/6: Climbing 1 (2 marks) · 3 Just-in-Time left`, for the sheet and the dialogs."""
    member = state.character(character_id)
    sheet = people.person(state, ruleset, character_id)
    held = ", ".join(
        f"{s.name} {s.rank}" + (f" ({s.marks} mark{'s' if s.marks != 1 else ''})" if s.marks else "")
        for s in sheet.skills
    )
    words = f"Skills {len(sheet.skills)}/{slots(ruleset, member)}" + (f": {held}" if held else "")
    return words + (f" · {sheet.just_in_time} Just-in-Time left" if sheet.just_in_time else "")


def _foreseen(state: State, ruleset: Ruleset, member: Character, kind: str, physical: bool, referee: int) -> str:
    try:
        return tilt(state, ruleset, member, kind, physical, referee).words()
    except Refused as refusal:
        raise ValueError(str(refusal)) from None


def save_target(
    state: State, ruleset: Ruleset, character_id: str, stat: str, advantage: int, physical: bool, listen: bool
) -> str:
    """What a save will be, said before the throw: `WIS 13 or under on 1d20 with Disadvantage (...)`."""
    member = state.character(character_id)
    score = member.stats.as_dict()[stat]
    how = _foreseen(state, ruleset, member, "listen" if listen else "save", physical, advantage)
    return f"{stat} {score} or under on {people.section(ruleset).save_die}{how}."


def skill_target(
    state: State,
    ruleset: Ruleset,
    character_id: str,
    skill: str,
    advantage: int,
    modifier: int,
    stealth: bool,
    physical: bool,
) -> str:
    """What a skill test will be, said before the throw: `1d6 + 1 (Climbing), 6 or more, with ...`;
    a ValueError with the refusal's words where the light forbids it."""
    member = state.character(character_id)
    own = people.section(ruleset)
    held = skill_of(people.person(state, ruleset, character_id), skill)
    rank = held.rank if held else 0
    how = _foreseen(state, ruleset, member, "stealth" if stealth else "skill", physical or stealth, advantage)
    extra = f" {modifier:+d}" if modifier else ""
    return (
        f"{own.skill_die} + {rank}{extra} ({held.name if held else 'untrained'}),"
        f" {own.skill_target} or more{how}; a 1 always fails."
    )
