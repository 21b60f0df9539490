"""Hostile keymaps and folders of one's own rulesets, a bounded share of what `bench/hostile` runs:
every keymap refused with a message naming it or loaded with the palette and quitting on their keys;
every folder listed, its broken entries named, no control character printed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from hammertui.kernel.ruleset import rulesets_dir

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from hostile_config import (  # noqa: E402
    ENTRY_KINDS,
    KEYMAP_KINDS,
    Variant,
    folder_variants,
    keymap_variants,
    open_folder,
    open_keymap,
)

SHIPPED = (rulesets_dir() / "hammercrawl.toml").read_bytes()


@pytest.mark.parametrize("kind", KEYMAP_KINDS)
def test_each_special_keymap_is_refused_or_left_out(tmp_path: Path, kind: str) -> None:
    assert open_keymap(tmp_path / "k", kind, b"", None) in ("refused", "loaded")


def test_a_folder_of_every_kind_of_entry_is_listed(tmp_path: Path) -> None:
    import json

    assert open_folder(tmp_path, json.dumps(list(ENTRY_KINDS)).encode(), SHIPPED) == "listed"


def test_hostile_keymaps_and_folders(tmp_path: Path) -> None:
    seen: set[str] = set()
    outcomes: list[str] = []

    @settings(max_examples=40, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(keymap_variants(), folder_variants())
    def one(keymap: Variant, folder: Variant) -> None:
        where = tmp_path / str(len(outcomes))
        said = open_keymap(where / "k", keymap[1], keymap[2], seen if len(seen) < 3 else None)
        outcomes.append(said)
        assert not said.startswith("failure"), (keymap[1], said)
        said = open_folder(where / "f", folder[2], SHIPPED)
        assert said == "listed", (folder[1], said)

    one()
    assert "refused" in outcomes
