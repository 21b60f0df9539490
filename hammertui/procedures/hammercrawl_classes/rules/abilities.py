"""Class abilities in the fight: the Thief's Stabbity! and Trapwise, the Berserker's Murderous
Rage, the Halfling's Sudden Inner Strength.

Each is a rule over the class table's data and plain values; the fight's actions call them where
the dice are thrown (the attack, its damage, a save) and show the line each returns, so the table
sees the ability, its dice and why it applied. Where the texts are silent the ruleset's
`[decisions]` say what is played and the docstring here names it.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hammertui.kernel.rules.dice import DiceSource, Roll, parse, roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import InnerStrength, Rage, Ruleset
from hammertui.procedures.hammercrawl_classes.rules.checks import Check, net_words, save_to_target
from hammertui.procedures.sides_and_phases.rules.attack_plan import AttackPlan

UNSEEN: tuple[str, ...] = ("from behind", "surprised", "hidden")
"""How a foe may not see the blow coming, as the 'Smith calls it: each is the complete rules'
"hidden from perception" for Stabbity!."""

STABBITY_KIND = "melee"
"""Stabbity! needs "a melee weapon"."""


# ---------------------------------------------------------------------------------- Stabbity!


@record
class Stab:
    """Stabbity!'s multiplier for this attack and why it applies."""

    factor: int
    why: str

    @property
    def line(self) -> str:
        return f"Stabbity x{self.factor}: {self.why}"


def stabbity(ruleset: Ruleset, class_id: str, level: int, kind: str, net: int, unseen: str = "") -> Stab | None:
    """The Thief's multiplier on a melee attack made unseen or with the edge on the attack dice.

    "When a Thief is using a melee weapon to attack a foe against which the Thief either has
    attack advantage or is hidden from perception, the thief doubles their damage against that
    foe on a successful hit. This multiple increases by +1 at levels 3, 6, 9, 12, and 15."
    Under Boons and Banes a net Boon on the attack dice is that advantage.
    """
    progression = ruleset.classes[class_id].stabbity
    if progression is None or kind != STABBITY_KIND:
        return None
    if unseen:
        if unseen not in UNSEEN:
            raise ValueError(f"a foe that does not see the blow is {' or '.join(UNSEEN)}, not {unseen!r}")
        why = unseen
    elif net > 0:
        why = f"with {one_die(ruleset, 1)} on the attack"
    else:
        return None
    return Stab(progression.at(level), why)


def with_stab(plan: AttackPlan, stab: Stab | None) -> AttackPlan:
    """The plan with Stabbity!'s multiplier on every hit's damage, and its line."""
    if stab is None:
        return plan
    return attrs.evolve(plan, damage_multiplier=stab.factor, multiplier_why=stab.line, lines=(*plan.lines, stab.line))


# ------------------------------------------------------------------------------ Murderous Rage


def rage_of(ruleset: Ruleset, class_id: str) -> Rage | None:
    return ruleset.classes[class_id].rage


def rage_damage_net(ruleset: Ruleset, class_id: str, kind: str, raging: bool) -> int:
    """One modifier die up on the damage of a raging Berserker's melee and thrown attacks:
    "During this rage, they have advantage on melee and thrown damage dice rolls"."""
    rage = rage_of(ruleset, class_id)
    return 1 if raging and rage is not None and kind in rage.damage_kinds else 0


def rage_attack_line(ruleset: Ruleset, class_id: str, kind: str, raging: bool) -> str:
    """What the rage does to this attack, or '' when there is no rage."""
    rage = rage_of(ruleset, class_id)
    if not raging or rage is None:
        return ""
    parts = [f"{one_die(ruleset, 1)} on the damage"] if rage_damage_net(ruleset, class_id, kind, raging) else []
    parts.append("no fumbles: a natural 1 reads like any other roll")
    return f"{rage.name}: " + ", ".join(parts)


def with_rage(ruleset: Ruleset, plan: AttackPlan, class_id: str, kind: str, raging: bool) -> AttackPlan:
    """A raging Berserker's attack: no die fumbles ("immunity to critical fumbles"), and the
    damage edge named, to be thrown with `rage_damage_net`."""
    line = rage_attack_line(ruleset, class_id, kind, raging)
    if not line:
        return plan
    return attrs.evolve(plan, fumbles=False, lines=(*plan.lines, line))


