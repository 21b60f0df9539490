"""A user's ruleset that renames a stat: the complete rules with Luck (LUC) for Charisma, and every
reference to CHA in the rules it extends pointed at LUC. It passes `--check-ruleset`, so a session
by it must play."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.ruleset.model import Ruleset

LUCKY = """\
id = "lucky"
extends = "hammercrawl"
name = "The complete rules, with Luck"

[stats]
names = ["STR", "DEX", "CON", "INT", "WIS", "LUC"]

[stats.full_names]
_replace = true
STR = "Strength"
DEX = "Dexterity"
CON = "Constitution"
INT = "Intelligence"
WIS = "Wisdom"
LUC = "Luck"

[saves.stats]
Rally = "LUC"

[classes.halfling]
prime_stats = ["DEX", "LUC"]

[classes.cleric]
prime_stats = ["WIS", "LUC"]
"""


def lucky(folder: Path) -> Path:
    """The ruleset written into `folder`, a folder of the user's own rulesets."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "lucky.toml"
    path.write_text(LUCKY, encoding="utf-8")
    return path


def loader(folder: Path) -> partial[Ruleset]:
    """A ruleset loader that finds the user's rulesets in `folder` beside the shipped ones."""
    return partial(load_ruleset, also=(folder,))
