"""The sections procedures own, found through the registry: the kernel's ruleset names none of them.

A procedure's registration names its schema module (`Procedure.schema`), whose `SECTIONS` maps each
section it owns to the attrs class that reads it (`{"divining": Divining, ...}`). A ruleset holds
those sections only when it plays the procedure; the loader reads them with the kernel's sections.
"""

from __future__ import annotations

import importlib
from typing import Any

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.registration import Procedure

_known: tuple[tuple[str, ...], dict[str, Any]] = ((), {})


def registered() -> list[Procedure]:
    """Every registered procedure, part by part."""
    return [procedures.procedure(part, name) for part in procedures.PARTS for name in procedures.names(part)]


def of(procedure: Procedure) -> dict[str, Any]:
    """The sections one procedure owns, by name (none, where it names no schema module)."""
    if not procedure.schema:
        return {}
    return dict(importlib.import_module(procedure.schema).SECTIONS)


def owned() -> dict[str, Any]:
    """Every registered procedure's sections, by name: read again only when the registry changed
    (a procedure registered since), since a ruleset asks on every section it lacks."""
    global _known
    every = registered()
    schemas = tuple(procedure.schema for procedure in every)
    if schemas != _known[0]:
        found: dict[str, Any] = {}
        for procedure in every:
            found.update(of(procedure))
        _known = (schemas, found)
    return _known[1]
