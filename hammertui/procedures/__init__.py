"""The procedures a ruleset chooses from, one package each: its ruleset sections, rules, state, actions, report and screens.

This is the one place that lists them: each package declares its `PROCEDURE`, and importing this
package registers them all, in the order of the parts (the kernel imports it by name on its first
question to the registry, and names no procedure itself).
"""

from hammertui.kernel.rules.procedures import Procedure, register
from hammertui.procedures import (
    burn_down,
    divining_pool,
    exploration_die,
    hammercrawl_camp,
    hammercrawl_classes,
    individual_initiative,
    light_levels,
    russell_characters,
    sides_and_phases,
)

for _package in (
    divining_pool,
    exploration_die,
    hammercrawl_camp,
    burn_down,
    light_levels,
    hammercrawl_classes,
    russell_characters,
    sides_and_phases,
    individual_initiative,
):
    register(_package.PROCEDURE)

# The modifier dice, registered here until each has its package.
for _procedure in (
    Procedure("modifiers", "advantage", "Stacking Advantage and Disadvantage: roll more dice, keep the best or worst"),
    Procedure("modifiers", "beans", "Boons and Banes: extra dice added or taken, by kind"),
    Procedure("modifiers", "double_advantage", "Advantage and double Advantage, never more"),
):
    register(_procedure)
