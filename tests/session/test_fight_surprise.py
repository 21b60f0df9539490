"""Surprise at the start of a fight and hirelings' morale in one, with scripted dice.

Book Three, Surprise Check: the 'Smith "declares that one or more of the combatants are
**surprised** and thus cannot take actions in the first round of combat. If the involved parties
at the table cannot agree to this and feel that it absolutely must be decided mechanically, then
have all of the "surprised" characters roll Rally saves. Anyone who passes can act in the first
round of combat." The demo party (Darla, Brannoc, Wenna, Otto) are all level 1, Tier 1; a Goblin
of 1 HD is Tier 1 too, so each saves against 15 ("Equal").
"""

from __future__ import annotations

import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.state import State
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire, HirelingFightMorale
from hammertui.procedures.sides_and_phases.actions import Attack, EndFight, FightNext, SurpriseSaves, actors
from hammertui.procedures.sides_and_phases.state import fighting
from tests.session.test_fight_steps import PARTY_FIRST, started, texts, walk
from tests.session.test_roster import run


def surprised(state: State, ruleset: Ruleset, side: str, count: int = 3) -> State:
    return started(state, ruleset, count, surprised=(side,))


def test_each_surprised_character_rolls_a_rally_save_in_the_open(state: State, b3: Ruleset) -> None:
    fight = surprised(state, b3, "party")
    new, events = run(fight, b3, SurpriseSaves(), (20, 1, 1, 1))
    assert fighting(new).surprise_saves == {"c1": True, "c2": False, "c3": False, "c4": False}
    said = texts(events)
    assert "Surprise check: each of the surprised party makes a Rally save; who passes acts in round 1." in said
    assert "Darla: Rally save: 20 vs 15, success (" in said and ": acts in round 1." in said
    assert "target 15: source Tier 1 vs Tier 1" in said
    assert "Wenna: Rally save: " in said and "surprised: no action in round 1." in said
    assert "1 of 4 shake off the surprise; the rest lose round 1." in said
    assert all(e.dice for e in events[1:5]), "every save shows its die"


def test_those_who_pass_act_in_round_1_and_the_rest_do_not(state: State, b3: Ruleset) -> None:
    """ "Anyone who passes can act in the first round of combat": Darla passes, the rest fail."""
    fight, _ = run(surprised(state, b3, "party"), b3, SurpriseSaves(), (20, 1, 1, 1))
    fight, _ = run(fight, b3, FightNext(), PARTY_FIRST)
    assert fighting(fight).side == "party", "the party keeps its phases in round 1: Darla acts"
    assert [a.id for a in actors(fight, b3)] == ["c1"]
    with pytest.raises(
        Refused, match='Wenna is surprised: "surprised and thus cannot take actions in the first round of combat"'
    ):
        run(fight, b3, Attack("c3", "f1"))
    thrown, _ = run(fight, b3, Attack("c1", "f1"), (1, 1))
    assert fighting(thrown).pending is not None


def test_the_surprise_lasts_round_1_only(state: State, b3: Ruleset) -> None:
    fight, _ = run(surprised(state, b3, "party"), b3, SurpriseSaves(), (1, 1, 1, 1))
    fight, stops, _ = walk(fight, b3)
    assert {side for side, _ in stops} == {"foes"}, "nobody shook it off: the party loses round 1"
    fight, stops, _ = walk(fight, b3)
    assert "party" in {side for side, _ in stops}


def test_surprised_foes_save_with_their_save_bonus(state: State, b3: Ruleset) -> None:
    """The text has "all of the "surprised" characters" save: surprised foes too, each by its
    Hit Dice's tier against the strongest in the party."""
    fight = surprised(state, b3, "foes")
    new, events = run(fight, b3, SurpriseSaves(), (15, 14, 1))
    assert fighting(new).surprise_saves == {"f1": True, "f2": False, "f3": False}
    assert "Goblin 1: Rally save vs 15 (party Tier 1 vs Tier 1): acts in round 1." in texts(events)
    assert events[1].dice == ("Goblin 1 Rally save (surprise) 1d20: [15] = 15 vs 15: passed",)
    new, stops, _ = walk(new, b3)
    assert {side for side, _ in stops} == {"party", "foes"}


