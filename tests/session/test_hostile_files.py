"""Hostile save files: whatever the save check lets through can be drawn, and what it refuses it
refuses with the field and the problem, the file left as it was."""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.persist import SaveError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from hostile_files import Variant, campaign, open_variant, real_save, real_saves, shipped_rulesets  # noqa: E402


def _edited(tmp_path: Path, ruleset_id: str, fighting: bool, edit: Callable[[dict[str, Any]], None]) -> Path:
    files = real_save(tmp_path / "crawl", ruleset_id, fighting)
    data = tomllib.loads(files.snapshot.read_text())
    edit(data)
    files.snapshot.write_text(tomli_w.dumps(data))
    return files.snapshot


def _member(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["party"][0].__setitem__(field, value)


def _sheet(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """The first character's class rules' sheet with `field` set."""
    return lambda data: (
        data["slices"]["hammercrawl_classes"].setdefault("sheets", {}).setdefault("c1", {}).__setitem__(field, value)
    )


def _slice(name: str, field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["slices"][name].__setitem__(field, value)


def _fight(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["slices"]["sides_and_phases"]["fight"].update(changes)


def _camp_plan(**plan: str) -> Callable[[dict[str, Any]], None]:
    """A Camp under way on its free step, with the first character's plan."""
    camping = {"step": "free", "campers": ["c1"], "plans": {"c1": plan}}
    return lambda data: data["slices"]["hammercrawl_camp"].__setitem__("camping", camping)


def _die_roll(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["slices"]["exploration_die"]["rolls"][0].update(changes)


def _met(**changes: str) -> dict[str, Any]:
    """An encounter as the exploration die rolls it, with `changes`."""
    return {"surprised": "none", "free_round": "", "reaction": "Neutral", "reaction_total": 7, **changes}


def _gear(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["slices"]["russell_characters"]["people"]["c1"]["gear"][0].update(changes)


def _pool_plan(field: str, key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["slices"]["divining_pool"]["plan"][field].__setitem__(key, 1)


@pytest.mark.parametrize(
    ("ruleset_id", "fighting", "edit", "said"),
    [
        (
            "hammercrawl-book3",
            False,
            _member("class_id", "wizard"),
            "party[0] (Darla).class_id: HAMMERCRAWL! Book Three (Boons and Banes) has no class 'wizard'",
        ),
        (
            "hammercrawl",
            False,
            _sheet("armour", "mithril"),
            "slices.hammercrawl_classes.sheets.c1 (Darla).armour: HAMMERCRAWL! Complete Rules has no armour 'mithril'",
        ),
        (
            "hammercrawl-book3",
            False,
            _slice("divining_pool", "challenge_level", -5),
            "slices.divining_pool.challenge_level: -5 is outside 1-3",
        ),
        (
            "hammercrawl-book3",
            False,
            _slice("divining_pool", "challenge_level", 10_000),
            "slices.divining_pool.challenge_level: 10000 is outside 1-3",
        ),
        (
            "hammercrawl-book3",
            True,
            _fight(side=""),
            "slices.sides_and_phases.fight.side: a fight on its phase step needs the side acting",
        ),
        (
            "hammercrawl-book3",
            True,
            _fight(round=0),
            "slices.sides_and_phases.fight.round: 0; a fight on its phase step counts rounds from 1",
        ),
        (
            "hammercrawl-book3",
            True,
            _fight(phase="dance"),
            "slices.sides_and_phases.fight.phase: 'dance' is not one of",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["session"].__setitem__("difficulty", "nightmare"),
            "session.difficulty: 'nightmare' is not one of",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["dungeon"].__setitem__("boss_hd", 10**6),
            "dungeon: level 1-100 and boss_hd 0-100",
        ),
        ("russell-house-rules", False, _die_roll(face=99), "slices.exploration_die.rolls[0].face: 99 is outside 1-6"),
        (
            "russell-house-rules",
            False,
            _die_roll(encounter=_met(surprised="everyone")),
            "slices.exploration_die.rolls[0].encounter.surprised: 'everyone' is not one of party, foes, both, none",
        ),
        (
            "russell-house-rules",
            False,
            _die_roll(encounter=_met(free_round="goblins")),
            "slices.exploration_die.rolls[0].encounter.free_round: 'goblins' is not party or foes",
        ),
        (
            "russell-house-rules",
            False,
            _gear(die=7),
            "slices.russell_characters.people.c1.gear[0].die: d7 is not one of Russell House Rules's usage dice",
        ),
        (
            "russell-house-rules",
            False,
            lambda data: data["slices"]["russell_characters"]["people"]["c1"].__setitem__("template", "paladin"),
            "slices.russell_characters.people.c1.template: Russell House Rules has no class template 'paladin'",
        ),
        (
            "russell-house-rules",
            False,
            lambda data: data["slices"]["individual_initiative"].__setitem__(
                "fight", {"round": 1, "order": ["c1"], "options": {"c1": "dance"}}
            ),
            "slices.individual_initiative.fight.options.c1: 'dance' is not one of charge, brace, press, defend",
        ),
        (
            "hammercrawl",
            False,
            lambda data: data["slices"]["burn_down"]["lights"][0].__setitem__("kind", "glowworm"),
            "slices.burn_down.lights[0].kind: HAMMERCRAWL! Complete Rules has no light source 'glowworm'",
        ),
        (
            "russell-house-rules",
            False,
            lambda data: data["slices"]["light_levels"]["sources"][0].__setitem__("kind", "glowworm"),
            "slices.light_levels.sources[0].kind: Russell House Rules has no light source 'glowworm'",
        ),
        (
            "hammercrawl-book3",
            False,
            _camp_plan(free="juggle"),
            "slices.hammercrawl_camp.camping.plans.c1.free: 'juggle' is not one of heal, rememorize, turn_unholy",
        ),
        (
            "hammercrawl-book3",
            False,
            _camp_plan(action="juggle"),
            "slices.hammercrawl_camp.camping.plans.c1.action:"
            " HAMMERCRAWL! Book Three (Boons and Banes) has no camp action 'juggle'",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["slices"]["hammercrawl_camp"]["last_camp"].__setitem__("c1", {"free": "juggle"}),
            "slices.hammercrawl_camp.last_camp.c1.free: 'juggle' is not one of",
        ),
        (
            "hammercrawl-book3",
            False,
            _pool_plan("extra", "mauve"),
            "slices.divining_pool.plan.extra: HAMMERCRAWL! Book Three (Boons and Banes) has no divining die 'mauve'",
        ),
        (
            "hammercrawl-book3",
            False,
            _pool_plan("additions", "ladder"),
            "slices.divining_pool.plan.additions:"
            " HAMMERCRAWL! Book Three (Boons and Banes) has no pool addition 'ladder'",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["slices"]["divining_pool"].__setitem__(
                "bonuses", [{"colour": "mauve", "count": 1, "rooms_left": 1, "reason": "watch"}]
            ),
            "slices.divining_pool.bonuses[0].colour:"
            " HAMMERCRAWL! Book Three (Boons and Banes) has no divining die 'mauve'",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["slices"]["divining_pool"].__setitem__(
                "exploring",
                {
                    "step": "extremes",
                    "pool": {"blue": 1},
                    "reasons": [],
                    "throws": [{"color": "blue", "face": ["dragon"]}],
                    "hammers": 0,
                    "crossblades": 0,
                },
            ),
            "slices.divining_pool.exploring.throws: a blue die shows no face ['dragon']",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["slices"]["divining_pool"]["plan"]["extra"].__setitem__("blue", 5000),
            "slices.divining_pool.plan.extra.blue: 5000 dice by hand; at most 20",
        ),
        (
            "hammercrawl-book3",
            False,
            lambda data: data["slices"]["divining_pool"].__setitem__(
                "bonuses", [{"colour": "blue", "count": 5000, "rooms_left": 1, "reason": "watch"}]
            ),
            "slices.divining_pool.bonuses[0].count: 5000 dice; at most 20",
        ),
    ],
)
def test_a_value_the_rules_cannot_play_is_refused_by_its_field(
    tmp_path: Path, ruleset_id: str, fighting: bool, edit: Callable[[dict[str, Any]], None], said: str
) -> None:
    snapshot = _edited(tmp_path, ruleset_id, fighting, edit)
    before = snapshot.read_bytes()
    with pytest.raises(SaveError) as refused:
        sessions.open_files(sessions.persist.SaveFiles(snapshot.parent, "crawl"), load_ruleset)
    assert any(problem.startswith(said) for problem in refused.value.problems), refused.value.problems
    assert snapshot.read_bytes() == before


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    folder = tmp_path_factory.mktemp("real")
    return folder, real_saves(folder)


@pytest.mark.timeout(300)  # the longest of the suite by design: about 40 s on an idle machine
def test_hostile_variants_are_refused_or_drawn(texts: tuple[Path, dict[str, bytes]], tmp_path: Path) -> None:
    """A bounded run of what `bench/hostile` runs by the thousand, saves and rulesets: the app is
    drawn for the first few sessions that load, the rest are opened only."""
    real, saves = texts
    failures: list[str] = []
    outcomes: list[str] = []
    seen: set[str] = set()
    serial = iter(range(10**6))

    @settings(max_examples=80, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(campaign(saves, shipped_rulesets()))
    def one(variant: Variant) -> None:
        source, what, _ = variant
        outcome = open_variant(tmp_path / f"v{next(serial)}", real, variant, seen if len(seen) < 12 else None)
        outcomes.append(f"{source.split()[0]} {outcome}")
        if outcome.startswith("failure"):
            failures.append(f"{source}, {what}: {outcome}")

    one()
    assert failures == []
    assert any(o.endswith(" drawn") for o in outcomes), "some variants load and are drawn"
    assert any(o.startswith("ruleset ") for o in outcomes), "rulesets are bent too"
