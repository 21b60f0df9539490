"""Camp: the check, the free actions by class, the chosen actions, the encounter roll, the bonuses."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hammertui.kernel.rules.burning import LitSource
from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus, bonus_dice, tick_bonuses
from hammertui.procedures.hammercrawl_camp.rules import (
    CampChoice,
    Camper,
    CampRefused,
    action_problem,
    camp_action,
    camp_encounter,
    check_camp,
    default_free,
    encounter_chance,
    free_action,
    free_options,
    free_problem,
    heal_half,
    rest_hp,
    settle_camp,
)

TORCH = LitSource("t1", "torch", 6)


FIGHTER = Camper("f", "Brom", "fighter", level=1, hp=3, max_hp=8, rations=2, bedroll=True)
MAGIC_USER = Camper("m", "Ysolde", "magic_user", level=2, hp=4, max_hp=4, rations=1, bedroll=True)
THIEF = Camper("t", "Nim", "thief", level=1, hp=5, max_hp=6, rations=1, bedroll=True)
CLERIC = Camper("c", "Odo", "cleric", level=1, hp=6, max_hp=6, rations=1, bedroll=True)
ELF = Camper("e", "Lira", "elf", level=1, hp=2, max_hp=8, rations=1, bedroll=True)


def fighter(**changes: Any) -> Camper:
    return attrs.evolve(FIGHTER, **changes)


def magic_user(**changes: Any) -> Camper:
    return attrs.evolve(MAGIC_USER, **changes)


def thief(**changes: Any) -> Camper:
    return attrs.evolve(THIEF, **changes)


def cleric(**changes: Any) -> Camper:
    return attrs.evolve(CLERIC, **changes)


def elf(**changes: Any) -> Camper:
    return attrs.evolve(ELF, **changes)


# ------------------------------------------------------------------------------- the check


def test_a_ready_party_may_camp(hc: Ruleset) -> None:
    check = check_camp(hc, [fighter(), magic_user()], [TORCH], safe_haven=True)
    assert check.allowed
    assert (check.party, check.missing, check.limits, check.warnings, check.lines) == ((), {}, {}, (), ())


def test_refused_without_rations_names_who(hc: Ruleset) -> None:
    check = check_camp(hc, [fighter(), magic_user(rations=0), thief(rations=0)], [TORCH], safe_haven=True)
    assert not check.allowed
    assert check.party == ()
    assert check.missing == {"m": ("1 Ration",), "t": ("1 Ration",)}
    assert check.lines == ("Ysolde lacks 1 Ration", "Nim lacks 1 Ration")


def test_refused_without_light(hc: Ruleset) -> None:
    check = check_camp(hc, [fighter(), magic_user()], [], safe_haven=True)
    assert not check.allowed
    assert check.party == ("a lit light source",)
    assert check.lines == ("the party needs a lit light source",)
    burnt_out = check_camp(hc, [fighter()], [LitSource("t", "torch", 0)], safe_haven=True)
    assert burnt_out.party == ("a lit light source",)


def test_no_light_needed_when_all_see_in_the_dark(hc: Ruleset) -> None:
    seeing = [fighter(sees_in_dark=True), magic_user(sees_in_dark=True)]
    assert check_camp(hc, seeing, [], safe_haven=True).allowed
    one_blind = [fighter(sees_in_dark=True), magic_user()]
    assert not check_camp(hc, one_blind, [], safe_haven=True).allowed


def test_refused_outside_a_safe_haven_and_everything_named(hc: Ruleset) -> None:
    check = check_camp(hc, [fighter(rations=0)], [], safe_haven=False)
    assert check.party == ("a Safe Haven", "a lit light source")
    assert check.missing == {"f": ("1 Ration",)}
    assert not check.allowed
    assert check.lines == (
        "the party needs a Safe Haven",
        "the party needs a lit light source",
        "Brom lacks 1 Ration",
    )


def test_a_short_light_warns_but_allows(hc: Ruleset, b3: Ruleset) -> None:
    short = LitSource("t1", "torch", 4)
    check = check_camp(hc, [fighter()], [short], safe_haven=True)
    assert check.allowed
    assert check.warnings == ("the last light goes out after 4 turns of the camp's 6 turns",)
    b3_check = check_camp(b3, [fighter()], [short], safe_haven=True)
    assert b3_check.warnings == ("the last light goes out after 4 Beats of the camp's 6 Beats",)
    assert check_camp(hc, [fighter()], [short, TORCH], safe_haven=True).warnings == ()


def test_book_three_bedroll(b3: Ruleset, hc: Ruleset) -> None:
    no_bedroll = fighter(bedroll=False)
    check = check_camp(b3, [no_bedroll], [TORCH], safe_haven=True)
    assert check.allowed
    assert check.limits == {"f": ("no Bedroll: no HP back at camp",)}
    assert free_options(b3, no_bedroll) == ()
    assert free_problem(b3, no_bedroll, CampChoice(free="heal")) == "Brom: heal needs a Bedroll"
    assert action_problem(b3, no_bedroll, CampChoice(action="rest")) == "Brom: Rest needs a Bedroll"
    assert free_options(b3, fighter()) == ("heal",)
    assert action_problem(b3, fighter(), CampChoice(action="rest")) is None
    # The complete rules ask for no Bedroll.
    assert check_camp(hc, [no_bedroll], [TORCH], safe_haven=True).limits == {}
    assert free_options(hc, no_bedroll) == ("heal",)
    assert action_problem(hc, no_bedroll, CampChoice(action="rest")) is None


def test_book_three_bedroll_in_a_whole_camp(b3: Ruleset) -> None:
    """Without a Bedroll a Book Three fighter camps, eats, and heals nothing."""
    outcome = settle_camp(
        b3,
        ScriptedDice([1]),
        [fighter(bedroll=False)],
        {"f": CampChoice(action="stand_watch")},
        [TORCH],
        dungeon_level=1,
    )
    assert outcome.hp == {"f": 3}
    assert [d.action for d in outcome.deeds] == ["stand_watch"]
    assert outcome.rations == {"f": 1}


# ------------------------------------------------------------------------------ free actions


@pytest.mark.parametrize(("lost", "half"), [(0, 0), (1, 1), (2, 1), (5, 3), (6, 3), (7, 4)])
def test_heal_half_rounds_up(lost: int, half: int) -> None:
    assert heal_half(lost) == half


def test_free_heal_then_rest_heals_all() -> None:
    """Lost 5: the free action heals 3 (half, rounded up), Rest the other 2."""
    assert heal_half(5) == 3
    assert rest_hp(5, free_healed=True) == 2
    assert rest_hp(5, free_healed=False) == 3
    assert rest_hp(7, free_healed=True) == 3
    assert heal_half(7) + rest_hp(7, free_healed=True) == 7


def test_free_action_by_class(hc: Ruleset, b3: Ruleset) -> None:
    assert free_options(hc, fighter()) == ("heal",)
    assert free_options(hc, thief()) == ("heal",)
    assert free_options(hc, magic_user()) == ("rememorize",)
    assert free_options(hc, cleric()) == ("rememorize",)
    assert free_options(b3, cleric()) == ("rememorize", "turn_unholy")
    assert set(free_options(hc, elf())) == {"rememorize", "heal"}
    assert free_problem(hc, elf(), CampChoice()) == "Lira: choose the free action (rememorize or heal)"
    assert free_problem(b3, cleric(), CampChoice()) == "Odo: choose the free action (rememorize or turn_unholy)"
    assert free_problem(hc, cleric(), CampChoice()) is None
    assert free_problem(hc, fighter(), CampChoice(free="rememorize")) == (
        "Brom: rememorize is not a free camp action of their class"
    )


def test_a_choice_of_free_action_defaults_to_the_last_camps_or_the_one_that_does_something(
    b3: Ruleset, hc: Ruleset
) -> None:
    """Book Three: "Cleric: Re-memorize 1 daily spell or recover 1 use of Turn Unholy"; the
    complete rules: "Elf: Either re-memorize 1 daily spell *or* recover half (round up) of
    currently-lost HPs". With nothing spent, neither does anything: no choice is asked for."""
    assert default_free(b3, cleric(), last="") == "rememorize"
    assert free_problem(b3, cleric(), CampChoice(free=default_free(b3, cleric(), ""))) is None
    assert default_free(b3, cleric(turn_unholy_spent=1), last="") == "turn_unholy", "the one that does something"
    assert default_free(b3, cleric(spells_spent=1), last="turn_unholy") == "rememorize"
    assert default_free(b3, cleric(spells_spent=1, turn_unholy_spent=1), last="turn_unholy") == "turn_unholy", (
        "the last camp's"
    )
    assert default_free(b3, cleric(spells_spent=1, turn_unholy_spent=1), last="") is None, (
        "both do something: the table chooses"
    )
    assert default_free(b3, cleric(), last="turn_unholy") == "turn_unholy", "nothing to gain: as last time"
    assert default_free(hc, elf(), last="") == "heal", "Lira has lost 6 HP and spent no spell"
    assert default_free(hc, fighter(), last="") is None, "one free action: nothing to choose"


