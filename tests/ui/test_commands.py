"""One list of commands: every key the dashboard has is in the palette by name, running what the key
runs, and nothing the ruleset lacks is offered."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.command import CommandList

from hammertui.rules.ruleset import Ruleset, load_ruleset
from hammertui.session.combat import FoeGroup, StartFight
from hammertui.session.state import FoeKind
from hammertui.ui.app import HammerApp, make_app
from hammertui.ui.camp import CampScreen
from hammertui.ui.commands import DASHBOARD
from hammertui.ui.dialogs.check import CheckDialog
from tests.ui.waiting import until


def palette(app: HammerApp) -> dict[str, object]:
    return {command.title: command.callback for command in app.get_system_commands(app.screen)}


@pytest.mark.parametrize("fighting", [False, True], ids=["calm", "fighting"])
@pytest.mark.parametrize("ruleset_id", ["hammercrawl", "hammercrawl-book3"])
async def test_every_command_that_applies_is_in_the_palette(tmp_path: Path, fighting: bool, ruleset_id: str) -> None:
    app = make_app(tmp_path, seed=7, ruleset_id=ruleset_id)
    async with app.run_test(size=(120, 40)) as pilot:
        if fighting:
            assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.pause()
        offered = palette(app)
        for command in DASHBOARD:
            title, _ = command.words(app.store.state, app.store.ruleset)
            if app.check_action(command.action, ()):
                assert offered.get(title) == getattr(app, f"action_{command.action}"), f"{title!r} runs {command.action}"
            else:
                assert title not in offered, f"{title!r} does not apply here"


async def test_the_keys_the_palette_lacked_are_in_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)):
        offered = palette(app)
        for title in ("Roll a save or check", "Supplies", "Level up", "Level up anyway", "Lay Down", "Fight On", "Epitaph", "Quit"):
            assert title in offered


async def test_a_roll_is_asked_for_by_name(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p", *"Roll a save")

        def offered() -> bool:
            found = app.screen.query(CommandList)
            return bool(found) and found.first().option_count > 0 and "Roll a save or check" in str(found.first().get_option_at_index(0).prompt)

        await until(pilot, offered, "the palette offering the roll")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CheckDialog), "the roll's dialog")


async def test_camp_is_offered_only_by_rules_that_have_it(tmp_path: Path) -> None:
    def no_camp(ruleset_id: str) -> Ruleset:
        return attrs.evolve(load_ruleset(ruleset_id), camp=None)

    app = make_app(tmp_path, seed=7, ruleset_loader=no_camp)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Camp" not in palette(app)
        await pilot.press("c")
        assert not isinstance(app.screen, CampScreen)
