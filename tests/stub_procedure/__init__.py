"""A stub explore procedure, a package outside hammertui: a d6 rolled each time the party moves on.

It is laid out as hammertui's own procedures are (its state, actions and pane by layer) and
declares itself the same way (`PROCEDURE`); a test registers it, and a ruleset names it.
"""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "explore",
    "stub_die",
    "A d6 to move on, in the open",
    state="tests.stub_procedure.state",
    ui="tests.stub_procedure.pane",
)
