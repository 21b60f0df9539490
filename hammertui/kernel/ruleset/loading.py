"""Ruleset files: reading the TOML, folding an `extends` chain, the fingerprint, and the public
ways in (by id, by path, a whole folder, a check that never raises).

`extends = "<id>"` starts from another ruleset (looked up beside the file, then among the shipped
rulesets). Tables merge key by key, recursively; arrays and plain values replace the parent's.
A table holding `_replace = true` replaces the parent's table whole instead of merging (a
variant with different divining dice must not inherit a die it does not have); one holding only
`_replace = true` drops the parent's table (a ruleset that explores by another procedure drops
`[divining]`). A section that no procedure of the ruleset reads is a problem, as is a procedure
whose section is missing (`checks.py`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import tomli

from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.text import control_problems, printable
from hammertui.kernel.ruleset import toml_file
from hammertui.kernel.ruleset.model import Ruleset
from hammertui.kernel.ruleset.report import Report, dotted
from hammertui.kernel.ruleset.schema import RULESET_ID_PATTERN, KeyPath, show

FORMAT_VERSION = 1
IDENTITY_KEYS = ("id", "name", "description", "extends", "format")
"""Who a file is: never inherited from the file it extends."""
MAX_CHAIN = 16
"""The most files an `extends` chain may hold: the shipped rulesets need two."""
MAX_ID_LENGTH = 64
"""The longest ruleset id: a file name the system can always look for."""


class RulesetError(Exception):
    """A ruleset that cannot be used; `problems` holds one line per thing wrong."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def rulesets_dir() -> Path:
    """Where the shipped rulesets live: inside the installed package, else the checkout's folder."""
    here = Path(__file__).resolve()
    packaged = here.parents[2] / "rulesets"
    if packaged.is_dir():
        return packaged
    return here.parents[3] / "rulesets"


