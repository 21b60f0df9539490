"""A fight in a save: it comes back exactly, and a hand-edited one is refused with the field named.

A session is saved after every action, so a fight may be saved at any moment: mid-round, with an
attack thrown and waiting for its damage, with effects running. A file the 'Smith edited by hand is
read only if it still makes sense, and a refused file is never written over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist, save_check
from hammertui.kernel.session.state import State
from hammertui.kernel.session.vitals import ApplyDamage, Bury
from hammertui.procedures.sides_and_phases.actions import (
    AddEffect,
    Attack,
    CheckMorale,
    Declare,
    FightNext,
    FoeGroup,
    ResolveAttack,
    StartFight,
)
from hammertui.procedures.sides_and_phases.state import Declared, Foe, FoeKind, fighting, foe_kinds, with_fight
from tests.session.test_fight_steps import GOBLIN, PARTY_FIRST
from tests.session.test_roster import run

BRUTE = FoeKind(
    "Brute", "3+1", ac=14, morale=8, attack_dice=2, attack_bonus=1, damage_die=8, save_bonus=1, intelligent=True
)


@pytest.fixture
def fought(state: State, b3: Ruleset) -> State:
    """Book Three, round 1, the party's Melee: a Brute and two Goblins (one fleeing), a declaration
    changed, effects on a foe, a character and the party, and Darla's crit thrown, its Luck chain
    and all, waiting for its damage."""
    fight, _ = run(state, b3, StartFight((FoeGroup(BRUTE), FoeGroup(GOBLIN, 2)), hp="average"))
    fight, _ = run(fight, b3, FightNext(), PARTY_FIRST)
    fight, _ = run(fight, b3, Declare("c3", "move_near", "missile"))
    fight, _ = run(fight, b3, CheckMorale(("f3",)), [2])
    fight, _ = run(fight, b3, AddEffect("Dazed", "f1", "round", 3, "a Bane on all actions"))
    fight, _ = run(fight, b3, AddEffect("Blessed", "c2", "round", 2))
    fight, _ = run(fight, b3, AddEffect("Warded", "", "unit", 4))
    fight, _ = run(fight, b3, Attack("c1", "f1"), [20, 4, 18, 2])
    assert fighting(fight).pending is not None and fighting(fight).pending.chains[0]
    return fight


def test_a_fight_survives_a_save_exactly(fought: State, b3: Ruleset, tmp_path: Path) -> None:
    files = persist.SaveFiles(tmp_path, "fight")
    persist.write_snapshot(files, fought)
    loaded = persist.load_state(files.snapshot)
    assert loaded == fought
    assert foe_kinds(loaded) == (BRUTE, GOBLIN)
    assert [f.status for f in fighting(loaded).foes] == ["ok", "ok", "fleeing"]
    assert [(e.name, e.on, e.unit) for e in loaded.effects] == [
        ("Dazed", "f1", "round"),
        ("Blessed", "c2", "round"),
        ("Warded", "", "unit"),
    ]
    after_load, events = run(loaded, b3, ResolveAttack())
    after_play, same = run(fought, b3, ResolveAttack())
    assert after_load == after_play and [e.text for e in events] == [e.text for e in same]


def test_a_buried_character_leaves_the_fight_and_the_save_still_loads(
    fought: State, b3: Ruleset, tmp_path: Path
) -> None:
    """Brannoc falls and is buried mid-fight: his declaration and his effects go with him."""
    dead, _ = run(fought, b3, ApplyDamage("c2", 30, "the Brute"))
    assert "c2" in fighting(dead).declared and any(e.on == "c2" for e in dead.effects)
    buried, _ = run(dead, b3, Bury("c2", "He blessed the wrong god."))
    assert "c2" not in fighting(buried).declared and not any(e.on == "c2" for e in buried.effects)
    assert save_check.check_state(buried) == []
    assert persist.parse_state(persist.dump_state(buried), tmp_path / "x.toml") == buried


def fight_edit(state: State, **changes: Any) -> State:
    return with_fight(state, fight=attrs.evolve(fighting(state), **changes))


def foe_edit(state: State, index: int, **changes: Any) -> State:
    foes = list(fighting(state).foes)
    foes[index] = attrs.evolve(foes[index], **changes)
    return fight_edit(state, foes=tuple(foes))


def pending_edit(state: State, **changes: Any) -> State:
    return fight_edit(state, pending=attrs.evolve(fighting(state).pending, **changes))


def effect_edit(state: State, index: int, **changes: Any) -> State:
    changed = list(state.effects)
    changed[index] = attrs.evolve(changed[index], **changes)
    return attrs.evolve(state, effects=tuple(changed))


EDITS = {
    "fight step": (
        lambda s: fight_edit(s, step="looting"),
        "slices.sides_and_phases.fight.step: 'looting' is not one of initiative, phase",
    ),
    "foe status": (
        lambda s: foe_edit(s, 1, status="asleep"),
        "slices.sides_and_phases.fight.foes[1] (Goblin 1).status:"
        " 'asleep' is not one of ok, fleeing, cowering, defeated",
    ),
    "foe id shared": (lambda s: foe_edit(s, 2, id="f2"), "slices.sides_and_phases.fight.foes: two foes share an id"),
    "foe hp above max": (
        lambda s: foe_edit(s, 0, hp=99),
        "slices.sides_and_phases.fight.foes[0] (Brute).hp: 99 of 14 is not possible",
    ),
    "foe hp negative": (
        lambda s: foe_edit(s, 0, hp=-1),
        "slices.sides_and_phases.fight.foes[0] (Brute).hp: -1 of 14 is not possible",
    ),
    "declaration for nobody": (
        lambda s: fight_edit(s, declared={**fighting(s).declared, "c9": Declared()}),
        "slices.sides_and_phases.fight.declared['c9']: no character or foe 'c9'",
    ),
    "declared movement": (
        lambda s: fight_edit(s, declared={**fighting(s).declared, "c1": Declared("fly")}),
        "slices.sides_and_phases.fight.declared['c1'].movement: 'fly' is not one of stay_put, move_near, move_far",
    ),
    "pending attacker": (
        lambda s: pending_edit(s, attacker="c7"),
        "slices.sides_and_phases.fight.pending.attacker: no character or foe 'c7'",
    ),
    "pending target": (
        lambda s: pending_edit(s, target="f9"),
        "slices.sides_and_phases.fight.pending.target: no character or foe 'f9'",
    ),
    "pending chains": (
        lambda s: pending_edit(s, chains=()),
        "slices.sides_and_phases.fight.pending.chains: 0 for 1 attack dice",
    ),
    "effect on nobody": (lambda s: effect_edit(s, 0, on="f9"), "effects[0] (Dazed).on: no character or foe 'f9'"),
    "effect unit": (
        lambda s: effect_edit(s, 2, unit="week"),
        "effects[2] (Warded).unit: 'week' is not one of round, unit",
    ),
    "effect id shared": (lambda s: effect_edit(s, 1, id="e1"), "effects: two effects share an id"),
    "negative round": (
        lambda s: fight_edit(s, round=-1),
        "slices.sides_and_phases.fight: round and morale_offered cannot be negative",
    ),
    "negative morale_offered": (
        lambda s: fight_edit(s, morale_offered=-2),
        "slices.sides_and_phases.fight: round and morale_offered cannot be negative",
    ),
    "negative ends_at": (
        lambda s: effect_edit(s, 1, ends_at=-3),
        "effects[1] (Blessed).ends_at: -3 cannot be negative",
    ),
    "negative foe max_hp": (
        lambda s: foe_edit(s, 1, hp=0, max_hp=-4),
        "slices.sides_and_phases.fight.foes[1] (Goblin 1).hp: 0 of -4 is not possible",
    ),
    "side": (
        lambda s: fight_edit(s, side="elves"),
        "slices.sides_and_phases.fight: sides are party and foes, not 'elves'",
    ),
    "leader": (lambda s: fight_edit(s, leader="c8"), "slices.sides_and_phases.fight.leader: no character 'c8'"),
    "kind hit dice": (
        lambda s: with_fight(s, foe_kinds=(attrs.evolve(BRUTE, hd="lots"),)),
        "slices.sides_and_phases.foe_kinds[0] (Brute).hd: 'lots' is not Hit Dice",
    ),
    "kind morale": (
        lambda s: with_fight(s, foe_kinds=(attrs.evolve(BRUTE, morale=13),)),
        "slices.sides_and_phases.foe_kinds[0] (Brute).morale: 13 is outside 0-12",
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_check_state_names_the_field_a_hand_edit_broke(fought: State, edit: str) -> None:
    change, problem = EDITS[edit]
    assert save_check.check_state(fought) == []
    problems = save_check.check_state(change(fought))
    assert any(p.startswith(problem) for p in problems), problems


def test_every_declaration_the_stepper_takes_is_saved(fought: State, b3: Ruleset, tmp_path: Path) -> None:
    said = fought
    for cid, movement, action in (
        ("c1", "move_near", "movement"),
        ("c2", "move_far", "misc"),
        ("f2", "stay_put", "magic"),
        ("f3", "move_near", "move"),
    ):
        said, _ = run(said, b3, Declare(cid, movement, action))
    assert persist.parse_state(persist.dump_state(said), tmp_path / "x.toml") == said


def test_an_effect_on_a_foe_with_no_fight_is_on_nobody(fought: State) -> None:
    stray = with_fight(fought, fight=None)
    assert save_check.check_state(stray) == ["effects[0] (Dazed).on: no character or foe 'f1'"]


@pytest.mark.parametrize(
    ("good", "bad", "problem"),
    [
        (
            'step = "phase"',
            'step = "loot"',
            "slices.sides_and_phases.fight.step: 'loot' is not one of initiative, phase",
        ),
        (
            'status = "fleeing"',
            'status = "napping"',
            "slices.sides_and_phases.fight.foes[2] (Goblin 2).status: 'napping'",
        ),
        ('id = "f3"', 'id = "f2"', "slices.sides_and_phases.fight.foes: two foes share an id"),
        ('unit = "unit"', 'unit = "fortnight"', "effects[2] (Warded).unit: 'fortnight'"),
        ('on = "c2"', 'on = "c5"', "effects[1] (Blessed).on: no character or foe 'c5'"),
    ],
)
def test_a_hand_edited_fight_is_refused_and_the_file_left_untouched(
    fought: State, tmp_path: Path, good: str, bad: str, problem: str
) -> None:
    text = persist.dump_state(fought)
    assert text.count(good) == 1
    path = tmp_path / "edited.toml"
    path.write_text(text.replace(good, bad), encoding="utf-8")
    content = path.read_bytes()
    with pytest.raises(persist.SaveError) as caught:
        persist.load_state(path)
    assert str(path) in str(caught.value) and problem in str(caught.value)
    assert path.read_bytes() == content


def test_foe_records_keep_their_status_and_hp_through_a_save(fought: State, tmp_path: Path) -> None:
    beaten = foe_edit(fought, 2, hp=0, status="defeated")
    assert fighting(persist.parse_state(persist.dump_state(beaten), tmp_path / "x.toml")).foes[2] == Foe(
        "f3", "Goblin 2", "Goblin", 0, 4, "defeated"
    )
