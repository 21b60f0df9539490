"""A whole fight as the 'Smith plays it from the main screen, keys only: foes entered, two rounds of
initiative, phases and attacks, the morale offer passed, the fight ended, the time charged, Loot time,
and the room's XP offered and given."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widgets import Static

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.state import Room, find_room, with_pool
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.pane import CombatPane
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_fight_screen import just_now
from tests.ui.test_party import log_text, plain

FACES = [
    5,
    4,  # Goblin 1 and Goblin 2: 1d8 HP each
    9,
    2,  # round 1 initiative: the party 9 + Darla's DEX +1, the foes 2
    15,
    3,  # Darla's one attack die and her d6 damage (Stay Put +1 goes on the damage)
    12,
    5,  # Goblin 1 strikes back at Darla (AC 16): a miss
    3,
    8,  # round 2 initiative: the foes win
    2,
    6,  # Goblin 1 misses again
    20,
    2,  # Darla's natural 20: a critical hit, x2
]


def fight_app(tmp_path: Path) -> tuple[HammerApp, ScriptedDice]:
    """The demo session by the complete rules, standing in room 1 whose challenge is yet to be beaten."""
    script = ScriptedDice(FACES)
    made = sessions.create(tmp_path, "demo", load_ruleset("hammercrawl"), seed=7)
    room = Room(1, {"blue": 1, "purple": 2}, (), 0, 1)
    state = with_pool(
        attrs.evolve(made.state, dungeon=attrs.evolve(made.state.dungeon, rooms_explored=1)), rooms=(room,)
    )
    store = Store(state, made.ruleset, made.files, made.recent, dice=lambda _: script)
    return HammerApp(store), script


async def type_in(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    for key in text:
        await pilot.press(key)


async def test_a_two_round_fight_from_the_main_screen(tmp_path: Path) -> None:
    app, script = fight_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        await pilot.press("F")
        assert isinstance(app.screen, FoesDialog)
        await type_in(pilot, "Goblin")
        await pilot.press("tab")
        await type_in(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        fight = fighting(app.store.state)
        assert [(f.name, f.hp) for f in fight.foes] == [("Goblin 1", 5), ("Goblin 2", 4)]

        # Round 1: the party wins initiative and goes straight to Melee, where everyone stands put.
        await pilot.press("space")
        fight = fighting(app.store.state)
        assert (fight.round, fight.side, fight.phase) == (1, "party", "melee")
        assert "The party rolled 10, the foes 2: the party acts first." in log_text(app)
        await pilot.press("a")  # thrown at the first goblin
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert fighting(app.store.state).pending is not None
        await pilot.press("enter")  # land
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        assert fighting(app.store.state).foe("f1").hp == 5 - 3, "3 on the d6, -1 for STR, +1 for Stay Put"
        assert "Darla attacks Goblin 1" in just_now(app) and "land the attack" not in plain(
            app.screen.query_one("#fight-hint", Static)
        ), "behind the dialog the fight waited; closed, it shows the attack thrown and landed"

        await pilot.press("space")  # the foes' turn: their morale is offered first
        assert fighting(app.store.state).side == "foes"
        await pilot.press("O")  # no morale check this time
        await pilot.press("space")
        assert fighting(app.store.state).phase == "melee"
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.state.character(darla.id).hp == darla.hp, "12 - 1 misses AC 16"
        await pilot.press("space")
        assert fighting(app.store.state).step == "initiative"

        # Round 2: the foes win; Goblin 1 misses, then Darla crits.
        await pilot.press("space")
        fight = fighting(app.store.state)
        assert (fight.round, fight.order[0]) == (2, "foes")
        assert app.store.state.clock.rounds == 2
        await pilot.press("O", "space")
        assert fighting(app.store.state).phase == "melee"
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.press("space")
        assert fighting(app.store.state).side == "party"
        await pilot.press("a")
        await pilot.pause()
        assert "CRITICAL x2" in log_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert fighting(app.store.state).foe("f1").status == "defeated"
        await pilot.press("escape")  # a look at the dashboard, then back to the fight
        await pilot.pause()
        assert "Round 2" in plain(app.query_one(CombatPane))
        await pilot.press("F")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)

        # The goblin left standing runs: the 'Smith ends the fight.
        await pilot.press("x")
        await pilot.press("enter")  # "End it: the foes flee"
        await pilot.pause()
        assert fighting(app.store.state) is None
        assert isinstance(app.screen, RoomXPDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()

        state = app.store.state
        assert state.clock.units == 1 and state.clock.rounds == 0, "2 rounds cost 1 turn"
        torch = next(s for s in light_state.lights(state) if s.lit)
        assert torch.remaining == 5
        assert "2 rounds of combat: 1 turn on the clock." in log_text(app)
        assert "Loot time!" in log_text(app)
        assert find_room(state, 1).beaten
        assert all(m.xp == find_room(state, 1).xp_each for m in state.living)
        assert script.remaining == 0