def test_saves_against_surprise_are_refused_where_the_text_gives_none(state: State, b3: Ruleset, hc: Ruleset) -> None:
    """Both surprised: "role-play a round of everyone gawking at one another incredulously, and
    then roll initiative as per normal combat"."""
    with pytest.raises(Refused, match="both sides are surprised: round 1 is everyone gawking"):
        run(started(state, b3, surprised=("party", "foes")), b3, SurpriseSaves())
    with pytest.raises(Refused, match="nobody is surprised"):
        run(started(state, b3), b3, SurpriseSaves())
    rolled, _ = run(surprised(state, b3, "party"), b3, SurpriseSaves(), (1, 1, 1, 1))
    with pytest.raises(Refused, match="already rolled"):
        run(rolled, b3, SurpriseSaves())
    with pytest.raises(Refused, match="leaves surprise to the 'Smith's call"):
        run(surprised(state, hc, "party"), hc, SurpriseSaves())


def test_under_the_complete_rules_the_surprised_side_cannot_attack_in_round_1(state: State, hc: Ruleset) -> None:
    fight = surprised(state, hc, "party")
    with pytest.raises(Refused, match="Darla is surprised"):
        run(fight, hc, Attack("c1", "f1"))


# ---------------------------------------------------------------------------------- hirelings


def hired(state: State, ruleset: Ruleset) -> State:
    """Pim, a Tier 0 torchbearer in Darla's charge: a source "One Lower" than Darla's Tier 1, 12."""
    new, _ = run(state, ruleset, Hire("Pim", "torchbearer", 0, "c1"))
    return started(new, ruleset)


def test_a_hireling_who_fails_in_a_fight_departs_fleeing(state: State, b3: Ruleset) -> None:
    """Morale Phase: "If the NPC is a party hireling, the PC in charge of them must make a Rally
    save (as detailed in the Hirelings section). If failed, the Hireling departs, fleeing for the
    nearest escape to safety." A natural 11 misses 12 by one: out of a fight that is double pay,
    in one they flee."""
    fight = hired(state, b3)
    new, events = run(fight, b3, HirelingFightMorale("h1"), (11,))
    assert new.hirelings == ()
    assert fighting(new).fled_hirelings == ("Pim",)
    assert (
        "Pim's morale in the fight, Darla rolling: Rally save: 11 vs 12, failed by 1:"
        " they depart, fleeing for the nearest escape to safety" in texts(events)
    )
    assert events[0].level == "warn" and events[0].dice
    _, ended = run(new, b3, EndFight())
    assert "hirelings fled: Pim" in ended[0].text


def test_a_hireling_who_passes_stays_in_the_fight(state: State, b3: Ruleset) -> None:
    new, events = run(hired(state, b3), b3, HirelingFightMorale("h1"), (12,))
    assert [h.name for h in new.hirelings] == ["Pim"] and fighting(new).fled_hirelings == ()
    assert "they stay on the same terms" in texts(events)


def test_under_the_complete_rules_a_hireling_in_a_fight_bargains_as_out_of_one(state: State, hc: Ruleset) -> None:
    """ "If you fail the save by 5 or less, they may choose to remain, but require double the daily
    cost. If you fail by more than 5, they quit your service immediately"."""
    doubled, _ = run(hired(state, hc), hc, HirelingFightMorale("h1"), (11,))
    assert doubled.hirelings[0].doubled and fighting(doubled).fled_hirelings == ()
    quit_, events = run(hired(state, hc), hc, HirelingFightMorale("h1"), (1,))
    assert quit_.hirelings == () and "they quit on the spot" in texts(events)


def test_a_hirelings_fight_morale_needs_a_fight(state: State, b3: Ruleset) -> None:
    new, _ = run(state, b3, Hire("Pim", "torchbearer", 0, "c1"))
    with pytest.raises(Refused, match="no fight is on"):
        run(new, b3, HirelingFightMorale("h1"))
