"""The served page is the table's alone, seen from a real browser: a page from another origin cannot
open the view, a page cannot ask for a screen larger than a screen, and only `--players` views run
at once, each ended when its page lets go of it.

Skipped, saying why, where Chromium or chromedriver is missing (as the other browser tests)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.serve_guard import COLUMNS, ROWS
from tests.browser.player_page import browser, close_sockets, missing, open_socket, player_apps, served, wait_for

pytestmark = pytest.mark.skipif(bool(missing()), reason=missing() or "Chromium is here")

NAME = "evening"


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    store: Store = sessions.create(tmp_path / "saves", NAME, load_ruleset("hammercrawl-book3"), seed=7)
    assert store.files is not None
    with served(NAME, store.files.folder, tmp_path / "rulesets", "--players", "2") as address:
        yield address


def until(holds: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)


def test_a_page_from_another_origin_cannot_open_the_view(address: str) -> None:
    socket = address.replace("http://", "ws://") + "/ws"
    with browser() as driver:
        driver.get("data:text/html,<p>another site</p>")  # type: ignore[attr-defined]
        assert open_socket(driver, socket) == "refused"
        driver.get(address.replace("localhost", "127.0.0.1"))  # type: ignore[attr-defined]
        assert open_socket(driver, socket) == "refused"
        assert player_apps() == {}
        driver.get(address)  # type: ignore[attr-defined]
        wait_for(driver, lambda text: "Darla" in text, 30, "the party on the page's own origin")


def test_a_screen_no_larger_than_a_screen_and_a_few_views_at_once(address: str) -> None:
    socket = address.replace("http://", "ws://") + "/ws"
    with browser() as driver:
        driver.get(address)  # type: ignore[attr-defined]
        wait_for(driver, lambda text: "Darla" in text, 30, "the party")
        assert open_socket(driver, socket + "?width=20000&height=20000") == "open"
        until(lambda: len(player_apps()) == 2, 20, "a second player app")
        sizes = sorted((int(env["COLUMNS"]), int(env["ROWS"])) for env in player_apps().values())
        assert sizes[-1] == (COLUMNS, ROWS), sizes
        assert open_socket(driver, socket) == "refused", "a third view with --players 2"
        close_sockets(driver)
        until(lambda: len(player_apps()) == 1, 20, "the closed view's player app ended")
        assert open_socket(driver, socket) == "open"
