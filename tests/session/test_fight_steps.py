"""The fight's stepper with scripted dice: starting, initiative and its ties, the phases in each
text's order, surprise, declarations and morale.

The demo party is Darla (Thief, the Leader: DEX 13 +1, WIS 12 +0), Brannoc (Cleric: DEX 12 +0,
WIS 13 +1), Wenna (Thief) and Otto (Elf), all level 1. Initiative is the leader's 1d10 (Book
Three: 1d12) + DEX mod + WIS mod against the foes' die + a flat modifier; the party's die is
thrown first.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Death, State, Stats, replace_member
from hammertui.procedures.divining_pool.actions.explore import RollExplore
from hammertui.procedures.divining_pool.actions.search import Search
from hammertui.procedures.divining_pool.actions.town import ReturnToTown
from hammertui.procedures.hammercrawl_camp.actions import StartCamp
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_changed
from hammertui.procedures.sides_and_phases.actions import (
    AddFoes,
    CheckMorale,
    Declare,
    FightNext,
    FoeGroup,
    SkipMorale,
    StartFight,
    actors,
    morale_due,
)
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting, foe_kinds, with_fight
from tests.session.test_roster import run

GOBLIN = FoeKind("Goblin", "1", ac=12)
PARTY_FIRST = (10, 1)
"""Initiative faces the party wins with under either ruleset (10 + 1 against 1)."""


@pytest.fixture
def demo(hc: Ruleset) -> State:
    """The demo party under the complete rules."""
    return new_state("t", hc, seed=7)[0]


def member(state: State, cid: str, **changes: Any) -> State:
    noted = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Sheet)}
    changed = attrs.evolve(state.character(cid), **changes)
    state = sheet_changed(state, cid, **noted) if noted else state
    return attrs.evolve(state, party=replace_member(state.party, changed))


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


def started(state: State, ruleset: Ruleset, count: int = 3, kind: FoeKind = GOBLIN, **options: Any) -> State:
    """A fight against `count` foes of `kind` with average Hit Points, so no die is thrown."""
    new, _ = run(state, ruleset, StartFight((FoeGroup(kind, count),), hp="average", **options))
    return new


def finish_round(state: State, ruleset: Ruleset) -> State:
    """Step through what is left of the round; the stepper throws no dice on the way."""
    while fighting(state) is not None and fighting(state).step != "initiative":
        state, _ = run(state, ruleset, FightNext())
    return state


def walk(
    state: State, ruleset: Ruleset, faces: tuple[int, ...] = PARTY_FIRST
) -> tuple[State, list[tuple[str, str]], list]:
    """Roll initiative and step to the round's end: every (side, phase) the stepper stops on."""
    state, events = run(state, ruleset, FightNext(), faces)
    stops = []
    while fighting(state) is not None and fighting(state).step == "phase":
        stops.append((fighting(state).side, fighting(state).phase))
        state, more = run(state, ruleset, FightNext())
        events += more
    return state, stops, events


def declared(state: State, ruleset: Ruleset, **said: tuple[str, str]) -> State:
    for cid, (movement, action) in said.items():
        state, _ = run(state, ruleset, Declare(cid, movement, action))
    return state


# ---------------------------------------------------------------------------------- starting


def test_start_fight_refusals(demo: State, hc: Ruleset) -> None:
    goblins = (FoeGroup(GOBLIN, 3),)
    on = started(demo, hc)
    with pytest.raises(Refused, match="already on"):
        run(on, hc, StartFight(goblins))
    with pytest.raises(Refused, match="needs foes"):
        run(demo, hc, StartFight(()))
    with pytest.raises(Refused, match="'x' is not Hit Dice"):
        run(demo, hc, StartFight((FoeGroup(attrs.evolve(GOBLIN, hd="x")),)))
    with pytest.raises(Refused, match="how many"):
        run(demo, hc, StartFight((FoeGroup(GOBLIN, 0),)))
    with pytest.raises(Refused, match="not ambushed"):
        run(demo, hc, StartFight(goblins, surprised=("ambushed",)))
    dead = member(demo, "c1", status="dead", hp=0, death=Death(0, "a fall"))
    with pytest.raises(Refused, match="leader must be someone alive"):
        run(dead, hc, StartFight(goblins, leader="c1"))
    with pytest.raises(Refused, match="rolled or average"):
        run(demo, hc, StartFight(goblins, hp="max"))


