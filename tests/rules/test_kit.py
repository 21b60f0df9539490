"""The starting kit as data: what the shipped rulesets give, every way a `[kit]` can be wrong, and
the sheet's Gear showing the Bedroll and what came home from town."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.procedures.hammercrawl_classes.rules import sheet
from tests.rules.test_ruleset import one_problem, variant


def test_the_complete_rules_kit(hc: Ruleset) -> None:
    assert hc.kit == {"rations": 3, "torch": 1}
    assert "starting_kit" in hc.decisions


def test_book_three_adds_a_bedroll_to_the_inherited_kit(b3: Ruleset) -> None:
    assert b3.kit == {"rations": 3, "torch": 1, "bedroll": 1}
    assert "Return to Town" in b3.decisions["starting_kit"].text


def test_a_variant_may_change_one_item_and_add_oil_or_a_lantern(tmp_path: Path) -> None:
    kit = load_ruleset(variant(tmp_path, "packed", "[kit]\nrations = 5\noil = 2\nlantern = 1")).kit
    assert kit == {"rations": 5, "torch": 1, "oil": 2, "lantern": 1}


def test_a_kit_is_inherited_and_a_ruleset_without_one_has_none(tmp_path: Path) -> None:
    assert load_ruleset(variant(tmp_path, "bare", "")).kit == {"rations": 3, "torch": 1}
    assert load_ruleset(Path(__file__).parent / "fixtures" / "dim-double.toml").kit == {}


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        ("[kit]\nrations = -1", ("kit.rations", "a number carried of at least 0", "-1")),
        ('[kit]\ntorch = "one"', ("kit.torch", "a number carried", '"one"')),
        ("[kit]\nrations = 2.5", ("kit.rations", "a number carried", "2.5")),
        ("[kit]\nbedroll = 2", ("kit.bedroll", "0 or 1", "got 2")),
        ("[kit]\nrope = 1", ("kit.rope", "unknown supply", "rations, oil, bedroll, torch, lantern")),
        ('kit = "torch"', ("kit", "expected a table", '"torch"')),
    ],
)
def test_a_broken_kit_is_named(tmp_path: Path, body: str, fragments: tuple[str, ...]) -> None:
    one_problem(variant(tmp_path, "broken", body), *fragments)


def test_a_light_spell_is_cast_not_packed(tmp_path: Path) -> None:
    body = (
        '[light.sources.light_spell]\nname = "Light spell"\nduration = 6\nneeds_caster = true\n\n[kit]\nlight_spell = 1'
    )
    one_problem(variant(tmp_path, "spell", body), "kit.light_spell", "set time and needs no caster")


def test_the_sheet_shows_the_bedroll_where_camp_needs_one_and_what_came_home(hc: Ruleset, b3: Ruleset) -> None:
    stats = {s: 10 for s in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}
    facts = sheet.Facts(name="Darla", class_id="fighter", level=1, xp=0, stats=stats, con=10, hp=8, max_hp=8)

    def gear(ruleset: Ruleset, **changes: object) -> dict[str, sheet.Line]:
        sections = sheet.character_sheet(ruleset, attrs.evolve(facts, **changes))
        return {line.label: line for s in sections if s.title == "Gear" for line in s.lines}

    assert "Bedroll" not in gear(hc) and gear(hc)["Coins"].value == "0"
    assert gear(b3)["Bedroll"] == sheet.Line("Bedroll", "none", "Camp heals no HP without one")
    home = gear(b3, bedroll=True, coins=125, items=("Ruby (50 coins)", "Odd scroll"))
    assert home["Bedroll"].value == "yes" and home["Coins"].value == "125"
    assert home["Items"] == sheet.Line("Items", "2", "Ruby (50 coins), Odd scroll")
