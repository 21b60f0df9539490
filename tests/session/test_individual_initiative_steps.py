"""The fight by individual initiative, action by action, with scripted dice against the Russell
House Rules' numbers: initiative every round, Target 20, crits and fumbles, firing into melee,
wounds and Bleeding Out, Guts, the light's and weariness's modifier dice, and the turn it costs."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.procedures import held_surprise, light_on_roll, may_target
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Character, Hireling, State, Stats
from hammertui.procedures.exploration_die import state as exploration_die_state
from hammertui.procedures.individual_initiative import actions as act_
from hammertui.procedures.individual_initiative.state import NAME, Fight, Fights, fighting
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.russell_characters import state as people
from tests import individual_initiative_ruleset

GOBLINS = act_.FoeGroup("Goblin", count=2, hd=1, ac=7)


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return individual_initiative_ruleset.load(tmp_path_factory.mktemp("fight"))


def _member(cid: str, name: str, wis: int, intelligence: int, ac: int) -> Character:
    stats = Stats.of(dict(STR=12, DEX=10, CON=10, INT=intelligence, WIS=wis, CHA=10))
    return Character(id=cid, name=name, class_id="", stats=stats, hp=6, max_hp=6, ac=ac)


def _kits(ruleset: Ruleset) -> dict[str, people.Person]:
    """Darla's and Wenna's sheets: the kit each, and Wenna's leather."""
    kit = people.fresh(people.section(ruleset))
    return {"c1": kit, "c2": attrs.evolve(kit, armour="light")}


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    """Darla (WIS 13: +1, AC 10) and Wenna (WIS 9, INT 13: +1, leather AC 7), lit by Darla's torch."""
    fresh = new_state("fight", ruleset, seed=3)[0]
    party = (_member("c1", "Darla", 13, 10, 10), _member("c2", "Wenna", 9, 13, 7))
    sheets = _kits(ruleset)
    lights = light_levels_state.new_slice(ruleset, party)
    return attrs.evolve(
        fresh, party=party, slices={**fresh.slices, people.NAME: people.People(sheets), light_levels_state.NAME: lights}
    )


def act(state: State, ruleset: Ruleset, action: object, faces: list[int]) -> tuple[State, list[str]]:
    dice = ScriptedDice(faces)
    new, events = apply_action(state, action, Context(ruleset, dice))  # type: ignore[arg-type]
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, [e.text for e in events]


def fight_of(state: State) -> Fight:
    fight = fighting(state)
    assert fight is not None
    return fight


def _started(state: State, ruleset: Ruleset) -> State:
    """Two goblins, HP 4 and 3; initiative Darla 3+1, Wenna 5, Goblin 1 6, Goblin 2 1."""
    state, _ = act(state, ruleset, act_.StartFight((GOBLINS,)), [4, 3])
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    return state


def test_foes_roll_hp_and_everyone_rolls_initiative_each_round(state: State, ruleset: Ruleset) -> None:
    """ "Each character rolls 1d6 and adds their Wisdom modifier. Monsters and NPCs are assumed to have
    a Wisdom modifier of 0 ... act in descending order of Initiative, which is re-rolled for every round.";
    "Monsters follow the same procedure, assuming 1 WS per HD"."""
    state, said = act(state, ruleset, act_.StartFight((GOBLINS,)), [4, 3])
    fight = fight_of(state)
    assert [(f.name, f.hp, f.ws) for f in fight.foes] == [("Goblin 1", 4, 1), ("Goblin 2", 3, 1)]
    state, said = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    fight = fight_of(state)
    assert fight.order == ("f1", "c2", "c1", "f2") and fight.rolls == {"c1": 4, "c2": 5, "f1": 6, "f2": 1}
    assert said[0] == "Round 1: Goblin 1 6, Wenna 5, Darla 4, Goblin 2 1."
    assert fight.acting == "f1"
    for _ in range(3):
        state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.NextTurn(), [])
    assert said == ["Round 1 is over: roll initiative."]
    state, said = act(state, ruleset, act_.RollInitiative(), [1, 1, 2, 6])
    assert fight_of(state).order == ("f2", "c1", "f1", "c2") and fight_of(state).round == 2


