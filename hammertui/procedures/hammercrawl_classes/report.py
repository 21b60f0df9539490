"""The report's adventurers for classes by XP: their levels and XP, from rooms beaten, awards and
(Book Three) the coins turned into XP in town."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Section
from hammertui.kernel.session.report.common import adventurers
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

AWARDS = re.compile(
    r"^(?:Room \d+'s challenge beaten: .+ = \d+ each\.|\d+ XP to .+\.|\d+ coins become \d+ XP each for .+\.)$"
)


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    return adventurers(state, events, ruleset, AWARDS)


REPORT: ReportSection = report_section
