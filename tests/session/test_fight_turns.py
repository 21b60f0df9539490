"""Book Three's Advantage revision: no phases, the Leader names who takes the next Turn.

"When the players' side acts, the Leader designates who goes first. After that player's action is
done, the Leader again designates who goes next. This repeats until everyone has taken a Turn."

The demo party is Darla (the Leader), Brannoc, Wenna and Otto; initiative is 1d12 + DEX + WIS, the
party's die thrown first.
"""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.sides_and_phases.actions import Declare, FightNext, NameTurn, actors, waiting
from hammertui.procedures.sides_and_phases.state import fighting
from tests.session.test_fight_steps import PARTY_FIRST, started, texts, walk
from tests.session.test_roster import run

EVERYONE = ["c1", "c2", "c3", "c4"]


@pytest.fixture
def fight(b3a: Ruleset) -> State:
    """Round 1 under way, the party having won initiative, two Goblins against them."""
    state = started(new_state("t", b3a, seed=7)[0], b3a, count=2)
    state, _ = run(state, b3a, FightNext(), PARTY_FIRST)
    return state


def test_a_side_acts_in_one_step_of_turns(fight: State, b3a: Ruleset) -> None:
    """ "After Initiative is determined, the winning side gets to take all of their actions first,
    followed by the losing side." """
    assert fighting(fight) is not None
    assert (fighting(fight).side, fighting(fight).phase) == ("party", "turn")
    assert [a.id for a in waiting(fight, b3a)] == EVERYONE
    assert actors(fight, b3a) == (), "nobody acts until the Leader names them"


def test_the_leader_names_each_turn_until_everyone_has_had_one(fight: State, b3a: Ruleset) -> None:
    """ "the Leader designates who goes first. After that player's action is done, the Leader again
    designates who goes next." """
    state, events = run(fight, b3a, NameTurn("c3"))
    assert [a.id for a in actors(state, b3a)] == ["c3"]
    assert "The Leader (Darla) names Wenna for the next Turn: stays put and acts (Stay Put, melee)." in texts(events)
    with pytest.raises(Refused, match="names who takes the next Turn first: Darla, Brannoc, Otto Sixfingers"):
        run(state, b3a, FightNext())
    with pytest.raises(Refused, match="cannot take the next Turn"):
        run(state, b3a, NameTurn("c3"))
    for cid in ("c1", "c4", "c2"):
        state, _ = run(state, b3a, NameTurn(cid))
    assert waiting(state, b3a) == ()
    state, events = run(state, b3a, FightNext())
    assert fighting(state) is not None and fighting(state).side == "foes"
    assert fighting(state).turn == "" and [a.id for a in waiting(state, b3a)] == ["f1", "f2"]


def test_the_smith_names_the_foes_turns(fight: State, b3a: Ruleset) -> None:
    """ "When the 'Smith's side acts, they are allowed to choose in what order their minions act, as
    they act, and resolve them one at a time accordingly." """
    state = fight
    for cid in EVERYONE:
        state, _ = run(state, b3a, NameTurn(cid))
    state, _ = run(state, b3a, FightNext())
    state, events = run(state, b3a, NameTurn("f2"))
    assert "The 'Smith names Goblin 2 for the next Turn: moves, then acts (Move Near, melee)." in texts(events)
    state, _ = run(state, b3a, NameTurn("f1"))
    state, events = run(state, b3a, FightNext())
    assert fighting(state) is not None and fighting(state).step == "initiative"
    assert "End of round 1." in texts(events)


def test_a_turn_moves_then_acts_or_acts_then_moves(fight: State, b3a: Ruleset) -> None:
    """ "On your turn, you can Move and then Act, or instead Act and then Move." """
    state, events = run(fight, b3a, Declare("c2", "move_near", "missile", act_first=True))
    assert "Brannoc: Move Near, missile. On the Turn the Leader names: acts, then moves." in texts(events)
    state, events = run(state, b3a, NameTurn("c2"))
    assert "names Brannoc for the next Turn: acts, then moves (Move Near, missile)." in texts(events)
    with pytest.raises(Refused, match="only a Move Near"):
        run(state, b3a, Declare("c1", "stay_put", "melee", act_first=True))


def test_move_far_is_a_turn_without_an_action(fight: State, b3a: Ruleset) -> None:
    """ "Move Far: You can choose to rush, moving up to double your Speed. You can not both Move Far
    and Take an Action in the same round." """
    state, _ = run(fight, b3a, Declare("c4", "move_far", "melee"))
    assert "c4" in [a.id for a in waiting(state, b3a)]
    state, events = run(state, b3a, NameTurn("c4"))
    assert "Otto Sixfingers for the next Turn: moves far (no action) (Move Far)." in texts(events)


def test_there_is_no_move_again_action(fight: State, b3a: Ruleset) -> None:
    with pytest.raises(Refused, match="no move action: declare Move Far"):
        run(fight, b3a, Declare("c1", "move_near", "move"))


def test_the_complete_rules_still_act_together_by_phase(hc: Ruleset) -> None:
    """The complete rules: "Actions are declared and resolved at the same time." """
    state = started(new_state("t", hc, seed=7)[0], hc, count=2)
    state, stops, _ = walk(state, hc)
    assert stops == [("party", "melee"), ("foes", "movement"), ("foes", "melee")]
    state = started(new_state("t", hc, seed=7)[0], hc, count=2)
    state, _ = run(state, hc, FightNext(), PARTY_FIRST)
    assert [a.id for a in actors(state, hc)] == EVERYONE and waiting(state, hc) == ()
    with pytest.raises(Refused, match="has no Turns to name"):
        run(state, hc, NameTurn("c1"))
