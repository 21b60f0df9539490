"""Book Three's Advantage revision, rule by rule against its text (hammercrawl-book3-advantage.md).

Each test quotes the sentence it holds the ruleset to; the text's worked examples are its vectors.
"""

from __future__ import annotations

from hammertui.kernel.rules.dice import DiceExpr, ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.burn_down.rules import darkness_lines
from hammertui.procedures.divining_pool.rules import search, town
from hammertui.procedures.hammercrawl_camp import rules as camp
from hammertui.procedures.hammercrawl_classes.rules import characters, checks, sheet, tiers
from hammertui.procedures.sides_and_phases.rules import combat

AVERAGE = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10}


# ----------------------------------------------------------------------- Advantage, stacking


def test_two_net_advantages_on_2d6_roll_4d6_and_drop_the_lowest_two(b3a: Ruleset) -> None:
    """ "if you are rolling 2d6 base damage, and you gain two net advantages to the roll, then you
    should roll 4d6, then drop the lowest two." """
    thrown = checks.modified_roll(b3a, ScriptedDice([2, 6, 1, 5]), DiceExpr(2, 6), net=2)
    assert thrown.dice == (2, 6, 1, 5)
    assert thrown.kept == (6, 5) and thrown.total == 11


def test_three_net_disadvantages_on_a_d20_save_keep_the_lowest_of_4d20(b3a: Ruleset) -> None:
    """ "if you are making a d20 saving throw and you have three net disadvantages (yikes!), then you
    should roll 4d20 and keep the lowest single die as your result." """
    thrown = checks.modified_d20(b3a, ScriptedDice([17, 9, 12, 20]), 0, -3, "Luck save")
    assert thrown.dice == (17, 9, 12, 20) and thrown.kept == (9,)


def test_adds_and_disadds_cancel_one_for_one(b3a: Ruleset) -> None:
    """ "Advantages and Disadvantages cancel each other out one for one." """
    saved = checks.saving_throw(
        b3a, ScriptedDice([4, 18]), class_id="dwarf", level=1, stats=AVERAGE, save="Area", source_tier=1, dark=True
    )
    assert b3a.modifier_dice.mode == "advantage"
    assert saved.roll.kept == (4,), "an Area save in the dark keeps the worse of two"
    cancelled = checks.saving_throw(
        b3a, ScriptedDice([4]), class_id="dwarf", level=1, stats=AVERAGE, save="Area", source_tier=1, net=1, dark=True
    )
    assert cancelled.roll.dice == (4,), "one add against one disadd leaves a single die"


# ------------------------------------------------------------------------------ time, light


def test_time_runs_in_beats_of_sixty_rounds(b3a: Ruleset) -> None:
    """ "1 Round = ~10 seconds ... 1 Beat = ~10 minutes = ~60 rounds ... 1 Hour = ~6 Beats" """
    time = b3a.time
    assert (time.unit, time.unit_plural, time.label(1), time.label(6)) == ("Beat", "Beats", "1 Beat", "6 Beats")
    assert (time.seconds_per_round, time.rounds_per_unit, time.units_per_hour) == (10, 60, 6)
    assert time.combat_units(61) == 2


def test_a_search_is_one_in_six_per_searcher_per_beat(b3a: Ruleset) -> None:
    """ "two characters who spend two Beats together searching the same area have a 4 in 6 chance" """
    assert search.search_chance(b3a, searchers=2, units=2).text == "4 in 6"


def test_the_common_light_sources_and_how_long_they_last(b3a: Ruleset) -> None:
    """ "Candle: Lasts 6 Beats, giving a 5-foot radius of weak light / Torch: Lasts 6 Beats (1 hour),
    giving a 20-foot radius of weak light / Lantern w/ 1 flask of oil: Lasts 24 Beats (4 hours),
    giving a 40-foot radius of weak light / Light Spell (requires spellcasting): Lasts 6 Beats
    (+1/caster level), giving a 15-foot radius of strong light" """
    found = {k: (s.duration, s.strength) for k, s in b3a.light_sources.items()}
    assert found == {
        "candle": (6, "weak"),
        "torch": (6, "weak"),
        "lantern": (24, "weak"),
        "light_spell": (6, "strong"),
    }
    spell = b3a.light_sources["light_spell"]
    assert spell.needs_caster and spell.duration_for(caster_level=4) == 10
    assert b3a.light is not None and b3a.light.two_weak_make_strong