def test_book_needed_to_rememorize(b3: Ruleset) -> None:
    bookless = cleric(book=False)
    assert free_options(b3, bookless) == ()
    assert free_problem(b3, bookless, CampChoice(free="turn_unholy")) == "Odo: turn_unholy needs the book"
    assert action_problem(b3, magic_user(book=False), CampChoice(action="rememorize")) == (
        "Ysolde: Re-memorize needs the book"
    )
    assert check_camp(b3, [bookless], [TORCH], safe_haven=True).limits == {"c": ("no book: cannot re-memorize",)}


def test_free_action_results() -> None:
    heal = free_action(fighter(), "heal")
    assert (heal.hp, heal.free, heal.line) == (3, True, "Brom recovers 3 HP")
    assert free_action(cleric(), "turn_unholy").turn_unholy == 1
    assert free_action(magic_user(), "rememorize").spells == 1
    with pytest.raises(ValueError):
        free_action(fighter(), "rest")


# ---------------------------------------------------------------------------- camp actions


def test_craft_ammo_is_2d4(hc: Ruleset) -> None:
    dice = ScriptedDice([3, 4])
    deed = camp_action(hc, dice, thief(), CampChoice(action="craft_ammo"), free_healed=True)
    assert deed.ammo == 7
    assert [r.dice for r in deed.rolls] == [(3, 4)]
    assert deed.rolls[0].label == "Nim craft ammo 2d4"
    assert dice.remaining == 0


