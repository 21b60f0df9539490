"""Each procedure declares itself in its own package; the procedures package is the one list of
them, and the registry names none: it knows where procedures live, not which there are."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import hammertui.procedures
from hammertui.kernel.rules import procedures as registry


def test_every_procedure_package_registers_the_procedure_it_declares() -> None:
    packages = [info.name for info in pkgutil.iter_modules(hammertui.procedures.__path__) if info.ispkg]
    assert packages, "no procedure package"
    for package in packages:
        declared = importlib.import_module(f"{registry.HOME}.{package}").PROCEDURE
        assert declared.name == package, f"{package} declares {declared.name!r}"
        assert registry.procedure(declared.part, declared.name) is declared
        for layer in (declared.state, declared.ui, declared.report):
            assert not layer or layer.startswith(f"{registry.HOME}.{package}."), f"{package}: {layer} is another's"


def test_the_registry_names_no_procedure() -> None:
    source = Path(registry.__file__).read_text(encoding="utf-8")
    named = [p.name for p in registry.every() if p.name in source]
    assert not named, f"the registry names {named}"
    assert "hammertui.procedures." not in source


def test_every_lists_each_registered_procedure_once_part_by_part() -> None:
    every = registry.every()
    assert [p.part for p in every] == sorted((p.part for p in every), key=list(registry.PARTS).index)
    assert {(p.part, p.name) for p in every} == {
        (part, name) for part in registry.PARTS for name in registry.names(part)
    }
    assert len(every) == len(set(every))


def test_a_procedure_package_imports_the_registration_and_not_the_registry() -> None:
    """The registry imports the procedures package by name: a package importing it back would
    make a circle."""
    home = Path(hammertui.procedures.__file__).parent
    for init in [home / "__init__.py", *home.glob("*/__init__.py")]:
        source = init.read_text(encoding="utf-8")
        assert "kernel.rules.procedures" not in source, f"{init.relative_to(home)} imports the registry"


def test_each_procedure_names_the_sections_its_schema_holds() -> None:
    """A ruleset knows every section by the name a registration gives it, and reads it with the
    class its schema module holds: the two lists are one."""
    for declared in registry.every():
        held = set(importlib.import_module(declared.schema).SECTIONS) if declared.schema else set()
        assert set(declared.sections) == held, f"{declared.name} names {declared.sections}, its schema holds {held}"
        assert len(declared.sections) == len(held), f"{declared.name} names a section twice"
