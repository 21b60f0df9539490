"""XP and levels by the Russell House Rules as actions: treasure brought back, a foe killed in the
fight by individual initiative, and a level up by the chart, every die shown."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.individual_initiative import actions as act_
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.russell_characters import state as people
from tests import individual_initiative_ruleset
from tests.session.test_individual_initiative_steps import GOBLINS, _kits, _member, act


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset("russell-house-rules")


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    """Darla (CON 10) and Wenna, Weapon Skill 1, at level 1 with 0 XP."""
    fresh = new_state("growth", ruleset, seed=3)[0]
    party = (_member("c1", "Darla", 13, 10, 10), _member("c2", "Wenna", 9, 13, 7))
    sheets = _kits(ruleset)
    lights = light_levels_state.new_slice(ruleset, party)
    return attrs.evolve(
        fresh, party=party, slices={**fresh.slices, people.NAME: people.People(sheets), light_levels_state.NAME: lights}
    )


def test_treasure_brought_back_is_shared_xp(state: State, ruleset: Ruleset) -> None:
    """ "such treasure is worth 1 XP per Standard Coin of value": 301 coins, 150 XP each (a decision:
    shared evenly, the remainder lost)."""
    state, said = act(state, ruleset, people.AwardTreasure(301, "A silver chalice"), [])
    assert [m.xp for m in state.party] == [150, 150]
    assert said == ["A silver chalice worth 301 coins: 301 XP, 150 each to Darla, Wenna."]
    with pytest.raises(Refused, match="at least one coin"):
        act(state, ruleset, people.AwardTreasure(0), [])


def test_a_foe_killed_in_the_fight_is_worth_25_xp_a_hd(state: State, ruleset: Ruleset) -> None:
    """ "player characters will receive 25 XP per HD of a dangerous foe killed": a 1 HD goblin down,
    25 XP, 12 each."""
    state, _ = act(state, ruleset, act_.StartFight((GOBLINS,)), [4, 3])
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c1", "f1"), [12, 4])
    assert said[1:3] == ["Goblin 1 goes down.", "A 1 HD foe killed: 25 XP, 12 each to Darla, Wenna."]
    assert [m.xp for m in state.party] == [12, 12]


def test_level_up_by_the_chart(state: State, ruleset: Ruleset) -> None:
    """Level 2 needs 2000 XP; "roll a new d6 HD and add the result to your character's HP. Add your
    constitution modifier"; "At every even level, add +1 to your character's Weapon Skill"."""
    with pytest.raises(Refused, match="Darla has 0 XP; level 2 needs 2000"):
        act(state, ruleset, people.LevelUp("c1"), [])
    rich = attrs.evolve(state, party=(attrs.evolve(state.party[0], xp=4000), state.party[1]))
    rich, said = act(rich, ruleset, people.LevelUp("c1"), [4])
    darla = rich.character("c1")
    assert (darla.level, darla.max_hp, darla.hp) == (2, 10, 10)
    assert people.person(rich, ruleset, "c1").weapon_skill == 2
    assert said == ["Darla reaches level 2: +4 HP (10), Weapon Skill 2, a class template (2 of 4), max skill rank 2."]
    rich, said = act(rich, ruleset, people.LevelUp("c1"), [3])
    assert rich.character("c1").level == 3 and people.person(rich, ruleset, "c1").weapon_skill == 2
    assert said == ["Darla reaches level 3: +3 HP (13), a class template (3 of 4), max skill rank 3."]
    with pytest.raises(Refused, match="level 4 needs 7000"):
        act(rich, ruleset, people.LevelUp("c1"), [])


def test_past_level_ten_two_hp_and_no_die(state: State, ruleset: Ruleset) -> None:
    """ "After level 10, add 2 HP per level.\""""
    veteran = attrs.evolve(state, party=(attrs.evolve(state.party[0], level=10, xp=35000), state.party[1]))
    veteran, said = act(veteran, ruleset, people.LevelUp("c1"), [])
    assert (veteran.character("c1").level, veteran.character("c1").max_hp) == (11, 8)
    assert said == ["Darla reaches level 11: +2 HP (8), max skill rank 6."]


def test_a_ruleset_without_growth_refuses_and_awards_nothing(
    tmp_path_factory: pytest.TempPathFactory, state: State
) -> None:
    plain = individual_initiative_ruleset.load(tmp_path_factory.mktemp("plain"))
    with pytest.raises(Refused, match="keeps no XP or levels"):
        act(state, plain, people.AwardTreasure(10), [])
