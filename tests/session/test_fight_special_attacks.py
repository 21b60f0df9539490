"""Book Three's special attacks on the landing: dice already thrown assigned to a Shield Bash or a
Tactical Attack, the target's save thrown and logged, the damage and effects landed.

"You can then assign the dice as you see fit between basic attacks and special attacks (shield
bash, tactical attacks, etc), provided they all involve weapons you are currently equipped with."
The Fighter below (level 1, STR 16) throws 2 dice at +3, damage d8+2; the Ogre has AC 12, 18 HP.
"""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.state import State
from hammertui.procedures.hammercrawl_classes.state import sheet_changed
from hammertui.procedures.sides_and_phases.actions import Attack, DefensiveAction, ResolveAttack, fight_of
from tests.session.test_fight_attacks import OGRE, armed, attacked
from tests.session.test_fight_steps import started, texts
from tests.session.test_roster import run


def _on(state: State, cid: str) -> list[str]:
    return [e.name for e in state.effects if e.on == cid]


def test_a_fighter_s_shield_bash_halves_the_damage_and_a_failed_body_save_dazes(state: State, b3: Ruleset) -> None:
    """ "The attack does half the rolled damage (round down), and the target must then make a Body
    Save vs the shield-bearer's attack roll." "Fighters who Shield Bash as one of their attack
    dice lose the shield's Defense bonus until their next combat turn.\""""
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    bash = ResolveAttack(stay_put="none", specials=("", "bash"), bash_effects=("dazed",))
    # die 1: 12 + 3 = 15, die 2: 10 + 3 = 13, both hit; damage 5 + 2 = 7; the Ogre's Body save 9
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    state_after, events = run(thrown, b3, bash, [9])
    ogre = fight_of(state_after).foe("f1")
    assert ogre.hp == 18 - 7 - 3
    words = texts(events)
    assert "die 2 Shield Bash on Ogre: 3 damage" in words
    assert "vs 13: failed, 1 effect" in words
    assert "Dazed" in _on(state_after, "f1")
    assert "Shield's Defense lost" in _on(state_after, "c1")


def test_the_bash_save_is_thrown_in_the_landing_and_shown(state: State, b3: Ruleset) -> None:
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    after, events = run(thrown, b3, ResolveAttack(stay_put="none", specials=("bash", "")), [15])
    assert any("Body save" in d for e in events for d in e.dice)
    assert "saved" in texts(events)
    assert _on(after, "f1") == []
    assert fight_of(after).foe("f1").hp == 18 - 3 - 7


