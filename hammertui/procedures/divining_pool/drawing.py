"""How the Divining Pool's dice are written: a die in its colour, a colour's chip, a throw's face,
a reason for dice in the pool, a chance, the odds' symbols by the ruleset's names. The pane and
the screens write them alike."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from hammertui.kernel.rules.dice import DiviningThrow
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.divining_pool.rules.explore import PoolLine, throw_text
from hammertui.procedures.divining_pool.rules.odds import OddsSymbols
from hammertui.procedures.divining_pool.schema.divining import Divining

DIE_STYLE = {
    "blue": "#2f7de1",
    "purple": "#9c4dcc",
    "red": "#e53935",
    "green": "#43a047",
    "yellow": "#fdd835",
    "white": "#f5f5f5",
    "black": "#5c5c5c",
}
DIE = "⬢"

STEP_NAMES = {
    "extremes": "extreme outcomes",
    "losses": "loss of resources",
    "transit": "encounters in transit",
    "destination": "encounters at the destination",
}
"""The Explore's steps by the headings of the text that resolves them."""

FALLBACK_SIZE = (60, 12)
"""What to draw for before the pane has been laid out and knows its own size."""


def dice(colour: str, count: int) -> Text:
    """`⬢ ⬢ ⬢ ` in the die's colour: one glyph a die."""
    return Text().append(f"{DIE} " * count, style=DIE_STYLE.get(colour, "bold"))


def dice_chip(divining: Divining, colour: str, count: int, every_die: bool = True) -> Text:
    """`⬢ ⬢ 2 Purple`: the dice (or one glyph for them all) and how many of which colour."""
    chip = dice(colour, count if every_die else 1)
    chip.append(f"{count} {divining.colours[colour].name}", style="bold")
    return chip


def throw_line(ruleset: Ruleset, throw: DiviningThrow) -> Text:
    """`⬢ Yellow: Hammer-Plus`, the die in its colour; a blank face dimmed."""
    text = Text(no_wrap=True)
    text.append(f"{DIE} ", style=DIE_STYLE.get(throw.color, "bold"))
    text.append(throw_text(ruleset, throw), style="" if throw.face else "dim")
    return text


def reason_line(divining: Divining, line: PoolLine) -> Text:
    """`⬢ ⬢ 2 Black  no active light, party of 4`."""
    text = dice_chip(divining, line.colour, line.count)
    text.append(f"  {line.reason}", style="dim")
    return text


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def symbol_names(ruleset: Ruleset) -> OddsSymbols:
    """The odds' symbols as the ruleset's table names them: `Hammer`, `Crossblade`, `Blood Drop`..."""
    ids = OddsSymbols.of(ruleset)
    names = ruleset.divining.symbols if ruleset.divining else {}
    return OddsSymbols(*(names.get(symbol, symbol) for symbol in ids.ids()))
