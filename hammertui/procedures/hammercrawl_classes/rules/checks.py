"""Saving throws, thief skills and skill checks: d20 + bonus against a target, in the open.

One helper throws the d20 with the ruleset's modifier dice (stacking Advantage, or Boons and
Banes), so every check the roster makes tilts the same way. Each result carries the target, the
dice and every reason a number is what it is, because the table is always told its target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules import tiers
from hammertui.procedures.hammercrawl_classes.rules.characters import save_bonus

THIEFY_REROLLS = "thief_rerolls"
"""The class resource Thiefy Expertise spends: "Once per adventure per experience level, the Thief
can attempt to reroll a failed Thief Skill check."."""


@record
class Check:
    """A d20 check thrown: what it was, the dice, the target and why each number is what it is."""

    what: str
    roll: Roll
    target: int
    reasons: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def success(self) -> bool:
        return self.total >= self.target

    @property
    def margin(self) -> int:
        """How far over (positive) or under (negative) the target the total landed."""
        return self.total - self.target

    def describe(self) -> str:
        verdict = "success" if self.success else f"failed by {-self.margin}"
        return f"{self.what}: {self.total} vs {self.target}, {verdict}"


def modified_roll(ruleset: Ruleset, source: DiceSource, expr: DiceExpr, net: int = 0, label: str = "") -> Roll:
    """Throw `expr` with `net` modifier dice, the ruleset's way (negative = against the roller).

    Advantage rulesets throw extra dice and keep the best (or worst); Beans rulesets add (or take
    away) one Bean die; double Advantage keeps the best of two and adds 4 at double. The modifier
    dice throw even an untilted roll (`net` 0), so a way that reads every roll its own way (keep
    the middle of three) reads this one too; those that cannot tilt a roll (double Advantage, a
    roll of two dice) refuse a non-zero `net`.
    """
    try:
        thrown = modifier_rules(ruleset.modifier_dice).throw(source, expr, net)
    except ValueError as error:
        raise ValueError(f"ruleset {ruleset.id} {error}") from None
    return attrs.evolve(thrown, label=f"{label} {thrown.label}" if label else thrown.label)


def modified_d20(ruleset: Ruleset, source: DiceSource, bonus: int, net: int, label: str) -> Roll:
    """d20 + bonus with `net` modifier dice (adds minus disadds, or Boons minus Banes)."""
    return modified_roll(ruleset, source, DiceExpr(1, 20, bonus), net, label)


def tilt_words(ruleset: Ruleset, expr: DiceExpr, net: int) -> str:
    """What `modified_roll` throws for `expr` with `net` modifier dice, said before the throw:
    `4d20, the best 2 kept`, `a d6 added`, `2d20, the best kept, +4`; '' for none."""
    return modifier_rules(ruleset.modifier_dice).tilt_words(expr, net)


def net_words(ruleset: Ruleset, net: int) -> str:
    """`2 Boons`, `1 Bane`, `Advantage x2`, `Disadvantage`, or '' for none."""
    return modifier_rules(ruleset.modifier_dice).net_words(net)


def _darkness(ruleset: Ruleset, key: str, dark: bool) -> int:
    penalty = ruleset.darkness
    return penalty.modifiers.get(key, 0) if dark and penalty is not None else 0


def _finish(
    ruleset: Ruleset,
    source: DiceSource,
    what: str,
    bonus: int,
    target: int,
    extra: list[tuple[int, str]],
    reasons: list[str],
) -> Check:
    """Add the named modifier dice to the reasons, throw, and wrap it up."""
    net = 0
    for amount, why in extra:
        if amount:
            net += amount
            reasons.append(f"{net_words(ruleset, amount)}: {why}")
    if len([a for a, _ in extra if a]) > 1:
        reasons.append(f"net {net_words(ruleset, net) or 'none'}")
    return Check(what, modified_d20(ruleset, source, bonus, net, what), target, tuple(reasons))


