"""Who each ruleset of a folder is, from its header alone (`id`, `name`, `description`, `extends`):
what `--list-rulesets` shows. A folder of thousands lists in time and memory that grow with its
files' headers, not with a ruleset built for each; a file that cannot be read, or whose header is
wrong, is named and skipped. The rest of a file is checked when it is played or by
`--check-ruleset`.

Every text shown is made printable first: a header or a file name may hold a terminal's escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.text import CONTROL, printable
from hammertui.kernel.ruleset.loading import FORMAT_VERSION, MAX_ID_LENGTH, RulesetError, display, parse_toml, read_text
from hammertui.kernel.ruleset.schema import RULESET_ID_PATTERN

_FIRST_TABLE = re.compile(r"^[ \t]*\[", re.M)


@record
class Header:
    """A ruleset as a list shows it."""

    id: str
    name: str
    description: str
    extends: str | None
    source: Path


def read_headers(folder: Path) -> tuple[list[Header], list[str]]:
    """The header of each `*.toml` file in `folder`, sorted by id, and one line for each file that
    could not be read as one, naming it."""
    headers: list[Header] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            headers.append(read_header(path))
        except RulesetError as error:
            problems.extend(printable(problem) for problem in error.problems)
    return sorted(headers, key=lambda h: h.id), problems


def read_header(path: Path) -> Header:
    """The file's header, parsed alone when the text before its first table reads as TOML; a
    RulesetError names each thing wrong with it."""
    shown = display(path)
    if len(path.stem) > MAX_ID_LENGTH or not RULESET_ID_PATTERN.match(path.stem):
        raise RulesetError(
            [
                f"{shown}: the file's name is its id:"
                f" expected lower case letters, digits, - and _ (at most {MAX_ID_LENGTH})"
            ]
        )
    text = read_text(path, shown)
    first_table = _FIRST_TABLE.search(text)
    try:
        data = parse_toml(text[: first_table.start()] if first_table else text, shown)
    except RulesetError:
        data = parse_toml(text, shown)  # the header holds a multi-line text that opens with `[`
    problems = list(_problems(data, path.stem))
    if problems:
        raise RulesetError([f"{shown}: {problem}" for problem in problems])
    return Header(path.stem, data["name"], data.get("description", ""), data.get("extends"), path)


def _problems(data: dict[str, Any], file_id: str) -> Iterable[str]:
    given = data.get("id", file_id)
    if given != file_id:
        yield f"id: expected the file's own name {file_id!r}, got {printable(repr(given))}"
    for key in ("name", "description"):
        value = data.get(key, "" if key == "description" else None)
        if not isinstance(value, str) or (key == "name" and not value.strip()):
            yield f"{key}: expected text, got {printable(repr(value))}"
        elif CONTROL.search(value) or (key == "name" and "\n" in value):
            yield f'{key}: "{printable(value)[:60]}" holds a control character; expected plain text'
    extends = data.get("extends")
    if extends is not None and (
        not isinstance(extends, str) or len(extends) > MAX_ID_LENGTH or not RULESET_ID_PATTERN.match(extends)
    ):
        yield (
            f"extends: expected a ruleset id (lower case letters, digits, - and _), got {printable(repr(extends))[:60]}"
        )
    fmt = data.get("format", FORMAT_VERSION)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or not 1 <= fmt <= FORMAT_VERSION:
        yield f"format: expected a format version (1-{FORMAT_VERSION}), got {printable(repr(fmt))[:60]}"
