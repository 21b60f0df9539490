"""A ruleset says the scale its stats are rated on (`[stats] range`): the loader checks it, and a
save is held to the scale of its own ruleset rather than to 3d6's."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import check_ruleset_file, load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.ui.app import make_app
from tests.lucky_ruleset import loader, lucky

SMALL = """\
extends = "hammercrawl"
name = "The complete rules, abilities rated 1 to 6"

[stats]
range = [1, 6]
"""


def _write(folder: Path, text: str, name: str = "small") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_scale_is_3d6_unless_the_ruleset_says(tmp_path: Path) -> None:
    assert load_ruleset("hammercrawl").stat_rules.range == (3, 18)
    assert load_ruleset(_write(tmp_path, SMALL)).stat_rules.range == (1, 6)


@pytest.mark.parametrize(
    ("scale", "problem"),
    [
        ("[6, 1]", "stats.range: expected the lowest score first, no higher than the highest, got 6 then 1"),
        (
            "[1, 2, 3]",
            "stats.range: expected an array of the lowest and highest score, such as [3, 18], got [1, 2, 3] (3 values)",
        ),
    ],
)
def test_a_scale_upside_down_or_not_a_pair_is_refused(tmp_path: Path, scale: str, problem: str) -> None:
    path = _write(tmp_path, SMALL.replace("[1, 6]", scale))
    assert check_ruleset_file(path) == [f"{path}: {problem}"]


def test_a_score_beyond_3d6_is_refused_under_the_complete_rules(tmp_path: Path) -> None:
    """A 2 is no score of the complete rules, whose scale is 3-18: the save is refused by the field."""
    own = tmp_path / "mine"
    lucky(own)
    make_app(tmp_path / "saves", "Tuesday", "lucky", seed=3, ruleset_loader=loader(own))
    files = persist.SaveFiles(tmp_path / "saves", "Tuesday")
    text = files.snapshot.read_text()
    start = text.index("\nSTR = ") + len("\nSTR = ")
    files.snapshot.write_text(text[:start] + "2" + text[text.index("\n", start) :])
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, loader(own))
    assert any(p.endswith(").stats.STR: 2 is outside 3-18") for p in refused.value.problems), refused.value.problems
