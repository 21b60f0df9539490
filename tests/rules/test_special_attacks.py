"""Book Three's special attacks read from dice already thrown, with scripted saves."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.sides_and_phases.rules import combat, special_attacks


def _thrown(b3: Ruleset, faces: list[int], bonus: int = 2, ac: int = 12, damage: int = 5) -> combat.AttackResult:
    """A Fighter-like attack: each face + bonus against the AC, the d8 damage die showing `damage`."""
    plan = combat.AttackPlan("Brom", "melee", len(faces), bonus, 8, damage_bonus=2)
    dice = ScriptedDice([*faces, damage])
    return combat.resolve_attack(b3, dice, plan, ac, luck_target=20)


def test_a_shield_bash_does_half_damage_and_the_target_saves_by_body_against_the_attack_roll(b3: Ruleset) -> None:
    """ "The attack does half the rolled damage (round down), and the target must then make a Body
    Save vs the shield-bearer's attack roll. If failed, the shield-bearer additionally gets a choice
    of one of the following"."""
    result = _thrown(b3, [13])  # 13 + 2 = 15 hits AC 12; damage 5 + 2 = 7
    outcome = special_attacks.shield_bash(
        b3, ScriptedDice([10]), 1, result.dice[0], result.damage_per_hit, save_bonus=1
    )
    assert outcome.damage == 3  # half of 7, rounded down
    assert outcome.target_number == 15
    assert outcome.save.total == 11 and not outcome.saved
    assert outcome.effects == 1
    assert "Body save" in outcome.describe("Goblin") and "vs 15: failed, 1 effect" in outcome.describe("Goblin")


def test_a_shield_bash_reaching_the_attack_roll_is_saved(b3: Ruleset) -> None:
    result = _thrown(b3, [13])
    outcome = special_attacks.shield_bash(
        b3, ScriptedDice([14]), 1, result.dice[0], result.damage_per_hit, save_bonus=1
    )
    assert outcome.saved and outcome.effects == 0 and outcome.damage == 3


def test_only_a_hit_can_be_a_shield_bash(b3: Ruleset) -> None:
    """ "the shield-bearer can choose to declare one of their successful hits as a Shield Bash"."""
    result = _thrown(b3, [3])
    with pytest.raises(ValueError, match="only a successful hit"):
        special_attacks.shield_bash(b3, ScriptedDice([1]), 1, result.dice[0], result.damage_per_hit, 0)


def test_a_crit_shield_bash_stacks_an_effect_for_each_multiplier_increase(b3: Ruleset) -> None:
    """ "If you Crit with a Shield Bash, each "multiplier" increase instead lets you add and/or stack
    another effect." A natural 20, one Luck save passed then one failed: x3, three effects."""
    plan = combat.AttackPlan("Brom", "melee", 1, 2, 8, damage_bonus=2)
    result = combat.resolve_attack(b3, ScriptedDice([20, 5, 19, 2]), plan, 12, luck_target=15)
    assert result.dice[0].multiplier == 3
    outcome = special_attacks.shield_bash(b3, ScriptedDice([3]), 1, result.dice[0], result.damage_per_hit, 0)
    assert outcome.effects == 3
    assert outcome.damage == 3  # half of one hit's 7: the multiplier goes to effects


def test_a_tactical_attack_need_not_hit_and_does_no_damage(b3: Ruleset) -> None:
    """ "a combatant can choose to declare one or more of their dice rolls (not necessarily hits!)
    as Tactical Attacks ... These attacks never do damage"."""
    result = _thrown(b3, [6])  # 6 + 2 = 8 misses AC 12
    outcome = special_attacks.tactical(b3, ScriptedDice([5]), 1, result.dice[0], "Mind", save_bonus=0)
    assert outcome.damage == 0 and outcome.target_number == 8
    assert not outcome.saved and outcome.effects == 1
    assert "Mind save" in outcome.save.label


def test_a_thief_s_boon_is_thrown_on_the_tactical_attack(b3: Ruleset) -> None:
    """ "Any character can attempt a tactical attack, although Thieves and Halflings receive Boons
    to them." One Boon is a d4 added to the attack's total."""
    assert b3.classes["thief"].tactical_boons == 1 and b3.classes["halfling"].tactical_boons == 1
    result = _thrown(b3, [6])
    outcome = special_attacks.tactical(b3, ScriptedDice([3, 10]), 1, result.dice[0], "Body", save_bonus=0, boons=1)
    assert outcome.boon is not None and outcome.boon.total == 3
    assert outcome.target_number == 11
    assert not outcome.saved  # 10 < 11, where 10 would have saved against the bare 8
    assert [r.total for r in outcome.rolls] == [3, 10]


def test_a_tactical_weapon_puts_a_bane_on_the_target_s_save(b3: Ruleset) -> None:
    """ "If the attacker was using a special Tactical Weapon (such as a bola, whip, blowgun, etc),
    they make this save with a Bane." The d4 Bane comes off the save."""
    result = _thrown(b3, [6])
    outcome = special_attacks.tactical(b3, ScriptedDice([9, 2]), 1, result.dice[0], "Body", 0, tactical_weapon=True)
    assert outcome.save.total == 7 and not outcome.saved
    assert "Bane" in outcome.save.describe()


def test_a_tactical_attack_is_saved_by_mind_or_body_only(b3: Ruleset) -> None:
    result = _thrown(b3, [6])
    with pytest.raises(ValueError, match="Mind or Body"):
        special_attacks.tactical(b3, ScriptedDice([9]), 1, result.dice[0], "Luck", 0)


@pytest.mark.parametrize(("hit_die", "banes"), [(4, 1), (6, 2), (8, 3), (10, 4), (12, 5), (3, 1)])
def test_a_defensive_action_puts_banes_by_the_hit_die_step(hit_die: int, banes: int) -> None:
    """ "if your Hit Die is a d4 then that's a single Bane, while HD of d6 applies two, d8 applies
    three, and d10 applies four."""
    assert special_attacks.defensive_banes(hit_die) == banes


def test_unarmed_damage_is_halved_and_an_armed_foe_gives_a_bane(b3: Ruleset) -> None:
    """ "If you are attacking to cause damage, then your damage is halved, rounded down. If your
    opponent is armed, your attack roll receives a Bane, unless it is a Tactical Attack."""
    assert special_attacks.unarmed_damage(7) == 3
    assert special_attacks.unarmed_banes(b3, target_armed=True) == 1
    assert special_attacks.unarmed_banes(b3, target_armed=False) == 0


def test_a_ruleset_without_special_attacks_offers_only_the_basic_attack(hc: Ruleset) -> None:
    assert special_attacks.uses(hc) == (special_attacks.BASIC,)
