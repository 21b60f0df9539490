"""Stacking Advantage and Disadvantage (the complete rules; Book Three's Advantage revision): each
net add throws one die more and keeps the best, each net disadd keeps the worst."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "modifiers",
    "advantage",
    "Stacking Advantage and Disadvantage: roll more dice, keep the best or worst",
    rules="hammertui.procedures.advantage.rules",
)
