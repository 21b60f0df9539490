"""What a Russell character carries under the shipped ruleset, action by action with scripted dice:
the kit and goods on usage dice, Rations eaten from theirs, torches lit and lanterns refilled from
their carrier's dice, gear slots and Burden, armour by the table, and a character made at the table."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.persist import dump_state, parse_state
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, Stats
from hammertui.procedures.individual_initiative import actions as fight
from hammertui.procedures.light_levels import state as light
from hammertui.procedures.light_levels.actions import PackLight, RefillLantern
from hammertui.procedures.light_levels.state import FLASK
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions.making import MakeCharacter, RollAttributes

NAME = people.NAME
SIGN = 2
"""The exploration die's face for the turn an action takes: a sign, which changes nothing kept."""


@pytest.fixture(scope="module")
def rhr() -> Ruleset:
    return load_ruleset("russell-house-rules")


@pytest.fixture
def state(rhr: Ruleset) -> State:
    """The shipped party, Darla made STR 8 DEX 10 (no modifier) and Brannoc STR 12, each with the kit."""
    fresh = new_state("gear", rhr, seed=3)[0]
    darla = attrs.evolve(fresh.party[0], stats=Stats.of(dict(STR=8, DEX=10, CON=10, INT=10, WIS=10, CHA=10)), ac=10)
    brannoc = attrs.evolve(fresh.party[1], stats=Stats.of(dict(STR=12, DEX=10, CON=10, INT=10, WIS=10, CHA=10)), ac=10)
    return attrs.evolve(fresh, party=(darla, brannoc, *fresh.party[2:]))


def act(state: State, ruleset: Ruleset, action: object, faces: list[int]) -> tuple[State, list[str]]:
    dice = ScriptedDice(faces)
    new, events = apply_action(state, action, Context(ruleset, dice))  # type: ignore[arg-type]
    assert dice.remaining == 0, "every scripted die was thrown"
    return new, [e.text for e in events]


def sheet(state: State, character_id: str) -> people.Person:
    return state.slices[NAME].people[character_id]


def item(state: State, character_id: str, gear_id: str) -> people.Gear:
    found = people.gear_of(state.slices[NAME].people[character_id], gear_id)
    assert found is not None, gear_id
    return found


def test_the_kit_keeps_water_and_rations_on_usage_dice(state: State) -> None:
    """ "a Blanket (1 slot), a Waterskin (1 slot), 3 Rations (1 slot), and Flint & Tender (0 Slots)";
    "Waterskins have a usage die of D6 when full"; the Rations a d6 too (decisions.usage_dice)."""
    kit = state.slices[NAME].people["c1"].gear
    assert [(g.name, g.slots, g.die) for g in kit] == [
        ("Blanket", 1, 0),
        ("Waterskin", 1, 6),
        ("Rations", 1, 6),
        ("Flint & Tinder", 0, 0),
    ]


def test_buying_extras_steps_a_die_up_and_every_use_can_step_it_down_to_out(state: State, rhr: Ruleset) -> None:
    """ "Buying extras takes up an additional slot but increases the usage die by one step";
    "A roll of 1 or 2 indicates that you step down one die size ... Out < D4 < D6 < D8 < D10 < D12 < D20"."""
    quiver, said = act(state, rhr, people.Carry("c2", "Arrows"), [])
    assert said == ["Brannoc carries Arrows d6 (4/12 slots)."], "a number of arrows equal to one usage die: one slot"
    for die in (8, 10, 12, 20):
        quiver, _ = act(quiver, rhr, people.Carry("c2", "arrows"), [])
        assert item(quiver, "c2", "arrows").die == die
    assert item(quiver, "c2", "arrows").slots == 5
    with pytest.raises(Refused, match="already at d20, the largest"):
        act(quiver, rhr, people.Carry("c2", "Arrows"), [])
    steps = []
    for face in (2, 5, 1, 2, 1, 2):
        quiver, said = act(quiver, rhr, people.RollUsageDie("c2", "arrows"), [face])
        steps.append(said[0])
    assert steps == [
        "Brannoc: Arrows steps down to d12.",
        "Brannoc: Arrows holds at d12.",
        "Brannoc: Arrows steps down to d10.",
        "Brannoc: Arrows steps down to d8.",
        "Brannoc: Arrows steps down to d6.",
        "Brannoc: Arrows steps down to d4.",
    ]
    quiver, said = act(quiver, rhr, people.RollUsageDie("c2", "arrows"), [2])
    assert said == ["Brannoc: Arrows is used up."] and item(quiver, "c2", "arrows").out
    bought, _ = act(quiver, rhr, people.Carry("c2", "Arrows"), [])
    assert (item(bought, "c2", "arrows").die, item(bought, "c2", "arrows").out) == (6, False), "bought again, full"


