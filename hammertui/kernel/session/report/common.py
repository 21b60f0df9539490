"""What every session's report tells, whatever its procedures: the overview, the deaths, the loot,
and the fight table the fight procedures fill each from their own log lines."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hammertui.kernel.rules.procedures import PARTS
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.loot import COINS, whereabouts
from hammertui.kernel.session.procedures import playing
from hammertui.kernel.session.report import Section, Table
from hammertui.kernel.session.state import Character, State

DEAD = re.compile(r"^(?P<name>.+) is dead\. Write their epitaph")
"""What the log says when a character dies, whatever killed them (`vitals.settle`)."""
HIRELING_DEAD = re.compile(r"^(?P<name>.+) the hireling is dead")
FOUND = re.compile(r"^Loot: (?P<what>.+), (?P<where>into the common pile|to .+)\.$")
DIVIDED = re.compile(r"^\d+ coins divided: ")


def time_words(ruleset: Ruleset, units: int) -> str:
    return ruleset.time.label(units)


def overview(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """Which session, by which rules, how long, and who is left standing."""
    lines = [
        f"Ruleset: {ruleset.name} ({state.session.ruleset}).",
        f"{state.seq} actions, {len(events)} lines in the log (undone actions left out).",
        f"Time spent: {time_words(ruleset, state.clock.units)} on the clock.",
    ]
    stamps = [e.at for e in events if e.at]
    if stamps:
        lines.append(f"Played from {_when(stamps[0])} to {_when(stamps[-1])}.")
    lines.append(_standing(state))
    procedures = tuple((PARTS[p.part].capitalize(), p.title) for p in playing(state.session.procedures))
    unknown = []
    if not events or events[0].seq != 0:
        unknown.append(
            "The log does not reach back to the session's start: what happened before its first line is not told."
        )
    return Section(
        "Overview", tuple(lines), (Table(("Part of play", "Played by"), procedures),), unknown=tuple(unknown)
    )


def _when(stamp: str) -> str:
    """An event's time stamp as the table reads it: the date and the minute."""
    return stamp[:16].replace("T", " ")


def _standing(state: State) -> str:
    """`Still standing: Darla, Otto. Down: Brannoc.`: the living on their feet, and apart from them
    those down (at 0 HP, or dying where the rules count below it), who are not standing."""
    standing = [_who(m) for m in state.living if m.status == "ok"]
    down = [_who(m) for m in state.living if m.status != "ok"]
    said = "Still standing: " + ", ".join(standing) + "." if standing else "Nobody is left standing."
    return said + (" Down: " + ", ".join(down) + "." if down else "")


def _who(member: Character) -> str:
    return f"{member.name} ({member.player})" if member.player else member.name


