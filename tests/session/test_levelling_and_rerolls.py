"""Where levelling happens, Book Three's levelling Hit Points as a session setting, Thiefy Expertise
rerolls and the ruleset's ad-hoc XP: each against the texts' words and numbers."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.procedures.divining_pool.actions.town import ReturnToTown
from hammertui.procedures.hammercrawl_camp.actions import StartCamp
from hammertui.procedures.hammercrawl_classes.actions.advancement import (
    WHERE_LEVELLING,
    LevelUp,
    SetLevelUpHP,
    ad_hoc_words,
)
from hammertui.procedures.hammercrawl_classes.actions.recruits import AdjustCount
from hammertui.procedures.hammercrawl_classes.actions.rolls import (
    RerollThiefSkill,
    RollSave,
    RollThiefSkill,
    reroll_offer,
)
from hammertui.procedures.hammercrawl_classes.dialogs.counts import count_options
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_changed, sheet_of
from tests.session.test_roster import run


@pytest.fixture
def demo(hc: Ruleset) -> State:
    return new_state("t", hc, seed=7)[0]


def changed(state: State, cid: str, **changes) -> State:
    noted = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Sheet)}
    state = sheet_changed(state, cid, **noted) if noted else state
    return attrs.evolve(state, party=replace_member(state.party, attrs.evolve(state.character(cid), **changes)))


# ------------------------------------------------------------------------------ where to level


def test_levelling_outside_camp_and_town_is_refused_with_the_texts_sentence(demo: State, hc: Ruleset) -> None:
    """ "You must then either use the Level Up camp action, or return to Town." """
    ready = changed(demo, "c1", xp=20)
    with pytest.raises(Refused, match="You must then either use the Level Up camp action, or return to Town"):
        run(ready, hc, LevelUp("c1"), [3, 3])
    assert WHERE_LEVELLING == "You must then either use the Level Up camp action, or return to Town."


def test_the_smith_may_level_a_character_anywhere_with_a_reason_for_the_log(demo: State, hc: Ruleset) -> None:
    ready = changed(demo, "c1", xp=20)
    levelled, events = run(ready, hc, LevelUp("c1", reason="the sage's blessing"), [3, 3])
    assert levelled.character("c1").level == 2
    assert events[0].level == "warn"
    assert events[0].text == "The 'Smith lets Darla level up outside Camp and Town: the sage's blessing."
    with pytest.raises(Refused, match="Level Up camp action"):
        run(ready, hc, LevelUp("c1", reason="   "), [3, 3])


def test_at_camp_and_in_town_levelling_needs_no_reason(demo: State, hc: Ruleset) -> None:
    ready = changed(demo, "c1", xp=20)
    camping, _ = run(attrs.evolve(ready, dungeon=attrs.evolve(ready.dungeon, safe_haven=True)), hc, StartCamp())
    assert run(camping, hc, LevelUp("c1"), [3, 3])[0].character("c1").level == 2
    back, _ = run(ready, hc, ReturnToTown())
    assert run(back, hc, LevelUp("c1", in_town=True), [3, 3])[0].character("c1").level == 2


# ------------------------------------------------------------------------ levelling Hit Points


def test_book_three_sessions_switch_between_the_two_readings_and_undo_it(b3: Ruleset) -> None:
    state = changed(new_state("t", b3, seed=7)[0], "c1", xp=20, max_hp=8, hp=8)
    store = Store(state, b3)
    events = store.dispatch(SetLevelUpHP("reroll_all_con_each"))
    assert store.state.session.level_up_hp == "reroll_all_con_each"
    assert events[0].text.startswith("Levelling up from now on: reroll every Hit Die, CON mod on each")
    store.dispatch(LevelUp("c1", reason="a test of the rule"))
    assert store.state.character("c1").level == 2
    rolled = [e for e in store.recent if e.action == "level up"][-1]
    assert rolled.dice, "the Hit Dice are thrown under the other reading"
    store.undo()
    store.undo()
    assert store.state.session.level_up_hp == ""
    with pytest.raises(Refused, match="already the rule"):
        store.dispatch(SetLevelUpHP("plus_one_and_death_save"))


def test_the_complete_rules_have_one_way_to_level_hit_points(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="one way to raise Hit Points"):
        run(demo, hc, SetLevelUpHP("reroll_all_con_each"))


def test_the_setting_is_saved_and_an_old_save_without_it_loads(tmp_path: Path, b3: Ruleset) -> None:
    state, _ = run(new_state("t", b3, seed=7)[0], b3, SetLevelUpHP("reroll_all_con_each"))
    files = persist.SaveFiles(tmp_path, "t")
    persist.write_snapshot(files, state)
    assert persist.load_state(files.snapshot).session.level_up_hp == "reroll_all_con_each"
    old = tmp_path / "old.toml"
    old.write_text('schema = 1\n[session]\nname = "old"\nruleset = "hammercrawl-book3"\nseed = 1\n', encoding="utf-8")
    assert persist.load_state(old).session.level_up_hp == ""


# --------------------------------------------------------------------------- Thiefy Expertise


def test_a_failed_thief_skill_check_is_rerolled_and_the_reroll_stands(demo: State, hc: Ruleset) -> None:
    """ "Once per adventure per experience level, the Thief can attempt to reroll a failed Thief
    Skill check": Darla, Thief 1, has one; a 2 fails Lockpicking, the 18 rolled again stands."""
    darla = demo.character("c1")
    assert darla.class_id == "thief" and sheet_of(demo, "c1").uses == {"thief_rerolls": 1}
    failed, events = run(demo, hc, RollThiefSkill("c1", "lockpicking"), [2])
    assert "fails" in events[0].text
    assert events[-1].text == "Darla may reroll with Thiefy Expertise (1 of 1 left)."
    assert reroll_offer(failed, hc, "c1") == "Reroll with Thiefy Expertise (1 of 1 left)"
    rerolled, events = run(failed, hc, RerollThiefSkill("c1"), [18])
    assert sheet_of(rerolled, "c1").uses == {"thief_rerolls": 0}
    assert events[0].text == "Darla spends a Thiefy Expertise reroll (0 left until Town)."
    assert "Lockpicking" in events[1].text and "succeeds" in events[1].text and "[18]" in events[1].dice[0]
    assert reroll_offer(rerolled, hc, "c1") == ""


