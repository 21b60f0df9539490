"""The report's turns for the exploration die: every turn's face and result as the log keeps them
(the save keeps only the last few), the encounters with their surprise and reaction."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Chart, Section, Table
from hammertui.kernel.session.state import State
from hammertui.procedures.exploration_die.state import die_of

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

TURN = re.compile(
    r"^Turn (?P<turn>\d+)(?:: (?P<doing>.+?))?\. The exploration die shows (?P<face>\d+), (?P<result>.+)\.$"
)
ENCOUNTER = re.compile(r"^Random encounter \((?P<light>\w+)\)\. (?P<surprise>.+)$")
REACTION = re.compile(r"^Reaction: (?P<reaction>.+) \((?P<total>-?\d+)\)\.$")


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """Each turn rolled for, what came up, and what an encounter brought."""
    rows: list[list[str]] = []
    for event in events:
        if turn := TURN.match(event.text):
            rows.append([turn["turn"], turn["doing"] or "-", turn["face"], turn["result"], "-"])
        elif rows and (met := ENCOUNTER.match(event.text)):
            rows[-1][4] = f"{met['surprise']} ({met['light']})"
        elif rows and (reaction := REACTION.match(event.text)):
            rows[-1][4] += f" Reaction: {reaction['reaction']} ({reaction['total']})."
    results = Counter(row[3] for row in rows)
    encounters = sum(1 for row in rows if row[4] != "-")
    unit = ruleset.time.unit_plural
    lines = [
        f"{die_of(state).turns} {unit} rolled for on the exploration die; {encounters} random"
        f" {'encounter' if encounters == 1 else 'encounters'}.",
        "Results: " + (", ".join(f"{name} {n}" for name, n in results.most_common()) or "none") + ".",
    ]
    unknown: tuple[str, ...] = ()
    if len(rows) != die_of(state).turns:
        unknown = (f"The log tells of {len(rows)} of the {die_of(state).turns} rolls the save counts.",)
    table = Table(
        (ruleset.time.unit.capitalize(), "Doing", "Face", "Result", "Encounter"), tuple(tuple(r) for r in rows)
    )
    chart = Chart("Exploration die results", "bar", "Result", "Times", tuple(results.items()))
    return Section("Turns", tuple(lines), (table,) if rows else (), (chart,) if rows else (), unknown)


REPORT: ReportSection = report_section
