"""The one session state: frozen attrs records, replaced whole by every action.

Frozen records and tuples make the previous state a free undo step and let the UI tell a change by
identity. Nothing here knows about files or screens.
"""

from __future__ import annotations

from typing import Any

import attrs

from hammertui.rules.bonuses import PoolBonus
from hammertui.rules.attack_plan import AttackPlan
from hammertui.rules.dice import DiviningThrow, Roll


@attrs.frozen
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


@attrs.frozen
class Spent:
    """One symbol spent on a room: what it bought, in the words the room's notes show."""

    symbol: str
    outcome: str
    text: str


@attrs.frozen
class Room:
    """An explored room: the pool and the roll that made it, what the symbols bought, and the award.

    `revisit_of` is the number of the room the party went back to (0 for a new room); `xp_each` is
    what each survivor was given when its challenge was beaten.
    """

    number: int
    pool: dict[str, int]
    throws: tuple[DiviningThrow, ...]
    hammers: int
    crossblades: int
    spent: tuple[Spent, ...] = ()
    notes: str = ""
    safe_haven: bool = False
    beaten: bool = False
    xp_each: int = 0
    revisit_of: int = 0
    at: int = 0

    @property
    def new(self) -> bool:
        return self.revisit_of == 0


@attrs.frozen
class Dungeon:
    """Where the party is: the level, its boss (whose HD sets the level's tier) and the rooms seen.

    `bonuses` are the camp's dice waiting for later pools; `risk` and `reward` the accrued dice
    (Book Three); `rerolls` the bonus re-rolls a Falcon left for the room the party is in.
    """

    level: int = 1
    boss_hd: int = 3
    challenge_level: int = 2
    rooms_explored: int = 0
    safe_haven: bool = False
    rooms: tuple[Room, ...] = ()
    bonuses: tuple[PoolBonus, ...] = ()
    risk: int = 0
    reward: int = 0
    rerolls: int = 0

    def room(self, number: int) -> Room:
        for room in self.rooms:
            if room.number == number:
                return room
        raise KeyError(number)


@attrs.frozen
class PoolPlan:
    """The 'Smith's choices for the next pool: additions by id and how often, dice added by hand,
    ordinary dice rolled alongside (a d20 for an encounter table), and a room revisited (0: new)."""

    additions: dict[str, int] = attrs.field(factory=dict)
    extra: dict[str, int] = attrs.field(factory=dict)
    ordinary: tuple[str, ...] = ()
    revisit: int = 0


EXPLORE_STEPS = ("extremes", "losses", "transit", "destination", "done")


@attrs.frozen
class Exploration:
    """An Explore half done: the roll, where resolution has got to, and what has been spent.

    Steps run in the text's order (`EXPLORE_STEPS`). `blood_rolled` is the Blood Drop damage thrown,
    `blood` what of it is still to be split; `delay` the Hourglasses' time; `transit_left` the net Falcons or Skulls (`transit_symbol`) still to spend;
    `hammers_left` and `crossblades_left` what the destination step may still buy. `camp`: the
    encounter that found a camp, rolled where the party is (no time, no new room); `surprised`: nobody
    stood watch.
    """

    step: str
    pool: dict[str, int]
    reasons: tuple[str, ...]
    throws: tuple[DiviningThrow, ...]
    hammers: int
    crossblades: int
    blood_rolled: int = 0
    blood: int = 0
    delay: int = 0
    transit_symbol: str = ""
    transit_left: int = 0
    hammers_left: int = 0
    crossblades_left: int = 0
    spent: tuple[Spent, ...] = ()
    extra_throws: tuple[DiviningThrow, ...] = ()
    ordinary: tuple[str, ...] = ()
    free_move: bool = False
    rerolls_found: int = 0
    safe_haven: bool = False
    revisit_of: int = 0
    camp: bool = False
    surprised: bool = False


CAMP_STEPS = ("time", "eat", "free", "actions", "encounter")


@attrs.frozen
class CampPlan:
    """One character's choices at camp: the free action ("" for their class's only one), the one
    camp action ("" for none), and Scout Ahead's check, entered (`scout_success`) or rolled as
    d20 + `scout_modifier` against `scout_target` (0: not set)."""

    free: str = ""
    action: str = ""
    scout_success: bool | None = None
    scout_modifier: int = 0
    scout_target: int = 0


