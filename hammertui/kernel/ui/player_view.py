"""The player view: a read-only screen of the session for the table, served to a browser.

It follows the 'Smith's session from its saved files: every quarter of a second it looks at the
snapshot's and the log's sizes and times, and reads them again when either changed. It opens them
for reading only and never writes a byte, so it runs beside the app that plays the session. What it
draws is `session.player_view`'s record, made from the state with the 'Smith's secrets emptied.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.persist import SaveError, SaveFiles
from hammertui.kernel.session.player_view import Burning, PlayerView, player_view
from hammertui.kernel.session.sessions import read_files

POLL = 0.25
"""Seconds between looks at the files: a change shows within a second with room to spare."""

BAND_STYLES = {
    "Healthy": "bold green",
    "Wounded": "bold yellow",
    "Bloodied": "bold #ef6c00",
    "Down": "bold red",
    "Dead": "dim",
}
LIGHT_STYLES = {"lit": "bold #fbc02d", "dim": "#a1887f", "dark": "bold red"}
BAR = 20

RulesetLoader = Callable[[str], Ruleset]


class PlayerApp(App[None]):
    """The served page: header, party, light, fight, last roll and graveyard."""

    TITLE = "hammertui: player view"
    CSS = """
    Screen { layout: vertical; }
    #top { height: 1; }
    #middle { height: auto; }
    .pane { border: round #546e7a; padding: 0 1; height: auto; }
    #party { width: 2fr; }
    #side { width: 1fr; height: auto; }
    """

    def __init__(self, files: SaveFiles, ruleset_loader: RulesetLoader) -> None:
        super().__init__()
        self.files = files
        self.ruleset_loader = ruleset_loader
        self.seen: tuple[tuple[int, int], ...] = ()
        self.view: PlayerView | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="top", markup=False)
        with Horizontal(id="middle"):
            yield Static(id="party", classes="pane", markup=False)
            with Vertical(id="side"):
                yield Static(id="light", classes="pane", markup=False)
                yield Static(id="fight", classes="pane", markup=False)
        yield Static(id="roll", classes="pane", markup=False)
        yield Static(id="graveyard", classes="pane", markup=False)

    def on_mount(self) -> None:
        for pane, title in (
            ("party", "Party"),
            ("light", "Light"),
            ("fight", "Fight"),
            ("roll", "Last roll"),
            ("graveyard", "Graveyard"),
        ):
            self.query_one(f"#{pane}").border_title = title
        self.follow()
        self.set_interval(POLL, self.follow)

    def follow(self) -> None:
        """Read the session again when its files changed since the last look."""
        stamp = tuple(_stamp(path) for path in (self.files.snapshot, self.files.log))
        if stamp == self.seen:
            return
        self.seen = stamp
        try:
            state, ruleset, recent = read_files(self.files, self.ruleset_loader)
        except (SaveError, OSError) as error:
            self.query_one("#top", Static).update(
                Text(f" Waiting for the session {self.files.stem!r}: {_first_line(error)}", style="bold")
            )
            return
        self.view = player_view(state, ruleset, recent)
        self.draw(self.view)

    def draw(self, view: PlayerView) -> None:
        self.query_one("#top", Static).update(header(view))
        self.query_one("#party", Static).update(party(view))
        self.query_one("#light", Static).update(light(view))
        self.query_one("#fight", Static).update(fight(view))
        self.query_one("#roll", Static).update(roll(view))
        self.query_one("#graveyard", Static).update(graveyard(view))


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except OSError:
        return (0, -1)
    return (found.st_mtime_ns, found.st_size)


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def header(view: PlayerView) -> Text:
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f" {view.session} ", style="bold reverse")
    line.append(
        " DARK " if view.dark else " LIT ", style="bold #ffffff on #b71c1c" if view.dark else "bold #000000 on #fbc02d"
    )
    line.append(f" {view.clock} ", style="bold")
    line.append(f"│ {view.ruleset}", style="dim")
    return line


def party(view: PlayerView) -> RenderableType:
    table = Table(box=None, expand=True, show_header=True, header_style="dim", pad_edge=False)
    table.add_column("Name", ratio=3, no_wrap=True)
    table.add_column(view.what, ratio=2, no_wrap=True)
    table.add_column("HP", ratio=2, no_wrap=True)
    levels = any(m.light for m in view.party)
    if levels:
        table.add_column("Light", ratio=1, no_wrap=True)
    more = any(m.more for m in view.party)
    if more:
        table.add_column("", ratio=2, no_wrap=True)
    for member in view.party:
        hp = Text(member.band, style=BAND_STYLES[member.band])
        if member.hp:
            hp.append(f" {member.hp}", style="bold")
        row: list[RenderableType] = [Text(member.name, style="bold"), Text(member.what), hp]
        if levels:
            row.append(Text(member.light, style=LIGHT_STYLES.get(member.light, "")))
        if more:
            row.append(Text(member.more))
        table.add_row(*row)
    return table


def light(view: PlayerView) -> RenderableType:
    level = Text(f"{view.light_level.upper()}", style=LIGHT_STYLES.get(view.light_level, "bold"))
    if not view.burning:
        return Group(level, Text("Nothing burns.", style="dim"))
    return Group(level, *(burning_line(b) for b in view.burning))


def burning_line(source: Burning) -> Text:
    """`Darla's torch ████████░░░░ 4 Beats`: yellow past half, red in its last unit."""
    line = Text(f"{source.name} ")
    if source.full:
        filled = round(BAR * source.left / source.full)
        style = "red" if source.left <= 1 else "yellow" if source.left * 2 < source.full else "#fbc02d"
        line.append("█" * filled, style=style)
        line.append("░" * (BAR - filled), style="dim")
        line.append(" ")
    line.append(source.words, style="bold")
    return line


def fight(view: PlayerView) -> RenderableType:
    if view.fight is None:
        return Text("No fight.", style="dim")
    lines = [Text(view.fight.turn, style="bold #ef6c00")]
    lines += [Text(f"• {worn}") for worn in view.fight.effects]
    return Group(*lines)


def roll(view: PlayerView) -> RenderableType:
    if view.last_roll is None:
        return Text("No roll yet.", style="dim")
    return Group(Text(view.last_roll.text, style="bold"), *(Text(f"  {die}") for die in view.last_roll.dice))


def graveyard(view: PlayerView) -> RenderableType:
    if not view.graveyard:
        return Text("Nobody lies here yet.", style="dim")
    lines = []
    for fallen in view.graveyard:
        line = Text(f"✝ {fallen.name}", style="bold")
        if fallen.cause:
            line.append(f", {fallen.cause}")
        if fallen.epitaph:
            line.append(f": “{fallen.epitaph}”", style="italic")
        lines.append(line)
    return Group(*lines)
