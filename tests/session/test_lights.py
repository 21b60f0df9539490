"""The Timekeeper's chores: refills, drops, packs, the Light spell, corrections and the hour.

The demo party (seed 7, Book Three): Darla (Thief) holds the lit torch l1, Brannoc (Cleric) and
Wenna (Thief) a spare torch each, Otto (Elf) nothing yet.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist, save_check
from hammertui.kernel.session.actions import AdvanceTime, Context, Refused, ToNextHour, apply_action, next_hour
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.state import Clock, State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import (
    AddToPack,
    CastLight,
    CorrectLight,
    DropLight,
    HandOver,
    Light,
    Pack,
    Refill,
    casters,
    pack_items,
    packs,
    party_light,
)
from hammertui.procedures.burn_down.state import OIL, flasks, with_flasks
from hammertui.procedures.hammercrawl_classes.state import sheet_changed, sheet_of

DARKNESS = "Darkness! No light is burning."


def run(state: State, ruleset: Ruleset, action) -> tuple[State, list[Event]]:
    return apply_action(state, action, Context(ruleset, ScriptedDice([])))


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def warnings(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.level == "warn"]


def with_lantern(state: State, ruleset: Ruleset, oil: int = 1, lit: bool = False) -> State:
    """Otto packs a lantern (l4) and `oil` flasks; lit if asked."""
    state, _ = run(state, ruleset, AddToPack("c4", "lantern"))
    for _ in range(oil):
        state, _ = run(state, ruleset, AddToPack("c4", OIL))
    if lit:
        state, _ = run(state, ruleset, Light("l4"))
    return state


# ------------------------------------------------------------------------------------ refill


def test_a_refill_fills_the_lantern_from_its_carriers_flask(state: State, b3: Ruleset) -> None:
    state = with_lantern(state, b3, oil=2, lit=True)
    burnt, _ = run(state, b3, AdvanceTime(10))
    assert light_state.light(burnt, "l4").remaining == 14
    refilled, events = run(burnt, b3, Refill("l4"))
    assert light_state.light(refilled, "l4").remaining == 24
    assert light_state.light(refilled, "l4").lit
    assert flasks(refilled, "c4") == 1
    assert refilled.clock == burnt.clock, "a refill spends no time"
    assert texts(events) == [
        "Otto Sixfingers's lantern takes a fresh oil flask: 24 Beats. Otto Sixfingers has 1 oil flask left."
        " The 14 Beats it still had are not added (Lantern refill: a ruling)."
    ]


def test_a_burnt_out_lantern_stays_to_be_refilled(state: State, b3: Ruleset) -> None:
    state = with_lantern(state, b3, oil=1, lit=True)
    out, events = run(state, b3, AdvanceTime(24))
    assert "Otto Sixfingers's lantern burns out." in warnings(events)
    assert light_state.light(out, "l4") == attrs.evolve(light_state.light(state, "l4"), remaining=0, lit=False)
    refilled, events = run(out, b3, Refill("l4"))
    assert light_state.light(refilled, "l4").remaining == 24 and not light_state.light(refilled, "l4").lit
    assert "no oil flasks left" in events[0].text


@pytest.mark.parametrize(
    ("prepare", "light_id", "refusal"),
    [
        (lambda s, r: s, "l1", "Darla's torch cannot be refilled: only a lantern can"),
        (lambda s, r: with_lantern(s, r, oil=0), "l4", "Otto Sixfingers has no oil flask"),
        (lambda s, r: with_lantern(s, r, oil=1), "l4", r"Otto Sixfingers's lantern is already full \(24 Beats\)"),
        (
            lambda s, r: run(with_lantern(s, r), r, HandOver("l4", ""))[0],
            "l4",
            "The lantern on the floor has no one to refill it",
        ),
        (lambda s, r: s, "l9", "no light source 'l9'"),
    ],
    ids=["a torch", "no flask", "already full", "on the floor", "no such source"],
)
def test_a_refill_that_makes_no_sense_is_refused(
    state: State, b3: Ruleset, prepare, light_id: str, refusal: str
) -> None:
    prepared = prepare(state, b3)
    with pytest.raises(Refused, match=refusal):
        run(prepared, b3, Refill(light_id))


# -------------------------------------------------------------------------------------- drop


def test_a_dropped_spare_is_gone_for_good(state: State, b3: Ruleset) -> None:
    dropped, events = run(state, b3, DropLight("l2"))
    assert [s.id for s in light_state.lights(dropped)] == ["l1", "l3"]
    assert texts(events) == ["Brannoc's torch is dropped and gone for good (6 Beats left in it)."]
    assert not is_dark(dropped)


def test_dropping_the_only_lit_torch_leaves_the_party_in_darkness(state: State, b3: Ruleset) -> None:
    dark, events = run(state, b3, DropLight("l1"))
    assert is_dark(dark)
    assert texts(events)[0] == "Darla's torch is dropped, still burning, and gone for good (6 Beats left in it)."
    assert warnings(events) == [DARKNESS]


def test_dropping_a_light_spell_ends_it(state: State, b3: Ruleset) -> None:
    cast, _ = run(state, b3, CastLight("c2"))
    ended, events = run(cast, b3, DropLight(light_state.lights(cast)[-1].id))
    assert light_state.lights(ended) == light_state.lights(state)
    assert texts(events) == ["Brannoc's light spell ends early (7 Beats unspent)."]


# ------------------------------------------------------------------------------------- packs


@pytest.mark.parametrize(("kind", "full"), [("torch", 6), ("lantern", 24), ("candle", 6)])
def test_a_fresh_source_goes_into_a_pack_full_and_unlit(state: State, b3: Ruleset, kind: str, full: int) -> None:
    packed, events = run(state, b3, AddToPack("c4", kind))
    new = light_state.lights(packed)[-1]
    assert (new.id, new.kind, new.remaining, new.carrier, new.lit) == ("l4", kind, full, "c4", False)
    assert texts(events) == [f"A fresh {kind} goes into Otto Sixfingers's pack ({full} Beats)."]


def test_a_flask_of_oil_is_counted_on_the_character(state: State, b3: Ruleset) -> None:
    packed, events = run(state, b3, AddToPack("c1", OIL))
    packed, events = run(packed, b3, AddToPack("c1", OIL))
    assert flasks(packed, "c1") == 2
    assert texts(events) == ["An oil flask goes into Darla's pack (2 oil flasks now)."]
    assert light_state.lights(packed) == light_state.lights(state)


def test_a_new_id_never_reuses_one_in_use(state: State, b3: Ruleset) -> None:
    dropped, _ = run(state, b3, DropLight("l2"))
    packed, _ = run(dropped, b3, AddToPack("c2", "torch"))
    assert [s.id for s in light_state.lights(packed)] == ["l1", "l3", "l2"]


def test_packing_what_makes_no_sense_is_refused(state: State, b3: Ruleset, hc: Ruleset) -> None:
    with pytest.raises(Refused, match="a Light spell is cast, not packed"):
        run(state, b3, AddToPack("c1", "light_spell"))
    with pytest.raises(Refused, match="has no light source 'candle'"):
        run(state, hc, AddToPack("c1", "candle"))
    with pytest.raises(Refused, match="no character 'c9'"):
        run(state, b3, AddToPack("c9", "torch"))
    dead = attrs.evolve(state.party[0], status="dead")
    with pytest.raises(Refused, match="Darla is dead"):
        run(attrs.evolve(state, party=replace_member(state.party, dead)), b3, AddToPack("c1", "torch"))


def test_what_can_be_packed_follows_the_ruleset(b3: Ruleset, hc: Ruleset) -> None:
    assert pack_items(b3) == (("torch", "Torch"), ("lantern", "Lantern"), ("candle", "Candle"), (OIL, "Oil flask"))
    assert pack_items(hc) == (("torch", "Torch"), ("lantern", "Lantern"), (OIL, "Oil flask"))


def test_packs_count_each_members_spares_oil_and_rations(state: State, b3: Ruleset) -> None:
    state = with_lantern(state, b3, oil=2)
    state, _ = run(state, b3, AddToPack("c4", "torch"))
    state = sheet_changed(state, "c1", rations=0)
    assert packs(state) == (
        Pack("c2", (("torch", 1),), 0, 3),
        Pack("c3", (("torch", 1),), 0, 3),
        Pack("c4", (("lantern", 1), ("torch", 1)), 2, 3),
    ), "Darla's lit torch is not a spare, and she has eaten her last Ration"


# ------------------------------------------------------------------------------- Light spell


def test_the_light_spell_burns_six_beats_plus_the_casters_level(state: State, b3: Ruleset) -> None:
    cast, events = run(state, b3, CastLight("c2"))
    spell = light_state.lights(cast)[-1]
    assert (spell.kind, spell.remaining, spell.carrier, spell.lit) == ("light_spell", 7, "c2", True)
    assert sheet_of(cast, "c2").spells_forgotten == 1
    assert texts(events) == [
        "Brannoc casts a Light spell: 7 Beats (6 + 1 for level 1); a spell spent until re-memorized."
    ]
    higher = attrs.evolve(state.character("c4"), level=3)
    cast, _ = run(attrs.evolve(state, party=replace_member(state.party, higher)), b3, CastLight("c4"))
    assert light_state.lights(cast)[-1].remaining == 9


def test_the_light_spell_makes_strong_light_and_ends_like_a_torch(state: State, b3: Ruleset) -> None:
    assert party_light(state, b3).level == "weak"
    cast, _ = run(state, b3, CastLight("c2"))
    assert party_light(cast, b3).level == "strong"
    later, events = run(cast, b3, AdvanceTime(7))
    assert "Brannoc's light spell burns out." in warnings(events)
    assert all(s.kind != "light_spell" for s in light_state.lights(later))


def test_only_a_standing_caster_casts_light_and_only_where_the_rules_have_it(
    state: State, b3: Ruleset, hc: Ruleset
) -> None:
    assert [m.name for m in casters(state, b3)] == ["Brannoc", "Otto Sixfingers"]
    with pytest.raises(Refused, match="Darla casts no spells"):
        run(state, b3, CastLight("c1"))
    down, _ = run(state, b3, ApplyDamage("c2", state.character("c2").hp))
    with pytest.raises(Refused, match="Brannoc is down and casts nothing"):
        run(down, b3, CastLight("c2"))
    with pytest.raises(Refused, match="has no Light spell"):
        run(state, hc, CastLight("c2"))


# ------------------------------------------------------------------------------- corrections


def test_a_correction_is_logged_with_its_reason(state: State, b3: Ruleset) -> None:
    fixed, events = run(state, b3, CorrectLight("l1", "minus", 2, "lit it before the stairs"))
    assert light_state.light(fixed, "l1").remaining == 4
    assert texts(events) == ["Darla's torch corrected from 6 to 4 Beats (lit it before the stairs)."]
    fixed, events = run(fixed, b3, CorrectLight("l1", "plus", 1))
    assert texts(events) == ["Darla's torch corrected from 4 to 5 Beats (no reason given)."]
    fixed, _ = run(fixed, b3, CorrectLight("l2", "set", 3, "damp"))
    assert light_state.light(fixed, "l2").remaining == 3


def test_a_correction_past_full_is_flagged_and_below_zero_stops_at_zero(state: State, b3: Ruleset) -> None:
    over, events = run(state, b3, CorrectLight("l2", "set", 9, "a fat torch"))
    assert events[0].text == "Brannoc's torch corrected from 6 to 9 Beats (a fat torch); more than a fresh source's 6."
    assert events[0].level == "warn", "a slip of the finger must be seen"
    floored, events = run(state, b3, CorrectLight("l2", "minus", 10, "soaked"))
    assert light_state.light(floored, "l2").remaining == 0
    assert events[0].text.endswith("(soaked); stopped at 0.")


def test_a_spells_time_is_not_held_to_a_level_0_casting(state: State, b3: Ruleset) -> None:
    cast, _ = run(state, b3, CastLight("c2"))
    fixed, events = run(cast, b3, CorrectLight(light_state.lights(cast)[-1].id, "plus", 2, "level 3 really"))
    assert light_state.lights(fixed)[-1].remaining == 9
    assert events[0].level == "info"


def test_a_source_put_on_its_last_unit_warns(state: State, b3: Ruleset) -> None:
    _, events = run(state, b3, CorrectLight("l1", "set", 1, "miscounted"))
    assert warnings(events) == ["Darla's torch is running low: 1 Beat left."]
    stub, events = run(state, b3, CorrectLight("l2", "set", 1, "a stub"))
    assert warnings(events) == [], "an unlit spare warns when it is lit, not before"
    _, events = run(stub, b3, Light("l2"))
    assert warnings(events) == ["Brannoc's torch is running low: 1 Beat left."]


def test_a_lit_torch_corrected_to_nothing_goes_out_into_darkness(state: State, b3: Ruleset) -> None:
    out, events = run(state, b3, CorrectLight("l1", "minus", 6, "it was wet"))
    assert light_state.light(out, "l1") == attrs.evolve(light_state.light(state, "l1"), remaining=0, lit=False)
    assert warnings(events) == ["Darla's torch goes out.", DARKNESS]


@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        (CorrectLight("l1", "set", 6), "Darla's torch already has 6 Beats: nothing to correct"),
        (CorrectLight("l1", "minus", -2), "-2 will not do: give 0 or more"),
        (CorrectLight("l1", "times", 2), "correct by plus, minus or set, not 'times'"),
        (CorrectLight("l1", "plus", 0), "already has 6 Beats"),
        (CorrectLight("l9", "plus", 1), "no light source 'l9'"),
    ],
    ids=["no change", "negative", "unknown way", "nothing added", "no such source"],
)
def test_a_correction_that_changes_nothing_or_cannot_be_read_is_refused(
    state: State, b3: Ruleset, action, refusal: str
) -> None:
    with pytest.raises(Refused, match=refusal):
        run(state, b3, action)


# ------------------------------------------------------------------------------------- time


def test_time_burns_every_lit_source_by_the_same_amount(state: State, b3: Ruleset) -> None:
    state = with_lantern(state, b3, lit=True)
    state, _ = run(state, b3, CastLight("c2"))
    later, events = run(state, b3, AdvanceTime(3, "searching the altar"))
    assert events[0].text == "3 Beats pass (searching the altar)."
    assert {s.id: s.remaining for s in light_state.lights(later)} == {"l1": 3, "l2": 6, "l3": 6, "l4": 21, "l5": 4}


@pytest.mark.parametrize(
    ("units", "to_hour", "at"),
    [
        (0, 6, "day 1, 01:00"),
        (1, 5, "day 1, 01:00"),
        (5, 1, "day 1, 01:00"),
        (6, 6, "day 1, 02:00"),
        (143, 1, "day 2, 00:00"),
    ],
)
@pytest.mark.parametrize("ruleset_id", ["hc", "b3"])
def test_to_the_next_hour_from_anywhere_on_the_clock(
    state: State, request, ruleset_id: str, units: int, to_hour: int, at: str
) -> None:
    ruleset: Ruleset = request.getfixturevalue(ruleset_id)
    state = attrs.evolve(state, clock=Clock(units=units))
    assert next_hour(state, ruleset.time) == (to_hour, at)
    later, events = run(state, ruleset, ToNextHour("resting"))
    assert later.clock.units == units + to_hour
    left = {s.id: s.remaining for s in light_state.lights(later)}
    assert left == ({"l1": 6 - to_hour} if to_hour < 6 else {}) | {"l2": 6, "l3": 6}, (
        "the lit torch burns, the spares do not"
    )
    verb = "passes" if to_hour == 1 else "pass"
    assert events[0].text == f"{ruleset.time.label(to_hour)} {verb}, to {at} (resting)."


def test_to_the_next_hour_warns_as_the_torch_runs_low_then_dies(state: State, b3: Ruleset) -> None:
    state = attrs.evolve(state, clock=Clock(units=1))
    low, events = run(state, b3, ToNextHour())
    assert texts(events)[0] == "5 Beats pass, to day 1, 01:00."
    assert warnings(events) == ["Darla's torch is running low: 1 Beat left."]
    dark, events = run(low, b3, ToNextHour("waiting"))
    assert warnings(events) == ["Darla's torch burns out.", DARKNESS]
    assert is_dark(dark) and dark.clock.units == 12


# ------------------------------------------------------------------------- undo and saving


def test_every_light_action_is_undone_exactly(state: State, b3: Ruleset) -> None:
    store = Store(with_lantern(state, b3, lit=True), b3)
    for action in (
        AdvanceTime(4),
        Refill("l4"),
        DropLight("l2"),
        AddToPack("c3", "candle"),
        CastLight("c2"),
        CorrectLight("l1", "set", 5, "recount"),
        ToNextHour(),
    ):
        before = store.state
        store.dispatch(action)
        assert store.state != before
        store.undo()
        assert store.state == before
        store.redo()


def test_oil_is_saved_and_a_negative_count_is_refused(tmp_path: Path, state: State, b3: Ruleset) -> None:
    packed, _ = run(state, b3, AddToPack("c2", OIL))
    files = persist.SaveFiles(tmp_path, "oil")
    persist.write_snapshot(files, packed)
    assert flasks(persist.load_state(files.snapshot), "c2") == 1
    problems = save_check.check_state(with_flasks(packed, "c2", -1))
    assert problems == ["slices.burn_down.flasks.c2: -1 flasks; a count of oil cannot be negative"]