def rage_save_edge(ruleset: Ruleset, class_id: str, save: str, raging: bool) -> tuple[int, str]:
    """One modifier die down on a raging Berserker's saves but Body and Death: "disadvantage on
    all saves except Body and Death"."""
    rage = rage_of(ruleset, class_id)
    if not raging or rage is None or save in rage.unhindered_saves:
        return 0, ""
    return -1, rage.name


def rage_save(
    ruleset: Ruleset,
    source: DiceSource,
    *,
    class_id: str,
    level: int,
    stats: Mapping[str, int],
    breaking: bool,
) -> Check:
    """The rage's save: against `target` when hurt ("When a Berserker takes damage, they must make
    a Mind save (target: 12) or go into an uncontrollable violent fury"), or against
    `break_target` to snap out ("Mind Save (target: 15) to break out of rage"). Breaking out is
    rolled in the rage, so with its edge against saves."""
    rage = rage_of(ruleset, class_id)
    if rage is None:
        raise ValueError(f"{ruleset.classes[class_id].name} has no rage")
    target = rage.break_target if breaking else rage.target
    why = f"target {target}: {'to break out of' if breaking else 'or go into'} {rage.name}"
    edge = rage_save_edge(ruleset, class_id, rage.save, breaking)
    what = f"{rage.save} save {'to break out of' if breaking else 'against'} {rage.name}"
    return save_to_target(
        ruleset,
        source,
        class_id=class_id,
        level=level,
        stats=stats,
        save=rage.save,
        target=target,
        why=why,
        edges=(edge,),
        what=what,
    )


def collapse_rounds(ruleset: Ruleset, class_id: str, source: DiceSource) -> tuple[int, Roll]:
    """A failed break: "you Collapse to the ground unconscious (remain unconscious for 3d6
    minutes)", as rounds of the fight (rounded up)."""
    rage = rage_of(ruleset, class_id)
    if rage is None:
        raise ValueError(f"{ruleset.classes[class_id].name} has no rage")
    thrown = attrs.evolve(roll(source, parse(rage.collapse_minutes)), label="minutes unconscious")
    seconds = ruleset.time.seconds_per_round
    return -(-thrown.total * 60 // seconds), thrown


# ----------------------------------------------------------------------- Sudden Inner Strength


def inner_strength(ruleset: Ruleset, class_id: str) -> InnerStrength | None:
    return ruleset.classes[class_id].inner_strength


def inner_strength_cost(ruleset: Ruleset, class_id: str, hp: int) -> int:
    """The Hit Points Sudden Inner Strength costs now: "By spending 1 Hit Point before they roll
    their attacks, they can increase the damage die size for their attacks this round by one
    step." The last Hit Point is not spent: it would drop the Halfling before the blow."""
    gift = inner_strength(ruleset, class_id)
    if gift is None:
        raise ValueError(f"{ruleset.classes[class_id].name} has no Sudden Inner Strength")
    if hp <= gift.hp:
        raise ValueError(f"Sudden Inner Strength costs {gift.hp} HP and only {hp} is left: it would drop them")
    return gift.hp


def inner_strength_line(gift: InnerStrength) -> str:
    steps = f"{gift.steps} step{'s' if gift.steps != 1 else ''}"
    return f"Sudden Inner Strength: {gift.hp} HP spent, damage die {steps} up"


# ------------------------------------------------------------------------------------ Trapwise


def trap_save_edge(ruleset: Ruleset, class_id: str, against_trap: bool) -> tuple[int, str]:
    """ "Trapwise: Thieves have advantage on all Saves against the effects of Traps."."""
    if against_trap and ruleset.classes[class_id].trap_saves_advantage:
        return 1, "Trapwise: a save against a trap"
    return 0, ""


def one_die(ruleset: Ruleset, net: int) -> str:
    """One modifier die in the ruleset's words: Advantage, or a Boon."""
    words = net_words(ruleset, net)
    return words.replace("1 ", "a ", 1) if words.startswith("1 ") else words