def test_start_fight_rolls_a_d8_per_hit_die_plus_the_modifier(demo: State, hc: Ruleset) -> None:
    ogre = FoeKind("Ogre", "3+1", ac=14)
    new, events = run(demo, hc, StartFight((FoeGroup(ogre, 2),)), [1, 2, 3, 8, 8, 8])
    assert [(f.hp, f.max_hp) for f in fighting(new).foes] == [(7, 7), (25, 25)]
    assert events[0].dice == ("HD 3+1 hit points 3d8+1: [1, 2, 3] +1 = 7", "HD 3+1 hit points 3d8+1: [8, 8, 8] +1 = 25")
    assert "Roll for initiative!" in texts(events)


def test_start_fight_average_hit_points_by_the_foe_hit_points_decision(demo: State, hc: Ruleset) -> None:
    # HD x 4.5 rounded down, plus any +N, at least 1: 3+1 -> 13 + 1; 1 -> 4; 0 -> 1.
    groups = (FoeGroup(FoeKind("Ogre", "3+1")), FoeGroup(GOBLIN), FoeGroup(FoeKind("Rat", "0")))
    new, events = run(demo, hc, StartFight(groups, hp="average"))
    assert [f.hp for f in fighting(new).foes] == [14, 4, 1]
    assert events[0].dice == ()


def test_a_group_is_numbered_a_lone_foe_keeps_its_name_and_kinds_are_remembered(demo: State, hc: Ruleset) -> None:
    boss = FoeKind("Bugbear", "3", ac=14, morale=9)
    new, _ = run(demo, hc, StartFight((FoeGroup(GOBLIN, 3), FoeGroup(boss)), hp="average"))
    assert [f.name for f in fighting(new).foes] == ["Goblin 1", "Goblin 2", "Goblin 3", "Bugbear"]
    assert [f.id for f in fighting(new).foes] == ["f1", "f2", "f3", "f4"]
    assert foe_kinds(new) == (GOBLIN, boss)
    more, events = run(new, hc, AddFoes((FoeGroup(GOBLIN, 2),), hp="average"))
    assert [f.name for f in fighting(more).foes][4:] == ["Goblin 4", "Goblin 5"]
    assert fighting(more).declared["f5"].movement == "move_near", "new foes close in like the rest"
    assert "More foes: 2 x Goblin" in events[0].text
    tougher = attrs.evolve(GOBLIN, ac=13)
    again, _ = run(more, hc, AddFoes((FoeGroup(tougher),), hp="average"))
    assert foe_kinds(again) == (boss, tougher), "a kind entered again replaces the older one"


# ---------------------------------------------------------------------------------- initiative


def test_initiative_complete_rules_is_1d10_plus_leaders_dex_and_wis_mods_against_the_foes_flat_modifier(
    demo: State, hc: Ruleset
) -> None:
    stats = Stats.of(dict(STR=10, DEX=16, CON=10, INT=10, WIS=13, CHA=10))  # DEX +2, WIS +1
    state = started(member(demo, "c1", stats=stats), hc, foe_initiative=2)
    new, events = run(state, hc, FightNext(), [5, 7])
    assert events[0].dice == ("party initiative 1d10+3: [5] +3 = 8", "foes initiative 1d10+2: [7] +2 = 9")
    assert "Darla for the party, DEX +2 + WIS +1" in events[0].text
    assert fighting(new).order == ("foes", "party") and fighting(new).last_winner == "foes"
    assert (fighting(new).round, new.clock.rounds) == (1, 1)
    with pytest.raises(ValueError, match="cannot come up on a d10"):
        run(state, hc, FightNext(), [11, 1])


