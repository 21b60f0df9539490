"""The served player view in a real browser: `hammertui serve` started, its page opened in headless
Chromium (driven by chromedriver through Selenium), its text read and its picture taken.

textual-serve draws the page with xterm.js on a canvas, so the screen's text is not in the page's
HTML: it is read from the terminal's own buffer. The page keeps its terminal to itself, so a script
run before the page's own catches it as it is made (its `fitAddon` is the first thing set on it).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)
SIZE = (1280, 800)

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "fitAddon", {value, writable: true, configurable: true, enumerable: true});
    if (this.terminal && this.terminal.buffer) { window.playerTerminal = this.terminal; }
  },
});
"""
"""Run before the page's scripts: keeps the terminal textual-serve makes where a test can read it."""

SCREEN_TEXT = """
const terminal = window.playerTerminal;
if (!terminal) { return null; }
const buffer = terminal.buffer.active, rows = [];
for (let y = 0; y < terminal.rows; y++) {
  const line = buffer.getLine(buffer.viewportY + y);
  rows.push(line ? line.translateToString(true) : "");
}
return rows.join("\\n");
"""


def missing() -> str:
    """Why the browser tests cannot run here ("" when they can)."""
    if not _found(BROWSERS):
        return "no Chromium here: install the Debian packages chromium and chromium-driver (.ci/run does, as root)"
    if not _found(DRIVERS):
        return "no chromedriver here: install the Debian package chromium-driver (.ci/run does, as root)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: `make .venv/.installed` installs the test extra"
    return ""


def _found(names: tuple[str, ...]) -> str:
    return next((path for name in names if (path := shutil.which(name))), "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served(name: str, saves: Path, rulesets: Path, *options: str) -> Iterator[str]:
    """`hammertui serve NAME` running on a free port; yields the address it printed. The server's
    pid is in the `SERVER` list while it runs."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "hammertui",
        "serve",
        name,
        "--saves",
        str(saves),
        "--rulesets",
        str(rulesets),
        "--port",
        str(port),
        *options,
    ]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "COLUMNS": "200"}
    )
    SERVER[:] = [server.pid]
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        address = f"http://localhost:{port}"
        assert address in first, f"the server said: {first!r}"
        _wait_for_port(port, server)
        yield address
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


SERVER: list[int] = []


def player_apps() -> dict[int, dict[str, str]]:
    """The player apps the running server has started, each with its environment (Linux's /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            environ = (entry / "environ").read_bytes().split(b"\0")
            status = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if b"player-app" in words and status[0] != "Z" and _descends(int(entry.name), SERVER[0]):
            found[int(entry.name)] = dict(word.decode(errors="replace").partition("=")[::2] for word in environ if word)
    return found


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            pid = int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            return False
    return False


OPEN_SOCKET = """
const done = arguments[arguments.length - 1];
const socket = new WebSocket(arguments[0]);
window.sockets = (window.sockets || []).concat([socket]);
socket.onopen = () => done("open");
socket.onerror = () => done("refused");
"""
"""Open a websocket from the page the browser is on: "open", or "refused"."""


def open_socket(driver: object, url: str) -> str:
    return driver.execute_async_script(OPEN_SOCKET, url)  # type: ignore[attr-defined,no-any-return]


def close_sockets(driver: object) -> None:
    driver.execute_script("(window.sockets || []).forEach((s) => s.close()); window.sockets = [];")  # type: ignore[attr-defined]


def _wait_for_port(port: int, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server stopped: {server.stdout.read() if server.stdout else ''}")
        with contextlib.suppress(OSError), socket.create_connection(("localhost", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing answered on port {port}")


@contextlib.contextmanager
def browser() -> Iterator[object]:
    """Headless Chromium, its terminal caught on every page it opens."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _found(BROWSERS)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={SIZE[0]},{SIZE[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(_found(DRIVERS)))
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL})
        yield driver
    finally:
        driver.quit()


def screen_text(driver: object) -> str:
    """The terminal's rows as text ("" before the page has made its terminal)."""
    return driver.execute_script(SCREEN_TEXT) or ""  # type: ignore[attr-defined]


def page_text(driver: object) -> str:
    """Everything the page shows as text: its HTML's and its terminal's."""
    html = driver.execute_script("return document.body.innerText") or ""  # type: ignore[attr-defined]
    return f"{html}\n{screen_text(driver)}"


def wait_for(driver: object, shown: Callable[[str], bool], seconds: float, what: str) -> float:
    """Seconds until the terminal's text satisfies `shown`; fails naming `what` after `seconds`."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if shown(screen_text(driver)):
            return time.monotonic() - start
        time.sleep(0.02)
    raise AssertionError(f"the page never showed {what} in {seconds} s; it shows:\n{screen_text(driver)}")
