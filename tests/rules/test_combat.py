"""Combat rules with scripted dice: initiative and its tie-breaks, phases, attacks, crits, foes,
morale, Turn Unholy and what a fight costs the clock."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.sides_and_phases.rules.combat import (
    DAMAGE_DIE_LADDER,
    AttackPlan,
    Step,
    TurnTarget,
    action_phase,
    combat_time,
    declare_movement,
    describe_combat_time,
    first_step,
    foe_hit_points,
    foe_tier,
    morale_2d6,
    morale_by_tiers,
    morale_eyeballed,
    morale_plan,
    next_step,
    parse_hit_dice,
    phases,
    plan_character_attack,
    plan_foe_attack,
    resolve_attack,
    roll_initiative,
    round_steps,
    step_die,
    surprise_check,
    turn_unholy,
    with_stay_put,
)

SHEET = ("STR", "DEX", "CON", "INT", "WIS", "CHA")


def stats(**scores: int) -> dict[str, int]:
    base = dict.fromkeys(SHEET, 10)
    base.update(scores)
    return base


LEADER = stats(DEX=13, WIS=16)  # DEX +1, WIS +2: initiative +3
FIGHTER = stats(STR=16, DEX=13)  # STR +2, DEX +1


def with_tie_breaks(ruleset: Ruleset, tie_breaks: tuple[str, ...]) -> Ruleset:
    return attrs.evolve(
        ruleset, sections={**ruleset.sections, "combat": attrs.evolve(ruleset.combat, tie_breaks=tie_breaks)}
    )


# ----------------------------------------------------------------------------------- initiative


def test_initiative_highest_roll_wins_on_a_d10_in_the_complete_rules(hc: Ruleset) -> None:
    dice = ScriptedDice([4, 6])
    result = roll_initiative(hc, dice, leader_stats=LEADER, party_count=3, foe_count=5)
    assert dice.thrown == [(10, 4), (10, 6)]
    assert (result.party.total, result.foes.total) == (7, 6)
    assert result.winner == "party"
    assert result.order == ("party", "foes")
    assert result.decided_by == "roll"
    assert result.explanation == "The party rolled 7, the foes 6: the party acts first."
    assert [r.describe() for r in result.rolls] == [
        "party initiative 1d10+3: [4] +3 = 7",
        "foes initiative 1d10: [6] = 6",
    ]


def test_book_three_rolls_a_d12_and_the_foes_flat_modifier_counts(b3: Ruleset) -> None:
    dice = ScriptedDice([9, 11])
    result = roll_initiative(b3, dice, leader_stats=LEADER, party_count=3, foe_count=3, foe_modifier=2)
    assert dice.thrown == [(12, 9), (12, 11)]
    assert (result.party.total, result.foes.total) == (12, 13)
    assert result.winner == "foes"
    assert result.order == ("foes", "party")
    assert result.loser == "party"


@pytest.mark.parametrize(("party_count", "foe_count", "winner"), [(4, 3, "party"), (2, 6, "foes")])
def test_a_tie_goes_to_the_more_numerous_side(hc: Ruleset, party_count: int, foe_count: int, winner: str) -> None:
    result = roll_initiative(
        hc,
        ScriptedDice([3, 6]),
        leader_stats=LEADER,
        party_count=party_count,
        foe_count=foe_count,
        last_winner="foes" if winner == "party" else "party",
    )
    assert result.winner == winner
    assert result.decided_by == "more_numerous_side"
    assert result.decided_by_name == "Most numerous side wins"
    assert result.roll_offs == ()


def test_the_more_numerous_explanation_reads_plainly(hc: Ruleset) -> None:
    result = roll_initiative(hc, ScriptedDice([3, 6]), leader_stats=LEADER, party_count=4, foe_count=3)
    assert result.explanation == (
        "Both sides rolled 6; the party outnumbers the foes (4 to 3), so the party acts first."
    )


def test_an_even_tie_goes_to_last_rounds_winner(hc: Ruleset) -> None:
    result = roll_initiative(
        hc, ScriptedDice([3, 6]), leader_stats=LEADER, party_count=3, foe_count=3, last_winner="foes"
    )
    assert result.winner == "foes"
    assert result.decided_by == "last_winner"
    assert result.explanation == (
        "Both sides rolled 6; the sides are equal in number (3 each); "
        "the foes won the last initiative, so the foes act first."
    )


def test_with_nothing_else_to_go_on_both_roll_off_until_they_differ(hc: Ruleset) -> None:
    dice = ScriptedDice([3, 6, 2, 5, 9, 1])
    result = roll_initiative(hc, dice, leader_stats=LEADER, party_count=3, foe_count=3)
    assert dice.remaining == 0
    assert result.winner == "party"
    assert result.decided_by == "roll_off"
    assert result.decided_by_name == "Roll off"
    assert [(p.total, f.total) for p, f in result.roll_offs] == [(5, 5), (12, 1)]
    assert len(result.rolls) == 6
    assert result.explanation == (
        "Both sides rolled 6; the sides are equal in number (3 each); nobody won an earlier "
        "initiative; roll-off (party to foes) 5 to 5, then 12 to 1: the party acts first."
    )


def test_a_roll_off_can_go_to_the_foes(b3: Ruleset) -> None:
    result = roll_initiative(b3, ScriptedDice([7, 10, 1, 12]), leader_stats=LEADER, party_count=2, foe_count=2)
    assert result.winner == "foes"
    assert [(p.total, f.total) for p, f in result.roll_offs] == [(4, 12)]


def test_tie_breaks_run_in_the_rulesets_order(hc: Ruleset) -> None:
    reordered = with_tie_breaks(hc, ("last_winner", "more_numerous_side", "roll_off"))
    result = roll_initiative(
        reordered, ScriptedDice([3, 6]), leader_stats=LEADER, party_count=5, foe_count=2, last_winner="foes"
    )
    assert (result.winner, result.decided_by) == ("foes", "last_winner")


def test_without_tie_breaks_a_tie_still_ends_in_a_roll_off(hc: Ruleset) -> None:
    result = roll_initiative(
        with_tie_breaks(hc, ()),
        ScriptedDice([3, 6, 8, 1]),
        leader_stats=LEADER,
        party_count=5,
        foe_count=2,
        last_winner="foes",
    )
    assert (result.winner, result.decided_by) == ("party", "roll_off")


# ---------------------------------------------------------------------------------------- phases


def test_the_complete_rules_phases(hc: Ruleset) -> None:
    assert [(p.id, p.name) for p in phases(hc)] == [
        ("movement", "Movement"),
        ("missile", "Missile"),
        ("melee", "Melee"),
        ("misc", "Misc."),
        ("magic", "Magic"),
    ]


def test_book_three_phases_are_the_six_ms(b3: Ruleset) -> None:
    assert [(p.id, p.name) for p in phases(b3)] == [
        ("morale", "Morale"),
        ("movement", "Movement"),
        ("missile", "Missile"),
        ("melee", "Melee"),
        ("magic", "Magic"),
        ("move_again", "Move (again)"),
        ("misc", "Misc."),
    ]


def test_a_round_is_the_winners_phases_then_the_losers(hc: Ruleset) -> None:
    steps = round_steps(hc, 2, ("foes", "party"))
    assert [(s.side, s.phase.id) for s in steps] == [
        ("foes", "movement"),
        ("foes", "missile"),
        ("foes", "melee"),
        ("foes", "misc"),
        ("foes", "magic"),
        ("party", "movement"),
        ("party", "missile"),
        ("party", "melee"),
        ("party", "misc"),
        ("party", "magic"),
    ]
    assert {s.round for s in steps} == {2}


def test_walking_a_round_step_by_step_ends_with_none(b3: Ruleset) -> None:
    step = first_step(b3, 1, ("party", "foes"))
    walked = []
    while step is not None:
        walked.append(step)
        step = next_step(b3, step, ("party", "foes"))
    assert len(walked) == 14
    assert walked[0].describe() == "Round 1, the party: Morale"
    assert walked[6].describe() == "Round 1, the party: Misc."
    assert walked[7].describe() == "Round 1, the foes: Morale"
    assert walked[-1].describe() == "Round 1, the foes: Misc."


def test_a_surprised_side_loses_the_first_round_only(hc: Ruleset) -> None:
    first = round_steps(hc, 1, ("party", "foes"), surprised=["party"])
    assert [s.side for s in first] == ["foes"] * 5
    second = round_steps(hc, 2, ("party", "foes"), surprised=["party"])
    assert [s.side for s in second] == ["party"] * 5 + ["foes"] * 5
    assert first_step(hc, 1, ("party", "foes"), surprised=["party"]) == first[0]


def test_when_both_sides_are_surprised_nobody_acts_in_round_one(hc: Ruleset) -> None:
    assert round_steps(hc, 1, ("party", "foes"), surprised=["party", "foes"]) == ()
    assert first_step(hc, 1, ("party", "foes"), surprised=["party", "foes"]) is None


def test_a_step_outside_the_round_is_refused(hc: Ruleset) -> None:
    skipped = Step(1, "party", phases(hc)[0])
    with pytest.raises(ValueError, match="not a step"):
        next_step(hc, skipped, ("party", "foes"), surprised=["party"])


def test_surprise_can_be_shaken_off_with_a_rally_save(b3: Ruleset) -> None:
    """ "have all of the "surprised" characters roll Rally saves. Anyone who passes can act in the
    first round of combat." The target is by the tiers: a source "One Lower" is 12, "Equal" 15."""
    passed = surprise_check(b3, ScriptedDice([11]), save_bonus=1, own_tier=2, surprisers_tier=1, name="Bruna")
    assert passed.passed and passed.roll.total == 12 and passed.target == 12
    assert passed.roll.label == "Bruna Rally save (surprise) 1d20+1"
    assert not surprise_check(b3, ScriptedDice([10]), save_bonus=1, own_tier=2, surprisers_tier=1).passed
    assert surprise_check(b3, ScriptedDice([14]), save_bonus=1, own_tier=1, surprisers_tier=1).target == 15


