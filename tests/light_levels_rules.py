"""A ruleset for the tests of light by levels: the complete rules, their light swapped for the
Russell House Rules' (`light_levels`), `[light]` dropped. Each number is the text's."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ruleset import Ruleset, load_ruleset

RULESET = """\
extends = "hammercrawl"
name = "The complete rules, lit by levels"

[procedures]
light = "light_levels"

[light]
_replace = true

[kit]
_replace = true
rations = 3

[light_levels]
# "A full oil flask provides two pips worth of Lantern depletion before running out of fuel."
flask_pips = 2
start = "torch"

[light_levels.sources.torch]
# "Allows three characters to be lit, and three more to have dim light"
name = "Torch"
lights = 3
dims = 3
spent_by = "torches_depleted"

[light_levels.sources.lantern]
# "Provide enough light for two characters to be fully lit, and two more to have dim light."
name = "Lantern"
lights = 2
dims = 2
spent_by = "lantern_pip"

[light_levels.sources.candle]
# "Provide dim light to one character in a radius of 10 feet."
name = "Candle"
dims = 1
spent_by = "torches_depleted"

# | Light Amount | Effect on Skills | Effect on Other Rolls | Surprise Chance | Missile Targeting |
# | Dark         | None allowed     | Double Disadvantage** | 2 in 6          | None              |
# | Dim          | Disadvantage*    | Disadvantage          | 2 in 6          | Close             |
# | Lit          | None             | None                  | None***         | Any               |
[light_levels.lit]
missiles = "any"

[light_levels.dim]
missiles = "close"
modifiers = { skill = -1, attack = -1, stealth = 1, guts = -1 }

[light_levels.dark]
missiles = "none"
forbidden = ["skill", "stealth"]
modifiers = { other = -2, listen = 1, guts = -1 }

[decisions.light_order]
title = "Who the light reaches"
text = "A source lights its carrier first, then those the 'Smith brings nearest, then the party in its order."
quote = "Allows three characters to be lit, and three more to have dim light"
source = "Russell House Rules, Light Sources"

[decisions.dim_other_rolls]
title = "Dim light and other rolls"
text = "The prose names skill checks and attack rolls; the table's other rolls are read as attack \
rolls, so saves are not hindered in dim light."
quote = "In dim conditions, most characters suffer disadvantage on all skill checks and attack rolls."
source = "Russell House Rules, Dim"

[decisions.starting_light]
title = "The party's first light"
text = "Equipment lists are the campaign's: a party starts with one torch, lit, carried by its first member."
quote = "Players begin with 3d6 x 10 base coins and may purchase any equipment on the available \
starting equipment list."
source = "Russell House Rules, Money and Equipment"
"""


def write(folder: Path) -> Path:
    path = folder / "lit-by-levels.toml"
    path.write_text(RULESET, encoding="utf-8")
    return path


def load(folder: Path) -> Ruleset:
    return load_ruleset(write(folder))
