"""The divining pool procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "explore",
    "divining_pool",
    "The Divining Pool: a pool built and rolled for each room, its symbols spent step by step",
    reads=("divining", "explore"),
    needs=(("fight", "sides_and_phases"), ("characters", "hammercrawl_classes")),
    schema="hammertui.procedures.divining_pool.schema",
    sections=("divining", "explore", "search"),
    state="hammertui.procedures.divining_pool.state",
    public="hammertui.procedures.divining_pool.public",
    ui="hammertui.procedures.divining_pool.pane",
    report="hammertui.procedures.divining_pool.report",
    dungeon_level=True,
)