def test_darkness_is_disadvantage_and_double_disadvantage_on_sight(b3a: Ruleset) -> None:
    """ "They roll with Disadvantage on Skill rolls, Area Saves. They roll with double Disadvantage on
    all rolls involving visual perception" """
    dark = b3a.darkness
    assert dark is not None and dark.modifiers == {"skills": -1, "area_saves": -1, "sight": -2}
    assert (dark.attack_dice, dark.critical_hits, dark.damage_die_steps) == (-1, False, -1)
    assert "Disadvantage on skills and Area saves" in darkness_lines(b3a)
    assert "double Disadvantage on sight" in darkness_lines(b3a)
    check = checks.skill_check(b3a, ScriptedDice([15, 3]), stats=AVERAGE, stat="INT", target_id="with_skill", dark=True)
    assert check.roll.dice == (15, 3) and check.roll.total == 3


# ------------------------------------------------------------------------------ combat


def test_initiative_is_1d12_plus_dex_and_wis(b3a: Ruleset) -> None:
    """ "the designated leader of each side rolls initiative as follows: 1d12 + DEX mod + WIS mod." """
    assert (b3a.combat.initiative.dice, b3a.combat.initiative.stats) == ("1d12", ("DEX", "WIS"))
    leader = {**AVERAGE, "DEX": 13, "WIS": 16}
    result = combat.roll_initiative(b3a, ScriptedDice([12, 12]), leader_stats=leader, party_count=2, foe_count=3)
    assert result.party.total == 15 and result.foes.total == 12 and result.winner == "party"


def test_initiative_ties_go_to_the_more_numerous_side(b3a: Ruleset) -> None:
    """ "1. Most numerous side wins 2. Winner of last initiative wins 3. Roll off" """
    assert b3a.combat.tie_breaks == ("more_numerous_side", "last_winner", "roll_off")
    result = combat.roll_initiative(b3a, ScriptedDice([7, 7]), leader_stats=AVERAGE, party_count=2, foe_count=3)
    assert result.winner == "foes"


# ------------------------------------------------------------------------------ levelling


def test_levelling_rerolls_every_hit_die_with_the_con_mod_once(b3a: Ruleset) -> None:
    """ "Reroll ALL of your Hit Dice, and apply your CON Mod to the total. Your con mod only applies
    *once*, regardless of how many dice you are rolling." """
    cleric = b3a.classes["cleric"]
    hp, rolls = characters.level_up_hp(b3a, cleric, 3, old_max=6, con_mod=2, source=ScriptedDice([4, 5, 3]))
    assert [r.total for r in rolls] == [4, 5, 3]
    assert hp == 4 + 5 + 3 + 2


def test_a_lower_reroll_gives_the_old_total_plus_one(b3a: Ruleset) -> None:
    """ "If the total is less than your previous HP total, your new HP total is instead equal to the
    previous amount +1." """
    cleric = b3a.classes["cleric"]
    low, _ = characters.level_up_hp(b3a, cleric, 2, old_max=9, con_mod=1, source=ScriptedDice([2, 3]))
    equal, _ = characters.level_up_hp(b3a, cleric, 2, old_max=9, con_mod=1, source=ScriptedDice([4, 4]))
    assert (low, equal) == (10, 9)
    assert b3a.hit_points is not None and b3a.hit_points.level_up_choices == ("reroll_all",)


def test_levelling_needs_ten_times_the_next_level(b3a: Ruleset) -> None:
    """ "you must accrue an amount of XP equal to the next level times 10" """
    assert characters.can_level_up(b3a, 2, 30)[0] and not characters.can_level_up(b3a, 2, 29)[0]


# ------------------------------------------------------------------------------ Turn Unholy


