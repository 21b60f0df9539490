"""The sections procedures own, found through the registry: the kernel's ruleset names none of them.

A procedure's registration names the sections it owns (`Procedure.sections`) and its schema module
(`Procedure.schema`), whose `SECTIONS` maps each of them to the attrs class that reads it
(`{"divining": Divining, ...}`). A ruleset holds those sections only when it plays the procedure;
the loader reads them with the kernel's sections. Every section's name is known from the
registrations alone, and a schema module is imported only for a section a ruleset holds: start-up
does not pay for the schemas of the procedures its session does not play.
"""

from __future__ import annotations

import importlib
from typing import Any

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.registration import Procedure

_known: tuple[tuple[Procedure, ...], dict[str, Procedure]] = ((), {})


def registered() -> list[Procedure]:
    """Every registered procedure, part by part."""
    return [procedures.procedure(part, name) for part in procedures.PARTS for name in procedures.names(part)]


def of(procedure: Procedure) -> dict[str, Any]:
    """The sections one procedure owns, by name (none, where it names no schema module)."""
    if not procedure.schema:
        return {}
    return dict(importlib.import_module(procedure.schema).SECTIONS)


def owners() -> dict[str, Procedure]:
    """The procedure owning each section, by the section's name; worked out again only when the
    registry changed (a procedure registered since), since every ruleset made asks."""
    global _known
    every = tuple(registered())
    if every != _known[0]:
        _known = (every, {section: procedure for procedure in every for section in procedure.sections})
    return _known[1]


def section_class(section: str) -> Any:
    """The attrs class that reads `section`, from its owner's schema module."""
    return of(owners()[section])[section]
