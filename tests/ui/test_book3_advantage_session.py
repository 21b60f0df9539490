"""A session of Book Three's Advantage revision, end to end from the command line: a room explored,
a camp with Bedrolls, a round fought in Turns the Leader names, and back to town."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.actions import Context, apply_action
from hammertui.kernel.session.sessions import new_state
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.view import View
from hammertui.procedures.burn_down.actions import Light
from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
from hammertui.procedures.divining_pool.screens.town import TownScreen
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.hammercrawl_camp.screens import CampScreen
from hammertui.procedures.hammercrawl_camp.state import camping
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.actions import FightNext, FoeGroup, NameTurn, StartFight
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.pane import where_text
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_camp_screen import pick
from tests.ui.test_explore import choose
from tests.ui.test_party import log_text, plain
from tests.ui.test_two_round_fight import type_in

RULESET = "hammercrawl-book3-advantage"
ROOM = [5, 1, 1]  # Blue Hammer; two blank Purples
CAMP = [1]  # the 'Smith's 1d6: 1 - 0 watchers + level 1, no encounter
FIGHT = [
    5,
    4,  # Goblin 1 and Goblin 2: 1d8 HP each
    9,
    2,  # initiative, 1d12 each: the party 9 + Darla's DEX +1, the foes 2
    15,
    3,  # Darla's one attack die and her d6 damage (Stay Put +1 on the damage)
]


def created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[HammerApp, ScriptedDice]:
    """`hammertui tomb --ruleset hammercrawl-book3-advantage`, then the session reopened with its
    dice read from a script."""
    monkeypatch.setattr(HammerApp, "run", lambda self: None)
    assert main(["tomb", "--saves", str(tmp_path), "--ruleset", RULESET, "--seed", "7"]) == 0
    opened = sessions.open_files(persist.SaveFiles(tmp_path, "tomb"), load_ruleset)
    script = ScriptedDice(ROOM + CAMP + FIGHT)
    store = Store(opened.state, opened.ruleset, opened.files, opened.recent, dice=lambda _: script)
    return HammerApp(store), script


async def test_a_session_explores_camps_fights_and_goes_to_town(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, script = created(tmp_path, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store.ruleset.id == RULESET
        assert all(sheet_of(app.store.state, m.id).bedroll for m in app.store.state.party)

        # A room: a Hammer buys a Safe Haven; the move costs a Beat.
        await pilot.press("e")
        assert isinstance(app.screen, ExploreScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await choose(pilot, app, "hammer:safe_haven")
        await pilot.press("n")
        await pilot.pause()
        state = app.store.state
        assert exploring(state) is None and state.dungeon.rooms_explored == 1 and state.dungeon.safe_haven
        assert state.clock.units == 1
        assert "1 Beat" in log_text(app)
        await pilot.press("escape")
        await pilot.pause()

        # Camp: six Beats, a Ration each, the Bedrolls heal; nobody watches, nobody comes.
        await pilot.press("c")
        assert isinstance(app.screen, CampScreen)
        await pilot.press("enter", "enter", "enter")  # make camp, the time, the Rations
        await pilot.pause()
        assert app.store.state.clock.units == 7
        await pick(pilot, app, "c4", "camp-people")
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "heal")
        await pilot.press("n", "n")  # the free actions, then no chosen ones
        await pilot.pause()
        await pilot.press("enter")  # the encounter roll
        await pilot.pause()
        state = app.store.state
        assert camping(state) is None and exploring(state) is None
        assert [sheet_of(state, m.id).rations for m in state.party] == [2, 2, 2, 2]
        assert "no encounter" in log_text(app).lower()
        assert "Darla's torch burns out." in log_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.perform(Light("l2")), "Brannoc lights his torch: in the dark Darla could not attack"

        # A fight: the Leader names each Turn; Darla's first.
        await pilot.press("F")
        assert isinstance(app.screen, FoesDialog)
        await type_in(pilot, "Goblin")
        await pilot.press("tab")
        await type_in(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        await pilot.press("space")  # initiative, 1d12
        await pilot.pause()
        fight = fighting(app.store.state)
        assert (fight.round, fight.side, fight.phase) == (1, "party", "turn")
        now = plain(app.screen.query_one("#fight-now"))
        assert "The Leader names who takes the next Turn (space): Darla, Brannoc, Wenna, Otto Sixfingers" in now
        await pilot.press("space")
        assert isinstance(app.screen, ChooseDialog)
        await pilot.press("enter")  # the highlighted one, Darla, heads the list
        await pilot.pause()
        assert fighting(app.store.state).turn == "c1"
        assert "Darla's Turn: stays put and acts" in plain(app.screen.query_one("#fight-now"))
        await pilot.press("a")
        assert isinstance(app.screen, AttackDialog)
        await pilot.press("enter", "enter")  # throw, land
        await pilot.pause()
        assert fighting(app.store.state).foe("f1").hp == 5 - 3, "3 on the d6, -1 for STR, +1 for Stay Put"
        for _ in range(2):  # Brannoc, then Wenna, by the chooser's first line
            await pilot.press("space", "enter")
            await pilot.pause()
        await pilot.press("space")  # Otto is the last: named at once
        await pilot.pause()
        assert fighting(app.store.state).taken == ("c1", "c2", "c3", "c4")
        await pilot.press("space")  # the foes' side
        await pilot.pause()
        assert fighting(app.store.state).side == "foes"
        await pilot.press("O", "space", "enter", "space")  # no morale; the 'Smith names both
        await pilot.pause()
        assert fighting(app.store.state).taken == ("f1", "f2")
        await pilot.press("space")
        await pilot.pause()
        assert fighting(app.store.state).step == "initiative"
        await pilot.press("x", "enter")  # the foes flee
        await pilot.pause()
        await pilot.press("ctrl+s")  # the room's XP
        await pilot.pause()
        state = app.store.state
        assert fighting(state) is None and state.clock.units == 8, "1 round costs 1 Beat"
        await pilot.press("escape")
        await pilot.pause()

        # Back to town: full HP, the kit restocked, the Risk and Reward dice reset.
        await pilot.press("R")
        assert isinstance(app.screen, TownScreen)
        await pilot.press("enter")
        await pilot.pause()
        state = app.store.state
        assert all(m.hp == m.max_hp for m in state.living)
        assert [(sheet_of(state, m.id).rations, sheet_of(state, m.id).bedroll) for m in state.party] == [(3, True)] * 4
        assert script.remaining == 0
    saved = persist.load_state(tmp_path / "tomb.toml")
    assert saved.session.ruleset == RULESET


def test_the_combat_pane_says_whose_turn_it_is() -> None:
    ruleset = load_ruleset(RULESET)
    state = new_state("t", ruleset, seed=7)[0]
    for action, faces in ((StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"), []), (FightNext(), [10, 1])):
        state, _ = apply_action(state, action, Context(ruleset, ScriptedDice(faces)))
    assert fighting(state) is not None
    assert where_text(View(state, ruleset), fighting(state)) == "Round 1 · party · Turns"
    state, _ = apply_action(state, NameTurn("c3"), Context(ruleset, ScriptedDice([])))
    assert fighting(state) is not None
    assert where_text(View(state, ruleset), fighting(state)) == "Round 1 · party · Turns · Wenna's"
