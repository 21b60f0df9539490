"""A stub fight procedure, a package outside hammertui: the sides take turns in an order set each
round, and an effect lasts until the end of the opponents' next turn, wherever that falls.

It keeps a clock of its own for each side (the turns that side has ended), which an effect counts
on; a test registers it, and a session plays it in place of the fight by sides and phases.
"""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "fight",
    "stub_sides",
    "Sides take turns in an order set each round",
    state="tests.stub_fight.state",
    public="tests.stub_fight.public",
)
