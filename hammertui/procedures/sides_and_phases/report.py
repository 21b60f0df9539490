"""The report's fights for sides and phases: from "Fight!" to "The fight is over after N rounds"."""

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
    starts=re.compile(r"^Fight! The party against (?P<foes>.+)\.$"),
    joins=re.compile(r"^More foes: (?P<foes>.+)\.$"),
    ends=re.compile(r"^The fight is over after (?P<rounds>\d+) rounds?: (?P<outcome>[^.]+)"),
    foe_falls=re.compile(r"^(?P<name>.+?) (?:takes \d+: down and struck off|is struck off)\.$"),
)


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """The fights, side against side, round by round."""
    return fight_section("Fights", read_fights(events, LINES), ruleset)


REPORT: ReportSection = report_section
