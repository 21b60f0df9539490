"""The table's read-only view of the session, served to a browser from the palette: start it (or
say again where to open it), and whether it shows Hit Points as numbers."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand

from hammertui.kernel.session.store import open_store

if TYPE_CHECKING:
    from hammertui.kernel.session.state import State
    from hammertui.kernel.ui.hammer import Hammer


def palette(app: Hammer, state: State) -> Iterator[SystemCommand]:
    """Serve the player view (again: where to open it), and whether it shows HP numbers."""
    server = app.player_server
    if server is not None and server.running:
        help = f"Served at {server.address}: show the address again"
    else:
        help = "Serve the party, light, clock and rolls to a browser (read-only)"
    yield SystemCommand("Open the player view", help, partial(serve, app))
    show = not state.session.show_hp_numbers
    words = "Player view: show HP numbers" if show else "Player view: HP as bands alone"
    yield SystemCommand(
        words, "Beside Healthy, Wounded, Bloodied... on the player view", partial(show_hp_numbers, app, show)
    )


def serve(app: Hammer) -> None:
    """Start the player view's server (once) and say where to open it."""
    from hammertui.kernel.ui.player_server import PlayerServer

    files = open_store(app).files
    if files is None:
        app.notify("This session is not saved, so there is nothing to serve.", severity="warning")
        return
    if app.player_server is None or not app.player_server.running:
        app.player_server = PlayerServer()
        app.player_server.start(files.stem, files.folder)
    app.notify(
        f"Open {app.player_server.address} in a browser. It follows this session; it stops when hammertui does.",
        title="Player view",
        timeout=20,
    )


def show_hp_numbers(app: Hammer, show: bool) -> None:
    from hammertui.kernel.session.player_view import ShowHpNumbers

    app.perform(ShowHpNumbers(show))
