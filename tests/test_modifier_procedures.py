"""Modifier dice are procedures: one package each, found through the registry by the ruleset's
`[modifier_dice] mode`, and no code outside those packages asks which one is in play.

A fourth way of tilting a roll, written here (Dungeon Crawl's 3x6: "For a high difficulty roll,
choose the highest die. For a moderate difficulty roll, choose the middle die. For a low
difficulty roll, choose the lowest die"), registers and tilts a check without an edit to hammertui/.
"""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

from hammertui.kernel.rules import modifiers, procedures
from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll, ScriptedDice
from hammertui.kernel.rules.modifiers import ModifierRules, Section
from hammertui.kernel.rules.procedures import Procedure
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import check_ruleset_file, load_ruleset
from hammertui.procedures.hammercrawl_classes.rules import checks

ROOT = Path(__file__).resolve().parents[1] / "hammertui"
PACKAGES = ("advantage", "beans", "double_advantage")
NAME = "keep_of_three"
AVERAGE = {"STR": 10, "DEX": 10, "CON": 10, "INT": 10, "WIS": 10, "CHA": 10}


@record
class KeepOfThree:
    """Three of the die for every roll of one die: the middle kept, the highest with the roller's
    edge, the lowest against."""

    field_label = "High - Low"
    edge = "the high die"
    pools = False

    def throw(self, source: DiceSource, expr: DiceExpr, net: int, *, low_wins: bool = False) -> Roll:
        if expr.count != 1:
            raise ValueError(f"cannot keep one of three for a {expr} roll")
        dice = tuple(source.roll(expr.sides) for _ in range(3))
        high = -net if low_wins else net
        ordered = sorted(dice)
        kept = ordered[2] if high > 0 else ordered[0] if high < 0 else ordered[1]
        return Roll(f"3x{expr} keep {self._which(high)}", dice, (kept,), expr.modifier)

    def tilt_words(self, expr: DiceExpr, net: int, *, low_wins: bool = False) -> str:
        return f"3d{expr.sides}, the {self._which(-net if low_wins else net)} kept" if net else ""

    def net_words(self, net: int) -> str:
        return f"keep {self._which(net)}" if net else ""

    def condition_words(self, net: int) -> str:
        return self.net_words(net)

    def added_die(self, net: int) -> int | None:
        return None

    def problems(self) -> tuple[tuple[str, str], ...]:
        return ()

    @staticmethod
    def _which(net: int) -> str:
        return "high" if net > 0 else "low" if net < 0 else "middle"


def modifier_rules(section: Section) -> ModifierRules:
    """What this module, named by the registration below, builds for the ruleset's section."""
    return KeepOfThree()


