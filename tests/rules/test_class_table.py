"""Each class's numbers at levels 1, 3, 5, 9 and 15, against the class table written out by hand."""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules.characters import attack_bonus, attack_dice, save_bonus

LEVELS = (1, 3, 5, 9, 15)
AVERAGE = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}

# class: (attack dice at LEVELS, attack rank, {save: quality}) as the class table gives them.
TABLE = {
    "dwarf": ((2, 2, 3, 3, 5), "A", {"Body": "G", "Death": "G", "Luck": "O", "Rally": "O", "Mind": "B", "Area": "B"}),
    "elf": ((2, 2, 3, 3, 5), "B", {"Mind": "G", "Death": "G", "Body": "O", "Area": "O", "Rally": "O", "Luck": "B"}),
    "halfling": ((1, 1, 2, 3, 4), "B", {s: "G" for s in ("Area", "Body", "Death", "Luck", "Mind", "Rally")}),
    "berserker": (
        (2, 2, 3, 3, 5),
        "A",
        {"Body": "G", "Death": "G", "Area": "O", "Rally": "O", "Mind": "B", "Luck": "B"},
    ),
    "cleric": ((1, 1, 1, 1, 1), "B", {"Luck": "G", "Rally": "G", "Mind": "O", "Body": "O", "Death": "O", "Area": "B"}),
    "fighter": ((2, 3, 3, 5, 7), "A", {"Body": "G", "Death": "G", "Rally": "G", "Area": "O", "Mind": "B", "Luck": "B"}),
    "magic_user": (
        (1, 1, 1, 1, 1),
        "D",
        {"Mind": "G", "Luck": "O", "Body": "B", "Area": "B", "Death": "B", "Rally": "B"},
    ),
    "thief": ((1, 1, 1, 1, 1), "C", {"Area": "G", "Luck": "G", "Death": "O", "Rally": "O", "Mind": "B", "Body": "B"}),
}
RANK = {"A": lambda n: n, "B": lambda n: n // 2, "C": lambda n: n // 3, "D": lambda n: 0}
QUALITY = {"G": lambda n: n, "O": lambda n: n // 2, "B": lambda n: n // 3}


@pytest.mark.parametrize("class_id", TABLE)
@pytest.mark.parametrize("index", range(len(LEVELS)))
def test_attack_dice_and_bonus(hc: Ruleset, class_id: str, index: int) -> None:
    level = LEVELS[index]
    dice, rank, _ = TABLE[class_id]
    assert attack_dice(hc, class_id, level) == dice[index]
    assert attack_bonus(hc, class_id, level, AVERAGE)[0] == RANK[rank](level)


@pytest.mark.parametrize("class_id", TABLE)
@pytest.mark.parametrize("level", LEVELS)
def test_saves(hc: Ruleset, class_id: str, level: int) -> None:
    qualities = TABLE[class_id][2]
    got = {save: save_bonus(hc, class_id, level, save, AVERAGE)[0] for save in hc.save_names}
    assert got == {save: QUALITY[q](level) for save, q in qualities.items()}


def test_book_three_classes_are_the_complete_rules_classes(hc: Ruleset, b3: Ruleset) -> None:
    for class_id in TABLE:
        for level in LEVELS:
            assert attack_dice(b3, class_id, level) == attack_dice(hc, class_id, level)
            assert (
                save_bonus(b3, class_id, level, "Death", AVERAGE)[0]
                == save_bonus(hc, class_id, level, "Death", AVERAGE)[0]
            )


def test_stats_add_to_the_level_part(hc: Ruleset) -> None:
    stats = {**AVERAGE, "STR": 16, "DEX": 4, "CON": 13, "WIS": 3, "CHA": 18}
    assert attack_bonus(hc, "fighter", 9, stats) == (11, "Melee attack +11 = level 9 (Rank A) + STR +2")
    assert attack_bonus(hc, "fighter", 9, stats, "missile")[0] == 9 - 2
    assert save_bonus(hc, "fighter", 9, "Body", stats) == (10, "Body save +10 = level 9 (Good) + CON +1")
    assert save_bonus(hc, "fighter", 9, "Mind", stats)[0] == 3 - 3
    assert save_bonus(hc, "fighter", 9, "Rally", stats)[0] == 9 + 3
    assert save_bonus(hc, "fighter", 9, "Luck", stats) == (3, "Luck save +3 = level 9 / 3 = 3 (Bad)")