def test_target_20_hits_and_drops_a_goblin(state: State, ruleset: Ruleset) -> None:
    """ "rolls 1d20, adds their character's Weapon Skill or Bow Skill, their target's AC, and if the
    total is equal to 20 or higher, they hit": Darla's 12 + WS 1 + AC 7 = 20."""
    state = _started(state, ruleset)
    with pytest.raises(Refused, match="Goblin 1's turn"):
        act(state, ruleset, act_.Attack("c1", "f1"), [12, 4])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c1", "f1"), [12, 4])
    assert said[:3] == [
        "Darla attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit for 4.",
        "Goblin 1 goes down.",
        "Their first casualty: a Guts roll for the foes? (g)",
    ]
    assert "half strength" in said[3]
    state, said = act(state, ruleset, act_.Attack("c1", "f2", free=True), [11])
    assert said == ["Darla attacks Goblin 2: 11 + 1 + AC 7 = 19 — a miss."]


def test_press_and_defend_change_ac_and_charge_gives_advantage(state: State, ruleset: Ruleset) -> None:
    """ "Press: Gain advantage on your attack roll but AC is 4 worse." "Defend: Improve AC by 2, but
    cannot attack this round." "Charge: ... Gain advantage to hit"."""
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.ChooseOption("c1", "press"), [])
    state, said = act(state, ruleset, act_.Attack("f1", "c1"), [9, 4])
    assert said[0] == "Goblin 1 attacks Darla: 9 + 1 + AC 14 = 24 — a hit for 4.", "AC 10, 4 worse"
    state, said = act(state, ruleset, act_.Attack("c1", "f1", free=True), [3, 12, 2])
    assert said[0] == "Darla attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit for 2.", "two dice, the better kept"
    state, _ = act(state, ruleset, act_.ChooseOption("c2", "defend"), [])
    with pytest.raises(Refused, match="Defending: cannot attack"):
        act(state, ruleset, act_.Attack("c2", "f1", free=True), [10, 3])
    state, said = act(state, ruleset, act_.Attack("c2", "f1", free=True, abilities=("finesse",)), [15, 10])
    assert said[0].startswith("Wenna attacks Goblin 1: 10 + 1 + AC 7 = 18 — a miss"), (
        "Finesse may attack, with Disadvantage"
    )


def test_a_crit_waits_for_its_choice_and_a_fumble_offers_a_free_attack(state: State, ruleset: Ruleset) -> None:
    """ "A roll of a "20" indicates a critical hit, which hits automatically and allows the player to
    choose between either double damage or a normal attack plus some kind of "bonus"". "A roll of a
    "1" indicates a fumble, which automatically misses, and either results in a free attack by their
    target, or something terrible"."""
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.Attack("f1", "c2"), [20, 2])
    assert "a critical hit! 2 damage rolled" in said[0] and fight_of(state).crit is not None
    with pytest.raises(Refused, match="critical hit waits"):
        act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.LandCrit(double=True), [])
    assert said == ["Goblin 1 takes double damage: 4 to Wenna.", "Wenna is at 2/6 HP."]
    state, said = act(state, ruleset, act_.Attack("f2", "c1", free=True), [1])
    assert said == [
        "Goblin 2 attacks Darla: a 1, a fumble!"
        " A free attack by Darla, or something terrible, at the referee's discretion."
    ]


def test_a_miss_of_1_to_5_into_melee_hits_an_ally(state: State, ruleset: Ruleset) -> None:
    """ "If firing into melee, a miss on an attack roll of 1-5 will hit a random ally involved in the
    melee, doing full damage"."""
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c2", "f1", bow=True, into_melee=True, at="close"), [4, 5])
    assert said == [
        "Wenna attacks Goblin 1 at Close range: 4 + 1 + AC 7 = 12 — a miss.",
        "Into the melee: the shot hits Darla for 5.",
        "Darla is at 1/6 HP.",
    ]