def deaths(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """Who died, when, of what, and what the table wrote on their grave; the dead not yet buried
    wait for their epitaph."""
    rows = [_death_row(g.character, g.epitaph or "(none written)", ruleset) for g in state.graveyard]
    rows += [_death_row(m, "(not yet buried)", ruleset) for m in state.party if not m.alive]
    hirelings = [m["name"] for e in events if (m := HIRELING_DEAD.match(e.text))]
    lines = [f"{len(rows)} {'death' if len(rows) == 1 else 'deaths'}." if rows else "Nobody died."]
    if hirelings:
        lines.append("Hirelings lost: " + ", ".join(hirelings) + ".")
    header = ("Who", "Class", "Level", "Died at", "Dungeon level", "Cause", "Epitaph")
    return Section("Deaths", tuple(lines), (Table(header, tuple(rows)),) if rows else ())


def _death_row(member: Character, epitaph: str, ruleset: Ruleset) -> tuple[str, ...]:
    death = member.death
    when = time_words(ruleset, death.at) if death else "?"
    return (
        member.name,
        class_name(ruleset, member),
        str(member.level),
        when,
        str(death.dungeon_level if death else "?"),
        death.cause if death else "?",
        epitaph,
    )


def class_name(ruleset: Ruleset, member: Character) -> str:
    """The class's name in the ruleset's words; a character without one (a Russell character) is "-"."""
    found = ruleset.classes.get(member.class_id)
    return found.name if found is not None else (member.class_id or "-")


@record
class Found:
    """One line of loot as the log says it was found, and what became of it."""

    seq: int
    name: str
    what: str
    fate: str


def loot(state: State, events: Sequence[Event], ruleset: Ruleset) -> Section:
    """Each find in the order found, with what became of it: still in the ledger (and with whom),
    or the last the log says of it (taken home, sold, given up), or divided in town."""
    ledger = list(state.loot)
    finds = []
    for index, event in enumerate(events):
        matched = FOUND.match(event.text) if event.action == "loot" else None
        if matched is None:
            continue
        what = matched["what"]
        name = _loot_name(what)
        later = events[index + 1 :]
        fate = _fate_of(state, event.about[0], later) if event.about else _fate(state, ledger, name, later)
        finds.append(Found(event.seq, name, what, fate))
    coins = sum(int(m.group(1)) for f in finds if (m := re.search(r"(\d+) coins$", f.what)))
    lines = [f"{len(finds)} finds, {coins} coins among them." if finds else "Nothing was found."]
    rows = tuple((str(f.seq), f.what, f.fate) for f in finds)
    return Section("Loot", tuple(lines), (Table(("Action", "Found", "What became of it"), rows),) if rows else ())


def _loot_name(what: str) -> str:
    """The ledger line's name in what the log says was found (`loot.describe`)."""
    if what.endswith(" coins") and ": " not in what:
        return COINS
    for cut in (": ", " (worth "):
        if cut in what:
            return what.rsplit(cut, 1)[0]
    return what


def _fate_of(state: State, loot_id: str, later: Sequence[Event]) -> str:
    """What became of a find, followed by its ledger line's id: where it is now, else the last word
    of the log on it; coins that left without a word went in a division in town. An id given again
    to a later find ends the first one's story there."""
    told: list[Event] = []
    for event in later:
        if event.about and loot_id in event.about:
            if FOUND.match(event.text):
                break
            told.append(event)
    else:
        entry = next((e for e in state.loot if e.id == loot_id), None)
        if entry is not None:
            return f"still in the ledger, {whereabouts(state, entry)}"
    return _last_word(told, later)


def _last_word(told: Sequence[Event], later: Sequence[Event]) -> str:
    if told:
        return told[-1].text
    divided = next((e for e in later if DIVIDED.match(e.text)), None)
    if divided is not None:
        return f"divided in town: {divided.text}"
    return "no longer in the ledger; the log does not say where it went"


def _fate(state: State, ledger: list, name: str, later: Sequence[Event]) -> str:  # type: ignore[type-arg]
    """What became of a find in a log whose lines do not name their records: followed by its name,
    the last word of the log on it when it left the ledger, else where it is now; coins that left
    without a word went in a division in town."""
    for entry in ledger:
        if entry.name == name:
            ledger.remove(entry)
            return f"still in the ledger, {whereabouts(state, entry)}"
    return _last_word([e for e in later if name != COINS and name in e.text and not FOUND.match(e.text)], later)


@record
class Fight:
    """One fight as its log lines tell it: when it began, the foes met, its rounds, who fell."""

    seq: int
    clock: int
    foes: tuple[str, ...]
    rounds: int | None
    outcome: str
    foes_fell: tuple[str, ...]
    party_fell: tuple[str, ...]


def fight_section(title: str, fights: Sequence[Fight], ruleset: Ruleset, lines: Sequence[str] = ()) -> Section:
    """The fights in a table: when, whom against, how many rounds, who fell on each side."""
    rounds = sum(f.rounds or 0 for f in fights)
    head = [
        f"{len(fights)} {'fight' if len(fights) == 1 else 'fights'}, {rounds} rounds in all."
        if fights
        else "No fights."
    ]
    fallen = [name for f in fights for name in f.party_fell]
    if fallen:
        head.append("Fell in a fight: " + ", ".join(fallen) + ".")
    rows = tuple(
        (
            str(n),
            time_words(ruleset, f.clock),
            "; ".join(f.foes),
            "under way" if f.rounds is None else str(f.rounds),
            ", ".join(f.foes_fell) or "-",
            ", ".join(f.party_fell) or "-",
            f.outcome,
        )
        for n, f in enumerate(fights, 1)
    )
    header = ("Fight", "At", "Against", "Rounds", "Foes who fell", "Party who fell", "How it ended")
    return Section(title, (*head, *lines), (Table(header, rows),) if rows else ())


def party_deaths(events: Sequence[Event]) -> tuple[str, ...]:
    return tuple(m["name"] for e in events if (m := DEAD.match(e.text)))


TOWN = "town"
"""The label of the return to town (`town.ReturnToTown`), whose coins may become XP."""
LEVEL_UP = re.compile(r"^(?P<name>.+) reaches level (?P<level>\d+)")
JOINS = re.compile(r"^(?P<name>[^,]+), .+ joins the party")


def adventurers(state: State, events: Sequence[Event], ruleset: Ruleset, awards: re.Pattern[str]) -> Section:
    """Everyone who played, living and dead: their level and XP now, the levels gained, and the XP
    awards in the log (`awards`, the characters procedure's own lines, with group `xp`)."""
    gained: dict[str, list[int]] = {}
    for event in events:
        if up := LEVEL_UP.match(event.text):
            gained.setdefault(up["name"], []).append(int(up["level"]))
    joined = [m["name"] for e in events if (m := JOINS.match(e.text))]
    everyone = [*state.party, *(g.character for g in state.graveyard)]
    rows = tuple(
        (
            m.name,
            m.player or "-",
            class_name(ruleset, m),
            str(m.level - len(gained.get(m.name, ()))),
            str(m.level),
            str(m.xp),
            "joined during the session" if m.name in joined else ("dead" if not m.alive else "standing"),
        )
        for m in everyone
    )
    told = [e for e in events if awards.match(e.text)]
    levels = sum(len(v) for v in gained.values())
    lines = [
        f"{levels} level{'' if levels == 1 else 's'} gained"
        + (": " + ", ".join(f"{name} to {max(levels)}" for name, levels in gained.items()) if gained else "")
        + ".",
        f"{len(told)} XP award{'' if len(told) == 1 else 's'} in the log;"
        f" {sum(m.xp for m in everyone)} XP held by the party and the fallen.",
        *(f"In town: {e.text}" for e in told if e.action == TOWN),
    ]
    header = ("Who", "Player", "Class", "Level at start", "Level now", "XP", "")
    return Section("XP and levels", tuple(lines), (Table(header, rows),), unknown=_xp_unknown(events))


def _xp_unknown(events: Sequence[Event]) -> tuple[str, ...]:
    if events and events[0].seq == 0:
        return ()
    return ("Levels gained are counted from the log, which does not reach back to the session's start.",)
