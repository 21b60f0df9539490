"""Advantage on a pool of dice: one die more in the pool, not one more for each die.

Book Three (Advantage) spells it out, and the complete rules' "incremental" Advantage plays the
same (MATRIX.md: "pools: drop lowest"): "When rolling pools of dice with an advantage, just add one
die of the base type to the pool, and then drop the lowest die after the roll." The attack dice are
a pool ("Their Combat Attack Dice pool is reduced by one"), a damage roll is one, and so are a
Fighter's Hit Dice at levelling.
"""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules import characters
from hammertui.procedures.sides_and_phases.rules import combat

AVERAGE = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}
ADVANTAGE = ("hc", "b3a")


@pytest.fixture(params=ADVANTAGE)
def stacking(request: pytest.FixtureRequest) -> Ruleset:
    """Each ruleset whose Advantage stacks: the complete rules and Book Three (Advantage)."""
    return request.getfixturevalue(request.param)


def test_two_attack_dice_with_two_net_advantages_throw_4d20_and_keep_the_best_two(stacking: Ruleset) -> None:
    """ "When rolling pools of dice with an advantage, just add one die of the base type to the
    pool, and then drop the lowest die after the roll ... multiple net adds and disadds can stack,
    adding multiple additional dice to the mix." A Dwarf's 2 attack dice with 2 net adds: 4d20,
    the lowest two dropped, the best two each an attack."""
    plan = combat.plan_character_attack(stacking, "dwarf", 1, AVERAGE)
    assert plan.dice == 2
    dice = ScriptedDice([3, 17, 9, 12, 4])
    result = combat.resolve_attack(stacking, dice, plan, 14, net=2)
    assert [face for sides, face in dice.thrown if sides == 20] == [3, 17, 9, 12], "4d20, not 6d20"
    assert [d.natural for d in result.dice] == [17, 12]
    assert result.pool is not None and (result.pool.dice, result.pool.kept) == ((3, 17, 9, 12), (17, 12))
    assert "attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]" in result.lines
    assert result.dice_words[0] == "attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]"
    assert dice.remaining == 0


def test_disadvantage_on_the_attack_dice_drops_the_highest(stacking: Ruleset) -> None:
    """ "When adding disadvantage to a pool, roll the extra die alongside the pool, and then drop
    the *highest* roll from the result." """
    plan = combat.plan_character_attack(stacking, "fighter", 1, AVERAGE)
    result = combat.resolve_attack(stacking, ScriptedDice([15, 19, 6, 4]), plan, 14, net=-1)
    assert [d.natural for d in result.dice] == [15, 6]
    assert result.pool is not None and result.pool.kept == (15, 6)


def test_one_attack_die_is_its_own_pool(stacking: Ruleset) -> None:
    """One die with an add is "one extra die of the same type and keep the better of the two":
    the die shows both."""
    plan = combat.plan_foe_attack(stacking, 1, 0, 6)
    result = combat.resolve_attack(stacking, ScriptedDice([5, 17, 3]), plan, 15, net=1)
    assert (result.dice[0].roll.dice, result.dice[0].natural, result.pool) == ((5, 17), 17, None)


def test_boons_still_tilt_each_attack_die(b3: Ruleset) -> None:
    """Boons and Banes are a die added to (or taken from) a roll's total, not a die in a pool:
    "the character rolls an extra die (called the Bean die) during the check, adding its result to
    the base die's total"; each attack die is a roll of its own."""
    plan = combat.plan_foe_attack(b3, 2, 0, 6)
    dice = ScriptedDice([10, 2, 11, 3, 4])
    result = combat.resolve_attack(b3, dice, plan, 12, net=1)
    assert dice.thrown[:4] == [(20, 10), (4, 2), (20, 11), (4, 3)]
    assert [d.roll.total for d in result.dice] == [12, 14] and result.pool is None


def test_two_net_advantages_on_2d6_damage_roll_4d6_and_drop_the_lowest_two(stacking: Ruleset) -> None:
    """ "if you are rolling 2d6 base damage, and you gain two net advantages to the roll, then you
    should roll 4d6, then drop the lowest two." Advantage "can apply to any dice roll in the game,
    including d20 checks, damage rolls"."""
    plan = combat.plan_foe_attack(stacking, 1, 0, 6, damage_dice=2)
    result = combat.resolve_attack(stacking, ScriptedDice([15, 2, 6, 1, 5]), plan, 12, damage_net=2)
    assert result.damage_roll is not None
    assert (result.damage_roll.dice, result.damage_roll.kept) == ((2, 6, 1, 5), (6, 5))
    assert result.total_damage == 11
    assert "damage 2d6 adv x2: [2, 6, 1, 5] keep [6, 5] = 11" in result.dice_words


def test_a_fighters_two_hit_dice_throw_3d8_and_drop_the_lowest(stacking: Ruleset) -> None:
    """ "Fighters have advantage on all Hit Dice rolls" and "When rolling pools of dice with an
    advantage, just add one die of the base type to the pool, and then drop the lowest die": at
    level 2 the Fighter's two Hit Dice are 3d8, the lowest dropped."""
    dice = ScriptedDice([3, 7, 5])
    result = characters.level_up(stacking, "fighter", 1, 8, {**AVERAGE, "CON": 13}, dice)
    assert dice.thrown == [(8, 3), (8, 7), (8, 5)], "3d8, not 4d8"
    assert [r.describe() for r in result.rolls] == ["2d8 adv: [3, 7, 5] keep [7, 5] = 12"]
    assert result.max_hp == 7 + 5 + 1


def test_a_fighters_kept_one_is_thrown_once_more(stacking: Ruleset) -> None:
    """ "Fighters have advantage on all Hit Dice rolls, *and* reroll all 1s on Hit Dice": a 1 the
    pool keeps is thrown again, and that result stands."""
    dice = ScriptedDice([1, 6, 1, 4])
    result = characters.level_up(stacking, "fighter", 1, 8, AVERAGE, dice)
    assert [r.describe() for r in result.rolls] == ["2d8 adv reroll: [1, 6, 1, 4] keep [6, 4] = 10"]
    assert result.max_hp == 10


def test_the_attack_says_what_each_pool_will_throw_before_it_is_thrown(stacking: Ruleset, b3: Ruleset) -> None:
    """The form's words before the throw: the pool as the text builds it ("roll 4d6, then drop the
    lowest two"), or a Bean die on each attack die ("With two (2) it's a d6")."""
    plan = combat.plan_foe_attack(stacking, 2, 0, 6, damage_dice=2)
    assert combat.modifier_lines(stacking, plan, 2, -1) == (
        "Advantage x2 on the attack dice: 4d20, the best 2 kept",
        "Disadvantage on the damage: 3d6, the worst 2 kept",
    )
    one = combat.plan_foe_attack(stacking, 1, 0, 6)
    assert combat.modifier_lines(stacking, one, -3, 0) == ("Disadvantage x3 on the attack die: 4d20, the worst kept",)
    beans = combat.plan_foe_attack(b3, 2, 0, 6)
    assert combat.modifier_lines(b3, beans, 2, -1) == (
        "2 Boons on each attack die: a d6 added",
        "1 Bane on the damage: a d4 taken off",
    )
