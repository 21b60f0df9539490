"""The room XP rule as test vectors, each room made by a whole Explore with scripted dice.

The demo party is four at level 1 on dungeon level 1 (boss 3 HD: tier 1), Challenge Level 2, so the
pool is one Blue then two Purple. Blue face 5 is a Hammer; Purple 1 is blank, 4 a Chaos Star (+3
Crossblades), 5 one Crossblade, 7 two. Nothing is spent: the award depends only on the symbols.
"""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, replace_member
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.divining_pool.actions.explore import (
    AwardRoomXP,
    ExploreNext,
    RollExplore,
    SetExtraDice,
    SetRevisit,
    SpendSymbol,
    room_award,
)
from hammertui.procedures.divining_pool.state import Room, divining_pool, exploring, find_room
from hammertui.procedures.hammercrawl_camp.actions import camp_check, lacking
from hammertui.procedures.sides_and_phases.actions import EndFight, FoeGroup, HurtFoe, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind

HAMMER_AND_CROSSBLADE = [5, 5, 1]
HAMMER_ALONE = [5, 1, 1]
NOTHING = [1, 1, 1]
CHAOS = [5, 7, 4]  # 1 Hammer; 2 Crossblades + a Chaos Star's 3


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("test", hc, seed=7)[0]


def act(state: State, ruleset: Ruleset, action: object, faces: list[int] | None = None) -> tuple[State, list]:
    """One action through the session's own dispatcher, with every die it throws scripted."""
    return apply_action(state, action, Context(ruleset, ScriptedDice(faces or [])))


def explored(state: State, ruleset: Ruleset, faces: list[int], revisit: int = 0) -> tuple[State, Room]:
    """A whole Explore: roll the pool as `faces`, then step on, spending nothing, until the room is written."""
    if revisit:
        state, _ = act(state, ruleset, SetRevisit(revisit))
    dice = ScriptedDice(faces)
    context = Context(ruleset, dice)
    state, _ = apply_action(state, RollExplore(), context)
    while exploring(state) is not None:
        state, _ = apply_action(state, ExploreNext(), context)
    assert dice.remaining == 0, "every scripted face was thrown"
    return state, divining_pool(state).rooms[-1]


def at_levels(state: State, *levels: int) -> State:
    """The party's members at these levels, in party order."""
    party = state.party
    for member, level in zip(state.party, levels, strict=True):
        party = replace_member(party, attrs.evolve(member, level=level))
    return attrs.evolve(state, party=party)


def boss(state: State, hit_dice: int) -> State:
    """The dungeon level's boss, whose Hit Dice set the dungeon's tier."""
    return attrs.evolve(state, dungeon=attrs.evolve(state.dungeon, boss_hd=hit_dice))


def awarded(state: State, ruleset: Ruleset, room: Room, **changes: object) -> tuple[State, list]:
    return act(state, ruleset, AwardRoomXP(room.number, **changes))


def xp_of(state: State) -> dict[str, int]:
    return {m.id: m.xp for m in state.party}


@pytest.mark.parametrize(
    ("faces", "base"),
    [
        (HAMMER_AND_CROSSBLADE, 3),  # 1 room + 1 Crossblade + 1 Hammer
        (HAMMER_ALONE, 1),  # Hammers count only beside a Crossblade
        (NOTHING, 1),  # a new room with no Crossblade still yields its room XP
        (CHAOS, 7),  # 1 room + 5 Crossblades + 1 Hammer
    ],
)
def test_the_base_award_of_a_new_room(demo: State, hc: Ruleset, faces: list[int], base: int) -> None:
    state, room = explored(demo, hc, faces)
    award = room_award(state, hc, room)
    assert (award.base, award.multiplier, award.amount) == (base, "1", base)
    state, events = awarded(state, hc, room)
    assert all(xp == base for xp in xp_of(state).values()), "each survivor gets the whole amount"
    assert find_room(state, room.number).beaten
    assert find_room(state, room.number).xp_each == base
    assert events[0].text == f"Room 1's challenge beaten: {award.explanation}."


def test_hammers_without_a_crossblade_are_named_in_the_working(demo: State, hc: Ruleset) -> None:
    state, room = explored(demo, hc, HAMMER_ALONE)
    assert room_award(state, hc, room).explanation.startswith(
        "1 room + 0 Crossblades + 0 Hammers (of 1; no Crossblade) = 1"
    )


