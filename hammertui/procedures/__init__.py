"""The procedures a ruleset chooses from, one package each: its ruleset sections, rules, state,
actions, report and screens.

This is the one place that lists them: each package declares its `PROCEDURE`, and `PROCEDURES`
holds them in the order of the parts. The registry imports this package by name on its first
question and registers them; the kernel names no procedure itself.
"""

from hammertui.kernel.rules.registration import Procedure
from hammertui.procedures import (
    advantage,
    beans,
    burn_down,
    divining_pool,
    double_advantage,
    exploration_die,
    hammercrawl_camp,
    hammercrawl_classes,
    individual_initiative,
    light_levels,
    russell_characters,
    sides_and_phases,
)

PROCEDURES: tuple[Procedure, ...] = (
    divining_pool.PROCEDURE,
    exploration_die.PROCEDURE,
    hammercrawl_camp.PROCEDURE,
    burn_down.PROCEDURE,
    light_levels.PROCEDURE,
    hammercrawl_classes.PROCEDURE,
    russell_characters.PROCEDURE,
    sides_and_phases.PROCEDURE,
    individual_initiative.PROCEDURE,
    advantage.PROCEDURE,
    beans.PROCEDURE,
    double_advantage.PROCEDURE,
)
