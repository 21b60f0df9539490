"""Words the rules and the actions put together for the table."""

from __future__ import annotations

from collections.abc import Sequence


def listed(names: Sequence[str]) -> str:
    """`Goblin 1, Goblin 2 and Goblin 3`: one name alone, nothing for none."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
