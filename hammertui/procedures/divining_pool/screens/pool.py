"""The Divining Pool builder: the next pool set up key by key, with its exact odds beside it.

Every change is an action, so it is logged, saved and undone like any other key. The screen draws
only what the session's `pool_lines` and `pool_of` and the rules' `odds_for` give, and each part
redraws only when what it shows has changed: moving the cursor or typing never waits on the odds.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

import attrs
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.commands import Commanded, key
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import (
    SetAccrued,
    SetAddition,
    SetChallengeLevel,
    SetExtraDice,
    SetOrdinaryDice,
    SetRevisit,
    pool_lines,
    pool_of,
)
from hammertui.procedures.divining_pool.drawing import (
    FALLBACK_SIZE,
    STEP_NAMES,
    dice,
    dice_chip,
    percent,
    reason_line,
    symbol_names,
)
from hammertui.procedures.divining_pool.rules.explore import PoolLine, is_automatic
from hammertui.procedures.divining_pool.rules.odds import Distribution, PoolOdds, bar_chart, odds_for
from hammertui.procedures.divining_pool.schema.divining import Divining, PoolAddition
from hammertui.procedures.divining_pool.state import divining_pool, exploring, pool_plan

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer

CONTROL = 9
"""Cells for a row's control, `   [x]   ` or ` −  2  + `; a click on its first or last three counts."""

AUTOMATIC = ("base", "dark", "camp", "risk", "reward")
"""Pool lines the state puts in by itself: listed under the builder with their reasons."""

SIDE_BY_SIDE = 56
"""The narrowest odds pane that shows its two charts side by side rather than one above the other."""

CHART_FLOORS = (0.001, 0.005, 0.01, 0.02, 0.05)
"""Chart values rarer than the floor at either end fold into one `<=` or `>=` row; the lowest
floor whose chart fits the pane is used."""

MIN_CHART_ROWS = 8
"""Bars a chart keeps however short the pane: below that it scrolls rather than fold the odds away."""

FIGURE_LINES = 13
"""The odds pane's lines besides a line a colour and the charts: the total, the figures, gaps, the exactness."""


# ---------------------------------------------------------------------------------------------
# The rows: what the 'Smith can set, each with the action that sets it
# ---------------------------------------------------------------------------------------------


@record
class Row:
    """One line of the builder: what it sets, its value now, and the action that sets another.

    `kind` is `toggle` (on or off), `count` (from `low`, up to `high` if the rules bound it) or
    `choice` (one of `choices`, such as the rooms to go back to).
    """

    key: str
    label: Text = attrs.field(eq=False)
    kind: str
    value: int
    set_to: Callable[[int], Action] = attrs.field(eq=False)
    group: str = ""
    low: int = 0
    high: int | None = None
    choices: tuple[int, ...] = ()

    def stepped(self, delta: int) -> int:
        """The value a key asks for: one step up (+1) or down (-1); 0 flips a toggle."""
        if self.kind == "toggle":
            return 1 - self.value if delta == 0 else int(delta > 0)
        if self.kind == "choice":
            at = self.choices.index(self.value) if self.value in self.choices else 0
            return self.choices[min(max(at + delta, 0), len(self.choices) - 1)]
        value = max(self.low, self.value + delta)
        return value if self.high is None else min(self.high, value)

    def control(self) -> str:
        if self.kind == "toggle":
            return f"{'[x]' if self.value else '[ ]':^{CONTROL}}"
        shown = "new" if self.kind == "choice" and not self.value else str(self.value)
        return f" − {shown:^3} + "


def builder_rows(view: View) -> list[Row]:
    """The rows for this ruleset and state, in the order the text builds a pool."""
    divining = view.ruleset.divining
    if divining is None:
        return []
    state = view.state
    rows = [_challenge(divining, state)] if divining.challenge_colour else []
    rows += [_addition(a, state) for a in divining.additions if not is_automatic(a.scale)]
    rows += [_by_hand(divining, colour, state) for colour in divining.dice]
    if divining_pool(state).rooms:
        rows.append(_where(state))
    if divining.accrual is not None:
        rows += _accrued(divining, state)
    return rows


