"""What a procedure declares of itself: the record each procedure package holds as `PROCEDURE`.

It stands apart from the registry (`rules/procedures.py`), which imports the procedures package by
name: a package declaring itself imports this module alone, so nothing circles back.
"""

from __future__ import annotations

from hammertui.kernel.rules.records import record


@record
class Procedure:
    """One way of playing a part: the ruleset sections it reads, the procedures of other parts it
    works with (`needs`, as part -> name), and the modules of its state slice and of its screen."""

    part: str
    name: str
    title: str
    reads: tuple[str, ...] = ()
    needs: tuple[tuple[str, str], ...] = ()
    schema: str = ""
    """Module with `SECTIONS`, the attrs class of each ruleset section it owns by the section's name:
    a ruleset holds them only when it plays this procedure (ruleset layer)."""
    sections: tuple[str, ...] = ()
    """The names of the sections its schema module holds: every ruleset knows each procedure's
    sections by name, and imports a schema only for a section it holds (`ruleset/sections.py`)."""
    state: str = ""
    """Module whose `SESSION` is the procedure's object on the session's side: its slice of the
    state and its part's hooks (the protocols of `session/seam.py`)."""
    ui: str = ""
    """Module whose `UI` is the procedure's object on the screen's side: its dashboard pane and
    what the 'Smith can ask of it (`ui/seam.py`)."""
    public: str = ""
    """Module with `FIELDS`: each record of its state slice's fields as public or hidden (`session.public_fields`)."""
    report: str = ""
    """Module whose `REPORT` (a `ReportSection`) makes its section of the session's report (session layer)."""
    rules: str = ""
    """Module of its pure rules; a modifier-dice procedure's holds `modifier_rules(section)`, its
    `hammertui.kernel.rules.modifiers.ModifierRules`."""
    hooks: str = ""
    """Module whose `SESSION` is its object on the session's side, when not the state module: a
    procedure whose signal handlers are actions assembles it there, above its state."""
    roles: tuple[str, ...] = ()
    """The stats it reads by what they play (`constitution`...): a ruleset playing it names a stat
    for each, in `[stats] roles` or by the complete rules' own name (`ruleset/stats.py`)."""
    dungeon_level: bool = False
    """Whether it plays by the dungeon's level (a pool's size, a camp's encounter): the header shows
    the level only for a session with such a procedure."""
