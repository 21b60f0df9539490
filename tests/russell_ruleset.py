"""A ruleset for the tests of the Russell House Rules' characters: the complete rules with the
characters made, carried and wearied by the Russell text, the numbers quoted from it. The complete
rules' Divining Pool, camp and fight read their own classes' rules, so it plays without them; the
sections they read go before `[procedures]`, where `individual_initiative_ruleset` takes none of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

RULESET = """\
extends = "hammercrawl"
name = "The complete rules, with Russell House Rules characters"

[divining]
_replace = true

[explore]
_replace = true

[search]
_replace = true

[camp]
_replace = true

[combat]
_replace = true

[procedures]
explore = "none"
camp = "none"
characters = "russell_characters"
fight = "none"

[stats]
modifiers = [
    { from = 3, to = 3, mod = -3 },
    { from = 4, to = 6, mod = -2 },
    { from = 7, to = 8, mod = -1 },
    { from = 9, to = 12, mod = 0 },
    { from = 13, to = 15, mod = 1 },
    { from = 16, to = 17, mod = 2 },
    { from = 18, to = 18, mod = 3 },
]

[russell_characters]
attribute_dice = "3d6"
attribute_rolls = 7
in_order = false
hit_die = "1d6"
least_hp = 1
weapon_skill = 1
bow_skill = 1
unarmoured_ac = 10
armour = { light = 7, medium = 5, heavy = 3 }
shield_better = 1
just_in_time_skills = 3
skill_die = "1d6"
skill_target = 6
save_die = "1d20"
coins = "3d6"
coins_times = 10
kit = [
    { id = "blanket", name = "Blanket", slots = 1 },
    { id = "waterskin", name = "Waterskin", slots = 1, usage = 6 },
    { id = "rations", name = "Rations", slots = 1, count = 3 },
    { id = "flint", name = "Flint & Tinder", slots = 0 },
]
ration = "rations"
water = "waterskin"
usage_dice = [20, 12, 10, 8, 6, 4]
step_down_on = 2
most_slots = "3/2"
tired_pips = 3
burdened_pips = 2
share_most = 8
practice_marks = 3
templates = []

[decisions.russell_assigning]
title = "Assigning a rolled party"
text = "A new session's party sets aside each member's lowest roll (the last, among equals) and \
takes the other six in rolling order, STR to CHA."
quote = "Roll 3d6 seven times and assign six of the results as you like."
source = "Russell House Rules, Making a Character"

[decisions.russell_dexterity]
title = "Dexterity and AC"
text = "The DEX modifier moves AC both ways, armoured or not: one better (lower) per point above 0, \
one worse per point below."
quote = "a positive modifier improving AC, and a negative modifier lowering it - careful not to get \
mixed up since AC is descending"
source = "Russell House Rules, Attributes: Dexterity"

[decisions.russell_least_hp]
title = "Least starting HP"
text = "1d6 + CON modifier below 1 starts at 1."
quote = "Roll 1d6 and add your Constitution modifier."
source = "Russell House Rules, Determine Starting HP"

[decisions.russell_shared_ration]
title = "A shared Ration and the Wearied"
text = "A shared Ration erases a Tired pip only for those not Wearied; each who shares drinks from \
their own water, rolling its usage die."
quote = "Wearied characters may erase all Tired pips and remove their condition by spending an \
exploration turn eating a full ration each and drinking water."
source = "Russell House Rules, Removing Tiredness and Weariness"
"""


def write(folder: Path, text: str = RULESET) -> Path:
    path = folder / "russell-people.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def russell_file(tmp_path: Path) -> Iterator[Path]:
    yield write(tmp_path)
