"""Attacks, damage and Turn Unholy in a fight, with scripted dice, against the texts' numbers.

An attack throws every attack die (d20 + rank bonus + STR for melee or DEX for missile), then one
damage die (the class Hit Die, + STR in melee), then, in Book Three, each crit's chain of Luck saves. The attacker
below is made what the test needs: STR 16 (+2), DEX 13 (+1), everything else 10.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Death, State, Stats
from hammertui.kernel.session.store import Store
from hammertui.procedures.burn_down.actions import Douse
from hammertui.procedures.hammercrawl_classes.actions.vitals import LayDown
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.actions import (
    Attack,
    Declare,
    EndFight,
    FightNext,
    FoeGroup,
    MarkFront,
    NameTurn,
    ResolveAttack,
    StartFight,
    TurnUnholy,
    default_target,
    pending_result,
    side_gone,
    still_to_act,
    turn_problem,
    waiting,
)
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.session.test_fight_steps import GOBLIN, PARTY_FIRST, finish_round, member, started, texts
from tests.session.test_roster import run

STRONG = Stats.of(dict(STR=16, DEX=13, CON=10, INT=10, WIS=10, CHA=10))
OGRE = FoeKind("Ogre", "4", ac=12)
"""18 HP on average (4 x 4.5): it survives a blow or two."""


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("t", hc, seed=7)[0]


def armed(state: State, class_id: str, level: int = 1, cid: str = "c1", **changes: Any) -> State:
    return member(state, cid, class_id=class_id, level=level, stats=STRONG, **changes)


def dark(state: State, ruleset: Ruleset) -> State:
    new, events = run(state, ruleset, Douse("l1"))
    assert "Darkness!" in texts(events)
    return new


STAY_PUT_OFF = ResolveAttack(stay_put="none")
"""Resolving an attack with Stay Put's +1 left off."""


def attacked(
    state: State, ruleset: Ruleset, faces: list[int], attacker: str = "c1", target: str = "f1", **options: Any
) -> tuple[State, list]:
    """An attack set up by hand, away from the round's order: the 'Smith's reason goes with it."""
    options.setdefault("out_of_turn", "set up by hand")
    return run(state, ruleset, Attack(attacker, target, **options), faces)


def landed(
    state: State,
    ruleset: Ruleset,
    faces: list[int],
    resolve: ResolveAttack = STAY_PUT_OFF,
    **options: Any,
) -> tuple[State, list]:
    """Attack and resolve at once, Stay Put's +1 left off: the attack's and the damage's events."""
    state, thrown = attacked(state, ruleset, faces, **options)
    state, hurt = run(state, ruleset, resolve)
    return state, thrown + hurt


# ---------------------------------------------------------------------------------- dice and bonus


@pytest.mark.parametrize(
    ("class_id", "level", "kind", "dice", "bonus", "die"),
    [
        ("fighter", 1, "melee", 2, 1 + 2, 8),
        ("fighter", 5, "melee", 3, 5 + 2, 8),  # bonus dice at 3, 6, 9...
        ("fighter", 6, "missile", 4, 6 + 1, 8),
        ("magic_user", 1, "melee", 1, 0 + 2, 4),  # rank D: no level bonus
        ("magic_user", 5, "missile", 1, 0 + 1, 4),
        ("dwarf", 1, "melee", 2, 1 + 2, 8),
        ("dwarf", 1, "missile", 1, 1 + 1, 8),  # the bonus die is melee-only
        ("dwarf", 5, "melee", 3, 5 + 2, 8),
        ("dwarf", 5, "missile", 1, 5 + 1, 8),
        ("elf", 5, "melee", 3, 2 + 2, 8),  # rank B: half the level
        ("thief", 6, "melee", 1, 2 + 2, 6),  # rank C: a third
        ("cleric", 5, "missile", 1, 2 + 1, 6),
        ("halfling", 4, "melee", 2, 2 + 2, 6),
        ("berserker", 1, "melee", 2, 1 + 2, 10),
    ],
)
def test_attack_dice_bonus_and_damage_die_by_class_and_level(
    demo: State, hc: Ruleset, class_id: str, level: int, kind: str, dice: int, bonus: int, die: int
) -> None:
    state = started(armed(demo, class_id, level), hc, count=1)
    new, events = attacked(state, hc, [10] * dice + [3], kind=kind)
    pending = fighting(new).pending
    assert (pending.plan.dice, pending.plan.bonus, pending.plan.damage_die) == (dice, bonus, die)
    damage = f"damage 1d{die}+2: [3] +2 = 5" if kind == "melee" else f"damage 1d{die}: [3] = 3"  # STR 16 on melee
    assert events[0].dice == (
        *[f"attack {n} 1d20+{bonus}: [10] +{bonus} = {10 + bonus}" for n in range(1, dice + 1)],
        damage,
    )
    assert pending.target_ac == 12


