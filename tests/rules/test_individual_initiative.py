"""The fight by individual initiative against the Russell House Rules' own words: each rule's
test quotes the text it checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import RulesetError, load_ruleset
from hammertui.procedures.individual_initiative import rules
from hammertui.procedures.individual_initiative.schema import IndividualInitiative
from tests import individual_initiative_ruleset


@pytest.fixture(scope="module")
def fight(tmp_path_factory: pytest.TempPathFactory) -> IndividualInitiative:
    ruleset = individual_initiative_ruleset.load(tmp_path_factory.mktemp("rules"))
    assert ruleset.individual_initiative is not None
    return ruleset.individual_initiative


def test_initiative_is_descending_and_re_rolled_with_wisdom() -> None:
    """ "Each character rolls 1d6 and adds their Wisdom modifier. ... act in descending order of Initiative"."""
    assert rules.initiative_order([("darla", 3 + 1), ("goblin", 5 + 0), ("wenna", 2 - 1)]) == (
        "goblin",
        "darla",
        "wenna",
    )
    assert rules.initiative_order([("darla", 4), ("goblin", 4)]) == ("darla", "goblin"), "ties keep the listed order"
    assert rules.initiative_modifier(1, heavy=False, penalty=1) == 1
    assert rules.initiative_modifier(1, heavy=True, penalty=1) == 0, "Heavy: penalize initiative by one"


def test_target_20(fight: IndividualInitiative) -> None:
    """ "rolls 1d20, adds their character's Weapon Skill or Bow Skill, their target's AC, and if the
    total is equal to 20 or higher, they hit their target"."""
    assert rules.target20(10, 0, 1, 9, fight).hit, "10 + WS 1 + AC 9 = 20 hits"
    assert not rules.target20(9, 0, 1, 9, fight).hit, "19 misses"
    assert not rules.target20(14, 0, 1, 2, fight).hit, "full plate with a shield, AC 2: 17 misses"


def test_monsters_have_1_ws_per_hd(fight: IndividualInitiative) -> None:
    """ "Monsters follow the same procedure, assuming 1 WS per HD, unless otherwise specified"."""
    assert rules.monster_weapon_skill(3, fight.monster_ws_per_hd) == 3


def test_crits_and_fumbles(fight: IndividualInitiative) -> None:
    """ "A roll of a "20" indicates a critical hit, which hits automatically ... A roll of a "1"
    indicates a fumble, which automatically misses"."""
    crit = rules.target20(20, -4, 0, 2, fight)
    assert crit.hit and crit.critical, "a 20 hits even when the total falls short"
    fumble = rules.target20(1, 4, 10, 9, fight)
    assert not fumble.hit and fumble.fumble, "a 1 misses whatever the total"
    assert rules.damage_times(double=True, reach_braced_on_charger=False) == 2, "either double damage"


def test_firing_into_melee(fight: IndividualInitiative) -> None:
    """ "If firing into melee, a miss on an attack roll of 1-5 will hit a random ally"."""
    assert rules.stray_hits_ally(rules.target20(5, 0, 1, 3, fight), True, fight.stray_shot)
    assert not rules.stray_hits_ally(rules.target20(6, 0, 1, 3, fight), True, fight.stray_shot)
    assert not rules.stray_hits_ally(rules.target20(5, 0, 1, 3, fight), False, fight.stray_shot), (
        "not firing into melee"
    )
    assert not rules.stray_hits_ally(rules.target20(5, 0, 6, 9, fight), True, fight.stray_shot), (
        "a 5 that hits hits its target"
    )


def test_fighting_options(fight: IndividualInitiative) -> None:
    """ "Charge: ... Gain advantage to hit"; "Press: Gain advantage on your attack roll but AC is 4
    worse." "Defend: Improve AC by 2, but cannot attack this round." Finesse: "When pressing with a
    Finesse weapon, only reduce AC by 2, and when defending, you may still make an attack, but with
    disadvantage"."""
    assert rules.attack_net("charge", False, (), 0, 0) == 1
    assert rules.attack_net("press", False, (), 0, 0) == 1
    assert rules.armour_class(5, "press", False, fight.options) == 9
    assert rules.armour_class(5, "press", True, fight.options) == 7
    assert rules.armour_class(5, "defend", False, fight.options) == 3
    assert rules.cannot_attack("defend", False, ()) != ""
    assert rules.cannot_attack("defend", True, ()) == ""
    assert rules.attack_net("defend", True, (), 0, 0) == -1


def test_conditions() -> None:
    """ "Floored: ... Can defend yourself only. Enemies gain advantage to hit you." "Stunned: ... No
    actions can be taken. Enemies gain double advantage to hit you." "Helpless: ... Enemies hit
    automatically and deal wounds rather than HP damage"."""
    assert rules.attack_net("", False, ("floored",), 0, 0) == 1
    assert rules.attack_net("", False, ("stunned",), 0, 0) == 2
    for held in ("floored", "stunned", "helpless"):
        assert rules.cannot_attack("", False, (held,)) != ""
    assert rules.harm(5, 2, helpless=True) == rules.Harm(5, True)


def test_light_and_weariness_count_against_the_attack() -> None:
    """Dark: "double disadvantage on all other rolls, including combat"; Wearied "stacks with any
    other disadvantage affecting the character, forcing them to roll twice, keep the worst, and
    subtract four"."""
    assert rules.attack_net("", False, (), -2, 0) == -2
    assert rules.attack_net("", False, (), 0, -2) == -2
    assert rules.attack_net("press", False, (), -1, 0) == 0, "Press in dim light cancels out"


