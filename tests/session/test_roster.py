"""Roster actions: recruits, the pile, the edge of death in each difficulty mode, graves, XP, hirelings."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.sessions import BadDifficulty, new_state
from hammertui.kernel.session.state import Character, State, Stats, replace_member
from hammertui.kernel.session.vitals import ApplyDamage, Bury, WriteEpitaph
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.hammercrawl_classes.actions.advancement import AwardXP, LevelUp
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Dismiss, Hire, HirelingMorale
from hammertui.procedures.hammercrawl_classes.actions.recruits import (
    AddCharacter,
    AdjustCount,
    AssignRole,
    DiscardReplacement,
    DrawReplacement,
    RollCharacter,
    RollReplacements,
    SetArmour,
)
from hammertui.procedures.hammercrawl_classes.actions.rolls import RollSave, RollThiefSkill
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_changed, sheet_of

AVERAGE = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}


def run(state: State, ruleset: Ruleset, action, faces=()) -> tuple[State, list]:
    return apply_action(state, action, Context(ruleset, ScriptedDice(faces)))


def with_member(state: State, **changes) -> tuple[State, Character]:
    """The state with the first character changed, what their sheet keeps on their sheet."""
    noted = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Sheet)}
    member = attrs.evolve(state.party[0], **changes)
    state = sheet_changed(state, member.id, **noted) if noted else state
    return attrs.evolve(state, party=replace_member(state.party, member)), member


def in_mode(state: State, mode: str) -> State:
    return attrs.evolve(state, session=attrs.evolve(state.session, difficulty=mode))


def test_rolling_a_character_logs_every_die(state: State, hc: Ruleset) -> None:
    # Class 3d6 = 10 (Human), 1d4 = 4 (Thief), six stats, then Bailiwick 1d8 = 3 and Failing 1d8 = 6.
    faces = [3, 3, 4, 4, *[3, 3, 3] * 3, *[6, 6, 6], *[5, 5, 5], *[2, 2, 2], 3, 6]
    new, events = run(state, hc, RollCharacter("Gnarl", player="Eve", armour="light"), faces)
    gnarl = new.party[-1]
    assert (gnarl.name, gnarl.class_id, gnarl.player, gnarl.id) == ("Gnarl", "thief", "Eve", "c5")
    assert gnarl.stats.as_dict() == {"STR": 9, "DEX": 18, "CON": 9, "INT": 15, "WIS": 9, "CHA": 6}
    assert (sheet_of(new, gnarl.id).bailiwick, sheet_of(new, gnarl.id).failing) == ("perception", "tracking")
    assert (gnarl.max_hp, gnarl.ac, sheet_of(new, gnarl.id).armour) == (6, 10 + 3 + 2, "light")
    assert sheet_of(new, gnarl.id).uses == {"thief_rerolls": 1}
    assert events[0].dice[:2] == ("class 3d6: [3, 3, 4] = 10", "Human 1d4: [4] = 4")
    assert events[0].dice[-1] == "Failing 1d8: [6] = 6"


def test_hand_entry_is_validated(state: State, hc: Ruleset) -> None:
    good = AddCharacter("Ysolde", "cleric", 3, AVERAGE, max_hp=14, ac=12, hp=9)
    new, _ = run(state, hc, good)
    assert sheet_of(new, new.party[-1].id).uses == {"turn_unholy": 3} and new.party[-1].hp == 9
    with pytest.raises(Refused, match="level must be 1 to 15, not 0; STR must be 3 to 18, not 21"):
        run(state, hc, attrs.evolve(good, stats={**AVERAGE, "STR": 21}, level=0))
    with pytest.raises(Refused, match="cannot carry a shield"):
        run(state, hc, attrs.evolve(good, class_id="magic_user", shield=True))


def test_the_replacement_pile(state: State, hc: Ruleset) -> None:
    piled, events = run(state, hc, RollReplacements(3), [3] * 80)
    assert [m.name for m in piled.pile] == ["Recruit 1", "Recruit 2", "Recruit 3"]
    assert len({m.id for m in piled.pile} | {m.id for m in piled.party}) == 7
    drawn, _ = run(piled, hc, DrawReplacement(piled.pile[1].id, name="Quist", player="Ana"))
    assert drawn.party[-1].name == "Quist" and len(drawn.pile) == 2
    gone, _ = run(drawn, hc, DiscardReplacement(drawn.pile[0].id))
    assert [m.name for m in gone.pile] == ["Recruit 3"]


def test_roles_move_from_one_holder_to_the_next(state: State, hc: Ruleset) -> None:
    assert sheet_of(state, state.party[0].id).role == "Leader"
    new, _ = run(state, hc, AssignRole(state.party[2].id, "Leader"))
    assert [sheet_of(new, m.id).role for m in new.party] == ["", "Mapper", "Leader", "Timekeeper"]
    with pytest.raises(Refused):
        run(state, hc, AssignRole(state.party[0].id, "Cook"))


def test_armour_changes_ac(state: State, hc: Ruleset) -> None:
    state, member = with_member(state, class_id="fighter", stats=Stats.of(dict(state.party[0].stats, DEX=10)))
    new, events = run(state, hc, SetArmour(member.id, "plate", True))
    assert new.party[0].ac == 19 and events[0].text.endswith("Plate +8 + Shield +1.")


def test_counts_never_go_below_zero(state: State, hc: Ruleset) -> None:
    new, _ = run(state, hc, AdjustCount("c1", "ammo", 7))
    assert sheet_of(new, "c1").ammo == 7
    with pytest.raises(Refused, match="only 3 rations"):
        run(state, hc, AdjustCount("c1", "rations", -4))


@pytest.mark.parametrize("mode", ["adventure", "excitement"])
def test_adventure_and_excitement_burn_con_then_lay_down(state: State, b3: Ruleset, mode: str) -> None:
    state, member = with_member(in_mode(state, mode), hp=4, con=3, status="ok", uses={})
    down, events = run(state, b3, ApplyDamage(member.id, 5, source="a goblin"))
    assert (down.party[0].hp, sheet_of(down, member.id).con, down.party[0].status) == (0, 2, "down")
    assert events[-1].level == "warn" and "Lay Down (z) or Fight On (f)" in events[-1].text
    saved, events = run(down, b3, LayDown(member.id), [18])
    assert sheet_of(saved, member.id).con == 2 and sheet_of(saved, member.id).stance == "lay_down"
    assert "Death save" in events[0].dice[0]
    failed, _ = run(saved, b3, LayDown(member.id), [2])
    assert sheet_of(failed, member.id).con == 1
    dead, events = run(failed, b3, LayDown(member.id), [2])
    assert dead.party[0].status == "dead"
    assert dead.party[0].death.cause == "bled out, laid down"


def test_fight_on_to_the_end(state: State, b3: Ruleset) -> None:
    state, member = with_member(state, hp=0, con=4, status="down")
    once, events = run(state, b3, FightOn(member.id), [3])
    assert sheet_of(once, member.id).con == 1 and events[0].dice == ("Fight On 1d4: [3] = 3",)
    dead, _ = run(once, b3, FightOn(member.id), [1])
    assert dead.party[0].status == "dead" and dead.party[0].death.at == state.clock.units


def test_hardcore_zero_is_the_grave(state: State, b3: Ruleset) -> None:
    state, member = with_member(in_mode(state, "hardcore"), hp=4, uses={})
    dead, _ = run(state, b3, ApplyDamage(member.id, 4, source="a falling block"))
    assert dead.party[0].status == "dead" and sheet_of(dead, member.id).con == sheet_of(state, member.id).con
    assert dead.party[0].death.cause == "a falling block"


def test_not_today(state: State, b3: Ruleset) -> None:
    state, member = with_member(state, hp=5, class_id="fighter", uses={"not_today": 1})
    saved, events = run(state, b3, ApplyDamage(member.id, 9, not_today=True))
    assert (saved.party[0].hp, sheet_of(saved, saved.party[0].id).uses) == (1, {"not_today": 0})
    assert "Not Today!: stays at 1 HP, 5 damage negated (0 left)" in events[0].text
    with pytest.raises(Refused, match="no Not Today!"):
        run(saved, b3, ApplyDamage(member.id, 9, not_today=True))


def test_burial_and_the_graveyard_survive_a_save(state: State, b3: Ruleset, tmp_path: Path) -> None:
    state, member = with_member(state, hp=1, con=1, uses={})
    dead, _ = run(state, b3, ApplyDamage(member.id, 3, source="the Gnoll King"))
    with pytest.raises(Refused):
        run(state, b3, Bury(member.id, "too soon"))
    buried, events = run(dead, b3, Bury(member.id, "She went first. She always went first."))
    assert member.id not in [m.id for m in buried.party]
    grave = buried.graveyard[0]
    assert grave.epitaph == "She went first. She always went first."
    assert grave.character.death.cause == "the Gnoll King" and sheet_of(buried, grave.character.id).role == ""
    assert light_state.lights(buried)[0].carrier == "" and "left with the body" in events[1].text
    assert "new Leader" in events[-1].text
    rewritten, _ = run(buried, b3, WriteEpitaph(member.id, "Here lies Darla. Mostly."))
    files = persist.SaveFiles(tmp_path, "graves")
    persist.write_snapshot(files, rewritten)
    assert persist.load_state(files.snapshot).graveyard[0].epitaph == "Here lies Darla. Mostly."


def test_xp_to_the_living_and_levelling(state: State, hc: Ruleset) -> None:
    state, member = with_member(state, class_id="fighter", level=1, xp=15, hp=6, max_hp=8, uses={"not_today": 1})
    awarded, events = run(state, hc, AwardXP(tuple(m.id for m in state.party), 5, "that was awesome"))
    assert [m.xp for m in awarded.party][0] == 20
    assert "Enough XP to level up" in events[-1].text
    levelled, events = run(awarded, hc, LevelUp(member.id, in_town=True), [8, 8, 8, 8])
    hero = levelled.party[0]
    uses = sheet_of(levelled, hero.id).uses
    assert (hero.level, hero.xp, hero.max_hp, uses) == (2, 0, 16 + hero.max_hp - 16, {"not_today": 2})
    assert hero.hp == 6 + hero.max_hp - 8
    with pytest.raises(Refused, match="needs 30 XP"):
        run(levelled, hc, LevelUp(member.id))


def test_saves_and_thief_skills_are_logged_with_their_dice(state: State, hc: Ruleset) -> None:
    _, events = run(state, hc, RollSave("c1", "Luck", 2), [11])
    assert events[0].dice[0].startswith("Luck save 1d20")
    assert "vs 18" in events[0].text
    with pytest.raises(Refused):
        run(state, hc, RollSave("c1", "Charm", 1))
    thief, _ = run(state, hc, AddCharacter("Pip", "thief", 1, AVERAGE, max_hp=6, ac=10))
    _, events = run(thief, hc, RollThiefSkill(thief.party[-1].id, "lockpicking"), [15])
    assert "15 vs 15, succeeds" in events[0].text


def test_hirelings(state: State, hc: Ruleset) -> None:
    stats = Stats.of(dict(state.party[0].stats, CHA=10))
    state, boss = with_member(state, class_id="fighter", level=1, stats=stats)
    hired, events = run(state, hc, Hire("Torchy", "torchbearer", 1, boss.id))
    assert "for 1 cp a day" in events[0].text
    hid = hired.hirelings[0].id
    kept, _ = run(hired, hc, HirelingMorale(hid), [14])
    assert kept.hirelings == hired.hirelings
    doubled, events = run(hired, hc, HirelingMorale(hid), [10])
    assert doubled.hirelings[0].doubled and "double the daily cost" in events[0].text
    quit_, events = run(hired, hc, HirelingMorale(hid), [8])
    assert quit_.hirelings == () and events[0].level == "warn"
    gone, _ = run(hired, hc, Dismiss(hid))
    assert gone.hirelings == ()


def test_difficulty_is_chosen_when_a_session_is_made(hc: Ruleset, b3: Ruleset) -> None:
    assert new_state("x", b3, 1, "hardcore")[0].session.difficulty == "hardcore"
    assert new_state("x", hc, 1)[0].session.difficulty == "adventure"
    with pytest.raises(BadDifficulty, match=r"no 'hardcore' difficulty mode \(one of adventure\)"):
        new_state("x", hc, 1, "hardcore")
    with pytest.raises(BadDifficulty, match="one of hardcore, adventure, excitement"):
        new_state("x", b3, 1, "nightmare")