def display(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: links in a loop
        return str(path)


_TOML_POSITION = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$", re.S)


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse one file, turning every way it can fail into a RulesetError naming it."""
    shown = display(path)
    return parse_toml(read_text(path, shown), shown)


def read_text(path: Path, shown: str) -> str:
    """The file's text, read within bounds; every way that fails is a RulesetError naming it."""
    try:
        return toml_file.read_bounded(path, toml_file.MAX_RULESET_BYTES, "ruleset").decode("utf-8")
    except toml_file.TomlProblem as exc:
        raise RulesetError([f"{shown}: {problem}" for problem in exc.problems]) from None
    except FileNotFoundError:
        raise RulesetError([f"{shown}: file not found; expected a ruleset .toml file"]) from None
    except IsADirectoryError:
        raise RulesetError([f"{shown}: is a folder; expected a ruleset .toml file"]) from None
    except UnicodeDecodeError as exc:
        raise RulesetError([f"{shown}: byte {exc.start}: expected UTF-8 text"]) from None
    except OSError as exc:
        raise RulesetError([f"{shown}: cannot be read ({exc.strerror or exc}); expected a readable file"]) from None


def parse_toml(text: str, shown: str) -> dict[str, Any]:
    """The text as TOML within bounds; every way that fails is a RulesetError naming the file."""
    try:
        return toml_file.parse(text)
    except toml_file.TomlProblem as exc:
        raise RulesetError([f"{shown}: {problem}" for problem in exc.problems]) from None
    except tomli.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.match(message)
        if found:
            where = f"line {found['line']}, column {found['col']}"
            message = found["msg"]
        else:
            where = "end of file" if "end of document" in message else "somewhere"
            message = message.replace(" (at end of document)", "")
        raise RulesetError([f"{shown}: {where}: expected valid TOML: {message}"]) from None


def _find_file(ruleset_id: str, folders: Sequence[Path]) -> Path | None:
    if len(ruleset_id) > MAX_ID_LENGTH:
        return None  # no file of ours is named so long, and the system may refuse to look
    for folder in folders:
        candidate = folder / f"{ruleset_id}.toml"
        try:
            if candidate.is_file():
                return candidate
        except OSError:
            continue
    return None


@record
class _Layer:
    """One file of an `extends` chain, parsed."""

    path: Path
    shown: str
    data: dict[str, Any]


def _chain(path: Path) -> list[_Layer]:
    """The file and its ancestors, root first; a missing parent, a cycle or a chain longer than
    `MAX_CHAIN` is a RulesetError. Followed in a loop: a chain of any length costs no stack."""
    layers: list[_Layer] = []
    while True:
        layer = _layer(path)
        layers.append(layer)
        parent = _parent(layer)
        if parent is None:
            return layers[::-1]
        chain = [one.path.resolve() for one in layers]
        if parent.resolve() in chain:
            names = " -> ".join([one.path.stem for one in layers] + [parent.stem])
            raise RulesetError(
                [f"{layer.shown}: extends: a cycle ({names}); expected a chain that ends in a ruleset without extends"]
            )
        if len(layers) == MAX_CHAIN:
            raise RulesetError(
                [
                    f"{layers[0].shown}: extends: a chain of more than {MAX_CHAIN} rulesets"
                    f" ({layers[0].path.stem} -> ... -> {layer.path.stem} -> {parent.stem});"
                    f" expected at most {MAX_CHAIN}"
                ]
            )
        path = parent


def _layer(path: Path) -> _Layer:
    """One file of the chain, read, in a format this version reads."""
    shown = display(path)
    data = _read_toml(path)
    fmt = data.get("format", FORMAT_VERSION)
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT_VERSION:
        raise RulesetError(
            [
                f"{shown}: format: expected format {FORMAT_VERSION} or older, got {fmt}:"
                " this file needs a newer hammertui"
            ]
        )
    return _Layer(path, shown, data)


def _parent(layer: _Layer) -> Path | None:
    """The file a layer extends (beside it, then among the shipped rulesets), or None at the root."""
    parent_id = layer.data.get("extends")
    if parent_id is None:
        return None
    shown = layer.shown
    if isinstance(parent_id, str) and len(parent_id) > MAX_ID_LENGTH:
        raise RulesetError(
            [
                f"{shown}: extends: expected a ruleset id of at most {MAX_ID_LENGTH} characters,"
                f" got one of {len(parent_id)}"
            ]
        )
    if not isinstance(parent_id, str) or not RULESET_ID_PATTERN.match(parent_id):
        raise RulesetError(
            [f'{shown}: extends: expected the id of another ruleset, such as "hammercrawl", got {show(parent_id)}']
        )
    parent = _parent_file(layer.path, parent_id)
    if parent is None:
        folders = [layer.path.parent, rulesets_dir()]
        looked = " and ".join(dict.fromkeys(display(f) for f in folders))
        raise RulesetError(
            [
                f"{shown}: extends: expected the id of a ruleset in {looked},"
                f" got {show(parent_id)}: no {parent_id}.toml there"
            ]
        )
    return parent


def _parent_file(path: Path, parent_id: str) -> Path | None:
    """The file an `extends` in `path` names: beside it, else among the shipped rulesets."""
    found = _find_file(parent_id, [path.parent, rulesets_dir()])
    return found.resolve() if found is not None else None


def _merge_layers(layers: Sequence[_Layer]) -> tuple[dict[str, Any], dict[KeyPath, str], list[str]]:
    """Fold the chain: tables merge key by key, arrays and values replace, `_replace` replaces."""
    merged: dict[str, Any] = {}
    origins: dict[KeyPath, str] = {(): layers[-1].shown}
    problems: list[str] = []
    for n, layer in enumerate(layers):
        data = layer.data
        if n < len(layers) - 1:
            data = {k: v for k, v in data.items() if k not in IDENTITY_KEYS}
        merged = _merge(merged, data, layer.shown, (), origins, problems)
    origins[()] = layers[-1].shown
    return merged, origins, problems


def _merge(
    base: dict[str, Any],
    over: dict[str, Any],
    shown: str,
    prefix: KeyPath,
    origins: dict[KeyPath, str],
    problems: list[str],
) -> dict[str, Any]:
    result = dict(base)
    for key, value in over.items():
        path = (*prefix, key)
        if key == "_replace":
            if not isinstance(value, bool):
                problems.append(f"{shown}: {dotted(path)}: expected true or false, got {show(value)}")
            continue
        if isinstance(value, dict):
            replace = value.get("_replace") is True
            if isinstance(result.get(key), dict) and not replace:
                result[key] = _merge(result[key], value, shown, path, origins, problems)
                origins[path] = shown  # a table's own problems (a key missing) are its last editor's
                continue
            _forget(origins, path, isinstance(result.get(key), dict))
            if replace and len(value) == 1:
                result.pop(key, None)  # `_replace = true` alone: the parent's table is dropped
                continue
            result[key] = _merge({}, value, shown, path, origins, problems)
            origins[path] = shown
            continue
        _forget(origins, path, isinstance(result.get(key), dict))
        result[key] = value
        origins[path] = shown
    return result


def _forget(origins: dict[KeyPath, str], path: KeyPath, was_table: bool) -> None:
    """Drop what an earlier layer said under `path`. A path is known whenever anything beneath it
    is (a table is recorded after its keys), so a new key costs nothing to check; only a table has
    anything beneath it, so a value replaced costs nothing to forget."""
    if path not in origins:
        return
    if not was_table:
        del origins[path]
        return
    for known in [p for p in origins if p[: len(path)] == path]:
        del origins[known]


def _ruleset_from_file(path: Path) -> Ruleset:
    """The one way a file becomes a ruleset, to play by or to check: whatever the file holds, what
    goes wrong is a RulesetError naming it, never a traceback."""
    try:
        layers = _chain(path)
        return _read_layers(layers, path)
    except RulesetError:
        raise
    except Exception as exc:  # noqa: BLE001 - a file edited by hand may hold anything
        raise RulesetError([f"{display(path)}: cannot be read as a ruleset ({type(exc).__name__}: {exc})"]) from None


def _read_layers(layers: list[_Layer], path: Path) -> Ruleset:
    from hammertui.kernel.ruleset.checks import cross_check
    from hammertui.kernel.ruleset.structure import read

    data, origins, problems = _merge_layers(layers)
    report = Report(layers[-1].shown, origins, data)
    report.messages.extend(problems)
    report.messages.extend(f"{layers[-1].shown}: {problem}" for problem in control_problems(data))
    try:
        _check_identity(data, report, path.stem)
        ruleset = attrs.evolve(read(data, report), id=path.stem, source=path, digest=_digest(data))
        cross_check(ruleset, report)
    except Exception as exc:  # a stand-in value tripped a later check: report what we have
        if report.messages:
            raise RulesetError(report.messages) from None
        raise RulesetError([f"{layers[-1].shown}: cannot be read as a ruleset ({exc})"]) from None
    if report.messages:
        raise RulesetError(report.messages)
    return ruleset


def _check_identity(data: dict[str, Any], report: Report, file_id: str) -> None:
    """The file's own `id` is its name; `format` is one this version reads."""
    given = data.get("id")
    if given is not None and (not isinstance(given, str) or not RULESET_ID_PATTERN.match(given)):
        report.expected(("id",), "a ruleset id (lower case letters, digits, _ and -)", given)
    elif given is not None and given != file_id:
        report.problem(("id",), f"expected the file's own name {show(file_id)}, got {show(given)}")
    fmt = data.get("format", FORMAT_VERSION)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or not 1 <= fmt <= FORMAT_VERSION:
        report.expected(("format",), f"a format version (1-{FORMAT_VERSION})", fmt)
    extends = data.get("extends")
    if extends is not None and (not isinstance(extends, str) or not RULESET_ID_PATTERN.match(extends)):
        report.expected(("extends",), "a ruleset id (lower case letters, digits, _ and -)", extends)


def rules_data(source: Path) -> dict[str, Any]:
    """The rules a ruleset file holds with its parents folded in, as the fingerprint reads them."""
    data, _, _ = _merge_layers(_chain(source))
    return data


def _digest(data: dict[str, Any]) -> str:
    canonical = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def load_ruleset(id_or_path: str | Path, directory: Path | None = None, also: Sequence[Path] = ()) -> Ruleset:
    """A ruleset by id (looked up in `directory`, else the shipped folder, then in `also`: the
    user's own folders) or by file path."""
    if isinstance(id_or_path, Path) or "/" in id_or_path or "\\" in id_or_path or id_or_path.endswith(".toml"):
        return _ruleset_from_file(Path(id_or_path))
    folders = [directory if directory is not None else rulesets_dir(), *also]
    found = _find_file(id_or_path, folders)
    if found is None:
        looked = " and ".join(display(folder) for folder in folders)
        known = sorted({p.stem for folder in folders if folder.is_dir() for p in folder.glob("*.toml")})
        listed = printable(", ".join(known)) if known else "none"
        raise RulesetError([f"{looked}: no ruleset {show(id_or_path)}; expected one of: {listed}"])
    return _ruleset_from_file(found)


def scan_rulesets(directory: Path | None = None) -> tuple[list[Ruleset], list[str]]:
    """Every ruleset in a folder that loads, sorted by id, and the problems of those that do not."""
    folder = directory if directory is not None else rulesets_dir()
    rulesets: list[Ruleset] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            rulesets.append(_ruleset_from_file(path))
        except RulesetError as exc:
            problems.extend(exc.problems)
    return sorted(rulesets, key=lambda r: r.id), problems


def list_rulesets(directory: Path | None = None) -> list[Ruleset]:
    """Every ruleset in a folder, sorted by id; one broken file fails the list (see scan_rulesets)."""
    rulesets, problems = scan_rulesets(directory)
    if problems:
        raise RulesetError(problems)
    return rulesets


def check_ruleset_file(path: Path) -> list[str]:
    """Every problem with a ruleset file, one line each; [] when it is fine. Never raises."""
    try:
        _ruleset_from_file(Path(path))
    except RulesetError as exc:
        return exc.problems
    return []