@attrs.frozen
class Camping:
    """A Camp under way, kept so it survives a restart; steps run in the text's order (`CAMP_STEPS`).

    `campers` are the living when camp began and `lost` their HP lost then (Rest heals "the second
    half" of it); `override` is the 'Smith's reason for camping without what the rules ask;
    `healed` who the free action healed; `bonuses` the dice this camp leaves for later rooms.
    """

    step: str
    campers: tuple[str, ...]
    lost: dict[str, int] = attrs.field(factory=dict)
    plans: dict[str, CampPlan] = attrs.field(factory=dict)
    override: str = ""
    healed: tuple[str, ...] = ()
    watchers: int = 0
    bonuses: tuple[PoolBonus, ...] = ()


@attrs.frozen
class Loot:
    """One line of the Lootkeeper's ledger: coins, or an item and what it is worth in coins (0 if
    nobody knows yet), and who carries it (a character id, or "" for the party's common pile)."""

    id: str
    name: str
    coins: int = 0
    item: bool = False
    holder: str = ""


@attrs.frozen
class Stats:
    """The six scores as rolled; CON here is the maximum, the character tracks CON lost."""

    STR: int
    DEX: int
    CON: int
    INT: int
    WIS: int
    CHA: int

    def as_dict(self) -> dict[str, int]:
        return attrs.asdict(self)


@attrs.frozen
class Death:
    """When and how a character died: the game clock in units, and the killer in the table's words."""

    at: int
    cause: str
    dungeon_level: int = 1


@attrs.frozen
class Character:
    """One adventurer as the roster and every rule that touches them needs them.

    `stance` is the choice made each round at 0 HP (lay_down or fight_on); `uses` counts what is
    left of each class resource (Not Today!, Turn Unholy, Thiefy rerolls). A dead character keeps
    their `death` and stays on the roster until the table buries them with an epitaph. `oil` counts
    the flasks of lantern oil they carry, each one a full refill. `coins` and `items` are what they
    took home from the loot divided in town.
    """

    id: str
    name: str
    class_id: str
    stats: Stats
    hp: int
    max_hp: int
    ac: int
    con: int
    player: str = ""
    level: int = 1
    xp: int = 0
    temp_hp: int = 0
    rations: int = 0
    status: str = "ok"
    role: str = ""
    armour: str = "none"
    shield: bool = False
    uses: dict[str, int] = attrs.field(factory=dict)
    bailiwick: str = ""
    failing: str = ""
    stance: str = ""
    ammo: int = 0
    oil: int = 0
    spells_forgotten: int = 0
    bedroll: bool = False
    coins: int = 0
    items: tuple[str, ...] = ()
    notes: str = ""
    death: Death | None = None

    @property
    def con_max(self) -> int:
        return self.stats.CON

    @property
    def alive(self) -> bool:
        return self.status != "dead"


@attrs.frozen
class Grave:
    """A fallen adventurer in the graveyard, with the epitaph the table wrote."""

    character: Character
    epitaph: str = ""


@attrs.frozen
class Hireling:
    """A hireling: their trade, tier, who employs them, and whether a failed morale check doubled the cost."""

    id: str
    name: str
    profession: str
    tier: int
    employer: str = ""
    doubled: bool = False


@attrs.frozen
class LightSource:
    """A torch, lantern, candle or spell; `carrier` is a character id, or "" when set down."""

    id: str
    kind: str
    remaining: int
    carrier: str = ""
    lit: bool = False


@attrs.frozen
class Clock:
    """Game time in the ruleset's unit (turns or Beats); combat rounds are counted on their own."""

    units: int = 0
    rounds: int = 0


FIGHT_STEPS = ("initiative", "phase")
FOE_STATUSES = ("ok", "fleeing", "cowering", "defeated")


@attrs.frozen
class FoeKind:
    """A kind of foe as the 'Smith entered it, kept so the next one is picked, not typed again.

    `morale` is an imported monster's 2d6 Morale score (0: it checks with a Rally save);
    `attack_dice`, `attack_bonus` and `damage_die` are what it throws when it attacks;
    `save_bonus` its bonus on saves (Rally, Mind); `intelligent` matters to Turn Unholy.
    """

    name: str
    hd: str = "1"
    ac: int = 12
    morale: int = 0
    attack_dice: int = 1
    attack_bonus: int = 0
    damage_die: int = 6
    save_bonus: int = 0
    intelligent: bool = False


@attrs.frozen
class Foe:
    """One foe in a fight: its kind by name, its Hit Points, and whether it still fights.

    `status`: ok, fleeing or cowering (a failed morale check), or defeated (struck off).
    """

    id: str
    name: str
    kind: str
    hp: int
    max_hp: int
    status: str = "ok"

    @property
    def standing(self) -> bool:
        return self.status != "defeated"


@attrs.frozen
class Declared:
    """What a combatant declared for the round: a movement and an action kind.

    `stay_put_used` is set once Stay Put's +1 has gone on a die this round.
    """

    movement: str = "stay_put"
    action: str = "melee"
    stay_put_used: bool = False


