"""The shipped Russell House Rules: the procedures the text plays, only the sections they read,
and each decision where the text is silent quoting the text it reads."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hammertui.kernel.rules import procedures
from hammertui.kernel.ruleset import Ruleset, load_ruleset
from tests import exploration_die_ruleset, individual_initiative_ruleset, light_levels_rules, russell_ruleset


@pytest.fixture(scope="module")
def rhr() -> Ruleset:
    return load_ruleset("russell-house-rules")


def test_it_plays_the_russell_procedures_in_turns(rhr: Ruleset) -> None:
    """ "play is broken down into turns"; "If you ever have double advantage, roll two, keep the
    better, and improve the roll by 4.\""""
    assert rhr.procedures == {
        "explore": "exploration_die",
        "camp": "none",
        "light": "light_levels",
        "characters": "russell_characters",
        "fight": "individual_initiative",
        "modifiers": "double_advantage",
    }
    assert (rhr.time.unit, rhr.time.unit_plural) == ("turn", "turns")
    assert rhr.extends is None


def test_it_holds_only_the_sections_its_procedures_read(rhr: Ruleset) -> None:
    """Beside the sections every ruleset has, only what its procedures read: no classes, tiers,
    traps or hirelings of the complete rules."""
    assert rhr.source is not None
    sections = {key for key, value in tomllib.loads(rhr.source.read_text()).items() if isinstance(value, dict)}
    read = {
        section
        for part, name in rhr.procedures.items()
        if name != procedures.NONE
        for section in procedures.procedure(part, name).reads
    }
    assert sections - {"decisions"} == read | {"procedures", "modifier_dice", "time", "stats"}


def test_the_attribute_modifiers_are_the_texts(rhr: Ruleset) -> None:
    """ "| 3 | -3 | 4-6 | -2 | 7-8 | -1 | 9-12 | 0 | 13-15 | +1 | 16-17 | +2 | 18 | +3 |\""""
    assert [rhr.stat_mod(score) for score in range(3, 19)] == [-3, -2, -2, -2, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3]


def test_every_decision_quotes_the_text(rhr: Ruleset) -> None:
    unquoted = [
        topic for topic, d in rhr.decisions.items() if not (d.quote and d.source.startswith("Russell House Rules"))
    ]
    assert not unquoted


def test_it_keeps_every_decision_its_procedures_tests_took(tmp_path: Path, rhr: Ruleset) -> None:
    loaded = [
        exploration_die_ruleset.load(tmp_path),
        light_levels_rules.load(tmp_path),
        load_ruleset(russell_ruleset.write(tmp_path)),
        individual_initiative_ruleset.load(tmp_path),
    ]
    hammercrawl = load_ruleset("hammercrawl").decisions
    for ruleset in loaded:
        for topic, decision in ruleset.decisions.items():
            if topic not in hammercrawl:
                assert rhr.decisions[topic].text == decision.text, topic