def test_the_complete_rules_have_no_save_against_surprise(hc: Ruleset) -> None:
    with pytest.raises(ValueError, match="no save against surprise"):
        surprise_check(hc, ScriptedDice([20]), save_bonus=0, own_tier=1, surprisers_tier=1)


# -------------------------------------------------------------------------------------- movement


def test_movement_options(hc: Ruleset) -> None:
    stay = declare_movement(hc, "stay_put", 30)
    near = declare_movement(hc, "move_near", 30)
    far = declare_movement(hc, "move_far", 25)
    assert (stay.max_distance, stay.may_act, stay.die_bonus) == (0, True, 1)
    assert (near.max_distance, near.may_act, near.die_bonus) == (30, True, 0)
    assert (far.max_distance, far.may_act, far.die_bonus) == (50, False, 0)
    with pytest.raises(ValueError, match="unknown movement"):
        declare_movement(hc, "teleport", 30)


@pytest.mark.parametrize(
    ("action", "movement", "phase"),
    [
        ("missile", "stay_put", "missile"),
        ("melee", "move_near", "melee"),
        ("magic", "move_near", "magic"),
        ("misc", "stay_put", "misc"),
        ("move", "move_near", None),
        ("melee", "move_far", None),
    ],
)
def test_where_an_action_lands_in_the_complete_rules(
    hc: Ruleset, action: str, movement: str, phase: str | None
) -> None:
    slot = action_phase(hc, action, movement)
    assert (slot.phase.id if slot.phase else None) == phase
    assert slot.may_act is (phase is not None)


