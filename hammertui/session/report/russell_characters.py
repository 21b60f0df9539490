"""The report's characters for the Russell House Rules: their levels and XP from treasure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hammertui.rules.ruleset import Ruleset
from hammertui.session.events import Event
from hammertui.session.report import Section
from hammertui.session.report.common import adventurers
from hammertui.session.state import State

AWARDS = re.compile(r"^.+: \d+ XP, \d+ each to .+\.$")


def REPORT(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    return adventurers(state, events, ruleset, AWARDS)