def test_book_three_melee_damage_adds_str_and_missile_does_not(state: State, b3: Ruleset) -> None:
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    melee, events = attacked(fight, b3, [10, 2, 5])
    assert events[0].dice[-1] == "damage 1d8+2: [5] +2 = 7"
    assert pending_result(melee, b3, "none").total_damage == 7
    missile, events = attacked(fight, b3, [10, 2, 5], kind="missile")
    assert events[0].dice[-1] == "damage 1d8: [5] = 5"


# ---------------------------------------------------------------------------------- darkness


def test_darkness_one_attack_die_fewer_and_the_damage_die_one_size_lower(demo: State, hc: Ruleset) -> None:
    state = dark(started(armed(demo, "fighter"), hc, count=1, kind=OGRE), hc)
    new, events = attacked(state, hc, [10, 6])
    assert (fighting(new).pending.plan.dice, fighting(new).pending.plan.damage_die) == (1, 6)
    assert events[0].dice == ("attack 1 1d20+3: [10] +3 = 13", "damage 1d6+2: [6] +2 = 8")
    lit, _ = attacked(state, hc, [10, 10, 8], dark=False)
    assert fighting(lit).pending.plan.dice == 2, "the 'Smith may say this attacker sees in the dark"


def test_darkness_a_magic_user_with_one_die_cannot_attack(demo: State, hc: Ruleset) -> None:
    state = dark(started(armed(demo, "magic_user", 5), hc, count=1), hc)
    with pytest.raises(Refused, match="Darla cannot attack"):
        attacked(state, hc, [])


def test_darkness_no_crits_a_natural_20_must_reach_the_ac(demo: State, hc: Ruleset) -> None:
    armoured = FoeKind("Knight", "4", ac=25)
    state = started(armed(demo, "fighter"), hc, count=1, kind=armoured)
    lit, _ = landed(state, hc, [20, 2, 5])
    assert fighting(lit).foe("f1").hp == 18 - 2 * (5 + 2), "in the light a natural 20 hits and doubles"
    gloom = dark(state, hc)
    missed, events = landed(gloom, hc, [20, 5])
    assert fighting(missed).foe("f1").hp == 18 and "0 hits" in texts(events)
    plated = dark(started(armed(demo, "fighter"), hc, count=1, kind=attrs.evolve(armoured, name="Squire", ac=20)), hc)
    hit, _ = landed(plated, hc, [20, 5])
    assert fighting(hit).foe("f1").hp == 18 - (5 + 2), "23 reaches AC 20: a plain hit, no doubling"


# ---------------------------------------------------------------------------------- two hands


def test_berserker_two_handed_melee_throws_a_d12(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "berserker"), hc, count=1, kind=OGRE)
    new, events = attacked(state, hc, [10, 10, 12], two_handed=True)
    assert fighting(new).pending.plan.damage_die == 12 and events[0].dice[-1] == "damage 1d12+2: [12] +2 = 14"
    thrown, _ = attacked(state, hc, [10, 10, 10], two_handed=True, kind="missile")
    assert fighting(thrown).pending.plan.damage_die == 10, "the text's two-hander is a melee weapon"


