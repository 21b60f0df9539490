"""The `beans` modifier dice (hammertui/procedures/beans), held to Book Three's Boons and Banes
(hammercrawl-book3-boons-banes.md, "Beans, Boons and Banes"): each test quotes the sentence it
holds them to."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import DiceExpr, ScriptedDice
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.ruleset.time import ModifierDice
from hammertui.procedures.beans.rules import Beans


def test_the_ruleset_s_mode_finds_the_package(b3: Ruleset) -> None:
    assert b3.modifier_dice.mode == "beans"
    assert modifier_rules(b3.modifier_dice) == Beans((4, 6, 8, 10, 12, 20))


@pytest.mark.parametrize(("net", "sides"), [(1, 4), (2, 6), (3, 8), (4, 10), (5, 12), (6, 20), (9, 20)])
def test_the_bean_die_grows_with_the_net(b3: Ruleset, net: int, sides: int) -> None:
    """ "With one (1) net Bean, the die is a d4. With two (2) it's a d6, three (3) get a d8, four (4)
    get a d10, and five (5) get a d12, ending with six (6) or more total net Beans getting an entire
    d20. Any net Beans over six are ignored." """
    dice = modifier_rules(b3.modifier_dice)
    assert dice.added_die(net) == dice.added_die(-net) == sides
    assert dice.tilt_words(DiceExpr(1, 20), net) == f"a d{sides} added"


def test_boons_add_the_bean_die_to_the_total(b3: Ruleset) -> None:
    """ "With net Boons, the character rolls an extra die (called the Bean die) during the check,
    adding its result to the base die's total." """
    thrown = modifier_rules(b3.modifier_dice).throw(ScriptedDice([12, 3]), DiceExpr(1, 20, 1), 1)
    assert (thrown.dice, thrown.total) == ((12,), 16)
    assert thrown.describe() == "1d20+1: [12] +1 + d4 (1 Boon) [3] = 16"


def test_three_banes_and_one_add_are_two_banes_taken_off(b3: Ruleset) -> None:
    """ "if a PC is attempting a roll in which they have three Banes and one add, then their net total
    is two Banes"; "with net Banes, the character rolls an extra die but instead subtracts its result
    from the total." """
    dice = modifier_rules(b3.modifier_dice)
    thrown = dice.throw(ScriptedDice([15, 4]), DiceExpr(1, 20), 1 - 3)
    assert thrown.total == 11
    assert dice.net_words(1 - 3) == dice.condition_words(-2) == "2 Banes"
    assert dice.tilt_words(DiceExpr(1, 20), -2) == "a d6 taken off"


def test_each_die_of_a_pool_is_its_own_roll(b3: Ruleset) -> None:
    """ "Beans as described here apply to all possible dice rolls": each roll takes the Bean die, so a
    pool is never tilted as one."""
    assert not modifier_rules(b3.modifier_dice).pools


def test_its_words(b3: Ruleset) -> None:
    dice = modifier_rules(b3.modifier_dice)
    assert (dice.field_label, dice.edge) == ("Boons - Banes", "a Boon")
    assert [dice.net_words(n) for n in (1, 2, -1, 0)] == ["1 Boon", "2 Boons", "1 Bane", ""]


def test_a_section_without_bean_dice_is_named() -> None:
    """The Bean die sizes are the ruleset's: a `[modifier_dice]` without them is a problem, not a guess."""
    assert Beans().problems() == (("bean_dice", "missing; expected the Bean die sizes, as [4, 6, 8, 10, 12, 20]"),)
    assert modifier_rules(ModifierDice("beans", (6, 8))).added_die(-5) == 8
