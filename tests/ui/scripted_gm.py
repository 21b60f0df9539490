"""A 'Smith at the keyboard with the dice scripted: one Explore and one Camp, every key counted.

The key-count tests assert on these counts and `bench/keys` prints them, so both drive the same
keys through the real app.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.divining_pool.actions.explore import SetAddition, SetSafeHaven

EXPLORE_TASK = "explore (2 Hammers, 3 Crossblades, 1 Skull, to XP)"
CAMP_TASK = "camp (4: one on watch, one scouting, two resting, to the encounter roll)"

# "Huzzah!" adds a Red die: the pool is Blue, Red, Purple, Purple (the ruleset's order of dice).
ROOM = [1, 9, 4, 2]  # Blue blank; Red Hammer + Hammer; Purple Chaos Star; Purple Skull
SPUTTER = [2]  # the net Skull: the lights lose 1d4 turns
# The camp: Wenna's scouting finds 1d4 = 3 rooms, then the 'Smith's 1d6 = 1: no encounter.
CAMP = [3, 1]

FIGHT_TASK = "fight round (4 adventurers, 3 goblins, everyone on the default target, initiative and a morale skip)"
AIMED_TASK = "fight round, two adventurers picking other targets"
# Initiative: the party 8, the foes 3. Darla 15 hits (d6 3); Brannoc 4 misses (2); Wenna 13 hits (2);
# Otto's two dice 9 and 14, one hit (d8 5); then the goblins on Darla (AC 16): 10 (2), 3 (1), 18 hits (4).
FIGHT = [8, 3, 15, 3, 4, 2, 13, 2, 9, 14, 5, 10, 2, 3, 1, 18, 4]
GOBLINS = "Goblin"


def scripted_app(folder: Path, faces: list[int], ruleset: str = "hammercrawl") -> tuple[HammerApp, ScriptedDice]:
    """The demo session (Darla, Brannoc, Wenna, Otto), its dice read from `faces`."""
    script = ScriptedDice(faces)
    made = sessions.create(folder, "demo", load_ruleset(ruleset), seed=7)
    store = Store(made.state, made.ruleset, made.files, made.recent, dice=lambda _: script)
    return HammerApp(store), script


class CountingKeys:
    """Presses keys as a person does, one at a time, and counts every one (Enter included)."""

    def __init__(self, pilot: Pilot) -> None:
        self.pilot = pilot
        self.count = 0

    async def __call__(self, *keys: str) -> None:
        for key in keys:
            self.count += 1
            await self.pilot.press(key)
            await self.pilot.pause()


def explore_app(folder: Path) -> tuple[HammerApp, ScriptedDice]:
    return scripted_app(folder, ROOM + SPUTTER)


async def gm_explores(pilot: Pilot) -> int:
    """From `e` on the dashboard to the room's XP awarded; the pool was built beforehand (Huzzah!)."""
    assert isinstance(pilot.app, HammerApp)
    pilot.app.perform(SetAddition("huzzah", 1))
    await pilot.pause()
    press = CountingKeys(pilot)
    await press("e", "enter")  # open the Explore, roll the pool
    await press("enter")  # Comets and Chaos Stars read; no Blood Drops or Hourglasses: on to the Skull
    await press("enter")  # the net Skull: the lights sputter (the top of its list)
    await press("n")  # on to the room
    await press("2", "enter")  # both Hammers: an (additional) friendly encounter
    await press("3", "enter")  # all three Crossblades: an (additional) hostile encounter
    await press("n")  # the move takes its turn; the room is recorded
    await press("x")  # the challenge is beaten: the room's XP to everyone
    return press.count


def camp_app(folder: Path) -> tuple[HammerApp, ScriptedDice]:
    return scripted_app(folder, CAMP)


async def gm_camps(pilot: Pilot) -> int:
    """From `c` on the dashboard through the encounter roll; the party stands in a Safe Haven.

    Otto (an Elf) takes the free action the camp takes for him, unasked; Darla stands watch, Wenna
    scouts ahead (her check entered as a success), and the other two rest.
    """
    assert isinstance(pilot.app, HammerApp)
    pilot.app.perform(SetSafeHaven(True))
    await pilot.pause()
    press = CountingKeys(pilot)
    await press("c", "enter")  # open the Camp, make camp
    await press("enter", "enter")  # the time, the Rations
    await press("n")  # the free actions: Otto's is taken for him, nothing spent or lost
    await press("w")  # Darla stands watch; the highlight moves on to Brannoc
    await press("down", "s")  # Wenna scouts ahead: how her check went
    await press("down", "enter")  # it succeeded
    await press("R")  # everyone without a camp action rests
    await press("n")  # the camp actions
    await press("enter")  # the 'Smith's encounter roll
    return press.count


def screen_text(app: HammerApp) -> str:
    """What the screen shows now, as plain text: what a person at the terminal can read."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def fight_app(folder: Path, ruleset: str = "hammercrawl-book3") -> tuple[HammerApp, ScriptedDice]:
    return scripted_app(folder, FIGHT, ruleset)


async def _fight_round(pilot: Pilot, aims: dict[int, str]) -> int:
    """From initiative to the round's end: `a` throws at the default target, a number picks
    another (`aims`: the adventurer's place in the party, from 0, and the target's number)."""
    from hammertui.procedures.sides_and_phases.actions import FoeGroup, StartFight
    from hammertui.procedures.sides_and_phases.state import FoeKind

    assert isinstance(pilot.app, HammerApp)
    pilot.app.perform(StartFight((FoeGroup(FoeKind(GOBLINS, "3", 12), 3),), hp="average"))
    await pilot.press("F")
    await pilot.pause()
    press = CountingKeys(pilot)
    await press("space")  # initiative: the party wins, straight to its Melee
    for n in range(4):
        await press("a", *([aims[n]] if n in aims else []), "enter")
    await press("space", "O")  # the foes' turn: no morale check
    while pilot.app.store.state.slices["sides_and_phases"].fight.phase != "melee":
        await press("space")
    for _ in range(3):
        await press("a", "enter")
    await press("space")  # end of the round
    return press.count


async def gm_fights(pilot: Pilot) -> int:
    return await _fight_round(pilot, {})


async def gm_fights_aiming(pilot: Pilot) -> int:
    """Brannoc goes for Goblin 2 and Wenna for Goblin 3."""
    return await _fight_round(pilot, {1: "2", 2: "3"})
