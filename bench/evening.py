"""An evening of play for the bench scripts: a session as a real night at the table leaves it.

Every change is an action dispatched through the session's Store, as the app dispatches it, with the
session's seeded dice, so the evening is the same every time it is built. The 'Smith here plays by
the book: every Explore is taken through each of its steps, fights run round by round with every
attack thrown and landed, the party camps, goes back to town, hires help, loses one of its own and
buries them. Where the dice decide, the 'Smith reads the state and answers as the table would; where
a room's pool is built, they pick the approach (Huzzah!, stealth...) whose roll gives each step of
the Explore something to do, looking at the roll the same dice would give before committing to it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import benchlib  # noqa: F401  (puts the checkout on the path)

from hammertui.kernel.ruleset import Ruleset, load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.actions import Action, Context, apply_action
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.loot import AddLoot
from hammertui.kernel.session.procedures import is_dark, role_of
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.store import Store, seeded_dice
from hammertui.kernel.session.vitals import Bury, Heal
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.actions import AddToPack, Douse, Light
from hammertui.procedures.divining_pool.actions.explore import (
    AwardRoomXP,
    ExploreNext,
    RollExplore,
    SetAddition,
    SetChallengeLevel,
    SetRoomNotes,
    SpendReroll,
    SpendSymbol,
    SplitBlood,
)
from hammertui.procedures.divining_pool.actions.town import ReturnToTown
from hammertui.procedures.divining_pool.rules import explore as explore_rules
from hammertui.procedures.divining_pool.state import Exploration, Room, divining_pool, exploring
from hammertui.procedures.hammercrawl_camp.actions import (
    CampNext,
    RestTheRest,
    SetCampAction,
    SetCampFree,
    StartCamp,
    camp_rows,
)
from hammertui.procedures.hammercrawl_camp.state import camping
from hammertui.procedures.hammercrawl_classes.actions.advancement import LevelUp
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.actions.recruits import AssignRole, DrawReplacement, RollReplacements
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown
from hammertui.procedures.hammercrawl_classes.rules import characters
from hammertui.procedures.hammercrawl_classes.state import sheet_of, uses_left
from hammertui.procedures.sides_and_phases.actions import (
    AddFoes,
    Attack,
    CheckMorale,
    EndFight,
    FightNext,
    FoeGroup,
    MarkFront,
    ResolveAttack,
    SkipMorale,
    StartFight,
    SurpriseSaves,
    TurnUnholy,
    default_target,
    morale_due,
    side_gone,
    still_to_act,
    turn_problem,
)
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting

RULESET = "hammercrawl-book3"
SEED = 3

APPROACHES = ("huzzah", "stealthy", "rushed", "special_gear", "good_idea", "alarm")
"""The pool additions the 'Smith may grant a room, in the order they are tried."""

FALCONS = ("no_time", "lost_pack", "reroll")
SKULLS = ("sputter", "spell_fails", "ration_spoils", "transit_encounter")
HAMMERS = ("treasure", "friendly_encounter", "terrain_party", "easier", "reaction_friendly", "magic_treasure")
CROSSBLADES = ("reaction_hostile", "harder", "terrain_enemies", "cursed_treasure")

GOBLIN = FoeKind("Goblin", "1", ac=12, damage_die=6)
HOBGOBLIN = FoeKind("Hobgoblin", "2", ac=14, morale=8, damage_die=8)
SKELETON = FoeKind("Skeleton", "2", ac=13, damage_die=6)
OGRE = FoeKind("Ogre", "4", ac=14, morale=10, damage_die=10)
RATS = FoeKind("Giant Rat", "1", ac=11, damage_die=4)
ORC = FoeKind("Orc", "1+1", ac=13, morale=8, damage_die=8)


@attrs.frozen
class Fight:
    """One fight as the 'Smith plans it: the foes, the foes who join while the fight would end too
    soon, who is surprised, whether the Cleric turns the unholy, and the one (a character id) who
    stands in front and fights on past all hope there."""

    groups: tuple[FoeGroup, ...]
    reinforcements: tuple[FoeGroup, ...]
    surprised: tuple[str, ...] = ()
    turn_unholy: bool = False
    doomed: str = ""


