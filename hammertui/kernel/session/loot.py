"""The Lootkeeper's ledger: coins found, items and what they are worth, and who carries each.

"Loot Time!" comes after every fight, so the ledger grows a line at a time and every line is one
undoable action: a mistyped find is one `u` away. Return to Town divides what the ledger holds.
Lines held by the dead stay theirs (left with the body) until the Lootkeeper hands them to the living.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of
from hammertui.kernel.session.events import note
from hammertui.kernel.session.procedures import role_of
from hammertui.kernel.session.state import Character, Loot, State, free_id

COMMON = ""
"""The holder of a line nobody carries: the party's common pile."""

LOOTKEEPER = "Lootkeeper"
"""The party role that keeps the ledger."""

MAX_NAME = 60

COINS = "Coins"
"""The plain name of a find of coins; the ledger shows it as just the count."""


# ---------------------------------------------------------------------------------------------
# What the ledger screen reads
# ---------------------------------------------------------------------------------------------


@record
class Holding:
    """What one holder carries: a character id (or `COMMON`), their coins, and their items' worth."""

    holder: str
    name: str
    coins: int = 0
    items: int = 0
    worth: int = 0


@record
class LedgerTotals:
    """The ledger added up: coins, items and their known worth (`unpriced` have none yet), by holder."""

    coins: int
    items: int
    worth: int
    unpriced: int
    holdings: tuple[Holding, ...]

    @property
    def line(self) -> str:
        """`1502 coins · 3 items worth 250 coins (1 not yet priced)`."""
        if not self.coins and not self.items:
            return "The ledger is empty."
        parts = [f"{self.coins} coin{'s' * (self.coins != 1)}"]
        if self.items:
            worth = f" worth {self.worth} coins" if self.worth else ""
            unpriced = f" ({self.unpriced} not yet priced)" if self.unpriced and self.worth else ""
            parts.append(f"{self.items} item{'s' * (self.items != 1)}{worth}{unpriced}")
        return " · ".join(parts)


def lootkeeper(state: State, ruleset: Ruleset) -> Character | None:
    """The living member who holds the Lootkeeper role, if the ruleset has it and someone does."""
    if LOOTKEEPER not in ruleset.party_roles:
        return None
    return next((m for m in state.living if role_of(state, m.id) == LOOTKEEPER), None)


def holder_name(state: State, holder: str) -> str:
    """`the common pile`, `Darla`, `Darla (dead)`, or `Darla's body` once buried."""
    if holder == COMMON:
        return "the common pile"
    for member in state.party:
        if member.id == holder:
            return member.name if member.alive else f"{member.name} (dead)"
    for grave in state.graveyard:
        if grave.character.id == holder:
            return f"{grave.character.name}'s body"
    return holder


def whereabouts(state: State, entry: Loot) -> str:
    """`unclaimed`, `in the common pile`, `with Darla`, or `left with Brannoc's body`."""
    if entry.holder == COMMON:
        return "unclaimed" if entry.item else "in the common pile"
    if with_the_living(state, entry):
        return f"with {holder_name(state, entry.holder)}"
    name = next(
        (m.name for m in (*state.party, *(g.character for g in state.graveyard)) if m.id == entry.holder), entry.holder
    )
    return f"left with {name}'s body"


def with_the_living(state: State, entry: Loot) -> bool:
    """The common pile's and the living's lines: what the party can divide, sell or spend."""
    return entry.holder == COMMON or any(m.id == entry.holder for m in state.living)


def ledger_totals(state: State) -> LedgerTotals:
    """Coins, items and worth over the whole ledger, and by holder in the order they first appear."""
    holdings: dict[str, Holding] = {}
    for entry in state.loot:
        held = holdings.get(entry.holder) or Holding(entry.holder, holder_name(state, entry.holder))
        if entry.item:
            held = attrs.evolve(held, items=held.items + 1, worth=held.worth + entry.coins)
        else:
            held = attrs.evolve(held, coins=held.coins + entry.coins)
        holdings[entry.holder] = held
    items = [entry for entry in state.loot if entry.item]
    return LedgerTotals(
        coins=sum(entry.coins for entry in state.loot if not entry.item),
        items=len(items),
        worth=sum(entry.coins for entry in items),
        unpriced=sum(1 for entry in items if not entry.coins),
        holdings=tuple(holdings.values()),
    )


def describe(entry: Loot) -> str:
    """`120 coins`, `Goblin purses: 40 coins`, `Silver dagger (worth 30 coins)`, `Odd scroll (worth unknown)`."""
    if not entry.item:
        return f"{entry.coins} coins" if entry.name == COINS else f"{entry.name}: {entry.coins} coins"
    return f"{entry.name} (worth {entry.coins} coins)" if entry.coins else f"{entry.name} (worth unknown)"


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