def test_wounds_past_0_hp_and_a_second_kills(state: State, ruleset: Ruleset) -> None:
    """ "When a character reaches zero HP, any additional hits will cause wounds." | 3 | Nasty Cut -
    Stunned, Bleeding Out |; "a second wound will kill the character"."""
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.Attack("f1", "c1"), [15, 6])
    assert said[-1] == "Darla is at 0/6 HP — at 0 HP: another hit is a wound."
    state, said = act(state, ruleset, act_.Attack("f2", "c1", free=True), [15, 1, 3])
    assert said[-1] == "Darla takes a wound: Nasty Cut (Stunned, Bleeding Out)."
    assert fight_of(state).held("c1") == ("stunned", "bleeding_out") and people.person(state, ruleset, "c1").wounds == (
        "Nasty Cut",
    )
    with pytest.raises(Refused, match="Stunned"):
        act(state, ruleset, act_.Attack("c1", "f1", free=True), [15, 1])
    state, said = act(state, ruleset, act_.Attack("f2", "c1", free=True), [5, 1, 2, 6])
    assert said[0] == "Goblin 2 attacks Darla: 5+4 + 1 + AC 10 = 20 — a hit for 2.", "Stunned: double advantage to hit"
    assert "second wound (Light Head Wound)" in said[1]
    assert not state.character("c1").alive and state.character("c1").death is not None


def test_bleeding_out_three_failed_saves_kill_and_an_ally_stabilises(state: State, ruleset: Ruleset) -> None:
    """ "Player must roll a constitution save every round. After three failures, the character dies.
    May be stabilized by an ally rolling 1d6 + Int modifier, with a 6 or higher succeeding"."""
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.SetCondition("c1", "bleeding_out"), [])
    state, said = act(state, ruleset, act_.BleedingSave("c1"), [10])
    assert said == ["Darla holds on (CON 10: 10)."]
    state, said = act(state, ruleset, act_.BleedingSave("c1"), [11])
    assert said == ["Darla fails (CON 10: 11): 1 of 3."]
    with pytest.raises(Refused, match="Bleeding Out"):
        act(state, ruleset, act_.EndFight(), [])
    kept, said = act(state, ruleset, act_.Stabilise("c1", by="c2"), [5])
    assert said == ["Wenna stabilises Darla (5+1)."] and "bleeding_out" not in fight_of(kept).held("c1")
    state, _ = act(state, ruleset, act_.BleedingSave("c1"), [18])
    state, said = act(state, ruleset, act_.BleedingSave("c1"), [20])
    assert said[0] == "Darla fails (CON 10: 20): 3 failures." and not state.character("c1").alive


def test_guts_foes_quit_and_a_hireling_rolls_with_the_employers_charisma(state: State, ruleset: Ruleset) -> None:
    """ "Guts is rated from 3 to 12 and is tested by the referee rolling 2d6, with results equal to or
    below their Guts passing"; "some common reasons are taking their first casualty"."""
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.GutsRoll("Goblin", "first casualty"), [6, 1])
    assert said == ["Goblin (first casualty): Guts 7, 7 — they fight on."]
    state, said = act(state, ruleset, act_.GutsRoll("Goblin", "half strength"), [6, 2])
    assert said == ["Goblin (half strength): Guts 7, 8 — they quit the fight."]
    assert not fight_of(state).standing_foes


def test_in_the_dark_attacks_and_saves_take_double_disadvantage(state: State, ruleset: Ruleset) -> None:
    """Dark: "players suffer double disadvantage on all other rolls, including combat, saves";
    "roll two, keep the worse, and make worse by 4"."""
    dark = light_levels_state.with_lights(state, sources=())
    state = _started(dark, ruleset)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c2", "f1"), [17, 19, 3])
    assert said[0] == "Wenna attacks Goblin 1: 17-4 + 1 + AC 7 = 21 — a hit for 3.", "the worse of two, 4 worse"
    state, _ = act(state, ruleset, act_.SetCondition("c1", "bleeding_out"), [])
    state, said = act(state, ruleset, act_.BleedingSave("c1"), [3, 7])
    assert said == ["Darla fails (CON 10: 7+4): 1 of 3."]


