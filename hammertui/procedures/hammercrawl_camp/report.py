"""The report's camps in a Safe Haven: when the party camped, and what the encounter roll found."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.report import Section, Table
from hammertui.kernel.session.report.common import time_words
from hammertui.kernel.session.state import State

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ReportSection

MAKES_CAMP = re.compile(r"^The party makes camp: (?P<cost>.+)\.$")
ENCOUNTER_ROLL = re.compile(r"^Camp encounter: .*: (?P<found>[^:]+)\.$")


def report_section(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """Each camp: its time, what it cost, and the encounter roll's answer."""
    camps: list[list[str]] = []
    for event in events:
        if made := MAKES_CAMP.match(event.text):
            camps.append([str(len(camps) + 1), time_words(ruleset, event.clock), made["cost"], "not rolled"])
        elif camps and (found := ENCOUNTER_ROLL.match(event.text)):
            camps[-1][3] = found["found"]
    lines = [f"{len(camps)} {'camp' if len(camps) == 1 else 'camps'}." if camps else "The party never camped."]
    table = Table(("Camp", "At", "Cost", "Encounter roll"), tuple(tuple(c) for c in camps))
    return Section("Camps", tuple(lines), (table,) if camps else ())


REPORT: ReportSection = report_section
