"""The report's light for burn-down light: the light burned, the time in the dark, and the light
left in the burning sources over the evening.

The save holds only the lights as they are now, so the light left over the evening is followed
through the log: each source's time as it is lit, corrected or refilled, what the clock burns off
the lit ones between lines, and what a sputter takes. At the log's end it is checked against the
save, and the report says so where the two differ.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Chart, Section
from hammertui.kernel.session.report.common import time_words
from hammertui.kernel.session.state import State
from hammertui.procedures.burn_down.state import lights

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

FIRST = re.compile(r"^(?P<who>.+) lights a torch; ")
SET = re.compile(
    r"^(?P<name>.+?) (?:is lit \((?P<lit>\d+)|is running low: (?P<low>\d+)|corrected from .+ to (?P<fixed>\d+)"
    r"|takes a fresh [^:]+: (?P<full>\d+))"
)
OUT = re.compile(r"^(?P<name>.+?) (?:is doused|burns out|goes out|ends early|is dropped)")
SPUTTER = re.compile(r"\((?P<lost>\d+) \w+ lost\)")


@attrs.define
class Burning:
    """The sources followed through the log: time left by name, and which are lit."""

    left: dict[str, int] = attrs.field(factory=dict)
    lit: set[str] = attrs.field(factory=set)
    burned: int = 0
    dark: int = 0

    @property
    def burning(self) -> int:
        return sum(self.left.get(name, 0) for name in self.lit)

    def burn(self, units: int, clock_moves: bool) -> None:
        if clock_moves:
            self.dark += max(0, units - max((self.left.get(name, 0) for name in self.lit), default=0))
        for name in self.lit:
            spent = min(units, self.left.get(name, 0))
            self.left[name] = self.left.get(name, 0) - spent
            self.burned += spent

    def read(self, text: str, torch: int) -> None:
        if first := FIRST.match(text):
            self.left[f"{first['who']}'s torch"] = torch
            self.lit.add(f"{first['who']}'s torch")
        elif told := SET.match(text):
            self.left[told["name"]] = int(next(v for v in told.groups()[1:] if v is not None))
            if told["lit"] is not None:
                self.lit.add(told["name"])
        elif out := OUT.match(text):
            self.lit.discard(out["name"])
        if sputter := SPUTTER.search(text):
            self.burn(int(sputter["lost"]), clock_moves=False)


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """The light burned, the dark, and a chart of the light left in the lit sources."""
    torch = ruleset.light_sources["torch"].duration or 0 if "torch" in ruleset.light_sources else 0
    followed = Burning()
    points: dict[int, int] = {}
    clock = events[0].clock if events else 0
    for event in events:
        if event.clock > clock:
            followed.burn(event.clock - clock, clock_moves=True)
            clock = event.clock
        followed.read(event.text, torch)
        points[clock] = followed.burning
    if state.clock.units > clock:
        followed.burn(state.clock.units - clock, clock_moves=True)
        points[state.clock.units] = followed.burning
    saved = sum(s.remaining for s in lights(state) if s.lit and s.remaining > 0)
    spare = sum(s.remaining for s in lights(state) if not s.lit)
    lines = [
        f"Light burned: {time_words(ruleset, followed.burned)}.",
        f"Time in the dark: {time_words(ruleset, followed.dark)}.",
        f"Left at the end: {time_words(ruleset, saved)} in the lit sources, {time_words(ruleset, spare)} more unlit.",
    ]
    unknown: tuple[str, ...] = ()
    if followed.burning != saved:
        unknown = (
            f"The light left is followed through the log, which ends with {time_words(ruleset, followed.burning)}"
            f" in the lit sources where the save has {time_words(ruleset, saved)}:"
            " the chart is as near as the log tells.",
        )
    unit = ruleset.time.unit_plural
    chart = Chart(
        "Light left over the evening",
        "step",
        f"{unit.capitalize()} on the clock",
        f"{unit} of light left",
        tuple(sorted(points.items())),
    )
    return Section("Light", tuple(lines), charts=(chart,) if points else (), unknown=unknown)


REPORT: ReportSection = report_section