def test_a_wearied_fighter_attacks_at_disadvantage(state: State, ruleset: Ruleset) -> None:
    """ "Wearied characters suffer disadvantage on all rolls"."""
    sheet = people.person(state, ruleset, "c2")
    state = people.with_person(state, "c2", attrs.evolve(sheet, tired=3))
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c2", "f1"), [18, 12, 5])
    assert said[0].startswith("Wenna attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit")


def test_the_fight_costs_a_turn_and_keeps_the_wounds(state: State, ruleset: Ruleset) -> None:
    """ "Generally assume that an encounter ends up taking a full turn unless it is exceptionally long",
    and "Roll the exploration die every turn": the fight's turn rolls it (a 5, Magic Dissipates)."""
    state = _started(state, ruleset)
    units = state.clock.units
    state, said = act(state, ruleset, act_.EndFight(), [5])
    assert fighting(state) is None and state.clock.units == units + 1
    assert said[0] == "The fight ends after 1 round: 0 down, 0 fled; 1 turn passes."
    assert said[1] == f"Turn {units + 1}: fight. The exploration die shows 5, Magic Dissipates."
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.EndFight(long=3), [5, 5, 5])
    assert state.clock.units == units + 4
    assert NAME in state.slices


def test_each_character_rolls_in_their_own_light(state: State, ruleset: Ruleset) -> None:
    """ "In dim conditions, most characters suffer disadvantage on all skill checks and attack rolls":
    a lone candle dims one character, and the other is in the dark."""
    candle = light_levels_state.Source("s1", "candle", "c2", lit=True)
    state = light_levels_state.with_lights(state, sources=(candle,))
    assert light_on_roll(state, ruleset, "attack", "c2") == (True, -1)
    assert light_on_roll(state, ruleset, "attack", "c1") == (True, -2)
    assert light_on_roll(state, ruleset, "guts") == (True, -1), "the party's best light"
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, said = act(state, ruleset, act_.Attack("c2", "f1"), [15, 12, 3])
    assert said[0] == "Wenna attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit for 3.", "dim: the worse of two"


def test_burn_down_light_has_no_answer_for_a_roll() -> None:
    hammercrawl = load_ruleset("hammercrawl")
    state = new_state("hc", hammercrawl, seed=3)[0]
    assert light_on_roll(state, hammercrawl, "attack", state.party[0].id) is None


def test_a_hireling_tests_guts_with_the_employers_charisma_and_at_disadvantage_in_dim_light(
    state: State, ruleset: Ruleset
) -> None:
    """Hirelings "have a Guts of 7"; they "may make Guts rolls (modified by their employer's
    Charisma)"; "Hirelings take their Guts rolls at a disadvantage in dim conditions"."""
    darla = attrs.evolve(state.character("c1"), stats=Stats.of(dict(state.character("c1").stats, CHA=13)))
    state = attrs.evolve(
        state, party=(darla, state.character("c2")), hirelings=(Hireling("h1", "Pim", "porter", 0, employer="c1"),)
    )
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.GutsRoll("h1", "combat going badly"), [4, 4])
    assert said == ["Pim's Guts (combat going badly): 8 against 8 — holds."], "Guts 7, +1 for Darla's CHA 13"
    candle = light_levels_state.Source("s1", "candle", "c2", lit=True)
    state = light_levels_state.with_lights(state, sources=(candle,))
    state, said = act(state, ruleset, act_.GutsRoll("h1", "combat going badly"), [1, 2, 5, 4])
    assert said == ["Pim's Guts (combat going badly): 9 against 8 — will not."], "dim: the worse of two throws"


def test_a_heavy_weapon_has_advantage_on_damage_and_costs_initiative(state: State, ruleset: Ruleset) -> None:
    """ "Heavy Weapons have advantage on damage, but require two hands to use and penalize initiative by one"."""
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.Attack("c1", "f1", abilities=("heavy",), free=True), [12, 2, 3])
    assert said[0] == "Darla attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit for 3.", "two d6, the better kept"
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    assert fight_of(state).rolls["c1"] == 3 + 1 - 1