def test_rest_needs_another_ration(hc: Ruleset) -> None:
    assert action_problem(hc, thief(rations=1), CampChoice(action="rest")) == "Nim: Rest needs one more Ration"
    assert action_problem(hc, thief(rations=2), CampChoice(action="rest")) is None


def test_level_up_needs_the_xp(hc: Ruleset) -> None:
    assert action_problem(hc, fighter(xp=19), CampChoice(action="level_up")) == "Brom: Level Up needs 20 XP, has 19"
    assert action_problem(hc, fighter(xp=20), CampChoice(action="level_up")) is None
    assert action_problem(hc, fighter(level=15, xp=999), CampChoice(action="level_up")) == "Brom is at the top level"
    deed = camp_action(hc, ScriptedDice([]), fighter(xp=20), CampChoice(action="level_up"), free_healed=False)
    assert deed.level_to == 2


def test_rememorize_recovers_a_spell_per_level(hc: Ruleset) -> None:
    deed = camp_action(hc, ScriptedDice([]), magic_user(level=3), CampChoice(action="rememorize"), False)
    assert deed.spells == 3
    assert action_problem(hc, fighter(), CampChoice(action="rememorize")) == "Brom casts no spells to re-memorize"


def test_stand_watch_colour_by_ruleset(hc: Ruleset, b3: Ruleset) -> None:
    hc_watch = camp_action(hc, ScriptedDice([]), thief(), CampChoice(action="stand_watch"), False)
    assert hc_watch.bonus == PoolBonus("green", 1, 1, "Nim stood watch")
    b3_watch = camp_action(b3, ScriptedDice([]), thief(), CampChoice(action="stand_watch"), False)
    assert b3_watch.bonus == PoolBonus("blue", 1, 1, "Nim stood watch")


