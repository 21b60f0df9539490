"""Sources that burn by the clock: what a span of time does to each, and when the last goes out.

Plain numbers only, so the light procedure that burns its sources by time and a procedure that
plans a span ahead (a camp's hour, with the light it has) reckon it alike without naming each other;
`HeldSource` is such a source as the light procedure shows it to the other parts (the seam's
`held_sources`).
"""

from __future__ import annotations

from collections.abc import Iterable

from hammertui.kernel.rules.records import record

LOW_AT = 1
"""A source with this many units or fewer left is running low: the 'Smith must hear about it."""


@record
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


@record
class LitSource:
    """One burning source as the rules need it: which it is, what kind, and the units it has left."""

    id: str
    kind: str
    remaining: int


@record
class SourceBurn:
    """One source after a span: its `Burn`, and how many units into the span it went out."""

    id: str
    kind: str
    burn: Burn
    out_after: int | None


def burn_all(sources: Iterable[LitSource], units: int) -> tuple[SourceBurn, ...]:
    """Burn every lit source for the same span, noting when each one that dies goes out."""
    burns = []
    for source in sources:
        result = burn(source.remaining, units)
        out_after = result.burnt if result.burnt_out else None
        burns.append(SourceBurn(source.id, source.kind, result, out_after))
    return tuple(burns)


def dark_after(sources: Iterable[LitSource], units: int) -> int | None:
    """Units into a span when the party's last light goes out; None if some light lasts it out.

    A party with no light at all is dark from the start (0). A span of 0 units never goes dark.
    """
    longest = max((s.remaining for s in sources), default=0)
    if units == 0 or longest >= units:
        return None
    return longest


@record
class HeldSource:
    """A source the clock burns, as another part reads it: which it is, its kind, its name in the
    table's words (`Darla's torch`), the units it has left, who carries it ("" when set down), lit or not."""

    id: str
    kind: str
    name: str
    remaining: int
    carrier: str
    lit: bool