def test_each_range_allows_its_weapons(state: State, ruleset: Ruleset) -> None:
    """ "Touching: ... Can only use close weapons like daggers or natural weapons." "Hand-to-Hand: ...
    All melee weapons can be used at this range, but ranged weapons cannot." "Close: ... characters
    can move into melee range and attack if desired." "Far: ... Spend a round moving to get within
    Close range." A Close weapon "grants advantage on damage" at Touching range; "Most close weapons
    can be used at melee range for normal damage"."""
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    with pytest.raises(Refused, match="Ranges: at Touching range only close weapons"):
        act(state, ruleset, act_.Attack("c2", "f1", at="touching"), [])
    with pytest.raises(Refused, match="Ranges: at Hand-to-Hand range ranged weapons cannot be used"):
        act(state, ruleset, act_.Attack("c2", "f1", bow=True), [])
    with pytest.raises(Refused, match="Ranges: Goblin 1 is Far away: spend a round moving to get within Close range"):
        act(state, ruleset, act_.Attack("c2", "f1", at="far"), [])
    _, said = act(state, ruleset, act_.Attack("c2", "f1", abilities=("close",), at="touching"), [13, 1, 3])
    assert said[0] == "Wenna attacks Goblin 1 at Touching range: 13 + 1 + AC 7 = 21 — a hit for 3.", (
        "advantage on damage: the better of 1 and 3"
    )
    _, said = act(state, ruleset, act_.Attack("c2", "f1", abilities=("close",)), [13, 1])
    assert said[0] == "Wenna attacks Goblin 1: 13 + 1 + AC 7 = 21 — a hit for 1.", "normal damage at melee range"
    _, said = act(state, ruleset, act_.Attack("c2", "f1", at="close"), [13, 2])
    assert said[0] == "Wenna attacks Goblin 1 at Close range: 13 + 1 + AC 7 = 21 — a hit for 2.", (
        "moving into melee to attack"
    )


def test_missiles_target_by_the_light(state: State, ruleset: Ruleset) -> None:
    """ "no one can be targeted by missile weapons in the dark"; in dim light "individuals can only be
    targeted at close range by missile weapons"; "Far: ... Lit targets can be targeted with ranged
    weapons, but not targets in dim light". A lone candle: Wenna dim, Darla in the dark."""
    candle = light_levels_state.Source("s1", "candle", "c2", lit=True)
    state = _started(light_levels_state.with_lights(state, sources=(candle,)), ruleset)
    assert may_target(state, ruleset, "close", "c2") and not may_target(state, ruleset, "far", "c2")
    assert not may_target(state, ruleset, "close", "c1"), "Darla stands in the dark"
    with pytest.raises(
        Refused,
        match=(
            "Light: no one can be targeted by missile weapons in the dark, and in dim light only at Close range:"
            " Goblin 1 cannot shoot Darla at Close range"
        ),
    ):
        act(state, ruleset, act_.Attack("f1", "c1", bow=True, at="close"), [])
    _, said = act(state, ruleset, act_.Attack("f1", "c2", bow=True, at="close"), [13, 4])
    assert said[0] == "Goblin 1 attacks Wenna at Close range: 13 + 1 + AC 7 = 21 — a hit for 4."
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    with pytest.raises(Refused, match="Wenna cannot shoot Goblin 1 at Far range"):
        act(state, ruleset, act_.Attack("c2", "f1", bow=True, at="far"), [])
    lit = light_levels_state.with_lights(state, sources=(light_levels_state.Source("s2", "torch", "c2", lit=True),))
    _, said = act(lit, ruleset, act_.Attack("c2", "f1", bow=True, at="far"), [12, 3])
    assert said[0] == "Wenna attacks Goblin 1 at Far range: 12 + 1 + AC 7 = 20 — a hit for 3.", (
        "lit targets, at any range"
    )


