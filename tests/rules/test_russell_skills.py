"""Saves and skills by the Russell House Rules, pure: modifier dice netted and kept, roll-under
saves, skills over 6 where a 1 always fails, and the ranks practice may reach."""

from __future__ import annotations

from hammertui.procedures.russell_characters.rules import skills as rules


def test_modifier_dice_cancel_and_stop_at_double() -> None:
    """ "If you ever have double advantage, roll two, keep the better, and improve the roll by 4. If
    you have double disadvantage, roll two, keep the worse, and make worse by 4.\""""
    assert rules.net_dice(-2, -1, 0) == -2, "the dark and Wearied: double Disadvantage, no more"
    assert rules.net_dice(1, -1) == 0 and rules.dice_thrown(0) == 1
    assert rules.net_dice(1, 1, 1) == 2 and rules.dice_thrown(-1) == 2


def test_a_save_keeps_the_lower_die_with_advantage() -> None:
    """ "try to roll equal to or lower than the ability score on a D20. These rolls are subject to
    advantage and disadvantage like any other\""""
    assert rules.kept([5, 15], 1, low_is_good=True) == (5, 0)
    assert rules.kept([5, 15], -1, low_is_good=True) == (15, 0)
    assert rules.kept([5, 15], -2, low_is_good=True) == (15, 4), "double Disadvantage: the worse, 4 worse"
    assert rules.kept([5, 15], 2, low_is_good=True) == (5, -4)
    assert rules.save_passes(12, 0, 12) and not rules.save_passes(13, 0, 12)
    assert not rules.save_passes(11, 4, 14) and rules.save_passes(10, 4, 14)


def test_a_skill_keeps_the_higher_die_with_advantage() -> None:
    """ "Advantage means that you roll two dice and keep the better result. Disadvantage means you roll
    two and keep the worse.\""""
    assert rules.kept([2, 5], 1, low_is_good=False) == (5, 0)
    assert rules.kept([2, 5], -1, low_is_good=False) == (2, 0)
    assert rules.kept([2, 5], -2, low_is_good=False) == (2, -4)
    assert rules.kept([2, 5], 2, low_is_good=False) == (5, 4)


def test_a_skill_passes_on_six_and_a_one_always_fails() -> None:
    """ "To use a skill, roll 1d6 and add your relevant skill - if the result is six or higher, it
    succeeds. A roll of 1 always fails. ... Your referee may grant you advantage, disadvantage, or a
    small modifier to the roll\""""
    assert rules.skill_passes(5, rules.skill_total(5, 0, 1, 0), 6)
    assert not rules.skill_passes(4, rules.skill_total(4, 0, 1, 0), 6)
    assert rules.skill_passes(6, rules.skill_total(6, 0, 0, 0), 6), "untrained, rank 0"
    assert rules.skill_total(1, 0, 6, 0) == 7 and not rules.skill_passes(1, 7, 6), "A roll of 1 always fails"
    assert rules.skill_passes(4, rules.skill_total(4, 0, 1, 1), 6), "the referee's +1"


def test_practice_needs_three_marks_and_stops_at_the_level() -> None:
    """ "they may choose to test to advance any one skill that has 3 or more marks next to it";
    "Remember that rank cannot rise above your current level.\""""
    assert rules.may_practise(3, 3) and not rules.may_practise(2, 3)
    assert rules.highest_rank(3, 3) == 3 and rules.highest_rank(8, 6) == 6
    assert rules.rank_after(1, True, 2) == 2 and rules.rank_after(2, True, 2) == 2
    assert rules.rank_after(1, False, 2) == 1
