"""The docs say what the code does: the README's picture is made by a script from the app as it is,
so it can always be remade, its commands run as written, and the rulesets guide lists the
procedures as the registry holds them."""

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


def procedure_rows() -> dict[str, tuple[str, list[str]]]:
    """The table of parts in docs/RULESETS.md: each procedure's row by name, its part (carried down
    from the row above where left empty) and its cells."""
    rows: dict[str, tuple[str, list[str]]] = {}
    part = ""
    for line in (ROOT / "docs" / "RULESETS.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 5 or not cells[1].startswith('`"'):
            continue
        part = cells[0].strip("`") or part
        rows[cells[1].strip('`"')] = (part, cells)
    return rows


def test_the_rulesets_guide_lists_every_procedure_with_its_sections_and_needs() -> None:
    """Each registered procedure has its row under its part, naming every section it reads or owns
    (those it may go without in italics), none that another procedure owns, and what it needs."""
    from hammertui.kernel.rules import procedures
    from hammertui.kernel.ruleset.sections import of, owners, registered

    rows = procedure_rows()
    for procedure in registered():
        assert procedure.name in rows, f"docs/RULESETS.md has no row for {procedure.name}"
        part, (_, _, _, needs, reads) = rows[procedure.name]
        assert part == procedure.part, f"{procedure.name} is listed under {part}, plays {procedure.part}"
        own = of(procedure)
        for section in {*procedure.reads, *own}:
            shown = f"*`[{section}]`*" if section not in procedure.reads else f"`[{section}]`"
            assert shown in reads.split(", "), f"{procedure.name}'s row does not name {shown}"
        for section in set(owners()) - {*procedure.reads, *own}:
            assert f"[{section}]" not in reads, f"{procedure.name}'s row names [{section}], another's"
        wanted = ", ".join(f'`{part} = "{name}"`' for part, name in procedure.needs)
        assert needs == wanted, f"{procedure.name} works only with {wanted or 'any'}, its row says {needs or 'any'}"
    assert {"none"} | {p.name for p in registered()} == set(rows)
    assert set(procedures.PARTS) == {part for part, _ in rows.values()}
