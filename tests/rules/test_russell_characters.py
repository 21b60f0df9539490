"""The Russell House Rules' characters, each rule against the text's own words and numbers."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.procedures.russell_characters.rules import making as rules
from tests.russell_ruleset import write

CHAIN = (20, 12, 10, 8, 6, 4)


@pytest.fixture
def russell(tmp_path: Path) -> Ruleset:
    return load_ruleset(write(tmp_path))


def test_seven_rolls_six_assigned_as_you_like() -> None:
    """ "Roll 3d6 seven times and assign six of the results as you like.\""""
    thrown = rules.roll_attributes(ScriptedDice([1, 1, 1] * 6 + [6, 6, 6]), "3d6", 7)
    assert [r.total for r in thrown] == [3, 3, 3, 3, 3, 3, 18]
    faces = [9, 14, 11, 10, 5, 17, 12]
    names = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    picks = {"STR": 5, "DEX": 1, "CON": 6, "INT": 2, "WIS": 3, "CHA": 0}
    assert rules.assign(faces, picks, names) == {"STR": 17, "DEX": 14, "CON": 12, "INT": 11, "WIS": 10, "CHA": 9}
    with pytest.raises(rules.BadAssignment):
        rules.assign(faces, {**picks, "CHA": 5}, names)
    with pytest.raises(rules.BadAssignment):
        rules.assign(faces, {k: v for k, v in picks.items() if k != "CHA"}, names)
    assert rules.set_aside_lowest(faces, names) == {"STR": 9, "DEX": 14, "CON": 11, "INT": 10, "WIS": 17, "CHA": 12}


def test_hardcore_in_order() -> None:
    """ "roll 3d6 in order, no substitutions.\""""
    names = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    assert rules.in_order([9, 14, 11, 10, 5, 17], names) == dict(zip(names, [9, 14, 11, 10, 5, 17], strict=True))
    with pytest.raises(rules.BadAssignment):
        rules.in_order([9, 14], names)


@pytest.mark.parametrize(
    ("score", "mod"),
    [(3, -3), (4, -2), (6, -2), (7, -1), (8, -1), (9, 0), (12, 0), (13, 1), (15, 1), (16, 2), (17, 2), (18, 3)],
)
def test_the_modifier_table(russell: Ruleset, score: int, mod: int) -> None:
    """| 3 | -3 | 4-6 | -2 | 7-8 | -1 | 9-12 | 0 | 13-15 | +1 | 16-17 | +2 | 18 | +3 |"""
    assert russell.stat_mod(score) == mod


def test_starting_hp() -> None:
    """ "Roll 1d6 and add your Constitution modifier." (decision: never below 1)"""
    assert rules.starting_hp(4, 1, 1) == 5
    assert rules.starting_hp(1, -3, 1) == 1


def test_unarmoured_and_armoured_ac() -> None:
    """ "Default Unarmored AC is 10. Improve it by one point for every point of positive Dexterity
    modifier." "*Light* (Leather): 7 *Medium* (Chain): 5 *Heavy* (Plate): 3 *Shield*: 1 Better (so, one lower)\""""
    assert rules.armour_class(10, 0, False, 1) == 10
    assert rules.armour_class(10, 2, False, 1) == 8
    assert rules.armour_class(10, -1, False, 1) == 11
    assert rules.armour_class(7, 0, False, 1) == 7
    assert rules.armour_class(5, 0, True, 1) == 4
    assert rules.armour_class(3, 0, True, 1) == 2, "one in full plate with a shield has an AC of 2"


def test_armour_takes_a_slot_a_point() -> None:
    """ "Armor takes up one slot for every point of AC better than 10.\""""
    assert rules.armour_slots(10, 10, False, 1) == 0
    assert rules.armour_slots(10, 7, False, 1) == 3
    assert rules.armour_slots(10, 5, False, 1) == 5
    assert rules.armour_slots(10, 3, True, 1) == 8


