"""A ruleset file past the loader's limits (a number too long, values nested too deep, an `extends`
id too long for a file name, a chain of too many files) is refused with a message naming the file and
the problem, the same whether it is checked (`--check-ruleset`) or played (`--ruleset FILE`)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.ruleset import RulesetError, check_ruleset_file, load_ruleset
from hammertui.kernel.ruleset.loading import MAX_CHAIN, MAX_ID_LENGTH
from hammertui.kernel.ruleset.toml_file import MAX_DEPTH


def long_number(folder: Path) -> Path:
    path = folder / "long-number.toml"
    path.write_text('extends = "hammercrawl"\n[light.sources.torch]\nduration = ' + "9" * 5000 + "\n")
    return path


def deep_arrays(folder: Path, depth: int = 1000) -> Path:
    path = folder / "deep-arrays.toml"
    path.write_text('extends = "hammercrawl"\nodds = ' + "[" * depth + "]" * depth + "\n")
    return path


def deep_tables(folder: Path, depth: int = 1000) -> Path:
    path = folder / "deep-tables.toml"
    path.write_text('extends = "hammercrawl"\nodds = ' + "{a = " * depth + "1" + "}" * depth + "\n")
    return path


def long_extends(folder: Path) -> Path:
    path = folder / "long-extends.toml"
    path.write_text('extends = "' + "a" * 300 + '"\n')
    return path


def long_chain(folder: Path, files: int = 1200) -> Path:
    for n in range(files):
        parent = f"link{n - 1}" if n else "hammercrawl"
        (folder / f"link{n}.toml").write_text(f'extends = "{parent}"\nname = "Link {n}"\n')
    return folder / f"link{files - 1}.toml"


BEYOND: list[tuple[Callable[[Path], Path], str]] = [
    (long_number, "light.sources.torch.duration: a number of 5000 digits (line 3); expected one within ±"),
    (deep_arrays, f"a value nested more than {MAX_DEPTH} levels deep (line 2); expected at most {MAX_DEPTH}"),
    (deep_tables, f"a value nested more than {MAX_DEPTH} levels deep (line 2); expected at most {MAX_DEPTH}"),
    (long_extends, f"extends: expected a ruleset id of at most {MAX_ID_LENGTH} characters, got one of 300"),
    (long_chain, f"extends: a chain of more than {MAX_CHAIN} rulesets (link1199 -> ... -> link1184 -> link1183)"),
]
CASES = pytest.mark.parametrize(("write", "problem"), BEYOND, ids=[write.__name__ for write, _ in BEYOND])


@CASES
def test_checking_names_the_file_and_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], write: Callable[[Path], Path], problem: str
) -> None:
    path = write(tmp_path)
    assert main(["--check-ruleset", str(path)]) == 1
    out = capsys.readouterr().out
    assert out == f"{path}: {problem}\n" or (out.startswith(f"{path}: ") and problem in out), out


@CASES
def test_playing_by_it_names_the_file_and_the_problem(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    write: Callable[[Path], Path],
    problem: str,
) -> None:
    from hammertui.kernel.ui.app import HammerApp

    monkeypatch.setattr(HammerApp, "run", lambda self: pytest.fail("a broken ruleset was played"))
    path = write(tmp_path)
    assert main(["--saves", str(tmp_path / "saves"), "--ruleset", str(path), "tomb"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"hammertui: {path}: ") and problem in captured.err, captured.err
    assert not (tmp_path / "saves" / "tomb.toml").exists()


@CASES
def test_the_command_prints_no_traceback(tmp_path: Path, write: Callable[[Path], Path], problem: str) -> None:
    path = write(tmp_path)
    command = [sys.executable, "-m", "hammertui", "--saves", str(tmp_path / "saves"), "--ruleset", str(path), "tomb"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and problem in done.stderr, done.stderr
    assert done.stdout == ""


def test_values_nested_just_past_the_limit_are_refused_by_key(tmp_path: Path) -> None:
    """Nested too deep for the rules but not for Python's parser: the same limit, and the key named."""
    problems = check_ruleset_file(deep_arrays(tmp_path, MAX_DEPTH + 2))
    assert problems == [
        f"{tmp_path / 'deep-arrays.toml'}: odds: a value nested more than {MAX_DEPTH} levels deep (line 2);"
        f" expected at most {MAX_DEPTH}"
    ]
    within = check_ruleset_file(deep_tables(tmp_path, MAX_DEPTH - 1))
    assert within and not any("levels deep" in p for p in within), "refused as an unknown key, not for its depth"


def test_a_chain_as_long_as_allowed_loads(tmp_path: Path) -> None:
    top = long_chain(tmp_path, MAX_CHAIN - 1)  # and hammercrawl at its root
    assert load_ruleset(top).id == top.stem
    with pytest.raises(RulesetError, match="a chain of more than"):
        load_ruleset(long_chain(tmp_path, MAX_CHAIN))


def test_an_id_too_long_to_be_a_file_name_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as raised:
        load_ruleset("a" * 300, also=(tmp_path,))
    assert "no ruleset" in str(raised.value) and "expected one of: hammercrawl" in str(raised.value)
