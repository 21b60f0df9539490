"""Return to Town: what the trip back will do, shown before it is done, then who may level up.

The table has one row per survivor (HP to full, the supplies that top up their kit, their share of
the coins, the items they take home, their XP); below it the party's side of it (the split and its
odd coins, loot turned to XP in Book Three, what stays in the ledger, what the dungeon forgets)
and where the party goes back in. Enter performs the one `ReturnToTown`; afterwards `v` levels up
the highlighted survivor with the rules' `LevelUp`, and `w` spends a week of downtime there
(`Downtime`: full HP, and lost CON back where the difficulty mode gives it).
"""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.loot import describe, whereabouts
from hammertui.kernel.session.state import Character, Loot
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.listing import ListingScreen, has_row, widest
from hammertui.kernel.ui.numbers import whole_number
from hammertui.kernel.ui.rulings import Rulings
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.table import Row, add_plain_columns
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.town import (
    Downtime,
    Homecoming,
    ReturnToTown,
    TownPlan,
    converts,
    plan_town,
    supplies_text,
)
from hammertui.procedures.divining_pool.rules.town import can_level
from hammertui.procedures.hammercrawl_classes.actions.advancement import LevelUp
from hammertui.procedures.hammercrawl_classes.state import sheet_of

BEFORE = ("Name", "HP", "Restock", "Coins", "Items", "XP")
AFTER = ("Name", "Level", "XP", "CON", "Coins", "Items", "Level up")
TEXT_COLUMNS = {"Name": 12, "Restock": 16, "Items": 14, "Level up": 8}
"""The columns cut to fit, with their least widths: 80 columns hold them beside the numbers in full."""

READY = "ready: v"
SUCCESS = "bold #66bb6a"
WARNING = "bold #fdd835"
ERROR = "bold #ef5350"


