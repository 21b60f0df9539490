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


def _saved_with_a_score(tmp_path: Path, score: int) -> persist.SaveFiles:
    """A session of the complete rules whose first character's first stat is set to `score` by hand."""
    own = tmp_path / "mine"
    lucky(own)
    make_app(tmp_path / "saves", "Tuesday", "lucky", seed=3, ruleset_loader=loader(own))
    files = persist.SaveFiles(tmp_path / "saves", "Tuesday")
    text = files.snapshot.read_text()
    start = text.index("\nSTR = ") + len("\nSTR = ")
    end = text.index("\n", start)
    files.snapshot.write_text(text[:start] + str(score) + text[end:])
    return files


def test_a_score_is_held_to_its_rulesets_scale(tmp_path: Path) -> None:
    """A 2 is beyond 3d6: refused by the field under the complete rules, whose scale is 3-18."""
    files = _saved_with_a_score(tmp_path, 2)
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, loader(tmp_path / "mine"))
    assert [p for p in refused.value.problems if ".stats." in p] == [
        next(p for p in refused.value.problems if p.startswith("party[0] (")),
    ]
    assert refused.value.problems[0].endswith(").stats.STR: 2 is outside 3-18")


def test_a_score_on_the_rulesets_own_scale_opens(tmp_path: Path) -> None:
    """The same 2 under a ruleset rating its stats from 1 is a score like any other."""
    files = _saved_with_a_score(tmp_path, 2)
    path = tmp_path / "mine" / "lucky.toml"
    path.write_text(path.read_text().replace("[stats]\n", "[stats]\nrange = [1, 18]\n", 1), encoding="utf-8")
    store = sessions.open_files(files, loader(tmp_path / "mine"))
    assert store.state.party[0].stats["STR"] == 2
