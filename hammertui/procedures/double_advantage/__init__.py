"""Advantage and double Advantage (the Russell House Rules): two dice, the better kept, and 4 more
at double; never more than double."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "modifiers",
    "double_advantage",
    "Advantage and double Advantage, never more",
    rules="hammertui.procedures.double_advantage.rules",
)
