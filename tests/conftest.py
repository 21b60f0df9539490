"""Shared fixtures: the shipped rulesets, a fresh demo state, and saves that never leave tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.state import State

pytest_plugins = ["pytester", "tests.pilot_crash"]
"""A test file run in a pytest of its own (`tests/test_time_limits.py`); a Pilot test ended at once by
its app's crash (`tests/pilot_crash.py`)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Importing the dashboard pauses the collector until an app's first frame (`ui/heap.py`);
    the tests collect as any process does from the first test on."""
    from hammertui.kernel.ui import heap

    heap.resume_collector()


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may touch a real saves folder, nor read the user's own rulesets or keymap, nor write
    to the user's own state folder (where a crash log goes when the saves folder cannot have it)."""
    monkeypatch.setenv("HAMMERTUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("HAMMERTUI_RULESETS", str(tmp_path / "rulesets"))
    monkeypatch.setenv("HAMMERTUI_KEYMAP", str(tmp_path / "keymap.toml"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture(scope="session")
def b3() -> Ruleset:
    return load_ruleset("hammercrawl-book3")


@pytest.fixture(scope="session")
def hc() -> Ruleset:
    return load_ruleset("hammercrawl")


@pytest.fixture
def state(b3: Ruleset) -> State:
    """The demo party with a fixed seed: four adventurers, one lit torch, two spares."""
    return new_state("test", b3, seed=7)[0]


@pytest.fixture(scope="session")
def b3a() -> Ruleset:
    return load_ruleset("hammercrawl-book3-advantage")