def test_a_revisit_yields_no_room_xp(demo: State, hc: Ruleset) -> None:
    state, first = explored(demo, hc, NOTHING)
    state, again = explored(state, hc, HAMMER_AND_CROSSBLADE, revisit=first.number)
    assert (again.number, again.revisit_of, again.new) == (2, 1, False)
    assert room_award(state, hc, again).base == 2, "1 Crossblade + 1 Hammer, no room"
    state, _ = explored(state, hc, NOTHING, revisit=first.number)
    empty = divining_pool(state).rooms[-1]
    assert room_award(state, hc, empty).amount == 0
    state, _ = awarded(state, hc, empty)
    assert set(xp_of(state).values()) == {0}
    assert find_room(state, empty.number).beaten, "a room worth nothing can still be marked beaten"


@pytest.mark.parametrize(
    ("faces", "levels", "boss_hd", "multiplier", "amount"),
    [
        (HAMMER_AND_CROSSBLADE, (1, 1, 1, 1), 3, "1", 3),  # equal tiers
        (HAMMER_AND_CROSSBLADE, (4, 4, 4, 4), 3, "1/2", 1),  # the party a tier above: 1.5 rounds down
        (CHAOS, (4, 4, 4, 4), 3, "1/2", 3),  # 3.5 rounds down
        (HAMMER_AND_CROSSBLADE, (7, 7, 7, 7), 3, "1/10", 0),  # two tiers above: 0.3 rounds down
        (HAMMER_AND_CROSSBLADE, (1, 1, 1, 1), 4, "2", 6),  # the dungeon a tier above
        (HAMMER_AND_CROSSBLADE, (1, 1, 1, 1), 7, "10", 30),  # two tiers above
        (HAMMER_AND_CROSSBLADE, (1, 1, 1, 1), 18, "10", 30),  # further is still x10
        (HAMMER_AND_CROSSBLADE, (10, 10, 10, 10), 3, "1/10", 0),  # and the other way, x1/10
        (HAMMER_AND_CROSSBLADE, (4, 4, 1, 1), 3, "1", 3),  # average tier 1.5: halves round down
        (HAMMER_AND_CROSSBLADE, (4, 4, 4, 1), 3, "1/2", 1),  # average tier 1.75: tier 2
    ],
)
def test_the_tier_modifier(
    demo: State, hc: Ruleset, faces: list[int], levels: tuple[int, ...], boss_hd: int, multiplier: str, amount: int
) -> None:
    state, room = explored(boss(at_levels(demo, *levels), boss_hd), hc, faces)
    award = room_award(state, hc, room)
    assert (award.multiplier, award.amount) == (multiplier, amount)
    state, _ = awarded(state, hc, room)
    assert set(xp_of(state).values()) == {amount}


def test_a_tenth_of_a_big_room_rounds_down(demo: State, hc: Ruleset) -> None:
    state, _ = act(at_levels(demo, 7, 7, 7, 7), hc, SetExtraDice("purple", 2))
    # Blue: Hammer; four Purple: three Chaos Stars and two Crossblades. 1 + 11 + 1 = 13.
    state, room = explored(state, hc, [5, 4, 4, 4, 7])
    award = room_award(state, hc, room)
    assert (award.base, award.multiplier, award.amount) == (13, "1/10", 1)
    assert award.explanation == "1 room + 11 Crossblades + 1 Hammer = 13; x1/10 (dungeon tier 1, party tier 3) = 1 each"


def test_the_dead_get_nothing_and_leave_the_party_tier(demo: State, hc: Ruleset) -> None:
    state, room = explored(at_levels(demo, 4, 4, 1, 1), hc, CHAOS)
    assert room_award(state, hc, room).amount == 7, "tiers 2, 2, 1, 1 average 1.5: tier 1"
    fallen = state.party[3]
    state, _ = act(state, hc, ApplyDamage(fallen.id, 99, "a gelatinous cube"))
    award = room_award(state, hc, room)
    assert (award.multiplier, award.amount) == ("1/2", 3), "tiers 2, 2, 1 average 1.67: tier 2"
    state, _ = awarded(state, hc, room)
    assert xp_of(state) == {"c1": 3, "c2": 3, "c3": 3, fallen.id: 0}


def test_nobody_alive_is_refused(demo: State, hc: Ruleset) -> None:
    state, room = explored(demo, hc, HAMMER_AND_CROSSBLADE)
    for member in state.party:
        state, _ = act(state, hc, ApplyDamage(member.id, 99, "the Dungeon"))
    with pytest.raises(Refused, match="nobody alive"):
        awarded(state, hc, room)