def test_rations_are_eaten_from_their_usage_die(state: State, rhr: Ruleset) -> None:
    """ "Characters may erase one Tired pip by spending an exploration turn sharing around a ration
    ... and drinking water": the sharer's Rations die is rolled, then each one's water."""
    tired = people.with_person(state, "c1", attrs.evolve(sheet(state, "c1"), tired=1))
    rested, said = act(tired, rhr, people.ShareRation("c1", ("c2",)), [2, 4, 1, SIGN])
    assert item(rested, "c1", "rations").die == 4 and item(rested, "c2", "waterskin").die == 4
    assert (
        said[0] == "Darla shares a Ration round 2; Darla erases a Tired pip. Darla: Rations steps down to d4;"
        " Darla: Waterskin holds at d6; Brannoc: Waterskin steps down to d4."
    )
    wearied = people.with_person(rested, "c2", attrs.evolve(sheet(rested, "c2"), tired=3))
    eaten, said = act(wearied, rhr, people.EatRations(("c2",)), [1, 3, SIGN])
    assert item(eaten, "c2", "rations").die == 4 and sheet(eaten, "c2").tired == 0
    assert (
        said[0] == "Brannoc eat a Ration each and rest: no longer Tired or Wearied."
        " Brannoc: Rations steps down to d4; Brannoc: Waterskin holds at d4."
    )
    gone = people.with_person(
        tired,
        "c1",
        people.with_gear(sheet(tired, "c1"), attrs.evolve(item(tired, "c1", "rations"), out=True), "rations"),
    )
    with pytest.raises(Refused, match="Darla has no Ration"):
        act(gone, rhr, people.ShareRation("c1", ()), [])


def test_a_fresh_torch_is_lit_from_its_carriers_torches(state: State, rhr: Ruleset) -> None:
    """ "Torches/Candles Depleted ... New ones can be retrieved and re-lit"; "3 torches" to a bundle:
    the carrier's Torches usage die is rolled for the fresh one, which is lit."""
    with pytest.raises(Refused, match="Brannoc carries no Torches"):
        act(state, rhr, PackLight("c2", "torch"), [])
    bundle, _ = act(state, rhr, people.Carry("c2", "Torches"), [])
    lit, said = act(bundle, rhr, PackLight("c2", "torch"), [1])
    fresh = [s for s in light.lights(lit).sources if s.carrier == "c2"]
    assert [(s.kind, s.lit) for s in fresh] == [("torch", True)]
    assert said == ["Brannoc lights a fresh torch.", "Brannoc: Torches steps down to d4."]


def test_a_lantern_is_refilled_from_its_carriers_oil(state: State, rhr: Ruleset) -> None:
    """ "A full oil flask provides two pips worth of Lantern depletion"; "Refilling a lantern takes
    an exploration turn": the carrier's Oil usage die is rolled instead of a flask counted."""
    lantern = light.Source("s9", "lantern", "c2", lit=False, pips=2)
    dark = light.with_lights(state, sources=(*light.lights(state).sources, lantern))
    with pytest.raises(Refused, match="Brannoc carries no Oil"):
        act(dark, rhr, RefillLantern("s9"), [])
    with pytest.raises(Refused, match="carried on a usage die"):
        act(dark, rhr, PackLight("c2", FLASK), [])
    oiled, _ = act(dark, rhr, people.Carry("c2", "Oil"), [])
    full, said = act(oiled, rhr, RefillLantern("s9"), [5, SIGN])
    assert light.source(full, "s9").pips == 0 and full.clock.units == oiled.clock.units + 1
    assert said[:2] == ["Brannoc's lantern is refilled (1 turn, fiddlier than a torch).", "Brannoc: Oil holds at d6."]