def test_initiative_book_three_is_1d12(state: State, b3: Ruleset) -> None:
    fight = started(state, b3)
    new, events = run(fight, b3, FightNext(), [12, 11])
    assert events[0].dice == ("party initiative 1d12+1: [12] +1 = 13", "foes initiative 1d12: [11] = 11")
    assert fighting(new).order == ("party", "foes")


def test_initiative_tie_the_party_outnumbering_the_foes_wins(demo: State, hc: Ruleset) -> None:
    new, events = run(started(demo, hc, count=3), hc, FightNext(), [5, 6])  # 6 all: 4 to 3
    assert fighting(new).order == ("party", "foes")
    assert "the party outnumbers the foes (4 to 3)" in events[0].text


def test_initiative_tie_the_foes_outnumbering_the_party_win(demo: State, hc: Ruleset) -> None:
    new, events = run(started(demo, hc, count=5), hc, FightNext(), [5, 6])
    assert fighting(new).order == ("foes", "party")
    assert "the foes outnumber the party (5 to 4)" in events[0].text


def test_initiative_even_tie_with_no_winner_before_goes_to_a_roll_off_until_the_totals_differ(
    demo: State, hc: Ruleset
) -> None:
    # 6 to 6 with four a side; roll-off 1: 4 to 4; roll-off 2: 3 to 9, the foes.
    new, events = run(started(demo, hc, count=4), hc, FightNext(), [5, 6, 3, 4, 2, 9])
    assert fighting(new).order == ("foes", "party")
    assert events[0].dice == (
        "party initiative 1d10+1: [5] +1 = 6",
        "foes initiative 1d10: [6] = 6",
        "roll-off 1: party initiative 1d10+1: [3] +1 = 4",
        "roll-off 1: foes initiative 1d10: [4] = 4",
        "roll-off 2: party initiative 1d10+1: [2] +1 = 3",
        "roll-off 2: foes initiative 1d10: [9] = 9",
    )
    assert "nobody won an earlier initiative" in events[0].text


def test_initiative_even_tie_goes_to_last_rounds_winner(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, count=4)
    state, _ = run(state, hc, FightNext(), [5, 6, 2, 9])  # round 1: a roll-off the foes win
    state, events = run(finish_round(state, hc), hc, FightNext(), [5, 6])
    assert fighting(state).order == ("foes", "party"), "round 2's tie goes to round 1's winner"
    assert "the foes won the last initiative" in events[0].text
    assert len(events[0].dice) == 2, "no roll-off"
    state, _ = run(finish_round(state, hc), hc, FightNext(), [9, 1])  # round 3: the party outright
    state, _ = run(finish_round(state, hc), hc, FightNext(), [5, 6])
    assert fighting(state).order == ("party", "foes") and fighting(state).round == 4


@pytest.mark.parametrize(
    "fallen", [{"status": "dead", "death": Death(0, "an arrow")}, {"status": "down"}], ids=["dead", "down"]
)
def test_initiative_the_leader_falling_the_next_one_standing_rolls(demo: State, hc: Ruleset, fallen: dict) -> None:
    state = member(started(demo, hc, count=4), "c1", hp=0, **fallen)
    new, events = run(state, hc, FightNext(), [5, 6])
    assert "Brannoc for the party, DEX +0 + WIS +1" in events[0].text
    assert events[0].dice[0] == "party initiative 1d10+1: [5] +1 = 6"
    assert "the foes outnumber the party (4 to 3)" in events[0].text, "the fallen are not counted"
    assert fighting(new).order == ("foes", "party")


# ---------------------------------------------------------------------------------- phases


def test_phase_order_complete_rules_movement_missile_melee_misc_magic_winner_first(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, count=1)
    state = declared(
        state,
        hc,
        c1=("move_near", "missile"),
        c2=("stay_put", "melee"),
        c3=("stay_put", "misc"),
        c4=("stay_put", "magic"),
    )
    state = declared(state, hc, f1=("move_near", "magic"))
    _, stops, events = walk(state, hc, (1, 10))
    assert stops == [
        ("foes", "movement"),
        ("foes", "magic"),
        ("party", "movement"),
        ("party", "missile"),
        ("party", "melee"),
        ("party", "misc"),
        ("party", "magic"),
    ]
    lines = [e.text for e in events if e.text.startswith("Round 1, the party")]
    assert lines == [f"Round 1, the party: {name}." for name in ("Movement", "Missile", "Melee", "Misc", "Magic")]


