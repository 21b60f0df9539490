"""The README's picture is made by a script from the app as it is, so it can always be remade."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path):  # type: ignore[no-untyped-def]
    loader = importlib.machinery.SourceFileLoader(path.name, str(path))
    spec = importlib.util.spec_from_loader(path.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


async def test_the_screenshot_script_draws_the_dashboard(tmp_path: Path) -> None:
    script = load_script(ROOT / "docs" / "screenshot")
    svg = await script.take(tmp_path)
    assert svg.startswith("<svg")
    assert "Sunless" in svg and "Party" in svg


def test_the_readme_shows_the_picture_the_script_makes() -> None:
    script = load_script(ROOT / "docs" / "screenshot")
    assert f"({script.PICTURE.relative_to(ROOT)})" in (ROOT / "README.md").read_text()
    assert script.PICTURE.exists()
