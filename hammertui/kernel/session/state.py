"""The one session state: frozen attrs records, replaced whole by every action.

Frozen records and tuples make the previous state a free undo step and let the UI tell a change by
identity. Nothing here knows about files or screens.
"""

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from hammertui.kernel.rules.records import record


@record
class SessionInfo:
    """Which session this is and how its dice are seeded."""

    name: str
    ruleset: str
    seed: int
    difficulty: str = "adventure"
    level_up_hp: str = ""
    """The levelling rule for Hit Points this session plays; empty: the ruleset's own."""
    ruleset_file: str = ""
    """Where a ruleset of the user's own was read from, to find it again; empty for a shipped one."""
    ruleset_digest: str = ""
    """The fingerprint of the rules last played by (`Ruleset.digest`): a changed file is noticed."""
    procedures: dict[str, str] = attrs.field(factory=dict)
    """The procedure of each part of play this session is played by (`Ruleset.procedures`)."""
    show_hp_numbers: bool = False
    """Whether the player view shows the party's Hit Points as numbers beside their bands."""


@record
class Dungeon:
    """Where the party is: the level, its boss (whose HD sets the level's tier), how many new rooms
    have been explored, and whether the party stands in a Safe Haven."""

    level: int = 1
    boss_hd: int = 3
    rooms_explored: int = 0
    safe_haven: bool = False


@record
class Loot:
    """One line of the Lootkeeper's ledger: coins, or an item and what it is worth in coins (0 if
    nobody knows yet), and who carries it (a character id, or "" for the party's common pile)."""

    id: str
    name: str
    coins: int = 0
    item: bool = False
    holder: str = ""


@record
class Stats(Mapping[str, int]):
    """The scores as rolled, by the ruleset's `[stats] names` in its order: a ruleset names its
    own stats, so a character holds whichever it names."""

    scores: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, scores: Mapping[str, int]) -> "Stats":
        return cls(tuple(scores.items()))

    def __getitem__(self, name: str) -> int:
        for stat, score in self.scores:
            if stat == name:
                return score
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (stat for stat, _ in self.scores)

    def __len__(self) -> int:
        return len(self.scores)

    def as_dict(self) -> dict[str, int]:
        return dict(self.scores)


@record
class Death:
    """When and how a character died: the game clock in units, and the killer in the table's words."""

    at: int
    cause: str
    dungeon_level: int = 1


@record
class Character:
    """One adventurer as the roster and every rule that touches them needs them.

    A dead character keeps their `death` and stays on the roster until the table buries them with an
    epitaph. `coins` and `items` are what they took home from the loot divided in town.
    """

    id: str
    name: str
    class_id: str
    stats: Stats
    hp: int
    max_hp: int
    ac: int
    player: str = ""
    level: int = 1
    xp: int = 0
    temp_hp: int = 0
    status: str = "ok"
    coins: int = 0
    items: tuple[str, ...] = ()
    notes: str = ""
    death: Death | None = None

    @property
    def alive(self) -> bool:
        return self.status != "dead"


@record
class Grave:
    """A fallen adventurer in the graveyard, with the epitaph the table wrote."""

    character: Character
    epitaph: str = ""


@record
class Hireling:
    """A hireling: their trade, tier, who employs them, and whether a failed morale check doubled the cost."""

    id: str
    name: str
    profession: str
    tier: int
    employer: str = ""
    doubled: bool = False


@record
class Clock:
    """Game time in the ruleset's unit (turns or Beats); combat rounds are counted on their own."""

    units: int = 0
    rounds: int = 0


@record
class Effect:
    """A timed effect on a combatant (a character or foe id) or on the whole party (`on` = "").

    `unit` is "round", "unit" (the ruleset's turn or Beat) or a clock the fight procedure keeps of
    its own (`FightClock`); the effect ends when that clock reaches `ends_at` (rounds counted in
    the fight, `Clock.units`, or the fight's own count).
    """

    id: str
    name: str
    on: str
    unit: str
    ends_at: int
    note: str = ""


@record
class FailedCheck:
    """A thief skill check that has just failed, kept so a Thief may reroll it straight away:
    `at` is the session's `seq` once the check was made, so any later action closes the chance."""

    character_id: str
    skill: str
    net: int
    at: int


@record
class State:
    """Everything a session is. `seq` counts the actions applied; it seeds that action's dice."""

    session: SessionInfo
    dungeon: Dungeon = Dungeon()
    party: tuple[Character, ...] = ()
    clock: Clock = Clock()
    seq: int = 0
    graveyard: tuple[Grave, ...] = ()
    pile: tuple[Character, ...] = ()
    hirelings: tuple[Hireling, ...] = ()
    loot: tuple[Loot, ...] = ()
    effects: tuple[Effect, ...] = ()
    failed_check: FailedCheck | None = None
    slices: dict[str, Any] = attrs.field(factory=dict)
    """Each procedure's own part of the state, by procedure name: only those of the ruleset's."""

    def with_slice(self, name: str, value: Any) -> "State":
        """The state with one procedure's slice replaced."""
        return attrs.evolve(self, slices={**self.slices, name: value})

    def character(self, character_id: str) -> Character:
        for member in self.party:
            if member.id == character_id:
                return member
        raise KeyError(character_id)

    def hireling(self, hireling_id: str) -> Hireling:
        for hired in self.hirelings:
            if hired.id == hireling_id:
                return hired
        raise KeyError(hireling_id)

    @property
    def living(self) -> tuple[Character, ...]:
        return tuple(m for m in self.party if m.alive)


def free_id(prefix: str, used: set[str]) -> str:
    """The first of `prefix`1, `prefix`2... not in `used`: ids stay short and readable in a save."""
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def next_character_id(state: State) -> str:
    """A character id no one in the party, the pile or the graveyard has used."""
    used = {m.id for m in (*state.party, *state.pile, *(g.character for g in state.graveyard))}
    return free_id("c", used)


def replace_member(party: tuple[Character, ...], member: Character) -> tuple[Character, ...]:
    return tuple(member if m.id == member.id else m for m in party)
