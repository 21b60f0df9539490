"""Levelling up, armour and AC, Bailiwick and Failing, and the sheet's derivations."""

from __future__ import annotations

import attrs

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules import characters, sheet

AVERAGE = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}


def test_level_needs_next_level_times_ten(hc: Ruleset) -> None:
    assert characters.can_level_up(hc, 1, 19) == (False, "level 2 needs 20 XP; 19 so far")
    assert characters.can_level_up(hc, 1, 20)[0]
    assert characters.can_level_up(hc, 15, 999) == (False, "level 15 is the highest there is")


def test_complete_rules_fighter_rerolls_with_advantage(hc: Ruleset) -> None:
    # Two Hit Dice at level 2 with Advantage, one pool: 3d8 (1, 7, 1) keep (7, 1), the 1 rerolled to 5.
    result = characters.level_up(hc, "fighter", 1, 8, {**AVERAGE, "CON": 13}, ScriptedDice([1, 7, 1, 5]))
    assert result.max_hp == 7 + 5 + 1
    assert result.level == 2
    assert "Not Today! +1 use" in result.lines
    assert result.uses_gained == {"not_today": 1}
    assert [r.describe() for r in result.rolls] == ["2d8 adv reroll: [1, 7, 1, 5] keep [7, 5] = 12"]


def test_the_floor_is_old_plus_one(hc: Ruleset) -> None:
    result = characters.level_up(hc, "magic_user", 1, 6, AVERAGE, ScriptedDice([1, 2]))
    assert result.max_hp == 7
    assert "Max HP 6 -> 7" in result.lines


def test_fighter_third_level_gains_an_attack_die_and_saves(hc: Ruleset) -> None:
    result = characters.level_up(hc, "fighter", 2, 14, AVERAGE, ScriptedDice([8] * 6))
    assert "Attack dice 2 -> 3" in result.lines
    assert "Body save +2 -> +3" in result.lines
    assert "Area save +1 -> +1" not in result.lines
    assert "Mind save +0 -> +1" in result.lines


def test_book_three_adds_one_and_the_death_save_rise(b3: Ruleset) -> None:
    fighter = characters.level_up(b3, "fighter", 1, 10, AVERAGE, ScriptedDice([]))
    assert fighter.max_hp == 10 + 1 + 1
    mage = characters.level_up(b3, "magic_user", 1, 4, AVERAGE, ScriptedDice([]))
    assert mage.max_hp == 5
    assert mage.rolls == ()
    assert "Spellbook +2 spells" in mage.lines


def test_armour_class_and_what_a_class_may_wear(hc: Ruleset) -> None:
    assert characters.armour_class(hc, {**AVERAGE, "DEX": 16}, hc.classes["fighter"], "medium", True) == (
        17,
        "AC 17 = 10 + DEX +2 + Medium (chain) +4 + Shield +1",
    )
    dwarf = characters.armour_class(hc, {**AVERAGE, "DEX": 5}, hc.classes["dwarf"], "heavy", False)
    assert dwarf == (16, "AC 16 = 10 + DEX -2 ignored in heavy armour + Heavy (banded) +6")
    assert characters.armour_class(hc, {**AVERAGE, "DEX": 5}, hc.classes["dwarf"], "light")[0] == 10
    assert characters.armour_problems(hc, "magic_user", "plate", True) == [
        "a Magic-User cannot wear Plate",
        "a Magic-User cannot carry a shield",
    ]
    assert characters.best_allowed_armour(hc, "magic_user", "plate", True) == ("medium", False)


def test_a_thief_rolls_bailiwick_and_a_different_failing(hc: Ruleset) -> None:
    assert characters.roll_bailiwick(hc, ScriptedDice([4, 4, 2]))[:2] == ("stealth", "lockpicking")


def test_hand_entry_is_checked(hc: Ruleset) -> None:
    problems = characters.entry_problems(hc, "fighter", 16, {**AVERAGE, "STR": 19}, 12, 10, 14)
    assert problems == [
        "level must be 1 to 15, not 16",
        "STR must be 3 to 18, not 19",
        "HP must be 0 to the max HP (10), not 12",
    ]
    assert characters.entry_problems(hc, "fighter", 3, AVERAGE, 10, 10, 14) == []


def test_sheet_says_how_numbers_are_made(hc: Ruleset, b3: Ruleset) -> None:
    facts = sheet.Facts(
        name="Darla",
        class_id="fighter",
        level=2,
        xp=25,
        stats={**AVERAGE, "CON": 13, "INT": 7, "STR": 14},
        con=11,
        hp=9,
        max_hp=12,
        ac=14,
        armour="medium",
        uses={"not_today": 1},
        dungeon_tier=1,
    )
    sections = {s.title: s for s in sheet.character_sheet(hc, facts)}
    lines = {line.label: line for s in sections.values() for line in s.lines}
    assert lines["Body"].value == "+3" and lines["Body"].why == "level 2 (Good) + CON +1"
    assert lines["XP"].value == "25 / 30"
    assert lines["CON"].value == "11/13 (+0)" and lines["CON"].why == "2 lost for good"
    assert lines["Not Today!"].value == "1/2"
    assert lines["Random skills"].value == "3"
    assert lines["AC"].why == "AC 14 = 10 + DEX +0 + Medium (chain) +4"
    assert "Encumbrance" not in lines
    b3_lines = {line.label: line for s in sheet.character_sheet(b3, facts) for line in s.lines}
    assert b3_lines["Encumbrance"].value == "5" and b3_lines["Encumbrance"].why == "INT 7 / 2 up = 4 + STR +1"


# ------------------------------------------------------------------ the texts' levelling rules


