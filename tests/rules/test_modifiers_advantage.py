"""The `advantage` modifier dice (hammertui/procedures/advantage), held to Book Three's Advantage
revision (hammercrawl-book3-advantage.md, "Advantages and Disadvantages"): each test quotes the
sentence it holds them to, its worked examples the vectors."""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, ScriptedDice
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.advantage.rules import Advantage


def test_the_ruleset_s_mode_finds_the_package(b3a: Ruleset, hc: Ruleset) -> None:
    assert b3a.modifier_dice.mode == "advantage"
    assert modifier_rules(b3a.modifier_dice) == Advantage() == modifier_rules(hc.modifier_dice)


def test_an_add_rolls_one_extra_die_and_keeps_the_better() -> None:
    """ "When a mechanical effect gives you an Advantage (aka an "add") on a die roll, you roll one
    extra die of the same type and keep the better of the two." """
    thrown = Advantage().throw(ScriptedDice([4, 17]), DiceExpr(1, 20, 2), 1)
    assert (thrown.dice, thrown.kept, thrown.total) == ((4, 17), (17,), 19)


def test_a_disadd_counts_the_lowest() -> None:
    """ "a Disadvantage (aka a "disadd") on a die roll means you roll one extra die of the base type,
    and then count the lowest of the two." """
    thrown = Advantage().throw(ScriptedDice([4, 17]), DiceExpr(1, 20), -1)
    assert thrown.kept == (4,)


def test_two_net_adds_on_2d6_roll_4d6_and_drop_the_lowest_two() -> None:
    """ "if you are rolling 2d6 base damage, and you gain two net advantages to the roll, then you
    should roll 4d6, then drop the lowest two." """
    dice = Advantage()
    thrown = dice.throw(ScriptedDice([2, 6, 1, 5]), DiceExpr(2, 6), 2)
    assert thrown.dice == (2, 6, 1, 5) and thrown.kept == (6, 5)
    assert dice.tilt_words(DiceExpr(2, 6), 2) == "4d6, the best 2 kept"


def test_three_net_disadds_on_a_d20_keep_the_lowest_of_4d20() -> None:
    """ "if you are making a d20 saving throw and you have three net disadvantages (yikes!), then you
    should roll 4d20 and keep the lowest single die as your result." """
    dice = Advantage()
    thrown = dice.throw(ScriptedDice([17, 9, 12, 20]), DiceExpr(1, 20), -3)
    assert thrown.kept == (9,)
    assert dice.tilt_words(DiceExpr(1, 20), -3) == "4d20, the worst kept"
    assert dice.net_words(-3) == "Disadvantage x3"


def test_a_pool_is_tilted_as_one() -> None:
    """ "When rolling pools of dice with an advantage, just add one die of the base type to the pool,
    and then drop the lowest die after the roll." """
    assert Advantage().pools


def test_nothing_tilted_is_the_roll_itself() -> None:
    """ "Advantages and Disadvantages cancel each other out one for one": none left, the roll as it is."""
    dice = Advantage()
    thrown = dice.throw(ScriptedDice([6, 1, 4, 5]), DiceExpr(4, 6, keep=3), 0)
    assert (thrown.label, thrown.kept) == ("4d6kh3", (6, 4, 5))
    assert dice.tilt_words(DiceExpr(1, 20), 0) == dice.net_words(0) == ""


def test_its_words() -> None:
    """An edge is an Advantage; a condition names two as double (B3A darkness: "double on sight"); the
    modifier dice are dice thrown with the roll, never a die added."""
    dice = Advantage()
    assert (dice.field_label, dice.edge) == ("Adv - Disadv", "Advantage")
    assert [dice.net_words(n) for n in (1, 2, -1)] == ["Advantage", "Advantage x2", "Disadvantage"]
    assert [dice.condition_words(n) for n in (1, -2, 3)] == ["Advantage", "double Disadvantage", "Advantage x3"]
    assert dice.added_die(2) is None and dice.problems() == ()
