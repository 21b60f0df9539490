"""The russell characters procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "characters",
    "russell_characters",
    "The Russell House Rules: 3d6 seven times, usage dice, gear slots, Tired pips and Weariness",
    reads=("stats", "russell_characters"),
    roles=("strength", "dexterity", "constitution", "intelligence", "wisdom"),
    needs=(("fight", "individual_initiative"),),
    schema="hammertui.procedures.russell_characters.schema",
    sections=("russell_characters",),
    state="hammertui.procedures.russell_characters.state",
    public="hammertui.procedures.russell_characters.public",
    ui="hammertui.procedures.russell_characters.pane",
    report="hammertui.procedures.russell_characters.report",
)