def test_book_three_has_a_move_action(b3: Ruleset) -> None:
    slot = action_phase(b3, "movement")
    assert slot.may_act and slot.phase is not None
    assert slot.phase.name == "Move (again)"
    assert action_phase(b3, "move", "move_far").explanation == "Move Far leaves no action this round."


# --------------------------------------------------------------------------------- attack dice


@pytest.mark.parametrize(
    ("class_id", "level", "kind", "dice"),
    [
        ("fighter", 1, "melee", 2),
        ("fighter", 3, "melee", 3),
        ("fighter", 6, "melee", 4),
        ("fighter", 15, "melee", 7),
        ("magic_user", 10, "melee", 1),
        ("halfling", 3, "melee", 1),
        ("halfling", 4, "melee", 2),
        ("dwarf", 5, "melee", 3),
        ("dwarf", 5, "missile", 1),
        ("elf", 5, "missile", 3),
    ],
)
def test_attack_dice_by_class_and_level(hc: Ruleset, class_id: str, level: int, kind: str, dice: int) -> None:
    assert plan_character_attack(hc, class_id, level, FIGHTER, kind).dice == dice


@pytest.mark.parametrize(
    ("class_id", "level", "kind", "dice"),
    [
        ("fighter", 1, "melee", 1),
        ("fighter", 3, "melee", 2),
        ("cleric", 9, "melee", 0),
        ("dwarf", 1, "missile", 0),
    ],
)
def test_darkness_takes_an_attack_die(hc: Ruleset, class_id: str, level: int, kind: str, dice: int) -> None:
    plan = plan_character_attack(hc, class_id, level, FIGHTER, kind, dark=True)
    assert plan.dice == dice
    assert plan.can_attack is (dice > 0)


def test_with_no_attack_dice_left_nothing_is_thrown(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "magic_user", 1, FIGHTER, dark=True)
    dice = ScriptedDice([])
    result = resolve_attack(hc, dice, plan, 10)
    assert result.dice == () and result.rolls == () and result.total_damage == 0
    assert result.lines[-1] == "Magic-User cannot attack."
    assert "no attack dice left: cannot attack" in result.lines[-2]


def test_attack_bonus_is_rank_plus_the_kinds_stat(hc: Ruleset) -> None:
    assert plan_character_attack(hc, "fighter", 3, FIGHTER, "melee").bonus == 5
    assert plan_character_attack(hc, "fighter", 3, FIGHTER, "missile").bonus == 4
    assert plan_character_attack(hc, "thief", 6, FIGHTER, "missile").bonus == 3


STRONG = {"STR": 18, "DEX": 13, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10}


def test_str_modifies_melee_and_thrown_damage_under_the_complete_rules(hc: Ruleset) -> None:
    """ "Melee Damage Modifier = STR mod"; STR modifies "Melee Damage Rolls, Thrown Damage Rolls"."""
    assert str(plan_character_attack(hc, "fighter", 1, STRONG, "melee").damage_expr) == "1d8+3"
    assert str(plan_character_attack(hc, "fighter", 1, STRONG, "thrown").damage_expr) == "1d8+3"
    assert str(plan_character_attack(hc, "fighter", 1, STRONG, "missile").damage_expr) == "1d8"


