"""What every fight keeps alike of its foes: one found by id, and those still standing.

A fight procedure's record of a fight under way holds its own kind of foe (`foes`); it takes these
from `HoldsFoes` rather than writing them again, so the two fights look foes up the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar


class Standing(Protocol):
    """A foe as every fight sees it: its id, and whether it still stands."""

    @property
    def id(self) -> str: ...

    @property
    def standing(self) -> bool: ...


F = TypeVar("F", bound=Standing)


class HoldsFoes(Generic[F]):
    """A fight's record with `foes`, each looked up by id, those still standing in their order."""

    __slots__ = ()

    if TYPE_CHECKING:

        @property
        def foes(self) -> tuple[F, ...]: ...

    def foe(self, foe_id: str) -> F:
        """The foe of this id (a KeyError when the fight has none)."""
        for foe in self.foes:
            if foe.id == foe_id:
                return foe
        raise KeyError(foe_id)

    @property
    def standing_foes(self) -> tuple[F, ...]:
        return tuple(foe for foe in self.foes if foe.standing)
