"""TOML from a file the user may have edited by hand (a save, a ruleset), read within bounds.

Python refuses to turn a number of more than 4300 digits into an int with a bare ValueError, and a
number that converts may still be far beyond anything a file of ours holds. Every number read here
lies within ±`LARGEST`; one that does not is a problem naming its key, so the game master can find
it and the file is left as it was.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Sequence
from typing import Any

LARGEST = 2**63 - 1
"""The largest number a save or a ruleset may hold: more than any count, score or seed needs."""

_LONG_NUMBER = re.compile(r"[+-]?[0-9][0-9_]{4299,}")
_HEADER = re.compile(r"^\s*\[+\s*([^\]]*?)\s*\]+\s*(?:#.*)?$")


class TomlProblem(ValueError):
    """Text that parses as TOML but holds what no file of ours may; `problems` says where."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def parse(text: str) -> dict[str, Any]:
    """The TOML document; raises TOMLDecodeError for bad syntax and TomlProblem for a number out
    of range."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # int() refused a number too long to convert
        raise TomlProblem([_long_number(text)]) from None
    problems = out_of_range(data)
    if problems:
        raise TomlProblem(problems)
    return data


def _long_number(text: str) -> str:
    """Where the number too long to read is: its table and key, and its line."""
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            table = header[1]
        found = _LONG_NUMBER.search(line)
        if found:
            key = line[: found.start()].split("=")[0].strip()
            where = ".".join(part for part in (table, key) if part)
            digits = sum(c.isdigit() for c in found[0])
            return f"{where}: a number of {digits} digits (line {number}); expected one within ±{LARGEST}"
    return f"a number too long to read; expected one within ±{LARGEST}"


def out_of_range(data: Any, where: str = "") -> list[str]:
    """Every number in the data beyond ±`LARGEST` (or not finite), by its dotted key."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in out_of_range(value, f"{where}.{key}" if where else str(key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in out_of_range(value, f"{where}[{i}]")]
    if isinstance(data, bool):
        return []
    if isinstance(data, int) and not -LARGEST <= data <= LARGEST:
        return [f"{where}: {data} is out of range; expected a number within ±{LARGEST}"]
    if isinstance(data, float) and not (math.isfinite(data) and abs(data) <= LARGEST):
        return [f"{where}: {data} is out of range; expected a finite number within ±{LARGEST}"]
    return []
