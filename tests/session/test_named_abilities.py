"""A character's abilities are the ones the ruleset names: a ruleset that renames a stat plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.ui.app import make_app
from tests.lucky_ruleset import loader, lucky


@pytest.mark.xfail(raises=TypeError, strict=True, reason="a character holds six fixed stats")
def test_a_ruleset_renaming_a_stat_passes_its_check_and_opens_a_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "mine"
    path = lucky(own)
    assert main(["--check-ruleset", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: OK\n"
    app = make_app(tmp_path / "saves", "Tuesday", "lucky", seed=3, ruleset_loader=loader(own))
    assert app.store is not None and app.store.ruleset.id == "lucky"
