"""The procedures a ruleset chooses from, one per part of play, registered in this one place.

A ruleset names, in its `[procedures]` table, how the party explores, how light is spent, how
characters are made, how a fight runs and whether the party camps; its `[modifier_dice] mode` is the
procedure for modifier dice. Each procedure is one unit across the three layers: its rules, the
module of its slice of the session state (`state`) and the module of its pane and commands (`ui`).
Those are named by module path and imported only by the layer that needs them, so the rules stay
free of the session and the screen. Each procedure declares itself in its own package
(`PROCEDURE`, `rules/registration.py`), and the procedures package (`HOME`) lists those there are
(`PROCEDURES`); the registry imports it by name and registers them on the first question asked of
it, so the kernel knows where procedures live but not which there are. A procedure added
elsewhere (a house procedure, a test's) registers itself with `register` without touching any
other procedure's files.
"""

from __future__ import annotations

import functools
import importlib

from hammertui.kernel.rules.registration import Procedure

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


HOME = "hammertui.procedures"
"""The package listing every procedure there is (`PROCEDURES`)."""

_REGISTRY: dict[tuple[str, str], Procedure] = {}


@functools.cache
def _register_home() -> None:
    for declared in importlib.import_module(HOME).PROCEDURES:
        register(declared)


def _known() -> dict[tuple[str, str], Procedure]:
    """The registry, the procedures package's registered on the first question."""
    _register_home()
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