def test_crushing(fight: IndividualInitiative) -> None:
    """ "Any armor granting AC better than 5 counts as 5 against crushing weapons. Note that this only
    applies if the AC is derived from physical weight of armor"."""
    assert rules.crushed_ac(3, True, True, fight.crushing_ac) == 5
    assert rules.crushed_ac(7, True, True, fight.crushing_ac) == 7
    assert rules.crushed_ac(3, True, False, fight.crushing_ac) == 3, "nimbleness or magic is unaffected"
    assert rules.crushed_ac(3, False, True, fight.crushing_ac) == 3


def test_damage_by_weapon_abilities() -> None:
    """Heavy "advantage on damage"; Light "disadvantage on damage"; Close, "Not only allowed to be used
    at Near range ... grants advantage on damage. Most close weapons can be used at melee range for
    normal damage"; Reach, "If Braced, can perform a reactive attack for x2 damage on the first opponent to
    charge within range"."""
    assert rules.damage_net(("heavy",)) == 1
    assert rules.damage_net(("light",)) == -1
    assert rules.damage_net(("close", "finesse"), "touching") == 1
    assert rules.damage_net(("close", "finesse")) == 0
    assert rules.damage_times(False, True) == 2
    assert rules.damage_times(True, True) == 4


def test_death_by_wounds(fight: IndividualInitiative) -> None:
    """ "When a character reaches zero HP, any additional hits will cause wounds." "a second wound
    will kill the character." | 3 | Nasty Cut - Stunned, Bleeding Out |"""
    assert rules.harm(4, 6, helpless=False) == rules.Harm(0, False), "the blow that reaches 0 is not a wound"
    assert rules.harm(0, 1, helpless=False) == rules.Harm(0, True)
    nasty = rules.wound_for(fight.wounds, 3)
    assert nasty.name == "Nasty Cut" and nasty.conditions == ("stunned", "bleeding_out")
    assert rules.wound_for(fight.wounds, 6).conditions == ("floored",)
    assert not rules.wound_kills(1, fight.wounds_kill) and rules.wound_kills(2, fight.wounds_kill)


def test_bleeding_out(fight: IndividualInitiative) -> None:
    """ "Player must roll a constitution save every round. After three failures, the character dies.
    May be stabilized by an ally rolling 1d6 + Int modifier, with a 6 or higher succeeding"."""
    assert rules.save_passes(*rules.keep_for_save([12], 0), 12) and not rules.save_passes(
        *rules.keep_for_save([13], 0), 12
    )
    assert not rules.bled_out(2, fight.bleeding_out.failures) and rules.bled_out(3, fight.bleeding_out.failures)
    assert rules.stabilised(5, 1, fight.bleeding_out.stabilise_target)
    assert not rules.stabilised(5, 0, fight.bleeding_out.stabilise_target)


def test_double_disadvantage_on_a_save() -> None:
    """ "If you have double disadvantage, roll two, keep the worse, and make worse by 4": on a save
    rolled under, the higher die, 4 higher."""
    assert rules.keep_for_save([6, 11], -2) == (11, 4)
    assert rules.keep_for_save([6, 11], -1) == (11, 0)
    assert rules.keep_for_save([6, 11], 2) == (6, -4)


def test_guts(fight: IndividualInitiative) -> None:
    """ "Guts is rated from 3 to 12 and is tested by the referee rolling 2d6, with results equal to
    or below their Guts passing." Hirelings "have a Guts of 7" and roll "modified by their employer's
    Charisma"; "Hirelings take their Guts rolls at a disadvantage in dim conditions"."""
    assert rules.guts_passes(7, 7) and not rules.guts_passes(8, 7)
    assert rules.hireling_guts(fight.guts.hireling, 1) == 8
    assert rules.guts_total([5, 9], -1) == 9
    assert rules.half_strength(2, 4) and not rules.half_strength(3, 4)
    assert fight.guts.reasons[:3] == ("first casualty", "half strength", "leader lost")


def test_a_fight_takes_a_turn(fight: IndividualInitiative) -> None:
    """ "Generally assume that an encounter ends up taking a full turn unless it is exceptionally long"."""
    assert rules.fight_time(fight.turns) == 1
    assert rules.fight_time(fight.turns, 3) == 3


def test_a_wound_table_missing_a_face_is_refused(tmp_path: Path) -> None:
    text = individual_initiative_ruleset.RULESET.replace(
        '    { roll = 6, name = "Light Head Wound", conditions = ["floored"] },\n', ""
    )
    path = tmp_path / "short.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert "individual_initiative.wounds" in str(refused.value) and "no row for 6" in str(refused.value)


def test_what_each_range_allows() -> None:
    """ "Touching: ... Can only use close weapons like daggers or natural weapons." "Hand-to-Hand: ...
    All melee weapons can be used at this range, but ranged weapons cannot." "Close: Within throwing
    distance. Ranged weapons can be used ... and characters can move into melee range and attack if
    desired." "Far: Beyond throwing distance. Lit targets can be targeted with ranged weapons ...
    Spend a round moving to get within Close range." """
    assert rules.out_of_range("touching", False, False).startswith("at Touching range only close weapons")
    assert rules.out_of_range("touching", False, True) == ""
    assert rules.out_of_range("hand_to_hand", True, False).endswith("ranged weapons cannot be used")
    assert rules.out_of_range("hand_to_hand", False, False) == ""
    assert rules.out_of_range("close", True, False) == rules.out_of_range("close", False, False) == ""
    assert rules.out_of_range("far", True, False) == ""
    assert rules.out_of_range("far", False, False).startswith("is Far away")
