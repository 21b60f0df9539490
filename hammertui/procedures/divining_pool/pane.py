"""The Divining pool pane: the dice the 'Smith will roll when the party moves on, why each is there,
and what they are likely to show.

Everything drawn comes from the session's `pool_lines` and the rules' exact `odds_for`. The pane
fits what it says to its size, most useful first, and redraws only when the pool, the Explore's
step or its own size changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui.commands import Command, calm
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import pool_lines, room_award
from hammertui.procedures.divining_pool.drawing import STEP_NAMES, dice_chip, percent, reason_line, symbol_names
from hammertui.procedures.divining_pool.rules.explore import divining_of, pool_counts
from hammertui.procedures.divining_pool.rules.odds import Distribution, PoolOdds, odds_for
from hammertui.procedures.divining_pool.schema.divining import Divining
from hammertui.procedures.divining_pool.state import EXPLORE_STEPS, Exploration, divining_pool, exploring

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI


class DiviningPane(Static):
    """The next pool as coloured dice, its headline odds, and why each die is in it."""

    view: reactive[View | None] = reactive(None, repaint=False)
    _shown: object = None

    def on_mount(self) -> None:
        self.border_title = "Divining pool"

    def on_resize(self) -> None:
        self._draw(self.view)

    def watch_view(self, view: View | None) -> None:
        self._draw(view)

    def _draw(self, view: View | None) -> None:
        """Drawn for the pane's own size: before it is laid out there is nothing to fit (its
        first layout draws it, once), and the odds are worked out only for what is shown."""
        if view is None or not self.content_size.area:
            return
        width, height = self.content_size
        shown = (view.ruleset.id, _inputs(view), width, height)
        if shown == self._shown:
            return
        self._shown = shown
        self.update(pane_text(view, width, height), layout=False)


def _inputs(view: View) -> object:
    """Everything the pane's text depends on, cheap to build and to compare."""
    trip = exploring(view.state)
    if trip is not None:
        return (trip.step, tuple(trip.pool.items()))
    return pool_lines(view.state, view.ruleset)


def pane_text(view: View, width: int, height: int) -> Text:
    """The pane's lines, most useful first, cut to `height` rows that never wrap."""
    trip = exploring(view.state)
    if trip is not None:
        lines = _under_way(view, trip, width)
    else:
        lines = _planned(view, width, height)
    shown = lines[: max(height, 1)]
    for line in shown:
        line.truncate(width, overflow="ellipsis")
    return Text("\n").join(shown)


def _planned(view: View, width: int, height: int) -> list[Text]:
    divining, _ = divining_of(view.ruleset)
    lines = pool_lines(view.state, view.ruleset)
    pool = pool_counts(lines, divining.dice)
    if not pool:
        return [Text("The pool is empty: b to build one.", style="dim")]
    odds = odds_for(view.ruleset, pool)
    head = [*dice_lines(divining, pool, width), *headline(view.ruleset, odds, width)]
    reasons = [reason_line(divining, line) for line in lines if line.source != "base"]
    total = sum(pool.values())
    summary = Text(f"{total} {'die' if total == 1 else 'dice'} · b build the pool · e explore", style="dim")
    room = height - len(head) - 1
    if len(reasons) > room:
        keep = max(room - 1, 0)
        more = Text(f"and {len(reasons) - keep} more: b to see them all", style="dim")
        reasons = reasons[:keep] + ([more] if room > 0 else [])
    return [*head, *reasons, summary]


def _under_way(view: View, trip: Exploration, width: int) -> list[Text]:
    """An Explore half done: which step it is on, and the pool it threw."""
    divining, _ = divining_of(view.ruleset)
    steps = [s for s in EXPLORE_STEPS if s in STEP_NAMES]
    # The roll is step 1, as the Explore modal counts them.
    where = f"Step {steps.index(trip.step) + 2} of {len(steps) + 1}: " if trip.step in steps else ""
    step = Text(f"{where}{STEP_NAMES.get(trip.step, trip.step)}.")
    hint = Text("e to continue it", style="bold")
    hint.append("; the next pool waits", style="dim")
    return [Text("An Explore is under way.", style="bold"), step, hint, *dice_lines(divining, trip.pool, width)]


# ---------------------------------------------------------------------------------------------
# Pieces the builder screen draws too
# ---------------------------------------------------------------------------------------------


def dice_lines(divining: Divining, pool: Mapping[str, int], width: int) -> list[Text]:
    """The pool as chips packed into lines of `width`: a glyph per die where they all fit, else one per colour."""
    counts = [(colour, count) for colour, count in pool.items() if count]
    chips = [dice_chip(divining, c, n) for c, n in counts]
    if sum(chip.cell_len + 2 for chip in chips) > 2 * width:
        chips = [dice_chip(divining, c, n, every_die=False) for c, n in counts]
    return _packed(chips, width)


def _packed(chips: Iterable[Text], width: int) -> list[Text]:
    lines: list[Text] = []
    line = Text()
    for chip in chips:
        if line.cell_len and line.cell_len + 2 + chip.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("  ")
        line.append_text(chip)
    return [*lines, line] if line.cell_len else lines