def saving_throw(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    save: str,
    source_tier: int,
    net: int = 0,
    dark: bool = False,
    edges: Sequence[tuple[int, str]] = (),
) -> Check:
    """A save: target by the source's tier against the character's, d20 + the save's bonus.

    Dwarves' Good saves add one net modifier die; darkness tilts Area saves by the ruleset;
    `edges` are the modifier dice a class ability adds, each with its reason (a rage, Trapwise).
    """
    own_tier = tiers.tier_of(ruleset, level)
    target = tiers.save_target(ruleset, source_tier, own_tier)
    why = f"target {target}: source Tier {source_tier} vs Tier {own_tier}"
    return save_to_target(
        ruleset,
        source,
        class_id=class_id,
        level=level,
        stats=stats,
        save=save,
        target=target,
        why=why,
        net=net,
        dark=dark,
        edges=edges,
    )


def save_to_target(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    save: str,
    target: int,
    why: str,
    net: int = 0,
    dark: bool = False,
    edges: Sequence[tuple[int, str]] = (),
    what: str = "",
) -> Check:
    """A save against a target the rule names (a rage's Mind save 12), `why` saying whose it is."""
    bonus, bonus_text = save_bonus(ruleset, class_id, level, save, stats)
    class_def = ruleset.classes[class_id]
    good = class_def.saves.get(save) == "good"
    reasons = [bonus_text.split(", rolled with")[0], why]
    extra = [
        (net, "the table's call"),
        (1 if good and class_def.advantage_on_good_saves else 0, f"{class_def.short_name} Good save"),
        (_darkness(ruleset, "area_saves", dark) if save == "Area" else 0, "darkness"),
        *edges,
    ]
    return _finish(ruleset, source, what or f"{save} save", bonus, target, extra, reasons)


def thief_skill_check(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    skill: str,
    dungeon_tier: int,
    bailiwick: str = "",
    failing: str = "",
    net: int = 0,
    dark: bool = False,
) -> Check:
    """A thief skill: target by the dungeon level's tier against the thief's, d20 + the skill's stat.

    The Bailiwick adds a modifier die and the Failing takes one; a Halfling's backup skills carry
    their own edges from the class table.
    """
    if ruleset.skills is None:
        raise ValueError(f"ruleset {ruleset.id} has no skills")
    found = {s.id: s for s in ruleset.skills.thief_skills}
    if skill not in found:
        raise ValueError(f"no thief skill {skill!r}")
    named = found[skill]
    own_tier = tiers.tier_of(ruleset, level)
    target = tiers.thief_skill_target(ruleset, dungeon_tier, own_tier)
    bonus = ruleset.stat_mod(stats[named.stat])
    reasons = [
        f"{named.name} {_signed(bonus)} = {named.stat} {_signed(bonus)}",
        f"target {target}: dungeon Tier {dungeon_tier} vs Tier {own_tier}",
    ]
    class_skills = ruleset.classes[class_id].thief_skills
    edge = 0
    if class_skills is not None:
        edge += 1 if skill in class_skills.advantage else 0
        edge -= 1 if skill in class_skills.disadvantage else 0
    extra = [
        (net, "the table's call"),
        (1 if skill == bailiwick else 0, "Bailiwick"),
        (-1 if skill == failing else 0, "Failing"),
        (edge, "class"),
        (_darkness(ruleset, "skills", dark), "darkness"),
    ]
    return _finish(ruleset, source, named.name, bonus, target, extra, reasons)


def thief_skills_of(ruleset: Ruleset, class_id: str) -> tuple[str, ...]:
    """The thief skills a class may roll: all of them for a Thief, a few for a Halfling, else none."""
    class_skills = ruleset.classes[class_id].thief_skills
    if class_skills is None or ruleset.skills is None:
        return ()
    return class_skills.skills or tuple(s.id for s in ruleset.skills.thief_skills)


def skill_check(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    stats: Mapping[str, int],
    stat: str,
    target_id: str,
    net: int = 0,
    dark: bool = False,
) -> Check:
    """An ordinary test: d20 + the stat the 'Smith names, against the ruleset's skill targets."""
    if ruleset.skills is None:
        raise ValueError(f"ruleset {ruleset.id} has no skill targets")
    named = next(t for t in ruleset.skills.targets if t.id == target_id)
    bonus = ruleset.stat_mod(stats[stat])
    reasons = [f"{stat} {_signed(bonus)}", f"target {named.target}: {named.name}"]
    extra = [(net, "the table's call"), (_darkness(ruleset, "skills", dark), "darkness")]
    return _finish(ruleset, source, f"{stat} check", bonus, named.target, extra, reasons)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