def test_a_thrown_attack_is_a_missile_attack_roll_with_dex(hc: Ruleset) -> None:
    """DEX modifies "Missile Attack Rolls", and a thrown weapon is a "Thrown (Missile) attack"."""
    thrown = plan_character_attack(hc, "fighter", 1, STRONG, "thrown")
    assert thrown.bonus == 1 + 1  # level 1 (Rank A) + DEX 13's +1, not STR 18's +3
    assert thrown.kind == "thrown"
    assert hc.combat.attack_kinds == ("melee", "missile", "thrown")


def test_book_three_adds_str_in_melee_and_nothing_to_missiles_thrown_or_not(b3: Ruleset) -> None:
    """ "Melee attacks add STR mods to damage"; "Missile attacks have no stat mods to damage", and
    missile attacks are "bows, slings, thrown weapons, and so on"."""
    assert str(plan_character_attack(b3, "fighter", 1, STRONG).damage_expr) == "1d8+3"
    assert str(plan_character_attack(b3, "fighter", 1, STRONG, "missile").damage_expr) == "1d8"
    assert b3.combat.attack_kinds == ("melee", "missile")
    assert str(plan_character_attack(b3, "fighter", 1, FIGHTER, damage_bonus=1).damage_expr) == "1d8+3"


def test_a_dwarf_throws_only_the_base_die_when_throwing(hc: Ruleset) -> None:
    """ "Dwarves can only use their bonus dice for melee attacks ... your base die can always be
    used however you like": at level 5 a Dwarf has 3 dice, 1 of them for a thrown axe."""
    assert plan_character_attack(hc, "dwarf", 5, STRONG, "melee").dice == 3
    thrown = plan_character_attack(hc, "dwarf", 5, STRONG, "thrown")
    assert thrown.dice == 1
    assert "bonus dice are melee only; the base die goes with any attack: 1 for a thrown attack" in thrown.lines


# ------------------------------------------------------------------------------- resolving hits


def test_each_hit_deals_the_one_damage_roll(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 3, FIGHTER)  # 3 dice at +5, d8 + STR 2
    dice = ScriptedDice([9, 8, 12, 6])
    result = resolve_attack(hc, dice, plan, 14)
    assert dice.thrown == [(20, 9), (20, 8), (20, 12), (8, 6)]
    assert [d.hit for d in result.dice] == [True, False, True]
    assert [d.damage for d in result.dice] == [8, 0, 8]
    assert (result.hits, result.total_damage, result.damage_per_hit) == (2, 16, 8)
    assert result.lines == (
        "Fighter: 3 attack dice at +5, damage 1d8+2 vs AC 14",
        "die 1: attack 1 1d20+5: [9] +5 = 14: hit for 8",
        "die 2: attack 2 1d20+5: [8] +5 = 13: miss",
        "die 3: attack 3 1d20+5: [12] +5 = 17: hit for 8",
        "damage 1d8+2: [6] +2 = 8",
        "2 hits, 16 damage",
    )


def test_a_hit_deals_at_least_one(b3: Ruleset) -> None:
    weak = stats(STR=3)
    plan = plan_character_attack(b3, "magic_user", 1, weak)  # d4 - 3
    result = resolve_attack(b3, ScriptedDice([15, 1]), plan, 10)
    assert result.damage_roll is not None and result.damage_roll.total == -2
    assert result.total_damage == 1


def test_a_foes_attack_resolves_the_same_way(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 2, 4, 6, name="Ogre")
    result = resolve_attack(hc, ScriptedDice([12, 3, 4]), plan, 15)
    assert plan.describe() == "Ogre: 2 attack dice at +4, damage 1d6"
    assert [d.hit for d in result.dice] == [True, False]
    assert result.total_damage == 4


def test_a_foe_in_darkness_loses_a_die_and_a_damage_step(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 1, 0, 10, dark=True)
    assert (plan.dice, plan.damage_die, plan.can_attack) == (0, 8, False)


# ------------------------------------------------------------------------- crits and fumbles


def test_complete_rules_crit_doubles_or_takes_a_narrative_effect(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 1, FIGHTER)  # 2 dice at +3, d8 + STR 2
    result = resolve_attack(hc, ScriptedDice([20, 10, 5]), plan, 14)
    first, second = result.dice
    assert (first.critical, first.multiplier, first.damage) == (True, 2, 14)
    assert (second.hit, second.damage) == (False, 0)
    assert result.total_damage == 14
    assert result.narrative_option is True
    assert result.damage_with_narrative_criticals == 7
    assert result.lines[-1] == "1 hit, 14 damage (7 if the crits take an effect instead)"


