"""A decision in force, named in a line where it applies: the dialogs and steps whose numbers it sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer


class Rulings(Static):
    """The decisions that apply where this sits, a line each, or by title alone in one line where
    room is short; not drawn when the ruleset takes none."""

    def __init__(self, *topics: str, titles_only: bool = False) -> None:
        super().__init__(classes="rulings")
        self.topics = topics
        self.titles_only = titles_only

    def on_mount(self) -> None:
        store = cast("Hammer", self.app).store
        if store is None:
            lines = Text()
        elif self.titles_only:
            lines = ruling_titles(store.ruleset, self.topics)
        else:
            lines = rulings_text(store.ruleset, self.topics)
        lines.rstrip()
        self.display = bool(lines)
        self.update(lines)


def rulings_text(ruleset: Ruleset, topics: Sequence[str]) -> Text:
    """The ruling lines of those `topics` the ruleset has, each ending its line; empty if none."""
    lines = [line for topic in topics if (line := ruling_line(ruleset, topic)) is not None]
    return Text().join(Text.assemble(line, "\n") for line in lines)


def ruling_titles(ruleset: Ruleset, topics: Sequence[str]) -> Text:
    """`Rulings: Uses in town · Loot in town (in full on the Rules screen)`, ending its line; empty
    if none apply."""
    titles = [ruleset.decisions[t].title for t in topics if t in ruleset.decisions]
    if not titles:
        return Text()
    return Text.assemble(("Rulings", "bold"), f": {' · '.join(titles)} (in full on the Rules screen)\n", style="dim")


def ruling_line(ruleset: Ruleset, topic: str) -> Text | None:
    """`Ruling (Room XP): ...`, for a dialog where that decision applies; None if the ruleset has none."""
    decision = ruleset.decisions.get(topic)
    if decision is None:
        return None
    return Text.assemble(("Ruling", "bold"), f" ({decision.title}): ", decision.text, style="dim")
