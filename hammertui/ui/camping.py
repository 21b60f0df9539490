"""Camp on the dashboard: the key that opens the Camp screen (which loads on first use)."""

from __future__ import annotations

from hammertui.ui import screens
from hammertui.ui.commands import Command
from hammertui.ui.view import View

PANE = None

COMMANDS: tuple[Command[View], ...] = (
    Command(
        "c",
        "party.camp",
        "camp",
        "Camp",
        "Camp",
        "In a Safe Haven: the check, the time, the free and chosen actions, the encounter roll",
        run=lambda app: app.push_screen(screens.CampScreen()),
    ),
)