def test_turn_unholy_worked_example(b3a: Ruleset) -> None:
    """ "Thus an undead foe with HD 9 (tier 3) would roll against a target of 6 when turned by a
    Cleric of 2nd level (tier 1)." """
    assert b3a.tier_tables["turn_unholy"] == (6, 9, 12, 15, 18)
    assert tiers.turn_unholy_target(b3a, tiers.tier_of(b3a, 2), combat.foe_tier(b3a, "9")) == 6


def test_intelligent_foes_save_against_turning_with_advantage(b3a: Ruleset) -> None:
    """ "Intelligent opponents always enjoy advantage on saves against turning, unless otherwise
    specified." """
    undead = combat.TurnTarget("Wight", tier=1, intelligent=True)
    attempt = combat.turn_unholy(b3a, ScriptedDice([3, 14]), 2, [undead])
    outcome = attempt.outcomes[0]
    assert outcome.save_target == 12 and outcome.save.dice == (3, 14) and outcome.saved


def test_an_intelligent_foe_can_still_be_destroyed(b3a: Ruleset) -> None:
    """The note gives intelligent foes Advantage only: "Destroyed: The victim is outright destroyed
    by the overwhelming power of the Cleric's faith." """
    result, spared = combat.failed_turn(b3a, cleric_tier=3, tier=1, intelligent=True)
    assert result.id == "destroyed" and not spared


# ------------------------------------------------------------------------------ camp


def test_healing_at_camp_needs_a_bedroll(b3a: Ruleset) -> None:
    """ "Dwarf, Fighter, Halfling, Half-ogre, and Thief: Recover half (round up) of currently-lost HPs.
    **This requires a Bedroll or suitable substitute**." """
    fighter = camp.Camper("c1", "Bruno", "fighter", 1, hp=2, max_hp=9, rations=2)
    assert camp.free_options(b3a, fighter) == ()
    assert camp.free_options(b3a, camp.Camper("c1", "Bruno", "fighter", 1, 2, 9, rations=2, bedroll=True)) == ("heal",)
    assert camp.free_problem(b3a, fighter, camp.CampChoice(free="heal")) == "Bruno: heal needs a Bedroll"


def test_clerics_re_memorize_at_camp(b3a: Ruleset) -> None:
    """ "Cleric, Magic-User: Re-memorize 1 daily spell." """
    assert b3a.classes["cleric"].camp_free == ("rememorize",)
    assert b3a.classes["elf"].camp_free == ("rememorize", "heal")


def test_stand_watch_adds_a_blue_die_and_takes_one_off_the_encounter_roll(b3a: Ruleset) -> None:
    """ "Stand Watch: Add a Blue Die to the next room explored, and -1 to Smith's camp encounter roll" """
    rules = camp.camp_rules(b3a)
    watch = rules.stand_watch
    assert (watch.colour, watch.dice, watch.encounter_modifier) == ("blue", 1, -1)
    encounter = camp.camp_encounter(b3a, ScriptedDice([4]), watchers=1, dungeon_level=2)
    assert encounter.total == 4 - 1 + 2 and not encounter.encounter


def test_every_adventurer_carries_a_bedroll(b3a: Ruleset) -> None:
    """ "This requires Light, Rations, and potentially a Bedroll, however." """
    assert b3a.kit == {"rations": 3, "torch": 1, "bedroll": 1}


# ------------------------------------------------------------------------------ Risk and Reward


def test_risk_and_reward_dice_accrue_and_reset_on_camp_and_town(b3a: Ruleset, b3: Ruleset) -> None:
    """ "After camping, all accrued Risk and Reward dice are pulled from the Pool, their count
    resetting to Zero for the next Explore action." The same words as Book Three's, so the same
    accrual (a decision: the text never says how they accrue)."""
    assert b3a.divining is not None and b3.divining is not None
    assert b3a.divining.accrual == b3.divining.accrual
    assert b3a.decisions["risk_and_reward"].text == b3.decisions["risk_and_reward"].text


# ------------------------------------------------------------------------------ XP


def test_every_thousand_coins_converted_give_each_survivor_one_xp(b3a: Ruleset) -> None:
    """ "For every 1000 coins worth of unspent loot they choose to convert, the entire surviving party
    gains 1 XP." """
    conversion = town.convert_loot(b3a, 2450)
    assert (conversion.xp_each, conversion.left) == (2, 450)


