"""The complete rules played by every Russell House Rules procedure there is: the exploration die,
light by levels, Russell characters and the fight by individual initiative. The fight's section
quotes the text's numbers; the others are their own tests' rulesets, put together."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from tests import exploration_die_ruleset, light_levels_rules, russell_ruleset

FIGHT = """\
[individual_initiative]
# "Each character rolls 1d6 and adds their Wisdom modifier."
initiative = "1d6"
initiative_stat = "WIS"
# Heavy weapons "penalize initiative by one"
heavy_initiative = 1
# "rolls 1d20, adds their character's Weapon Skill or Bow Skill, their target's AC, and if the
# total is equal to 20 or higher, they hit their target."
attack_die = "1d20"
target = 20
critical = 20
fumble = 1
# "Monsters follow the same procedure, assuming 1 WS per HD"
monster_ws_per_hd = 1
# "all monster damage is equal to D6 per attack by default"
damage = "1d6"
# "Add your strength modifier to any melee damage rolls." "Add your dexterity modifier to any ranged
# damage rolls."
melee_damage_stat = "STR"
ranged_damage_stat = "DEX"
# "Any armor granting AC better than 5 counts as 5 against crushing weapons."
crushing_ac = 5
# "a miss on an attack roll of 1-5 will hit a random ally involved in the melee"
stray_shot = 5
# Who carries these ("a number of arrows equal to one usage die") shoots unless told otherwise.
missile_gear = ["bow", "sling", "arrows", "bolts"]
save_die = "1d20"
turns = 1
wound_die = "1d6"
wounds_kill = 2
wounds = [
    { roll = 1, name = "Severe Head Wound", conditions = ["helpless", "bleeding_out"] },
    { roll = 2, name = "Severe Gut Wound", conditions = ["helpless", "bleeding_out"] },
    { roll = 3, name = "Nasty Cut", conditions = ["stunned", "bleeding_out"] },
    { roll = 4, name = "Maimed/Broken Limb", conditions = ["stunned"] },
    { roll = 5, name = "Cracked Ribs", conditions = ["stunned"] },
    { roll = 6, name = "Light Head Wound", conditions = ["floored"] },
]
# A wound out of a fight (a trap, a fall) holds these into the next fight (a decision:
# wounds_out_of_a_fight): "Bleeding Out: Player must roll a constitution save every round."
lasting = ["helpless", "bleeding_out"]

[individual_initiative.options]
# "Press: Gain advantage on your attack roll but AC is 4 worse." "When pressing with a Finesse
# weapon, only reduce AC by 2" "Defend: Improve AC by 2, but cannot attack this round."
press_ac_worse = 4
finesse_press_ac_worse = 2
defend_ac_better = 2

[individual_initiative.guts]
dice = "2d6"
# hirelings "have a Guts of 7"; "Hirelings may make Guts rolls (modified by their employer's Charisma)"
hireling = 7
employer_stat = "CHA"
reasons = ["first casualty", "half strength", "leader lost", "something fearful"]

[individual_initiative.bleeding_out]
# "Player must roll a constitution save every round. After three failures, the character dies.
# May be stabilized by an ally rolling 1d6 + Int modifier, with a 6 or higher succeeding."
stat = "CON"
failures = 3
stabilise = "1d6"
stabilise_stat = "INT"
stabilise_target = 6

[decisions.initiative_ties]
title = "Equal initiative"
text = "Combatants with equal initiative act in the order they are listed: the party first, then the foes as entered."
quote = "Characters, NPCs, and Monsters act in descending order of Initiative, which is re-rolled for every round."
source = "Russell House Rules, Initiative"

[decisions.wound_prone]
title = "Prone in the wound table"
text = "A Light Head Wound's Prone is the Floored condition."
quote = "Floored: Knocked prone on the floor."
source = "Russell House Rules, Fighting Conditions"

[decisions.foes_at_zero]
title = "Foes at 0 HP"
text = "Wounds are the characters'; a foe reduced to 0 HP is down and out of the fight."
quote = "Characters that are damaged after being reduced to 0 HP take a wound"
source = "Russell House Rules, Wounds"

[decisions.heavy_initiative]
title = "Who wields a Heavy weapon"
text = "A combatant whose last attack was with a Heavy weapon takes its initiative penalty in the next round."
quote = "Heavy Weapons have advantage on damage, but require two hands to use and penalize initiative by one"
source = "Russell House Rules, Weapon Abilities"

[decisions.helpless_fumble]
title = "A fumble against the Helpless"
text = "A Helpless target is hit without a total to reach, but a natural 1 still misses."
quote = 'A roll of a "1" indicates a fumble, which automatically misses'
source = "Russell House Rules, Critical Hits and Fumbles"

[decisions.light_on_foes]
title = "Whose rolls the light hinders"
text = "The light's modifier dice fall on the party's attacks and saves, each in their own light; \
the foes' attacks are not hindered by it."
quote = "players suffer double disadvantage on all other rolls, including combat, saves, and pursuit rolls"
source = "Russell House Rules, Light: Dark"

[decisions.hireling_guts]
title = "A hireling's Guts and the employer's Charisma"
text = "The employer's Charisma modifier is added to the hireling's Guts of 7; in dim light or the \
dark the 2d6 are thrown twice and the higher total kept."
quote = "Hirelings may make Guts rolls (modified by their employer's Charisma)"
source = "Russell House Rules, Guts Rolls"
"""


def _body(text: str) -> str:
    """A test ruleset without its head: what follows its `[procedures]` table."""
    after = text.split("[procedures]\n", 1)[1]
    return after.split("\n\n", 1)[1]


RULESET = "\n".join(
    (
        'extends = "hammercrawl"',
        'name = "The complete rules, played by the Russell House Rules"',
        "",
        "[procedures]",
        'explore = "exploration_die"',
        'camp = "none"',
        'light = "light_levels"',
        'characters = "russell_characters"',
        'fight = "individual_initiative"',
        "",
        _body(exploration_die_ruleset.RULESET),
        _body(light_levels_rules.RULESET),
        _body(russell_ruleset.RULESET),
        FIGHT,
        "[combat]  # the sides-and-phases fight's, which this ruleset does not play",
        "_replace = true",
        "",
    )
)


def write(folder: Path) -> Path:
    path = folder / "russell-fight.toml"
    path.write_text(RULESET, encoding="utf-8")
    return path


def load(folder: Path) -> Ruleset:
    return load_ruleset(write(folder))