def test_scout_ahead_entered(hc: Ruleset) -> None:
    success = camp_action(hc, ScriptedDice([3]), thief(), CampChoice(action="scout_ahead", scout_success=True), False)
    assert success.success is True
    assert success.bonus == PoolBonus("yellow", 1, 3, "Nim scouted ahead and found the way", new_rooms_only=True)
    assert success.line == "Nim scouts ahead: success, yellow for the next 3 new rooms"
    failure = camp_action(hc, ScriptedDice([1]), thief(), CampChoice(action="scout_ahead", scout_success=False), False)
    assert failure.bonus == PoolBonus("black", 1, 1, "Nim scouted ahead and was spotted", new_rooms_only=True)


@pytest.mark.parametrize(("die", "success"), [(12, False), (13, True)])
def test_scout_ahead_rolled(hc: Ruleset, die: int, success: bool) -> None:
    choice = CampChoice(action="scout_ahead", scout_modifier=2, scout_target=15)
    deed = camp_action(hc, ScriptedDice([die, 2]), thief(), choice, False)
    assert deed.success is success
    assert [r.total for r in deed.rolls] == [die + 2, 2]
    assert deed.bonus is not None
    assert deed.bonus.colour == ("yellow" if success else "black")
    assert deed.bonus.rooms_left == 2


def test_scout_ahead_needs_its_check(hc: Ruleset) -> None:
    assert action_problem(hc, thief(), CampChoice(action="scout_ahead")) == (
        "Nim: Scout Ahead needs its check, entered or with a target to roll against"
    )


# ---------------------------------------------------------------------------- the encounter


@pytest.mark.parametrize(
    ("level", "watchers", "die", "total", "encounter", "surprised"),
    [
        (1, 0, 4, 5, False, False),
        (1, 0, 5, 6, True, True),
        (1, 0, 6, 7, True, True),
        (3, 0, 2, 5, False, False),
        (3, 0, 3, 6, True, True),
        (3, 0, 4, 7, True, True),
        (1, 1, 5, 5, False, False),
        (1, 1, 6, 6, True, False),
        (3, 1, 3, 5, False, False),
        (3, 1, 4, 6, True, False),
        (3, 1, 5, 7, True, False),
        (3, 2, 4, 5, False, False),
        (3, 2, 5, 6, True, False),
        (3, 2, 6, 7, True, False),
    ],
)
def test_camp_encounter_boundaries(
    hc: Ruleset, level: int, watchers: int, die: int, total: int, encounter: bool, surprised: bool
) -> None:
    """1d6, -1 for each watcher, + the dungeon level; 6 or more is an encounter."""
    result = camp_encounter(hc, ScriptedDice([die]), watchers, level)
    assert result.total == total
    assert result.encounter is encounter
    assert result.surprised is surprised
    assert result.roll.dice == (die,)
    assert result.roll.modifier == level - watchers


# ---------------------------------------------------------------------------- a whole camp


def test_a_whole_camp(hc: Ruleset) -> None:
    party = [fighter(), magic_user(), thief(), cleric()]
    choices = {
        "f": CampChoice(action="rest"),
        "m": CampChoice(action="stand_watch"),
        "t": CampChoice(action="scout_ahead", scout_success=True),
        "c": CampChoice(action="craft_ammo"),
    }
    short_torch = LitSource("t1", "torch", 4)
    dice = ScriptedDice([3, 2, 4, 5])  # scout rooms 1d4, craft 2d4, encounter 1d6
    outcome = settle_camp(hc, dice, party, choices, [short_torch], dungeon_level=1)
    assert dice.remaining == 0
    assert outcome.units == 6
    assert outcome.lights[0].out_after == 4
    assert outcome.lights[0].burn.burnt_out
    assert outcome.dark_after == 4
    assert outcome.rations == {"f": 2, "m": 1, "t": 1, "c": 1}
    assert outcome.hp == {"f": 8, "m": 4, "t": 6, "c": 6}
    assert [(d.camper_id, d.action, d.free) for d in outcome.deeds] == [
        ("f", "heal", True),
        ("m", "rememorize", True),
        ("t", "heal", True),
        ("c", "rememorize", True),
        ("f", "rest", False),
        ("m", "stand_watch", False),
        ("t", "scout_ahead", False),
        ("c", "craft_ammo", False),
    ]
    assert [d.hp for d in outcome.deeds if d.camper_id == "f"] == [3, 2]
    assert outcome.encounter.total == 5
    assert not outcome.encounter.encounter
    assert outcome.encounter_pool == {}
    assert outcome.bonuses == (
        PoolBonus("green", 1, 1, "Ysolde stood watch"),
        PoolBonus("yellow", 1, 3, "Nim scouted ahead and found the way", new_rooms_only=True),
    )
    assert [r.label for r in outcome.rolls] == [
        "Nim scouted rooms 1d4",
        "Odo craft ammo 2d4",
        "camp encounter 1d6",
    ]
    assert not outcome.resets_risk_reward
    assert "torch goes out after 4 turns" in outcome.lines