def test_phase_order_book_three_the_six_ms(state: State, b3: Ruleset) -> None:
    fight = started(state, b3, count=5)
    fight = declared(
        fight,
        b3,
        c1=("move_near", "missile"),
        c2=("stay_put", "melee"),
        c3=("stay_put", "magic"),
        c4=("move_near", "move"),
        f1=("move_near", "missile"),
        f2=("stay_put", "melee"),
        f3=("stay_put", "magic"),
        f4=("move_near", "move"),
        f5=("stay_put", "misc"),
    )
    _, stops, events = walk(fight, b3)
    party = [phase for side, phase in stops if side == "party"]
    foes = [phase for side, phase in stops if side == "foes"]
    assert stops[: len(party)] == [("party", p) for p in party], "the winner's whole turn comes first"
    assert party == ["movement", "missile", "melee", "magic", "move_again"]
    assert foes == ["morale", "movement", "missile", "melee", "magic", "move_again", "misc"]
    assert "Round 1, the foes: Move (again)." in texts(events)
    assert "Round 1, the foes: Morale." in texts(events)


def test_phases_where_nobody_acts_are_passed_over_but_the_foes_first_phase_stops_for_morale(
    demo: State, hc: Ruleset
) -> None:
    state = declared(started(demo, hc, count=2), hc, f1=("stay_put", "melee"), f2=("stay_put", "melee"))
    _, stops, _ = walk(state, hc)
    assert stops == [("party", "melee"), ("foes", "movement"), ("foes", "melee")]
    state, _ = run(state, hc, FightNext(), PARTY_FIRST)
    state, _ = run(state, hc, SkipMorale())
    state, _ = run(state, hc, FightNext())
    assert (fighting(state).side, fighting(state).phase) == ("foes", "melee"), "no morale due: Movement is passed over"


def test_a_surprised_side_loses_round_1_only(demo: State, hc: Ruleset) -> None:
    state, events = run(demo, hc, StartFight((FoeGroup(GOBLIN, 3),), surprised=("party",), hp="average"))
    assert "The party is surprised: they lose round 1." in texts(events)
    state, stops, _ = walk(state, hc)
    assert {side for side, _ in stops} == {"foes"}, "the party won initiative but was surprised"
    _, stops, _ = walk(state, hc)
    assert stops[0] == ("party", "melee"), "round 2: the party acts"
    foes_surprised = started(demo, hc, surprised=("foes",))
    _, stops, _ = walk(foes_surprised, hc, (1, 10))
    assert {side for side, _ in stops} == {"party"}


def test_both_sides_surprised_round_1_passes_with_nobody_acting(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc, surprised=("party", "foes"))
    state, events = run(state, hc, FightNext(), PARTY_FIRST)
    assert fighting(state).step == "initiative"
    assert "Everyone is surprised: the round passes in gawking." in texts(events)
    assert (fighting(state).round, state.clock.rounds) == (1, 1)
    state, stops, _ = walk(state, hc)
    assert stops[0] == ("party", "melee")
    assert (fighting(state).round, state.clock.rounds) == (2, 2)


def test_clock_rounds_counts_each_round(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc)
    for n in range(1, 4):
        state, _, _ = walk(state, hc)
        assert state.clock.rounds == n == fighting(state).round
    assert state.clock.units == 0, "rounds become time only when the fight ends"


# ---------------------------------------------------------------------------------- declarations


def phases_of(state: State, ruleset: Ruleset, cid: str) -> list[str]:
    """The phases in which `cid` is among those who act."""
    side = "foes" if cid.startswith("f") else "party"
    found = []
    for phase in ruleset.combat.phases:
        probe = with_fight(state, fight=attrs.evolve(fighting(state), step="phase", side=side, phase=phase))
        if any(a.id == cid for a in actors(probe, ruleset)):
            found.append(phase)
    return found