def test_fighter_two_hander_adds_an_extra_damage_die(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    new, events = landed(state, hc, [10, 10, 2, 3], two_handed=True)
    assert events[0].dice[-1] == "damage 2d8+2: [2, 3] +2 = 7"
    assert fighting(new).foe("f1").hp == 18 - 2 * 7, "both hits deal the 7"


# ---------------------------------------------------------------------------------- modifier dice


def test_advantage_on_the_attack_dice_and_the_damage_is_one_die_more_in_each_pool(demo: State, hc: Ruleset) -> None:
    """ "When rolling pools of dice with an advantage, just add one die of the base type to the
    pool, and then drop the lowest die after the roll"; "if you are rolling 2d6 base damage, and you
    gain two net advantages to the roll, then you should roll 4d6, then drop the lowest two." A
    Fighter's 2 attack dice and 2d8 two-handed damage, each with 2 adds: 4d20 and 4d8, the best two
    of each kept, every die in the log."""
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    new, events = attacked(state, hc, [3, 17, 9, 12, 2, 6, 1, 5], two_handed=True, net=2, damage_net=2)
    assert events[0].dice == (
        "attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]",
        "attack 1 1d20+3: [17] +3 = 20",
        "attack 2 1d20+3: [12] +3 = 15",
        "damage 2d8+2 adv x2: [2, 6, 1, 5] keep [6, 5] +2 = 13",
    )
    pending = fighting(new).pending
    assert pending.pool is not None and pending.pool.dice == (3, 17, 9, 12)
    result = pending_result(new, hc, "none")
    assert result is not None and result.pool_words == "attack dice 2d20 adv x2: [3, 17, 9, 12] keep [17, 12]"
    assert (result.hits, result.total_damage) == (2, 26)


# ---------------------------------------------------------------------------------- hits and crits


def test_the_targets_ac_is_used(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, count=1)  # a goblin: 1 die at +0, d6
    new, events = attacked(state, hc, [15, 6], attacker="f1", target="c1")
    assert fighting(new).pending.target_ac == 16, "Darla's AC"
    assert pending_result(new, hc).hits == 0 and "vs AC 16" in events[0].text
    hit, _ = attacked(state, hc, [16, 6], attacker="f1", target="c1")
    assert pending_result(hit, hc).hits == 1


def test_natural_20_complete_rules_doubles_the_damage(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    new, events = landed(state, hc, [20, 5, 6])  # die 2: 8 misses AC 12
    assert fighting(new).foe("f1").hp == 18 - 16
    assert "Darla on Ogre: 1 hit, 1 critical, 16 damage." in texts(events)


def test_natural_20_complete_rules_narrative_effect_instead_deals_single_damage(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    thrown, _ = attacked(state, hc, [20, 5, 6])
    new, events = run(thrown, hc, ResolveAttack("none", narrative=(1,), effect="knocked into the pit"))
    assert fighting(new).foe("f1").hp == 18 - 8
    assert "crit effect instead of damage: knocked into the pit, 8 damage." in events[0].text
    with pytest.raises(Refused, match="die 2 is not one"):
        run(thrown, hc, ResolveAttack(narrative=(2,), effect="tripped"))
    with pytest.raises(Refused, match="say what the crit does"):
        run(thrown, hc, ResolveAttack(narrative=(1,)))


TROLL = FoeKind("Troll", "3+4", ac=12)
"""Tier 1 (3 HD), 17 HP on average: a tier 1 Thief's Luck save against it needs 15."""


@pytest.mark.parametrize(("saves", "multiplier"), [([2], 2), ([14, 3], 3), ([14, 14, 3], 4)], ids=["x2", "x3", "x4"])
def test_natural_20_book_three_chain_of_luck_saves(
    state: State, b3: Ruleset, saves: list[int], multiplier: int
) -> None:
    # Darla, Thief 1: attack +0 rank + 1 STR; damage d6 + 1 STR; Luck is Good: +1.
    thief = member(state, "c1", stats=Stats.of(dict(STRONG, STR=13)))
    fight = started(thief, b3, count=1, kind=TROLL)
    new, events = landed(fight, b3, [20, 4, *saves])
    assert events[0].dice[2:] == tuple(f"attack 1 crit Luck save 1d20+1: [{s}] +1 = {s + 1}" for s in saves)
    assert f"CRITICAL x{multiplier}: {5 * multiplier}" in events[0].text
    assert fighting(new).foe("f1").hp == max(0, 17 - 5 * multiplier)
    thrown, _ = attacked(fight, b3, [20, 4, *saves])
    with pytest.raises(Refused, match="no narrative crit"):
        run(thrown, b3, ResolveAttack(narrative=(1,), effect="a pit"))


def test_natural_1_fumble_is_logged(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    new, events = landed(state, hc, [1, 10, 4])
    fumble = [e for e in events if e.text.startswith("Fumble!")]
    assert len(fumble) == 1 and fumble[0].level == "warn" and "die 1 comes up 1" in fumble[0].text
    assert fighting(new).foe("f1").hp == 18 - (4 + 2), "the fumble misses, die 2 hits"


def test_a_foe_at_0_hp_is_struck_off(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=2)  # goblins, 4 HP each
    hurt, events = landed(state, hc, [10, 2, 1])  # 1 + STR 2
    assert fighting(hurt).foe("f1").hp == 1 and "Goblin 1 takes 3: 1/4 HP left." in texts(events)
    beaten, events = landed(state, hc, [10, 10, 8])
    assert (fighting(beaten).foe("f1").hp, fighting(beaten).foe("f1").status) == (0, "defeated")
    assert "Goblin 1 takes 20: down and struck off." in texts(events)
    assert side_gone(beaten) is None
    last, events = landed(beaten, hc, [10, 10, 8], target="f2")
    assert side_gone(last) == "foes" and "The last foe falls!" in texts(events)
    with pytest.raises(Refused, match="already beaten"):
        attacked(last, hc, [10, 10, 8], target="f2")


# ---------------------------------------------------------------------------------- hurting the party


def test_damage_to_a_character_in_adventure_mode_burns_con_past_0_hp(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, count=1)
    new, events = landed(state, hc, [16, 6], attacker="f1", target="c1")  # Darla: 5 HP, CON 6
    darla = new.character("c1")
    assert (darla.hp, sheet_of(new, "c1").con, darla.status) == (0, 5, "down")
    assert (
        "Darla takes 6 damage: loses 5 HP, drops to 0 HP: Lay Down or Fight On each round, -1 CON (permanent)."
        in texts(events)
    )


def test_damage_to_a_character_in_hardcore_kills_at_0_hp(state: State, b3: Ruleset) -> None:
    hardcore = attrs.evolve(state, session=attrs.evolve(state.session, difficulty="hardcore"))
    new, events = landed(started(hardcore, b3, count=1), b3, [16, 5], attacker="f1", target="c1")
    darla = new.character("c1")
    assert (darla.hp, darla.status, darla.death.cause) == (0, "dead", "Goblin")
    assert "Darla is dead." in texts(events)


def test_not_today_keeps_a_fighter_at_1_hp_and_spends_the_use(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter", uses={"not_today": 1}), hc, count=1)
    thrown, _ = attacked(state, hc, [16, 6], attacker="f1", target="c1")
    new, events = run(thrown, hc, ResolveAttack(not_today=True))
    darla = new.character("c1")
    assert (darla.hp, sheet_of(new, "c1").con, darla.status, sheet_of(new, "c1").uses["not_today"]) == (1, 6, "ok", 0)
    assert "Not Today!: stays at 1 HP, 2 damage negated (0 left)" in texts(events)
    again, _ = attacked(new, hc, [16, 6], attacker="f1", target="c1")
    with pytest.raises(Refused, match="no Not Today!"):
        run(again, hc, ResolveAttack(not_today=True))
    missed, _ = attacked(state, hc, [2, 6], attacker="f1", target="c1")
    with pytest.raises(Refused, match="nothing to say Not Today! to"):
        run(missed, hc, ResolveAttack(not_today=True))


# ---------------------------------------------------------------------------------- one at a time


def test_attack_and_resolve_refusals(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    with pytest.raises(Refused, match="no attack is waiting"):
        run(state, hc, ResolveAttack())
    waiting, _ = attacked(state, hc, [10, 10, 3])
    with pytest.raises(Refused, match="still waiting for its damage"):
        attacked(waiting, hc, [10, 10, 3])
    with pytest.raises(Refused, match="resolve it first"):
        run(waiting, hc, FightNext(), PARTY_FIRST)
    with pytest.raises(Refused, match="resolve it first"):
        run(waiting, hc, EndFight())
    with pytest.raises(Refused, match="melee or missile"):
        attacked(state, hc, [], kind="magic")
    with pytest.raises(Refused, match="attacks themselves"):
        attacked(state, hc, [], target="c1")
    fallen = member(state, "c1", status="dead", hp=0, death=Death(0, "a fall"))
    with pytest.raises(Refused, match="Darla is dead"):
        attacked(fallen, hc, [])


def test_stay_put_plus_1_is_offered_once_a_round_on_that_characters_attack(demo: State, hc: Ruleset) -> None:
    # Fighter 1 at +3 against AC 12: an 8 makes 11, one short; Stay Put's +1 lands it.
    state, _ = run(started(armed(demo, "fighter"), hc, count=1, kind=OGRE), hc, FightNext(), PARTY_FIRST)
    thrown, events = attacked(state, hc, [8, 2, 5])
    assert fighting(thrown).pending.stay_put and "Stay Put: +1 to one die" in events[0].text
    assert pending_result(thrown, hc, "none").hits == 0
    assert pending_result(thrown, hc, "auto").hits == 1
    new, events = run(thrown, hc, ResolveAttack())
    assert fighting(new).foe("f1").hp == 18 - (5 + 2) and "Stay Put +1 on die 1" in events[0].text
    assert fighting(new).declared["c1"].stay_put_used
    second, events = attacked(new, hc, [8, 2, 5])
    assert not fighting(second).pending.stay_put and "Stay Put" not in events[0].text
    later, _ = run(finish_round(run(second, hc, ResolveAttack())[0], hc), hc, FightNext(), PARTY_FIRST)
    assert not fighting(later).declared["c1"].stay_put_used, "reset at the next round"
    again, _ = attacked(later, hc, [8, 2, 5])
    assert fighting(again).pending.stay_put


def test_stay_put_goes_where_the_player_puts_it_and_only_when_standing_put(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    thrown, _ = attacked(state, hc, [10, 8, 5])
    on_damage, _ = run(thrown, hc, ResolveAttack(stay_put="damage"))
    assert fighting(on_damage).foe("f1").hp == 18 - 8, "one hit of 5 + STR 2 + 1"
    on_die, _ = run(thrown, hc, ResolveAttack(stay_put="2"))
    assert fighting(on_die).foe("f1").hp == 18 - 14, "die 2 reaches 12: two hits of 5 + STR 2"
    none, _ = run(thrown, hc, ResolveAttack(stay_put="none"))
    assert not fighting(none).declared["c1"].stay_put_used
    with pytest.raises(Refused, match="not 'left'"):
        run(thrown, hc, ResolveAttack(stay_put="left"))
    with pytest.raises(Refused, match="no attack die 3: this attack threw 2"):
        run(thrown, hc, ResolveAttack(stay_put="3"))
    moving, _ = run(state, hc, Declare("c1", "move_near", "melee"))
    assert not fighting(attacked(moving, hc, [8, 2, 5])[0]).pending.stay_put


# ---------------------------------------------------------------------------------- Turn Unholy


def cleric(state: State, level: int, uses: int = 2) -> State:
    return member(state, "c2", level=level, uses={"turn_unholy": uses})


@pytest.mark.parametrize(
    ("level", "hd", "face", "target", "effect", "duration_faces", "rounds"),
    [
        (2, "9", 5, 6, "Dazed", [3], 3),  # the text's worked example: HD 9 against a level 2 Cleric
        (2, "4", 8, 9, "Cower in Fear", [4], 4),
        (2, "1", 11, 12, "Flee", [2, 3], 5),
    ],
)
def test_turn_unholy_failed_save_is_a_timed_effect_in_rounds(
    demo: State,
    hc: Ruleset,
    level: int,
    hd: str,
    face: int,
    target: int,
    effect: str,
    duration_faces: list[int],
    rounds: int,
) -> None:
    state, _ = run(started(cleric(demo, level), hc, count=1, kind=FoeKind("Undead", hd)), hc, FightNext(), PARTY_FIRST)
    new, events = run(state, hc, TurnUnholy("c2", ("f1",)), [face, *duration_faces])
    assert f"[{face}] = {face} vs {target}: failed: {effect}: {rounds} rounds." in events[1].text
    assert events[1].dice[0] == f"Undead Mind save 1d20: [{face}] = {face}"
    (placed,) = new.effects
    assert (placed.name, placed.on, placed.unit, placed.ends_at) == (effect, "f1", "round", 1 + rounds)
    assert sheet_of(new, "c2").uses["turn_unholy"] == 1 and "(1 left)" in events[0].text
    saved, events = run(state, hc, TurnUnholy("c2", ("f1",)), [target])
    assert saved.effects == () and "passed: unaffected" in events[1].text
    assert sheet_of(saved, "c2").uses["turn_unholy"] == 1, "a use is spent either way"


def test_turn_unholy_flee_and_damage_hurts_the_foe_a_d8_per_cleric_tier(demo: State, hc: Ruleset) -> None:
    # A level 4 Cleric (tier 2) against HD 3 (tier 1): target 15; 2d4 rounds and 2d8 damage.
    state = started(cleric(demo, 4), hc, count=1, kind=FoeKind("Ghoul", "3"))
    new, events = run(state, hc, TurnUnholy("c2", ("f1",)), [14, 2, 3, 4, 5])
    assert events[1].dice == (
        "Ghoul Mind save 1d20: [14] = 14",
        "rounds 2d4: [2, 3] = 5",
        "turning damage 2d8: [4, 5] = 9",
    )
    assert fighting(new).foe("f1").hp == 13 - 9
    assert new.effects[0].name == "Flee, and take damage" and new.effects[0].ends_at == 5


def test_turn_unholy_destroyed_strikes_the_foe_off(demo: State, hc: Ruleset) -> None:
    state = started(cleric(demo, 7), hc, count=2, kind=FoeKind("Skeleton", "1"))
    new, events = run(state, hc, TurnUnholy("c2", ("f1", "f2")), [17, 18])
    assert "vs 18: failed: Destroyed." in events[1].text and "passed" in events[2].text
    assert [(f.hp, f.status) for f in fighting(new).foes] == [(0, "defeated"), (4, "ok")]
    with pytest.raises(Refused, match="already beaten"):
        run(new, hc, TurnUnholy("c2", ("f1",)), [1])


def test_turn_unholy_book_three_intelligent_foes_get_a_boon_and_are_never_destroyed(state: State, b3: Ruleset) -> None:
    # Level 7 (tier 3) against tier 1: Book Three's target is 21; a failure would destroy.
    spawn = FoeKind("Spawn", "3", intelligent=True)
    fight = started(cleric(state, 7), b3, count=1, kind=spawn)
    new, events = run(fight, b3, TurnUnholy("c2", ("f1",)), [15, 3, 1, 1, 1, 2, 3])
    assert events[1].dice[0] == "Spawn Mind save 1d20: [15] + d4 (1 Boon) [3] = 18"
    assert "Flee, and take damage: 2 rounds, 6 damage (intelligent: cannot be destroyed)" in events[1].text
    assert fighting(new).foe("f1").hp == 13 - 6 and fighting(new).foe("f1").status == "ok"
    mindless = started(cleric(state, 7), b3, count=1, kind=attrs.evolve(spawn, name="Zombie", intelligent=False))
    gone, events = run(mindless, b3, TurnUnholy("c2", ("f1",)), [20])
    assert "vs 21: failed: Destroyed." in events[1].text and fighting(gone).foe("f1").status == "defeated"


def test_turn_unholy_refused_with_no_use_left(demo: State, hc: Ruleset) -> None:
    state = started(cleric(demo, 2, uses=0), hc, count=1, kind=GOBLIN)
    with pytest.raises(Refused, match="no Turn Unholy left"):
        run(state, hc, TurnUnholy("c2", ("f1",)), [1])
    down = member(started(cleric(demo, 2), hc, count=1), "c2", hp=0, status="down")
    with pytest.raises(Refused, match="in no state to turn"):
        run(down, hc, TurnUnholy("c2", ("f1",)), [1])
    with pytest.raises(Refused, match="at least one foe"):
        run(started(cleric(demo, 2), hc, count=1), hc, TurnUnholy("c2", ()))


# ---------------------------------------------------------------------------------- undo


def test_the_store_undoes_an_attack_a_resolve_and_an_end_fight_exactly(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    store = Store(state, hc, dice=lambda _: ScriptedDice([20, 10, 6]))
    before = store.state
    store.dispatch(Attack("c1", "f1", out_of_turn="set up by hand"))
    thrown = store.state
    assert fighting(thrown).pending is not None
    store.undo()
    assert store.state == before
    store.redo()
    store.dispatch(ResolveAttack())
    assert fighting(store.state).foe("f1").status == "defeated"
    store.undo()
    assert store.state == thrown
    store.dispatch(ResolveAttack())
    hurt = store.state
    store.dispatch(EndFight())
    assert fighting(store.state) is None and store.state.clock.units == 1
    store.undo()
    assert store.state == hurt


# ---------------------------------------------------------------------------------- dice split between targets

TWO_SWINGS = FoeKind("Hobgoblin", "1", ac=12, attack_dice=2, attack_bonus=0, damage_die=6)


def test_the_dice_split_between_targets_each_read_against_its_own_ac(demo: State, hc: Ruleset) -> None:
    # Book Three: "You can then assign the dice as you see fit between basic attacks and special
    # attacks ... against any targets that are valid." Fighter 1: 2 dice at +3, d8 + 2 damage.
    knight = FoeKind("Knight", "2", ac=16)
    state, _ = run(armed(demo, "fighter"), hc, StartFight((FoeGroup(OGRE), FoeGroup(knight)), hp="average"))
    thrown, _ = attacked(state, hc, [10, 14, 3])  # 13 and 17; 3 + 2 = 5 a hit
    new, events = run(thrown, hc, ResolveAttack(stay_put="none", aims=("f2", "f1")))
    assert (fighting(new).foe("f1").hp, fighting(new).foe("f2").hp) == (18 - 5, 9), "13 misses the Knight's AC 16"
    assert events[0].text == "Darla on Knight: 0 hits, 0 damage; on Ogre: 1 hit, 5 damage."
    both, events = run(thrown, hc, ResolveAttack(stay_put="none", aims=("f1", "f2")))
    assert (fighting(both).foe("f1").hp, fighting(both).foe("f2").hp) == (18 - 5, 9 - 5)
    assert events[0].text == "Darla on Ogre: 1 hit, 5 damage; on Knight: 1 hit, 5 damage."
    assert fighting(both).pending is None and fighting(both).last_target["c1"] == "f1"
    with pytest.raises(Refused, match="a target for each, not 1"):
        run(thrown, hc, ResolveAttack(aims=("f2",)))
    with pytest.raises(Refused, match="attacks themselves"):
        run(thrown, hc, ResolveAttack(aims=("f1", "c1")))


def test_not_today_is_said_only_for_the_target_the_attack_was_thrown_at(demo: State, hc: Ruleset) -> None:
    # The decision split_dice: Not Today! stays with the target the dice were thrown at.
    fighters = member(armed(demo, "fighter", uses={"not_today": 1}), "c2", uses={"not_today": 1}, hp=20, max_hp=20)
    state = started(fighters, hc, count=1, kind=TWO_SWINGS)
    thrown, _ = attacked(state, hc, [18, 18, 6], attacker="f1", target="c1")  # two hits of 6
    new, events = run(thrown, hc, ResolveAttack(not_today=True, aims=("c2", "c1")))
    darla, brannoc = new.character("c1"), new.character("c2")
    assert (darla.hp, sheet_of(new, "c1").uses["not_today"]) == (1, 0), "Darla, the thrown target, says it"
    assert (brannoc.hp, sheet_of(new, "c2").uses["not_today"]) == (20 - 6, 1), "Brannoc takes his die in full"
    elsewhere, _ = run(thrown, hc, ResolveAttack(aims=("c2", "c2")))
    assert elsewhere.character("c2").hp == 20 - 12
    with pytest.raises(Refused, match="nothing to say Not Today! to"):
        run(thrown, hc, ResolveAttack(not_today=True, aims=("c2", "c2")))


# ---------------------------------------------------------------------------------- the one in front


def test_the_smith_marks_who_is_in_front_and_the_foes_go_for_them(demo: State, hc: Ruleset) -> None:
    # "for foes: the party member in front, by the ruleset's order or the GM's marking"
    state = started(demo, hc, count=1)
    assert default_target(state, "f1") == "c1", "the party's order: Darla first"
    marked, events = run(state, hc, MarkFront("c3"))
    assert fighting(marked).front == "c3" and default_target(marked, "f1") == "c3"
    assert texts(events) == "Wenna is in front: the foes go for Wenna first."
    assert default_target(marked, "c1") == "f1", "the party's own attacks are untouched"
    with pytest.raises(Refused, match="already the one in front"):
        run(marked, hc, MarkFront("c3"))
    fallen = member(marked, "c2", status="dead", hp=0, death=Death(0, "a fall"))
    with pytest.raises(Refused, match="Brannoc is dead"):
        run(fallen, hc, MarkFront("c2"))
    down = member(marked, "c3", status="down", hp=0)
    assert default_target(down, "f1") == "c1", "one down is not attacked by default"
    store = Store(state, hc)
    store.dispatch(MarkFront("c3"))
    store.undo()
    assert store.state == state


def test_auto_stay_put_is_worked_out_against_the_first_target_when_the_dice_are_split(demo: State, hc: Ruleset) -> None:
    # The decision split_dice: "Stay Put's +1 placed by Auto is worked out against the first target".
    knight = FoeKind("Knight", "2", ac=16)
    state, _ = run(armed(demo, "fighter"), hc, StartFight((FoeGroup(OGRE), FoeGroup(knight)), hp="average"))
    state, _ = run(state, hc, FightNext(), PARTY_FIRST)
    thrown, _ = attacked(state, hc, [8, 14, 3])  # 11 misses the Ogre's AC 12 by 1: Auto puts the +1 there
    new, events = run(thrown, hc, ResolveAttack(aims=("f2", "f1")))
    assert "on Knight: 0 hits, Stay Put +1 on die 1, 0 damage" in events[0].text, "12 still misses AC 16"
    assert fighting(new).foe("f1").hp == 18 - 5 and fighting(new).foe("f2").hp == 9


def test_book_three_a_crit_sent_to_another_target_keeps_the_luck_saves_thrown_against_the_first(
    state: State, b3: Ruleset
) -> None:
    # The decision split_dice: "a crit's chain of Luck saves is thrown with the attack against the first target".
    fight = started(armed(state, "fighter"), b3, count=2, kind=TROLL)
    thrown, events = attacked(fight, b3, [20, 5, 4, 19, 19, 1])  # die 1 crits: two saves pass, the third fails
    assert len([d for d in events[0].dice if "crit Luck save" in d]) == 3 and fighting(thrown).pending.target == "f1"
    whole = pending_result(thrown, b3, "none")
    new, landing = run(thrown, b3, ResolveAttack(stay_put="none", aims=("f2", "f1")))
    assert whole is not None and whole.dice[0].multiplier == 4
    assert f"Troll 2 takes {whole.dice[0].damage}: down and struck off." in texts(landing), "the chain as thrown, x4"
    assert fighting(new).foe("f1").hp == 17, "die 2's 5 + 3 = 8 misses AC 12"


# ---------------------------------------------------------------------------------- 0 HP in a fight


@pytest.mark.parametrize("name", ["hc", "b3", "b3a"])
def test_one_who_lays_down_takes_no_action_this_round(demo: State, name: str, request: pytest.FixtureRequest) -> None:
    """ "If you choose to **Lay Down**, you drop to the ground prone. ... If you choose to **Fight
    On**, you can take an action as normal!": Laying Down is the round's choice, and no action
    comes with it; the next round the choice is made anew."""
    ruleset: Ruleset = request.getfixturevalue(name)
    state = new_state("t", ruleset, seed=7)[0]
    state = member(started(state, ruleset, count=1, kind=OGRE), "c2", hp=0, status="down")
    state, _ = run(state, ruleset, FightNext(), PARTY_FIRST)
    if ruleset.combat.one_at_a_time:
        state, _ = run(state, ruleset, NameTurn("c2"))
    assert "c2" in [a.id for a in still_to_act(state, ruleset)]
    state, _ = run(state, ruleset, LayDown("c2"), [18])
    assert sheet_of(state, "c2").stance == "lay_down"
    assert "c2" not in [a.id for a in still_to_act(state, ruleset)]
    assert "Brannoc Laid Down this round" in turn_problem(state, ruleset, "c2")
    with pytest.raises(Refused, match="Brannoc Laid Down this round"):
        run(state, ruleset, Attack("c2", "f1"), [10, 10, 3])
    while fighting(state).step != "initiative":
        for waiting_one in waiting(state, ruleset):
            state, _ = run(state, ruleset, NameTurn(waiting_one.id))
        state, _ = run(state, ruleset, FightNext())
    state, _ = run(state, ruleset, FightNext(), PARTY_FIRST)
    assert "Laid Down" not in turn_problem(state, ruleset, "c2"), "a new round, a new choice"


# ---------------------------------------------------------------------------------- the dark is the party's


def test_foes_attack_in_the_dark_as_they_are_unless_marked_light_blind(demo: State, hc: Ruleset) -> None:
    """ "As none of the base classes in HAMMERCRAWL! can see in the dark ... When a character is
    acting under the effects of darkness ... Their Combat Attack Dice pool is reduced by one. If
    this reduces it to Zero, they cannot effectively attack.": the party's dark, not the goblins'.
    A one-die goblin attacks with its one die unless the 'Smith marks its kind light-blind."""
    goblins = dark(started(demo, hc, count=1), hc)
    new, events = attacked(goblins, hc, [10, 3], attacker="f1", target="c1")
    assert fighting(new).pending.plan.dice == 1
    assert events[0].dice == ("attack 1 1d20: [10] = 10", "damage 1d6: [3] = 3")
    blind = dark(started(demo, hc, count=1, kind=attrs.evolve(GOBLIN, light_blind=True)), hc)
    with pytest.raises(Refused, match="Goblin cannot attack"):
        attacked(blind, hc, [10, 3], attacker="f1", target="c1")
    hampered, _ = attacked(blind, hc, [10, 3], attacker="f1", target="c1", dark=False)
    assert fighting(hampered).pending.plan.dice == 1, "the 'Smith may still say this one sees"
