"""Rulesets as data: the TOML format, its attrs classes by section, the loader and its checks.

Every number the rules hand the 'Smith lives in a `rulesets/*.toml` file, so a house rule or a
revision of the game is a new file, not new code. A file is checked whole on load: every problem is
reported at once, each naming the file, the dotted key path (array positions from 0:
`traps.table[4].damage`), what was expected and what was there; nothing but a `RulesetError`
ever leaves the loader.

The format, one module per part (all sections optional unless marked required):

    id, name (required), description, extends, format   who the file is; not inherited  (model)
    [procedures] (required)               the procedure of each part of play           (procedures)
    [modifier_dice], [time] (required)    how a roll is tilted; the exploration unit   (time)
    [stats] (required), [saves]           stat names, rolling, modifiers; saves        (stats)
    [classes.<id>], [class_roll]          every column of a class; the class table     (classes)
    [advancement], [hit_points]           levels, XP, awards; Hit Points by level      (advancement)
    [tiers], [tier_tables], [turn_unholy] tier arithmetic and what hangs on it         (tiers)
    [light]                               light sources, darkness and dim light        (light)
    [light_levels]                        sources counted in characters lit and dimmed (light_levels)
    [divining]                            the Divining Pool's dice, symbols and additions (divining)
    [exploration_die]                     the die of every turn, surprise, reaction     (exploration_die)
    [combat] (required)                   initiative, phases, attack ranks, AC, crits  (combat)
    [camp], [explore], [search]           what camping, exploring, searching do        (exploring)
    [traps], [skills], [difficulty], [morale]                                          (traps)
    [armour], [hirelings], [encumbrance], [party], [kit]                               (kit)
    [russell_characters]                  the Russell House Rules' characters and load  (russell_characters)
    [individual_initiative]               the Russell House Rules' fight, one by one    (individual_initiative)
    [decisions.<topic>]                   where a text is silent, what was chosen      (decisions)

A section that belongs to a procedure (`[divining]`, `[explore]`, `[camp]`, `[light]`,
`[exploration_die]`) is read only when the ruleset plays that procedure, and refused when it does
not; one without tiers leaves out `[tiers]`, `[tier_tables]` and `[turn_unholy]`.

Where a ruleset names a way of playing (a modifier-dice mode, who rolls initiative, a phase, what
0 HP means, a levelling rule, a camp action...), only the names the app plays are accepted, and a
refusal lists them: a ruleset the app cannot play fails on load, not at the table.

`schema.py` holds the words of the format; `structure.py` reads a file's tables with cattrs
(imported on the first load only); `checks.py` checks what crosses sections; `loading.py` reads
files and folds `extends`.
"""

from __future__ import annotations

from hammertui.kernel.ruleset.advancement import (
    FIRST_LEVEL_HP,
    LEVEL_UP_HP,
    AdHocAward,
    Advancement,
    HitPointRules,
)
from hammertui.kernel.ruleset.classes import (
    CAMP_FREE,
    RESOURCE_REFRESH,
    AttackDice,
    ClassDef,
    ClassResource,
    ClassTable,
    ClassThiefSkills,
    InnerStrength,
    Progression,
    Rage,
    Spellcasting,
    SubTable,
    TableRow,
)
from hammertui.procedures.sides_and_phases.schema import (
    ATTACK_KINDS,
    INITIATIVE_WHO,
    PHASES,
    TURN_ORDERS,
    TIE_BREAKS,
    ArmourClass,
    CombatRules,
    Critical,
    SpecialAttacks,
    Initiative,
)
from hammertui.kernel.ruleset.decisions import Decision
from hammertui.procedures.divining_pool.schema.divining import (
    Divining,
    DiviningColour,
    PoolAccrual,
    PoolAddition,
)
from hammertui.procedures.exploration_die.schema import (
    DieResult,
    ExplorationDieRules,
    Reaction,
    ReactionRow,
    Surprise,
)
from hammertui.procedures.divining_pool.schema.exploring import (
    CAMP_ACTIONS,
    EXPLORE_EFFECTS,
    CampEncounter,
    CampRules,
    ExploreOutcome,
    ExploreRules,
    ScoutAhead,
    SearchRules,
    StandWatch,
)
from hammertui.kernel.ruleset.kit import (
    KIT_SUPPLIES,
    ArmourDef,
    ArmourRules,
    Encumbrance,
    HirelingRules,
    HirelingTier,
    PartyRules,
)
from hammertui.procedures.burn_down.schema import LightPenalty, LightRules, LightSourceDef
from hammertui.procedures.light_levels.schema import LEVELS, ROLL_KINDS, LevelEffect, LevelSource, LightLevels
from hammertui.kernel.ruleset.loading import (
    FORMAT_VERSION,
    RulesetError,
    check_ruleset_file,
    list_rulesets,
    load_ruleset,
    rulesets_dir,
    scan_rulesets,
)
from hammertui.kernel.ruleset.model import Ruleset
from hammertui.kernel.ruleset.procedures import Procedures
from hammertui.procedures.individual_initiative.schema import (
    BleedingOut,
    FightingOptions,
    Guts,
    IndividualInitiative,
    WoundRow,
)
from hammertui.procedures.russell_characters.schema import GearDef, Growth, LevelRow, PastTheChart, Recovery, RussellCharacters, RussellHirelings, Template
from hammertui.kernel.ruleset.stats import (
    STAT_METHODS,
    SaveRules,
    StatModifier,
    StatRolling,
    StatRules,
)
from hammertui.kernel.ruleset.tiers import (
    TierRank,
    TierRules,
    TurnUnholy,
    TurnUnholyResult,
)
from hammertui.kernel.ruleset.time import ModifierDice, TimeRules
from hammertui.kernel.ruleset.traps import (
    ZERO_HP,
    DiceProduct,
    DifficultyMode,
    DifficultyRules,
    MoraleRules,
    NamedTarget,
    PitFall,
    Poison,
    RandomSkills,
    SkillRules,
    ThiefSkill,
    Trap,
    TrapRules,
)

