"""A Berserker's Murderous Rage in the session: an effect on them that lasts until it is broken,
and the Mind save every hurt calls for.

Kept apart from the rage's actions (`session.abilities`) because the damage paths call
`when_hurt`, and the actions themselves deal damage.
"""

from __future__ import annotations

from hammertui.procedures.hammercrawl_classes.rules import abilities
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Action, Context, Result
from hammertui.kernel.session.events import note
from hammertui.kernel.session.state import Character, Effect, State


def rage_effect(state: State, ruleset: Ruleset, character_id: str) -> Effect | None:
    """The rage on this character, if they are raging."""
    member = next((m for m in state.party if m.id == character_id), None)
    rage = abilities.rage_of(ruleset, member.class_id) if member is not None else None
    if rage is None:
        return None
    return next((e for e in state.effects if e.on == character_id and e.name == rage.name), None)


def is_raging(state: State, ruleset: Ruleset, character_id: str) -> bool:
    return rage_effect(state, ruleset, character_id) is not None


def rage_words(ruleset: Ruleset, member: Character) -> str:
    """What the rage does, in the ruleset's words, for the log line that starts it."""
    rage = abilities.rage_of(ruleset, member.class_id)
    assert rage is not None
    up, down = abilities.one_die(ruleset, 1), abilities.one_die(ruleset, -1)
    kinds = " and ".join(rage.damage_kinds)
    spared = " and ".join(rage.unhindered_saves)
    return (
        f"{member.name} goes into {rage.name}: {up} on {kinds} damage, no fumbles, {down} on every save but {spared}."
        f" It lasts until broken ({rage.save} save {rage.break_target})."
    )


def begin(state: State, ruleset: Ruleset, member: Character, why: str, action: Action) -> Result:
    """The rage takes hold: its effect on the Berserker, and the line that says what it does."""
    rage = abilities.rage_of(ruleset, member.class_id)
    assert rage is not None
    state, _ = effects.add(state, rage.name, member.id, effects.UNTIL_ENDED, 1, why)
    return state, [note(action, rage_words(ruleset, member), level="warn")]


def when_hurt(state: State, ctx: Context, character_id: str, action: Action) -> Result:
    """A Berserker still on their feet after taking damage makes the rage's save, unless already
    raging; one at 0 HP or dead makes none (the rules' decision: the fury needs someone standing)."""
    member = next((m for m in state.party if m.id == character_id), None)
    if member is None or member.status != "ok" or abilities.rage_of(ctx.ruleset, member.class_id) is None:
        return state, []
    if is_raging(state, ctx.ruleset, member.id):
        return state, []
    check = abilities.rage_save(
        ctx.ruleset, ctx.dice, class_id=member.class_id, level=member.level, stats=member.stats.as_dict(), breaking=False
    )
    verdict = "keeps their head" if check.success else "fails"
    line = f"{member.name} is hurt: {check.describe()} ({'; '.join(check.reasons)}): {verdict}."
    events = [note(action, line, (check.roll.describe(),))]
    if check.success:
        return state, events
    state, begun = begin(state, ctx.ruleset, member, "failed the save when hurt", action)
    return state, events + begun
