"""The class abilities the 'Smith calls on by hand: a Berserker going into a rage and breaking out.

The rest act where the dice are thrown: Stabbity! and Sudden Inner Strength on the attack
(`session.combat.Attack`), the rage's save when hurt (`session.rage.when_hurt`), the rage's and
Trapwise's edge on a save (`session.rolls.RollSave`).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.actions import Context, Refused, Result, member_of
from hammertui.kernel.session.events import note
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.vitals import settle
from hammertui.procedures.hammercrawl_classes import state as rage
from hammertui.procedures.hammercrawl_classes.rules import abilities, damage
from hammertui.procedures.hammercrawl_classes.state import DOWN, vitals_of, with_vitals, zero_hp_rule

SELF_INFLICTED = 1
"""The complete rules: "They can also trigger it on their own by causing themselves 1 point of
damage with a weapon"."""

PANTING = "Panting"
UNCONSCIOUS = "Unconscious"


def _berserker(state: State, ctx: Context, character_id: str) -> Character:
    member = member_of(state, character_id)
    if abilities.rage_of(ctx.ruleset, member.class_id) is None:
        raise Refused(f"{member.name} is no {_raging_class(ctx)}: no rage to call on")
    if not member.alive:
        raise Refused(f"{member.name} is dead")
    return member


def _raging_class(ctx: Context) -> str:
    return next((c.short_name for c in ctx.ruleset.classes.values() if c.rage is not None), "Berserker")


@record
class EnterRage:
    """A Berserker goes into the rage of their own will: by a point of damage they deal
    themselves (`self_inflicted`), or by failing on purpose the save a hurt just called for.

    "A Berserker can choose to voluntarily fail either save and willingly let the rage overtake
    them"."""

    label: ClassVar[str] = "rage"
    character_id: str
    self_inflicted: bool = True

    def apply(self, state: State, ctx: Context) -> Result:
        member = _berserker(state, ctx, self.character_id)
        if member.status != "ok":
            raise Refused(f"{member.name} is down at 0 HP: no rage now")
        if rage.is_raging(state, ctx.ruleset, member.id):
            raise Refused(f"{member.name} is already raging")
        events = []
        if self.self_inflicted:
            outcome = damage.take_damage(vitals_of(state, member), SELF_INFLICTED, zero_hp_rule(state, ctx.ruleset))
            state, cut = with_vitals(state, member, outcome.vitals)
            text = f"{member.name} cuts themselves for {SELF_INFLICTED} to wake the rage: {', '.join(outcome.lines)}."
            state, fallen = settle(state, member, cut, f"{member.name}'s own blade", self, DOWN)
            events += [note(self, text), *fallen]
            member = state.character(member.id)
            if member.status != "ok":
                return state, events
        why = "a point of self-inflicted damage" if self.self_inflicted else "the save failed willingly"
        state, begun = rage.begin(state, ctx.ruleset, member, why, self)
        return state, events + begun


@record
class BreakRage:
    """The rage's last resort: a Mind save to break out. Passed, the mind clears and the round
    goes on panting; failed (or failed on purpose, `willing`), the Berserker collapses
    unconscious for 3d6 minutes, counted as rounds of the fight."""

    label: ClassVar[str] = "rage"
    character_id: str
    willing: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        member = _berserker(state, ctx, self.character_id)
        effect = rage.rage_effect(state, ctx.ruleset, member.id)
        if effect is None:
            raise Refused(f"{member.name} is not raging")
        state = attrs.evolve(state, effects=tuple(e for e in state.effects if e.id != effect.id))
        events = []
        passed = False
        if not self.willing:
            check = abilities.rage_save(
                ctx.ruleset,
                ctx.dice,
                class_id=member.class_id,
                level=member.level,
                stats=member.stats.as_dict(),
                breaking=True,
            )
            passed = check.success
            events.append(
                note(self, f"{member.name}: {check.describe()} ({'; '.join(check.reasons)}).", (check.roll.describe(),))
            )
        if passed:
            state, _ = effects.add(
                state, PANTING, member.id, effects.ROUND, 1, "The mind clears: the round is spent panting."
            )
            events.append(
                note(self, f"{member.name}'s mind clears: {effect.name} ends, and the round is spent panting.")
            )
            return state, events
        rounds, minutes = abilities.collapse_rounds(ctx.ruleset, member.class_id, ctx.dice)
        state, _ = effects.add(state, UNCONSCIOUS, member.id, effects.ROUND, rounds, f"Collapsed out of {effect.name}.")
        how = "lets it knock them out" if self.willing else "fails"
        text = (
            f"{member.name} {how}: {effect.name} ends and they collapse,"
            f" unconscious {minutes.total} minutes ({rounds} rounds)."
        )
        events.append(note(self, text, (minutes.describe(),), level="warn"))
        return state, events


def rage_choices(state: State, ruleset: Ruleset, character_id: str) -> list[tuple[str, str]]:
    """What a Berserker may do about the rage now, as (choice, words): go into it, or get out."""
    member = next((m for m in state.party if m.id == character_id), None)
    found = abilities.rage_of(ruleset, member.class_id) if member is not None and member.alive else None
    if member is None or found is None:
        return []
    if rage.is_raging(state, ruleset, member.id):
        return [
            (
                "break",
                f"Break out: {found.save} save {found.break_target};"
                f" failed, unconscious {found.collapse_minutes} minutes",
            ),
            ("collapse", f"Let it knock them out: unconscious {found.collapse_minutes} minutes"),
        ]
    if member.status != "ok":
        return []
    return [
        ("cut", f"Cut themselves for {SELF_INFLICTED} HP and rage"),
        ("willing", f"Fail the {found.save} save willingly and rage"),
    ]


def rage_action(character_id: str, choice: str) -> EnterRage | BreakRage:
    """The action a choice of `rage_choices` asks for."""
    actions = {
        "cut": EnterRage(character_id, self_inflicted=True),
        "willing": EnterRage(character_id, self_inflicted=False),
        "break": BreakRage(character_id),
        "collapse": BreakRage(character_id, willing=True),
    }
    if choice not in actions:
        raise Refused(f"a rage is entered (cut, willing) or broken (break, collapse), not {choice!r}")
    return actions[choice]
