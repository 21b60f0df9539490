"""The burn down procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "light",
    "burn_down",
    "Light by time: each lit source burns down as the clock moves, and goes out",
    reads=("light",),
    schema="hammertui.procedures.burn_down.schema",
    sections=("light",),
    state="hammertui.procedures.burn_down.state",
    public="hammertui.procedures.burn_down.public",
    ui="hammertui.procedures.burn_down.pane",
    report="hammertui.procedures.burn_down.report",
)
