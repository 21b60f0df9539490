"""Rolling characters: the stat-placement example, the class table, Hit Points and sheet bonuses."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hammertui.kernel.rules.dice import ScriptedDice, SeededDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules.characters import (
    assign_stats,
    attack_bonus,
    attack_dice,
    first_level_hp,
    hit_die_roll,
    level_up_hp,
    random_skill_count,
    roll_character,
    roll_class,
    save_bonus,
    spellbook_size,
)

SHEET = ("STR", "DEX", "CON", "INT", "WIS", "CHA")


def stats(**scores: int) -> dict[str, int]:
    base = dict.fromkeys(SHEET, 10)
    base.update(scores)
    return base


def test_darlas_fighter() -> None:
    """The text's worked example: 9, 14, 11, 10, 5, 17 for a Fighter (primes STR, CON)."""
    assert assign_stats([9, 14, 11, 10, 5, 17], ("STR", "CON"), SHEET) == {
        "STR": 14,
        "DEX": 9,
        "CON": 17,
        "INT": 11,
        "WIS": 10,
        "CHA": 5,
    }


def test_primes_go_in_sheet_order_whatever_the_class_lists() -> None:
    assert assign_stats([9, 14, 11, 10, 5, 17], ("CON", "STR"), SHEET)["STR"] == 14


def test_ties_take_the_earliest_rolls() -> None:
    # The two 14s at positions 0 and 2 go to the primes; the third 14 stays in its place.
    assert assign_stats([14, 9, 14, 14, 5, 6], ("STR", "CON"), SHEET) == {
        "STR": 14,
        "DEX": 9,
        "CON": 14,
        "INT": 14,
        "WIS": 5,
        "CHA": 6,
    }
    # One prime: the earliest 14 is INT; the later one lands on DEX, after the 9.
    assert assign_stats([14, 9, 14, 8, 7, 6], ("INT",), SHEET) == {
        "STR": 9,
        "DEX": 14,
        "CON": 8,
        "INT": 14,
        "WIS": 7,
        "CHA": 6,
    }


def test_extra_rolls_drop_the_lowest() -> None:
    assert assign_stats([9, 14, 3, 11, 10, 5, 17], ("STR", "CON"), SHEET) == {
        "STR": 14,
        "DEX": 9,
        "CON": 17,
        "INT": 11,
        "WIS": 10,
        "CHA": 5,
    }


def test_too_few_rolls() -> None:
    with pytest.raises(ValueError):
        assign_stats([10, 10], ("STR",), SHEET)


@given(
    st.lists(st.integers(3, 18), min_size=6, max_size=6),
    st.sets(st.sampled_from(SHEET), min_size=1, max_size=3),
)
def test_placement_keeps_every_roll_and_primes_get_the_best(rolls: list[int], primes: set[str]) -> None:
    placed = assign_stats(rolls, tuple(primes), SHEET)
    assert sorted(placed.values()) == sorted(rolls)
    assert min(placed[p] for p in primes) >= max((placed[s] for s in SHEET if s not in primes), default=0)


@pytest.mark.parametrize(
    ("faces", "class_id"),
    [
        ([1, 1, 1], "elf"),
        ([1, 1, 2], "elf"),
        ([1, 2, 2], "dwarf"),
        ([2, 2, 3], "dwarf"),
        ([2, 3, 3, 1], "cleric"),
        ([3, 3, 3, 2], "fighter"),
        ([4, 4, 4, 3], "magic_user"),
        ([4, 4, 5, 4], "thief"),
        ([4, 5, 5], "halfling"),
        ([5, 5, 6], "halfling"),
        ([5, 6, 6], "berserker"),
        ([6, 6, 6], "berserker"),
    ],
)
def test_class_roll_boundaries(hc: Ruleset, faces: list[int], class_id: str) -> None:
    dice = ScriptedDice(faces)
    chosen, rolls = roll_class(hc, dice)
    assert chosen == class_id
    assert dice.remaining == 0
    assert [r.label for r in rolls] == (["class 3d6", "Human 1d4"] if len(faces) == 4 else ["class 3d6"])


def fighter_script() -> list[int]:
    """Class 9 (Human) then 2 (Fighter); then Darla's six stat rolls."""
    return [3, 3, 3, 2, 3, 3, 3, 4, 5, 5, 3, 4, 4, 3, 3, 4, 1, 2, 2, 5, 6, 6]


def test_roll_character_by_the_rules(hc: Ruleset) -> None:
    dice = ScriptedDice(fighter_script())
    darla = roll_character(hc, dice, "Darla")
    assert dice.remaining == 0
    assert (darla.name, darla.class_id, darla.level) == ("Darla", "fighter", 1)
    assert darla.stat_rolls == (9, 14, 11, 10, 5, 17)
    assert darla.stats == {"STR": 14, "DEX": 9, "CON": 17, "INT": 11, "WIS": 10, "CHA": 5}
    assert darla.mods == {"STR": 1, "DEX": 0, "CON": 2, "INT": 0, "WIS": 0, "CHA": -2}
    assert darla.max_hp == 8 + 2
    assert darla.ac == 10
    assert darla.movement == 30
    assert len(darla.rolls) == 8 and darla.rolls[2].describe() == "stat 1 3d6: [3, 3, 3] = 9"


def test_hp_never_below_one(hc: Ruleset) -> None:
    mu = hc.classes["magic_user"]
    assert first_level_hp(hc, mu, hc.stat_mod(3), ScriptedDice([]))[0] == 1
    assert first_level_hp(hc, mu, -6, ScriptedDice([]))[0] == 1
    assert first_level_hp(hc, hc.classes["berserker"], -1, ScriptedDice([]))[0] == 9