def test_skill_slots_and_coins() -> None:
    """ "skill slots equal to half your intelligence, rounded down"; "3d6 x 10 base coins\""""
    assert rules.skill_slots(13) == 6 and rules.skill_slots(12) == 6 and rules.skill_slots(3) == 1
    assert rules.coins(11, 10) == 110


def test_weariness_and_burden_give_modifier_dice() -> None:
    """ "Wearied characters suffer disadvantage on all rolls"; "*Burdened *characters suffer
    disadvantage on any physically challenging roll"; "If a character is both wearied and
    encumbered, they additionally take a -4 penalty on all rolls (so, roll two, keep the worst,
    and subtract 4. Good luck with that).\""""
    assert rules.weariness_dice(False, False, physical=True) == 0
    assert rules.weariness_dice(True, False, physical=False) == -1
    assert rules.weariness_dice(False, True, physical=True) == -1
    assert rules.weariness_dice(False, True, physical=False) == 0, "burden weighs on physical rolls only"
    assert rules.weariness_dice(True, True, physical=False) == -2, "both: double Disadvantage on all rolls"
    assert rules.weariness_dice(True, True, physical=True) == -2


@pytest.mark.parametrize(
    ("die", "face", "after"),
    [
        (20, 3, 20),
        (20, 2, 12),
        (12, 1, 10),
        (10, 2, 8),
        (8, 1, 6),
        (6, 2, 4),
        (6, 3, 6),
        (4, 3, 4),
        (4, 2, 0),
        (4, 1, 0),
    ],
)
def test_usage_dice_step_down_on_one_or_two(die: int, face: int, after: int) -> None:
    """ "A roll of 1 or 2 indicates that you step down one die size in the following chain. Rolling
    a 1 or 2 on a D4 means that you are out of that item" — "Out < D4 < D6 < D8 < D10 < D12 < D20\""""
    assert rules.usage_after(CHAIN, die, face, 2) == after


def test_gear_slots_and_burden() -> None:
    """ "Characters can carry a number of significant items up to their Strength score before
    becoming *Burdened*. Characters absolutely cannot carry more items than Str x 1.5.\""""
    assert not rules.burdened(10, 10) and rules.burdened(11, 10)
    assert rules.most_slots(10, Fraction(3, 2)) == 15
    assert rules.most_slots(9, Fraction(3, 2)) == 13


def test_tired_pips_and_weariness() -> None:
    """ "every character marks a Tired pip (two if the character is encumbered). When all three
    Tired pips are filled, the character becomes Wearied.\""""
    assert rules.tired_after(0, False, 3, 2) == 1
    assert rules.tired_after(0, True, 3, 2) == 2
    assert rules.tired_after(2, True, 3, 2) == 3
    assert not rules.wearied(2, 3) and rules.wearied(3, 3)


def test_the_section_reads_the_texts_numbers(russell: Ruleset) -> None:
    """The default kit: "a Blanket (1 slot), a Waterskin (1 slot), 3 Rations (1 slot), and Flint &
    Tender (0 Slots)"; "Waterskins have a usage die of D6 when full"; class templates are the referee's."""
    own = russell.russell_characters
    assert own is not None
    assert [(g.name, g.slots, g.count, g.usage) for g in own.kit] == [
        ("Blanket", 1, 0, None),
        ("Waterskin", 1, 0, 6),
        ("Rations", 1, 3, None),
        ("Flint & Tinder", 0, 0, None),
    ]
    assert own.templates == () and own.usage_dice == CHAIN and own.most_slots == Fraction(3, 2)
    assert russell.procedures["characters"] == "russell_characters"


def test_a_usage_die_off_the_chain_is_refused(tmp_path: Path) -> None:
    from hammertui.kernel.ruleset import RulesetError
    from tests.russell_ruleset import RULESET

    path = write(tmp_path, RULESET.replace("usage = 6 }", "usage = 7 }"))
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert any(
        "russell_characters.kit[1].usage: expected one of the usage dice d20, d12, d10, d8, d6, d4" in p
        for p in caught.value.problems
    ), caught.value.problems
