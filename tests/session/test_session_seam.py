"""Each stateful procedure's object on the session's side is declared as its part's protocol, so
the type check holds it to its part's hooks, and meets that protocol at run time."""

from __future__ import annotations

import importlib

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.session import seam
from hammertui.kernel.session.procedures import Signal, session_of


def test_every_stateful_procedure_declares_its_object_as_its_parts_protocol() -> None:
    stateful = [p for p in registry.every() if p.state]
    assert stateful
    for procedure in stateful:
        module = importlib.import_module(procedure.hooks or procedure.state)
        protocol = seam.PARTS[procedure.part]
        assert module.__annotations__.get("SESSION") == protocol.__name__, (
            f"{procedure.name}: SESSION is not declared a {protocol.__name__}"
        )
        assert isinstance(session_of(procedure), protocol), procedure.name


def test_every_signal_heard_is_a_signal() -> None:
    for procedure in registry.every():
        if procedure.state:
            for heard in session_of(procedure).hears:  # type: ignore[union-attr]
                assert issubclass(heard.kind, Signal) and heard.kind is not Signal, (procedure.name, heard.kind)


def test_every_report_section_is_declared_a_report_section() -> None:
    with_report = [p for p in registry.every() if p.report]
    assert with_report
    for procedure in with_report:
        module = importlib.import_module(procedure.report)
        assert module.__annotations__.get("REPORT") == seam.ReportSection.__name__, procedure.name
        assert callable(module.REPORT), procedure.name
