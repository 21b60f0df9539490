"""Each procedure's object on the screen's side is declared a `ProcedureUI`, so the type check
holds it to every member, and meets it at run time."""

from __future__ import annotations

import importlib

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.ui.procedures import ui_of
from hammertui.kernel.ui.seam import ProcedureUI


def test_every_procedure_with_a_ui_declares_its_object_a_procedure_ui() -> None:
    with_ui = [p for p in registry.every() if p.ui]
    assert with_ui
    for procedure in with_ui:
        module = importlib.import_module(procedure.ui)
        assert module.__annotations__.get("UI") == ProcedureUI.__name__, (
            f"{procedure.name}: UI is not declared a ProcedureUI"
        )
        assert isinstance(ui_of(procedure), ProcedureUI), procedure.name
