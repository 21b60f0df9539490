"""Passing time with a reason: so many turns or Beats, or on to the next full hour."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.widgets import Input

from hammertui.kernel.ruleset import TimeRules
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.ui.dialogs.form import FormDialog

REASON = "Reason (for the log): resting, searching..."


class PassTimeDialog(FormDialog):
    """How many units and why; every lit source burns them. Time that would put out the last light
    is said first (`warn`), and passes on the next submit unless the number changes."""

    OK = "Pass"
    WIDE = False

    def __init__(self, time: TimeRules, warn: Callable[[int], str | None]) -> None:
        super().__init__(f"Pass {time.unit_plural}", f"How many {time.unit_plural}? Every lit source burns them.")
        self._warn = warn
        self._warned: int | None = None

    def action_submit(self) -> None:
        try:
            units = self.whole("units", "Time")
        except ValueError:
            units = None
        warning = self._warn(units) if units is not None else None
        if warning and self._warned != units:
            self._warned = units
            self._show(f"{warning} Pass again to go on into the dark.")
            return
        super().action_submit()

    def fields(self) -> ComposeResult:
        yield Input(value="1", id="units", classes="number")
        yield Input(placeholder=REASON, id="reason")

    def build(self) -> Action:
        return AdvanceTime(self.whole("units", "Time"), self.text("reason"))


class NextHourDialog(FormDialog):
    """On to the next full hour (the prompt says how far and to when); only the reason to give, for
    the action `to_next_hour` makes of it."""

    OK = "Pass"
    WIDE = False

    def __init__(self, prompt: str, to_next_hour: Callable[[str], Action]) -> None:
        super().__init__("To the next hour", prompt)
        self._to_next_hour = to_next_hour

    def fields(self) -> ComposeResult:
        yield Input(placeholder=REASON, id="reason")

    def build(self) -> Action:
        return self._to_next_hour(self.text("reason"))
