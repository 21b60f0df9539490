"""Light as a procedure: its sources kept in its own slice, darkness and time put to it, and a
ruleset that plays without light never in the dark."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import save_check
from hammertui.kernel.session.acting import Context
from hammertui.kernel.session.actions import AdvanceTime, apply_action
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.burn_down import state as light_state

WITHOUT_LIGHT = """extends = "hammercrawl"
name = "Without light"

[procedures]
light = "none"

[light]
_replace = true

[kit]
_replace = true
rations = 3
"""


@pytest.fixture
def unlit(tmp_path: Path) -> Ruleset:
    path = tmp_path / "unlit.toml"
    path.write_text(WITHOUT_LIGHT, encoding="utf-8")
    return load_ruleset(path)


def test_a_new_session_carries_one_lit_torch_and_two_spares(b3: Ruleset) -> None:
    state, events = new_state("test", b3, seed=7)
    assert light_state.lights(state) == (
        light_state.LightSource("l1", "torch", 6, carrier="c1", lit=True),
        light_state.LightSource("l2", "torch", 6, carrier="c2"),
        light_state.LightSource("l3", "torch", 6, carrier="c3"),
    )
    assert set(state.slices) >= {light_state.NAME}
    assert events[-1].text == f"{state.party[0].name} lights a torch; 2 spares in packs."


def test_a_session_played_without_light_keeps_none_and_is_never_dark(unlit: Ruleset) -> None:
    state, events = new_state("test", unlit, seed=7)
    assert light_state.NAME not in state.slices and light_state.lights(state) == ()
    assert not any("torch" in e.text for e in events)
    assert not is_dark(state)
    later, events = apply_action(state, AdvanceTime(3), Context(unlit, ScriptedDice([])))
    assert later.clock.units == 3 and [e.text for e in events] == ["3 turns pass."]


def test_a_hand_edited_light_is_named_where_it_is_in_the_save(state: State) -> None:
    l1, l2, *_ = light_state.lights(state)
    edited = light_state.with_lights(state, (l1, attrs.evolve(l2, id="l1", carrier="c9", remaining=-1)))
    assert save_check.check_state(edited) == [
        "slices.burn_down.lights: two sources share an id",
        "slices.burn_down.lights[1].carrier: no character 'c9'",
        "slices.burn_down.lights[1].remaining: cannot be negative",
    ]
