"""A stub characters procedure, a package outside hammertui: abilities rated on the ruleset's own
scale, HP counted below 0 while a character lies dying.

It declares itself as hammertui's procedures do (`PROCEDURE`); a test registers it, and a ruleset
names it. It reads nothing of the complete rules: no classes, saves, tiers, kit or party roles.
"""

from hammertui.kernel.rules.registration import Procedure

PROCEDURE = Procedure(
    "characters",
    "stub_roster",
    "Abilities on the ruleset's scale, HP below 0 while dying",
    reads=("stats",),
    state="tests.stub_characters.state",
    public="tests.stub_characters.public",
    ui="tests.stub_characters.pane",
)
