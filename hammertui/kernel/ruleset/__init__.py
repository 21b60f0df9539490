"""Rulesets as data: the TOML format, its attrs classes by section, the loader and its checks.

Every number the rules hand the 'Smith lives in a `rulesets/*.toml` file, so a house rule or a
revision of the game is a new file, not new code. A file is checked whole on load: every problem is
reported at once, each naming the file, the dotted key path (array positions from 0:
`traps.table[4].damage`), what was expected and what was there; nothing but a `RulesetError`
ever leaves the loader.

The format the kernel reads, one module per part (all sections optional unless marked required):

    id, name (required), description, extends, format   who the file is; not inherited  (model)
    [procedures] (required)               the procedure of each part of play           (procedures)
    [modifier_dice], [time] (required)    how a roll is tilted; the exploration unit   (time)
    [stats] (required), [saves]           stat names, rolling, modifiers; saves        (stats)
    [classes.<id>], [class_roll]          every column of a class; the class table     (classes)
    [advancement], [hit_points]           levels, XP, awards; Hit Points by level      (advancement)
    [tiers], [tier_tables], [turn_unholy] tier arithmetic and what hangs on it         (tiers)
    [traps], [skills], [difficulty], [morale]                                          (traps)
    [armour], [hirelings], [encumbrance], [party], [kit]                               (kit)
    [decisions.<topic>]                   where a text is silent, what was chosen      (decisions)

Every other section belongs to the procedure that reads it (`[divining]`, `[explore]` and `[search]`
to the divining pool, `[camp]` to the HAMMERCRAWL! camp, `[light]` to burn-down light, `[combat]` to
sides and phases...): its schema module, named in its registration (`Procedure.schema`), says how
it reads, and the loader finds it through the registry (`sections.py`), so this package imports no
procedure. A ruleset holds a procedure's sections only when it plays that procedure, and is
refused when it holds one it does not play; one without tiers leaves out `[tiers]`, `[tier_tables]`
and `[turn_unholy]`.

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
from hammertui.kernel.ruleset.decisions import Decision
from hammertui.kernel.ruleset.kit import (
    KIT_SUPPLIES,
    ArmourDef,
    ArmourRules,
    Encumbrance,
    HirelingRules,
    HirelingTier,
    PartyRules,
)
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
    "CAMP_FREE",
    "FIRST_LEVEL_HP",
    "FORMAT_VERSION",
    "KIT_SUPPLIES",
    "LEVEL_UP_HP",
    "RESOURCE_REFRESH",
    "STAT_METHODS",
    "ZERO_HP",
    "AdHocAward",
    "Advancement",
    "ArmourDef",
    "ArmourRules",
    "AttackDice",
    "ClassDef",
    "ClassResource",
    "ClassTable",
    "ClassThiefSkills",
    "Decision",
    "DiceProduct",
    "DifficultyMode",
    "DifficultyRules",
    "Encumbrance",
    "HirelingRules",
    "HirelingTier",
    "HitPointRules",
    "InnerStrength",
    "ModifierDice",
    "MoraleRules",
    "NamedTarget",
    "PartyRules",
    "PitFall",
    "Poison",
    "Procedures",
    "Progression",
    "Rage",
    "RandomSkills",
    "Ruleset",
    "RulesetError",
    "SaveRules",
    "SkillRules",
    "Spellcasting",
    "StatModifier",
    "StatRolling",
    "StatRules",
    "SubTable",
    "TableRow",
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
