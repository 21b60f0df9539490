"""Keys act in the order typed: a 'Smith types `d 3 enter` in one breath, and the terminal hands
them over together, before the dialog has drawn its field; or types on while the app pauses, and
the keys after an Enter come before the Enter has been answered."""

from __future__ import annotations

import asyncio
import gc
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import ModalScreen

from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from tests.ui.test_attack_dialog import armed
from tests.ui.waiting import TURNS, until

CHARS = {"enter": "\r", "escape": "\x1b"}


def in_one_breath(app: App, *keys: str) -> None:
    """Every key queued at once, as a terminal delivers a burst: no turn of the loop between them."""
    for key in keys:
        event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)


async def test_damage_typed_in_one_breath_lands(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state.party[0].hp
        in_one_breath(app, "d", "3", "enter")
        await until(pilot, lambda: app.store.state.party[0].hp != before, "the damage landing")
        assert app.store.state.party[0].hp == before - 3


async def test_healing_typed_in_one_breath_lands(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        darla = app.store.state.party[0]
        assert app.perform(ApplyDamage(darla.id, 3))
        in_one_breath(app, "h", "2", "enter")
        await until(pilot, lambda: app.store.state.party[0].hp == darla.hp - 1, "the healing landing")


async def test_a_number_and_enter_in_one_breath_in_an_open_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state.party[0].hp
        await pilot.press("d")
        await until(
            pilot, lambda: isinstance(app.screen, AmountDialog) and app.screen.focused is not None, "the damage dialog"
        )
        in_one_breath(app, "2", "enter")
        await until(pilot, lambda: not isinstance(app.screen, AmountDialog), "the dialog answered")
        assert app.store.state.party[0].hp == before - 2


async def test_a_choice_typed_in_one_breath(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        torch = light_state.lights(app.store.state)[0]
        in_one_breath(app, "g", "down", "enter")
        await until(
            pilot,
            lambda: light_state.light(app.store.state, torch.id).carrier != torch.carrier,
            "the torch handed over",
        )
        assert light_state.light(app.store.state, torch.id).carrier == app.store.state.party[2].id, (
            "the second offered, Wenna"
        )


async def test_a_new_name_typed_in_one_breath(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        in_one_breath(app, "f2", *"Tomb", "enter")
        await until(pilot, lambda: app.store.state.session.name != "demo", "the session renamed")
        assert app.store.state.session.name == "Tomb"


async def test_a_key_after_an_answer_the_app_acts_on_waits_for_the_dialog_to_close(tmp_path: Path) -> None:
    """The rename is done by the app (the dialog's answer, `DialogAnswer`) while the dialog stays
    open: the `u` typed after Enter undoes it on the dashboard, never lands in the closing field."""
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        in_one_breath(app, "f2", "home", "ctrl+k", *"Tomb", "enter", "u")
        await until(pilot, lambda: app.store.can_redo, "the rename undone")
        for _ in range(5):
            await pilot.pause()
        assert app.store.state.session.name == "demo"
        assert not isinstance(app.screen, ModalScreen)


async def test_keys_after_a_refused_answer_correct_it_in_place(tmp_path: Path) -> None:
    """Enter on the name the session already has is refused under the field; the keys typed after
    it, in the same breath, correct the name and answer again, and that answer is done."""
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        in_one_breath(app, "f2", "enter", "home", "ctrl+k", *"Tomb", "enter")
        await until(pilot, lambda: app.store.state.session.name == "Tomb", "the session renamed")
        await until(pilot, lambda: not isinstance(app.screen, TextDialog), "the dialog closed")


async def test_a_roll_typed_in_one_breath(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15])
    async with app.run_test(size=(120, 40)) as pilot:
        in_one_breath(app, "s", "enter")
        await until(pilot, lambda: script.remaining == 0, "the save rolled")
        assert not isinstance(app.screen, CheckDialog)


async def test_enter_twice_in_one_breath_rolls_once(tmp_path: Path) -> None:
    app, script = armed(tmp_path, [15, 15])
    async with app.run_test(size=(120, 40)) as pilot:
        in_one_breath(app, "s", "enter", "enter")
        await until(pilot, lambda: script.remaining < 2 and not isinstance(app.screen, CheckDialog), "the save rolled")
        for _ in range(5):
            await pilot.pause()
        assert script.remaining == 1, "one roll; the second Enter found the dialog closing"


async def test_dialogs_closed_are_not_kept_by_the_keys_typed_into_them(tmp_path: Path) -> None:
    """A closed dialog, with all it drew, goes: no key typed into it, nor the wait for its keys to
    act, keeps it (each kept dialog is thousands of objects every full collection walks)."""
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(10):
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, AmountDialog), "the damage dialog")
            await pilot.press("1", "enter")
            await until(pilot, lambda: not isinstance(app.screen, AmountDialog), "the dialog closing")
            await pilot.press("u")
        await pilot.pause()
        gc.collect()
        assert sum(isinstance(o, AmountDialog) for o in gc.get_objects()) <= 2


async def test_keys_after_enter_wait_for_its_answer(tmp_path: Path) -> None:
    """`1 enter 1 h 1 enter` in one breath into an open damage dialog: 1 damage, then 1 healing.
    The `1` typed after Enter is for the dashboard, not the field Enter is answering."""
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state.party[0].hp
        await pilot.press("d")
        await until(
            pilot, lambda: isinstance(app.screen, AmountDialog) and app.screen.focused is not None, "the damage dialog"
        )
        in_one_breath(app, "1", "enter", "1", "h", "1", "enter")
        seq = app.store.state.seq
        await until(
            pilot, lambda: app.store.state.seq >= seq + 2 and not isinstance(app.screen, ModalScreen), "both answered"
        )
        for _ in range(5):
            await pilot.pause()
        hurt, healed = (event.text for event in list(app.store.recent)[-2:])
        assert hurt.startswith("Darla loses 1 HP:") and healed == "Darla heals 1: +1 HP (at max)."
        assert app.store.state.party[0].hp == before


async def until_acted(pilot: Pilot, count: Callable[[], int], many: int) -> None:
    """Let the app run until `count()` reaches `many`, failing if it stops growing short of it;
    then a few turns more, for any key still to come."""
    seen, still = count(), 0
    while seen < many and still < TURNS:
        await pilot.pause()
        now = count()
        seen, still = now, (still + 1 if now == seen else 0)
    for _ in range(10):
        await pilot.pause()


PAIRS = int(os.environ.get("HAMMERTUI_BURST_PAIRS", "100"))
"""`d 1 enter h 1 enter` pairs typed. Each opens and draws two dialogs, about a quarter of a second
a pair on a quiet core: a hundred in the suite, a thousand with HAMMERTUI_BURST_PAIRS=1000."""


@pytest.mark.timeout(180)  # a hundred pairs take half a minute on a quiet core
async def test_pairs_typed_in_bursts_act_in_order(tmp_path: Path) -> None:
    """Keys come in bursts of any length, with no pause, and the collector runs a full collection
    in the middle (as the app's own does after long typing); each key acts in the order typed, so
    every pair leaves the hit points where they were and no dialog open."""
    app = make_app(tmp_path, seed=7)
    keys = ["d", "1", "enter", "h", "1", "enter"] * PAIRS
    sizes = random.Random(28)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state.party[0].hp
        seq = app.store.state.seq
        while keys:
            size = sizes.randint(1, 40)
            burst, keys = keys[:size], keys[size:]
            in_one_breath(app, *burst)
            if len(keys) // 6 == PAIRS // 2:
                app.call_later(gc.collect)
            await asyncio.sleep(0)
        await until_acted(pilot, lambda: app.store.state.seq - seq, 2 * PAIRS)
        assert app.store.state.seq - seq == 2 * PAIRS
        assert not isinstance(app.screen, ModalScreen), f"{app.screen} left open"
        assert app.store.state.party[0].hp == before