def headline(ruleset: Ruleset, odds: PoolOdds, width: int) -> list[Text]:
    """The odds a 'Smith glances at: a challenge at all, what to expect, and the XP it is worth."""
    names = symbol_names(ruleset)
    first = Text(f"At least one {names.challenge}: ")
    first.append(percent(odds.chance_crossblade), style="bold")
    risks = [(names.blood, odds.chance_blood_drop), (names.delay, odds.chance_hourglass)]
    more = " · ".join(f"{name} {percent(chance)}" for name, chance in risks if chance)
    if more and first.cell_len + 3 + len(more) <= width:
        first.append(f" · {more}", style="dim")
    expected = Text("Expected: ")
    expected.append(f"{float(odds.expected_hammers):.2f}", style="bold")
    expected.append(f" {names.reward}s, ")
    expected.append(f"{float(odds.expected_crossblades):.2f}", style="bold")
    expected.append(f" {names.challenge}s")
    return [first, expected, xp_line(odds.xp, width)]


def xp_line(xp: Distribution, width: int) -> Text:
    """`Base XP 2-6 nine times in ten, likeliest 4 (23.4%)`: the spread without the long tail."""
    low, high = likely_range(xp)
    best, chance = max(xp.items(), key=lambda item: item[1])
    spread = str(low) if low == high else f"{low}-{high}"
    text = Text("Base XP ")
    text.append(spread, style="bold")
    text.append(" nine times in ten, likeliest ")
    text.append(str(best), style="bold")
    odds = f" ({percent(chance)})"
    if text.cell_len + len(odds) <= width:
        text.append(odds, style="dim")
    return text


def likely_range(dist: Distribution, share: Fraction = Fraction(9, 10)) -> tuple[int, int]:
    """The values between which `share` of the chance lies, as much left out at each end."""
    tail = (1 - share) / 2
    running = Fraction(0)
    low: int | None = None
    for value, chance in dist.items():
        running += chance
        if low is None and running > tail:
            low = value
        if running >= 1 - tail:
            return (value if low is None else low), value
    return (dist.low if low is None else low), dist.high


def pane() -> DiviningPane:
    return DiviningPane(id="divining", classes="pane")


def _explore(app: HammerApp) -> None:
    """Open the Explore screen; the Divining Pool's screens load on first use."""
    from hammertui.procedures.divining_pool.screens.explore import ExploreScreen

    app.push_screen(ExploreScreen())


def _pool(app: HammerApp) -> None:
    from hammertui.procedures.divining_pool.screens.pool import PoolScreen

    app.push_screen(PoolScreen())


def _rooms(app: HammerApp) -> None:
    from hammertui.procedures.divining_pool.screens.rooms import RoomsScreen

    app.push_screen(RoomsScreen())


def _search(app: HammerApp) -> None:
    """Searchers and time chosen in a dialog, the odds shown as they change."""
    from hammertui.procedures.divining_pool.dialogs.search import SearchDialog

    app.push_screen(SearchDialog(open_store(app).ruleset))


def _town(app: HammerApp) -> None:
    from hammertui.procedures.divining_pool.screens.town import TownScreen

    app.push_screen(TownScreen())


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "e",
        "explore.start",
        "explore",
        "Explore",
        "Explore",
        "Move on to the next room: the Divining Pool, step by step",
        show=True,
        applies=calm,
        run=_explore,
    ),
    Command(
        "b",
        "explore.pool",
        "pool",
        "Pool",
        "Build the Divining Pool",
        "Toggles, counters and dice by hand, with exact odds",
        run=_pool,
    ),
    Command(
        "m",
        "explore.rooms",
        "rooms",
        "Rooms",
        "Rooms",
        "The rooms explored, their rolls and notes; award XP",
        run=_rooms,
    ),
    Command(
        "S",
        "party.search",
        "search",
        "Search",
        "Search",
        "Searchers and time: the odds shown, the roll for the 'Smith's eyes",
        run=_search,
    ),
    Command(
        "R",
        "party.town",
        "town",
        "Town",
        "Return to Town",
        "Full HP and spells, supplies restocked, loot divided, levels; back at a chosen level",
        run=_town,
    ),
)


def after_fight(app: HammerApp, then: Callable[[], object]) -> None:
    """After a fight: the latest room's challenge XP, if it is not awarded yet; `then` (the fight
    screen closing) once it is answered, or at once when there is nothing to offer. The offer
    opens over the fight, so the keyboard passes from the fight straight to it."""
    from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog

    store = open_store(app)
    state, ruleset = store.state, store.ruleset
    room = next((r for r in reversed(divining_pool(state).rooms) if not r.beaten), None)
    if room is None or not state.living:
        then()
        return
    living = [m.name for m in state.living]
    award = room_award(state, ruleset, room)
    app.follow_with(RoomXPDialog(room.number, award, living), lambda _: then())


class _UI:
    """The Divining Pool's pane and commands, and the room's XP when a fight ends."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = staticmethod(after_fight)
    show_sheet = None
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