def test_a_natural_20_hits_whatever_the_ac(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 1, FIGHTER)
    result = resolve_attack(hc, ScriptedDice([20, 19, 4]), plan, 30)
    assert [d.hit for d in result.dice] == [True, False]
    assert result.total_damage == 2 * (4 + 2)


def test_a_natural_1_fumbles_and_misses_whatever_the_bonus(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 2, 20, 6)
    result = resolve_attack(hc, ScriptedDice([1, 2, 3]), plan, 10)
    assert [(d.fumble, d.hit) for d in result.dice] == [(True, False), (False, True)]
    assert (result.fumbles, result.total_damage) == (1, 3)
    assert result.dice[0].describe() == "attack 1 1d20+20: [1] +20 = 21: FUMBLE"


def test_book_three_crit_chains_luck_saves(b3: Ruleset) -> None:
    plan = plan_character_attack(b3, "fighter", 1, FIGHTER)  # 2 dice at +3, d8+2
    dice = ScriptedDice([20, 4, 6, 15, 18, 9])
    result = resolve_attack(b3, dice, plan, 12, luck_bonus=0, luck_target=15)
    assert dice.remaining == 0
    crit, miss = result.dice
    assert [s.total for s in crit.luck_saves] == [15, 18, 9]
    assert (crit.multiplier, crit.damage) == (4, 32)
    assert (miss.hit, miss.luck_saves) == (False, ())
    assert result.total_damage == 32
    assert result.narrative_option is False
    assert [r.label for r in result.rolls] == [
        "attack 1 1d20+3",
        "attack 2 1d20+3",
        "damage 1d8+2",
        "attack 1 crit Luck save 1d20",
        "attack 1 crit Luck save 1d20",
        "attack 1 crit Luck save 1d20",
    ]


def test_a_failed_first_luck_save_leaves_the_multiplier_at_two(b3: Ruleset) -> None:
    plan = plan_character_attack(b3, "fighter", 1, FIGHTER)
    result = resolve_attack(b3, ScriptedDice([20, 4, 6, 11]), plan, 12, luck_bonus=3, luck_target=15)
    assert (result.dice[0].multiplier, result.total_damage) == (2, 16)


def test_each_crit_die_runs_its_own_chain(b3: Ruleset) -> None:
    plan = plan_character_attack(b3, "fighter", 1, FIGHTER)
    result = resolve_attack(b3, ScriptedDice([20, 20, 2, 3, 16, 2]), plan, 12, luck_target=15)
    assert [d.multiplier for d in result.dice] == [2, 3]
    assert result.total_damage == 4 * 2 + 4 * 3
    assert result.criticals == 2


def test_a_book_three_crit_needs_the_luck_target(b3: Ruleset) -> None:
    plan = plan_character_attack(b3, "fighter", 1, FIGHTER)
    with pytest.raises(ValueError, match="Luck save's target"):
        resolve_attack(b3, ScriptedDice([20, 4, 6]), plan, 12)


def test_no_crits_in_darkness(hc: Ruleset, b3: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 3, FIGHTER, dark=True)  # 2 dice at +5, d6
    dice = ScriptedDice([20, 9, 4])
    result = resolve_attack(hc, dice, plan, 30)
    assert dice.thrown == [(20, 20), (20, 9), (6, 4)]
    assert [(d.critical, d.hit) for d in result.dice] == [(False, False), (False, False)]
    assert result.narrative_option is False
    dark_b3 = plan_character_attack(b3, "fighter", 3, FIGHTER, dark=True)
    lit = resolve_attack(b3, ScriptedDice([20, 9, 4]), dark_b3, 20)
    assert (lit.dice[0].critical, lit.dice[0].hit, lit.dice[0].luck_saves) == (False, True, ())


# ---------------------------------------------------------------------- damage dice, two-handers


@pytest.mark.parametrize(
    ("sides", "steps", "expected"),
    [(8, -1, 6), (6, -1, 4), (4, -1, 4), (12, -1, 10), (12, 1, 12), (6, 2, 10), (20, -1, 12), (3, 1, 4)],
)
def test_the_damage_die_ladder(sides: int, steps: int, expected: int) -> None:
    assert DAMAGE_DIE_LADDER == (4, 6, 8, 10, 12)
    assert step_die(sides, steps) == expected


def test_darkness_lowers_the_damage_die_one_size(hc: Ruleset, b3: Ruleset) -> None:
    assert plan_character_attack(hc, "fighter", 1, FIGHTER, dark=True).damage_die == 6
    assert plan_character_attack(b3, "cleric", 1, FIGHTER, dark=True).damage_die == 4
    assert plan_character_attack(hc, "magic_user", 1, FIGHTER, dark=True).damage_die == 4
    assert plan_character_attack(hc, "berserker", 1, FIGHTER, dark=True, two_handed=True).damage_die == 10


