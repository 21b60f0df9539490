"""Lost CON back: a week of downtime in town (Book Three's Excitement mode), and magic by hand.

"EXCITEMENT Mode ... In addition to magical recovery, lost points of CON can be restored through
extended character rest. After returning to town, you can choose to stick around and take an
extended rest. For each week of downtime, your character restores 1 point of lost CON." (Book
Three.) "When Cure Serious Wounds is used to restore lost CON from damage ... Restore 1d4 + Caster
Level in lost CON stat points to the target." (complete rules.)
"""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, replace_member
from hammertui.procedures.divining_pool.actions.explore import RollExplore
from hammertui.procedures.divining_pool.actions.town import Downtime
from hammertui.procedures.hammercrawl_classes.actions.vitals import RestoreCon
from hammertui.procedures.hammercrawl_classes.state import sheet_changed, sheet_of
from tests.session.test_roster import run

WEEK = 7 * 24 * 6
"""A week of ten-minute turns or Beats."""


def hurt(state: State, character_id: str, con: int, **changes: object) -> State:
    member = attrs.evolve(state.character(character_id), **changes)
    return sheet_changed(attrs.evolve(state, party=replace_member(state.party, member)), character_id, con=con)


def in_mode(state: State, mode: str) -> State:
    return attrs.evolve(state, session=attrs.evolve(state.session, difficulty=mode))


@pytest.mark.parametrize("name", ["b3", "b3a"])
def test_each_week_of_downtime_under_excitement_restores_a_point_of_lost_con(
    name: str, request: pytest.FixtureRequest
) -> None:
    """ "For each week of downtime, your character restores 1 point of lost CON." """
    ruleset: Ruleset = request.getfixturevalue(name)
    state = in_mode(new_state("t", ruleset, seed=7)[0], "excitement")
    darla = state.character("c1")
    sheet = sheet_of(state, "c1")
    state = hurt(state, "c1", con=sheet.con_max - 2, hp=1)
    week, events = run(state, ruleset, Downtime())
    assert week.clock.units == state.clock.units + WEEK
    assert (sheet_of(week, "c1").con, week.character("c1").hp) == (sheet.con_max - 1, darla.max_hp)
    texts = "\n".join(e.text for e in events)
    assert "A week of downtime" in texts and "Darla +1 CON" in texts
    two, _ = run(week, ruleset, Downtime())
    three, _ = run(two, ruleset, Downtime())
    assert sheet_of(three, "c1").con == sheet.con_max, "only lost CON comes back"


def test_a_week_of_downtime_in_adventure_mode_heals_but_restores_no_con(b3: Ruleset) -> None:
    """Adventure mode: CON lost is "permanent until magically restored"; the week still rests."""
    state = new_state("t", b3, seed=7)[0]
    darla = state.character("c1")
    sheet = sheet_of(state, "c1")
    state = hurt(state, "c1", con=sheet.con_max - 2, hp=1)
    week, events = run(state, b3, Downtime())
    assert (sheet_of(week, "c1").con, week.character("c1").hp) == (sheet.con_max - 2, darla.max_hp)
    assert "no CON comes back in Adventure mode" in "\n".join(e.text for e in events)


def test_no_downtime_while_the_party_is_busy_in_the_dungeon(hc: Ruleset) -> None:
    state = new_state("t", hc, seed=7)[0]
    exploring, _ = run(state, hc, RollExplore(), [1, 1, 1])
    with pytest.raises(Refused, match="an Explore is under way"):
        run(exploring, hc, Downtime())


def test_cure_serious_wounds_restores_lost_con_by_hand_with_a_reason(hc: Ruleset) -> None:
    """ "Restore 1d4 + Caster Level in lost CON stat points to the target.": lost points only."""
    state = new_state("t", hc, seed=7)[0]
    sheet = sheet_of(state, "c1")
    state = hurt(state, "c1", con=sheet.con_max - 3)
    with pytest.raises(Refused, match="say why"):
        run(state, hc, RestoreCon("c1", 2))
    cured, events = run(state, hc, RestoreCon("c1", 2, "Cure Serious Wounds, Brannoc level 7"))
    assert sheet_of(cured, "c1").con == sheet.con_max - 1
    assert (
        events[0].text
        == f"Darla regains 2 CON ({sheet.con_max - 1}/{sheet.con_max}): Cure Serious Wounds, Brannoc level 7."
    )
    whole, _ = run(cured, hc, RestoreCon("c1", 9, "a potion"))
    assert sheet_of(whole, "c1").con == sheet.con_max
    with pytest.raises(Refused, match="Darla has lost no CON"):
        run(whole, hc, RestoreCon("c1", 1, "a potion"))
