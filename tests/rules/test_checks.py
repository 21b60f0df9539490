"""Saves, thief skills and skill checks: targets, bonuses and the ruleset's modifier dice."""

from __future__ import annotations

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules import checks, hirelings

AVERAGE = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}


def save(ruleset: Ruleset, faces: list[int], **kw) -> checks.Check:
    args = {"class_id": "fighter", "level": 2, "stats": AVERAGE, "save": "Body", "source_tier": 1, **kw}
    return checks.saving_throw(ruleset, ScriptedDice(faces), **args)


def test_save_target_and_bonus(hc: Ruleset) -> None:
    check = save(hc, [12], stats={**AVERAGE, "CON": 13})
    assert (check.target, check.total, check.success) == (15, 15, True)
    assert check.reasons[0] == "Body save +3 = level 2 (Good) + CON +1"
    assert check.describe() == "Body save: 15 vs 15, success"


def test_save_against_a_tier_three_source_needs_21(hc: Ruleset) -> None:
    check = save(hc, [17], source_tier=3)
    assert check.target == 21 and not check.success and check.margin == -2


def test_advantage_under_the_complete_rules(hc: Ruleset) -> None:
    check = save(hc, [4, 16], net=1)
    assert check.total == 16 + 2
    assert "Advantage: the table's call" in check.reasons


def test_boons_under_book_three(b3: Ruleset) -> None:
    check = save(b3, [10, 3], net=2)
    assert check.total == 10 + 2 + 3
    assert check.roll.describe().endswith("+ d6 (2 Boons) [3] = 15")


def test_dwarves_roll_good_saves_with_an_edge(hc: Ruleset, b3: Ruleset) -> None:
    assert save(hc, [3, 18], class_id="dwarf").total == 18 + 2
    assert save(hc, [3], class_id="dwarf", save="Mind").total == 3
    assert save(b3, [5, 4], class_id="dwarf").total == 5 + 2 + 4


def test_darkness_tilts_area_saves(hc: Ruleset, b3: Ruleset) -> None:
    assert save(hc, [15, 2], save="Area", dark=True).total == 2 + 1
    check = save(b3, [15, 5], save="Area", dark=True)
    assert check.total == 15 + 1 - 5 and "3 Banes: darkness" in check.reasons


def test_thief_skill_bailiwick_and_failing(hc: Ruleset) -> None:
    args = {"class_id": "thief", "level": 1, "stats": {**AVERAGE, "DEX": 16}, "dungeon_tier": 2}
    good = checks.thief_skill_check(hc, ScriptedDice([5, 14]), skill="stealth", bailiwick="stealth", **args)
    assert (good.target, good.total) == (18, 16)
    bad = checks.thief_skill_check(hc, ScriptedDice([5, 14]), skill="stealth", failing="stealth", **args)
    assert bad.total == 7


def test_halfling_backup_skills(hc: Ruleset, b3: Ruleset) -> None:
    assert checks.thief_skills_of(hc, "halfling") == (
        "lockpicking",
        "perception",
        "stealth",
        "thief_climbing",
        "trap_finding",
    )
    assert len(checks.thief_skills_of(hc, "thief")) == 8
    assert checks.thief_skills_of(hc, "fighter") == ()
    sneak = checks.thief_skill_check(
        b3, ScriptedDice([9, 4]), class_id="halfling", level=1, stats=AVERAGE, skill="hide_sneak", dungeon_tier=1
    )
    assert sneak.total == 13


def test_skill_targets_by_ruleset(hc: Ruleset, b3: Ruleset) -> None:
    assert checks.skill_check(hc, ScriptedDice([10]), stats=AVERAGE, stat="STR", target_id="with_skill").success
    assert not checks.skill_check(hc, ScriptedDice([10]), stats=AVERAGE, stat="STR", target_id="without_skill").success
    assert checks.skill_check(b3, ScriptedDice([9]), stats=AVERAGE, stat="STR", target_id="two_skills").target == 10


def test_hireling_morale_three_ways(hc: Ruleset) -> None:
    boss = {"class_id": "fighter", "level": 1, "stats": AVERAGE}
    assert hirelings.morale_check(hc, ScriptedDice([14]), hireling_tier=1, **boss).verdict == "keep"
    assert hirelings.morale_check(hc, ScriptedDice([10]), hireling_tier=1, **boss).verdict == "double"
    assert hirelings.morale_check(hc, ScriptedDice([8]), hireling_tier=1, **boss).verdict == "quit"
    higher = hirelings.morale_check(hc, ScriptedDice([16]), hireling_tier=2, **boss)
    assert higher.check.target == 18 and higher.verdict == "double"
    assert hirelings.daily_cost(hc, 2, doubled=True) == "2 sp x2 a day"