def test_berserker_two_hander_is_a_d12_in_melee_only(hc: Ruleset) -> None:
    melee = plan_character_attack(hc, "berserker", 1, FIGHTER, two_handed=True)
    thrown = plan_character_attack(hc, "berserker", 1, FIGHTER, "missile", two_handed=True)
    assert (melee.damage_die, melee.damage_dice) == (12, 1)
    assert (thrown.damage_die, thrown.damage_dice) == (10, 1)
    assert plan_character_attack(hc, "berserker", 1, FIGHTER).damage_die == 10


def test_fighter_two_hander_rolls_an_extra_damage_die_and_adds_it(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 1, FIGHTER, two_handed=True)
    assert (plan.damage_die, plan.damage_dice) == (8, 2)
    dice = ScriptedDice([15, 3, 5, 6])
    result = resolve_attack(hc, dice, plan, 10)
    assert dice.thrown[-2:] == [(8, 5), (8, 6)]
    assert (result.damage_per_hit, result.total_damage) == (13, 13)  # 5 + 6 + STR 2


def test_two_handed_changes_nothing_for_other_classes(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "thief", 1, FIGHTER, two_handed=True)
    assert (plan.damage_die, plan.damage_dice) == (6, 1)
    assert "two-handed weapon: no change for this class" in plan.lines


def test_elf_blade_dancer_gains_dice_and_drops_a_damage_step(hc: Ruleset) -> None:
    one = plan_character_attack(hc, "elf", 1, FIGHTER, two_weapons=True)
    nine = plan_character_attack(hc, "elf", 9, FIGHTER, two_weapons=True)
    assert (one.dice, one.damage_die) == (3, 6)
    assert (nine.dice, nine.damage_die) == (5, 6)


def test_a_halflings_inner_strength_raises_the_die(hc: Ruleset) -> None:
    assert plan_character_attack(hc, "halfling", 1, FIGHTER, damage_steps=1).damage_die == 8


# -------------------------------------------------------------------------------- modifier dice


def test_advantage_on_attack_dice_keeps_the_best(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 1, 0, 6)
    result = resolve_attack(hc, ScriptedDice([5, 17, 3]), plan, 15, net=1)
    die = result.dice[0]
    assert (die.roll.dice, die.natural, die.hit) == ((5, 17), 17, True)


def test_disadvantage_on_damage_keeps_the_worst(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 1, 0, 6)
    result = resolve_attack(hc, ScriptedDice([15, 5, 2]), plan, 10, damage_net=-1)
    assert result.total_damage == 2


def test_book_three_banes_take_a_bean_die_off(b3: Ruleset) -> None:
    plan = plan_foe_attack(b3, 1, 2, 6)
    dice = ScriptedDice([18, 5, 4])
    result = resolve_attack(b3, dice, plan, 15, net=-2)
    assert dice.thrown[:2] == [(20, 18), (6, 5)]
    die = result.dice[0]
    assert (die.roll.total, die.natural, die.hit) == (15, 18, True)


def test_a_bane_cannot_spoil_a_natural_20(b3: Ruleset) -> None:
    plan = plan_foe_attack(b3, 1, 0, 6)
    result = resolve_attack(b3, ScriptedDice([20, 4, 3, 2]), plan, 30, net=-1, luck_target=15)
    assert result.dice[0].critical and result.dice[0].hit
    assert result.total_damage == 6


# ------------------------------------------------------------------------------------- Stay Put


def test_stay_put_on_an_attack_die_turns_a_near_miss_into_a_hit(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 1, FIGHTER)  # +3
    result = resolve_attack(hc, ScriptedDice([10, 2, 7]), plan, 14, stay_put=0)
    assert result.dice[0].roll.describe() == "attack 1 1d20+3: [10] +3 + Stay Put [1] = 14"
    assert [d.hit for d in result.dice] == [True, False]
    assert result.stay_put_bonus == 1


def test_stay_put_may_move_after_the_dice_are_seen(hc: Ruleset) -> None:
    plan = plan_character_attack(hc, "fighter", 1, FIGHTER)
    result = resolve_attack(hc, ScriptedDice([10, 15, 7]), plan, 14)
    assert (result.hits, result.total_damage) == (1, 9)  # 7 + STR 2
    on_die = with_stay_put(hc, result, 0)
    assert (on_die.hits, on_die.total_damage) == (2, 18)
    on_damage = with_stay_put(hc, on_die, "damage")
    assert (on_damage.hits, on_damage.total_damage) == (1, 10)
    assert on_damage.dice[0].roll.terms == ()
    assert with_stay_put(hc, on_damage, None).total_damage == 9


def test_stay_put_never_makes_a_natural_19_a_crit(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 1, 0, 6)
    result = resolve_attack(hc, ScriptedDice([19, 3]), plan, 30, stay_put=0)
    assert (result.dice[0].critical, result.dice[0].hit, result.dice[0].roll.total) == (False, False, 20)


def test_stay_put_on_a_die_that_is_not_there(hc: Ruleset) -> None:
    plan = plan_foe_attack(hc, 1, 0, 6)
    with pytest.raises(ValueError, match="no attack die 3"):
        resolve_attack(hc, ScriptedDice([10, 3]), plan, 10, stay_put=3)


