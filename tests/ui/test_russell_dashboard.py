"""The dashboard under the Russell House Rules offers only what those rules have: every palette
entry runs without error, no HAMMERCRAWL! command is bound, no key is bound twice, and the header
counts turns without HAMMERCRAWL!'s tiers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.header import SessionHeader
from hammertui.procedures.hammercrawl_classes.pane import COMMANDS as HAMMERCRAWL_CHARACTERS
from hammertui.procedures.russell_characters.screens.sheet import RussellSheetScreen
from tests.ui.test_party import plain
from tests.ui.waiting import until

QUITTING = ("Quit", "Theme", "Keys", "Maximize", "Screenshot")
"""Textual's own and leaving: not the rules' to offer."""


async def test_every_palette_entry_runs_under_the_russell_house_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dashboard = app.screen
        bound = [c.key for c in app.commands if c.key is not None]
        assert not [key for key, n in Counter(bound).items() if n > 1], "no key is bound twice"
        assert not {c.id for c in app.commands} & {c.id for c in HAMMERCRAWL_CHARACTERS}, (
            "no HAMMERCRAWL! character command"
        )
        header = plain(app.query_one(SessionHeader))
        assert "Turn 0" in header and "tier" not in header
        offered = [c for c in app.get_system_commands(dashboard) if c.title not in QUITTING]
        titles = [c.title for c in offered]
        for title in (
            "Take a turn",
            "Light or douse",
            "Roll a usage die",
            "Share a Ration",
            "Treasure brought back",
            "Level up",
            "Save",
            "Test a skill",
            "Declare a Just-in-Time skill",
            "Practise a skill",
            "Sheet: Darla",
            "Rules",
        ):
            assert title in titles, title
        for title in (
            "Damage",
            "Hire a hireling",
            "Let a hireling go",
            "Rest the night",
            "A square meal",
            "A week of downtime",
        ):
            assert title in titles, title
        assert "party.damage" not in {c.id for c in app.commands}, (
            "HAMMERCRAWL!'s Damage (temporary HP, CON) is not these rules'"
        )
        for absent in ("Hirelings", "Damage Darla", "Award XP", "Roll a save or check"):
            assert absent not in titles, absent
        for command in (c for c in offered if c.title != "Dismiss a character"):
            command.callback()
            await pilot.pause()
            for _ in range(4):
                if app.screen is dashboard:
                    break
                await pilot.press("escape")
                await pilot.pause()
            assert app.screen is dashboard, f"{command.title} lets the 'Smith back to the dashboard"
        next(c for c in offered if c.title == "Sheet: Darla").callback()
        await until(pilot, lambda: isinstance(app.screen, RussellSheetScreen), "the Russell sheet by name")
        await pilot.press("escape")
        next(c for c in offered if c.title == "Dismiss a character").callback()
        await until(
            pilot, lambda: len(app.store.state.party) == 3, "last, as it takes a character the entries above name"
        )
