"""One list of commands: every key the dashboard and the fight screen have is in the palette by name,
running what the key runs, and nothing the ruleset or the moment lacks is offered."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import attrs
import pytest
from textual.command import CommandList

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.hammercrawl_camp.screens import CampScreen
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from hammertui.procedures.sides_and_phases.actions import FightNext, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.screens import FIGHT, FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.test_explore import scripted
from tests.ui.test_fight_screen import GOBLINS, HP, ROUND_1, highlight
from tests.ui.waiting import until


def _same(offered: object, runs: object) -> bool:
    """The palette's callback runs what the key runs: the same action, or the same procedure command."""
    if isinstance(offered, partial) and isinstance(runs, partial):
        return (offered.func, offered.args) == (runs.func, runs.args)
    return offered == runs


def palette(app: HammerApp) -> dict[str, object]:
    return {command.title: command.callback for command in app.get_system_commands(app.screen)}


@pytest.mark.parametrize("fighting", [False, True], ids=["calm", "fighting"])
@pytest.mark.parametrize("ruleset_id", ["hammercrawl", "hammercrawl-book3", "hammercrawl-book3-advantage"])
async def test_every_command_that_applies_is_in_the_palette(tmp_path: Path, fighting: bool, ruleset_id: str) -> None:
    app = make_app(tmp_path, seed=7, ruleset_id=ruleset_id)
    async with app.run_test(size=(120, 40)) as pilot:
        if fighting:
            assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.pause()
        offered = palette(app)
        for command in app.commands:
            title, _ = command.words(app.store.state, app.store.ruleset)
            if app.check_action(*app._checked(command)):
                assert _same(offered.get(title), app.runner(command)), f"{title!r} runs {command.action}"
            else:
                assert title not in offered, f"{title!r} does not apply here"


async def test_the_keys_the_palette_lacked_are_in_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)):
        offered = palette(app)
        for title in (
            "Roll a save or check",
            "Supplies",
            "Level up",
            "Level up anyway",
            "Lay Down",
            "Fight On",
            "Epitaph",
            "Quit",
        ):
            assert title in offered


async def test_a_roll_is_asked_for_by_name(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p", *"Roll a save")

        def offered() -> bool:
            found = app.screen.query(CommandList)
            return (
                bool(found)
                and found.first().option_count > 0
                and "Roll a save or check" in str(found.first().get_option_at_index(0).prompt)
            )

        await until(pilot, offered, "the palette offering the roll")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CheckDialog), "the roll's dialog")


async def test_camp_is_offered_only_by_rules_that_have_it(tmp_path: Path) -> None:
    def no_camp(ruleset_id: str) -> Ruleset:
        ruleset = load_ruleset(ruleset_id)
        return attrs.evolve(
            ruleset,
            sections={k: v for k, v in ruleset.sections.items() if k != "camp"},
            plays=attrs.evolve(ruleset.plays, camp="none"),
        )

    app = make_app(tmp_path, seed=7, ruleset_loader=no_camp)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Camp" not in palette(app)
        await pilot.press("c")
        assert not isinstance(app.screen, CampScreen)


@pytest.mark.parametrize(
    ("chosen", "hurt"),
    [("c2", 0), ("c2", 6), ("f1", 0)],
    ids=["the Cleric on the party's turn", "the Cleric down", "a goblin"],
)
async def test_every_fight_command_that_applies_is_in_the_palette(tmp_path: Path, chosen: str, hurt: int) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())
        if hurt:
            assert app.perform(ApplyDamage(chosen, hurt))
        await pilot.press("F")
        await highlight(pilot, app, chosen)
        screen = app.screen
        assert isinstance(screen, FightScreen)
        offered = palette(app)
        keys = {
            active.binding.key: active.binding.action
            for active in screen.active_bindings.values()
            if active.node is screen
        }
        named = set()
        for command in FIGHT:
            applies = screen.check_action(command.action, ())
            assert keys.get(command.key) == (command.action if applies else None), (
                f"{command.key} runs {command.action}"
            )
            if command.action in named:
                continue  # n steps the fight too: the palette names it once, by its first key
            named.add(command.action)
            title = f"{command.title} ({app.get_key_display(command.binding())})"
            if applies:
                assert offered.get(title) == getattr(screen, f"action_{command.action}"), (
                    f"{title!r} runs {command.action}"
                )
            else:
                assert title not in offered, f"{title!r} does not apply here"
        assert ("Turn Unholy (t)" in offered) == (not hurt), "while the Cleric stands"
        assert ("Lay Down (z)" in offered) == bool(hurt)
        assert "Next (space)" in offered and "Next (n)" not in offered