# ---------------------------------------------------------------------------------- foe HP, tier


@pytest.mark.parametrize(
    ("hd", "hp"),
    [("1", 4), ("2", 9), ("3+1", 14), ("1-1", 3), ("4*", 18), ("5+2**", 24), ("0", 1), (7, 31)],
)
def test_average_foe_hit_points(hd: str | int, hp: int) -> None:
    result = foe_hit_points(hd)
    assert (result.hp, result.method, result.roll) == (hp, "average", None)


def test_the_average_explains_itself() -> None:
    assert foe_hit_points("3+1").explanation == "HD 3+1: average 3 x 4.5 rounded down + 1 = 14 HP"


def test_rolled_foe_hit_points_throw_a_d8_per_hit_die() -> None:
    dice = ScriptedDice([3, 8, 1])
    result = foe_hit_points("3+1", "rolled", dice)
    assert dice.thrown == [(8, 3), (8, 8), (8, 1)]
    assert result.hp == 13
    assert result.rolls[0].describe() == "HD 3+1 hit points 3d8+1: [3, 8, 1] +1 = 13"


def test_rolled_hit_points_are_at_least_one() -> None:
    assert foe_hit_points("1-2", "rolled", ScriptedDice([1])).hp == 1


def test_hit_dice_parsing_and_errors() -> None:
    assert parse_hit_dice("5+2**") == parse_hit_dice(" 5 + 2 ** ")
    assert (parse_hit_dice("4*").count, parse_hit_dice("4*").asterisks) == (4, 1)
    assert str(parse_hit_dice("2-1")) == "2-1"
    with pytest.raises(ValueError, match="not Hit Dice"):
        parse_hit_dice("d8")
    with pytest.raises(ValueError, match="need dice"):
        foe_hit_points("2", "rolled")
    with pytest.raises(ValueError, match="unknown Hit Point method"):
        foe_hit_points("2", "maximum")


def test_foe_tier_ignores_asterisks_and_pluses(hc: Ruleset) -> None:
    assert foe_tier(hc, "9") == 3
    assert foe_tier(hc, "3+1*") == 1
    assert foe_tier(hc, 16) == 6


# -------------------------------------------------------------------------------------- morale


def test_morale_as_a_rally_save_by_tiers(hc: Ruleset) -> None:
    failed = morale_by_tiers(hc, ScriptedDice([18]), threat_tier=3, own_tier=1, rally_bonus=2)
    assert (failed.target, failed.roll.total, failed.passed) == (21, 20, False)
    assert failed.outcome == "breaks: freezes, cowers or flees (the 'Smith's call)"
    passed = morale_by_tiers(hc, ScriptedDice([19]), threat_tier=3, own_tier=1, rally_bonus=2)
    assert (passed.passed, passed.outcome, passed.method) == (True, "fights on", "rally_save")


def test_morale_by_tiers_with_a_boon(b3: Ruleset) -> None:
    result = morale_by_tiers(b3, ScriptedDice([12, 3]), threat_tier=1, own_tier=1, net=1)
    assert (result.target, result.roll.total, result.passed) == (15, 15, True)


@pytest.mark.parametrize(("threat", "face", "passed"), [("minor", 9, True), ("major", 14, False), ("run", 20, False)])
def test_eyeballed_morale_targets(hc: Ruleset, threat: str, face: int, passed: bool) -> None:
    result = morale_eyeballed(hc, ScriptedDice([face]), threat)
    assert result.passed is passed
    assert result.method == "eyeball"


def test_an_unknown_eyeball_threat_is_refused(hc: Ruleset) -> None:
    with pytest.raises(ValueError, match="no morale target 'dire'"):
        morale_eyeballed(hc, ScriptedDice([10]), "dire")


@pytest.mark.parametrize(("faces", "passed"), [((3, 4), True), ((4, 4), False), ((1, 1), True)])
def test_classic_2d6_morale_passes_at_or_below_the_score(faces: tuple[int, int], passed: bool) -> None:
    result = morale_2d6(ScriptedDice(faces), 7)
    assert result.passed is passed
    assert (result.method, result.target) == ("2d6", 7)


# --------------------------------------------------------------------------------- Turn Unholy


def test_the_complete_rules_worked_example_target_is_6(hc: Ruleset) -> None:
    attempt = turn_unholy(hc, ScriptedDice([5, 3]), 2, [TurnTarget("Wight", 3)])
    outcome = attempt.outcomes[0]
    assert (attempt.cleric_tier, outcome.save_target, outcome.saved) == (1, 6, False)
    assert outcome.result is not None and outcome.result.id == "dazed"
    assert outcome.duration is not None and outcome.duration.total == 3
    assert outcome.damage is None
    assert outcome.explanation == "Wight Mind save 1d20: [5] = 5 vs 6: failed: Dazed: 3 rounds."


