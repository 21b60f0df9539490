"""The Explore rules: reading a roll in the text's order, traps by dungeon level, a room's XP."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hammertui.kernel.rules.dice import DiviningThrow, ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules import explore
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus
from hammertui.procedures.divining_pool.rules.explore import PoolInputs, build_pool, pool_counts, read_roll, room_xp


def throws(*faces: tuple[str, ...]) -> tuple[DiviningThrow, ...]:
    return tuple(DiviningThrow("any", face) for face in faces)


def test_a_hammer_plus_is_a_hammer_and_a_comet_three_more(hc: Ruleset) -> None:
    reading = read_roll(hc, throws(("hammer_plus",), ("comet",), ("hammer", "hammer")))
    assert (reading.hammers, reading.comets) == (6, 1)


def test_chaos_stars_are_three_crossblades_and_do_not_cancel_comets(hc: Ruleset) -> None:
    reading = read_roll(hc, throws(("chaos_star",), ("comet",), ("crossblade", "crossblade")))
    assert (reading.hammers, reading.crossblades) == (3, 5)


def test_falcons_and_skulls_cancel_one_for_one(hc: Ruleset) -> None:
    reading = read_roll(hc, throws(("falcon", "falcon"), ("skull",), ("skull", "skull"), ("falcon",)))
    assert (reading.falcons, reading.skulls, reading.net_falcons, reading.net_skulls) == (3, 3, 0, 0)
    reading = read_roll(hc, throws(("skull", "skull"), ("hammer", "falcon")))
    assert (reading.net_falcons, reading.net_skulls) == (0, 1)
    assert explore.transit_symbol(hc, reading) == ("skull", 1)


def test_blood_drops_and_hourglasses_are_counted_apart(hc: Ruleset) -> None:
    reading = read_roll(hc, throws(("hammer", "blood_drop"), ("hammer", "hourglass"), ("hammer", "hourglass")))
    assert (reading.blood_drops, reading.hourglasses, reading.hammers) == (1, 2, 3)


def test_a_hammer_plus_throws_another_yellow_at_once(hc: Ruleset) -> None:
    # Blue Hammer; Yellow Hammer-Plus, its Yellow a Hammer-Plus too, whose Yellow is a Comet.
    rolled = explore.roll_pool(hc, ScriptedDice([5, 5, 5, 6]), {"blue": 1, "yellow": 1})
    assert [(t.color, t.chained) for t in rolled.throws] == [
        ("blue", False),
        ("yellow", False),
        ("yellow", True),
        ("yellow", True),
    ]
    assert read_roll(hc, rolled.throws).hammers == 1 + 1 + 1 + 3


def test_the_pool_lists_its_reasons_in_the_texts_order(hc: Ruleset) -> None:
    bonus = PoolBonus("green", 1, 1, "Darla stood watch")
    lines = build_pool(hc, PoolInputs(3, {"good_idea": 3}, party_size=5, dark=True, bonuses=(bonus,), extra={"red": 1}))
    assert [(line.colour, line.count, line.source) for line in lines] == [
        ("blue", 1, "base"),
        ("purple", 3, "challenge"),
        ("black", 3, "dark"),
        ("white", 3, "addition"),
        ("green", 1, "camp"),
        ("red", 1, "hand"),
    ]
    assert pool_counts(lines, hc.divining.dice) == {
        "blue": 1,
        "red": 1,
        "green": 1,
        "white": 3,
        "purple": 3,
        "black": 3,
    }


def test_a_revisit_takes_no_scouting_dice(hc: Ruleset) -> None:
    scout = PoolBonus("yellow", 1, 3, "Otto scouted ahead", new_rooms_only=True)
    assert "yellow" not in pool_counts(build_pool(hc, PoolInputs(1, bonuses=(scout,), new_room=False)))
    assert explore.after_room((scout,), new_room=False) == (scout,)


@pytest.mark.parametrize(
    ("faces", "level", "expected"),
    [
        ([1, 3], 1, "Acid Trap, 3 damage"),  # 1d6 x 1
        ([1, 3], 4, "Acid Trap, 12 damage"),  # 1d6 x 4
        ([7, 3], 4, "Fire Trap, 3 damage"),  # 1d6, not scaled
        ([6, 2, 5], 2, "Falling Ceiling Trap, 20 damage"),  # 1d10 x 1d10 x 2
        ([13, 1, 4, 2, 3], 3, "Pit Trap, 30 ft deep, 9 damage"),  # 1 x 10 x 3 feet, then 1d6 per 10 feet
        ([4], 2, "Elevator Room Trap, Descends 1 level"),
        # "Poison Dart Trap (1d4 damage plus poison; onset 1d8-1 rounds, save or level x10 damage)"
        ([14, 3], 2, "Poison Dart Trap, 3 damage, poison after 1d8-1 rounds: save or 20 damage"),
        # "Poison Gas Trap (onset 1d8-1 rounds, save or level x10 damage)"
        ([15], 3, "Poison Gas Trap, poison after 1d8-1 rounds: save or 30 damage"),
    ],
)
def test_traps_scale_with_the_dungeon_level(hc: Ruleset, faces: list[int], level: int, expected: str) -> None:
    dice = ScriptedDice(faces + [1] * 6)
    assert explore.roll_trap(hc, dice, level).describe() == expected


@pytest.mark.parametrize(
    ("hammers", "crossblades", "new", "dungeon_tier", "party_tier", "base", "amount"),
    [
        (3, 2, True, 1, 1, 6, 6),  # 1 + 2 + 3
        (3, 0, True, 1, 1, 1, 1),  # Hammers need a Crossblade beside them
        (0, 0, False, 1, 1, 0, 0),  # a room revisited gives no room XP
        (2, 2, True, 1, 2, 5, 2),  # the party a tier above: x1/2, 2.5 rounds down
        (2, 2, True, 2, 1, 5, 10),  # a tier below: x2
        (4, 4, True, 1, 3, 9, 0),  # two tiers above: x1/10, 0.9 rounds down
        (0, 1, True, 3, 1, 2, 20),  # two tiers below: x10
    ],
)
def test_room_xp_with_the_tier_modifier(
    hc: Ruleset, hammers: int, crossblades: int, new: bool, dungeon_tier: int, party_tier: int, base: int, amount: int
) -> None:
    xp = room_xp(hc, hammers, crossblades, new, dungeon_tier, party_tier)
    assert (xp.base, xp.amount) == (base, amount)
    assert xp.explanation.endswith(f"= {amount} each")
    assert Fraction(xp.multiplier) > 0


def test_outcomes_count_time_in_the_rulesets_own_unit(hc: Ruleset, b3: Ruleset) -> None:
    def sputter(ruleset: Ruleset) -> str:
        return explore.outcome(ruleset, "skull", "sputter").name

    assert sputter(hc) == "The lights flicker and sputter: 1d4 more turns off them"
    assert sputter(b3) == "The lights flicker and sputter: 1d4 more Beats off them"
    crossblade = [c.name for c in explore.choices(b3, "crossblade")]
    assert "The lights flicker and sputter: 1d4 more Beats off them" in crossblade, "bought through `also` too"
    assert not any(
        "{" in c.name for symbol in ("falcon", "skull", "hammer", "crossblade") for c in explore.choices(b3, symbol)
    )
