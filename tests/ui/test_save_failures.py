"""A save that cannot be written, at the keyboard: the action is not shown as done, the 'Smith is
told why, the app plays on, and once there is room again the same key saves."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Label

from hammertui.kernel.session import persist
from hammertui.kernel.session.events import Event
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.procedures.hammercrawl_classes import commands as characters
from tests.ui.waiting import until


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", no_space)


def messages(app: HammerApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_full_disk_keeps_the_old_state_and_a_retry_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, seed=7)
    snapshot = tmp_path / "demo.toml"
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        on_disk = snapshot.read_bytes()
        full_disk(monkeypatch)
        await pilot.press("t")
        expected = (
            f"The save failed: No space left on device ({tmp_path / 'demo.log.toml'})."
            " Nothing was changed; free some space and try again."
        )
        await until(pilot, lambda: expected in messages(app), "the failed save told")
        assert app.store.state.clock.units == 0
        assert "Beat 0" in str(app.query_one("#header").render())
        assert snapshot.read_bytes() == on_disk
        monkeypatch.undo()
        await pilot.press("t")
        assert app.store.state.clock.units == 1
        assert "Beat 1" in str(app.query_one("#header").render())
    assert persist.load_state(snapshot).clock.units == 1


async def test_an_undo_that_cannot_be_saved_is_not_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("t")
        full_disk(monkeypatch)
        await pilot.press("u")
        await until(
            pilot,
            lambda: any(m.startswith("The save failed: No space left") for m in messages(app)),
            "the failed undo told",
        )
        assert app.store.state.clock.units == 1
        monkeypatch.undo()
        await pilot.press("u")
        assert app.store.state.clock.units == 0
    assert persist.load_state(tmp_path / "demo.toml").clock.units == 0


def problem(app: HammerApp) -> str:
    return str(app.screen.query_one("#problem", Label).render())


async def test_text_that_cannot_be_saved_is_refused_where_it_is_typed(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        on_disk = (tmp_path / "demo.toml").read_bytes()
        name = app.store.state.party[0].name
        characters.rename_character(app)
        await until(
            pilot, lambda: isinstance(app.screen, TextDialog) and bool(app.screen.query(Input)), "the rename dialog"
        )
        app.screen.query_one(Input).value = "Tomb\udc80"
        await pilot.press("enter")
        await until(
            pilot,
            lambda: "cannot be saved: it holds a broken character" in problem(app),
            "the refusal told in the dialog",
        )
        assert isinstance(app.screen, TextDialog) and app.screen.query_one(Input).value == "Tomb\udc80", (
            "kept to be corrected"
        )
        assert app.store.state.party[0].name == name
    assert (tmp_path / "demo.toml").read_bytes() == on_disk


async def test_opening_tells_of_an_action_that_was_never_saved(tmp_path: Path) -> None:
    make_app(tmp_path, seed=7)
    persist.append_events(tmp_path / "demo.log.toml", [Event(1, "damage", "Darla takes 2 damage.")])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(
            pilot,
            lambda: any("The save ends before “Darla takes 2 damage.”" in m for m in messages(app)),
            "the notice on opening",
        )
        assert not any(e.text == "Darla takes 2 damage." for e in app.store.recent)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder all the same")
async def test_a_read_only_saves_folder_is_told_and_play_goes_on(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        tmp_path.chmod(0o500)
        try:
            await pilot.press("t")
            await until(
                pilot,
                lambda: any(m.startswith("The save failed: Permission denied") for m in messages(app)),
                "the failed save told",
            )
            assert app.store.state.clock.units == 0
        finally:
            tmp_path.chmod(0o700)
        await pilot.press("t")
        assert app.store.state.clock.units == 1
