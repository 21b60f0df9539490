"""Boons and Banes (Book Three): net Boons add one Bean die to the total, net Banes take one off,
its size growing with the net."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "modifiers",
    "beans",
    "Boons and Banes: extra dice added or taken, by kind",
    rules="hammertui.procedures.beans.rules",
)
