"""Light by levels, against the Russell House Rules' text: who a source lights, and the light
effects table read by the kind of roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import RulesetError, load_ruleset
from hammertui.procedures.light_levels.rules import (
    DARK,
    DIM,
    LIT,
    RollEffect,
    Shining,
    brightest,
    can_target,
    character_levels,
    mark_pip,
    roll_effect,
)
from hammertui.procedures.light_levels.schema import LightLevels
from tests import light_levels_rules

SEVEN = ("a", "b", "c", "d", "e", "f", "g")


@pytest.fixture
def rules(tmp_path: Path) -> LightLevels:
    section = light_levels_rules.load(tmp_path).light_levels
    assert section is not None
    return section


def test_a_torch_lights_three_and_dims_three_more(rules: LightLevels) -> None:
    """ "**Torches**: Allows three characters to be lit, and three more to have dim light" """
    levels = character_levels(rules, SEVEN, [Shining("torch", "a")])
    assert [levels[c] for c in SEVEN] == [LIT, LIT, LIT, DIM, DIM, DIM, DARK]


def test_a_lantern_lights_two_and_dims_two_more(rules: LightLevels) -> None:
    """ "**Lanterns**: Provide enough light for two characters to be fully lit, and two more to have dim light." """
    levels = character_levels(rules, SEVEN[:5], [Shining("lantern", "a")])
    assert [levels[c] for c in SEVEN[:5]] == [LIT, LIT, DIM, DIM, DARK]


def test_a_candle_dims_its_carrier_alone(rules: LightLevels) -> None:
    """ "**Candles**: Provide dim light to one character in a radius of 10 feet." """
    levels = character_levels(rules, SEVEN[:3], [Shining("candle", "c")])
    assert levels == {"a": DARK, "b": DARK, "c": DIM}


def test_a_source_lights_its_carrier_first_then_the_order(rules: LightLevels) -> None:
    """The text says how many, not who (a ruling): the carrier, then the light order."""
    levels = character_levels(rules, SEVEN, [Shining("torch", "g"), Shining("candle", "f")])
    assert [levels[c] for c in SEVEN] == [LIT, LIT, DIM, DIM, DIM, DIM, LIT]
    down = character_levels(rules, SEVEN[:4], [Shining("lantern", "")])
    assert [down[c] for c in SEVEN[:4]] == [LIT, LIT, DIM, DIM], "a lantern set down lights the order"


def test_no_light_is_the_dark(rules: LightLevels) -> None:
    """ "In the absolute pitch blackness of an underground place with no light sources" """
    assert set(character_levels(rules, SEVEN, []).values()) == {DARK}


def test_the_dark_allows_no_skill_and_doubles_disadvantage(rules: LightLevels) -> None:
    """ "No skill rolls can be attempted, and players suffer double disadvantage on all other rolls,
    including combat, saves, and pursuit rolls." """
    assert roll_effect(rules, DARK, "skill") == RollEffect(False)
    for kind in ("attack", "save", "pursuit", "other"):
        assert roll_effect(rules, DARK, kind) == RollEffect(True, -2), kind


def test_listening_in_the_dark_gains_advantage(rules: LightLevels) -> None:
    """ "**Except for testing Wisdom to listen, which gains advantage" """
    assert roll_effect(rules, DARK, "listen") == RollEffect(True, 1)


def test_dim_light_hinders_skills_and_attacks_and_helps_stealth(rules: LightLevels) -> None:
    """ "In dim conditions, most characters suffer disadvantage on all skill checks and attack rolls.
    The exception is stealth rolls, which are at an advantage in dim conditions." """
    assert roll_effect(rules, DIM, "skill") == RollEffect(True, -1)
    assert roll_effect(rules, DIM, "attack") == RollEffect(True, -1)
    assert roll_effect(rules, DIM, "stealth") == RollEffect(True, 1)
    assert roll_effect(rules, DIM, "save") == RollEffect(True, 0)


def test_hirelings_lose_their_nerve_out_of_the_light(rules: LightLevels) -> None:
    """ "Hirelings take their Guts rolls at a disadvantage in dim conditions." and in the dark
    "Hirelings must make a Guts roll at disadvantage to do anything other than panic or collapse" """
    assert roll_effect(rules, DIM, "guts") == roll_effect(rules, DARK, "guts") == RollEffect(True, -1)
    assert roll_effect(rules, LIT, "guts") == RollEffect(True, 0)


def test_with_adequate_light_there_are_no_penalties(rules: LightLevels) -> None:
    """ "With adequate light, the PCs and their allies receive no penalties" """
    for kind in ("skill", "stealth", "attack", "save", "pursuit", "listen", "other"):
        assert roll_effect(rules, LIT, kind) == RollEffect(True, 0), kind


def test_missile_targeting(rules: LightLevels) -> None:
    """ "no one can be targeted by missile weapons in the dark" ... "individuals can only be targeted at
    close range by missile weapons" ... "**Far**: ... Lit targets can be targeted with ranged weapons,
    but not targets in dim light." """
    assert not can_target(rules, DARK, "close") and not can_target(rules, DARK, "far")
    assert can_target(rules, DIM, "close") and not can_target(rules, DIM, "far")
    assert can_target(rules, LIT, "close") and can_target(rules, LIT, "far")
    with pytest.raises(ValueError, match="no missile range 'near'"):
        can_target(rules, LIT, "near")


def test_the_party_shows_by_its_brightest_light() -> None:
    assert brightest([DARK, DIM, LIT]) == LIT
    assert brightest([DARK, DIM]) == DIM
    assert brightest([DARK]) == brightest([]) == DARK


def test_a_flask_takes_two_pips_to_go_out(rules: LightLevels) -> None:
    """ "A lantern filled with a full flask of oil takes two pips to go out." """
    first = mark_pip(0, rules.flask_pips)
    assert (first.pips, first.out) == (1, False)
    second = mark_pip(first.pips, rules.flask_pips)
    assert (second.pips, second.out) == (2, True)


def test_a_starting_source_the_section_lacks_is_refused(tmp_path: Path) -> None:
    path = light_levels_rules.write(tmp_path)
    path.write_text(path.read_text().replace('start = "torch"', 'start = "brand"'))
    with pytest.raises(
        RulesetError,
        match=r'light_levels.start: expected one of the light sources \(torch, lantern, candle\), got "brand"',
    ):
        load_ruleset(path)


def test_a_roll_kind_the_table_does_not_know_is_refused(tmp_path: Path) -> None:
    path = light_levels_rules.write(tmp_path)
    path.write_text(path.read_text().replace("stealth = 1,", "sneak = 1,"))
    with pytest.raises(RulesetError, match="light_levels.dim.modifiers"):
        load_ruleset(path)