def test_an_encounter_finds_the_camp_and_uses_the_bonuses(b3: Ruleset) -> None:
    party = [fighter(), magic_user()]
    choices = {"f": CampChoice(action="stand_watch"), "m": CampChoice(action="stand_watch")}
    outcome = settle_camp(b3, ScriptedDice([5]), party, choices, [TORCH], dungeon_level=3)
    assert outcome.encounter.total == 6
    assert outcome.encounter.encounter
    assert not outcome.encounter.surprised
    assert outcome.encounter_pool == {"blue": 2}
    assert outcome.resets_risk_reward
    assert outcome.rations == {"f": 1, "m": 1}


def test_camp_refused_names_what_is_missing(hc: Ruleset) -> None:
    with pytest.raises(CampRefused) as refused:
        settle_camp(hc, ScriptedDice([]), [fighter(rations=0)], {}, [TORCH], dungeon_level=1)
    assert refused.value.check.missing == {"f": ("1 Ration",)}
    assert str(refused.value) == "Brom lacks 1 Ration"


def test_impossible_choices_are_all_named(hc: Ruleset) -> None:
    choices = {"e": CampChoice(action="level_up"), "t": CampChoice(action="rest")}
    with pytest.raises(ValueError) as bad:
        settle_camp(hc, ScriptedDice([]), [elf(), thief()], choices, [TORCH], dungeon_level=1)
    assert str(bad.value).splitlines() == [
        "Lira: choose the free action (rememorize or heal)",
        "Lira: Level Up needs 20 XP, has 0",
        "Nim: Rest needs one more Ration",
    ]


# ------------------------------------------------------------------------------ the bonuses


def test_bonuses_expire_room_by_room() -> None:
    watch = PoolBonus("green", 1, 1, "watch")
    scout = PoolBonus("yellow", 1, 3, "scout", new_rooms_only=True)
    bonuses: tuple[PoolBonus, ...] = (watch, scout)
    assert bonus_dice(bonuses) == {"green": 1, "yellow": 1}
    bonuses = tick_bonuses(bonuses)
    assert bonuses == (PoolBonus("yellow", 1, 2, "scout", new_rooms_only=True),)
    assert bonus_dice(bonuses, new_room=False) == {}
    bonuses = tick_bonuses(bonuses, new_room=False)
    assert bonuses == (PoolBonus("yellow", 1, 2, "scout", new_rooms_only=True),)
    bonuses = tick_bonuses(bonuses)
    assert bonuses[0].rooms_left == 1
    assert tick_bonuses(bonuses) == ()


def test_a_watch_is_spent_on_a_revisited_room() -> None:
    watch = PoolBonus("blue", 1, 1, "watch")
    assert bonus_dice([watch], new_room=False) == {"blue": 1}
    assert tick_bonuses([watch], new_room=False) == ()


def test_bonuses_of_one_colour_add_up() -> None:
    bonuses = [PoolBonus("black", 1, 2, "a"), PoolBonus("black", 1, 1, "b"), PoolBonus("green", 2, 1, "c")]
    assert bonus_dice(bonuses) == {"black": 2, "green": 2}


@pytest.mark.parametrize(
    ("watchers", "level", "said"),
    [(0, 1, "2 in 6"), (1, 1, "1 in 6"), (2, 1, "impossible"), (0, 5, "certain"), (1, 0, "impossible")],
)
def test_the_encounter_odds_are_said_before_the_roll(hc: Ruleset, watchers: int, level: int, said: str) -> None:
    assert encounter_chance(hc, watchers, level) == said
