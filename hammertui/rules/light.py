"""Burning light: what a span of time does to one lit source.

Kept apart from the session so the rule (burn by the same amount, warn within one unit of the end)
is written once and read by every action that spends time.
"""

from __future__ import annotations

import attrs

LOW_AT = 1
"""A source with this many units or fewer left is running low: the 'Smith must hear about it."""


@attrs.frozen
class Burn:
    """A source after burning: what is left, and whether it just went out or is about to."""

    remaining: int
    burnt: int
    burnt_out: bool
    running_low: bool


def burn(remaining: int, units: int) -> Burn:
    """Burn a lit source for `units`; it never goes below zero."""
    if units < 0:
        raise ValueError("time does not run backwards")
    left = max(0, remaining - units)
    return Burn(
        remaining=left,
        burnt=remaining - left,
        burnt_out=remaining > 0 and left == 0,
        running_low=0 < left <= LOW_AT < remaining,
    )

