"""The type check the suite runs: the kernel and the seam between it and the procedures, strictly,
and each procedure's objects against its part's protocols (configured in pyproject.toml); and that
mypy reads a `@record` class as the attrs class it is.

A procedure's hooks are named, not looked up: one that misspells a hook, answers with the wrong
shape or hears a signal with a handler for another fails here, not silently at the table.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LIGHT = """\
from hammertui.kernel.session.procedures import Buried, Hears, TurnsPassed
from hammertui.kernel.session.seam import LightProcedure
from hammertui.procedures.burn_down import rules, state


class Light:
    slice_type = state.BurnDown
    new_slice = staticmethod(state.new_slice)
    problems = staticmethod(state.problems)
    rules_problems = staticmethod(state.rules_problems)
    hears = (Hears(Buried, state.on_buried),)
    spent_by_time = True
    is_dark = staticmethod(state.is_dark)
    on_time = staticmethod(state.on_time)
    light_level = None
    roll_effect = None
    can_target = None
    burning = staticmethod(state.burning)
    first_events = staticmethod(state.first_events)
    keeping = state.KEEPING
    character_levels = None
    held_sources = staticmethod(state.held_sources)
    stock = staticmethod(state.stock)
    flasks = staticmethod(state.flasks)
    darkness_lines = staticmethod(rules.darkness_lines)


SESSION: LightProcedure = Light()
"""
"""A light procedure's object as burn-down light's is, whole: it passes."""

SPOILT = {
    "misspelt": ("    is_dark = ", "    is_drak = ", "note:     is_dark"),
    "forgotten": ("    light_level = None\n", "", "note:     light_level"),
    "wrong_shape": ("on_time = staticmethod(state.on_time)", "on_time = staticmethod(state.is_dark)", "def on_time("),
    "wrong_signal": ("Hears(Buried, state.on_buried)", "Hears(TurnsPassed, state.on_buried)", 'Argument 2 to "Hears"'),
}
"""The same object spoilt: (what is replaced, by what, what mypy says of it)."""

RECORD = """\
import attrs

from hammertui.kernel.rules.records import record


@record
class Torch:
    turns: int
    lit: bool = False


TORCH = attrs.evolve(Torch(turns=6), lit=True)
TURNS: attrs.Attribute[int] = attrs.fields(Torch).turns
"""
"""A `@record` class made, changed with `attrs.evolve` and read by `attrs.fields`, rightly: it passes."""

SPOILT_RECORDS = {
    "made_wrong": ("Torch(turns=6)", 'Torch(turns="six")', 'Argument "turns" to "Torch" has incompatible type "str"'),
    "evolved_wrong": ("lit=True)", 'lit="yes")', 'Argument "lit" to "evolve" of "Torch" has incompatible type "str"'),
    "declared_wrong": (
        "lit: bool = False",
        'lit: bool = "no"',
        'Incompatible types in assignment (expression has type "str"',
    ),
    "read_wrong": ("Attribute[int]", "Attribute[str]", 'expression has type "Attribute[int]"'),
    "changed": ("TURNS: ", "TORCH.turns = 5\nTURNS: ", 'Property "turns" defined in "Torch" is read-only'),
}
"""The record spoilt: its fields are typed, in `__init__`, `attrs.evolve` and `attrs.fields`, and
it is frozen."""


def mypy(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.timeout(600)
def test_the_kernel_and_the_seam_type_check() -> None:
    """With mypy's own cache in the checkout (which mypy keeps out of git), a run after the first
    reads again only the modules that changed: about a second instead of half a minute."""
    checked = mypy(cache=ROOT / ".mypy_cache")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def spoilt_errors(tmp_path: Path, whole: str, spoilt: dict[str, tuple[str, str, str]]) -> dict[str, list[str]]:
    """What `mypy --strict` says of `whole` and of each spoilt copy of it, by name."""
    modules = {"whole": whole}
    for name, (was, now, _) in spoilt.items():
        assert was in whole, was
        modules[name] = whole.replace(was, now)
    for name, text in modules.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    checked = mypy(
        "--strict",
        "--follow-imports=silent",
        *(str(tmp_path / f"{name}.py") for name in modules),
        cache=tmp_path / "cache",
    )
    said = checked.stdout
    assert checked.returncode == 1, said + checked.stderr
    errors = {
        name: [line for line in said.splitlines() if line.startswith(str(tmp_path / f"{name}.py"))] for name in modules
    }
    assert not errors["whole"], errors["whole"]
    for name, (_, _, why) in spoilt.items():
        assert any(why in line for line in errors[name]), f"{name}: expected {why!r}\n{said}"
    return errors


@pytest.mark.timeout(600)
def test_a_procedure_object_missing_or_misspelling_a_hook_fails_the_check(tmp_path: Path) -> None:
    spoilt_errors(tmp_path, LIGHT, SPOILT)


@pytest.mark.timeout(600)
def test_a_record_given_a_wrong_field_type_fails_the_check(tmp_path: Path) -> None:
    spoilt_errors(tmp_path, RECORD, SPOILT_RECORDS)
