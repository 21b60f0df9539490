"""The Lootkeeper's ledger: every coin and item the party carries, what it is worth, who holds it.

Loot Time! comes after every fight: `a` writes a find down, `g` hands it to someone (or back to the
common pile), `e` corrects it, `s` sells an item for its worth, `x` strikes it out with a reason,
`u` takes the last of these back. Return to Town divides what is here.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from hammertui.kernel.session.loot import (
    COMMON,
    GiveLoot,
    SellLoot,
    describe,
    holder_name,
    ledger_totals,
    lootkeeper,
    with_the_living,
)
from hammertui.kernel.session.state import Loot, State
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.loot import AddLootDialog, EditLootDialog, RemoveLootDialog
from hammertui.kernel.ui.listing import ListingScreen, has_row, widest
from hammertui.kernel.ui.table import Row, clipped
from hammertui.kernel.ui.view import View

TEXT_COLUMNS = (24, 16)
"""Least widths of What and Held by, to fit 80 columns beside the coins in full."""

COLUMNS = ("What", "Coins", "Held by")


class LootScreen(ListingScreen):
    """The ledger as a table, its totals below; the Lootkeeper named in the title."""

    TITLE = "Loot ledger"
    COLUMNS = COLUMNS
    COMMAND_LIST = (
        key("a", "loot.add", "add", "Add", "Coins or an item found, and who carries it"),
        key(
            "g",
            "loot.give",
            "give",
            "Give",
            "Hand the highlighted line to someone, or to the common pile",
            applies=has_row,
        ),
        key(
            "e",
            "loot.edit",
            "edit",
            "Edit",
            "Rename the highlighted line or change its coins or worth",
            applies=has_row,
        ),
        key(
            "s",
            "loot.sell",
            "sell",
            "Sell",
            "Sell the highlighted item for its worth in coins",
            applies=lambda loot: loot.may_sell(),
        ),
        key(
            "x",
            "loot.remove",
            "remove",
            "Remove",
            "Strike the highlighted line out: spent, lost, destroyed",
            applies=has_row,
        ),
        key("u", "loot.undo", "app.do('store.undo')", "Undo", "Take back the last thing done"),
    )

    def compose_below(self) -> ComposeResult:
        yield Static(id="loot-totals", markup=False)

    def columns(self, view: View) -> tuple[str, ...]:
        """Headings as wide as their columns will be: a DataTable keeps the width of a heading drawn
        in the same refresh as its first rows, so a heading that already fits leaves nothing cut."""
        return tuple(title.ljust(width) for title, width in zip(COLUMNS, self._layout(view), strict=True))

    def rows(self, view: View) -> list[Row]:
        what, _, held = self._layout(view)
        return [(entry.id, _cells(view.state, entry, what, held)) for entry in view.state.loot]

    def _layout(self, view: View) -> tuple[int, int, int]:
        """The widths of What, Coins and Held by, the same before the columns are in the table and after."""
        ledger = view.state.loot
        coins = widest("Coins", [_coins(entry).plain for entry in ledger])
        # `widths` counts the padding of the columns already in the table: count the ones not in yet too.
        padding = 2 * (len(COLUMNS) - len(self.table.columns))
        texts = ([entry.name for entry in ledger], [_holder(view.state, entry).plain for entry in ledger])
        what, held = self.widths(coins + padding, list(zip(TEXT_COLUMNS, texts, strict=True)))
        return max(what, len("What")), coins, max(held, len("Held by"))

    def empty_text(self, view: View) -> Text:
        text = Text("The ledger is empty.\n\n", style="bold")
        text.append("Press ")
        text.append("a", style="bold reverse")
        text.append(" after a fight to write down the coins and items the party loots.")
        return text

    def subtitle(self, view: View) -> str:
        keeper = lootkeeper(view.state, view.ruleset)
        if keeper is not None:
            return f"Lootkeeper: {keeper.name}"
        return "No Lootkeeper: o on a sheet gives the role" if "Lootkeeper" in view.ruleset.party_roles else ""

    def redraw_below(self, view: View) -> None:
        self.query_one("#loot-totals", Static).update(_totals(view.state))
        # Sell follows the highlighted line: only an item with a worth, in living hands.
        self.refresh_bindings()

    def _highlighted(self) -> Loot | None:
        view, chosen = self.hammer.view, self.selected_id
        if view is None or chosen is None:
            return None
        return next((entry for entry in view.state.loot if entry.id == chosen), None)

    def may_sell(self) -> bool | None:
        """Selling greys out for coins, an item not yet priced, or what lies with the dead."""
        entry = self._highlighted()
        view = self.hammer.view
        if entry is not None and view is not None and not _sellable(view, entry):
            return None
        return has_row(self)

    def action_add(self) -> None:
        view = self.hammer.view
        if view is not None:
            self.app.push_screen(AddLootDialog(view.state.living))

    def action_give(self) -> None:
        view, entry = self.hammer.view, self._highlighted()
        if view is None or entry is None:
            return
        choices = [(m.id, m.name) for m in view.state.living if m.id != entry.holder]
        if entry.holder != COMMON:
            choices.append((COMMON, "The common pile"))
        dialog = ChooseDialog("Give", f"Who takes {describe(entry)}?", choices)

        def given(to: str | None) -> None:
            if to is not None:
                self.hammer.perform(GiveLoot(entry.id, to))

        self.app.push_screen(dialog, given)

    def action_edit(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.app.push_screen(EditLootDialog(entry))

    def action_sell(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.hammer.perform(SellLoot(entry.id))

    def action_remove(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.app.push_screen(RemoveLootDialog(entry))


def _sellable(view: View, entry: Loot) -> bool:
    return entry.item and entry.coins > 0 and with_the_living(view.state, entry)


def _coins(entry: Loot) -> Text:
    """Coins in bold; an item's worth beside the word, a question mark when nobody knows it yet."""
    if not entry.item:
        return Text(str(entry.coins), style="bold")
    if not entry.coins:
        return Text("worth ?", style="dim")
    return Text(f"worth {entry.coins}")


def _holder(state: State, entry: Loot) -> Text:
    """Who holds a line; the dead's struck through, as the roster shows them."""
    if entry.holder == COMMON:
        return Text("common pile", style="italic")
    name = holder_name(state, entry.holder)
    return Text(name) if with_the_living(state, entry) else Text(name, style="dim strike")


def _cells(state: State, entry: Loot, what: int, held: int) -> list[str | Text]:
    holder = _holder(state, entry)
    holder.truncate(held, overflow="ellipsis")
    return [clipped(entry.name, what, "" if entry.item else "bold"), _coins(entry), holder]


def _totals(state: State) -> Text:
    """The ledger added up, then who holds what: `Darla 7 coins, 1 item`."""
    totals = ledger_totals(state)
    text = Text()
    text.append(totals.line, style="bold")
    for held in totals.holdings:
        parts = [f"{held.coins} coins"] if held.coins else []
        if held.items:
            parts.append(f"{held.items} item{'s' * (held.items != 1)}" + (f" worth {held.worth}" if held.worth else ""))
        text.append(f"\n{held.name[0].upper()}{held.name[1:]}: ", style="dim")
        text.append(", ".join(parts))
    return text
