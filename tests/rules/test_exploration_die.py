"""The Russell House Rules' exploration die, surprise and reaction, against the text's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import check_ruleset_file
from hammertui.procedures.exploration_die.rules import (
    CAREFUL,
    HOOFING_IT,
    Chances,
    charisma_applies,
    reaction_for,
    result_for,
    surprise,
    surprise_chances,
)
from hammertui.procedures.exploration_die.schema import ExplorationDieRules
from tests.exploration_die_ruleset import RULESET, load


@pytest.fixture(scope="module")
def die(tmp_path_factory: pytest.TempPathFactory) -> ExplorationDieRules:
    rules = load(tmp_path_factory.mktemp("rules")).exploration_die
    assert rules is not None
    return rules


@pytest.mark.parametrize(
    ("face", "result", "name"),
    [
        (1, "encounter", "Random Encounter"),
        (2, "sign", "Environmental Encounter or Sign of Random Encounter"),
        (3, "torches_depleted", "Torches/Candles Depleted"),
        (4, "lantern_pip", "Lanterns Mark 1 Pip"),
        (5, "magic_dissipates", "Magic Dissipates"),
        (6, "tired", "Tired"),
    ],
)
def test_each_face_brings_the_texts_result(die: ExplorationDieRules, face: int, result: str, name: str) -> None:
    """| 1D6 | Exploration Die Result | 1 Random Encounter | 2 Environmental Encounter or Sign of Random
    Encounter | 3 Torches/Candles Depleted | 4 Lanterns Mark 1 Pip (2 Pips to Depletion) | 5 Magic
    Dissipates | 6 Tired - All Characters Mark One Tired Point, Two if Encumbered |"""
    row = result_for(die, face)
    assert (row.id, row.name) == (result, name)


def test_a_careful_party_in_good_light_cannot_be_surprised(die: ExplorationDieRules) -> None:
    """ "When characters move at normal exploration speed, they can normally not be surprised." And
    lit: "it is impossible to surprise NPCs or Monsters unless encountering them through a newly
    opened door, on a roll of 1 in 6"."""
    assert surprise_chances(die.surprise, "lit", CAREFUL) == Chances(party=0, foes=0)
    assert surprise_chances(die.surprise, "lit", CAREFUL, through_door=True) == Chances(party=0, foes=1)


def test_hoofing_it_or_a_sneaky_foe_is_two_in_six(die: ExplorationDieRules) -> None:
    """ "If they are *hoofing it* or if the foe is very sneaky, they have a 2-in-6 chance of being
    surprised.\""""
    assert surprise_chances(die.surprise, "lit", HOOFING_IT).party == 2
    assert surprise_chances(die.surprise, "lit", CAREFUL, sneaky_foe=True).party == 2


@pytest.mark.parametrize("light", ["dark", "dim"])
def test_in_the_dark_or_dim_either_side_is_two_in_six(die: ExplorationDieRules, light: str) -> None:
    """ "Player characters in the dark have a 2 in 6 chance of surprising NPCs or monsters (and vice
    versa)"; "Player characters have a 2 in 6 chance of surprising NPCs or monsters in dim conditions
    (and vice versa)"."""
    assert surprise_chances(die.surprise, light, CAREFUL) == Chances(party=2, foes=2)


def test_a_roll_within_the_chance_surprises() -> None:
    """A 2-in-6 chance: a 1 or a 2 on the d6."""
    assert surprise(Chances(2, 0), 2, 1).who == "party"
    assert surprise(Chances(2, 0), 3, 1).who == "none"
    assert surprise(Chances(0, 2), 6, 1).who == "foes"


def test_both_sides_surprised_cancel() -> None:
    """ "It is possible for both sides to surprise the other, in which case every one stands around
    shocked for a moment but otherwise the surprise is canceled.\""""
    outcome = surprise(Chances(2, 2), 1, 2)
    assert outcome.who == "both" and outcome.free_round == ""


def test_the_side_that_surprises_keeps_a_free_round() -> None:
    """ "A group that surprises another group has a free round to act in any way they choose", and
    held surprise: "if the meeting turns to fighting, the group that surprised the other still gets
    a free round to do as they please before the other side can act.\""""
    assert surprise(Chances(0, 2), 4, 1).free_round == "party"
    assert surprise(Chances(2, 0), 1, 4).free_round == "foes"
    assert surprise(Chances(0, 0), 1, 1).free_round == ""


def test_charisma_does_not_count_when_the_foes_surprise_the_party() -> None:
    """ "a group of NPCs surprising the PCs would not be modified, but if both parties warily approach
    each other and the PCs shout out something re-assuring, the Charisma modifier would apply.\""""
    assert not charisma_applies(surprise(Chances(2, 0), 1, 6))
    assert charisma_applies(surprise(Chances(0, 0), 6, 6))
    assert charisma_applies(surprise(Chances(0, 2), 6, 1))
    assert charisma_applies(surprise(Chances(2, 2), 1, 1))


@pytest.mark.parametrize(
    ("total", "reaction"),
    [
        (-1, "Violent"),
        (2, "Violent"),
        (3, "Angry"),
        (4, "Threat"),
        (5, "Warning"),
        (6, "Guarded"),
        (7, "Neutral"),
        (8, "Neutral"),
        (9, "Positive"),
        (10, "Helpful"),
        (11, "Amicable"),
        (12, "Friendly"),
        (14, "Friendly"),
    ],
)
def test_the_reaction_table(die: ExplorationDieRules, total: int, reaction: str) -> None:
    """ "| 2 or Less | Violent | 3 Angry | 4 Threat | 5 Warning | 6 Guarded | 7 Neutral | 8 Neutral |
    9 Positive | 10 Helpful | 11 Amicable | 12 or More | Friendly |\""""
    assert reaction_for(die.reaction, total) == reaction


def _broken(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in RULESET
    path = tmp_path / "broken.toml"
    path.write_text(RULESET.replace(old, new), encoding="utf-8")
    return check_ruleset_file(path)


def test_a_results_table_missing_a_face_is_refused(tmp_path: Path) -> None:
    problems = _broken(tmp_path, '    { roll = 6, id = "tired", name = "Tired" },\n', "")
    assert any(
        "exploration_die.results: expected result rows covering every roll of 1d6 (1-6) once; no row for 6" in p
        for p in problems
    ), problems


def test_an_unknown_result_is_refused(tmp_path: Path) -> None:
    problems = _broken(tmp_path, 'id = "tired"', 'id = "sleepy"')
    assert any("exploration_die.results[5].id: expected one of" in p for p in problems), problems


def test_a_reaction_stat_that_is_no_stat_is_refused(tmp_path: Path) -> None:
    problems = _broken(tmp_path, 'stat = "CHA"', 'stat = "CHR"')
    assert any("exploration_die.reaction.stat: expected one of the stats" in p for p in problems), problems


def test_every_light_level_needs_a_chance(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "light = { dark = 2, dim = 2, lit = 0 }", "light = { dark = 2, lit = 0 }")
    assert any(
        "exploration_die.surprise.light: expected a chance for each of dark, dim, lit; missing dim" in p
        for p in problems
    ), problems


def test_the_section_is_refused_beside_the_divining_pool(tmp_path: Path) -> None:
    path = tmp_path / "both.toml"
    path.write_text(RULESET.replace('explore = "exploration_die"\ncamp = "none"\n', ""), encoding="utf-8")
    problems = check_ruleset_file(path)
    assert any("exploration_die: read by no procedure of this ruleset" in p for p in problems), problems
