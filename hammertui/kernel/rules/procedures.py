"""The procedures a ruleset chooses from, one per part of play, registered in this one place.

A ruleset names, in its `[procedures]` table, how the party explores, how light is spent, how
characters are made, how a fight runs and whether the party camps; its `[modifier_dice] mode` is the
procedure for modifier dice. Each procedure is one unit across the three layers: its rules, the
module of its slice of the session state (`state`) and the module of its pane and commands (`ui`).
Those are named by module path and imported only by the layer that needs them, so the rules stay
free of the session and the screen. Each procedure declares itself in its own package
(`PROCEDURE`), and the procedures package (`HOME`) registers those there are; the registry imports
it by name on the first question asked of it, so the kernel knows where procedures live but not
which there are. A procedure added elsewhere (a house procedure, a test's) registers itself with
`register` without touching any other procedure's files.
"""

from __future__ import annotations

import importlib

from hammertui.kernel.rules.records import record

PARTS: dict[str, str] = {
    "explore": "how the party explores",
    "camp": "how the party camps",
    "light": "how light is spent",
    "characters": "how characters are made and what they hold",
    "fight": "how a fight runs",
    "modifiers": "how modifier dice work",
}
"""Each part of play, with what its procedure decides."""

NONE = "none"
"""A part the ruleset does without (no camp, say): nothing of it is drawn, kept or offered."""

OPTIONAL = frozenset({"camp", "light"})


@record
class Procedure:
    """One way of playing a part: the ruleset sections it reads, the procedures of other parts it
    works with (`needs`, as part -> name), and the modules of its state slice and of its screen."""

    part: str
    name: str
    title: str
    reads: tuple[str, ...] = ()
    needs: tuple[tuple[str, str], ...] = ()
    state: str = ""
    """Module whose `SESSION` is the procedure's object on the session's side: its slice of the
    state and its part's hooks (the protocols of `session/seam.py`)."""
    ui: str = ""
    """Module whose `UI` is the procedure's object on the screen's side: its dashboard pane and
    what the 'Smith can ask of it (`ui/seam.py`)."""
    report: str = ""
    """Module whose `REPORT` (a `ReportSection`) makes its section of the session's report (session layer)."""
    dungeon_level: bool = False
    """Whether it plays by the dungeon's level (a pool's size, a camp's encounter): the header shows
    the level only for a session with such a procedure."""


HOME = "hammertui.procedures"
"""The package whose import registers every procedure there is."""

_REGISTRY: dict[tuple[str, str], Procedure] = {}


def _known() -> dict[tuple[str, str], Procedure]:
    """The registry, once the procedures there are have registered themselves."""
    importlib.import_module(HOME)
    return _REGISTRY


def register(procedure: Procedure) -> Procedure:
    """Make a procedure known to rulesets. Registering the same name for a part twice is a mistake,
    unless it is the very same procedure (a module imported again)."""
    if procedure.part not in PARTS:
        raise ValueError(f"no part of play {procedure.part!r}; expected one of: {', '.join(PARTS)}")
    key = (procedure.part, procedure.name)
    known = _REGISTRY.get(key)
    if known is not None and known != procedure:
        raise ValueError(f"a {procedure.part} procedure {procedure.name!r} is already registered")
    _REGISTRY[key] = procedure
    return procedure


def procedure(part: str, name: str) -> Procedure:
    try:
        return _known()[(part, name)]
    except KeyError:
        raise KeyError(f"no {part} procedure {name!r}") from None


def names(part: str) -> tuple[str, ...]:
    """The procedures there are for a part, in the order they were registered."""
    return tuple(name for (p, name) in _known() if p == part)


def every() -> tuple[Procedure, ...]:
    """Every procedure there is, part by part in the order they were registered."""
    return tuple(_known()[(part, name)] for part in PARTS for name in names(part))

