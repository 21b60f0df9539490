"""The clock's keys, everyone's: a unit of time, so many with a reason, or on to the next full hour.

Time that would put out the party's last light asks first, as the Camp check does: the light
procedure says when it would (`darkness_ahead`), so a light it does not time never asks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from hammertui.kernel.session.actions import AdvanceTime, ToNextHour, next_hour
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.procedures import darkness_ahead

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer


def advance(app: Hammer) -> None:
    """One unit of time."""
    into_the_dark(app, 1, lambda: app.perform(AdvanceTime(1)))


def into_the_dark(app: Hammer, units: int, then: Callable[[], object]) -> None:
    """`then`, at once, or once the 'Smith chose to pass time that puts out the last light."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    store = open_store(app)
    warning = darkness_ahead(store.state, store.ruleset, units)
    if warning is None:
        then()
        return
    choices = [("pass", "Pass the time: into the dark"), ("wait", "Wait (light a spare first)")]
    app.push_screen(ChooseDialog("The light is going", warning, choices), lambda c: c == "pass" and then())


def pass_some(app: Hammer) -> None:
    """So many units, with a reason for the log."""
    from hammertui.kernel.ui.dialogs.pass_time import PassTimeDialog

    store = open_store(app)
    warn = partial(darkness_ahead, store.state, store.ruleset)
    app.push_screen(PassTimeDialog(store.ruleset.time, warn))


def to_the_hour(app: Hammer) -> None:
    """On to the next full hour, the prompt saying how far, to when, and what the light makes of it."""
    from hammertui.kernel.ui.dialogs.pass_time import NextHourDialog

    store = open_store(app)
    units, at = next_hour(store.state, store.ruleset.time)
    prompt = f"{store.ruleset.time.label(units)} to {at}; every lit source burns them."
    warning = darkness_ahead(store.state, store.ruleset, units)
    if warning is not None:
        prompt = f"{prompt}\n{warning}"
    app.push_screen(NextHourDialog(prompt, ToNextHour))
