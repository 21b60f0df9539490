"""The Lootkeeper's ledger: finds, corrections, hand-overs, removals, sales, and what it adds up to.

The demo party (seed 7, Book Three): Darla (c1, Leader), Brannoc (c2, Mapper), Wenna (c3, the
Lootkeeper) and Otto (c4, Timekeeper).
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist, save_check
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.loot import (
    COMMON,
    AddLoot,
    EditLoot,
    GiveLoot,
    Holding,
    RemoveLoot,
    SellLoot,
    describe,
    holder_name,
    ledger_totals,
    lootkeeper,
)
from hammertui.kernel.session.state import Death, Loot, State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import Bury
from tests.session.test_roster import run


def found(state: State, ruleset: Ruleset, *actions: AddLoot) -> State:
    for action in actions:
        state, _ = run(state, ruleset, action)
    return state


def dead(state: State, character_id: str) -> State:
    member = attrs.evolve(state.character(character_id), hp=0, status="dead", death=Death(3, "a troll"))
    return attrs.evolve(state, party=replace_member(state.party, member))


def test_coins_and_items_go_into_the_ledger(state: State, b3: Ruleset) -> None:
    state, events = run(state, b3, AddLoot("Coins", 120))
    assert events[0].text == "Loot: 120 coins, into the common pile."
    state, events = run(state, b3, AddLoot("  Silver   dagger ", 30, item=True, holder="c1"))
    assert events[0].text == "Loot: Silver dagger (worth 30 coins), to Darla."
    state, events = run(state, b3, AddLoot("Odd scroll", item=True))
    assert events[0].text == "Loot: Odd scroll (worth unknown), into the common pile."
    assert [(e.id, e.name, e.coins, e.item, e.holder) for e in state.loot] == [
        ("t1", "Coins", 120, False, COMMON),
        ("t2", "Silver dagger", 30, True, "c1"),
        ("t3", "Odd scroll", 0, True, COMMON),
    ]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (AddLoot("Coins", -5), "fewer than none"),
        (AddLoot("Ring", -1, item=True), "fewer than none"),
        (AddLoot("Coins", 0), "1 coin or more"),
        (AddLoot("   ", 10), "needs a name"),
        (AddLoot("x" * 61, 10), "60 letters or fewer"),
        (AddLoot("Coins", 10, holder="c9"), "no character 'c9'"),
    ],
)
def test_nonsense_finds_are_refused(state: State, b3: Ruleset, action: AddLoot, words: str) -> None:
    with pytest.raises(Refused, match=words):
        run(state, b3, action)


def test_the_dead_take_nothing(state: State, b3: Ruleset) -> None:
    with pytest.raises(Refused, match="Brannoc is dead and takes nothing"):
        run(dead(state, "c2"), b3, AddLoot("Coins", 10, holder="c2"))
    with_loot = found(state, b3, AddLoot("Ruby", 50, item=True))
    with pytest.raises(Refused, match="Brannoc is dead"):
        run(dead(with_loot, "c2"), b3, GiveLoot("t1", "c2"))


def test_editing_a_line(state: State, b3: Ruleset) -> None:
    state = found(state, b3, AddLoot("Odd scroll", item=True), AddLoot("Coins", 12))
    state, events = run(state, b3, EditLoot("t1", "Scroll of Light", 100))
    assert (state.loot[0].name, state.loot[0].coins) == ("Scroll of Light", 100)
    assert events[0].text == "Ledger corrected: Odd scroll (worth unknown) is now Scroll of Light (worth 100 coins)."
    with pytest.raises(Refused, match="nothing to change"):
        run(state, b3, EditLoot("t1", "Scroll of Light", 100))
    with pytest.raises(Refused, match="1 coin or more"):
        run(state, b3, EditLoot("t2", "Coins", 0))
    with pytest.raises(Refused, match="needs a name"):
        run(state, b3, EditLoot("t2", "", 5))
    with pytest.raises(Refused, match="no line 't9'"):
        run(state, b3, EditLoot("t9", "Coins", 5))


def test_the_lootkeeper_hands_loot_out_and_takes_it_back(state: State, b3: Ruleset) -> None:
    state = found(state, b3, AddLoot("Ruby", 50, item=True))
    state, events = run(state, b3, GiveLoot("t1", "c1"))
    assert state.loot[0].holder == "c1"
    assert events[0].text == "Ruby (worth 50 coins) goes from the common pile to Darla."
    with pytest.raises(Refused, match="already with Darla"):
        run(state, b3, GiveLoot("t1", "c1"))
    state, events = run(state, b3, GiveLoot("t1", COMMON))
    assert state.loot[0].holder == COMMON
    assert events[0].text == "Ruby (worth 50 coins) goes from Darla into the common pile."
    with pytest.raises(Refused, match="no line 't2'"):
        run(state, b3, GiveLoot("t2", "c1"))


def test_looting_the_body_of_a_friend(state: State, b3: Ruleset) -> None:
    state = dead(found(state, b3, AddLoot("Ruby", 50, item=True, holder="c2")), "c2")
    assert holder_name(state, "c2") == "Brannoc (dead)"
    state, events = run(state, b3, GiveLoot("t1", "c3"))
    assert events[0].text == "Ruby (worth 50 coins) goes from Brannoc (dead) to Wenna."


def test_removing_a_line_needs_a_reason(state: State, b3: Ruleset) -> None:
    state = found(state, b3, AddLoot("Coins", 40), AddLoot("Potion", 5, item=True, holder="c4"))
    with pytest.raises(Refused, match="say why"):
        run(state, b3, RemoveLoot("t2", "  "))
    state, events = run(state, b3, RemoveLoot("t2", "drunk in the fight"))
    assert [e.id for e in state.loot] == ["t1"]
    assert events[0].text == "Potion (worth 5 coins) leaves the ledger (Otto Sixfingers): drunk in the fight."
    with pytest.raises(Refused, match="no line 't2'"):
        run(state, b3, RemoveLoot("t2", "again"))


def test_selling_an_item_turns_it_into_coins(state: State, b3: Ruleset) -> None:
    state = found(
        state, b3, AddLoot("Ruby", 50, item=True, holder="c1"), AddLoot("Scroll", item=True), AddLoot("Coins", 9)
    )
    state, events = run(state, b3, SellLoot("t1"))
    assert state.loot[0] == attrs.evolve(state.loot[0], name="Ruby, sold", coins=50, item=False, holder="c1")
    assert events[0].text == "Ruby is sold for 50 coins (Darla)."
    with pytest.raises(Refused, match="no worth yet"):
        run(state, b3, SellLoot("t2"))
    with pytest.raises(Refused, match="coins already"):
        run(state, b3, SellLoot("t3"))


def test_totals_by_holder(state: State, b3: Ruleset) -> None:
    state = found(
        state,
        b3,
        AddLoot("Coins", 100),
        AddLoot("Ruby", 50, item=True, holder="c1"),
        AddLoot("Goblin purse", 7, holder="c1"),
        AddLoot("Scroll", item=True),
    )
    totals = ledger_totals(state)
    assert (totals.coins, totals.items, totals.worth, totals.unpriced) == (107, 2, 50, 1)
    assert totals.holdings == (
        Holding(COMMON, "the common pile", coins=100, items=1, worth=0),
        Holding("c1", "Darla", coins=7, items=1, worth=50),
    )
    assert totals.line == "107 coins · 2 items worth 50 coins (1 not yet priced)"
    assert ledger_totals(attrs.evolve(state, loot=())).line == "The ledger is empty."
    assert describe(state.loot[2]) == "Goblin purse: 7 coins"


def test_the_lootkeeper_is_the_role_holder(state: State, b3: Ruleset) -> None:
    keeper = lootkeeper(state, b3)
    assert keeper is not None and keeper.name == "Wenna"
    assert lootkeeper(dead(state, "c3"), b3) is None


def test_one_undo_takes_back_one_line(state: State, b3: Ruleset) -> None:
    store = Store(state, b3)
    store.dispatch(AddLoot("Coins", 10))
    store.dispatch(AddLoot("Ruby", 50, item=True))
    store.dispatch(GiveLoot("t2", "c1"))
    store.undo()
    assert store.state.loot[1].holder == COMMON
    store.undo()
    assert [e.id for e in store.state.loot] == ["t1"]
    store.redo()
    assert [e.name for e in store.state.loot] == ["Coins", "Ruby"]
    with pytest.raises(Refused):
        store.dispatch(AddLoot("Coins", -1))
    assert len(store.state.loot) == 2, "a refusal changes nothing"


def test_loot_left_with_a_buried_body_still_saves(state: State, b3: Ruleset, tmp_path: Path) -> None:
    state = dead(found(state, b3, AddLoot("Ruby", 50, item=True, holder="c2")), "c2")
    state, _ = run(state, b3, Bury("c2", "He shared nothing."))
    assert holder_name(state, "c2") == "Brannoc's body"
    loaded = persist.parse_state(persist.dump_state(state), tmp_path / "x.toml")
    assert loaded.loot == state.loot


def test_a_hand_edited_ledger_is_checked(state: State, b3: Ruleset) -> None:
    broken = attrs.evolve(state, loot=(Loot("t1", "Ruby", -3, True, "c9"), Loot("t1", " ", 5)))
    problems = save_check.check_state(broken)
    assert "loot: two entries share an id" in problems
    assert "loot[0].coins: -3 cannot be negative" in problems
    assert "loot[0].holder: no character 'c9'" in problems
    assert "loot[1].name: a ledger line needs a name" in problems