def test_pressing_with_a_finesse_weapon_costs_only_2_ac(state: State, ruleset: Ruleset) -> None:
    """ "When pressing with a Finesse weapon, only reduce AC by 2, and when defending, you may still
    make an attack, but with disadvantage." Darla's AC 10 is 12 when she presses with a rapier."""
    state = _started(state, ruleset)
    state, said = act(state, ruleset, act_.ChooseOption("c1", "press", finesse=True), [])
    assert said == ["Darla: Press with a Finesse weapon."]
    _, said = act(state, ruleset, act_.Attack("f1", "c1"), [9, 4])
    assert said[0] == "Goblin 1 attacks Darla: 9 + 1 + AC 12 = 22 — a hit for 4."
    state, _ = act(state, ruleset, act_.ChooseOption("c2", "defend", finesse=True), [])
    _, said = act(state, ruleset, act_.Attack("c2", "f1", free=True), [15, 10])
    assert said[0].startswith("Wenna attacks Goblin 1: 10 + 1 + AC 7 = 18 — a miss"), (
        "defending with a Finesse weapon, at Disadvantage"
    )
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    _, said = act(state, ruleset, act_.Attack("f1", "c1"), [9, 4])
    assert said[0].startswith("Goblin 1 attacks Darla: 9 + 1 + AC 10 = 20"), "the option lasts the round"


def test_the_side_with_the_drop_takes_a_free_round(state: State, ruleset: Ruleset) -> None:
    """ "A group that surprises another group has a free round to act in any way they choose ... After
    the first round, if the encounter continues, roll initiative as normal." Held surprise: "if the
    meeting turns to fighting, the group that surprised the other still gets a free round to do as
    they please before the other side can act"."""
    state, said = act(state, ruleset, act_.StartFight((GOBLINS,), free_round="foes"), [4, 3])
    assert said[0].endswith("The foes have the drop: a free round before the other side can act. Roll initiative.")
    state, said = act(state, ruleset, act_.RollInitiative(), [2, 5])
    assert fight_of(state).order == ("f2", "f1")
    assert said[0] == "Round 1, a free round: the foes had the drop, the party cannot act. Goblin 2 5, Goblin 1 2."
    with pytest.raises(Refused, match="Goblin 2's turn, not Darla's"):
        act(state, ruleset, act_.Attack("c1", "f1"), [])
    state, _ = act(state, ruleset, act_.RollInitiative(), [3, 5, 6, 1])
    assert fight_of(state).order == ("f1", "c2", "c1", "f2"), "round 2: initiative as normal"
    with pytest.raises(Refused, match="Surprise: the party or the foes have the drop"):
        act(
            attrs.evolve(state, slices={**state.slices, NAME: Fights()}),
            ruleset,
            act_.StartFight((GOBLINS,), free_round="both"),
            [],
        )


def test_the_fight_learns_the_encounters_surprise(state: State, ruleset: Ruleset) -> None:
    """The side with the drop in the encounter just rolled is the one a fight begun now gives a free
    round; none when no one was surprised, or both were ("the surprise is canceled")."""
    assert held_surprise(state) == ""
    for surprised, drop in (("party", "foes"), ("foes", "party"), ("both", ""), ("none", "")):
        met = exploration_die_state.Encounter(
            surprised, {"party": "foes", "foes": "party"}.get(surprised, ""), "Violent", 2
        )
        die = exploration_die_state.ExplorationDie(
            turns=1, rolls=(exploration_die_state.TurnRoll(1, 1, "encounter", encounter=met),)
        )
        rolled = attrs.evolve(state, slices={**state.slices, exploration_die_state.NAME: die})
        assert held_surprise(rolled) == drop


def _strong(state: State, cid: str, strength: int, dexterity: int) -> State:
    member = state.character(cid)
    stats = Stats.of(dict(member.stats, STR=strength, DEX=dexterity))
    return attrs.evolve(state, party=tuple(attrs.evolve(m, stats=stats) if m.id == cid else m for m in state.party))


