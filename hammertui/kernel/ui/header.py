"""The header line: where and when the party is, and whether they can see."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.session.procedures import by_dungeon_level, camp_under_way, is_dark
from hammertui.kernel.ui.procedures import dungeon_tier, time_left
from hammertui.kernel.ui.view import View


class SessionHeader(Static):
    """Session, ruleset, dungeon level (by procedures that play by it; and tier, by rules that have
    tiers: the characters procedure says), the clock (and a fight's rounds), LIT (with each source's
    time left, where the light procedure times it) or DARK."""

    view: reactive[View | None] = reactive(None, repaint=False)

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        text = header_text(view, self.app.size.width)
        if text != self.content:  # above a dialog, a redraw costs the whole dimmed backdrop
            self.update(text, layout=False)

    def on_resize(self) -> None:
        self.watch_view(self.view)


def header_text(view: View, width: int | None = None) -> Text:
    """Most urgent first, so a narrow terminal cuts the ruleset name, never LIT or DARK. In `width`
    columns a ruleset name too long to fit whole is given as the ruleset's id (`hammercrawl-book3`),
    which a session is opened with; cut only where even that does not fit."""
    state, ruleset = view.state, view.ruleset
    clock = ruleset.time
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f" {state.session.name} ", style="bold reverse")
    if view.read_only:
        line.append(" READ-ONLY ", style="bold #ffffff on #1565c0")
    if is_dark(state):
        line.append(" DARK ", style="bold #ffffff on #b71c1c")
    else:
        line.append(" LIT ", style="bold #000000 on #fbc02d")
        left = time_left(state, ruleset)
        if left:
            line.append(f" {', '.join(left)} ", style="bold #fbc02d")
        line.append("│", style="dim")
    line.append(f" {clock.unit.capitalize()} {state.clock.units}", style="bold")
    line.append(f" · {clock_text(state.clock.units, clock.minutes_per_unit)} ")
    if state.clock.rounds:
        line.append(f"+ round {state.clock.rounds} ", style="bold #ef6c00")
    line.append("│", style="dim")
    where = where_text(view)
    if where:
        line.append_text(where)
        line.append("│", style="dim")
    mode = ruleset.difficulty(state.session.difficulty)
    if mode is not None and len(ruleset.difficulty_modes) > 1:
        line.append(f" {mode.name} ", style="bold")
        line.append("│", style="dim")
    name = f" {ruleset.name}"
    if width is not None and line.cell_len + len(name) > width:
        name = f" {ruleset.id}"
    line.append(name, style="dim")
    return line


def where_text(view: View) -> Text:
    """The dungeon's level (and tier) where the session's procedures play by it, a Safe Haven, a camp."""
    state, dungeon = view.state, view.state.dungeon
    where = Text()
    if by_dungeon_level(state.session.procedures):
        tier = dungeon_tier(state, view.ruleset)
        tiered = f", tier {tier}" if tier is not None else ""
        where.append(f" Level {dungeon.level}{tiered} ")
    if dungeon.safe_haven:
        where.append("Safe Haven ", style="bold #66bb6a")
    if camp_under_way(state):
        where.append("camping ", style="bold #66bb6a")
    return where
