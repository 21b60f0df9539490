"""Light counted in characters (the Russell House Rules): who is Lit, Dim or Dark, and what that
does to a roll.

A torch lets three characters be lit and three more have dim light; a lantern two and two; a
candle dims one. The text says how many, not who: a source lights its own carrier first, then the
others in the light order (the 'Smith's, else the party's). Everyone it does not reach is in the
dark. A level's effects are the ruleset's table (`[light_levels.lit|dim|dark]`), read here by the
kind of roll, so the dialogs ask one function and never the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hammertui.kernel.rules.records import record
from hammertui.procedures.light_levels.schema import LightLevels

LIT, DIM, DARK = "lit", "dim", "dark"
RANGES = ("close", "far")


@record
class Shining:
    """A lit source as light sees it: its kind and who holds it ("" when set down)."""

    kind: str
    carrier: str = ""


def character_levels(rules: LightLevels, order: Sequence[str], shining: Iterable[Shining]) -> dict[str, str]:
    """Each character's light, in `order`: carriers of sources that light first, then the rest of
    the order while lit places last, then carriers of sources that only dim, then the rest while
    dim places last; the others are in the dark."""
    lit_sources = [(rules.sources[s.kind], s.carrier) for s in shining if s.kind in rules.sources]
    levels = dict.fromkeys(order, DARK)
    lit_left = sum(source.lights for source, _ in lit_sources)
    dim_left = sum(source.dims for source, _ in lit_sources)
    lit_left -= _carriers(levels, [carrier for source, carrier in lit_sources if source.lights], LIT)
    _rest(levels, order, lit_left, LIT)
    dim_left -= _carriers(
        levels, [carrier for source, carrier in lit_sources if not source.lights and source.dims], DIM
    )
    _rest(levels, order, dim_left, DIM)
    return levels


def _carriers(levels: dict[str, str], carriers: list[str], level: str) -> int:
    """Give each carrier still in the dark the light of what they hold; how many places that took."""
    taken = 0
    for carrier in carriers:
        if levels.get(carrier) == DARK:
            levels[carrier] = level
            taken += 1
    return taken


def _rest(levels: dict[str, str], order: Sequence[str], places: int, level: str) -> None:
    for character in order:
        if places <= 0:
            return
        if levels[character] == DARK:
            levels[character] = level
            places -= 1


@record
class RollEffect:
    """What light does to one roll: whether it may be made at all, and the net modifier dice
    (-2: double Disadvantage; +1: Advantage)."""

    allowed: bool
    modifier: int = 0


def roll_effect(rules: LightLevels, level: str, kind: str) -> RollEffect:
    """The table's answer for a roll of `kind` (one of `ROLL_KINDS`) by a character in `level`."""
    effect = rules.effect(level)
    if kind in effect.forbidden:
        return RollEffect(False)
    return RollEffect(True, effect.modifiers.get(kind, effect.modifiers.get("other", 0)))


def can_target(rules: LightLevels, level: str, at: str) -> bool:
    """Whether a missile weapon can target someone in `level` light at range `at` (close or far)."""
    if at not in RANGES:
        raise ValueError(f"no missile range {at!r}; expected one of: {', '.join(RANGES)}")
    missiles = rules.effect(level).missiles
    return missiles == "any" or (missiles == "close" and at == "close")


def brightest(levels: Iterable[str]) -> str:
    """The best light anyone has: how the party shows to what waits in the dark."""
    found = set(levels)
    return next((level for level in (LIT, DIM) if level in found), DARK)


@record
class Pip:
    """A lantern after marking a pip: the pips marked on its flask, and whether it went out."""

    pips: int
    out: bool


def mark_pip(pips: int, flask_pips: int) -> Pip:
    """One more pip on a lantern's flask; the last one puts it out."""
    marked = min(pips + 1, flask_pips)
    return Pip(marked, marked >= flask_pips)
