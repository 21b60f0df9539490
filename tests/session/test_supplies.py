"""The starting kit on the first day: the demo party, new recruits, and the Supplies counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State
from hammertui.procedures.burn_down.state import flasks
from hammertui.procedures.hammercrawl_classes.actions.recruits import (
    AddCharacter,
    AdjustCount,
    DrawReplacement,
    RollCharacter,
    RollReplacements,
)
from hammertui.procedures.hammercrawl_classes.state import STARTING_RATIONS, kit_rations, sheet_changed, sheet_of
from tests.rules.test_ruleset import variant
from tests.session.test_roster import AVERAGE, run

GNARL = [3, 3, 4, 4, *[3, 3, 3] * 3, *[6, 6, 6], *[5, 5, 5], *[2, 2, 2], 3, 6]
"""A Human Thief's rolls: class, stats, Bailiwick and Failing."""


def test_the_demo_party_sets_out_with_the_kit(state: State, hc: Ruleset) -> None:
    assert [(sheet_of(state, m.id).rations, sheet_of(state, m.id).bedroll) for m in state.party] == [(3, True)] * 4, (
        "Book Three: a Bedroll each"
    )
    complete = new_state("test", hc, seed=7)[0]
    assert [(sheet_of(complete, m.id).rations, sheet_of(complete, m.id).bedroll) for m in complete.party] == [
        (3, False)
    ] * 4


def test_recruits_rolled_or_entered_carry_the_kit(state: State, b3: Ruleset, hc: Ruleset) -> None:
    rolled, _ = run(state, b3, RollCharacter("Gnarl"), GNARL)
    assert (sheet_of(rolled, rolled.party[-1].id).rations, sheet_of(rolled, rolled.party[-1].id).bedroll) == (3, True)
    counted, _ = run(state, b3, RollCharacter("Gnarl", rations=1), GNARL)
    assert sheet_of(counted, counted.party[-1].id).rations == 1, "a count given by hand wins"
    entered, _ = run(state, hc, AddCharacter("Pip", "thief", 1, AVERAGE, max_hp=6, ac=10))
    assert (sheet_of(entered, entered.party[-1].id).rations, sheet_of(entered, entered.party[-1].id).bedroll) == (
        3,
        False,
    )


def test_a_replacement_draws_the_kit_as_they_join(state: State, b3: Ruleset) -> None:
    piled, _ = run(state, b3, RollReplacements(1), [3] * 40)
    assert (sheet_of(piled, piled.pile[0].id).rations, sheet_of(piled, piled.pile[0].id).bedroll) == (0, False), (
        "the pile carries nothing yet"
    )
    drawn, _ = run(piled, b3, DrawReplacement(piled.pile[0].id, name="Quist"))
    assert (sheet_of(drawn, drawn.party[-1].id).rations, sheet_of(drawn, drawn.party[-1].id).bedroll) == (3, True)


def test_a_kit_with_more_rations_and_oil(tmp_path: Path, state: State) -> None:
    packed = load_ruleset(variant(tmp_path, "packed", "[kit]\nrations = 5\noil = 2"))
    assert kit_rations(packed) == 5
    rolled, _ = run(state, packed, RollCharacter("Gnarl"), GNARL)
    assert (sheet_of(rolled, rolled.party[-1].id).rations, flasks(rolled, rolled.party[-1].id)) == (5, 2)


def test_a_ruleset_without_a_kit_falls_back_to_three_rations() -> None:
    sketch = load_ruleset(Path(__file__).parents[1] / "rules" / "fixtures" / "dim-double.toml")
    assert kit_rations(sketch) == STARTING_RATIONS


def test_coins_and_the_bedroll_are_counted_on_the_sheet(state: State, b3: Ruleset) -> None:
    paid, events = run(state, b3, AdjustCount("c1", "coins", 40))
    assert paid.party[0].coins == 40 and events[0].text == "Darla: coins 0 -> 40."
    with pytest.raises(Refused, match="only 40 coins"):
        run(paid, b3, AdjustCount("c1", "coins", -41))
    lost, events = run(state, b3, AdjustCount("c1", "bedroll", -1))
    assert not sheet_of(lost, "c1").bedroll and events[0].text == "Darla no longer has a Bedroll."
    with pytest.raises(Refused, match="no Bedroll to take"):
        run(lost, b3, AdjustCount("c1", "bedroll", -1))
    with pytest.raises(Refused, match="one is all anyone carries"):
        run(state, b3, AdjustCount("c1", "bedroll", 1))
    found, events = run(lost, b3, AdjustCount("c1", "bedroll", 1))
    assert sheet_of(found, "c1").bedroll and events[0].text == "Darla now has a Bedroll."


def test_a_save_owing_rations_is_refused_naming_the_sheet(state: State, tmp_path: Path) -> None:
    owing = sheet_changed(state, "c1", rations=-1)
    with pytest.raises(persist.SaveError, match=r"slices\.hammercrawl_classes\.sheets\.c1 \(Darla\): .*rations"):
        persist.parse_state(persist.dump_state(owing), tmp_path / "owing.toml")
