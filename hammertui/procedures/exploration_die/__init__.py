"""The exploration die procedure: everything of it, by layer."""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "explore",
    "exploration_die",
    "The exploration die: a turn, a d6 in the open, and what its face brings",
    reads=("exploration_die",),
    schema="hammertui.procedures.exploration_die.schema",
    sections=("exploration_die",),
    state="hammertui.procedures.exploration_die.state",
    public="hammertui.procedures.exploration_die.public",
    ui="hammertui.procedures.exploration_die.pane",
    report="hammertui.procedures.exploration_die.report",
    hooks="hammertui.procedures.exploration_die.actions",
)
