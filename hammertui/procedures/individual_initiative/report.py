"""The report's fights for individual initiative: from "A fight!" to "The fight ends after N rounds"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Section
from hammertui.kernel.session.report.common import fight_section
from hammertui.kernel.session.report.fights import FightLines, read_fights
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

LINES = FightLines(
    starts=re.compile(r"^A fight! (?P<foes>.+?)\.(?: The (?:party|foes) have the drop.*)? Roll initiative\.$"),
    joins=None,
    ends=re.compile(r"^The fight ends after (?P<rounds>\d+) rounds?: (?P<outcome>[^;]+)"),
    foe_falls=re.compile(r"^(?P<name>.+?) goes down\.$"),
)
GUTS_QUIT = re.compile(r"^(?P<who>.+) \([^)]*\): Guts \d+, \d+ — they quit the fight\.$")


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """The fights, each combatant in their turn; where the foes' Guts broke, the report says so."""
    quit = [m["who"] for e in events if (m := GUTS_QUIT.match(e.text))]
    lines = [f"The foes' Guts broke: {', '.join(quit)}."] if quit else []
    return fight_section("Fights", read_fights(events, LINES), ruleset, lines)


REPORT: ReportSection = report_section
