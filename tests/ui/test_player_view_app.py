"""The player view app follows a session from its files, read-only, beside the app that plays it; the
'Smith's app serves it from the palette."""

from __future__ import annotations

import io
import os
import socket
import time
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.persist import SaveFiles
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.player_view import PlayerApp
from tests.ui.test_commands import palette
from tests.ui.waiting import until


@pytest.fixture
def store(tmp_path: Path, b3: Ruleset) -> Store:
    return sessions.create(tmp_path / "saves", "evening", b3, seed=7)


def shown(app: PlayerApp) -> str:
    """The panes' text as the page shows it."""
    console = Console(width=100, record=True, file=io.StringIO())
    for pane in app.query(Static):
        console.print(pane.content)
    return console.export_text()


def files_as_they_are(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir())}


async def test_it_follows_the_session_and_never_writes(store: Store) -> None:
    assert store.files is not None
    folder = store.files.folder
    app = PlayerApp(SaveFiles(folder, "evening"), load_ruleset)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.view is not None, "the first look")
        assert app.view is not None and app.view.clock.startswith("Beat 0")
        before = files_as_they_are(folder)
        await pilot.pause(0.6)  # a few looks at the files
        assert files_as_they_are(folder) == before
        store.dispatch(AdvanceTime(2, "exploring"))
        darla = store.state.party[0]
        store.dispatch(ApplyDamage(darla.id, darla.max_hp - 1, "a goblin's spear"))
        after = files_as_they_are(folder)
        await until(pilot, lambda: app.view is not None and app.view.clock.startswith("Beat 2"), "the time passed")
        await pilot.pause(0.3)
        assert app.view is not None and app.view.party[0].band == "Bloodied"
        assert "Bloodied" in shown(app) and "Beat 2" in shown(app)
        assert files_as_they_are(folder) == after


async def test_a_session_not_there_yet_is_waited_for(tmp_path: Path) -> None:
    app = PlayerApp(SaveFiles(tmp_path, "later"), load_ruleset)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Waiting for the session 'later'" in shown(app)
        sessions.create(tmp_path, "later", load_ruleset("hammercrawl"), seed=1)
        await until(pilot, lambda: app.view is not None, "the session made")
        assert app.view is not None and app.view.session == "later"


def answers(address: str) -> bool:
    host, port = address.removeprefix("http://").split(":")
    try:
        with socket.create_connection((host, int(port)), timeout=0.5):
            return True
    except OSError:
        return False


async def test_the_palette_serves_the_player_view_for_the_app_s_lifetime(tmp_path: Path) -> None:
    app = make_app(tmp_path, "evening", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        offered = palette(app)
        assert "Player view: show HP numbers" in offered
        offered["Open the player view"]()  # type: ignore[operator]
        server = app.player_server
        assert server is not None and server.running
        await until(pilot, lambda: any(server.address in n.message for n in app._notifications), "the address told")
        deadline = time.monotonic() + 20
        while not answers(server.address) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert answers(server.address)
        assert "Served at" in next(
            c.help for c in app.get_system_commands(app.screen) if c.title == "Open the player view"
        )
        palette(app)["Open the player view"]()  # type: ignore[operator]
        assert app.player_server is server
        palette(app)["Player view: show HP numbers"]()  # type: ignore[operator]
        assert app.store is not None and app.store.state.session.show_hp_numbers
        assert "Player view: HP as bands alone" in palette(app)
        process = server.process
    assert process is not None and process.poll() is not None, "the server outlived the app"
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)
