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


def test_the_readmes_commands_run_as_written_after_make_run() -> None:
    """`make run` installs into `.venv/`, which is on no one's PATH: every command the README shows
    runs from the checkout as written, and the way to a bare `hammertui` (pipx) is said."""
    readme = (ROOT / "README.md").read_text()
    shown = [line for block in readme.split("```")[1::2] for line in block.splitlines()]
    bare = [line for line in shown if line.startswith(("hammertui ", "python ")) or line == "hammertui"]
    assert not bare, bare
    assert ".venv/bin/hammertui" in readme and "pipx install" in readme


def test_the_readmes_keymap_example_is_taken_whole(tmp_path: Path) -> None:
    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.kernel.ui.keymap import read_keymap

    readme = (ROOT / "README.md").read_text()
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "keymap.toml"
    path.write_text(example, encoding="utf-8")
    keymap, problem = read_keymap(path, load_ruleset("hammercrawl-book3"))
    assert problem is None and keymap["combat.fight"] == "F,ctrl+f"
