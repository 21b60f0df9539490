"""The rooms explored: each one's pool, roll and purchases, and the XP its challenge gives when beaten.

The Explore modal writes a room and moves on; this is where the 'Smith comes back to it once the
fight is over, to award the XP by the rules' working, or to read what the dice said about it.
"""

from __future__ import annotations

from pathlib import Path

from rich.columns import Columns
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Mount
from textual.widgets import Static, TextArea

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.listing import ListingScreen, has_row, widest
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import SetRoomNotes, SpendReroll, room_award
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.drawing import DIE, DIE_STYLE, throw_line
from hammertui.procedures.divining_pool.rules import explore as rules
from hammertui.procedures.divining_pool.state import Room, divining_pool, find_room

TEXT_COLUMNS = (4, 12)
"""Least widths of Room ("3 back to 1") and Pool, to fit 80 columns; the panel below has them in full."""

HAVEN = "Haven"
COLUMNS = 6
"""Room, Pool, the two symbols, Haven and XP each."""


class RoomsScreen(ListingScreen):
    """The rooms in the order explored, the newest highlighted; x awards a beaten challenge's XP."""

    CSS_PATH = [STYLES, Path(__file__).with_name("rooms.tcss")]

    TITLE = "Rooms"
    COMMAND_LIST = (
        key(
            "x",
            "rooms.award",
            "award",
            "Challenge beaten",
            "Award the highlighted room's XP to every survivor",
            applies=lambda rooms: rooms.may_award(),
        ),
        # Priority, so Enter awards even though the focused table has its own Enter.
        key(
            "enter",
            "rooms.award_enter",
            "award",
            "Challenge beaten",
            show=False,
            priority=True,
            applies=lambda rooms: rooms.may_award(),
        ),
        key("n", "rooms.notes", "notes", "Notes", applies=has_row),
        key(
            "r",
            "rooms.reroll",
            "reroll",
            "Use re-roll",
            "Spend a bonus re-roll a Falcon left for this room",
            applies=lambda rooms: rooms.may_reroll(),
        ),
    )

    def compose_below(self) -> ComposeResult:
        with VerticalScroll(id="room-detail"):
            yield Static(id="room-text", markup=False)

    def on_mount(self, event: Mount) -> None:
        """Open on the newest room, the one whose challenge the table has just fought: the rows are
        filled first, and the cursor is on it before the first frame, so what is highlighted is
        what x awards from the first key on."""
        event.prevent_default()
        super().on_mount()
        if self.table.row_count:
            self.table.move_cursor(row=self.table.row_count - 1)

    def columns(self, view: View) -> tuple[str, ...]:
        """Headings as wide as their widest cell, so the table never widens a column it has drawn.

        A DataTable keeps a header it drew before it measured rows added in the same refresh (as
        when the box is rebuilt for a new width); a heading that already fits leaves nothing stale.
        """
        reward, challenge = _symbol_columns(view)
        room, pool, xp = self._layout(view)
        return ("Room".ljust(room), "Pool".ljust(pool), reward, challenge, HAVEN, "XP each".ljust(xp))

    def rows(self, view: View) -> list[Row]:
        room_width, pool_width, _ = self._layout(view)
        return [
            (str(room.number), _cells(room, _xp_cell(view, room), room_width, pool_width))
            for room in divining_pool(view.state).rooms
        ]

    def _layout(self, view: View) -> tuple[int, int, int]:
        """The widths of Room, Pool and XP each, the same before the columns are in the table and after."""
        rooms = divining_pool(view.state).rooms
        reward, challenge = _symbol_columns(view)
        xp = widest("XP each", [_xp_cell(view, room).plain for room in rooms])
        # `widths` counts the padding of the columns already in the table: count the ones not in yet too.
        padding = 2 * (COLUMNS - len(self.table.columns))
        fixed = len(reward) + len(challenge) + len(HAVEN) + xp + padding
        texts = ([_room_name(room) for room in rooms], [_pool_short(room.pool).plain for room in rooms])
        room, pool = self.widths(fixed, list(zip(TEXT_COLUMNS, texts, strict=True)))
        return max(room, len("Room")), max(pool, len("Pool")), xp

    def empty_text(self, view: View) -> Text:
        text = Text("No rooms explored yet.\n\n", style="bold")
        text.append("Press ")
        text.append("e", style="bold reverse")
        text.append(" on the main screen to Explore: each room explored lands here")
        text.append(" with its dice, what they bought, and the XP it is worth.")
        return text

    def subtitle(self, view: View) -> str:
        pool = divining_pool(view.state)
        if not pool.rooms:
            return ""
        beaten = sum(room.beaten for room in pool.rooms)
        parts = [f"{len(pool.rooms)} room{'s' * (len(pool.rooms) != 1)}", f"{beaten} beaten"]
        if pool.rerolls:
            parts.append(f"{pool.rerolls} bonus re-roll{'s' * (pool.rerolls != 1)} left (r)")
        return " · ".join(parts)

    def redraw_below(self, view: View) -> None:
        panel = self.query_one("#room-detail", VerticalScroll)
        room = self._highlighted(view)
        panel.display = room is not None
        if room is not None:
            panel.border_title = f"Room {room.number}"
            self.query_one("#room-text", Static).update(detail(view, room))
        # What x and r may do depends on the highlighted room and the re-rolls left.
        self.refresh_bindings()

    def _highlighted(self, view: View) -> Room | None:
        chosen = self.selected_id
        return next((room for room in divining_pool(view.state).rooms if str(room.number) == chosen), None)

    def may_award(self) -> bool | None:
        """A beaten room cannot be beaten again: the key greys out."""
        view = self.hammer.view
        room = self._highlighted(view) if view is not None else None
        return None if room is not None and room.beaten else has_row(self)

    def may_reroll(self) -> bool | None:
        """A re-roll needs one left: the key greys out."""
        view = self.hammer.view
        return None if view is not None and not divining_pool(view.state).rerolls else True

    def action_award(self) -> None:
        view = self.hammer.view
        room = self._highlighted(view) if view else None
        if view is None or room is None:
            return
        living = [member.name for member in view.state.living]
        dialog = RoomXPDialog(room.number, room_award(view.state, view.ruleset, room), living)
        self.app.push_screen(dialog, lambda done: self._awarded(room.number) if done else None)

    def _awarded(self, number: int) -> None:
        """Say who got what: the log has the working, the 'Smith wants the names and the figure."""
        view = self.hammer.view
        if view is None:
            return
        names = ", ".join(member.name for member in view.state.living)
        self.notify(f"{find_room(view.state, number).xp_each} XP each to {names}.", title=f"Room {number} beaten")

    def action_notes(self) -> None:
        view = self.hammer.view
        room = self._highlighted(view) if view else None
        if room is not None:
            self.app.push_screen(RoomNotesDialog(room))

    def action_reroll(self) -> None:
        self.hammer.perform(SpendReroll())