def test_a_dwarf_keeps_the_shield(state: State, b3: Ruleset) -> None:
    """ "Dwarves do not suffer this setback.\""""
    fight = started(armed(state, "dwarf"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    after, _ = run(thrown, b3, ResolveAttack(stay_put="none", specials=("bash", "")), [2])
    assert "Shield's Defense lost" not in _on(after, "c1")


def test_a_thief_s_tactical_attack_on_a_miss_with_the_boon(state: State, b3: Ruleset) -> None:
    """ "declare one or more of their dice rolls (not necessarily hits!) as Tactical Attacks ...
    These attacks never do damage ... although Thieves and Halflings receive Boons to them."
    The Thief's 5 + 2 = 7 misses AC 12; the Boon's d4 (2) makes 9, the Ogre's Mind save 8 fails."""
    fight = started(armed(state, "thief"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [5, 3])
    after, events = run(
        thrown, b3, ResolveAttack(stay_put="none", specials=("Mind",), tactical_effect="loses its next action"), [2, 8]
    )
    words = texts(events)
    assert "die 1 Tactical Attack (Mind) on Ogre" in words and "no damage" in words
    assert "vs 9: failed" in words
    assert fight_of(after).foe("f1").hp == 18
    assert "loses its next action" in _on(after, "f1")


def test_a_tactical_weapon_banes_the_save(state: State, b3: Ruleset) -> None:
    """ "If the attacker was using a special Tactical Weapon ... they make this save with a Bane."""
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    after, events = run(
        thrown, b3, ResolveAttack(stay_put="none", specials=("Body", ""), tactical_weapon=True), [16, 2]
    )
    assert "Bane" in " ".join(d for e in events for d in e.dice)
    assert "vs 15: failed" in texts(events)  # 16 - 2 = 14 < 15
    assert fight_of(after).foe("f1").hp == 18 - 7


@pytest.mark.parametrize(
    ("class_id", "faces", "specials", "why"),
    [
        ("thief", [15, 3], ("bash",), "has no Shield Bash"),
        ("fighter", [2, 10, 5], ("bash", ""), "only a successful hit"),
        ("fighter", [12, 10, 5], ("bash", "bash"), "only one of the hits"),
        ("fighter", [12, 10, 5], ("Luck", ""), "not 'Luck'"),
        ("fighter", [12, 10, 5], ("Body",), "a use for each"),
    ],
)
def test_special_attacks_the_rules_do_not_allow_are_refused(
    state: State, b3: Ruleset, class_id: str, faces: list[int], specials: tuple[str, ...], why: str
) -> None:
    fight = started(armed(state, class_id), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, faces)
    with pytest.raises(Refused, match=why):
        run(thrown, b3, ResolveAttack(stay_put="none", specials=specials), [10])


def test_special_attacks_are_melee(state: State, b3: Ruleset) -> None:
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [12, 10, 5], kind="missile")
    with pytest.raises(Refused, match="melee attack"):
        run(thrown, b3, ResolveAttack(stay_put="none", specials=("Body", "")), [10])


def test_the_complete_rules_have_no_special_attacks(hc: Ruleset, state: State) -> None:
    from hammertui.kernel.session.sessions import new_state

    demo = new_state("t", hc, seed=7)[0]
    fight = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    thrown, _ = attacked(fight, hc, [12, 10, 5])
    with pytest.raises(Refused, match="no special attacks"):
        run(thrown, hc, ResolveAttack(stay_put="none", specials=("bash", "")), [10])


def test_a_defensive_action_banes_the_attacks_it_sees_coming(state: State, b3: Ruleset) -> None:
    """ "all attacks taken against you *that you can see coming* suffer a number of Banes equivalent
    to the same as would match your Hit Die in the basic dice step ... d8 applies three"; "Attacks
    that come from unawares do not suffer this penalty." A Fighter's d8: three Banes, a d8."""
    fight = started(armed(state, "fighter", cid="c2"), b3, count=1, kind=OGRE)
    defending, events = run(fight, b3, DefensiveAction("c2"))
    assert "3 Banes" in texts(events)
    thrown, events = run(defending, b3, Attack("f1", "c2", out_of_turn="set up by hand"), [15, 5, 4])
    assert "3 Banes: Darla's Defensive Action (Hit Die d8)" in texts(
        events
    ) or "Defensive Action (Hit Die d8)" in texts(events)
    assert fight_of(thrown).pending.rolls[0].total == 15 - 5
    unseen, events = run(defending, b3, Attack("f1", "c2", unseen="from behind", out_of_turn="set up by hand"), [15, 4])
    assert "from unawares" in texts(events)
    assert fight_of(unseen).pending.rolls[0].total == 15


def test_a_defensive_action_declared_when_attacked(state: State, b3: Ruleset) -> None:
    """ "If you are attacked on a turn in which you have not already acted, you can choose to declare
    a defensive action at that time. The same effects apply, but you give up your action that turn."
    """
    fight = started(state, b3, count=1, kind=OGRE)
    thrown, events = run(fight, b3, Attack("c1", "f1", defends=True, out_of_turn="set up by hand"), [15, 2, 3])
    words = texts(events)
    assert "Ogre takes a Defensive Action" in words
    assert "2 Banes: Ogre's Defensive Action (Hit Die d6)" in words  # a foe's damage die stands for it
    assert "Defensive Action" in _on(thrown, "f1")


def test_an_unarmed_attack_halves_the_damage_with_a_bane_against_an_armed_foe(state: State, b3: Ruleset) -> None:
    """ "If you are attacking to cause damage, then your damage is halved, rounded down. If your
    opponent is armed, your attack roll receives a Bane"."""
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    thrown, events = attacked(fight, b3, [15, 1, 14, 1, 5], unarmed=True)  # each d20, then its Bane d4
    assert "1 Bane: unarmed against an armed foe" in texts(events)
    after, _ = run(thrown, b3, ResolveAttack(stay_put="none"))
    assert fight_of(after).foe("f1").hp == 18 - 2 * 3  # (5 + 2) // 2 = 3 for each hit


def test_range_and_missile_in_melee_banes(state: State, b3: Ruleset) -> None:
    """ "attacks up to the Maximum range suffer a Bane"; "When using a missile weapon against a
    target that is in melee with you, your attacks have a Bane die.\""""
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    _, events = attacked(fight, b3, [15, 4, 14, 5, 5], kind="missile", banes=("max_range", "missile_in_melee"))
    words = texts(events)
    assert "Maximum range suffer a Bane" in words and "in melee with you" in words
    assert "2 Banes" in " ".join(d for e in events for d in e.dice)


def test_a_dazed_attacker_throws_with_a_bane_and_a_knocked_down_target_gives_the_next_ally_a_boon(
    state: State, b3: Ruleset
) -> None:
    """ "The target is "dazed" until their next action, suffering a combat Bane." "The target is
    knocked to the ground, and the next ally that attacks them gains a Boon on one of their dice."
    The Shield Bash's effects weigh on the rolls that follow."""
    fight = started(armed(state, "fighter"), b3, count=1, kind=OGRE)
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    dazed, _ = run(thrown, b3, ResolveAttack(stay_put="none", specials=("", "bash"), bash_effects=("dazed",)), [9])
    assert "Dazed" in _on(dazed, "f1")
    _, events = attacked(dazed, b3, [10, 2, 3, 2], attacker="f1", target="c1")
    assert "a Bane: Dazed, a combat Bane until its next action" in texts(events)

    thrown, _ = attacked(fight, b3, [12, 10, 5])
    down, _ = run(
        thrown, b3, ResolveAttack(stay_put="none", specials=("", "bash"), bash_effects=("knocked_down",)), [9]
    )
    assert "Knocked down" in _on(down, "f1")
    helped, events = attacked(down, b3, [10, 2, 3, 2], attacker="c2", target="f1")
    assert "a Boon: the target is knocked down, the next ally that attacks it gains a Boon on one die" in texts(events)
    assert "Knocked down" not in _on(helped, "f1"), "the Boon goes to the next ally only"


def test_the_bash_effects_on_later_rolls_by_name() -> None:
    from hammertui.procedures.sides_and_phases.rules.special_attacks import effect_dice

    assert effect_dice(["Dazed"], []) == (-1, ("a Bane: Dazed, a combat Bane until its next action",), ())
    assert effect_dice([], ["Knocked down"])[::2] == (1, ("Knocked down",))
    assert effect_dice(["Dazed"], ["Knocked down"])[0] == 0
    assert effect_dice(["Bless"], ["Disarmed"]) == (0, (), ())
    assert effect_dice(["a Bane on its next action"], ["the next action against it gains a Boon"]) == (
        0,
        (
            "a Bane: a Tactical Attack left it a Bane on its next action",
            "a Boon: a Tactical Attack left the target open, the next action against it gains a Boon",
        ),
        ("the next action against it gains a Boon",),
    )


def test_a_fighter_who_bashed_is_hit_without_the_shields_defense(state: State, b3: Ruleset) -> None:
    """ "Fighters who Shield Bash as one of their attack dice lose the shield's Defense bonus until
    their next combat turn": attacks on them are thrown against their AC less the shield's."""
    from hammertui.procedures.sides_and_phases.actions import target_ac

    fight = started(sheet_changed(armed(state, "fighter"), "c1", shield=True), b3, count=1, kind=OGRE)
    worn = target_ac(fight, "c1", b3)
    thrown, _ = attacked(fight, b3, [12, 10, 5])
    bashed, _ = run(thrown, b3, ResolveAttack(stay_put="none", specials=("", "bash")), [15])
    assert b3.shield is not None and target_ac(bashed, "c1", b3) == worn - b3.shield.ac
    _, events = attacked(bashed, b3, [10, 2, 3, 2], attacker="f1", target="c1")
    assert f"AC {worn - b3.shield.ac}" in texts(events)