def test_declarations_place_a_combatant_in_their_phase(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc)
    assert phases_of(state, hc, "c1") == ["melee"], "Stay Put and melee by default"
    assert phases_of(state, hc, "f1") == ["movement", "melee"], "foes close in by default"
    state, events = run(state, hc, Declare("c1", "move_near", "missile"))
    assert phases_of(state, hc, "c1") == ["movement", "missile"]
    assert events[0].text == "Darla: Move Near, missile. Resolved in the Missile phase."
    state, _ = run(state, hc, Declare("c2", "stay_put", "magic"))
    assert phases_of(state, hc, "c2") == ["magic"]
    state, events = run(state, hc, Declare("c3", "move_far", "melee"))
    assert phases_of(state, hc, "c3") == ["movement"], "Move Far: no action"
    assert events[0].text == "Wenna: Move Far, melee. No action this round."


def test_book_three_move_action_lands_in_move_again_and_the_complete_rules_refuse_it(
    state: State, b3: Ruleset, demo: State, hc: Ruleset
) -> None:
    fight = started(state, b3)
    fight, events = run(fight, b3, Declare("c1", "move_near", "move"))
    assert phases_of(fight, b3, "c1") == ["movement", "move_again"]
    assert "Move (again)" in events[0].text
    with pytest.raises(Refused, match="no move action: declare Move Far"):
        run(started(demo, hc), hc, Declare("c1", "move_near", "move"))


def test_declare_refusals(demo: State, hc: Ruleset) -> None:
    state = started(demo, hc)
    with pytest.raises(Refused, match="nobody 'c9'"):
        run(state, hc, Declare("c9", "stay_put", "melee"))
    with pytest.raises(Refused, match="unknown movement 'fly'"):
        run(state, hc, Declare("c1", "fly", "melee"))
    with pytest.raises(Refused, match="unknown action 'dance'"):
        run(state, hc, Declare("c1", "stay_put", "dance"))
    with pytest.raises(Refused, match="no fight is on"):
        run(demo, hc, Declare("c1", "stay_put", "melee"))


# ---------------------------------------------------------------------------------- morale


def at_foes_turn(state: State, ruleset: Ruleset) -> State:
    """Roll for the party to go first and step to the top of the foes' turn."""
    state, _ = run(state, ruleset, FightNext(), PARTY_FIRST)
    while fighting(state).side != "foes":
        assert not morale_due(state, ruleset), "never during the party's turn"
        state, _ = run(state, ruleset, FightNext())
    return state


def test_morale_is_due_at_the_top_of_the_foes_turn_and_not_again_that_round(demo: State, hc: Ruleset) -> None:
    state = at_foes_turn(started(demo, hc), hc)
    assert fighting(state).phase == "movement" and morale_due(state, hc)
    checked, _ = run(state, hc, CheckMorale(("f1",)), [15])
    assert not morale_due(checked, hc)
    skipped, events = run(state, hc, SkipMorale())
    assert not morale_due(skipped, hc) and events[0].text == "No morale check: the foes fight on."
    next_round = at_foes_turn(finish_round(checked, hc), hc)
    assert morale_due(next_round, hc), "due again next round"


@pytest.mark.parametrize(
    ("threat", "face", "target", "holds"),
    [
        ("minor", 9, 9, True),
        ("minor", 8, 9, False),
        ("major", 15, 15, True),
        ("major", 14, 15, False),
        ("run", 20, 21, False),
    ],
)
def test_morale_rally_save_against_eyeballed_targets_9_15_21(
    demo: State, hc: Ruleset, threat: str, face: int, target: int, holds: bool
) -> None:
    state = at_foes_turn(started(demo, hc), hc)
    new, events = run(state, hc, CheckMorale(("f2",), threat=threat), [face])
    assert f"vs {target}" in events[0].text
    assert events[0].dice == (f"morale Rally save 1d20: [{face}] = {face}",)
    assert fighting(new).foe("f2").status == ("ok" if holds else "fleeing")


