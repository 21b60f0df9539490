"""The hammercrawl classes procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "characters",
    "hammercrawl_classes",
    "Classes rolled on a table, six stats, saves by quality, levels by XP",
    reads=("stats", "combat"),
    roles=("constitution",),
    needs=(("fight", "sides_and_phases"),),
    state="hammertui.procedures.hammercrawl_classes.state",
    ui="hammertui.procedures.hammercrawl_classes.pane",
    report="hammertui.procedures.hammercrawl_classes.report",
    public="hammertui.procedures.hammercrawl_classes.public",
)