class TownScreen(ListingScreen):
    """The plan, the 'Smith's choices (coins to XP, the level to go back to), then the levelling."""

    CSS_PATH = [STYLES, Path(__file__).with_name("town.tcss")]

    TITLE = "Return to Town"
    COMMAND_LIST = (
        # Priority, so Enter returns even from the table or a number field, which have their own Enter.
        key("enter", "town.go", "go", "Return to Town", priority=True, applies=lambda town: town.may_go()),
        key(
            "v",
            "town.level_up",
            "level_up",
            "Level up",
            "Level up the highlighted survivor",
            applies=lambda town: town.may_level_up(),
        ),
        key(
            "w",
            "town.downtime",
            "downtime",
            "A week's rest",
            "A week of downtime: full HP, and lost CON back where the mode gives it",
            applies=lambda town: town.may_rest(),
        ),
        key("dollar_sign", "town.ledger", "ledger", "Ledger", "Hand out unclaimed items first", key_display="$"),
        key(
            "u",
            "town.undo",
            "app.do('store.undo')",
            "Undo",
            "Take back the last thing done: a level, or the whole trip",
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self._returned_at: int | None = None
        self._problem = ""

    def compose_below(self) -> ComposeResult:
        with Vertical(id="town-below"):
            yield Static(id="town-text", markup=False)
            with Horizontal(id="town-choices"):
                yield Label("Coins to XP", id="convert-label", markup=False)
                yield Input("0", id="convert", type="integer", compact=True)
                yield Label("Back to level", markup=False)
                yield Input(id="level", type="integer", compact=True)
                yield Label("Boss HD", markup=False)
                yield Input(id="boss-hd", type="integer", compact=True)
            yield Rulings("town_uses", "town_loot", "starting_kit", "loot_to_xp", titles_only=True)
            yield Static(id="town-hint", classes="hint", markup=False)

    def on_mount(self) -> None:
        view = self.hammer.view
        if view is None:
            return
        self.query_one("#level", Input).value = str(view.state.dungeon.level)
        self.query_one("#boss-hd", Input).value = str(view.state.dungeon.boss_hd)
        offers = converts(view.ruleset) > 0
        self.query_one("#convert-label", Label).display = offers
        self.query_one("#convert", Input).display = offers

    # Where the screen is: the plan, or back from town --------------------------------------

    def _returned(self, view: View) -> bool:
        """Back from town until the return itself is undone."""
        return self._returned_at is not None and view.state.seq >= self._returned_at

    def _plan(self, view: View) -> TownPlan | None:
        """The plan for the figures typed so far. A figure that cannot be (the reason is kept) shows
        the plan as it stands without the figures; None when there is no going back to town at all."""
        self._problem = ""
        try:
            return plan_town(view.state, view.ruleset, *self._choices())
        except (ValueError, Refused) as problem:
            self._problem = str(problem)
        try:
            return plan_town(view.state, view.ruleset)
        except Refused:
            return None

    def _choices(self) -> tuple[int, int | None, int | None]:
        """Coins to convert, the level and its boss's HD, as typed (a blank level keeps where they left)."""
        if not self.is_mounted:
            return 0, None, None
        return (
            _number(self.query_one("#convert", Input).value, "Coins to XP") or 0,
            _number(self.query_one("#level", Input).value, "Level"),
            _number(self.query_one("#boss-hd", Input).value, "Boss HD"),
        )

    # The table --------------------------------------------------------------------------------

    def titles(self, view: View) -> tuple[str, ...]:
        return AFTER if self._returned(view) else BEFORE

    def columns(self, view: View) -> tuple[str, ...]:
        """Headings as wide as their columns will be: a DataTable keeps the width of a heading drawn
        in the same refresh as its first rows, so a heading that already fits leaves nothing cut."""
        titles = self.titles(view)
        return tuple(t.ljust(w) for t, w in zip(titles, self._layout(titles, self._full_rows(view)), strict=True))

    def rows(self, view: View) -> list[Row]:
        titles, full = self.titles(view), self._full_rows(view)
        widths = self._layout(titles, full)
        return [
            (
                key,
                [
                    _fit(cell, width) if title in TEXT_COLUMNS else cell
                    for title, cell, width in zip(titles, cells, widths, strict=True)
                ],
            )
            for key, cells in full
        ]

    def _full_rows(self, view: View) -> list[tuple[str, list[Text]]]:
        """Every cell uncut: the plan's survivors before the return, the living with their levels after."""
        if self._returned(view):
            return [(m.id, _after_cells(view, m)) for m in view.state.living]
        plan = self._plan(view)
        return [(h.member.id, _before_cells(view, h)) for h in plan.homecomings] if plan else []

    def _layout(self, titles: tuple[str, ...], full: list[tuple[str, list[Text]]]) -> list[int]:
        """Numbers in full; the text columns share what room is left (`ListingScreen.widths`)."""
        column = [[cells[i].plain for _, cells in full] for i in range(len(titles))]
        numbers = {i: widest(t, column[i]) for i, t in enumerate(titles) if t not in TEXT_COLUMNS}
        # `widths` counts the padding of the columns already in the table: count the ones not in yet too.
        padding = 2 * (len(titles) - len(self.table.columns))
        texts = [(TEXT_COLUMNS[t], column[i]) for i, t in enumerate(titles) if t in TEXT_COLUMNS]
        sizes = iter(self.widths(sum(numbers.values()) + padding, texts))
        return [numbers[i] if i in numbers else max(next(sizes), len(t)) for i, t in enumerate(titles)]

    def empty_text(self, view: View) -> Text:
        problem = self._problem or "Nobody is alive to go back to town."
        return Text(problem[0].upper() + problem[1:] + ".", style="bold")

    def subtitle(self, view: View) -> str:
        return "back from town" if self._returned(view) else "nothing happens until Enter"

    def _redraw(self, view: View | None) -> None:
        """The columns change once the party is back: rebuild them when the mode flips."""
        if (
            view is not None
            and self.is_mounted
            and tuple(c.label.plain.rstrip() for c in self.table.columns.values()) != self.titles(view)
        ):
            self.table.clear(columns=True)
            add_plain_columns(self.table, *self.columns(view))
        super()._redraw(view)

    def redraw_below(self, view: View) -> None:
        returned = self._returned(view)
        self.query_one("#town-choices").display = not returned
        if returned:
            body, hint = _after_text(view), "v level up the highlighted · w a week of downtime · u undo · escape close"
        else:
            plan = self._plan(view)
            body = _plan_text(view, plan, self._problem) if plan is not None else Text("")
            hint = "enter return to town · $ hand out unclaimed items · escape close"
        self.query_one("#town-text", Static).update(body)
        self.query_one("#town-hint", Static).update(Text(hint, style="dim"))
        self.refresh_bindings()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Every figure typed shows its effect at once."""
        if self.hammer.view is not None:
            self._redraw(self.hammer.view)

    # Keys -------------------------------------------------------------------------------------

    def may_go(self) -> bool | None:
        """Once: hidden after the return, greyed out while a figure typed is wrong."""
        view = self.hammer.view
        if view is None:
            return True
        return False if self._returned(view) else None if self._problem else True

    def may_rest(self) -> bool:
        """A week's rest is taken in town, after the return."""
        view = self.hammer.view
        return view is None or self._returned(view)

    def may_level_up(self) -> bool | None:
        """After the return, for a highlighted survivor with the XP: greyed out otherwise."""
        view = self.hammer.view
        if view is None:
            return has_row(self)
        member = self._highlighted(view)
        if not self._returned(view) or member is None or not can_level(view.ruleset, member.level, member.xp):
            return None
        return has_row(self)

    def _highlighted(self, view: View) -> Character | None:
        chosen = self.selected_id
        return next((m for m in view.state.living if m.id == chosen), None)

    def action_go(self) -> None:
        view, store = self.hammer.view, self.hammer.store
        if view is None or store is None or self._returned(view):
            return
        try:
            convert, level, boss_hd = self._choices()
        except ValueError as problem:
            self.notify(str(problem), severity="warning")
            return
        if self.hammer.perform(ReturnToTown(convert, level, boss_hd)):
            self._returned_at = store.state.seq
            self._redraw(self.hammer.view)
            self.table.focus()

    def action_level_up(self) -> None:
        view = self.hammer.view
        member = self._highlighted(view) if view else None
        if member is not None:
            self.hammer.perform(LevelUp(member.id, in_town=True))

    def action_downtime(self) -> None:
        """The party sticks around a week before going back in: "take an extended rest"."""
        view = self.hammer.view
        if view is not None and self._returned(view):
            self.hammer.perform(Downtime())

    def action_ledger(self) -> None:
        from hammertui.kernel.ui.loot import LootScreen

        self.app.push_screen(LootScreen())


def _number(raw: str, what: str) -> int | None:
    return whole_number(raw, what) if raw.strip() else None


def _fit(cell: Text, width: int) -> Text:
    """A text cell cut with an ellipsis, never wrapped."""
    fitted = cell.copy()
    fitted.no_wrap, fitted.overflow = True, "ellipsis"
    fitted.truncate(width, overflow="ellipsis")
    return fitted


def _hp(member: Character) -> Text:
    if member.hp == member.max_hp:
        return Text("full", style="dim")
    return Text(f"{member.hp}→{member.max_hp}", style="bold")


def _xp(home: Homecoming) -> Text:
    text = Text(f"{home.member.xp}→{home.xp}" if home.xp != home.member.xp else str(home.xp))
    if home.can_level:
        text.append(" ready", style=SUCCESS)
    return text


def _before_cells(view: View, home: Homecoming) -> list[Text]:
    """One survivor's trip: name, HP, supplies added, share of the coins, items taken home, XP."""
    supplies = supplies_text(view.ruleset, home.restock)
    return [
        Text(home.member.name, style="bold"),
        _hp(home.member),
        Text(supplies) if supplies else Text("full", style="dim"),
        Text(f"+{home.coins}"),
        Text(", ".join(home.items)),
        _xp(home),
    ]


def _after_cells(view: View, member: Character) -> list[Text]:
    """Back from town: level, XP, coins and items now, and whether `v` may level them up."""
    ready = can_level(view.ruleset, member.level, member.xp)
    sheet = sheet_of(view.state, member.id)
    return [
        Text(member.name, style="bold"),
        Text(str(member.level)),
        Text(str(member.xp)),
        Text(f"{sheet.con}/{sheet.con_max}", style="" if sheet.con == sheet.con_max else WARNING),
        Text(str(member.coins)),
        Text(", ".join(member.items)),
        Text(READY, style=SUCCESS) if ready else Text(""),
    ]


def _plan_text(view: View, plan: TownPlan, problem: str) -> Table:
    """The party's side of the trip: the coins, what stays in the ledger, what the dungeon forgets;
    a figure that cannot be, first, in the error colour."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    if problem:
        grid.add_row(Text("Not so", style=ERROR), Text(problem[0].upper() + problem[1:] + ".", style=ERROR))
    grid.add_row("Coins", _coin_text(view, plan))
    grid.add_row("Ledger", _ledger_text(view, plan.staying))
    grid.add_row(
        "Away",
        Text(
            "; ".join(plan.resets).capitalize() if plan.resets else "nothing to forget",
            style="" if plan.resets else "dim",
        ),
    )
    grid.add_row(
        "Back in",
        Text(f"level {plan.level}, its boss {plan.boss_hd} HD: tier {plan.tier}; the rooms explored stay explored"),
    )
    return grid


def _coin_text(view: View, plan: TownPlan) -> Text:
    """`2503 coins: 2000 become +2 XP each (1000 a point) · 503 split 4 ways: 125 each, 3 left in the ledger`."""
    split, conversion = plan.split, plan.conversion
    text = Text(f"{plan.pooled} coins")
    if conversion.coins_per_xp and conversion.converted:
        text.append(f": {conversion.converted} become +{conversion.xp_each} XP each", style="bold")
        text.append(f" ({conversion.coins_per_xp} a point) · {split.coins}")
    elif conversion.coins_per_xp:
        text.append(f": none turned into XP ({conversion.coins_per_xp} a point)", style="dim")
        text.append(" ·")
    if not split.shares:
        return text
    text.append(f" split {split.shares} ways: {split.each} each")
    if split.remainder:
        text.append(f", {split.remainder} left in the ledger")
    return text


def _ledger_text(view: View, staying: tuple[Loot, ...]) -> Text:
    """What will not go home: unclaimed items in the warning colour, since `$` can still hand them out."""
    if not staying:
        return Text("everything goes home", style="dim")
    text = Text()
    for i, entry in enumerate(staying):
        if i:
            text.append("; ")
        unclaimed = entry.item and not entry.holder
        text.append(f"{describe(entry)}, {whereabouts(view.state, entry)}", style=WARNING if unclaimed else "")
    return text


def _after_text(view: View) -> Text:
    """Back from town: who can level, and the rooms still there."""
    ready = [m.name for m in view.state.living if can_level(view.ruleset, m.level, m.xp)]
    dungeon = view.state.dungeon
    text = Text(f"Back into the dungeon at level {dungeon.level}. The log has every step of the trip.\n")
    if ready:
        text.append(f"Enough XP to level up: {', '.join(ready)}.", style="bold")
    else:
        text.append("Nobody has the XP to level up.", style="dim")
    return text