def loot_of(state: State, loot_id: str) -> Loot:
    """The ledger line with this id, or a refusal the 'Smith can read."""
    for entry in state.loot:
        if entry.id == loot_id:
            return entry
    raise Refused(f"no line {loot_id!r} in the loot ledger")


def _name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise Refused("a ledger line needs a name: what was found?")
    if len(name) > MAX_NAME:
        raise Refused(f"a name of {MAX_NAME} letters or fewer, please")
    return name


def _worth(coins: int, item: bool) -> int:
    if coins < 0:
        raise Refused("coins cannot be fewer than none")
    if not item and coins == 0:
        raise Refused("a find of coins is 1 coin or more")
    return coins


def _receiver(state: State, holder: str) -> str:
    """Who may take loot: someone living, or the common pile."""
    if holder == COMMON:
        return COMMON
    member = member_of(state, holder)
    if not member.alive:
        raise Refused(f"{member.name} is dead and takes nothing")
    return member.id


def _replace(state: State, entry: Loot) -> State:
    return attrs.evolve(state, loot=tuple(entry if e.id == entry.id else e for e in state.loot))


def _where(state: State, holder: str) -> str:
    return "into the common pile" if holder == COMMON else f"to {holder_name(state, holder)}"


@record
class AddLoot:
    """A find for the ledger: coins (`item` False, at least 1), or an item and its worth (0: unknown)."""

    label: ClassVar[str] = "loot"
    name: str
    coins: int = 0
    item: bool = False
    holder: str = COMMON

    def apply(self, state: State, ctx: Context) -> Result:
        name = _name(self.name)
        coins = _worth(self.coins, self.item)
        holder = _receiver(state, self.holder)
        entry = Loot(free_id("t", {e.id for e in state.loot}), name, coins, self.item, holder)
        text = f"Loot: {describe(entry)}, {_where(state, holder)}."
        return attrs.evolve(state, loot=(*state.loot, entry)), [note(self, text, about=(entry.id,))]


@record
class EditLoot:
    """Rename a line or change its coins or worth (an item appraised, a count corrected)."""

    label: ClassVar[str] = "loot"
    loot_id: str
    name: str
    coins: int

    def apply(self, state: State, ctx: Context) -> Result:
        entry = loot_of(state, self.loot_id)
        changed = attrs.evolve(entry, name=_name(self.name), coins=_worth(self.coins, entry.item))
        if changed == entry:
            raise Refused("nothing to change")
        text = f"Ledger corrected: {describe(entry)} is now {describe(changed)}."
        return _replace(state, changed), [note(self, text, about=(entry.id,))]


@record
class GiveLoot:
    """The Lootkeeper hands a line to a living character, or puts it back in the common pile.

    Taking it from the dead is looting the body, as the rules' Loot Time! allows.
    """

    label: ClassVar[str] = "loot"
    loot_id: str
    holder: str

    def apply(self, state: State, ctx: Context) -> Result:
        entry = loot_of(state, self.loot_id)
        if self.holder == entry.holder:
            raise Refused(f"{describe(entry)} is already with {holder_name(state, entry.holder)}")
        holder = _receiver(state, self.holder)
        before = holder_name(state, entry.holder)
        text = f"{describe(entry)} goes from {before} {_where(state, holder)}."
        return _replace(state, attrs.evolve(entry, holder=holder)), [note(self, text, about=(entry.id,))]


@record
class RemoveLoot:
    """A line leaves the ledger for good: spent, lost, destroyed. The reason goes in the log."""

    label: ClassVar[str] = "loot"
    loot_id: str
    reason: str

    def apply(self, state: State, ctx: Context) -> Result:
        entry = loot_of(state, self.loot_id)
        reason = " ".join(self.reason.split())
        if not reason:
            raise Refused("say why it leaves the ledger: spent, lost, destroyed...")
        text = f"{describe(entry)} leaves the ledger ({holder_name(state, entry.holder)}): {reason}."
        return attrs.evolve(state, loot=tuple(e for e in state.loot if e.id != entry.id)), [
            note(self, text, about=(entry.id,))
        ]


@record
class SellLoot:
    """An item sold for its worth: the line becomes coins held by the same hands.

    Book Three turns coins, not items, into XP in town, so an item counts once sold.
    """

    label: ClassVar[str] = "loot"
    loot_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        entry = loot_of(state, self.loot_id)
        if not entry.item:
            raise Refused(f"{describe(entry)}: coins already, nothing to sell")
        if not entry.coins:
            raise Refused(f"{entry.name} has no worth yet: edit it (e) to price it first")
        if not with_the_living(state, entry):
            raise Refused(f"{entry.name} is with {holder_name(state, entry.holder)}: hand it to someone living first")
        sold = attrs.evolve(entry, name=f"{entry.name}, sold", item=False)
        text = f"{entry.name} is sold for {entry.coins} coins ({holder_name(state, entry.holder)})."
        return _replace(state, sold), [note(self, text, about=(entry.id,))]
