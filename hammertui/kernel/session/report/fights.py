"""Fights read out of the log: a fight runs from the line that opens it to the line that ends it;
each fight procedure says, in its own module, which lines those are and how a foe falls."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report.common import DEAD, Fight


@record
class FightLines:
    """How a fight procedure's log tells a fight: its opening (with the foes in group `foes`), more
    foes joining, its end (with group `rounds` and `outcome`), and a foe falling (group `name`)."""

    starts: re.Pattern[str]
    joins: re.Pattern[str] | None
    ends: re.Pattern[str]
    foe_falls: re.Pattern[str]


def read_fights(events: Sequence[Event], lines: FightLines) -> list[Fight]:
    """Every fight the log tells of, the last one "under way" when the log ends before it does."""
    fights: list[Fight] = []
    opened: dict | None = None  # type: ignore[type-arg]
    for event in events:
        text = event.text
        if (start := lines.starts.match(text)) and event.action == "fight":
            opened = {"seq": event.seq, "clock": event.clock, "foes": [start["foes"]], "fell": [], "party": []}
        elif opened is None:
            continue
        elif lines.joins is not None and (joined := lines.joins.match(text)):
            opened["foes"].append(joined["foes"])
        elif fallen := lines.foe_falls.match(text):
            opened["fell"].append(fallen["name"])
        elif died := DEAD.match(text):
            opened["party"].append(died["name"])
        elif ended := lines.ends.match(text):
            fights.append(_told(opened, int(ended["rounds"]), ended["outcome"]))
            opened = None
    if opened is not None:
        fights.append(_told(opened, None, "still under way when the log ends"))
    return fights


def _told(opened: dict, rounds: int | None, outcome: str) -> Fight:  # type: ignore[type-arg]
    return Fight(
        opened["seq"],
        opened["clock"],
        tuple(opened["foes"]),
        rounds,
        outcome,
        tuple(opened["fell"]),
        tuple(opened["party"]),
    )
