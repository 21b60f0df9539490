"""The edge of death: every path from full HP to the grave, with chosen dice."""

from __future__ import annotations

import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.procedures.hammercrawl_classes.rules import damage
from hammertui.procedures.hammercrawl_classes.rules.damage import Vitals

STANDING = Vitals(hp=6, temp_hp=0, con=10, status="ok")


def test_temporary_hp_go_first() -> None:
    out = damage.take_damage(Vitals(6, 3, 10, "ok"), 5)
    assert (out.vitals.hp, out.vitals.temp_hp) == (4, 0)
    assert out.lines == ("3 taken by temporary HP", "loses 2 HP")


def test_exactly_zero_is_down_with_con_intact() -> None:
    out = damage.take_damage(STANDING, 6)
    assert out.vitals == Vitals(0, 0, 10, "down")


def test_excess_comes_off_con() -> None:
    out = damage.take_damage(STANDING, 9)
    assert out.vitals == Vitals(0, 0, 7, "down")
    assert "-3 CON (permanent)" in out.lines


def test_excess_past_con_is_death() -> None:
    assert damage.take_damage(STANDING, 16).vitals.status == "dead"
    assert damage.take_damage(STANDING, 15).vitals == Vitals(0, 0, 1, "down")


def test_a_blow_that_kills_says_so_and_offers_the_dead_no_choice() -> None:
    """6 HP and CON 10 take 16: 6 off HP, 10 off CON, and CON 0 is dead: no Lay Down, no Fight On."""
    dead = damage.take_damage(STANDING, 16)
    assert dead.lines == ("loses 6 HP", "drops to 0 HP", "-10 CON (permanent)", "CON 0: dead")
    living = damage.take_damage(STANDING, 15)
    assert living.lines == ("loses 6 HP", "drops to 0 HP: Lay Down or Fight On each round", "-9 CON (permanent)")


def test_further_damage_at_zero_comes_off_con() -> None:
    down = damage.take_damage(STANDING, 6).vitals
    assert damage.take_damage(down, 4).vitals == Vitals(0, 0, 6, "down")
    assert damage.take_damage(down, 10).vitals.status == "dead"


def test_hardcore_zero_is_death_and_above_zero_is_not() -> None:
    assert damage.take_damage(STANDING, 6, "death").vitals.status == "dead"
    assert damage.take_damage(STANDING, 5, "death").vitals == Vitals(1, 0, 10, "ok")


def test_lay_down_save_made_costs_nothing_failed_costs_one_con() -> None:
    down = Vitals(0, 0, 2, "down")
    assert damage.lay_down(down, saved=True).vitals == Vitals(0, 0, 2, "down", "lay_down")
    once = damage.lay_down(down, saved=False).vitals
    assert once == Vitals(0, 0, 1, "down", "lay_down")
    assert damage.lay_down(once, saved=False).vitals.status == "dead"


def test_fight_on_loses_1d4_con() -> None:
    out = damage.fight_on(Vitals(0, 0, 5, "down"), ScriptedDice([3]))
    assert out.vitals == Vitals(0, 0, 2, "down", "fight_on")
    assert out.rolls[0].describe() == "Fight On 1d4: [3] = 3"
    assert damage.fight_on(out.vitals, ScriptedDice([4])).vitals.status == "dead"


def test_only_the_fallen_lay_down_or_fight_on() -> None:
    with pytest.raises(ValueError):
        damage.lay_down(STANDING, saved=True)
    with pytest.raises(ValueError):
        damage.fight_on(STANDING, ScriptedDice([1]))


def test_not_today_keeps_one_hp_and_negates_the_rest() -> None:
    assert damage.would_drop(STANDING, 6) and not damage.would_drop(STANDING, 5)
    out = damage.not_today(Vitals(6, 2, 10, "ok"), 20)
    assert out.vitals == Vitals(1, 0, 10, "ok")
    assert out.lines[-1] == "Not Today!: stays at 1 HP, 13 damage negated"
    with pytest.raises(ValueError):
        damage.not_today(Vitals(0, 0, 10, "down"), 3)


def test_healing_stops_at_max_and_gets_the_fallen_up() -> None:
    out = damage.heal(Vitals(0, 0, 7, "down", "lay_down"), 20, max_hp=8)
    assert out.vitals == Vitals(8, 0, 7, "ok")
    assert damage.heal(Vitals(0, 0, 0, "dead"), 5, 8).vitals.status == "dead"