def test_only_a_failed_thief_skill_check_just_made_may_be_rerolled(demo: State, hc: Ruleset) -> None:
    success, _ = run(demo, hc, RollThiefSkill("c1", "lockpicking"), [19])
    with pytest.raises(Refused, match="failed Thief Skill check"):
        run(success, hc, RerollThiefSkill("c1"), [19])
    save, _ = run(demo, hc, RollSave("c1", "Luck", 1), [2])
    with pytest.raises(Refused, match="failed Thief Skill check"):
        run(save, hc, RerollThiefSkill("c1"), [19])
    failed, _ = run(demo, hc, RollThiefSkill("c1", "lockpicking"), [2])
    later, _ = run(failed, hc, AdvanceTime(1))
    with pytest.raises(Refused, match="straight after it fails"):
        run(later, hc, RerollThiefSkill("c1"), [19])


def test_a_failed_reroll_is_not_rerolled_and_spent_uses_wait_for_town(demo: State, hc: Ruleset) -> None:
    veteran = changed(demo, "c1", level=2, uses={"thief_rerolls": 2})
    failed, _ = run(veteran, hc, RollThiefSkill("c1", "lockpicking"), [2])
    again, _ = run(failed, hc, RerollThiefSkill("c1"), [3])
    assert sheet_of(again, "c1").uses == {"thief_rerolls": 1}
    with pytest.raises(Refused):
        run(again, hc, RerollThiefSkill("c1"), [19])
    spent = changed(demo, "c1", uses={"thief_rerolls": 0})
    failed, events = run(spent, hc, RollThiefSkill("c1", "lockpicking"), [2])
    assert "Thiefy" not in events[-1].text
    with pytest.raises(Refused, match="no Thiefy Expertise rerolls left until the party returns to Town"):
        run(failed, hc, RerollThiefSkill("c1"), [19])
    home, _ = run(spent, hc, ReturnToTown())
    assert sheet_of(home, "c1").uses == {"thief_rerolls": 1}, "This count resets upon Returning to Town"


def test_thiefy_rerolls_are_not_counted_by_hand(demo: State, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="spent by rerolling a failed Thief Skill check"):
        run(demo, hc, AdjustCount("c1", "thief_rerolls", -1))
    assert "thief_rerolls" not in [what for _, what in count_options(hc, demo, demo.character("c1"))]


# --------------------------------------------------------------------------------- ad-hoc XP


def test_the_palette_and_dialog_name_the_rulesets_awards(hc: Ruleset, b3: Ruleset) -> None:
    assert ad_hoc_words(hc) == "1, 3 or 5"
    assert ad_hoc_words(b3) == "1, 2 or 3"
