"""The session's side of the procedure seam: each procedure's slice of the state, made and checked.

A procedure that keeps state names a module (`Procedure.state`) holding `SLICE`, the attrs class of
its part of the state, and `new_slice(ruleset, party)`, the slice a new session starts with. The
session holds a slice for each procedure of its ruleset that has one and no other, under the
procedure's name; the save names the procedures it was played by, and the two must agree.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from hammertui.rules import procedures
from hammertui.rules.procedures import Procedure
from hammertui.rules.ruleset import Ruleset


def playing(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named part by part (leaving out a part done without)."""
    return [procedures.procedure(part, name) for part, name in chosen.items() if name != procedures.NONE]


def state_module(procedure: Procedure) -> ModuleType | None:
    return importlib.import_module(procedure.state) if procedure.state else None


def stateful(chosen: Mapping[str, str]) -> list[Procedure]:
    """The procedures named that keep a slice of the state."""
    return [procedure for procedure in playing(chosen) if procedure.state]


def slice_types(chosen: Mapping[str, str]) -> dict[str, type]:
    """The slice class of each procedure that keeps state, by procedure name."""
    types = {}
    for procedure in playing(chosen):
        module = state_module(procedure)
        if module is not None:
            types[procedure.name] = module.SLICE
    return types


def new_slices(ruleset: Ruleset, party: tuple[Any, ...]) -> dict[str, Any]:
    """The slices a new session of `ruleset` starts with."""
    slices = {}
    for procedure in playing(ruleset.procedures):
        module = state_module(procedure)
        if module is not None:
            slices[procedure.name] = module.new_slice(ruleset, party)
    return slices


def mismatch(saved: Mapping[str, str], ruleset: Ruleset) -> list[str]:
    """Where the procedures a session was played by differ from its ruleset's, in the 'Smith's words."""
    problems = []
    for part, name in ruleset.procedures.items():
        was = saved.get(part, procedures.NONE)
        if was != name:
            problems.append(
                f"session.procedures.{part}: this session was played with {was!r}, but {ruleset.name}"
                f" now plays {part} by {name!r}; open it with the ruleset it was played by"
            )
    return problems