def test_gear_slots_burden_and_the_most_that_can_be_carried(state: State, rhr: Ruleset) -> None:
    """ "Characters can carry a number of significant items up to their Strength score before
    becoming Burdened. Characters absolutely cannot carry more items than Str x 1.5." Darla: STR 8,
    the kit's 3 slots; a Lantern "Takes up a gear slot"."""
    lamp, said = act(state, rhr, people.Carry("c1", "Lantern"), [])
    assert said == ["Darla carries Lantern (4/8 slots)."]
    loaded, said = act(lamp, rhr, people.Carry("c1", "Sack of loot", slots=5), [])
    assert said == ["Darla carries Sack of loot (9/8 slots: Burdened)."]
    assert people.is_burdened(rhr, loaded.party[0], sheet(loaded, "c1"))
    with pytest.raises(
        Refused,
        match=r"cannot carry more than 12 slots: \"Characters absolutely cannot carry more items than Str x 1.5\"",
    ):
        act(loaded, rhr, people.Carry("c1", "Chest", slots=4), [])
    dropped, said = act(loaded, rhr, people.Drop("c1", "g1"), [])
    assert said == ["Darla leaves Sack of loot behind."] and not people.is_burdened(
        rhr, dropped.party[0], sheet(dropped, "c1")
    )


def test_armour_by_the_table_sets_ac_and_takes_slots(state: State, rhr: Ruleset) -> None:
    """ "Light (Leather): 7 Medium (Chain): 5 Heavy (Plate): 3 Shield: 1 Better (so, one lower)";
    "one in full plate with a shield has an AC of 2"; "Armor takes up one slot for every point of AC
    better than 10"."""
    chain, said = act(state, rhr, people.WearArmour("c2", "medium"), [])
    assert chain.party[1].ac == 5 and said == ["Brannoc wears medium armour: AC 5; 8/12 slots."]
    plate, said = act(state, rhr, people.WearArmour("c2", "heavy", shield=True), [])
    assert plate.party[1].ac == 2 and said == ["Brannoc wears heavy armour and a shield: AC 2; 11/12 slots."]
    sacked, _ = act(state, rhr, people.Carry("c1", "Sack", slots=2), [])
    with pytest.raises(Refused, match=r"Darla cannot carry more than 12 slots: .* \(STR 8, 13 needed\)"):
        act(sacked, rhr, people.WearArmour("c1", "heavy", shield=True), [])
    with pytest.raises(Refused, match="No armour 'mithril'"):
        act(state, rhr, people.WearArmour("c1", "mithril"), [])
    nimble = attrs.evolve(
        state,
        party=(attrs.evolve(state.party[0], stats=Stats.of(dict(state.party[0].stats, DEX=16))), *state.party[1:]),
    )
    leather, _ = act(nimble, rhr, people.WearArmour("c1", "light"), [])
    assert leather.party[0].ac == 5, "7, two better for DEX 16's +2"


def test_burdened_by_armour_fights_at_disadvantage(state: State, rhr: Ruleset) -> None:
    """ "Burdened characters suffer disadvantage on any physically challenging roll - combat ...":
    Brannoc in plate (STR 12, 3 + 7 + 3 slots) rolls two and keeps the worse."""
    plate, _ = act(state, rhr, people.WearArmour("c2", "heavy"), [])
    burdened, said = act(plate, rhr, people.Carry("c2", "Torches", slots=3), [])
    assert said == ["Brannoc carries Torches d6 (13/12 slots: Burdened)."]
    started, _ = act(burdened, rhr, fight.StartFight((fight.FoeGroup("Goblin", count=1, hd=1, ac=7),)), [4])
    started, _ = act(started, rhr, fight.RollInitiative(), [1, 6, 1, 1, 1])
    _, said = act(started, rhr, fight.Attack("c2", "f1"), [18, 12, 5])
    assert said[0].startswith("Brannoc attacks Goblin: 12 + 1 + AC 7 = 20 — a hit")