def test_strength_adds_to_melee_damage_and_dexterity_to_ranged(state: State, ruleset: Ruleset) -> None:
    """ "Add your strength modifier to any melee damage rolls."; "Add your dexterity modifier to any
    ranged damage rolls." Modifiers: | 16-17 | +2 |, | 7-8 | -1 |. Wenna, STR 16 and DEX 7, hits
    for her d6 + 2 with a blade and her d6 - 1 with a bow; a foe adds nothing."""
    state = _strong(_started(state, ruleset), "c2", 16, 7)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    _, said = act(state, ruleset, act_.Attack("c2", "f2"), [13, 1])
    assert said[:2] == ["Wenna attacks Goblin 2: 13 + 1 + AC 7 = 21 — a hit for 1+2 = 3.", "Goblin 2 goes down."]
    _, said = act(state, ruleset, act_.Attack("c2", "f1", bow=True, at="close"), [13, 3])
    assert said[:2] == [
        "Wenna attacks Goblin 1 at Close range: 13 + 1 + AC 7 = 21 — a hit for 3-1 = 2.",
        "Goblin 1 is at 2/4 HP.",
    ]
    _, said = act(state, ruleset, act_.Attack("f1", "c2", free=True), [13, 3])
    assert said[0] == "Goblin 1 attacks Wenna: 13 + 1 + AC 7 = 21 — a hit for 3."


def test_a_crit_doubles_the_damage_with_its_modifier_and_a_stray_shot_carries_dexterity(
    state: State, ruleset: Ruleset
) -> None:
    """A critical hit's "double damage" doubles the melee damage roll, STR modifier and all; a miss
    into melee hits an ally "doing full damage": the d6 and the shooter's DEX modifier."""
    state = _strong(_started(state, ruleset), "c2", 16, 16)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    crit, said = act(state, ruleset, act_.Attack("c2", "f1"), [20, 1])
    assert "a critical hit! 1+2 = 3 damage rolled" in said[0]
    _, said = act(crit, ruleset, act_.LandCrit(double=True), [])
    assert said[0] == "Wenna takes double damage: 6 to Goblin 1."
    _, said = act(state, ruleset, act_.Attack("c2", "f1", bow=True, into_melee=True, at="close"), [4, 2])
    assert said[1] == "Into the melee: the shot hits Darla for 2+2 = 4."


def test_a_hit_does_at_least_1_damage_whatever_the_modifier(state: State, ruleset: Ruleset) -> None:
    """A decision (damage_modifiers): a d6 of 1 less a -2 STR modifier still does 1."""
    state = _strong(_started(state, ruleset), "c2", 6, 10)
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    _, said = act(state, ruleset, act_.Attack("c2", "f1"), [13, 1])
    assert said[0] == "Wenna attacks Goblin 1: 13 + 1 + AC 7 = 21 — a hit for 1-2, at least 1."


def test_standing_up_from_floored_takes_the_turns_action(state: State, ruleset: Ruleset) -> None:
    """ "Floored: Knocked prone on the floor. Can defend yourself only. Enemies gain advantage to hit
    you. Takes a full action to stand up." Darla, Floored, stands on her turn and cannot attack in
    it; a free attack out of turn is no action of hers, and her next turn is her own again."""
    state = _started(state, ruleset)
    state, _ = act(state, ruleset, act_.SetCondition("c1", "floored"), [])
    with pytest.raises(Refused, match="Darla can stand up only in their own turn: it takes a full action"):
        act(state, ruleset, act_.SetCondition("c1", "floored", on=False), [])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    state, _ = act(state, ruleset, act_.NextTurn(), [])
    assert fight_of(state).acting == "c1"
    state, said = act(state, ruleset, act_.SetCondition("c1", "floored", on=False), [])
    assert said == ["Darla stands up: that takes this turn's action."]
    with pytest.raises(Refused, match="Darla stood up this turn: standing takes a full action"):
        act(state, ruleset, act_.Attack("c1", "f1"), [12, 4])
    _, said = act(state, ruleset, act_.Attack("c1", "f1", free=True), [12, 4])
    assert said[0].startswith("Darla attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit")
    state, _ = act(state, ruleset, act_.RollInitiative(), [6, 1, 2, 3])
    _, said = act(state, ruleset, act_.Attack("c1", "f1"), [12, 4])
    assert said[0].startswith("Darla attacks Goblin 1")