@pytest.fixture
def keep_of_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The procedure registered for this test alone (the registry is put back afterwards), and a
    ruleset on the complete rules that names it."""
    monkeypatch.setattr(procedures, "_REGISTRY", dict(procedures._known()))
    procedures.register(Procedure("modifiers", NAME, "Keep one of three: high, middle or low", rules=__name__))
    path = tmp_path / "keep-of-three.toml"
    path.write_text(
        f'extends = "hammercrawl"\nname = "Keep one of three"\n\n[modifier_dice]\nmode = "{NAME}"\n', encoding="utf-8"
    )
    return path


def test_a_fourth_modifier_procedure_tilts_a_check(keep_of_three: Path) -> None:
    ruleset = load_ruleset(keep_of_three)
    assert not check_ruleset_file(keep_of_three)
    assert ruleset.procedures["modifiers"] == NAME and isinstance(
        modifiers.modifier_rules(ruleset.modifier_dice), KeepOfThree
    )
    moderate = checks.skill_check(ruleset, ScriptedDice([4, 15, 9]), stats=AVERAGE, stat="STR", target_id="with_skill")
    assert (moderate.roll.dice, moderate.roll.kept, moderate.success) == ((4, 15, 9), (9,), False)
    high = checks.skill_check(
        ruleset, ScriptedDice([4, 15, 9]), stats=AVERAGE, stat="STR", target_id="with_skill", net=1
    )
    assert (high.roll.kept, high.success) == ((15,), True)
    assert "keep high: the table's call" in high.reasons
    assert checks.tilt_words(ruleset, DiceExpr(1, 20), -1) == "3d20, the low kept"


def test_a_roll_won_low_keeps_the_low_die_for_the_roller(keep_of_three: Path) -> None:
    """A Feat is won low ("try to roll equal to or lower than an ability score"): the roller's edge
    keeps the lowest die ("For a low difficulty roll, choose the lowest die"), a hard one the highest."""
    dice = modifiers.modifier_rules(load_ruleset(keep_of_three).modifier_dice)
    kept = {net: dice.throw(ScriptedDice([5, 1, 4]), DiceExpr(1, 6), net, low_wins=True).kept for net in (1, 0, -1)}
    assert kept == {1: (1,), 0: (4,), -1: (5,)}
    assert dice.throw(ScriptedDice([5, 1, 4]), DiceExpr(1, 6), 1).kept == (5,), "a roll won high keeps the high die"
    assert dice.tilt_words(DiceExpr(1, 6), 1, low_wins=True) == "3d6, the low kept"


@pytest.mark.parametrize(
    ("mode", "net", "faces", "kept", "total", "words"),
    [
        ("advantage", 1, [5, 17], (5,), 5, "2d20, the best kept"),
        ("advantage", -1, [5, 17], (17,), 17, "2d20, the worst kept"),
        ("double_advantage", 2, [5, 17], (5,), 1, "2d20, the best kept, -4"),
        ("double_advantage", -2, [5, 17], (17,), 21, "2d20, the worst kept, +4"),
        ("beans", 1, [9, 3], (9,), 6, "a d4 taken off"),
        ("beans", -1, [9, 3], (9,), 12, "a d4 added"),
    ],
)
def test_each_modifier_procedure_tilts_a_roll_won_low_the_other_way(
    mode: str, net: int, faces: list[int], kept: tuple[int, ...], total: int, words: str
) -> None:
    """For a roll the roller wins low, the edge is the lower die, 4 off at double Advantage, a Boon
    die taken off: each way's favour turned round, and its words with it."""
    section = load_ruleset("hammercrawl").modifier_dice
    dice = modifiers.modifier_rules(attrs.evolve(section, mode=mode, bean_dice=(4, 6, 8, 10, 12, 20)))
    thrown = dice.throw(ScriptedDice(faces), DiceExpr(1, 20), net, low_wins=True)
    assert (thrown.kept, thrown.total) == (kept, total)
    assert dice.tilt_words(DiceExpr(1, 20), net, low_wins=True) == words


def test_each_modifier_procedure_is_its_package_s() -> None:
    """The three are registered by their packages and built by the module each names."""
    for name in PACKAGES:
        procedure = procedures.procedure("modifiers", name)
        assert procedure.rules == f"hammertui.procedures.{name}.rules"
    assert procedures.names("modifiers")[:3] == PACKAGES


MODIFIER_NAMES = frozenset(PACKAGES)


def _names_compared(node: ast.Compare) -> set[str]:
    found = set()
    for side in (node.left, *node.comparators):
        elements = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
        found |= {e.value for e in elements if isinstance(e, ast.Constant) and e.value in MODIFIER_NAMES}
    return found


def test_no_code_outside_the_packages_asks_which_modifier_dice_are_in_play() -> None:
    """No comparison against a modifier procedure's name (`mode == "beans"`, `mode in (...)`) but in
    its own package: the rest asks the procedure the ruleset names."""
    assert _names_compared(ast.parse('mode == "beans"').body[0].value)  # type: ignore[attr-defined]
    assert _names_compared(ast.parse('mode in ("advantage", "double_advantage")').body[0].value)  # type: ignore[attr-defined]
    own = {ROOT / "procedures" / name for name in PACKAGES}
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if any(folder in path.parents for folder in own):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and _names_compared(node):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: {sorted(_names_compared(node))}")
    assert not found, "\n".join(found)