def test_ad_hoc_awards_are_one_two_and_three(b3a: Ruleset) -> None:
    """ "Hah yeah, okay that was pretty cool: 1 XP / Whoah, that was awesome!: 2 XP / (table, players,
    and household all literally explode ...): 3 XP" """
    assert b3a.advancement is not None
    assert [a.xp for a in b3a.advancement.ad_hoc] == [1, 2, 3]


def test_room_xp_by_tier_as_the_complete_rules(b3a: Ruleset) -> None:
    """ "2 or more higher | Multiply x10" """
    assert tiers.xp_reward(b3a, 3, dungeon_tier=3, party_tier=1) == 30


# ------------------------------------------------------------------------------ the rest


def test_skill_targets_are_ten_fifteen_and_twenty(b3a: Ruleset) -> None:
    """ "If the character has either an explicit or assumed skill in the matter, their target is 10.
    If not, their target is 15. And if it's something that the 'Smith deems to be vastly out of that
    character's repertoire of ability, the target is 20." """
    assert b3a.skills is not None
    assert [b3a.skills.target(t) for t in ("with_skill", "without_skill", "out_of_reach")] == [10, 15, 20]


def test_the_thief_skills_and_their_stats(b3a: Ruleset) -> None:
    """ "Appraise & Identify (INT) ... Break & Enter (DEX) ... Climb & Leap (STR) ... Find & Seek (WIS)
    ... Forge & Decipher (INT) ... Hide & Sneak (DEX) ... Lie & Cheat (CHA) ... Snatch & Grab (DEX)" """
    assert b3a.skills is not None
    assert [(s.name, s.stat) for s in b3a.skills.thief_skills] == [
        ("Appraise & Identify", "INT"),
        ("Break & Enter", "DEX"),
        ("Climb & Leap", "STR"),
        ("Find & Seek", "WIS"),
        ("Forge & Decipher", "INT"),
        ("Hide & Sneak", "DEX"),
        ("Lie & Cheat", "CHA"),
        ("Snatch & Grab", "DEX"),
    ]
    assert checks.thief_skills_of(b3a, "halfling") == ("break_enter", "climb_leap", "find_seek", "hide_sneak")


def test_difficulty_modes(b3a: Ruleset) -> None:
    """ "HARDCORE ... Upon reaching Zero HP, your character dies. ... ADVENTURE ... you burn CON until
    you die. ... EXCITEMENT ... As Adventure mode, but CON can also be restored through downtime rest." """
    assert [(m.id, m.zero_hp) for m in b3a.difficulty_modes] == [
        ("hardcore", "death"),
        ("adventure", "burn_con"),
        ("excitement", "burn_con"),
    ]


def test_encumbrance_is_half_int_up_plus_str_mod(b3a: Ruleset) -> None:
    """ "The default base value is equal to one-half (1/2) your INT score, rounded up, and modified
    directly by your STR mod." """
    assert sheet.encumbrance_limit(b3a, {**AVERAGE, "INT": 13, "STR": 16}) == (9, "INT 13 / 2 up = 7 + STR +2")


def test_hireling_costs_in_coins(b3a: Ruleset) -> None:
    """ "| 2 | 20 coins | 2 | 1 in 20 | Expert |" """
    assert b3a.hirelings is not None and b3a.hirelings.row(2).cost == "20 coins"


def test_crits_double_or_take_an_effect(b3a: Ruleset, hc: Ruleset) -> None:
    """ "double that total, and then apply that much damage. Alternately, instead of doubling the
    damage you can choose to apply a cool narrative or tactical effect" """
    assert b3a.combat.critical == hc.combat.critical
    assert b3a.combat.critical.narrative_option and b3a.combat.critical.chain_save is None


def test_the_classes_are_the_complete_rules(b3a: Ruleset, hc: Ruleset) -> None:
    assert set(b3a.classes) == set(hc.classes)
    assert b3a.classes["fighter"] == hc.classes["fighter"]