__all__ = [
    "ATTACK_KINDS",
    "CAMP_ACTIONS",
    "CAMP_FREE",
    "EXPLORE_EFFECTS",
    "FIRST_LEVEL_HP",
    "FORMAT_VERSION",
    "INITIATIVE_WHO",
    "KIT_SUPPLIES",
    "LEVELS",
    "LEVEL_UP_HP",
    "PHASES",
    "TURN_ORDERS",
    "RESOURCE_REFRESH",
    "ROLL_KINDS",
    "STAT_METHODS",
    "TIE_BREAKS",
    "ZERO_HP",
    "AdHocAward",
    "Advancement",
    "ArmourClass",
    "ArmourDef",
    "ArmourRules",
    "AttackDice",
    "CampEncounter",
    "CampRules",
    "ClassDef",
    "ClassResource",
    "ClassTable",
    "ClassThiefSkills",
    "CombatRules",
    "Critical",
    "SpecialAttacks",
    "Decision",
    "DiceProduct",
    "DieResult",
    "DifficultyMode",
    "DifficultyRules",
    "Divining",
    "DiviningColour",
    "Encumbrance",
    "ExplorationDieRules",
    "GearDef",
    "ExploreOutcome",
    "ExploreRules",
    "HirelingRules",
    "HirelingTier",
    "HitPointRules",
    "InnerStrength",
    "Initiative",
    "LevelEffect",
    "LevelSource",
    "LightLevels",
    "LightPenalty",
    "LightRules",
    "LightSourceDef",
    "ModifierDice",
    "MoraleRules",
    "NamedTarget",
    "PartyRules",
    "PitFall",
    "Poison",
    "PoolAccrual",
    "PoolAddition",
    "Procedures",
    "Progression",
    "Rage",
    "RandomSkills",
    "Reaction",
    "ReactionRow",
    "Recovery",
    "Ruleset",
    "RussellCharacters",
    "RussellHirelings",
    "Growth",
    "LevelRow",
    "PastTheChart",
    "BleedingOut",
    "FightingOptions",
    "Guts",
    "IndividualInitiative",
    "WoundRow",
    "RulesetError",
    "SaveRules",
    "ScoutAhead",
    "SearchRules",
    "SkillRules",
    "Spellcasting",
    "StandWatch",
    "StatModifier",
    "StatRolling",
    "StatRules",
    "SubTable",
    "Surprise",
    "TableRow",
    "Template",
    "ThiefSkill",
    "TierRank",
    "TierRules",
    "TimeRules",
    "Trap",
    "TrapRules",
    "TurnUnholy",
    "TurnUnholyResult",
    "check_ruleset_file",
    "list_rulesets",
    "load_ruleset",
    "rulesets_dir",
    "scan_rulesets",
]
