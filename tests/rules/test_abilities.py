"""The class abilities as pure rules, against the complete rules' class texts."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules import abilities

STATS = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10}


@pytest.mark.parametrize(("level", "factor"), [(1, 2), (2, 2), (3, 3), (6, 4), (9, 5), (12, 6), (15, 7)])
def test_stabbity_grows_at_3_6_9_12_and_15(hc: Ruleset, level: int, factor: int) -> None:
    # "the thief doubles their damage ... This multiple increases by +1 at levels 3, 6, 9, 12, and 15."
    stab = abilities.stabbity(hc, "thief", level, "melee", 0, "hidden")
    assert stab == abilities.Stab(factor, "hidden")


def test_stabbity_needs_a_melee_weapon_and_advantage_or_being_unseen(hc: Ruleset, b3: Ruleset) -> None:
    assert abilities.stabbity(hc, "thief", 1, "melee", 0) is None
    assert abilities.stabbity(hc, "thief", 1, "thrown", 1, "from behind") is None
    assert abilities.stabbity(hc, "fighter", 1, "melee", 1, "from behind") is None
    assert abilities.stabbity(hc, "thief", 1, "melee", 1).line == "Stabbity x2: with Advantage on the attack"
    assert abilities.stabbity(b3, "thief", 1, "melee", 2).line == "Stabbity x2: with a Boon on the attack"
    assert abilities.stabbity(hc, "thief", 1, "melee", -1) is None


def test_the_rage_hinders_saves_but_body_and_death_and_helps_melee_and_thrown_damage(hc: Ruleset, b3: Ruleset) -> None:
    # "advantage on melee and thrown damage dice rolls ... disadvantage on all saves except Body and Death"
    assert [
        abilities.rage_save_edge(hc, "berserker", s, True)[0]
        for s in ("Mind", "Luck", "Area", "Rally", "Body", "Death")
    ] == [-1, -1, -1, -1, 0, 0]
    assert abilities.rage_save_edge(hc, "berserker", "Mind", False) == (0, "")
    assert abilities.rage_save_edge(hc, "fighter", "Mind", True) == (0, "")
    assert [abilities.rage_damage_net(hc, "berserker", k, True) for k in ("melee", "thrown", "missile")] == [1, 1, 0]
    assert [abilities.rage_damage_net(b3, "berserker", k, True) for k in ("melee", "missile")] == [1, 1], (
        "the rage_thrown decision"
    )


def test_the_rage_saves_target_12_to_hold_and_15_to_break(hc: Ruleset) -> None:
    # "they must make a Mind save (target: 12)"; "Mind Save (target: 15) to break out of rage"
    held = abilities.rage_save(hc, ScriptedDice([12]), class_id="berserker", level=1, stats=STATS, breaking=False)
    assert (held.target, held.total, held.success) == (12, 12, True)
    broken = abilities.rage_save(hc, ScriptedDice([19, 14]), class_id="berserker", level=1, stats=STATS, breaking=True)
    assert (broken.target, broken.total, broken.success) == (15, 14, False), "rolled in the rage, the worse die counts"


def test_a_collapse_of_3d6_minutes_in_rounds(hc: Ruleset) -> None:
    rounds, thrown = abilities.collapse_rounds(hc, "berserker", ScriptedDice([6, 6, 6]))
    assert (thrown.total, rounds) == (18, 108)


def test_sudden_inner_strength_costs_one_hit_point_but_never_the_last(hc: Ruleset) -> None:
    assert abilities.inner_strength_cost(hc, "halfling", 2) == 1
    with pytest.raises(ValueError, match="would drop them"):
        abilities.inner_strength_cost(hc, "halfling", 1)
    with pytest.raises(ValueError, match="no Sudden Inner Strength"):
        abilities.inner_strength_cost(hc, "thief", 5)


def test_trapwise_is_the_thiefs(hc: Ruleset) -> None:
    assert abilities.trap_save_edge(hc, "thief", True) == (1, "Trapwise: a save against a trap")
    assert abilities.trap_save_edge(hc, "thief", False) == (0, "")
    assert abilities.trap_save_edge(hc, "dwarf", True) == (0, "")
