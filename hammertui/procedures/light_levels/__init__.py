"""The light levels procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "light",
    "light_levels",
    "Light by levels: each source lights and dims so many characters; the exploration die spends it",
    reads=("light_levels",),
    schema="hammertui.procedures.light_levels.schema",
    sections=("light_levels",),
    state="hammertui.procedures.light_levels.state",
    public="hammertui.procedures.light_levels.public",
    ui="hammertui.procedures.light_levels.pane",
    report="hammertui.procedures.light_levels.report",
)
