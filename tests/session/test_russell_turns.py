"""Turns under the shipped Russell House Rules, with scripted dice: who speaks for the party, every
turn rolling the exploration die whatever takes it, what the light used up, and the treasure
brought back kept."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Action, Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Character, State, Stats, replace_member
from hammertui.procedures.exploration_die.actions import TakeTurn
from hammertui.procedures.exploration_die.state import die_of, spokesman, unrolled
from hammertui.procedures.light_levels import state as lit
from hammertui.procedures.light_levels.actions import RefillLantern
from hammertui.procedures.russell_characters import state as people


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset("russell-house-rules")


def _member(cid: str, name: str, cha: int) -> Character:
    stats = Stats.of(dict(STR=12, DEX=10, CON=10, INT=10, WIS=10, CHA=cha))
    return Character(id=cid, name=name, class_id="", stats=stats, hp=6, max_hp=6, ac=10)


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    """Darla (CHA 10), Wenna (CHA 16) and Otto (CHA 4), lit by Darla's torch, on turn 0."""
    fresh = new_state("turns", ruleset, seed=3)[0]
    party = (_member("c1", "Darla", 10), _member("c2", "Wenna", 16), _member("c3", "Otto", 4))
    sheets = {m.id: people.fresh(people.section(ruleset)) for m in party}
    slices = {**fresh.slices, people.NAME: people.People(sheets), lit.NAME: lit.new_slice(ruleset, party)}
    return attrs.evolve(fresh, party=party, slices=slices)


def act(state: State, ruleset: Ruleset, action: Action, *faces: int) -> tuple[State, list[Event]]:
    dice = ScriptedDice(faces)
    new, events = apply_action(state, action, Context(ruleset, dice))
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, events


def reaction(events: list[Event]) -> Event:
    return next(e for e in events if e.text.startswith("Reaction"))


def test_the_spokesman_named_speaks_and_keeps_speaking(state: State, ruleset: Ruleset) -> None:
    """ "The modifier of whichever character acts as spokesman should be used": Wenna (CHA 16) speaks;
    a 1 on the die, no one surprised in good light, 2d6 = 3 + 3."""
    wenna = ruleset.stat_mod(16)
    new, events = act(state, ruleset, TakeTurn("parley", face=1, spokesman="c2"), 6, 6, 3, 3)
    met = die_of(new).latest.encounter
    assert (met.spokesman, met.modifier, met.reaction_total) == ("Wenna", wenna, 6 + wenna)
    assert reaction(events).dice == (f"reaction 2d6: [3, 3] = 6 + Wenna's CHA {wenna:+d}",)
    assert die_of(new).spokesman == "c2" and spokesman(new).name == "Wenna"
    again, events = act(new, ruleset, TakeTurn("move on", face=1), 6, 6, 3, 3)
    assert die_of(again).latest.encounter.spokesman == "Wenna", "the last spokesman speaks again"


def test_before_anyone_is_named_the_first_standing_speaks_and_a_dead_spokesman_does_not(
    state: State, ruleset: Ruleset
) -> None:
    assert spokesman(state).name == "Darla"
    named, _ = act(state, ruleset, TakeTurn("parley", face=5, spokesman="c2"))
    dead = attrs.evolve(named, party=replace_member(named.party, attrs.evolve(named.party[1], status="dead")))
    assert spokesman(dead).name == "Darla"
    with pytest.raises(Refused, match="Wenna is dead and speaks for no one"):
        act(dead, ruleset, TakeTurn("parley", face=5, spokesman="c2"))
    with pytest.raises(Refused, match="no character 'c9'"):
        act(state, ruleset, TakeTurn("parley", face=5, spokesman="c9"))


def _lantern(state: State, ruleset: Ruleset, pips: int) -> State:
    """Darla's lit lantern with `pips` marked, and Oil on a usage die in her pack."""
    lantern = lit.Source("s2", "lantern", "c1", lit=True, pips=pips)
    oiled, _ = act(state, ruleset, people.Carry("c1", "Oil"))
    return lit.with_lights(oiled, sources=(*lit.lights(oiled).sources, lantern))


def test_refilling_a_lantern_takes_a_turn_and_the_die_is_rolled_for_it(state: State, ruleset: Ruleset) -> None:
    """ "Refilling a lantern takes an exploration turn" and "Roll the exploration die every turn": the
    refill's turn rolls a 3, Torches/Candles Depleted, so Darla's torch goes out, used up (her Oil
    die, a 5, holds)."""
    new, events = act(_lantern(state, ruleset, 1), ruleset, RefillLantern("s2"), 5, 3)
    texts = [e.text for e in events]
    assert new.clock.units == 1 and die_of(new).turns == 1 and unrolled(new) == 0
    assert "Turn 1: refill. The exploration die shows 3, Torches/Candles Depleted." in texts
    assert next(e for e in events if e.text.startswith("Turn 1")).dice == ("exploration die 1d6: [3] = 3",)
    assert "Darla's torch goes out, used up." in texts
    assert [r.action for r in die_of(new).rolls] == ["refill"]


def test_what_the_light_used_up_is_kept(state: State, ruleset: Ruleset) -> None:
    """ "Any torches or candles being used as light sources go out and are used up": kept, with who
    held them and the turn (the refill's oil comes off Darla's Oil usage die, a 5: nothing used up)."""
    new, _ = act(_lantern(state, ruleset, 1), ruleset, RefillLantern("s2"), 5, 3)
    assert lit.lights(new).spent == (lit.Spent("torch", "c1", 1),)
    assert [s.kind for s in lit.lights(new).sources] == ["lantern"]


def test_what_was_used_up_names_no_stranger(state: State) -> None:
    stranger = lit.with_lights(state, spent=(lit.Spent("torch", "c9", 1),))
    assert lit.problems(lit.lights(stranger), stranger) == ["spent[0].carrier: no character 'c9'"]


def test_turns_before_every_turn_rolled_the_die_are_owed(state: State) -> None:
    """A save from before every turn rolled the die: its turns without a roll are counted, not hidden."""
    older = attrs.evolve(state, clock=attrs.evolve(state.clock, units=3))
    assert unrolled(older) == 3


def test_treasure_brought_back_is_kept_in_the_record(state: State, ruleset: Ruleset) -> None:
    """ "such treasure is worth 1 XP per Standard Coin of value", once "physically returned to a
    relatively civilized area": the haul, its coins and each one's share are kept."""
    new, _ = act(state, ruleset, people.AwardTreasure(301, "A silver chalice"))
    assert people.people(new).brought_back == (
        people.Haul(0, "A silver chalice", 301, 100, ("Darla", "Wenna", "Otto")),
    )