def test_book_three_uses_its_own_table(b3: Ruleset) -> None:
    attempt = turn_unholy(b3, ScriptedDice([8]), 2, [TurnTarget("Wight", 3, save_bonus=1)])
    outcome = attempt.outcomes[0]
    assert (outcome.save_target, outcome.saved, outcome.duration) == (9, True, None)
    assert attempt.rolls == (outcome.save,)


def test_flee_and_take_damage_rolls_a_d8_per_cleric_tier(hc: Ruleset) -> None:
    dice = ScriptedDice([4, 2, 3, 5, 6])
    attempt = turn_unholy(hc, dice, 5, [TurnTarget("Zombie", 1)])
    outcome = attempt.outcomes[0]
    assert dice.thrown == [(20, 4), (4, 2), (4, 3), (8, 5), (8, 6)]
    assert outcome.save_target == 15
    assert outcome.result is not None and outcome.result.id == "flee_hurt"
    assert (outcome.duration.total if outcome.duration else None) == 5
    assert (outcome.damage.total if outcome.damage else None) == 11


def test_complete_rules_destroy_even_intelligent_foes(hc: Ruleset) -> None:
    attempt = turn_unholy(hc, ScriptedDice([10]), 7, [TurnTarget("Vampire spawn", 1, intelligent=True)])
    outcome = attempt.outcomes[0]
    assert outcome.save.terms == ()
    assert outcome.result is not None and outcome.result.id == "destroyed"
    assert not outcome.spared_destruction


def test_book_three_intelligent_foes_save_with_a_boon_and_are_never_destroyed(b3: Ruleset) -> None:
    dice = ScriptedDice([10, 3, 2, 2, 1, 2, 3])
    attempt = turn_unholy(b3, dice, 7, [TurnTarget("Vampire spawn", 1, intelligent=True)])
    outcome = attempt.outcomes[0]
    assert dice.remaining == 0
    assert (outcome.save_target, outcome.save.total, outcome.saved) == (21, 13, False)
    assert outcome.result is not None and outcome.result.id == "flee_hurt"
    assert outcome.spared_destruction
    assert (outcome.duration.total if outcome.duration else None) == 4
    assert (outcome.damage.total if outcome.damage else None) == 6
    assert outcome.explanation.endswith("Flee, and take damage: 4 rounds, 6 damage (intelligent: cannot be destroyed).")


def test_mindless_foes_are_still_destroyed_in_book_three(b3: Ruleset) -> None:
    attempt = turn_unholy(b3, ScriptedDice([10]), 7, [TurnTarget("Skeleton", 1)])
    assert attempt.outcomes[0].result is not None and attempt.outcomes[0].result.id == "destroyed"


def test_every_victim_saves_in_turn(hc: Ruleset) -> None:
    dice = ScriptedDice([12, 3, 2, 4])
    attempt = turn_unholy(hc, dice, 3, [TurnTarget("Skeleton A", 1), TurnTarget("Skeleton B", 1)])
    assert [o.saved for o in attempt.outcomes] == [True, False]
    assert len(attempt.rolls) == 3 and len(attempt.lines) == 2
    assert attempt.outcomes[1].result is not None and attempt.outcomes[1].result.id == "flee"


# ---------------------------------------------------------------------------------------- time


@pytest.mark.parametrize(("rounds", "units"), [(0, 1), (1, 1), (60, 1), (61, 2), (120, 2), (121, 3)])
def test_combat_time(hc: Ruleset, b3: Ruleset, rounds: int, units: int) -> None:
    assert combat_time(hc, rounds) == units
    assert combat_time(b3, rounds) == units


def test_combat_time_in_the_rulesets_words(hc: Ruleset, b3: Ruleset) -> None:
    assert describe_combat_time(hc, 61) == "61 rounds: 2 turns"
    assert describe_combat_time(b3, 1) == "1 round: 1 Beat"
    with pytest.raises(ValueError):
        combat_time(hc, -1)


def test_a_plan_describes_itself(hc: Ruleset) -> None:
    plan = AttackPlan("Bruna", "melee", 1, -1, 6)
    assert plan.describe() == "Bruna: 1 attack die at -1, damage 1d6"


def test_a_morale_plan_names_the_check_before_the_dice(hc: Ruleset) -> None:
    """A Morale score wins whatever the threat; else the tiers when known; else the eyeball."""
    assert morale_plan(hc, 8, "1", "run").target == 8
    assert morale_plan(hc, 8, "1", "run").method == "2d6"
    by_tiers = morale_plan(hc, 0, "1", "minor", threat_tier=3)
    assert (by_tiers.method, by_tiers.target, by_tiers.own_tier) == ("rally_save", 21, 1)
    assert morale_plan(hc, 0, "1", "major").target == 15
    with pytest.raises(ValueError, match="no morale target 'dire'"):
        morale_plan(hc, 0, "1", "dire")