def test_a_character_is_made_at_the_table(state: State, rhr: Ruleset) -> None:
    """ "Roll 3d6 seven times and assign six of the results as you like"; "Roll 1d6 and add your
    Constitution modifier"; "All adventurers start with 1 Weapon Skill and 1 Bow Skill"; "Default
    Unarmored AC is 10. Improve it by one point for every point of positive Dexterity modifier";
    "skill slots equal to half your intelligence"; "3d6 x 10 base coins"; the default kit."""
    faces = [6, 6, 4, 3, 3, 3, 5, 5, 5, 2, 2, 2, 4, 4, 4, 6, 5, 5, 1, 1, 2]  # 16 9 15 6 12 16 4
    rolled, said = act(state, rhr, RollAttributes(), faces)
    assert people.people(rolled).rolled == (16, 9, 15, 6, 12, 16, 4)
    assert said == ["A new character's attributes, 7 x 3d6 to assign 6 of: 16, 9, 15, 6, 12, 16, 4."]
    with pytest.raises(Refused, match="wait to be assigned"):
        act(rolled, rhr, RollAttributes(), [])
    with pytest.raises(Refused, match="each roll goes to one attribute at most"):
        act(rolled, rhr, MakeCharacter("Mirela", "Ana", (0, 0, 1, 2, 3, 4)), [])
    made, said = act(rolled, rhr, MakeCharacter("Mirela", "Ana", (2, 0, 5, 4, 1, 3)), [3, 2, 2, 2])
    mirela = made.party[-1]
    assert mirela.stats.as_dict() == {"STR": 15, "DEX": 16, "CON": 16, "INT": 12, "WIS": 9, "CHA": 6}, "the 4 set aside"
    assert (mirela.max_hp, mirela.hp, mirela.ac, mirela.coins) == (5, 5, 8, 60), "1d6 3 + CON +2; 10 - DEX +2; 6 x 10"
    new = sheet(made, mirela.id)
    assert (new.weapon_skill, new.bow_skill, new.just_in_time) == (1, 1, 3)
    assert [g.id for g in new.gear] == ["blanket", "waterskin", "rations", "flint"]
    assert said == [
        "Mirela (Ana): STR 15 DEX 16 CON 16 INT 12 WIS 9 CHA 6, HP 5, AC 8, WS 1, Bow 1,"
        " 60 coins (rolled 16, 9, 15, 6, 12, 16, 4)."
        " 6 skill slots; carries Blanket, Waterskin, Rations, Flint & Tinder."
    ]
    assert people.people(made).rolled == ()
    with pytest.raises(Refused, match="Roll the attributes first"):
        act(made, rhr, MakeCharacter("Again"), [])


def test_in_order_rolls_six_and_places_them_so(tmp_path: Path, rhr: Ruleset) -> None:
    """ "roll 3d6 in order, no substitutions"."""
    assert rhr.source is not None
    text = rhr.source.read_text().replace("in_order = false", "in_order = true")
    (tmp_path / "russell-house-rules.toml").write_text(text)
    strict = load_ruleset(str(tmp_path / "russell-house-rules.toml"))
    state = new_state("strict", strict, seed=3)[0]
    rolled, said = act(state, strict, RollAttributes(), [3, 3, 3] * 6)
    assert said == ["A new character's attributes, 6 x 3d6 in order: 9, 9, 9, 9, 9, 9."]
    made, _ = act(rolled, strict, MakeCharacter("Odo"), [1, 1, 1, 1])
    assert made.party[-1].stats.as_dict() == dict.fromkeys(strict.stats, 9) and made.party[-1].max_hp == 1


def test_unarmoured_ac_is_ten_by_the_decision(rhr: Ruleset) -> None:
    """ "Default Unarmored AC is 10." against "An unarmored opponent has an Armor Class of 9"."""
    decision = rhr.decisions["unarmoured_ac"]
    assert (
        "Default Unarmored AC is 10." in decision.quote
        and "An unarmored opponent has an Armor Class of 9" in decision.quote
    )
    assert people.section(rhr).unarmoured_ac == 10


def test_a_hoard_takes_slots(state: State, rhr: Ruleset) -> None:
    """ "Money and gems take up one slot per 1,000 coins or gems - basically it only matters for giant
    hoards": Darla's 2,999 coins take two slots beside the kit's three."""
    rich = attrs.evolve(state, party=(attrs.evolve(state.party[0], coins=2999), *state.party[1:]))
    assert people.slots_used(rhr, rich.party[0], sheet(rich, "c1")) == 3 + 2
    _, said = act(rich, rhr, people.Carry("c1", "Lantern"), [])
    assert said == ["Darla carries Lantern (6/8 slots)."]


def test_rolls_waiting_to_be_assigned_are_saved(state: State, rhr: Ruleset, tmp_path: Path) -> None:
    """The rolls thrown wait in the save until the referee assigns them."""
    rolled, _ = act(state, rhr, RollAttributes(), [3] * 21)
    text = dump_state(rolled)
    assert parse_state(text, tmp_path / "s.toml") == rolled
    assert parse_state(text, tmp_path / "s.toml").slices[NAME].rolled == (9,) * 7
