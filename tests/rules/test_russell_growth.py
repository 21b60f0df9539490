"""Character growth by the Russell House Rules, against the text's level up chart and XP rules, as
the shipped ruleset holds them."""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.procedures.russell_characters.rules.growth import (
    hp_gained,
    kill_xp,
    level_up,
    shares,
    treasure_xp,
    xp_for,
)
from hammertui.procedures.russell_characters.schema import Growth


@pytest.fixture(scope="module")
def growth() -> Growth:
    own = load_ruleset("russell-house-rules").russell_characters
    assert own is not None and own.growth is not None
    return own.growth


def test_the_xp_each_level_needs(growth: Growth) -> None:
    """| Level | ... | XP |: 2 2000, 3 4000, 4 7000, 5 10000, 6 14000, 7 18000, 8 22000, 9 26000,
    10 30000; past the chart "| 1 | +2 | | | | 5000 |"."""
    assert [xp_for(growth, level) for level in range(1, 13)] == [
        0,
        2000,
        4000,
        7000,
        10000,
        14000,
        18000,
        22000,
        26000,
        30000,
        35000,
        40000,
    ]


def test_weapon_skill_rises_at_every_even_level(growth: Growth) -> None:
    """ "Characters start with a weapon skill of 1 and add +1 at every even level."; "At every even
    level, add +1 to your character's Weapon Skill." Past the chart too: level 12 is an even level,
    so a character who reaches it has Weapon Skill 1 + 6 = 7."""
    assert [level_up(growth, level).weapon_skill for level in range(2, 15)] == [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
    assert 1 + sum(level_up(growth, level).weapon_skill for level in range(2, 13)) == 7


def test_the_chart_as_the_text_has_it(growth: Growth) -> None:
    """The Standard Level Up Chart, row by row: | Level | HP | Templates | Max Skill | Weapon Skill |
    XP |, 1 | 1D6 | 1 | 1 | 1 | 1 through 10 | +1D6 | | | 1 | 30000; its blanks are no change, and
    level 1's Weapon Skill 1 is the one every character starts with ("All adventurers start with 1
    Weapon Skill"), its 1 XP where every character starts (a decision: first_level_xp)."""
    rows = [(r.level, r.hp, r.templates, r.max_skill, r.weapon_skill, r.xp) for r in growth.levels]
    assert rows == [
        (1, "1d6", 1, 1, 0, 0),
        (2, "1d6", 2, 2, 1, 2000),
        (3, "1d6", 3, 3, 0, 4000),
        (4, "1d6", 4, 4, 1, 7000),
        (5, "1d6", 4, 5, 0, 10000),
        (6, "1d6", 4, 6, 1, 14000),
        (7, "1d6", 4, 6, 0, 18000),
        (8, "1d6", 4, 6, 1, 22000),
        (9, "1d6", 4, 6, 0, 26000),
        (10, "1d6", 4, 6, 1, 30000),
    ]
    assert (growth.past_the_chart.hp, growth.past_the_chart.xp) == (2, 5000)


def test_templates_stop_at_four_and_skill_rank_at_six(growth: Growth) -> None:
    """ "For their first four levels, characters select a class template"; "Up until level six, note
    your characters new max Skill Rank to correspond to your new level. Max Skill Rank Six is the
    highest for any character.\""""
    ups = [level_up(growth, level) for level in range(2, 12)]
    assert [u.templates for u in ups] == [2, 3, 4, 4, 4, 4, 4, 4, 4, 4]
    assert [u.new_template for u in ups] == [True, True, True] + [False] * 7
    assert [u.max_skill for u in ups] == [2, 3, 4, 5, 6, 6, 6, 6, 6, 6]


def test_a_d6_a_level_to_ten_then_two_hp(growth: Growth) -> None:
    """ "Through level 10, roll a new d6 HD and add the result to your character's HP. Add your
    constitution modifier to the roll. After level 10, add 2 HP per level.\""""
    assert (level_up(growth, 10).hp_die, level_up(growth, 10).hp) == ("1d6", 0)
    assert (level_up(growth, 11).hp_die, level_up(growth, 11).hp) == ("", 2)
    assert hp_gained(4, 1) == 5
    assert hp_gained(1, -2) == 1, "a decision: a level never costs HP"


def test_xp_for_treasure_and_for_foes_killed(growth: Growth) -> None:
    """ "such treasure is worth 1 XP per Standard Coin of value"; "player characters will receive 25
    XP per HD of a dangerous foe killed.\""""
    assert treasure_xp(growth, 750) == 750
    assert kill_xp(growth, 3) == 75
    assert shares(75, 4) == 18 and shares(75, 0) == 0