def _challenge(divining: Divining, state: State) -> Row:
    label = dice(divining.challenge_colour or "", 1)
    label.append(f"Challenge Level ({divining.challenge_min} to {divining.challenge_max})")
    level = divining_pool(state).challenge_level
    return Row(
        "challenge", label, "count", level, SetChallengeLevel, low=divining.challenge_min, high=divining.challenge_max
    )


def _addition(addition: PoolAddition, state: State) -> Row:
    label = Text()
    for colour, count in addition.dice.items():
        label.append_text(dice(colour, count))
    label.append(addition.name)
    times = pool_plan(state).additions.get(addition.id, 0)
    set_to = functools.partial(SetAddition, addition.id)
    if addition.scale == "once":
        return Row(f"addition:{addition.id}", label, "toggle", min(times, 1), set_to)
    label.append(", each", style="dim")
    return Row(f"addition:{addition.id}", label, "count", times, set_to)


def _by_hand(divining: Divining, colour: str, state: State) -> Row:
    label = dice(colour, 1)
    label.append(divining.colours[colour].name)
    label.append(f"  {divining.colours[colour].role}", style="dim")
    count = pool_plan(state).extra.get(colour, 0)
    return Row(f"hand:{colour}", label, "count", count, functools.partial(SetExtraDice, colour), group="Dice by hand")


def _where(state: State) -> Row:
    revisit = pool_plan(state).revisit
    label = Text(f"Back to room {revisit}" if revisit else "On to a new room")
    choices = (0, *(room.number for room in divining_pool(state).rooms))
    return Row("room", label, "choice", revisit, SetRevisit, group="Where to", choices=choices)


def _accrued(divining: Divining, state: State) -> list[Row]:
    accrual = divining.accrual
    assert accrual is not None
    pool = divining_pool(state)
    risk, reward = pool.risk, pool.reward
    group = "Risk and Reward, accrued"

    def label(colour: str, what: str) -> Text:
        text = dice(colour, 1)
        text.append(f"{what} ({divining.colours[colour].name})")
        return text

    return [
        Row("risk", label(accrual.risk_colour, "Risk"), "count", risk, lambda n: SetAccrued(n, reward), group=group),
        Row(
            "reward",
            label(accrual.reward_colour, "Reward"),
            "count",
            reward,
            lambda n: SetAccrued(risk, n),
            group=group,
        ),
    ]


# ---------------------------------------------------------------------------------------------
# Lines drawn one by one, and the list the keys drive
# ---------------------------------------------------------------------------------------------


class TextLines(Widget):
    """Lines of Rich Text drawn one at a time (Textual's Line API), each kept as drawn until it changes.

    An update repaints only the lines that differ, so a key that changes one count or a few figures
    does not repaint the whole pane.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Text] = []
        self._strips: dict[int, tuple[Style, Strip]] = {}
        """Each line as drawn, with the style it was drawn under."""

    @property
    def plain(self) -> str:
        """What the lines say, without their styles."""
        return "\n".join(line.plain for line in self._lines)

    def set_lines(self, lines: Sequence[Text]) -> None:
        """Show `lines` (each no wider than the widget): a new layout only when their number changes."""
        old, self._lines = self._lines, list(lines)
        if len(old) != len(self._lines):
            self._strips.clear()
            self.refresh(layout=True)
            return
        changed = [y for y, (was, now) in enumerate(zip(old, self._lines, strict=True)) if not _same(was, now)]
        for y in changed:
            self._strips.pop(y, None)
        if changed:
            self.refresh(*(Region(0, y, self.size.width, 1) for y in changed))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def line_style(self, y: int) -> Style:
        """A style laid under line `y` as it is drawn, such as a cursor's: read then, so always current."""
        return Style.null()

    def render_line(self, y: int) -> Strip:
        if y >= len(self._lines):
            return Strip.blank(self.size.width, self.rich_style)
        under = self.rich_style + self.line_style(y)
        drawn = self._strips.get(y)
        if drawn is None or drawn[0] != under:
            line, console = self._lines[y], self.app.console
            # Text.render leaves the line's own style to the console: it goes under the spans here.
            segments = Segment.apply_style(line.render(console), under + console.get_style(line.style))
            drawn = self._strips[y] = (under, Strip(list(segments)).extend_cell_length(self.size.width, under))
        return drawn[1]

    def on_resize(self) -> None:
        self._strips.clear()


