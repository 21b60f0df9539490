"""The sides and phases procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "fight",
    "sides_and_phases",
    "Sides roll initiative; each side acts phase by phase",
    reads=("combat",),
    needs=(("characters", "hammercrawl_classes"),),
    schema="hammertui.procedures.sides_and_phases.schema",
    sections=("combat",),
    state="hammertui.procedures.sides_and_phases.state",
    public="hammertui.procedures.sides_and_phases.public",
    ui="hammertui.procedures.sides_and_phases.pane",
    report="hammertui.procedures.sides_and_phases.report",
)
