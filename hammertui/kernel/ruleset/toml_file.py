"""TOML from a file the user may have edited by hand (a save, a ruleset), read within bounds.

Python refuses to turn a number of more than 4300 digits into an int with a bare ValueError, and a
number that converts may still be far beyond anything a file of ours holds. Every number read here
lies within ±`LARGEST`; one that does not is a problem naming its key, so the game master can find
it and the file is left as it was.
"""

from __future__ import annotations

import math
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tomli

from hammertui.kernel.ruleset.report import dotted
from hammertui.kernel.ruleset.schema import KeyPath

LARGEST = 2**63 - 1
"""The largest number a save or a ruleset may hold: more than any count, score or seed needs."""

MAX_RULESET_BYTES = 1024 * 1024
"""A ruleset larger than this is refused unread: the complete rules fill less than 40 KB."""

MAX_DEPTH = 64
"""The deepest a key or a value (arrays and tables within each other) may be nested: parsing a key
nested much deeper takes minutes, and a value nested some hundreds deep exhausts Python's stack."""

_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""
_TOO_DEEP = re.compile(rf"""(?<![A-Za-z0-9_"'-])(?:{_PART}\s*+\.\s*+){{{MAX_DEPTH}}}""")
_LONG_NUMBER = re.compile(r"[+-]?[0-9][0-9_]{4299,}")
_HEADER = re.compile(r"^\s*\[+\s*([^\]]*?)\s*\]+\s*(?:#.*)?$")


class TomlProblem(ValueError):
    """Text that parses as TOML but holds what no file of ours may; `problems` says where."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def read_bounded(path: Path, limit: int, kind: str) -> bytes:
    """The file's bytes, refused before reading unless it is a regular file of at most `limit`
    bytes: a link to a device or a pipe would be read for ever. OSError when it cannot be opened."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise TomlProblem([f"not a regular file (a device, a pipe or a socket); expected a {kind} .toml file"])
        if info.st_size > limit:
            raise TomlProblem([f"{info.st_size} bytes is far too large for a {kind}"])
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TomlProblem([f"more than {limit} bytes is far too large for a {kind}"])
    return data


def parse(text: str) -> dict[str, Any]:
    """The TOML document; raises TOMLDecodeError for bad syntax and TomlProblem for a key nested
    too deep or a number out of range."""
    deep = _too_deep(text)
    if deep:
        raise TomlProblem([deep])
    try:
        data = tomli.loads(text)
    except tomli.TOMLDecodeError:
        raise
    except RecursionError:
        raise TomlProblem([_nested_too_deep(_deep_line(text))]) from None
    except ValueError:  # int() refused a number too long to convert
        raise TomlProblem([_long_number(text)]) from None
    if _within_bounds(data):
        return data
    deep_key = _too_deep_value(data)
    if deep_key is not None:
        raise TomlProblem([f"{deep_key}: {_nested_too_deep(_deep_line(text))}"])
    problems = out_of_range(data)
    if problems:
        raise TomlProblem(problems)
    return data


def _within_bounds(data: dict[str, Any]) -> bool:
    """Whether every value lies within `MAX_DEPTH` and every number within ±`LARGEST`: one walk
    that builds no key paths, which only a file out of bounds needs, to say where."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        kind = type(value)
        if kind is dict or kind is list:
            stack.extend((inner, depth + 1) for inner in (value.values() if kind is dict else value))
        elif kind is int:
            if not -LARGEST <= value <= LARGEST:
                return False
        elif kind is float and not (math.isfinite(value) and abs(value) <= LARGEST):
            return False
    return True


def _too_deep(text: str) -> str:
    """A dotted key of more than `MAX_DEPTH` parts, found before the parser spends minutes on it."""
    if text.count(".") < MAX_DEPTH:
        return ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.count(".") >= MAX_DEPTH and _TOO_DEEP.search(line):
            return f"a key nested more than {MAX_DEPTH} levels deep (line {number}); expected at most {MAX_DEPTH}"
    return ""


def _nested_too_deep(line: int | None) -> str:
    where = f" (line {line})" if line is not None else ""
    return f"a value nested more than {MAX_DEPTH} levels deep{where}; expected at most {MAX_DEPTH}"


def _too_deep_value(data: dict[str, Any]) -> str | None:
    """The dotted key of the first value nested more than `MAX_DEPTH` arrays and tables deep, found
    without recursion (the checks that follow recurse, safely once this has passed)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            key = where.split("[")[0]  # the array's key: its line says where within it
            return key if len(key) <= 60 else key[:57] + "..."
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    return None


def _deep_line(text: str) -> int | None:
    """The line where brackets and braces first open more than `MAX_DEPTH` deep, strings and
    comments passed over: where to look for a value nested too deep."""
    depth = 0
    quote = ""
    for number, line in enumerate(text.splitlines(), start=1):
        i = 0
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\" and quote[0] == '"':
                    i += 1
                elif line.startswith(quote, i):
                    i += len(quote) - 1
                    quote = ""
            elif line.startswith(('"""', "'''"), i):
                quote = line[i : i + 3]
                i += 2
            elif c in "\"'":
                quote = c
            elif c == "#":
                break
            elif c in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number
            elif c in "]}":
                depth -= 1
            i += 1
        if len(quote) == 1:
            quote = ""  # a one-line string ends with its line
    return None


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


def out_of_range(data: Any, where: KeyPath = ()) -> list[str]:
    """Every number in the data beyond ±`LARGEST` (or not finite), by its dotted key."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in out_of_range(value, (*where, key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in out_of_range(value, (*where, i))]
    if isinstance(data, bool):
        return []
    if isinstance(data, int) and not -LARGEST <= data <= LARGEST:
        return [f"{dotted(where)}: {data} is out of range; expected a number within ±{LARGEST}"]
    if isinstance(data, float) and not (math.isfinite(data) and abs(data) <= LARGEST):
        return [f"{dotted(where)}: {data} is out of range; expected a finite number within ±{LARGEST}"]
    return []
