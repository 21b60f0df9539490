"""Actions against the demo state: time and light, damage and healing, renaming."""

from __future__ import annotations

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.actions import (
    AdvanceTime,
    RenameSession,
    apply_action,
)
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.state import State, Stats, replace_member
from hammertui.kernel.session.vitals import ApplyDamage, Heal
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import Douse, HandOver, Light
from hammertui.procedures.hammercrawl_classes.state import sheet_changed, sheet_of


def run(state: State, ruleset: Ruleset, action) -> tuple[State, list]:
    return apply_action(state, action, Context(ruleset, ScriptedDice([])))


def test_advance_time_burns_only_lit_sources(state: State, b3: Ruleset) -> None:
    new, events = run(state, b3, AdvanceTime(2))
    assert new.clock.units == 2
    assert new.seq == state.seq + 1
    lit = [s for s in light_state.lights(new) if s.lit]
    assert [s.remaining for s in lit] == [4]
    assert [s.remaining for s in light_state.lights(new) if not s.lit] == [6, 6]
    assert events[0].text == "2 Beats pass."


def test_time_labels_use_the_ruleset_word(state: State, hc: Ruleset) -> None:
    _, events = run(state, hc, AdvanceTime(1, reason="searching"))
    assert events[0].text == "1 turn passes (searching)."


def test_a_torch_warns_when_low_then_burns_out_into_darkness(state: State, b3: Ruleset) -> None:
    low, events = run(state, b3, AdvanceTime(5))
    assert any("running low: 1 Beat left" in e.text and e.level == "warn" for e in events)
    out, events = run(low, b3, AdvanceTime(1))
    texts = [e.text for e in events]
    assert "Darla's torch burns out." in texts
    assert "Darkness! No light is burning." in texts
    assert is_dark(out)
    assert len(light_state.lights(out)) == 2, "a burnt-out torch is gone"


def test_light_douse_and_hand_over(state: State, b3: Ruleset) -> None:
    spare = light_state.lights(state)[1]
    lit, _ = run(state, b3, Light(spare.id))
    assert light_state.light(lit, spare.id).lit
    with pytest.raises(Refused, match="already lit"):
        run(lit, b3, Light(spare.id))
    doused, _ = run(lit, b3, Douse(spare.id))
    assert not light_state.light(doused, spare.id).lit
    given, events = run(doused, b3, HandOver(spare.id, "c4"))
    assert light_state.light(given, spare.id).carrier == "c4"
    assert "goes to Otto Sixfingers" in events[0].text
    down, _ = run(given, b3, HandOver(spare.id, ""))
    assert light_state.light(down, spare.id).carrier == ""


def test_dousing_the_only_light_is_darkness(state: State, b3: Ruleset) -> None:
    dark, events = run(state, b3, Douse("l1"))
    assert is_dark(dark)
    assert events[-1].level == "warn"
    lit, events = run(dark, b3, Light("l1"))
    assert not is_dark(lit) and events[-1].text == "Light again."


def test_damage_takes_temporary_hp_first(state: State, b3: Ruleset) -> None:
    member = attrs.evolve(state.party[0], hp=5, max_hp=8, temp_hp=2)
    state = attrs.evolve(state, party=replace_member(state.party, member))
    new, events = run(state, b3, ApplyDamage(member.id, 3))
    hurt = new.character(member.id)
    assert (hurt.temp_hp, hurt.hp, hurt.status) == (0, 4, "ok")
    assert "2 taken by temporary HP" in events[0].text


def test_damage_says_the_hp_lost_and_the_hp_left(state: State, b3: Ruleset) -> None:
    """No "-4 HP" that reads as negative HP: what is lost, and what is left of the most."""
    member = attrs.evolve(state.party[0], name="Darla", hp=6, max_hp=6, temp_hp=0)
    state = attrs.evolve(state, party=replace_member(state.party, member))
    hurt, events = run(state, b3, ApplyDamage(member.id, 4))
    assert events[0].text == "Darla loses 4 HP: 2 of 6 left."
    _, events = run(hurt, b3, ApplyDamage(member.id, 1, source="a dart trap"))
    assert events[0].text == "Darla loses 1 HP from a dart trap: 1 of 6 left."
    _, events = run(hurt, b3, ApplyDamage(member.id, 3))
    assert events[0].text.startswith("Darla takes 3 damage: loses 2 HP, drops to 0 HP")


def test_damage_past_zero_comes_off_con_and_con_zero_is_death(state: State, b3: Ruleset) -> None:
    member = attrs.evolve(state.party[0], hp=3, stats=Stats.of(dict(state.party[0].stats, CON=12)))
    state = sheet_changed(attrs.evolve(state, party=replace_member(state.party, member)), member.id, con=5, con_max=12)
    down, _ = run(state, b3, ApplyDamage(member.id, 5))
    assert (down.character(member.id).hp, sheet_of(down, member.id).con) == (0, 3)
    assert down.character(member.id).status == "down"
    dead, events = run(down, b3, ApplyDamage(member.id, 4))
    assert dead.character(member.id).status == "dead"
    assert events[-1].level == "warn" and "epitaph" in events[-1].text
    with pytest.raises(Refused, match="already dead"):
        run(dead, b3, ApplyDamage(member.id, 1))


def test_hardcore_zero_hp_is_death(state: State, b3: Ruleset) -> None:
    state = attrs.evolve(state, session=attrs.evolve(state.session, difficulty="hardcore"))
    member = state.party[1]
    new, _ = run(state, b3, ApplyDamage(member.id, member.hp))
    assert new.character(member.id).status == "dead"


def test_healing_never_exceeds_max(state: State, b3: Ruleset) -> None:
    member = state.party[0]
    hurt, _ = run(state, b3, ApplyDamage(member.id, 1))
    healed, _ = run(hurt, b3, Heal(member.id, 50))
    assert healed.character(member.id).hp == member.max_hp
    with pytest.raises(Refused, match="full HP"):
        run(healed, b3, Heal(member.id, 1))


@pytest.mark.parametrize("action", [ApplyDamage("c1", 0), Heal("c1", -2), ApplyDamage("nobody", 3), AdvanceTime(0)])
def test_nonsense_is_refused(state: State, b3: Ruleset, action) -> None:
    with pytest.raises(Refused):
        run(state, b3, action)


def test_rename(state: State, b3: Ruleset) -> None:
    new, events = run(state, b3, RenameSession("  Tomb of Ho'rrors-2 "))
    assert new.session.name == "Tomb of Ho'rrors-2"
    assert "renamed" in events[0].text
    with pytest.raises(Refused):
        run(state, b3, RenameSession("   "))


@pytest.mark.parametrize("name", ["Tomb [/]", "A\x1b]2;PWNED\x07B", "Tomb 💀", "[@click=app.quit]x[/]", "x" * 65])
def test_rename_is_held_to_the_rule_of_a_session_name(state: State, b3: Ruleset, name: str) -> None:
    """`f2` names the session as the command line does: a name that could not be a session's on the
    command line (markup, a control character, a symbol, too long) is refused with the rule."""
    with pytest.raises(Refused, match="cannot be a session name|control character"):
        run(state, b3, RenameSession(name))