def test_complete_rules_keep_an_equal_total(hc: Ruleset) -> None:
    """ "If the total is less than your previous HP total, your new HP total is instead equal to the
    previous amount +1": a Thief at 7 HP rolling 3 + 3 + CON 1 = 7 keeps 7; 2 + 3 + 1 = 6 gives 8."""
    thief = hc.classes["thief"]
    assert characters.level_up_hp(hc, thief, 2, old_max=7, con_mod=1, source=ScriptedDice([3, 3]))[0] == 7
    assert characters.level_up_hp(hc, thief, 2, old_max=7, con_mod=1, source=ScriptedDice([2, 3]))[0] == 8


def test_book_three_hit_points_section_wants_more_than_the_old_total(b3: Ruleset) -> None:
    """Book Three's other reading: "add your CON mod to each die. If the new total is greater than
    your previous HP total, keep it. If it is not, instead keep the previous total +1"."""
    thief = b3.classes["thief"]
    each = "reroll_all_con_each"
    assert (
        characters.level_up_hp(b3, thief, 2, 8, 1, ScriptedDice([3, 3]), each)[0] == 9
    )  # (3+1)+(3+1) = 8: not greater
    assert characters.level_up_hp(b3, thief, 2, 8, 1, ScriptedDice([4, 4]), each)[0] == 10
    assert characters.level_up_hp(b3, thief, 2, 8, 1, ScriptedDice([]))[0] == 10, (
        "+1, and the Death save (Okay) rises 1"
    )


def test_book_three_offers_both_readings_and_records_the_choice(b3: Ruleset, hc: Ruleset) -> None:
    assert b3.hit_points is not None and b3.hit_points.level_up_choices == (
        "plus_one_and_death_save",
        "reroll_all_con_each",
    )
    assert "level_up_hp" in b3.decisions
    assert hc.hit_points is not None and hc.hit_points.level_up_choices == ("reroll_all",)
    assert characters.level_up_hp_rule(b3, "") == "plus_one_and_death_save"
    assert characters.level_up_hp_rule(b3, "reroll_all_con_each") == "reroll_all_con_each"
    assert characters.level_up_hp_rule(b3, "no_such_rule") == "plus_one_and_death_save"


def test_the_sheet_reads_the_class_once_and_the_levelling_rule_in_force(hc: Ruleset, b3: Ruleset) -> None:
    facts = sheet.Facts(name="Darla", class_id="fighter", level=2, xp=0, stats=AVERAGE, con=10, hp=9, max_hp=12)
    lines = {line.label: line for s in sheet.character_sheet(hc, facts) for line in s.lines}
    assert (lines["Class"].value, lines["Class"].why) == ("Human Fighter", "")
    assert "reroll every Hit Die, CON mod once; a total below the old maximum gives the old + 1" in lines["HP"].why
    b3_lines = {line.label: line for s in sheet.character_sheet(b3, facts) for line in s.lines}
    assert "each level: +1, and as much again as the Death save bonus rises" in b3_lines["HP"].why
    assert "Hit Die d8 per level" not in b3_lines["HP"].why
    chosen = sheet.character_sheet(
        b3, sheet.Facts(**{**attrs.asdict(facts, recurse=False), "level_up_hp": "reroll_all_con_each"})
    )
    assert "CON mod on each" in {line.label: line for s in chosen for line in s.lines}["HP"].why


def test_the_dwarfs_sheet_says_the_bonus_dice_are_melee_only_as_the_planner_plays_them(hc: Ruleset) -> None:
    """ "Dwarves can only use their bonus dice for melee attacks ... your base die can always be used
    however you like": a level 5 Dwarf has 3 dice in melee and 1 for a missile or thrown attack."""
    facts = sheet.Facts(name="Gimli", class_id="dwarf", level=5, xp=0, stats=AVERAGE, con=10, hp=30, max_hp=30)
    lines = {line.label: line for s in sheet.character_sheet(hc, facts) for line in s.lines}
    assert lines["Attack dice"].value == "3"
    assert lines["Attack dice"].why.startswith(
        "3 in melee, 1 for a missile or thrown attack: bonus dice are melee only; the base die goes with any attack"
    )
    assert characters.attack_dice_for(hc, "dwarf", 5, "thrown") == 1
    assert characters.attack_dice_for(hc, "dwarf", 5, "melee") == 3
    assert characters.attack_dice_for(hc, "fighter", 3, "missile") == 3


def test_ad_hoc_awards_come_from_the_ruleset(hc: Ruleset, b3: Ruleset) -> None:
    """Complete rules: 1, 3, 5 XP. Book Three: "pretty cool: 1 XP; awesome!: 2 XP; ... explode: 3 XP"."""
    assert hc.advancement is not None and [a.xp for a in hc.advancement.ad_hoc] == [1, 3, 5]
    assert b3.advancement is not None and [a.xp for a in b3.advancement.ad_hoc] == [1, 2, 3]
    assert b3.advancement.ad_hoc[1].name == "Whoah, that was awesome!"


def test_the_sheets_damage_line_names_the_stat_each_kind_adds(hc: Ruleset, b3: Ruleset) -> None:
    facts = sheet.Facts(
        name="Darla", class_id="fighter", level=1, xp=0, stats={**AVERAGE, "STR": 18}, con=10, hp=8, max_hp=8
    )
    hc_lines = {line.label: line for s in sheet.character_sheet(hc, facts) for line in s.lines}
    assert hc_lines["Damage"].why == "the class Hit Die; STR +3 in melee and thrown; +1 die two-handed"
    b3_lines = {line.label: line for s in sheet.character_sheet(b3, facts) for line in s.lines}
    assert b3_lines["Damage"].why == "the class Hit Die; STR +3 in melee; +1 die two-handed"