@attrs.frozen
class Scene:
    """One room of the evening: the fight its Crossblades buy, whether its Hammers make it a Safe
    Haven, the loot found there, and whether the party listens at its door first."""

    fight: Fight | None = None
    haven: bool = False
    coins: int = 0
    item: str = ""
    listen: bool = False
    """The torch doused at the door to listen in the dark, then lit again."""


class Evening:
    """The 'Smith at the table: reads the state, answers the dice, dispatches one action at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.ruleset: Ruleset = store.ruleset
        self.log: list[Event] = []
        self.falcons = itertools.cycle(FALCONS)
        self.skulls = itertools.cycle(SKULLS)
        self.hammers = itertools.cycle(HAMMERS)
        self.crossblades = itertools.cycle(CROSSBLADES)

    @property
    def state(self) -> State:
        return self.store.state

    # ------------------------------------------------------------------------------ dispatching

    def do(self, action: Action) -> None:
        """Dispatch one action, keeping its events for the log; a light that went out is replaced at
        once, as the table would (a torch doused on purpose is lit again by the next action)."""
        self.log += self.store.dispatch(action)
        if is_dark(self.state) and camping(self.state) is None and not isinstance(action, Douse):
            self.relight()

    def preview(self, actions: Sequence[Action]) -> State:
        """The state these actions would leave, with the very dice the store would give them."""
        state = self.state
        for action in actions:
            state, _ = apply_action(state, action, Context(self.ruleset, seeded_dice(state)))
        return state

    def relight(self) -> None:
        """Light the next spare torch in a pack (one set down last); the script buys enough in town."""
        spares = [s for s in light_state.lights(self.state) if not s.lit and s.remaining > 0]
        spare = min(spares, key=lambda s: not s.carrier, default=None)
        if spare is None:
            raise RuntimeError("the evening has run out of torches: buy more in its script")
        self.log += self.store.dispatch(Light(spare.id))

    # ------------------------------------------------------------------------------ exploring

    def explore(self, scene: Scene) -> Room:
        """One new room through every step of the Explore, then its fight, loot and XP."""
        lit = next((s for s in light_state.lights(self.state) if s.lit), None)
        if scene.listen and lit is not None:
            self.do(Douse(lit.id))
            self.do(Light(lit.id))
        for action in self._approach(scene):
            self.do(action)
        if divining_pool(self.state).rerolls:
            self.do(SpendReroll())
        room = self._resolve(scene)
        if scene.fight is not None:
            self.fight(scene.fight)
        if scene.coins:
            self.do(AddLoot(f"Coins from room {room.number}", scene.coins))
        if scene.item:
            self.do(AddLoot(scene.item, 0, item=True, holder=self.holding("Lootkeeper").id))
        if room.hammers or room.crossblades:
            self.do(AwardRoomXP(room.number))
        return room

    def _approach(self, scene: Scene) -> list[Action]:
        """The table's talk before the door and the pool additions the 'Smith grants, ending in the
        roll: the first whose roll gives every step of the Explore its work."""
        for talk in self._talk():
            for size in (1, 2, 3):
                for approach in itertools.combinations(APPROACHES, size):
                    actions = [*talk, *(SetAddition(a, 1) for a in approach), RollExplore()]
                    if self._every_step(exploring(self.preview(actions)), scene):
                        return actions
        raise RuntimeError("no approach gives this room every step of the Explore")

    def _talk(self) -> Iterator[list[Action]]:
        """What may happen at a door before the roll: nothing, or the Mapper's notes on the last room."""
        yield []
        rooms = divining_pool(self.state).rooms
        if rooms and not rooms[-1].notes:
            yield [SetRoomNotes(rooms[-1].number, f"Mapped by {self._mapper()}.")]

    def _every_step(self, trip: Exploration, scene: Scene) -> bool:
        """Whether this roll gives the losses, the transit and the destination each something to do
        and the scene what it needs (a Crossblade for its fight, a Hammer for its Safe Haven), with
        no more than two Blood Drops, so the party is not bled dry before the night is out."""
        reading = explore_rules.read_roll(self.ruleset, trip.throws)
        _, net = explore_rules.transit_symbol(self.ruleset, reading)
        losses = reading.blood_drops + reading.hourglasses
        needs = (scene.fight is None or reading.crossblades) and (not scene.haven or reading.hammers)
        return bool(losses and net and reading.hammers + reading.crossblades and needs and reading.blood_drops <= 2)

    def _split(self, blood: int) -> tuple[tuple[str, int], ...]:
        """The Blood Drops' damage one point at a time to whoever has the most HP left."""
        left = {m.id: m.hp for m in self.state.living if m.status == "ok"}
        shares = dict.fromkeys(left, 0)
        for _ in range(blood):
            who = max(left, key=lambda cid: left[cid])
            left[who] -= 1
            shares[who] += 1
        return tuple((cid, n) for cid, n in shares.items() if n)

    def _resolve(self, scene: Scene) -> Room:
        """The Explore under way, step by step to the room it records: the Blood Drops' damage
        split, then every net Falcon or Skull and every Hammer and Crossblade spent, one at a time."""
        while (trip := exploring(self.state)) is not None:
            if trip.step == "losses" and trip.blood:
                self.do(SplitBlood(self._split(trip.blood)))
            elif trip.step == "transit" and trip.transit_left:
                self.do(self._transit(trip))
            elif trip.step == "destination" and (trip.hammers_left or trip.crossblades_left):
                self.do(self._destination(trip, scene))
            else:
                self.do(ExploreNext())
        return divining_pool(self.state).rooms[-1]

    def _transit(self, trip: Exploration) -> SpendSymbol:
        """A net Falcon or Skull on the next outcome of its list."""
        symbol = trip.transit_symbol
        choice = next(self.falcons if symbol == "falcon" else self.skulls)
        if choice == "ration_spoils":
            carrier = max(self.state.living, key=lambda m: sheet_of(self.state, m.id).rations)
            return SpendSymbol(symbol, choice, target=carrier.id)
        return SpendSymbol(symbol, choice)

    def _destination(self, trip: Exploration, scene: Scene) -> SpendSymbol:
        """A Hammer, or once they are spent a Crossblade: the scene's Safe Haven and fight first."""
        bought = {s.outcome for s in trip.spent}
        if trip.hammers_left:
            haven = scene.haven and "safe_haven" not in bought
            return SpendSymbol("hammer", "safe_haven" if haven else next(self.hammers))
        fight = scene.fight
        encounter = "party_surprised" if fight is not None and "party" in fight.surprised else "hostile_encounter"
        if fight is not None and encounter not in bought:
            return SpendSymbol("crossblade", encounter)
        return SpendSymbol("crossblade", next(self.crossblades))

    def _mapper(self) -> str:
        return self.holding("Mapper").name

    def holding(self, role: str) -> Character:
        """Who holds a party role, or the first of the living when nobody does."""
        return next((m for m in self.state.living if role_of(self.state, m.id) == role), self.state.living[0])

    # ------------------------------------------------------------------------------ fighting

    def fight(self, plan: Fight) -> None:
        """A fight as the 'Smith scales it to the party: the first lineup (the planned foes, a band
        thinned, or more foes) in which nobody dies but the one meant to, played out first on a copy
        of the session with the very same dice."""
        before = {m.id for m in self.state.living} - {plan.doomed}
        for lineup in _lineups(plan):
            trial = Evening(Store(self.state, self.ruleset))
            trial._fight(lineup)
            living = {m.id for m in trial.state.living}
            if before <= living and not (plan.doomed and plan.doomed in living):
                self._fight(lineup)
                return
        raise RuntimeError(f"no lineup of {plan.groups} ends as the script means it to")

    def _fight(self, plan: Fight, least: int = 3, most: int = 6) -> None:
        """A fight of `least` to `most` rounds, every attack thrown and landed; the one in front is
        the sturdiest (or the doomed); a downed one is healed at the round's end; the foes' morale
        is checked once half are down; more foes join while the fight would end too soon."""
        self.do(StartFight(plan.groups, surprised=plan.surprised, hp="average"))
        if len(plan.surprised) == 1:
            self.do(SurpriseSaves())
        self.do(MarkFront(plan.doomed or max(self.state.living, key=lambda m: m.hp).id))
        while self.state.living:
            self.do(FightNext())
            self._round(plan)
            for member in self.state.living:
                if member.status == "down" and member.id != plan.doomed:
                    self.do(Heal(member.id, 2))
            rounds = fighting(self.state).round
            gone = side_gone(self.state) == "foes"
            waiting = plan.doomed and self.state.character(plan.doomed).alive
            if rounds >= most or (rounds >= least and gone and not waiting):
                break
            if gone:
                self.do(AddFoes(plan.reinforcements, hp="average"))
        self.do(EndFight())
        for member in self.state.living:
            if member.hp < member.max_hp:
                self.do(Heal(member.id, max(1, (member.max_hp - member.hp + 1) // 2)))

    def _round(self, plan: Fight) -> None:
        """Every phase of the round, each combatant acting in it, to the round's end."""
        fight = fighting(self.state)
        while fight is not None and fight.step == "phase":
            if morale_due(self.state, self.ruleset):
                standing = tuple(f.id for f in fight.foes if f.status == "ok")
                half_down = 2 * len(standing) <= len(fight.foes)
                self.do(CheckMorale(standing, threat="major") if half_down else SkipMorale())
            done: set[str] = set()
            while actor := next((a for a in still_to_act(self.state, self.ruleset) if a.id not in done), None):
                done.add(actor.id)
                self._act(actor.id, plan)
            self.do(FightNext())
            fight = fighting(self.state)

    def _act(self, combatant: str, plan: Fight) -> None:
        """One combatant's part in the phase: an attack where the rules let them throw one now;
        one at 0 HP Lays Down instead, or Fights On (attacks, then burns CON) if it is their night."""
        member = next((m for m in self.state.party if m.id == combatant), None)
        down = member is not None and member.status == "down"
        if down and member.id != plan.doomed:
            if fighting(self.state).phase == "melee":
                self.do(LayDown(member.id))
            return
        if turn_problem(self.state, self.ruleset, combatant):
            return
        if member is not None and plan.turn_unholy and uses_left(self.state, member.id, "turn_unholy"):
            self.do(TurnUnholy(member.id, tuple(f.id for f in fighting(self.state).standing_foes)))
            return
        target = default_target(self.state, combatant)
        if target:
            self.do(Attack(combatant, target))
            self.do(ResolveAttack())
        if down:
            self.do(FightOn(member.id))

    # ------------------------------------------------------------------------------ camp and town

    def camp(self) -> None:
        """Camp in the Safe Haven: the time, the Rations, the free actions, a watch, rest, the roll."""
        self.do(StartCamp())
        self.do(CampNext())  # the time passes
        self.do(CampNext())  # the Rations are eaten
        for row in camp_rows(self.state, self.ruleset):
            if len(row.free_options) > 1:  # the table's own choice, never the default
                self.do(SetCampFree(row.id, row.free_options[-1]))
        self.do(CampNext())  # the free actions
        watcher = max(self.state.living, key=lambda m: m.hp)
        self.do(SetCampAction(watcher.id, "stand_watch"))
        self.do(RestTheRest())
        self.do(CampNext())  # the camp actions
        self.do(CampNext())  # the encounter roll
        if exploring(self.state) is not None:
            room = self._resolve(Scene())
            if room.hammers or room.crossblades:
                self.do(AwardRoomXP(room.number))
        if is_dark(self.state):
            self.relight()

    def town(self) -> None:
        """Back to town, then everyone with the XP levels up there."""
        self.do(ReturnToTown())
        for member in self.state.living:
            if characters.can_level_up(self.ruleset, member.level, member.xp)[0]:
                self.do(LevelUp(member.id, in_town=True))


def evening_session(folder: Path, name: str = "bench") -> Store:
    """Build the evening in `folder` as session `name` and open it as the app opens a saved session.

    The session is created on disk as the app creates one; the evening is then played through a
    Store that keeps it in memory, and its log and final snapshot are written once at the end: the
    same files an evening of autosaves leaves, without rewriting a growing snapshot a thousand times.
    """
    created = sessions.create(folder, name, load_ruleset(RULESET), seed=SEED)
    gm = Evening(Store(created.state, created.ruleset))
    play(gm)
    persist.save(created.files, gm.state, gm.log, None)
    return sessions.open_files(created.files, load_ruleset)


def _lineups(plan: Fight) -> Iterator[Fight]:
    """The planned foes, then the band thinned by one, two, three of each kind, then more bands."""
    yield plan
    for fewer in (1, 2, 3):
        yield attrs.evolve(plan, groups=tuple(attrs.evolve(g, count=max(1, g.count - fewer)) for g in plan.groups))
    for more in range(1, 6):
        yield attrs.evolve(plan, groups=plan.groups + plan.reinforcements * more)


def holdings(store: Store) -> str:
    """What the session holds, in one line, for a bench script to print beside its figures."""
    log = persist.read_log_tail(store.files.log, 10**9) if store.files is not None else list(store.recent)
    fights = [e.text for e in log if e.action == "fight" and e.text.startswith("Fight!")]
    rounds = sum(
        int(re.search(r"after (\d+) round", e.text).group(1)) for e in log if e.text.startswith("The fight is over")
    )
    camps = sum(1 for e in log if e.text.startswith("The party makes camp"))
    return (
        f"{store.state.seq:,} actions, {len(log):,} log events, {store.state.dungeon.rooms_explored} rooms explored,"
        f" {len(fights)} fights ({rounds} rounds), {camps} camps, {len(store.state.graveyard)} buried"
    )


def play(gm: Evening) -> None:
    """The evening's script, scene by scene: two delves around a trip back to town."""
    for member in gm.state.party:
        gm.do(AddToPack(member.id, "torch"))
    goblins = (FoeGroup(GOBLIN, 2),)
    orcs = (FoeGroup(ORC, 2),)
    gm.explore(Scene(coins=40))
    gm.explore(Scene(Fight((FoeGroup(GOBLIN, 5),), goblins), coins=25))
    gm.explore(Scene(item="A silver goblet", listen=True))
    gm.explore(Scene(haven=True))
    gm.camp()
    gm.explore(Scene(Fight((FoeGroup(SKELETON, 4),), (FoeGroup(SKELETON, 2),), turn_unholy=True), coins=60))
    gm.explore(Scene())
    gm.explore(Scene(Fight((FoeGroup(HOBGOBLIN, 2), FoeGroup(GOBLIN, 3)), goblins, surprised=("party",)), coins=120))
    gm.explore(Scene(item="A jade idol"))
    gm.town()
    gm.do(Hire("Pell", "torchbearer", 0, gm.holding("Leader").id))
    gm.do(Hire("Maud", "porter", 1, gm.holding("Lootkeeper").id))
    for member in gm.state.living * 3:
        gm.do(AddToPack(member.id, "torch"))
    gm.do(SetChallengeLevel(3))
    gm.explore(Scene())
    mapper = gm.holding("Mapper")
    gm.explore(Scene(Fight((FoeGroup(OGRE, 1), FoeGroup(GOBLIN, 3)), goblins, doomed=mapper.id), coins=200))
    gm.do(Bury(mapper.id, epitaph="He read the map; the map did not read the Ogre."))
    gm.do(RollReplacements(2))
    gm.do(DrawReplacement(gm.state.pile[0].id, name="Bryn", player=mapper.player))
    gm.do(AssignRole(gm.state.party[-1].id, "Mapper"))
    gm.explore(Scene())
    gm.explore(Scene(haven=True))
    gm.camp()
    gm.explore(Scene(Fight((FoeGroup(RATS, 6),), (FoeGroup(RATS, 3),)), coins=30))
    gm.explore(Scene(item="A rusted key", listen=True))
    gm.explore(Scene())
    gm.explore(Scene(Fight((FoeGroup(HOBGOBLIN, 3), FoeGroup(GOBLIN, 2)), goblins), coins=150))
    gm.explore(Scene())
    gm.explore(Scene(item="A bone flute", listen=True))
    gm.explore(Scene(Fight((FoeGroup(ORC, 4),), orcs), coins=90))
    gm.explore(Scene())
    gm.explore(Scene(Fight((FoeGroup(SKELETON, 3), FoeGroup(GOBLIN, 3)), goblins, turn_unholy=True), coins=75))
    gm.explore(Scene())
    gm.explore(Scene(item="A chipped chalice"))
    gm.explore(Scene(Fight((FoeGroup(OGRE, 1), FoeGroup(ORC, 2)), orcs), coins=300))
    gm.explore(Scene(coins=15))
