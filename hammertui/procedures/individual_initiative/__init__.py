"""The individual initiative procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "fight",
    "individual_initiative",
    "Each combatant rolls initiative and acts in turn; Target 20, wounds, Guts",
    reads=("individual_initiative",),
    needs=(("characters", "russell_characters"),),
    schema="hammertui.procedures.individual_initiative.schema",
    sections=("individual_initiative",),
    state="hammertui.procedures.individual_initiative.state",
    public="hammertui.procedures.individual_initiative.public",
    ui="hammertui.procedures.individual_initiative.pane",
    report="hammertui.procedures.individual_initiative.report",
)
