"""The complete rules exploring by the Russell House Rules' exploration die: a ruleset the tests
write out, with the die, the reaction table and the surprise chances as the text gives them."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ruleset import Ruleset, load_ruleset

RULESET = """\
extends = "hammercrawl"
name = "The complete rules, exploring by the exploration die"

[procedures]
explore = "exploration_die"
camp = "none"

[divining]
_replace = true

[explore]
_replace = true

[search]
_replace = true

[camp]
_replace = true

[exploration_die]
die = "1d6"
hoofing_speed = 2
results = [
    { roll = 1, id = "encounter", name = "Random Encounter" },
    { roll = 2, id = "sign", name = "Environmental Encounter or Sign of Random Encounter" },
    { roll = 3, id = "torches_depleted", name = "Torches/Candles Depleted" },
    { roll = 4, id = "lantern_pip", name = "Lanterns Mark 1 Pip" },
    { roll = 5, id = "magic_dissipates", name = "Magic Dissipates" },
    { roll = 6, id = "tired", name = "Tired" },
]

[exploration_die.surprise]
die = "1d6"
hoofing_it = 2
sneaky_foe = 2
light = { dark = 2, dim = 2, lit = 0 }
through_door = 1

[exploration_die.reaction]
dice = "2d6"
stat = "CHA"
table = [
    { roll = 2, name = "Violent" },
    { roll = 3, name = "Angry" },
    { roll = 4, name = "Threat" },
    { roll = 5, name = "Warning" },
    { roll = 6, name = "Guarded" },
    { from = 7, to = 8, name = "Neutral" },
    { roll = 9, name = "Positive" },
    { roll = 10, name = "Helpful" },
    { roll = 11, name = "Amicable" },
    { roll = 12, name = "Friendly" },
]

[decisions.exploration_die_surprise]
title = "Surprise by pace and by light"
text = "The party's chance of being surprised is the best of its pace, a sneaky foe and the light; \
the foe's is the light's, or 1 in 6 through a newly opened door. The spokesman's Charisma counts \
unless the foes caught the party unaware."
quote = "Player characters in the dark have a 2 in 6 chance of surprising NPCs or monsters (and vice versa)"
source = "russell-house-rules.md, Light: Dark"
"""


def write(folder: Path) -> Path:
    path = folder / "exploration-die.toml"
    path.write_text(RULESET, encoding="utf-8")
    return path


def load(folder: Path) -> Ruleset:
    return load_ruleset(write(folder))