def test_level_up_rerolls_every_hit_die(hc: Ruleset) -> None:
    thief = hc.classes["thief"]
    assert level_up_hp(hc, thief, 2, old_max=6, con_mod=1, source=ScriptedDice([5, 4]))[0] == 10
    assert level_up_hp(hc, thief, 2, old_max=6, con_mod=1, source=ScriptedDice([2, 1]))[0] == 7


def test_fighter_hit_dice_have_advantage_and_reroll_ones(hc: Ruleset) -> None:
    fighter = hc.classes["fighter"]
    assert hit_die_roll(ScriptedDice([3, 7]), fighter).total == 7
    rerolled = hit_die_roll(ScriptedDice([1, 1, 1]), fighter)
    assert (rerolled.dice, rerolled.total) == ((1, 1, 1), 1)
    assert hit_die_roll(ScriptedDice([1, 1, 6]), fighter).total == 6


def test_book3_levels_up_by_one_plus_the_death_save(b3: Ruleset) -> None:
    fighter, mu = b3.classes["fighter"], b3.classes["magic_user"]
    assert level_up_hp(b3, fighter, 2, 10, 2, ScriptedDice([]))[0] == 12
    assert level_up_hp(b3, mu, 2, 4, 0, ScriptedDice([]))[0] == 5
    assert level_up_hp(b3, mu, 3, 5, 0, ScriptedDice([]))[0] == 7


def test_rolling_above_level_one_levels_up(hc: Ruleset, b3: Ruleset) -> None:
    dice = ScriptedDice([*fighter_script(), 4, 4, 5])
    darla = roll_character(hc, dice, "Darla", level=2)
    assert darla.level == 2 and darla.max_hp == 4 + 5 + 2  # two Hit Dice with Advantage: 3d8, (4, 4, 5) keep (4, 5)
    assert dice.remaining == 0
    assert roll_character(b3, ScriptedDice(fighter_script()), "Darla", level=3).max_hp == 10 + 2 + 2


@pytest.mark.parametrize(
    ("class_id", "level", "save", "scores", "bonus", "text"),
    [
        ("fighter", 2, "Body", {"CON": 13}, 3, "Body save +3 = level 2 (Good) + CON +1"),
        ("fighter", 2, "Death", {}, 2, "Death save +2 = level 2 (Good)"),
        ("fighter", 3, "Area", {"DEX": 9}, 1, "Area save +1 = level 3 / 2 = 1 (Okay) + DEX +0"),
        ("magic_user", 5, "Rally", {"CHA": 4}, -1, "Rally save -1 = level 5 / 3 = 1 (Bad) + CHA -2"),
        ("dwarf", 1, "Body", {"CON": 16}, 3, "Body save +3 = level 1 (Good) + CON +2, rolled with Advantage"),
    ],
)
def test_save_bonus(
    hc: Ruleset, class_id: str, level: int, save: str, scores: dict[str, int], bonus: int, text: str
) -> None:
    assert save_bonus(hc, class_id, level, save, stats(**scores)) == (bonus, text)


def test_save_bonus_speaks_beans_in_book3(b3: Ruleset) -> None:
    assert save_bonus(b3, "dwarf", 1, "Death", stats())[1].endswith("rolled with a Boon")


def test_attack_bonus(hc: Ruleset) -> None:
    assert attack_bonus(hc, "fighter", 2, stats(STR=14)) == (3, "Melee attack +3 = level 2 (Rank A) + STR +1")
    assert attack_bonus(hc, "elf", 5, stats(DEX=16), "missile") == (
        4,
        "Missile attack +4 = level 5 / 2 = 2 (Rank B) + DEX +2",
    )
    assert attack_bonus(hc, "magic_user", 9, stats(STR=8)) == (
        -1,
        "Melee attack -1 = 0 (Rank D: no level bonus) + STR -1",
    )


def test_attack_dice_by_level(hc: Ruleset) -> None:
    assert [attack_dice(hc, "fighter", n) for n in (1, 2, 3, 6, 15)] == [2, 2, 3, 4, 7]
    assert [attack_dice(hc, "dwarf", n) for n in (1, 5, 15)] == [2, 3, 5]
    assert [attack_dice(hc, "halfling", n) for n in (1, 4, 12)] == [1, 2, 4]
    assert attack_dice(hc, "magic_user", 15) == 1


def test_spellbooks_and_skills(hc: Ruleset) -> None:
    assert spellbook_size(hc, "magic_user", 1, stats(INT=14)) == 1 + 2 + 1
    assert spellbook_size(hc, "magic_user", 1, stats(INT=4)) == 1
    assert spellbook_size(hc, "magic_user", 3, stats(INT=10)) == 1 + 2 + 4
    assert spellbook_size(hc, "cleric", 1, stats(WIS=16)) == 4
    assert spellbook_size(hc, "elf", 2, stats(INT=3)) == 1 + 0 + 1
    assert spellbook_size(hc, "fighter", 5, stats()) == 0
    assert random_skill_count(hc, stats(INT=5)) == 2
    assert random_skill_count(hc, stats(INT=18)) == 7


@given(seed=st.integers(0, 2**32), level=st.integers(1, 15))
def test_seeded_characters_are_sound_and_replay(hc: Ruleset, seed: int, level: int) -> None:
    first = roll_character(hc, SeededDice(seed), "Anyone", level)
    assert first == roll_character(hc, SeededDice(seed), "Anyone", level)
    assert first.class_id in hc.classes
    assert all(3 <= v <= 18 for v in first.stats.values())
    assert first.max_hp >= max(1, level)
    assert first.ac == 10 + hc.stat_mod(first.stats["DEX"])


def test_a_ruleset_without_a_class_table(hc: Ruleset) -> None:
    with pytest.raises(ValueError, match="class table"):
        roll_class(attrs.evolve(hc, class_table=None), ScriptedDice([]))