class RoomNotesDialog(FormDialog):
    """The 'Smith's notes on a room, several lines; Ctrl+S keeps them (Enter starts a new line)."""

    OK = "Keep"

    def __init__(self, room: Room) -> None:
        super().__init__(
            f"Notes: room {room.number}",
            "What is in it, who lives there, what was left behind. Ctrl+S keeps them.",
        )
        self.number = room.number
        self._notes = room.notes

    def fields(self) -> ComposeResult:
        yield TextArea(self._notes, id="notes")

    def build(self) -> Action:
        return SetRoomNotes(self.number, self.query_one("#notes", TextArea).text.rstrip())


# ---------------------------------------------------------------------------------------------
# The table's cells
# ---------------------------------------------------------------------------------------------


def _symbol_columns(view: View) -> tuple[str, str]:
    """The reward and challenge symbols' names, plural, as the ruleset words them: Hammers, Crossblades."""
    if view.ruleset.divining is None or view.ruleset.explore is None:
        return "Hammers", "Crossblades"
    reward, challenge = rules.destination_symbols(view.ruleset)
    return f"{rules.symbol_name(view.ruleset, reward)}s", f"{rules.symbol_name(view.ruleset, challenge)}s"


def _room_name(room: Room) -> str:
    return f"{room.number} back to {room.revisit_of}" if room.revisit_of else str(room.number)


