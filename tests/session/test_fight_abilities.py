"""Class abilities in a fight, with scripted dice, against the complete rules' class texts.

The attacker is made what each test needs (`armed`: STR 16, DEX 13, the rest 10) and fights an
Ogre (AC 12, 18 HP on average) unless a test needs another foe.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.hammercrawl_classes import state as rage
from hammertui.procedures.hammercrawl_classes.actions.abilities import BreakRage, EnterRage, rage_action, rage_choices
from hammertui.procedures.hammercrawl_classes.actions.rolls import RollSave
from hammertui.procedures.sides_and_phases.actions import ResolveAttack
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.session.test_fight_attacks import OGRE, armed, attacked, landed
from tests.session.test_fight_steps import started, texts
from tests.session.test_roster import run

RAGE = "Murderous Rage"


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("t", hc, seed=7)[0]


def raging(state: State, ruleset: Ruleset, cid: str = "c1") -> State:
    new, _ = run(state, ruleset, EnterRage(cid, self_inflicted=False))
    assert rage.is_raging(new, ruleset, cid)
    return new


# ---------------------------------------------------------------------------------- Stabbity!


def test_stabbity_from_behind_multiplies_a_thiefs_melee_damage(demo: State, hc: Ruleset) -> None:
    # "the thief doubles their damage against that foe on a successful hit. This multiple
    # increases by +1 at levels 3, 6, 9, 12, and 15." Level 3: x3.
    state = started(armed(demo, "thief", 3), hc, count=1, kind=OGRE)
    new, events = landed(state, hc, [10, 4], unseen="from behind")
    assert "Stabbity x3: from behind" in texts(events)
    assert "damage 1d6+2: [4] +2 = 6, Stabbity x3: from behind = 18 damage for each hit" in texts(events)
    assert fighting(new).foe("f1").hp == 0


def test_stabbity_with_advantage_on_the_attack(demo: State, hc: Ruleset) -> None:
    # "...against which the Thief either has attack advantage or is hidden from perception".
    state = started(armed(demo, "thief"), hc, count=1, kind=OGRE)
    new, events = landed(state, hc, [5, 12, 4], net=1)
    assert "Stabbity x2: with Advantage on the attack" in texts(events)
    assert fighting(new).foe("f1").hp == 18 - 2 * (4 + 2)


def test_no_stabbity_seen_coming_on_a_missile_or_for_another_class(demo: State, hc: Ruleset) -> None:
    # "When a Thief is using a melee weapon..."
    state = started(armed(demo, "thief", 3), hc, count=1, kind=OGRE)
    seen, events = landed(state, hc, [10, 4])
    assert fighting(seen).foe("f1").hp == 18 - 6 and "Stabbity" not in texts(events)
    thrown, events = landed(state, hc, [10, 4], kind="missile", unseen="from behind")
    assert fighting(thrown).foe("f1").hp == 18 - 4 and "Stabbity" not in texts(events)
    fighter = started(armed(demo, "fighter"), hc, count=1, kind=OGRE)
    _, events = attacked(fighter, hc, [10, 10, 4], unseen="from behind")
    assert "Stabbity" not in texts(events)


def test_stabbity_and_a_crit_multiply_together(demo: State, hc: Ruleset) -> None:
    # The stabbity_and_crits decision: x2 Stabbity on a x2 crit is four times the damage roll.
    giant = FoeKind("Giant", "12", ac=12)
    state = started(armed(demo, "thief"), hc, count=1, kind=giant)
    new, events = landed(state, hc, [20, 3], unseen="surprised")
    assert "CRITICAL x2: 20" in texts(events)
    assert fighting(new).foe("f1").hp == 54 - 4 * (3 + 2)


def test_stabbity_with_a_boon_under_book_three(state: State, b3: Ruleset) -> None:
    fight = started(armed(state, "thief"), b3, count=1, kind=OGRE)
    _, events = attacked(fight, b3, [10, 2, 4], net=1)
    assert "Stabbity x2: with a Boon on the attack" in texts(events)


def test_stabbity_refuses_a_reason_it_does_not_know(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "thief"), hc, count=1, kind=OGRE)
    with pytest.raises(Refused, match="from behind or surprised or hidden"):
        attacked(state, hc, [10, 4], unseen="blindfolded")


# ------------------------------------------------------------------------------ Murderous Rage


def test_a_berserker_hurt_makes_the_mind_save_and_rages_on_a_failure(demo: State, hc: Ruleset) -> None:
    # "When a Berserker takes damage, they must make a Mind save (target: 12) or go into an
    # uncontrollable violent fury."
    state = started(armed(demo, "berserker", hp=20, max_hp=20), hc, count=1, kind=OGRE)
    thrown, _ = attacked(state, hc, [18, 4], attacker="f1", target="c1")
    new, events = run(thrown, hc, ResolveAttack(stay_put="none"), [11])
    assert "Mind save against Murderous Rage: 11 vs 12, failed by 1" in texts(events)
    assert rage.is_raging(new, hc, "c1")
    assert "Advantage on melee and thrown damage, no fumbles, Disadvantage on every save but Body and Death" in texts(
        events
    )
    calm, events = run(thrown, hc, ResolveAttack(stay_put="none"), [12])
    assert not rage.is_raging(calm, hc, "c1") and "keeps their head" in texts(events)


def test_the_rage_save_comes_with_damage_outside_an_attack_but_not_when_down(demo: State, hc: Ruleset) -> None:
    state = armed(demo, "berserker", hp=5, max_hp=20)
    hurt, events = run(state, hc, ApplyDamage("c1", 2, "a dart trap"), [3])
    assert rage.is_raging(hurt, hc, "c1") and "Mind save against Murderous Rage: 3 vs 12" in texts(events)
    down, events = run(state, hc, ApplyDamage("c1", 9, "a falling block"))
    assert "Murderous Rage" not in texts(events), "no die was scripted: none is thrown at 0 HP"


def test_a_raging_berserker_has_the_edge_on_melee_damage_and_no_fumbles(demo: State, hc: Ruleset) -> None:
    # "During this rage, they have advantage on melee and thrown damage dice rolls, immunity to
    # critical fumbles..."
    soft = FoeKind("Slime", "4", ac=3)
    state = raging(started(armed(demo, "berserker"), hc, count=1, kind=soft), hc)
    new, events = landed(state, hc, [1, 10, 3, 5])
    assert "Murderous Rage: Advantage on the damage, no fumbles" in texts(events)
    assert "FUMBLE" not in texts(events) and "Fumble" not in texts(events)
    assert fighting(new).foe("f1").hp == 18 - 2 * (5 + 2), "the natural 1 (+3 = 4) reaches AC 3"


def test_a_raging_berserkers_saves_but_body_and_death_have_disadvantage(demo: State, hc: Ruleset) -> None:
    # "...and disadvantage on all saves except Body and Death."
    state = raging(armed(demo, "berserker"), hc)
    _, events = run(state, hc, RollSave("c1", "Luck", 0), [18, 4])
    assert "Disadvantage: Murderous Rage" in texts(events)
    assert "Luck save: 4 vs" in texts(events)
    _, events = run(state, hc, RollSave("c1", "Body", 0), [18])
    assert "Murderous Rage" not in texts(events)


def test_breaking_out_clears_the_mind_for_a_round_of_panting(demo: State, hc: Ruleset) -> None:
    # "Mind Save (target: 15) to break out of rage: if successful you mind clears and you spend
    # the round panting" (rolled in the rage: with its Disadvantage).
    state = raging(started(armed(demo, "berserker"), hc, count=1, kind=OGRE), hc)
    new, events = run(state, hc, BreakRage("c1"), [18, 16])
    assert "Mind save to break out of Murderous Rage: 16 vs 15, success" in texts(events)
    assert not rage.is_raging(new, hc, "c1")
    assert [e.name for e in new.effects] == ["Panting"]


def test_failing_to_break_out_is_a_collapse_for_3d6_minutes(demo: State, hc: Ruleset) -> None:
    # "if failed you Collapse to the ground unconscious (remain unconscious for 3d6 minutes)":
    # 9 minutes of 10-second rounds is 54 rounds.
    state = raging(started(armed(demo, "berserker"), hc, count=1, kind=OGRE), hc)
    new, events = run(state, hc, BreakRage("c1"), [16, 3, 2, 3, 4])
    assert "unconscious 9 minutes (54 rounds)" in texts(events)
    assert [(e.name, e.ends_at) for e in new.effects] == [("Unconscious", 54)]
    willing, _ = run(state, hc, BreakRage("c1", willing=True), [1, 1, 1])
    assert [(e.name, e.ends_at) for e in willing.effects] == [("Unconscious", 18)]


def test_entering_the_rage_by_a_self_inflicted_point(demo: State, hc: Ruleset) -> None:
    # "They can also trigger it on their own by causing themselves 1 point of damage with a weapon."
    state = started(armed(demo, "berserker", hp=10, max_hp=10), hc, count=1, kind=OGRE)
    assert [c for c, _ in rage_choices(state, hc, "c1")] == ["cut", "willing"]
    new, events = run(state, hc, rage_action("c1", "cut"))
    assert new.character("c1").hp == 9 and rage.is_raging(new, hc, "c1")
    assert [c for c, _ in rage_choices(new, hc, "c1")] == ["break", "collapse"]
    with pytest.raises(Refused, match="already raging"):
        run(new, hc, EnterRage("c1"))
    with pytest.raises(Refused, match="no rage"):
        run(armed(demo, "fighter"), hc, EnterRage("c1"))


def test_the_rage_lasts_until_broken(demo: State, hc: Ruleset) -> None:
    state = raging(armed(demo, "berserker"), hc)
    effect = rage.rage_effect(state, hc, "c1")
    assert effect is not None and effect.name == RAGE
    later = attrs.evolve(state, clock=attrs.evolve(state.clock, rounds=500, units=500))
    assert rage.is_raging(later, hc, "c1")


# ----------------------------------------------------------------------- Sudden Inner Strength


def test_sudden_inner_strength_spends_a_hit_point_for_a_bigger_damage_die(demo: State, hc: Ruleset) -> None:
    # "By spending 1 Hit Point before they roll their attacks, they can increase the damage die
    # size for their attacks this round by one step." A Halfling's d6 becomes a d8.
    state = started(armed(demo, "halfling", hp=6, max_hp=6), hc, count=1, kind=OGRE)
    new, events = attacked(state, hc, [10, 7], inner_strength=True)
    assert new.character("c1").hp == 5
    assert "spends 1 HP on Sudden Inner Strength (6 -> 5)" in texts(events)
    assert "Sudden Inner Strength: 1 HP spent, damage die 1 step up" in texts(events)
    assert events[0].dice[-1] == "damage 1d8+2: [7] +2 = 9"


def test_sudden_inner_strength_never_spends_the_last_hit_point(demo: State, hc: Ruleset) -> None:
    state = started(armed(demo, "halfling", hp=1, max_hp=6), hc, count=1, kind=OGRE)
    with pytest.raises(Refused, match="only 1 is left"):
        attacked(state, hc, [10, 7], inner_strength=True)
    thief = started(armed(demo, "thief"), hc, count=1, kind=OGRE)
    with pytest.raises(Refused, match="no Sudden Inner Strength"):
        attacked(thief, hc, [10, 7], inner_strength=True)


# ------------------------------------------------------------------------------------ Trapwise


def test_trapwise_a_thiefs_save_against_a_trap_has_advantage(demo: State, hc: Ruleset) -> None:
    # "Trapwise: Thieves have advantage on all Saves against the effects of Traps."
    state = armed(demo, "thief")
    _, events = run(state, hc, RollSave("c1", "Area", 1, against_trap=True), [3, 15])
    assert "Advantage: Trapwise: a save against a trap" in texts(events)
    _, events = run(state, hc, RollSave("c1", "Area", 1), [3])
    assert "Trapwise" not in texts(events)
    cleric = armed(demo, "cleric")
    _, events = run(cleric, hc, RollSave("c1", "Area", 1, against_trap=True), [3])
    assert "Trapwise" not in texts(events)


# ------------------------------------------------------------------------------------ saving


def test_a_rage_and_a_stab_waiting_to_land_come_back_from_a_save(demo: State, hc: Ruleset, tmp_path: Path) -> None:
    fight = started(armed(armed(demo, "thief", 3), "berserker", cid="c2"), hc, count=1, kind=OGRE)
    state = raging(fight, hc, "c2")
    state, _ = attacked(state, hc, [10, 4], unseen="from behind")
    back = persist.parse_state(persist.dump_state(state), tmp_path / "x.toml")
    assert back == state
    assert rage.is_raging(back, hc, "c2") and fighting(back).pending.plan.damage_multiplier == 3