def test_morale_rally_save_by_tiers_with_the_kinds_save_bonus(demo: State, hc: Ruleset) -> None:
    # Tier 3 threat against a tier 1 goblin: two tiers higher, 21. Against a tier 3 (HD 9) brute
    # a tier 1 threat is two lower: 9, reached by 7 + its save bonus 2.
    state = at_foes_turn(started(demo, hc), hc)
    new, events = run(state, hc, CheckMorale(("f1",), threat_tier=3, fail_as="cowering"), [20])
    assert "vs 21" in events[0].text and fighting(new).foe("f1").status == "cowering"
    brute = FoeKind("Brute", "9", save_bonus=2)
    big = at_foes_turn(started(demo, hc, count=1, kind=brute), hc)
    held, events = run(big, hc, CheckMorale(("f1",), threat_tier=1), [7])
    assert "[7] +2 = 9 vs 9: passed" in events[0].text and fighting(held).foe("f1").status == "ok"


def test_morale_2d6_against_a_morale_score_breaks_above_it(demo: State, hc: Ruleset) -> None:
    orc = FoeKind("Orc", "1", morale=7)
    state = at_foes_turn(started(demo, hc, count=2, kind=orc), hc)
    new, events = run(state, hc, CheckMorale(("f1", "f2"), fail_as="cowering"), [3, 4, 4, 4])
    assert [e.dice for e in events[:2]] == [("morale 2d6: [3, 4] = 7",), ("morale 2d6: [4, 4] = 8",)]
    assert [f.status for f in fighting(new).foes] == ["ok", "cowering"]
    assert "Marked cowering" in events[1].text


def test_the_morale_result_names_each_foes_outcome(demo: State, hc: Ruleset) -> None:
    """The last line of a check of several foes, the one a short log shows, says who broke and who
    holds: it read "Fights on." for the last goblin while the first fled."""
    state = at_foes_turn(started(demo, hc), hc)
    _, events = run(state, hc, CheckMorale(("f1", "f2", "f3")), [3, 17, 15])
    assert events[-1].text == "Morale: Goblin 1 flees; Goblin 2 and Goblin 3 fight on."
    assert len(events) == 4, "each foe's roll, then the result"
    _, events = run(state, hc, CheckMorale(("f1", "f2", "f3"), fail_as="cowering"), [3, 2, 15])
    assert events[-1].text == "Morale: Goblin 1 and Goblin 2 cower; Goblin 3 fights on."
    _, events = run(state, hc, CheckMorale(("f2",)), [15])
    assert [e.text for e in events] == [
        "Goblin 2 morale: Minor threat: morale Rally save 1d20: [15] = 15 vs 9: passed. Fights on."
    ]


def test_morale_refusals(demo: State, hc: Ruleset) -> None:
    state = at_foes_turn(started(demo, hc), hc)
    with pytest.raises(Refused, match="fleeing or cowering"):
        run(state, hc, CheckMorale(("f1",), fail_as="surrendered"))
    with pytest.raises(Refused, match="at least one foe"):
        run(state, hc, CheckMorale(()))
    broken, _ = run(state, hc, CheckMorale(("f1",)), [2])
    with pytest.raises(Refused, match="not fighting on"):
        run(broken, hc, CheckMorale(("f1",)), [15])
    with pytest.raises(Refused, match="no morale target 'mild'"):
        run(state, hc, CheckMorale(("f1",), threat="mild"), [15])


@pytest.mark.parametrize(
    "action",
    [RollExplore(), StartCamp(), Search(1, 1), ReturnToTown()],
    ids=["explore", "camp", "search", "town"],
)
def test_the_party_cannot_move_on_camp_search_or_go_home_mid_fight(demo: State, hc: Ruleset, action: Any) -> None:
    with pytest.raises(Refused, match="a fight is on"):
        run(started(demo, hc), hc, action)