def test_a_changed_figure_needs_a_reason(demo: State, hc: Ruleset) -> None:
    state, room = explored(demo, hc, CHAOS)
    with pytest.raises(Refused, match="the rules give 7; say why it is 10"):
        awarded(state, hc, room, amount=10, reason="  ")
    state, events = awarded(state, hc, room, amount=10, reason="they beat it blindfolded")
    assert set(xp_of(state).values()) == {10}
    assert find_room(state, 1).xp_each == 10
    assert events[0].text.endswith("Changed to 10 each: they beat it blindfolded.")


def test_the_rules_figure_needs_no_reason_and_a_negative_one_is_refused(demo: State, hc: Ruleset) -> None:
    state, room = explored(demo, hc, CHAOS)
    with pytest.raises(Refused, match="cannot be negative"):
        awarded(state, hc, room, amount=-1, reason="bad attitudes")
    state, _ = awarded(state, hc, room, amount=7)
    assert set(xp_of(state).values()) == {7}


def test_a_room_is_beaten_once(demo: State, hc: Ruleset) -> None:
    state, room = explored(demo, hc, HAMMER_AND_CROSSBLADE)
    state, _ = awarded(state, hc, room)
    with pytest.raises(Refused, match=r"already beaten \(3 XP each\)"):
        awarded(state, hc, room)
    assert set(xp_of(state).values()) == {3}


def test_no_such_room(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="no room 4"):
        act(demo, hc, AwardRoomXP(4))


# ---------------------------------------------------------------------------------- a Safe Haven once cleared


def bought(state: State, ruleset: Ruleset, crossblade: str) -> State:
    """A room of one Hammer and one Crossblade: the Hammer buys a Safe Haven, the Crossblade `crossblade`."""
    state, _ = act(state, ruleset, RollExplore(), HAMMER_AND_CROSSBLADE)
    while exploring(state).step != "destination":
        state, _ = act(state, ruleset, ExploreNext())
    state, _ = act(state, ruleset, SpendSymbol("hammer", "safe_haven"))
    state, _ = act(state, ruleset, SpendSymbol("crossblade", crossblade), [3, 3])
    state, events = act(state, ruleset, ExploreNext())
    assert exploring(state) is None
    return state


@pytest.mark.parametrize("crossblade", ["hostile_encounter", "trap"])
def test_a_safe_haven_with_an_encounter_or_a_trap_waits_for_the_room_to_be_beaten(
    demo: State, hc: Ruleset, crossblade: str
) -> None:
    """ "The room will function as a Safe Haven once cleared of encounters.": bought beside an
    encounter or a trap, the haven is the party's only when the room's challenge is beaten, and
    Camp waits for it."""
    state = bought(demo, hc, crossblade)
    assert find_room(state, 1).safe_haven and not state.dungeon.safe_haven
    assert "a Safe Haven" in lacking(state, camp_check(state, hc))
    state, events = awarded(state, hc, find_room(state, 1))
    assert state.dungeon.safe_haven
    assert "Room 1 is cleared: a Safe Haven, the party may camp here." in [e.text for e in events]


def test_a_safe_haven_in_a_room_with_nothing_to_clear_is_one_at_once(demo: State, hc: Ruleset) -> None:
    """ "The room will function as a Safe Haven once cleared of encounters.": none to clear."""
    state = bought(demo, hc, "terrain_enemies")
    assert state.dungeon.safe_haven


def test_a_safe_haven_is_cleared_by_the_fight_won(demo: State, hc: Ruleset) -> None:
    """ "once cleared of encounters": the foes of the room beaten, the haven is the party's."""
    state = bought(demo, hc, "hostile_encounter")
    state, _ = act(state, hc, StartFight((FoeGroup(FoeKind("Goblin", "1"), 1),), hp="average"))
    state, _ = act(state, hc, HurtFoe("f1", 4))
    state, events = act(state, hc, EndFight())
    assert state.dungeon.safe_haven
    assert "Room 1 is cleared: a Safe Haven, the party may camp here." in [e.text for e in events]
    fled = bought(demo, hc, "hostile_encounter")
    fled, _ = act(fled, hc, StartFight((FoeGroup(FoeKind("Goblin", "1"), 1),), hp="average"))
    fled, _ = act(fled, hc, EndFight("the party runs"))
    assert not fled.dungeon.safe_haven, "a fight the party left is no room cleared"