@attrs.frozen
class PendingAttack:
    """An attack thrown and shown, waiting for its choices (a crit's effect, Stay Put, Not Today!)
    before the damage lands. The dice are kept, never thrown again. `luck_target` is what each
    save in a crit's chain (Book Three) had to reach."""

    attacker: str
    target: str
    plan: AttackPlan
    target_ac: int
    rolls: tuple[Roll, ...]
    damage: Roll
    chains: tuple[tuple[Roll, ...], ...] = ()
    stay_put: bool = False
    luck_target: int = 0


@attrs.frozen
class Fight:
    """A fight under way, kept so it survives a restart.

    `step` is "initiative" (roll for the next round) or "phase" (`side` acting in `phase`).
    `round` counts from 1 once the first initiative is rolled. `order` is this round's sides,
    winner first; `surprised` the sides that lose round 1. `leader` is the character who rolls
    the party's initiative; `foe_initiative` the foes' flat modifier. `declared` holds each
    combatant's declaration by id; `morale_offered` marks the foes' turn whose morale was asked.
    `initiative` is the last roll's explanation, for the pane.
    """

    foes: tuple[Foe, ...] = ()
    step: str = "initiative"
    round: int = 0
    side: str = ""
    phase: str = ""
    order: tuple[str, ...] = ()
    surprised: tuple[str, ...] = ()
    last_winner: str = ""
    leader: str = ""
    foe_initiative: int = 0
    declared: dict[str, Declared] = attrs.field(factory=dict)
    morale_offered: int = 0
    initiative: str = ""
    pending: PendingAttack | None = None

    def foe(self, foe_id: str) -> Foe:
        for foe in self.foes:
            if foe.id == foe_id:
                return foe
        raise KeyError(foe_id)

    @property
    def standing_foes(self) -> tuple[Foe, ...]:
        return tuple(f for f in self.foes if f.standing)


@attrs.frozen
class Effect:
    """A timed effect on a combatant (a character or foe id) or on the whole party (`on` = "").

    `unit` is "round" or "unit" (the ruleset's turn or Beat); the effect ends when that clock
    reaches `ends_at` (rounds counted in the fight, or `Clock.units`).
    """

    id: str
    name: str
    on: str
    unit: str
    ends_at: int
    note: str = ""


@attrs.frozen
class FailedCheck:
    """A thief skill check that has just failed, kept so a Thief may reroll it straight away:
    `at` is the session's `seq` once the check was made, so any later action closes the chance."""

    character_id: str
    skill: str
    net: int
    at: int


@attrs.frozen
class State:
    """Everything a session is. `seq` counts the actions applied; it seeds that action's dice.

    `last_camp` keeps each character's choices at the last camp, offered first at the next.
    """

    session: SessionInfo
    dungeon: Dungeon = Dungeon()
    party: tuple[Character, ...] = ()
    lights: tuple[LightSource, ...] = ()
    clock: Clock = Clock()
    seq: int = 0
    graveyard: tuple[Grave, ...] = ()
    pile: tuple[Character, ...] = ()
    hirelings: tuple[Hireling, ...] = ()
    pool_plan: PoolPlan = PoolPlan()
    exploring: Exploration | None = None
    camping: Camping | None = None
    loot: tuple[Loot, ...] = ()
    fighting: Fight | None = None
    foe_kinds: tuple[FoeKind, ...] = ()
    effects: tuple[Effect, ...] = ()
    last_camp: dict[str, CampPlan] = attrs.field(factory=dict)
    failed_check: FailedCheck | None = None
    slices: dict[str, Any] = attrs.field(factory=dict)
    """Each procedure's own part of the state, by procedure name: only those of the ruleset's."""

    def with_slice(self, name: str, value: Any) -> State:
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

    def light(self, light_id: str) -> LightSource:
        for source in self.lights:
            if source.id == light_id:
                return source
        raise KeyError(light_id)

    @property
    def is_dark(self) -> bool:
        """Darkness is one fact every pane reads: no lit source anywhere with the party."""
        return not any(source.lit and source.remaining > 0 for source in self.lights)


def free_id(prefix: str, used: set[str]) -> str:
    """The first of `prefix`1, `prefix`2... not in `used`: ids stay short and readable in a save."""
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def replace_member(party: tuple[Character, ...], member: Character) -> tuple[Character, ...]:
    return tuple(member if m.id == member.id else m for m in party)


def replace_light(lights: tuple[LightSource, ...], source: LightSource) -> tuple[LightSource, ...]:
    return tuple(source if s.id == source.id else s for s in lights)
