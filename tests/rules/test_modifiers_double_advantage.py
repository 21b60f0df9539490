"""The `double_advantage` modifier dice (hammertui/procedures/double_advantage), held to the Russell
House Rules ("Advantage & Disadvantage"): each test quotes the sentence it holds them to."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import DiceExpr, ScriptedDice
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.procedures.double_advantage.rules import DoubleAdvantage


@pytest.fixture(scope="module")
def rhr() -> Ruleset:
    return load_ruleset("russell-house-rules")


def test_the_ruleset_s_mode_finds_the_package(rhr: Ruleset) -> None:
    assert rhr.modifier_dice.mode == "double_advantage"
    assert modifier_rules(rhr.modifier_dice) == DoubleAdvantage()


@pytest.mark.parametrize(
    ("net", "kept", "total", "words"),
    [
        (1, (17,), 17, "2d20, the best kept"),
        (-1, (5,), 5, "2d20, the worst kept"),
        (2, (17,), 21, "2d20, the best kept, +4"),
        (-2, (5,), 1, "2d20, the worst kept, -4"),
    ],
)
def test_two_dice_the_better_kept_and_4_at_double(net: int, kept: tuple[int, ...], total: int, words: str) -> None:
    """ "Advantage means that you roll two dice and keep the better result. Disadvantage means you
    roll two and keep the worse. If you ever have double advantage, roll two, keep the better, and
    improve the roll by 4. If you have double disadvantage, roll two, keep the worse, and make worse
    by 4." """
    dice = DoubleAdvantage()
    thrown = dice.throw(ScriptedDice([5, 17]), DiceExpr(1, 20), net)
    assert (thrown.dice, thrown.kept, thrown.total) == ((5, 17), kept, total)
    assert dice.tilt_words(DiceExpr(1, 20), net) == words


def test_never_more_than_double() -> None:
    """Wearied and more: "roll two, keep the worst, and subtract 4. Good luck with that": three
    disadvantages are still two dice and 4 off."""
    thrown = DoubleAdvantage().throw(ScriptedDice([5, 17]), DiceExpr(1, 20, 1), -3)
    assert (thrown.dice, thrown.total) == ((5, 17), 2)


def test_a_roll_of_many_dice_is_refused_and_a_pool_tilted_die_by_die() -> None:
    """ "roll two dice and keep the better result": a roll of one die; a roll of several is refused,
    and each die of a pool is tilted alone."""
    dice = DoubleAdvantage()
    with pytest.raises(ValueError, match="cannot tilt a 2d6 roll by double_advantage"):
        dice.throw(ScriptedDice([1, 2, 3, 4]), DiceExpr(2, 6), 1)
    assert dice.throw(ScriptedDice([1, 2]), DiceExpr(2, 6), 0).total == 3
    assert not dice.pools


def test_its_words() -> None:
    dice = DoubleAdvantage()
    assert (dice.field_label, dice.edge) == ("Adv - Disadv", "Advantage")
    assert [dice.net_words(n) for n in (1, -2, 0)] == ["Advantage", "Disadvantage x2", ""]
    assert dice.condition_words(-2) == "double Disadvantage"
    assert dice.added_die(1) is None and dice.problems() == ()
