"""`put` redraws a Static only when its text changed, and lays the screen out only when its height can have."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from hammertui.kernel.ui.statics import put

LONG = "a hint long enough to wrap onto a second line in a box forty cells wide, and then some"


class Two(App[None]):
    CSS = "Static { width: 40; } #auto { height: auto; } #fixed { height: 1; text-wrap: nowrap; }"

    def compose(self) -> ComposeResult:
        yield Static(Text("short"), id="auto")
        yield Static(Text("short"), id="fixed")


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Every update `put` makes: which Static, and whether it asked for a layout."""
    made: list[tuple[str, bool]] = []
    real = Static.update

    def update(self: Static, content: Any = "", *, layout: bool = True) -> None:
        made.append((self.id or "", layout))
        real(self, content, layout=layout)

    monkeypatch.setattr(Static, "update", update)
    return made


async def test_the_same_text_is_not_drawn_again(layouts: list[tuple[str, bool]]) -> None:
    app = Two()
    async with app.run_test(size=(60, 10)):
        put(app.query_one("#auto", Static), Text("short"))
        assert layouts == []


async def test_a_height_that_grows_lays_out_and_one_that_stays_does_not(layouts: list[tuple[str, bool]]) -> None:
    app = Two()
    async with app.run_test(size=(60, 10)) as pilot:
        auto = app.query_one("#auto", Static)
        put(auto, Text("other"))
        put(auto, Text(LONG))
        await pilot.pause()
        assert layouts == [("auto", False), ("auto", True)]
        assert auto.size.height == 3


async def test_a_static_of_set_height_never_lays_out(layouts: list[tuple[str, bool]]) -> None:
    app = Two()
    async with app.run_test(size=(60, 10)):
        put(app.query_one("#fixed", Static), Text(LONG))
        assert layouts == [("fixed", False)]
