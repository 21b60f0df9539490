"""An evening under the shipped Russell House Rules, by keys alone, at 120x40 and at 80x24: the
exploration die rolled twenty times through every result ("Roll the exploration die every turn"),
an encounter with its reaction roll, a two-round fight by individual initiative, a night's rest,
then the session saved and reopened; the reopened dashboard is kept as a snapshot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Digits

from hammertui.kernel.session.state import State
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.burial import BurialDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.graveyard import tombstone
from hammertui.kernel.ui.view import View
from hammertui.procedures.exploration_die.state import die_of
from hammertui.procedures.individual_initiative.screens import AttackDialog, FoesDialog, InitiativeScreen
from hammertui.procedures.individual_initiative.state import Fight, fighting
from hammertui.procedures.light_levels.state import lights
from tests.ui.waiting import until

RULES = "russell-house-rules"
NAME = "evening"
SEED = 11
RESULTS = {"encounter", "sign", "torches_depleted", "lantern_pip", "magic_dissipates", "tired"}
REACTIONS = (
    "Violent",
    "Angry",
    "Threat",
    "Warning",
    "Guarded",
    "Neutral",
    "Positive",
    "Helpful",
    "Amicable",
    "Friendly",
)
SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


def fight_of(app: HammerApp) -> Fight:
    fight = fighting(app.store.state)
    assert fight is not None
    return fight


async def turn(pilot: Pilot, app: HammerApp, face: int | None = None) -> None:
    """One exploration turn: `e` rolls the die, `i` takes the one rolled at the table."""
    turns = die_of(app.store.state).turns
    await pilot.press("e" if face is None else "i")
    await until(pilot, lambda: app.screen.query("#doing"), "the turn form")
    if face is not None:
        await pilot.press(*str(face))
    await pilot.press("enter")
    await until(pilot, lambda: die_of(app.store.state).turns == turns + 1, "the turn taken")
    await until(pilot, lambda: app.screen is app.screen_stack[0], "back on the dashboard")
    shown = die_of(app.store.state).latest
    assert shown is not None and app.query_one("#die-face", Digits).value == str(shown.face)


async def explore(pilot: Pilot, app: HammerApp) -> None:
    """Fourteen turns rolled by the app, then the six faces by hand, the encounter last."""
    await pilot.press("e")
    await until(pilot, lambda: app.screen.query("#doing"), "the turn form")
    await pilot.press("ctrl+a", "ctrl+k", *"search", "enter")
    await until(pilot, lambda: die_of(app.store.state).turns == 1, "the first turn")
    for _ in range(13):
        await turn(pilot, app)
    for face in (2, 3, 4, 5, 6, 1):
        await turn(pilot, app, face)
    die = die_of(app.store.state)
    assert die.turns == 20 and {r.result for r in die.rolls} >= RESULTS, "every result of the table"
    assert all(r.action == "move" for r in die.rolls), "each turn's doing its own: a move after the first turn's search"
    met = die.latest.encounter
    assert met is not None and any(e.text.startswith("Reaction: ") for e in app.store.recent)
    assert met.reaction in REACTIONS, "named from the text's table"


async def meet_the_foes(pilot: Pilot, app: HammerApp) -> None:
    await pilot.press("F")
    await until(pilot, lambda: isinstance(app.screen, FoesDialog), "the foes form")
    await pilot.press(*"Goblin", "tab", "2", "tab", "1", "tab", "7", "tab", "5", "enter")
    await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "the fight screen")


async def a_round(pilot: Pilot, app: HammerApp) -> None:
    """Initiative, then each combatant in order attacks the first one offered."""
    rounds = fight_of(app).round
    await pilot.press("i")
    await until(pilot, lambda: fight_of(app).round == rounds + 1, f"round {rounds + 1}")
    for _ in range(12):
        fight = fight_of(app)
        if not fight.acting:
            return
        if fight.crit is not None:
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the crit's choice")
            await pilot.press("enter")
            await until(pilot, lambda: fight_of(app).crit is None, "the crit landed")
        seq = app.store.state.seq
        await pilot.press("a")
        await pilot.pause()
        if isinstance(app.screen, ChooseDialog):
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
            await pilot.press("enter")
            await until(pilot, lambda seq=seq: app.store.state.seq > seq, "the attack rolled")
            await pilot.pause()
            if isinstance(app.screen, BurialDialog):
                await bury(pilot, app)
            await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "the fight screen again")
        if fight_of(app).crit is None:
            await pilot.press("space")
            await pilot.pause()
    raise AssertionError("the round never ended")


async def bury(pilot: Pilot, app: HammerApp) -> None:
    """A second wound kills: the epitaph is written there and then, and the dead go to the graveyard."""
    dead = len(app.store.state.graveyard)
    app.screen.query_one("#epitaph").focus()
    await pilot.press(*"Should have stayed home", "enter")
    await until(pilot, lambda: len(app.store.state.graveyard) == dead + 1, "buried")
    assert app.store.state.graveyard[-1].epitaph == "Should have stayed home"


async def fight(pilot: Pilot, app: HammerApp) -> None:
    await meet_the_foes(pilot, app)
    await a_round(pilot, app)
    await a_round(pilot, app)
    assert fight_of(app).round >= 2
    turns = die_of(app.store.state).turns
    await pilot.press("x")
    await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "how long the fight took")
    await pilot.press("enter")
    await until(pilot, lambda: fighting(app.store.state) is None, "the fight over")
    await until(pilot, lambda: not isinstance(app.screen, InitiativeScreen), "off the fight screen")
    assert die_of(app.store.state).turns == turns + 1, "a fight costs a turn, and the die is rolled for it"


async def rest(pilot: Pilot, app: HammerApp) -> None:
    seq = app.store.state.seq
    await pilot.press("ctrl+p")
    await pilot.press(*"Rest the night")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")
    await until(pilot, lambda: app.store.state.seq > seq, "a night's rest")
    assert app.store.recent[-1].text.startswith("A night's rest")


async def evening(app: HammerApp, size: tuple[int, int]) -> State:
    async with app.run_test(size=size) as pilot:
        assert app.store is not None
        await explore(pilot, app)
        await fight(pilot, app)
        await rest(pilot, app)
        assert lights(app.store.state).spent, "the light pane has what was used up"
        return app.store.state


@SIZES
def test_an_evening_under_the_russell_house_rules(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    saves = tmp_path / "saves"
    played = asyncio.run(evening(make_app(saves, NAME, ruleset_id=RULES, seed=SEED), size))
    reopened = make_app(saves, NAME)
    assert reopened.store is not None and reopened.store.state == played, "the session saved as it was played"
    assert played.graveyard, "a second wound killed someone in the fight"
    stone = tombstone(View(played, reopened.store.ruleset), played.graveyard[0]).plain
    assert "Should have stayed home" in stone and "dungeon level" not in stone, "no dungeon levels under these rules"
    assert snap_compare(reopened, terminal_size=size)
