"""The hammercrawl camp procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "camp",
    "hammercrawl_camp",
    "Camp in a Safe Haven: the check, time, free and chosen actions, the encounter roll",
    reads=("camp",),
    needs=(("explore", "divining_pool"), ("characters", "hammercrawl_classes")),
    schema="hammertui.procedures.hammercrawl_camp.schema",
    sections=("camp",),
    state="hammertui.procedures.hammercrawl_camp.state",
    public="hammertui.procedures.hammercrawl_camp.public",
    ui="hammertui.procedures.hammercrawl_camp.pane",
    report="hammertui.procedures.hammercrawl_camp.report",
    dungeon_level=True,
)
