"""What every pane draws from: the current state and the rules it is played by."""

from __future__ import annotations

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import State


@record
class View:
    """One frozen value per change, so a pane's watcher fires exactly when something changed."""

    state: State
    ruleset: Ruleset
    read_only: bool = False
    """The session is another app's to play: this one only shows it (`session.lock`)."""
