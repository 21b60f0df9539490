"""A character dismissed under the shipped Russell House Rules, action by action: out of the party
with their sheet, the lights they held passed on and the record of what they used up kept as the
floor's, the spokesman named afresh; the save stays whole and reads back; refused for the dead,
in a fight and for one who employs a hireling."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.persist import dump_state, parse_state
from hammertui.kernel.session.save_check import check_state
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Death, State, replace_member
from hammertui.procedures.exploration_die.state import die_of
from hammertui.procedures.individual_initiative import actions as fight
from hammertui.procedures.light_levels import state as light
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import vitals
from hammertui.procedures.russell_characters.actions.making import Dismiss


@pytest.fixture(scope="module")
def rhr() -> Ruleset:
    return load_ruleset("russell-house-rules")


@pytest.fixture
def state(rhr: Ruleset) -> State:
    return new_state("dismissed", rhr, seed=3)[0]


def act(state: State, ruleset: Ruleset, action: object, faces: tuple[int, ...] = ()) -> tuple[State, list[str]]:
    dice = ScriptedDice(list(faces))
    new, events = apply_action(state, action, Context(ruleset, dice))  # type: ignore[arg-type]
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, [e.text for e in events]


def test_the_four_are_dismissed_one_by_one(state: State, rhr: Ruleset, tmp_path: Path) -> None:
    spent = light.with_lights(state, spent=(light.Spent("torch", "c1", 0),), flasks={"c1": 1}, order=("c1", "c3"))
    spoken = spent.with_slice("exploration_die", attrs.evolve(die_of(spent), spokesman="c1"))
    left, said = act(spoken, rhr, Dismiss("c1"))
    assert said == ["Darla leaves the party.", "Darla's torch passes to Wenna."], "the first the light reaches"
    assert [m.id for m in left.party] == ["c2", "c3", "c4"] and "c1" not in people.people(left).people
    kept = light.lights(left)
    assert (kept.spent[0].carrier, kept.flasks, kept.order) == ("", {}, ("c3",))
    assert die_of(left).spokesman == ""
    assert check_state(left) == []
    for who in ("c3", "c2", "c4"):
        left, said = act(left, rhr, Dismiss(who))
    assert left.party == () and said[-1] == "Otto Sixfingers's torch is set down."
    assert light.lights(left).sources[0].carrier == "" and check_state(left) == []
    assert parse_state(dump_state(left), tmp_path / "dismissed.toml") == left


def test_the_dead_in_a_fight_and_employers_stay(state: State, rhr: Ruleset) -> None:
    dead = attrs.evolve(state.party[0], status="dead", hp=0, death=Death(0, "a fall"))
    with pytest.raises(Refused, match="Darla is dead: lay them to rest instead"):
        act(attrs.evolve(state, party=replace_member(state.party, dead)), rhr, Dismiss("c1"))
    fighting, _ = act(state, rhr, fight.StartFight((fight.FoeGroup("Goblin", count=1, hd=1, ac=7),)), (4,))
    with pytest.raises(Refused, match="in the middle of a fight"):
        act(fighting, rhr, Dismiss("c2"))
    hiring, _ = act(state, rhr, vitals.Hire("Pip", "torchbearer", "c2"), (4,))
    with pytest.raises(Refused, match="Brannoc employs Pip: let them go first"):
        act(hiring, rhr, Dismiss("c2"))