def _pool_short(pool: dict[str, int]) -> Text:
    """`1⬢ 2⬢ 1⬢`, each die in its colour: the pool's shape at a glance."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for colour, count in pool.items():
        if count:
            if text:
                text.append(" ")
            text.append(str(count), style="bold")
            text.append(DIE, style=DIE_STYLE.get(colour, "bold"))
    return text


def _xp_cell(view: View, room: Room) -> Text:
    """What the room gave each survivor, or (dimmed) what it would give by the rules now."""
    if room.beaten:
        return Text(f"{room.xp_each} beaten", style="bold")
    return Text(f"{room_award(view.state, view.ruleset, room).amount} if beaten", style="dim")


def _cells(room: Room, xp: Text, room_width: int, pool_width: int) -> list[str | Text]:
    pool = _pool_short(room.pool)
    pool.truncate(pool_width, overflow="ellipsis")
    return [
        clipped(_room_name(room), room_width, "bold" if room.new else "italic"),
        pool,
        str(room.hammers),
        str(room.crossblades),
        Text("yes", style="bold") if room.safe_haven else "",
        xp,
    ]


# ---------------------------------------------------------------------------------------------
# The panel below: everything about the highlighted room
# ---------------------------------------------------------------------------------------------


def detail(view: View, room: Room) -> Table:
    """When, the pool, every die and its face, what each symbol bought, the notes, and the XP."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Explored", _when(view, room))
    grid.add_row("Pool", _pool_long(view, room.pool))
    grid.add_row("Dice", Columns([throw_line(view.ruleset, throw) for throw in room.throws], padding=(0, 3)))
    grid.add_row("Bought", _bought(view, room))
    if room.safe_haven:
        grid.add_row("Haven", Text("A Safe Haven: cleared." if room.beaten else "A Safe Haven once cleared."))
    grid.add_row("Notes", Text(room.notes) if room.notes else Text("none yet: n writes some", style="dim italic"))
    grid.add_row("XP", _working(view, room))
    return grid


def _when(view: View, room: Room) -> Text:
    text = Text(clock_text(room.at, view.ruleset.time.minutes_per_unit))
    where = f"back to room {room.revisit_of}: no room XP" if room.revisit_of else "a new room"
    text.append(f" · {where}", style="dim")
    return text


def _pool_long(view: View, pool: dict[str, int]) -> Text:
    """`1⬢ Blue · 2⬢ Purple`: the short pool with the dice named."""
    divining = view.ruleset.divining
    text = Text()
    for colour, count in pool.items():
        if not count:
            continue
        if text:
            text.append(" · ", style="dim")
        text.append(f"{count}")
        text.append(DIE, style=DIE_STYLE.get(colour, "bold"))
        text.append(f" {divining.colours[colour].name if divining and colour in divining.colours else colour}")
    return text


def _bought(view: View, room: Room) -> Table | Text:
    """Each outcome a symbol bought, grouped by symbol in the order they were first spent."""
    if not room.spent:
        return Text("nothing: every symbol was left unspent", style="dim italic")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for symbol in dict.fromkeys(spent.symbol for spent in room.spent):
        for spent in room.spent:
            if spent.symbol == symbol:
                grid.add_row(Text(rules.symbol_name(view.ruleset, symbol)), Text(spent.text))
    return grid


def _working(view: View, room: Room) -> Text:
    """The figure given, or the rules' working and the key that gives it."""
    if room.beaten:
        return Text(f"Challenge beaten: {room.xp_each} XP each to the survivors.", style="bold")
    text = Text(room_award(view.state, view.ruleset, room).explanation)
    text.append("\nx when the challenge is beaten.", style="dim")
    return text
