"""A fight procedure's own clocks, proven: an effect lasts until the end of the opponents' next turn.

The stub (`tests/stub_fight/`) is a fight of sides whose order is set afresh each round, so the
opponents' next turn may come later in the same round or in the next, first or last: no count of
rounds says when it ends. The stub keeps the turns each side has ended as clocks of its own, an
effect counts on one, and it ends as that side's turn ends, shows its time in the stub's words, is
saved and reopened, undone, and ends with the fight.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import tests.stub_fight
from hammertui.kernel.rules import procedures
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects, persist, public_fields, sessions
from hammertui.kernel.session.save_check import check_state
from hammertui.kernel.session.seam import FightProcedure
from hammertui.kernel.session.store import Store
from tests.stub_fight.actions import Dodge, EndStubFight, EndTurn, MeetFoes, NewRound
from tests.stub_fight.state import NAME


@pytest.fixture
def stubbed(hc: Ruleset, monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    """The complete rules fought by the stub, registered for this test alone (the registry put back
    afterwards); the ruleset is the complete rules' with its fight swapped, as a loaded one would be."""
    monkeypatch.setattr(procedures, "_REGISTRY", dict(procedures._known()))
    procedures.register(tests.stub_fight.PROCEDURE)
    return attrs.evolve(hc, plays=attrs.evolve(hc.plays, fight=NAME))


@pytest.fixture
def store(stubbed: Ruleset, tmp_path: Path) -> Store:
    return sessions.create(tmp_path, "sides", stubbed, seed=5)


def names(store: Store) -> list[tuple[str, str]]:
    return [(e.name, effects.describe_left(store.state, store.ruleset, e)) for e in store.state.effects]


def dodged_last_in_round_one(store: Store) -> None:
    """Round 1, the foes first: Darla dodges in the party's turn, the round's last."""
    for action in (MeetFoes(("Goblin",)), NewRound(("foes", "party")), EndTurn(), Dodge("c1")):
        store.dispatch(action)


def test_the_stub_declares_its_clocks_as_a_fight_procedure(stubbed: Ruleset) -> None:
    from hammertui.kernel.session.procedures import fight_clocks, session_of

    assert isinstance(session_of(tests.stub_fight.PROCEDURE), FightProcedure)
    assert [c.unit for c in fight_clocks(stubbed.procedures)] == ["party_turns", "foes_turns"]
    assert effects.clocks(stubbed.procedures) == (*effects.CLOCKS, "party_turns", "foes_turns")


def test_an_effect_lasts_until_the_opponents_next_turn_ends_across_a_round(store: Store) -> None:
    dodged_last_in_round_one(store)
    assert names(store) == [("Dodging", "until the foes' next turn ends")]
    (dodge,) = store.state.effects
    assert (dodge.unit, dodge.ends_at) == ("foes_turns", 2)
    store.dispatch(EndTurn())
    events = store.dispatch(NewRound(("party", "foes")))
    assert names(store) == [("Dodging", "until the foes' next turn ends")], "a new round is not the foes' turn"
    store.dispatch(EndTurn())
    assert names(store) == [("Dodging", "until the foes' next turn ends")], "the party's two turns in a row"
    events = store.dispatch(EndTurn())
    assert store.state.effects == () and events[-1].text == "Darla: Dodging ends."


def test_an_effect_ends_with_the_opponents_turn_later_in_the_same_round(store: Store) -> None:
    for action in (MeetFoes(("Goblin",)), NewRound(("party", "foes")), Dodge("c1"), EndTurn()):
        store.dispatch(action)
    assert names(store) == [("Dodging", "until the foes' next turn ends")]
    events = store.dispatch(EndTurn())
    assert store.state.effects == () and events[-1].text == "Darla: Dodging ends."


def test_an_effect_on_a_fight_clock_is_saved_reopened_and_undone(store: Store, stubbed: Ruleset) -> None:
    dodged_last_in_round_one(store)
    assert check_state(store.state) == []
    assert store.files is not None
    again = sessions.open_files(store.files, lambda _: stubbed)
    assert again.state == store.state and names(again) == [("Dodging", "until the foes' next turn ends")]
    store.undo()
    assert store.state.effects == ()
    store.redo()
    assert names(store) == [("Dodging", "until the foes' next turn ends")]


def test_a_save_naming_a_clock_no_procedure_keeps_is_refused(store: Store, tmp_path: Path) -> None:
    dodged_last_in_round_one(store)
    state = attrs.evolve(store.state, effects=(attrs.evolve(store.state.effects[0], unit="sides_turns"),))
    assert check_state(state) == [
        "effects[0] (Dodging).unit: 'sides_turns' is not one of round, unit, until_ended, party_turns, foes_turns"
    ]
    with pytest.raises(persist.SaveError, match="sides_turns"):
        persist.parse_state(persist.dump_state(state), tmp_path / "x.toml")


def test_an_effect_on_a_fight_clock_ends_with_the_fight(store: Store) -> None:
    dodged_last_in_round_one(store)
    events = store.dispatch(EndStubFight())
    assert store.state.effects == () and "Darla: Dodging ends." in [e.text for e in events]
    assert (store.state.clock.rounds, store.state.clock.units) == (0, 1)


def test_the_stub_says_which_of_its_own_actions_the_players_see(store: Store) -> None:
    """A dodge is the table's to see, by the stub's own `EVENTS`; foes met stay the 'Smith's."""
    dodged_last_in_round_one(store)
    seen = {e.action: public_fields.public_event(e) for e in store.recent}
    assert seen["dodge"] and not seen["fight"] and "dodge" not in public_fields.EVENTS


def test_no_effect_counts_on_a_fight_clock_between_fights(store: Store) -> None:
    with pytest.raises(ValueError, match="no clock 'foes_turns' runs now"):
        effects.add(store.state, "Dodging", "c1", "foes_turns", 1)
