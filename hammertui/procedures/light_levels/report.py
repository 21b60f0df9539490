"""The report's light for light levels: the sources used up and the lantern pips marked, and the
sources the party held over the evening, followed through the log (the save keeps only the last
few spent)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Chart, Section
from hammertui.kernel.session.state import State
from hammertui.procedures.light_levels.state import lights

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

USED_UP = re.compile(r"^(?P<name>.+?) (?:goes out, used up|marks its last pip and goes out)")
PIP = re.compile(r"^(?P<name>.+?) marks (?:a pip|its last pip)")
GAINED = re.compile(r"^(?:A fresh .+ goes into .+'s pack\.|.+ lights a fresh .+\.)$")


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """What light was used up, when, and how many sources the party held as the turns went by."""
    changes: list[tuple[int, int]] = []
    pips = 0
    used = []
    for event in events:
        if PIP.match(event.text):
            pips += 1
        if gone := USED_UP.match(event.text):
            used.append(f"{gone['name']} ({ruleset.time.label(event.clock)} on the clock)")
            changes.append((event.clock, -1 if "used up" in event.text else 0))
        elif GAINED.match(event.text):
            changes.append((event.clock, 1))
    now = len(lights(state).sources)
    held = now - sum(change for _, change in changes)
    points = {events[0].clock if events else 0: held}
    for clock, change in changes:
        held += change
        points[clock] = held
    points[state.clock.units] = now
    lines = [
        f"Light burned: {sum(1 for _, c in changes if c < 0)} torches and candles used up, {pips} lantern pips marked.",
        f"Sources held at the end: {now}.",
    ]
    if used:
        lines.append("Gone out: " + "; ".join(used) + ".")
    unit = ruleset.time.unit_plural
    chart = Chart(
        "Light sources held over the evening",
        "step",
        f"{unit.capitalize()} on the clock",
        "sources",
        tuple(sorted(points.items())),
    )
    return Section("Light", tuple(lines), charts=(chart,))


REPORT: ReportSection = report_section