def _same(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


class PoolList(Commanded, TextLines, can_focus=True):
    """The builder's rows as one keyboard list: up and down move, space flips, + and − count.

    It only asks: each change leaves as a `Change` message for the screen to make an action of.
    """

    COMMAND_LIST = (
        key("up", "", "move(-1)", "Up", show=False),
        key("down", "", "move(1)", "Down", show=False),
        key("space,enter", "pool.toggle", "step(0)", "On/off", key_display="space"),
        key("plus,equals_sign,right", "pool.more", "step(1)", "More", key_display="+"),
        key("minus,left", "pool.fewer", "step(-1)", "Fewer", key_display="−"),
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {"pool-list--cursor", "pool-list--group"}

    cursor: reactive[int] = reactive(0, repaint=False)
    """The row the keys act on; it is drawn in the cursor's style when its line is drawn."""

    class Change(Message):
        """The 'Smith asks for `row` to be set to `value`."""

        def __init__(self, row: Row, value: int) -> None:
            super().__init__()
            self.row = row
            self.value = value

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple[Row, ...] = ()
        self._entries: list[int | str] = []
        """Each line drawn: a row's index, or a group's heading."""

    @property
    def current(self) -> Row | None:
        return self.rows[self.cursor] if self.rows else None

    def show(self, rows: Sequence[Row]) -> None:
        self.rows, self._entries = tuple(rows), _lines_of(rows)
        self._draw()
        self.cursor = min(self.cursor, max(len(rows) - 1, 0))

    def move_to(self, key: str) -> None:
        """Put the cursor on the row that sets `key` (`challenge`, `addition:stealthy`, `hand:black`...)."""
        self.cursor = next(i for i, row in enumerate(self.rows) if row.key == key)

    def _draw(self) -> None:
        width = self.size.width or FALLBACK_SIZE[0]
        lines = []
        for entry in self._entries:
            if isinstance(entry, str):
                text = Text(entry)
            else:
                text = Text().append(self.rows[entry].control(), style="bold")
                text.append(" ")
                text.append_text(self.rows[entry].label)
            text.truncate(width, overflow="ellipsis", pad=True)
            lines.append(text)
        self.set_lines(lines)

    def line_style(self, y: int) -> Style:
        entry = self._entries[y] if y < len(self._entries) else None
        if isinstance(entry, str):
            return self.get_component_rich_style("pool-list--group")
        if entry == self.cursor and self.rows:
            return self.get_component_rich_style("pool-list--cursor")
        return Style.null()

    def on_resize(self) -> None:
        super().on_resize()
        self._draw()

    def notify_style_update(self) -> None:
        """Focus changes the cursor's style, a theme every style: the lines take them when next drawn."""
        super().notify_style_update()
        self.refresh()

    def watch_cursor(self, old: int, new: int) -> None:
        """Repaint the two rows the cursor left and reached; keep it, and its group's heading, in sight."""
        width = max(self.size.width, 1)
        self.refresh(*(Region(0, self._entries.index(i), width, 1) for i in (old, new) if i in self._entries))
        if new not in self._entries or not isinstance(self.parent, Widget):
            return
        line = self._entries.index(new)
        top = line - 1 if line and isinstance(self._entries[line - 1], str) else line
        region = Region(0, self.virtual_region.y + top, max(self.size.width, 1), line - top + 1)
        self.parent.scroll_to_region(region, animate=False)

    def action_move(self, delta: int) -> None:
        if delta > 0 and self.cursor == len(self.rows) - 1:
            self.screen.focus_next()
            return
        self.cursor = min(max(self.cursor + delta, 0), max(len(self.rows) - 1, 0))

    def action_step(self, delta: int) -> None:
        row = self.current
        if row is not None:
            self._ask(row, row.stepped(delta))

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor; on a toggle it flips it, on a count's − or + it counts."""
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._entries):
            return
        index = self._entries[offset.y]
        if isinstance(index, str):
            return
        self.cursor = index
        row = self.rows[index]
        if row.kind == "toggle":
            self._ask(row, row.stepped(0))
        elif offset.x < 3:
            self._ask(row, row.stepped(-1))
        elif CONTROL - 3 <= offset.x < CONTROL:
            self._ask(row, row.stepped(1))

    def _ask(self, row: Row, value: int) -> None:
        if value != row.value:
            self.post_message(self.Change(row, value))


def _lines_of(rows: Sequence[Row]) -> list[int | str]:
    lines: list[int | str] = []
    group = ""
    for index, row in enumerate(rows):
        if row.group != group:
            group = row.group
            lines.append(group)
        lines.append(index)
    return lines


# ---------------------------------------------------------------------------------------------
# The pool and its odds
# ---------------------------------------------------------------------------------------------


class OddsPane(VerticalScroll):
    """The pool as coloured dice and its exact odds, fitted to the pane, redrawn only when the pool
    or the pane's size changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._view: View | None = None
        self._shown: object = None

    def compose(self) -> ComposeResult:
        yield TextLines(id="pool-dice")
        yield TextLines(id="pool-odds")

    def on_mount(self) -> None:
        self.border_title = "The pool and its odds"

    def on_resize(self) -> None:
        self._draw()

    def show(self, view: View) -> None:
        self._view = view
        self._draw()

    def _draw(self) -> None:
        view = self._view
        if view is None or view.ruleset.divining is None:
            return
        width, height = self.scrollable_content_region.size if self.scrollable_content_region.area else FALLBACK_SIZE
        pool = pool_of(view.state, view.ruleset)
        shown = (view.ruleset.id, tuple(pool.items()), pool_plan(view.state).ordinary, width, height)
        if shown == self._shown:
            return
        self._shown = shown
        divining = view.ruleset.divining
        dice = pool_dice_lines(divining, pool, pool_plan(view.state).ordinary, width)
        rows = height - FIGURE_LINES - len(pool)
        odds = (
            odds_lines(view.ruleset, odds_for(view.ruleset, pool), width, rows) if pool else [Text("No dice, no odds.")]
        )
        for widget, lines in (
            (self.query_one("#pool-dice", TextLines), dice),
            (self.query_one("#pool-odds", TextLines), odds),
        ):
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            widget.set_lines(lines)


def _prose(words: str, width: int, style: str = "dim") -> list[Text]:
    """A sentence wrapped to `width`, a Text a line."""
    return [Text(line, style=style) for line in textwrap.wrap(words, max(width, 20))]


def pool_dice_lines(divining: Divining, pool: dict[str, int], ordinary: Sequence[str], width: int) -> list[Text]:
    """A line a colour, `⬢ ⬢ 2 Purple   Challenge`, then the total."""
    if not pool:
        return [Text("The pool is empty.", style="dim")]
    chips = {colour: dice_chip(divining, colour, count) for colour, count in pool.items()}
    roles = {colour: divining.colours[colour].role for colour in pool}
    if max(chip.cell_len + 2 + len(roles[c]) for c, chip in chips.items()) > width:
        chips = {colour: dice_chip(divining, colour, count, every_die=False) for colour, count in pool.items()}
    column = max(chip.cell_len for chip in chips.values())
    lines = []
    for colour, chip in chips.items():
        chip.append(" " * (column - chip.cell_len + 2) + roles[colour], style="dim")
        lines.append(chip)
    total = sum(pool.values())
    with_them = f", and {', '.join(ordinary)} rolled with them" if ordinary else ""
    return [*lines, *_prose(f"{total} {'die' if total == 1 else 'dice'}{with_them}", width, "bold")]


def odds_lines(ruleset: Ruleset, odds: PoolOdds, width: int, chart_rows: int) -> list[Text]:
    """The headline chances and averages, the two charts in about `chart_rows` rows, and how exact they are."""
    names = symbol_names(ruleset)
    figures = [
        (f"At least one {names.challenge}", percent(odds.chance_crossblade)),
        (f"At least one {names.blood}", percent(odds.chance_blood_drop)),
        (f"At least one {names.delay}", percent(odds.chance_hourglass)),
        (f"{names.reward}s expected", f"{float(odds.expected_hammers):.2f}"),
        (f"{names.challenge}s expected", f"{float(odds.expected_crossblades):.2f}"),
    ]
    label_width = max(len(label) for label, _ in figures)
    lines = [Text(f"{label:<{label_width}} ").append(f"{figure:>6}", style="bold") for label, figure in figures]
    extremes = _extremes(ruleset)
    if extremes:
        lines += _prose(f"(with {extremes} counted)", width)
    xp = ("Base XP, before the tier", odds.xp, str)
    net = (f"Net {names.boon}s + / {names.bane}s −", odds.net_falcons, _signed)
    return [*lines, Text(), *_charts([xp, net], width, chart_rows), Text(), *_prose(_exactness(ruleset, odds), width)]


Chart = tuple[str, Distribution, Callable[[int], str]]


def _charts(charts: Sequence[Chart], width: int, rows: int) -> list[Text]:
    """Each chart under its title: side by side when the pane is wide enough, else one above the other."""
    if width >= SIDE_BY_SIDE:
        column = (width - 3) // 2
        drawn = [_chart(chart, column, rows - 1) for chart in charts]
        height = max(len(lines) for lines in drawn)
        rows = []
        for i in range(height):
            cells = [lines[i] if i < len(lines) else Text() for lines in drawn]
            for cell in cells:
                cell.truncate(column, pad=True)
            rows.append(Text("   ").join(cells))
        return rows
    each = (rows + 1) // len(charts) - 2
    return [line for chart in charts for line in [*_chart(chart, width, each), Text()]][:-1]


def _chart(chart: Chart, width: int, rows: int) -> list[Text]:
    """A chart's title and bars, its rare ends folded in until the bars fit `rows` (or as far as they go)."""
    title, dist, label = chart
    bar_width = max(4, min(24, width - 12))
    for floor in CHART_FLOORS:
        bars = bar_chart(dist, bar_width, floor, label)
        if len(bars) <= max(rows, MIN_CHART_ROWS):
            break
    return [Text(title, style="bold"), *(Text(line, style="cyan") for line in bars)]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _extremes(ruleset: Ruleset) -> str:
    """`Comets and Chaos Stars`: the faces whose bonus the averages already hold."""
    divining = ruleset.divining
    names = [f"{divining.symbols.get(s, s)}s" for s in divining.bonus] if divining else []
    return " and ".join(names)


def _exactness(ruleset: Ruleset, odds: PoolOdds) -> str:
    """How far the charts may be off: the mass the chain truncation left out, or nothing."""
    divining = ruleset.divining
    chain = (
        divining.symbols.get(divining.chain_symbol, divining.chain_symbol) if divining and divining.chain_symbol else ""
    )
    if not odds.truncated:
        return "Every figure is exact" + (f": no die in this pool can start a {chain} chain." if chain else ".")
    return (
        f"{chain} chains followed to {odds.chain_depth} extra dice; the charts are low by at most "
        f"{float(odds.truncated):.0e}, the other figures exact."
    )


def automatic_text(divining: Divining, lines: Sequence[PoolLine]) -> Text:
    """The dice the state adds by itself, each with its reason: not set here, only shown."""
    if not lines:
        return Text()
    text = Text("Also in the pool\n", style="bold")
    text.append_text(Text("\n").join(reason_line(divining, line) for line in lines))
    return text


# ---------------------------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------------------------


class PoolScreen(Commanded, ModalScreen[None]):
    """The builder over the whole terminal: rows to set on the left, the pool and its odds right."""

    CSS_PATH = [STYLES, Path(__file__).with_name("pool.tcss")]

    COMMAND_LIST = (
        key("escape", "pool.close", "close", "Close"),
        key("u", "pool.undo", "app.do('store.undo')", "Undo"),
        key("ctrl+r", "pool.redo", "app.do('store.redo')", "Redo"),
    )

    def __init__(self) -> None:
        super().__init__()
        self._drawn: dict[str, object] = {}
        """What each part was last drawn from: a part whose inputs are unchanged is left alone."""

    @property
    def hammer(self) -> Hammer:
        return cast("Hammer", self.app)

    def compose(self) -> ComposeResult:
        with Horizontal(id="pool-columns"):
            with Vertical(id="pool-build") as build:
                build.border_title = "Build the next pool"
                yield Static(id="pool-banner", markup=False)
                with VerticalScroll(id="pool-rows"):
                    yield PoolList(id="pool-list")
                yield Static(id="pool-status", markup=False)
                with Horizontal(id="pool-ordinary"):
                    yield Label("Ordinary dice", id="pool-ordinary-label", markup=False)
                    yield Input(placeholder="1d20, 1d6", id="pool-ordinary-input", compact=True)
                    yield Static(id="pool-ordinary-problem", markup=False)
                yield Static(id="pool-auto", markup=False)
            yield OddsPane(id="pool-odds-box")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "view", self._redraw)
        self.query_one(PoolList).focus()

    def _fresh(self, part: str, inputs: object) -> bool:
        """Whether `part` must be drawn again for `inputs`; if so they are remembered as drawn."""
        if part in self._drawn and self._drawn[part] == inputs:
            return False
        self._drawn[part] = inputs
        return True

    def _redraw(self, view: View | None) -> None:
        if view is None:
            return
        state = view.state
        trip = exploring(state)
        lines = pool_lines(state, view.ruleset) if view.ruleset.divining else ()
        pool = divining_pool(state)
        rooms = tuple(room.number for room in pool.rooms)
        if self._fresh("rows", (view.ruleset.id, lines, pool.plan, pool.challenge_level, rooms)):
            self.query_one(PoolList).show(builder_rows(view))
        if self._fresh("banner", (view.ruleset.id, trip.step if trip else None)):
            banner = self.query_one("#pool-banner", Static)
            banner.update(_banner(view))
            banner.display = bool(banner.content)
        automatic = tuple(line for line in lines if line.source in AUTOMATIC)
        if self._fresh("automatic", automatic) and view.ruleset.divining:
            self.query_one("#pool-auto", Static).update(automatic_text(view.ruleset.divining, automatic))
        if self._fresh("ordinary", pool.plan.ordinary):
            self.query_one("#pool-ordinary-input", Input).value = ", ".join(pool.plan.ordinary)
            self.query_one("#pool-ordinary-problem", Static).update("")
        self.query_one(OddsPane).show(view)

    # Changes ---------------------------------------------------------------------------------

    def on_pool_list_change(self, event: PoolList.Change) -> None:
        event.stop()
        refusal = self.hammer.try_perform(event.row.set_to(event.value))
        words = _sentence(refusal) if refusal else ""
        if self._fresh("status", words):
            status = self.query_one("#pool-status", Static)
            status.update(words)
            status.display = bool(words)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._set_ordinary(event.value)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if self.is_attached:
            self._set_ordinary(event.value)

    def _set_ordinary(self, typed: str) -> None:
        """Dice notation separated by commas; a refusal is shown beside the field, what was typed kept."""
        view = self.hammer.view
        wanted = tuple(part.strip() for part in typed.split(",") if part.strip())
        unchanged = view is None or wanted == pool_plan(view.state).ordinary
        refusal = None if unchanged else self.hammer.try_perform(SetOrdinaryDice(wanted))
        self.query_one("#pool-ordinary-problem", Static).update(_sentence(refusal) if refusal else "")

    def action_close(self) -> None:
        self.dismiss(None)


def _banner(view: View) -> Text:
    """Why the pool cannot change now, when it cannot."""
    trip = exploring(view.state)
    if trip is None:
        return Text()
    return Text(f"Locked: an Explore is under way ({STEP_NAMES.get(trip.step, trip.step)}). Close this and press e.")


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")
