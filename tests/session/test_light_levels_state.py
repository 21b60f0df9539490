"""Light by levels in a session: the exploration die's results reach it by `signal`, the table's
actions light, douse, hand over, refill and pack, and a hand-edited save is checked."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import apply_action
from hammertui.kernel.session.procedures import ExplorationResult, is_dark, on_time, signal, slice_problems
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import Death, State, replace_member
from hammertui.kernel.session.vitals import Bury
from hammertui.procedures.divining_pool.actions.town import ReturnToTown
from hammertui.procedures.light_levels import state as kept
from hammertui.procedures.light_levels.actions import (
    BringNearer,
    DouseLight,
    LightUp,
    PackLight,
    PassLight,
    RefillLantern,
    Relight,
)
from hammertui.procedures.light_levels.state import FLASK, Source, character_levels, lights, source
from tests import light_levels_rules


@attrs.frozen
class StubExplore:
    """An exploration die showing a result: what the explore procedure signals."""

    label: ClassVar[str] = "explore"
    result_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        return signal(state, ctx, self, ExplorationResult(self.result_id))


@pytest.fixture
def ruleset(tmp_path: Path) -> Ruleset:
    return light_levels_rules.load(tmp_path)


@pytest.fixture
def state(ruleset: Ruleset) -> State:
    return new_state("lit", ruleset, seed=5)[0]


def act(state: State, ruleset: Ruleset, action: object) -> tuple[State, list[str]]:
    new, events = apply_action(state, action, Context(ruleset, ScriptedDice([])))  # type: ignore[arg-type]
    return new, [e.text for e in events]


def with_sources(state: State, *sources: Source, **changes: object) -> State:
    return kept.with_lights(state, sources=sources, **changes)


def test_a_party_starts_with_a_lit_torch_and_four_see_by_it(state: State, ruleset: Ruleset) -> None:
    """ "Allows three characters to be lit, and three more to have dim light": a party of four."""
    assert lights(state).sources == (Source("s1", "torch", "c1", lit=True),)
    assert list(character_levels(state, ruleset).values()) == ["lit", "lit", "lit", "dim"]
    assert not is_dark(state)


def test_time_spends_no_light(state: State, ruleset: Ruleset) -> None:
    assert on_time(state, 6, Context(ruleset, ScriptedDice([])), StubExplore("tired")) == (state, [])


def test_torches_and_candles_depleted_goes_out_and_used_up(state: State, ruleset: Ruleset) -> None:
    """ "Any torches or candles being used as light sources go out and are used up." """
    state = with_sources(
        state,
        Source("s1", "torch", "c1", lit=True),
        Source("s2", "candle", "c2", lit=True),
        Source("s3", "torch", "c3"),
        Source("s4", "lantern", "c4", lit=True),
    )
    new, said = act(state, ruleset, StubExplore("torches_depleted"))
    assert [s.id for s in lights(new).sources] == ["s3", "s4"], "the spare torch and the lantern stay"
    assert said[:2] == [
        f"{state.party[0].name}'s torch goes out, used up.",
        f"{state.party[1].name}'s candle goes out, used up.",
    ]
    assert list(character_levels(new, ruleset).values()) == ["lit", "dim", "dim", "lit"], (
        "the lantern: its carrier, then the first"
    )


def test_what_went_out_is_relit_from_each_carriers_spares(state: State, ruleset: Ruleset) -> None:
    """ "Torches/Candles Depleted: All torches and candles in use go out and are used up. New ones
    can be retrieved and re-lit on the next exploration turn without preventing an action": each
    carrier lights a spare of the kind that went out, once; one with none packed is said."""
    state = with_sources(
        state,
        Source("s1", "torch", "c1", lit=True),
        Source("s2", "candle", "c2", lit=True),
        Source("s3", "torch", "c1"),
        Source("s4", "candle", "c2"),
        Source("s5", "torch", "c3", lit=True),
    )
    out, _ = act(state, ruleset, StubExplore("torches_depleted"))
    relit, said = act(out, ruleset, Relight())
    names = [m.name for m in state.party]
    assert [(s.id, s.lit) for s in lights(relit).sources] == [("s3", True), ("s4", True)]
    assert (
        said[0]
        == f"{names[0]} lights a spare torch; {names[1]} lights a spare candle; {names[2]} has no spare torch packed."
    )
    assert relit.clock == out.clock, "free: no action spent"
    with pytest.raises(Refused, match=f"{names[2]} has no spare torch packed"):
        act(relit, ruleset, Relight())
    with pytest.raises(Refused, match="every carrier has relit"):
        act(state, ruleset, Relight())


def test_the_last_torch_leaves_the_party_in_the_dark(state: State, ruleset: Ruleset) -> None:
    new, said = act(state, ruleset, StubExplore("torches_depleted"))
    assert is_dark(new) and said[-1] == "Darkness! No light is burning."
    assert set(character_levels(new, ruleset).values()) == {"dark"}


def test_a_lantern_marks_a_pip_and_goes_out_on_the_second(state: State, ruleset: Ruleset) -> None:
    """ "A lantern filled with a full flask of oil takes two pips to go out. Mark one pip each time this is rolled." """
    state = with_sources(
        state,
        Source("s1", "lantern", "c1", lit=True),
        Source("s2", "lantern", "c2"),
        Source("s3", "torch", "c3", lit=True),
    )
    once, said = act(state, ruleset, StubExplore("lantern_pip"))
    assert (
        source(once, "s1").pips == 1
        and source(once, "s1").lit
        and said == [f"{state.party[0].name}'s lantern marks a pip (1 of 2)."]
    )
    assert source(once, "s2").pips == 0, "an unlit lantern burns no oil"
    twice, said = act(once, ruleset, StubExplore("lantern_pip"))
    assert source(twice, "s1") == Source("s1", "lantern", "c1", lit=False, pips=2)
    assert "goes out: the oil is spent" in said[0]
    assert source(twice, "s3").lit, "a pip spends no torch"
    with pytest.raises(Refused, match="no oil left: refill it first"):
        act(twice, ruleset, LightUp("s1"))


def test_other_results_leave_the_light_alone(state: State, ruleset: Ruleset) -> None:
    for result in ("encounter", "sign", "magic_dissipates", "tired"):
        assert act(state, ruleset, StubExplore(result))[0].slices == state.slices


def test_refilling_a_lantern_takes_a_flask_and_an_exploration_turn(state: State, ruleset: Ruleset) -> None:
    """ "Refilling a lantern takes an exploration turn, as it is significantly fiddlier than lighting a torch." """
    state = with_sources(state, Source("s1", "lantern", "c1", pips=2))
    with pytest.raises(Refused, match="has no flask of oil"):
        act(state, ruleset, RefillLantern("s1"))
    packed, said = act(state, ruleset, PackLight("c1", FLASK))
    assert lights(packed).flasks == {"c1": 1} and said == [
        f"A flask of oil goes into {state.party[0].name}'s pack (1 flask now)."
    ]
    filled, said = act(packed, ruleset, RefillLantern("s1"))
    assert source(filled, "s1").pips == 0 and lights(filled).flasks == {"c1": 0}
    assert filled.clock.units == state.clock.units + 1
    assert lights(filled).spent == (kept.Spent(FLASK, "c1", filled.clock.units),), (
        "the emptied flask is kept as used up"
    )
    assert "takes a fresh flask of oil (1 turn" in said[0]
    with pytest.raises(Refused, match="is already full"):
        act(filled, ruleset, RefillLantern("s1"))
    with pytest.raises(Refused, match="takes no oil"):
        act(with_sources(packed, Source("s1", "torch", "c1")), ruleset, RefillLantern("s1"))


def test_lighting_dousing_and_handing_over(state: State, ruleset: Ruleset) -> None:
    """ "New ones can be retrieved and re-lit on the next exploration turn without preventing an action." """
    doused, said = act(state, ruleset, DouseLight("s1"))
    assert is_dark(doused) and said[0].endswith("torch is doused.")
    with pytest.raises(Refused, match="is not lit"):
        act(doused, ruleset, DouseLight("s1"))
    lit, said = act(doused, ruleset, LightUp("s1"))
    assert not is_dark(lit) and lit.clock == state.clock, "lighting spends no time"
    given, said = act(lit, ruleset, PassLight("s1", "c4"))
    assert source(given, "s1").carrier == "c4" and said == [
        f"{state.party[0].name}'s torch goes to {state.party[3].name}."
    ]
    assert character_levels(given, ruleset)["c4"] == "lit"
    down, said = act(given, ruleset, PassLight("s1", ""))
    assert said == [f"{state.party[3].name}'s torch is set down."]


def test_packing_a_new_source(state: State, ruleset: Ruleset) -> None:
    packed, said = act(state, ruleset, PackLight("c2", "candle"))
    assert lights(packed).sources[-1] == Source("s2", "candle", "c2") and said == [
        f"A fresh candle goes into {state.party[1].name}'s pack."
    ]
    with pytest.raises(Refused, match="has no light source 'brand'"):
        act(state, ruleset, PackLight("c2", "brand"))


def test_bringing_someone_nearer_the_light(state: State, ruleset: Ruleset) -> None:
    assert character_levels(state, ruleset)["c4"] == "dim"
    near, said = act(state, ruleset, BringNearer("c4"))
    assert character_levels(near, ruleset) == {"c1": "lit", "c2": "lit", "c3": "dim", "c4": "lit"}
    assert said == [f"{state.party[3].name} stands nearest the light."]
    with pytest.raises(Refused, match="already stands nearest"):
        act(near, ruleset, BringNearer("c4"))


def test_a_hand_edited_slice_is_checked(state: State) -> None:
    broken = with_sources(
        state, Source("s1", "torch", "c9"), Source("s1", "lantern", pips=-1), flasks={"c8": -1}, order=("c7",)
    )
    assert slice_problems(broken) == [
        "slices.light_levels.sources: two sources share an id",
        "slices.light_levels.sources[0].carrier: no character 'c9'",
        "slices.light_levels.sources[1].pips: cannot be negative",
        "slices.light_levels.flasks.c8: no character 'c8'",
        "slices.light_levels.flasks.c8: cannot be negative",
        "slices.light_levels.order: no character 'c7'",
    ]


def test_burying_or_going_home_keeps_no_burn_down_light(state: State, ruleset: Ruleset) -> None:
    """The burial and the town set burn-down lights down and restock them; a session lit by levels
    has none, and its save must name no slice of another procedure."""
    dead = attrs.evolve(state.party[0], status="dead", death=Death(0, "a fall"))
    buried, _ = act(attrs.evolve(state, party=replace_member(state.party, dead)), ruleset, Bury(dead.id))
    assert set(buried.slices) == set(state.slices)
    assert slice_problems(buried) == [], "the torch is left with the body"
    home, _ = act(state, ruleset, ReturnToTown())
    assert set(home.slices) == set(state.slices)
