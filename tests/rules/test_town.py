"""Return to Town: Hit Points, supplies, the loot ledger, loot turned to XP, who can level."""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules.town import (
    UNCLAIMED,
    LootItem,
    Survivor,
    can_level,
    convert_loot,
    exploration_xp,
    items_by_holder,
    restock,
    return_to_town,
    split_coins,
)


def party() -> list[Survivor]:
    return [
        Survivor(
            "f",
            "Brom",
            level=1,
            xp=18,
            hp=2,
            max_hp=8,
            kit={"Ration": 3, "Torch": 2},
            carried={"Ration": 1, "Torch": 2, "Rope": 1},
        ),
        Survivor("m", "Ysolde", level=2, xp=10, hp=4, max_hp=4, kit={"Ration": 3}, carried={"Ration": 3}),
        Survivor("t", "Nim", level=1, xp=0, hp=0, max_hp=6, kit={"Ration": 3, "Torch": 1}, carried={}),
    ]


def test_conversion_book_three(b3: Ruleset) -> None:
    """2,500 coins: 2 XP for each survivor, 500 coins left."""
    conversion = convert_loot(b3, 2500)
    assert (conversion.xp_each, conversion.converted, conversion.left) == (2, 2000, 500)
    assert conversion.line == "2000 coins become 2 XP each; 500 coins left"
    assert convert_loot(b3, 999).xp_each == 0
    assert convert_loot(b3, 999).left == 999
    assert convert_loot(b3, 1000).xp_each == 1


def test_no_conversion_in_the_complete_rules(hc: Ruleset) -> None:
    conversion = convert_loot(hc, 2500)
    assert (conversion.xp_each, conversion.converted, conversion.left) == (0, 0, 2500)


def test_coins_split_with_the_remainder_stated() -> None:
    split = split_coins(502, 3)
    assert (split.each, split.remainder) == (167, 1)
    assert split.line == "502 coins: 167 each to 3, 1 left over"
    assert split_coins(0, 3).each == 0
    assert split_coins(10, 0).remainder == 10


def test_restock_tops_up_the_kit() -> None:
    assert restock({"Ration": 3, "Torch": 2}, {"Ration": 1, "Torch": 2, "Rope": 1}) == {"Ration": 2}
    assert restock({"Ration": 3}, {"Ration": 5}) == {}
    assert restock({"Ration": 3, "Torch": 1}, {}) == {"Ration": 3, "Torch": 1}


def test_items_listed_with_holders() -> None:
    items = [LootItem("Silver dagger", "f"), LootItem("Scroll"), LootItem("Ruby", "f")]
    assert items_by_holder(items) == {"f": ("Silver dagger", "Ruby"), UNCLAIMED: ("Scroll",)}


def test_return_to_town_book_three(b3: Ruleset) -> None:
    items = [LootItem("Silver dagger", "f"), LootItem("Scroll")]
    outcome = return_to_town(b3, party(), coins=2502, items=items, convert=2500)
    assert outcome.hp == {"f": 8, "m": 4, "t": 6}
    assert outcome.restocked == {"f": {"Ration": 2}, "t": {"Ration": 3, "Torch": 1}}
    assert (outcome.conversion.xp_each, outcome.conversion.left) == (2, 500)
    assert (outcome.split.coins, outcome.split.each, outcome.split.remainder) == (502, 167, 1)
    assert outcome.xp == {"f": 20, "m": 12, "t": 2}
    assert outcome.can_level == ("f",)
    assert outcome.items == {"f": ("Silver dagger",), UNCLAIMED: ("Scroll",)}
    assert outcome.clears_camp_bonuses
    assert outcome.resets_risk_reward
    assert outcome.lines == (
        "HP restored to full; daily spells and powers relearned",
        "Brom restocks Ration x2",
        "Nim restocks Ration x3, Torch x1",
        "2000 coins become 2 XP each; 500 coins left",
        "502 coins: 167 each to 3, 1 left over",
        "Brom: Silver dagger",
        "unclaimed: Scroll",
        "Brom can level up",
    )


def test_return_to_town_complete_rules(hc: Ruleset) -> None:
    outcome = return_to_town(hc, party(), coins=100, convert=0)
    assert outcome.xp == {"f": 18, "m": 10, "t": 0}
    assert outcome.can_level == ()
    assert (outcome.split.each, outcome.split.remainder) == (33, 1)
    assert outcome.clears_camp_bonuses
    assert not outcome.resets_risk_reward


def test_return_to_town_refuses_nonsense(b3: Ruleset) -> None:
    with pytest.raises(ValueError):
        return_to_town(b3, party(), coins=100, convert=200)
    with pytest.raises(ValueError, match="not returning"):
        return_to_town(b3, party(), coins=0, items=[LootItem("Ring", "ghost")])


def test_can_level(hc: Ruleset) -> None:
    assert can_level(hc, 1, 20)
    assert not can_level(hc, 1, 19)
    assert can_level(hc, 2, 30)
    assert not can_level(hc, 15, 1000)


def test_revisited_rooms_give_no_exploration_xp(hc: Ruleset, b3: Ruleset) -> None:
    assert exploration_xp(hc, revisited=False) == 1
    assert exploration_xp(hc, revisited=True) == 0
    assert exploration_xp(b3, revisited=True) == 0
