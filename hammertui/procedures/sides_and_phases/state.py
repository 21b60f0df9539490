"""The fight's part of the session state: the fight under way and the kinds of foe entered so far.

Sides and phases keeps these in its own slice (`State.slices["sides_and_phases"]`), so a session
played by a ruleset without this fight keeps none of them. The module is only records and short
accessors: the dashboard reads it at start-up, while the fight's actions (`session.combat`) and
rules (`rules.combat`) are imported only once a fight is asked for.
"""

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.dice import Roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.foes import HoldsFoes
from hammertui.kernel.session.procedures import Buried, Hears, LaidDown, slice_of
from hammertui.kernel.session.state import Character, State
from hammertui.procedures.sides_and_phases.rules.attack_plan import AttackPlan
from hammertui.procedures.sides_and_phases.rules.hit_dice import parse_hit_dice

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import FightProcedure

NAME = "sides_and_phases"

FIGHT_STEPS = ("initiative", "phase")
FOE_STATUSES = ("ok", "fleeing", "cowering", "defeated")
FOE_STATUS = {"ok": "", "fleeing": "fleeing", "cowering": "cowering", "defeated": "struck off"}
"""What a foe's status reads as on screen: a beaten foe is struck off the 'Smith's list."""


@record
class FoeKind:
    """A kind of foe as the 'Smith entered it, kept so the next one is picked, not typed again.

    `morale` is an imported monster's 2d6 Morale score (0: it checks with a Rally save);
    `attack_dice`, `attack_bonus` and `damage_die` are what it throws when it attacks;
    `save_bonus` its bonus on saves (Rally, Mind); `intelligent` matters to Turn Unholy.
    `light_blind` marks a kind that, like the party ("none of the base classes ... can see in the
    dark"), fights in the party's dark under its penalties; the rest attack in it as they are.
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
    light_blind: bool = False


@record
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


@record
class Declared:
    """What a combatant declared for the round: a movement and an action kind.

    `stay_put_used` is set once Stay Put's +1 has gone on a die this round; `act_first` is a Move
    Near taken after the action, where Turns are named one at a time.
    """

    movement: str = "stay_put"
    action: str = "melee"
    stay_put_used: bool = False
    act_first: bool = False


@record
class PendingAttack:
    """An attack thrown and shown, waiting for its choices (a crit's effect, Stay Put, Not Today!)
    before the damage lands. The dice are kept, never thrown again. `luck_target` is what each
    save in a crit's chain (Book Three) had to reach; `pool` the attack dice's pool, dropped dice
    and all, where stacking Advantage threw them as one."""

    attacker: str
    target: str
    plan: AttackPlan
    target_ac: int
    rolls: tuple[Roll, ...]
    damage: Roll
    chains: tuple[tuple[Roll, ...], ...] = ()
    stay_put: bool = False
    luck_target: int = 0
    pool: Roll | None = None


@record
class Fight(HoldsFoes[Foe]):
    """A fight under way, kept so it survives a restart.

    `step` is "initiative" (roll for the next round) or "phase" (`side` acting in `phase`).
    `round` counts from 1 once the first initiative is rolled. `order` is this round's sides,
    winner first; `surprised` the sides that lose round 1. `leader` is the character who rolls
    the party's initiative; `foe_initiative` the foes' flat modifier. `declared` holds each
    combatant's declaration by id; `morale_offered` marks the foes' turn whose morale was asked.
    `initiative` is the last roll's explanation, for the pane. Where Turns are named one at a
    time, `turn` is whose Turn it is and `taken` who has had theirs in this phase (`turn` too).
    `acted` is who has attacked in this phase (ticked on the table), `attacked` one entry per
    attack thrown this round, `last_target` each attacker's last target, and `front` the party
    member the 'Smith marked as the one the foes reach first. `laid_down` is who chose to Lay Down
    at 0 HP this round: prone, with no action until the next round's choice.
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
    turn: str = ""
    taken: tuple[str, ...] = ()
    surprise_saves: dict[str, bool] = attrs.field(factory=dict)
    fled_hirelings: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    last_target: dict[str, str] = attrs.field(factory=dict)
    front: str = ""
    laid_down: tuple[str, ...] = ()

    def surprised_now(self, combatant_id: str) -> bool:
        """Caught by surprise and not yet over it: on a surprised side, no save passed, and the
        fight not past round 1 ("cannot take actions in the first round of combat")."""
        side = "foes" if any(f.id == combatant_id for f in self.foes) else "party"
        return self.round <= 1 and side in self.surprised and not self.surprise_saves.get(combatant_id, False)

    @property
    def out_of_round_one(self) -> tuple[str, ...]:
        """The surprised sides nobody on which shook it off: their phases are left out of round 1."""
        foe_ids = {f.id for f in self.foes}
        rallied = {"foes" if cid in foe_ids else "party" for cid, passed in self.surprise_saves.items() if passed}
        return tuple(side for side in self.surprised if side not in rallied)


@record
class FightState:
    """The fight under way (None between fights) and the kinds of foe entered this session."""

    fight: Fight | None = None
    foe_kinds: tuple[FoeKind, ...] = ()


EMPTY = FightState()


def new_slice(ruleset: Ruleset, party: tuple[Character, ...]) -> FightState:
    """A new session starts between fights, with no foe met yet."""
    return EMPTY


def _slice(state: State) -> FightState:
    return slice_of(state, NAME, EMPTY)


def fighting(state: State) -> Fight | None:
    """The fight under way, if one is."""
    return _slice(state).fight


def fight_foes(state: State) -> tuple[tuple[str, str], ...]:
    """The foes of the fight under way, by id and name: whom an effect may be on besides the party."""
    fight = fighting(state)
    return () if fight is None else tuple((foe.id, foe.name) for foe in fight.foes)


def foe_kinds(state: State) -> tuple[FoeKind, ...]:
    """The kinds of foe entered this session, the latest last."""
    return _slice(state).foe_kinds


def with_fight(state: State, **changes: Any) -> State:
    """The state with the fight's slice changed (`fight=`, `foe_kinds=`)."""
    return state.with_slice(NAME, attrs.evolve(_slice(state), **changes))


def _fighters(state: State) -> set[str]:
    """Whom a fight may name: the party, the fight's foes, and the buried, who may have fallen
    mid-fight with a declaration still on them."""
    fight = fighting(state)
    foes = {f.id for f in fight.foes} if fight is not None else set()
    return {m.id for m in state.party} | {g.character.id for g in state.graveyard} | foes


def problems(part: FightState, state: State) -> list[str]:
    """What a hand edit may have broken in the fight and the foe kinds that types alone cannot catch."""
    return _fight_problems(part.fight, state) + _kind_problems(part.foe_kinds)


def _fight_problems(fight: Fight | None, state: State) -> list[str]:
    """A fight on a step that exists, its foes distinct with HP they can have, and every
    declaration and the waiting attack about someone in it."""
    if fight is None:
        return []
    from hammertui.procedures.sides_and_phases.rules.combat import (  # only a save with a fight needs them
        ACTION_KINDS,
        MOVEMENT_NAMES,
        SIDES,
    )

    problems = []
    if fight.step not in FIGHT_STEPS:
        problems.append(f"fight.step: {fight.step!r} is not one of {', '.join(FIGHT_STEPS)}")
    sides = [s for s in (fight.side, *fight.order, *fight.surprised, fight.last_winner) if s and s not in SIDES]
    if sides:
        problems.append(f"fight: sides are party and foes, not {', '.join(map(repr, sides))}")
    if min(fight.round, fight.morale_offered) < 0:
        problems.append("fight: round and morale_offered cannot be negative")
    problems += _foe_problems(fight)
    everyone = _fighters(state)
    if fight.leader and fight.leader not in everyone:
        problems.append(f"fight.leader: no character {fight.leader!r}")
    named = (
        fight.turn,
        *fight.taken,
        *fight.surprise_saves,
        *fight.acted,
        *fight.attacked,
        *fight.laid_down,
        fight.front,
        *fight.last_target,
        *fight.last_target.values(),
    )
    strangers = [cid for cid in named if cid and cid not in everyone]
    if strangers:
        problems.append(f"fight.turn: no character or foe {', '.join(map(repr, strangers))}")
    for cid, said in fight.declared.items():
        where = f"fight.declared[{cid!r}]"
        if cid not in everyone:
            problems.append(f"{where}: no character or foe {cid!r}")
        if said.movement not in MOVEMENT_NAMES:
            problems.append(f"{where}.movement: {said.movement!r} is not one of {', '.join(MOVEMENT_NAMES)}")
        if said.action not in (*ACTION_KINDS, "movement"):  # the rules read "movement" as "move"
            problems.append(f"{where}.action: {said.action!r} is not one of {', '.join(ACTION_KINDS)}")
    return problems + _pending_problems(fight, everyone)


def _foe_problems(fight: Fight) -> list[str]:
    problems = []
    foe_ids = [f.id for f in fight.foes]
    if len(set(foe_ids)) != len(foe_ids):
        problems.append("fight.foes: two foes share an id")
    for i, foe in enumerate(fight.foes):
        where = f"fight.foes[{i}] ({foe.name})"
        if foe.status not in FOE_STATUSES:
            problems.append(f"{where}.status: {foe.status!r} is not one of {', '.join(FOE_STATUSES)}")
        if foe.max_hp < 1 or not 0 <= foe.hp <= foe.max_hp:
            problems.append(f"{where}.hp: {foe.hp} of {foe.max_hp} is not possible")
    return problems


def _pending_problems(fight: Fight, everyone: set[str]) -> list[str]:
    """The attack waiting to land: by and on someone in the fight, each attack die with its crit chain."""
    pending = fight.pending
    if pending is None:
        return []
    problems = []
    for field, cid in (("attacker", pending.attacker), ("target", pending.target)):
        if cid not in everyone:
            problems.append(f"fight.pending.{field}: no character or foe {cid!r}")
    if len(pending.chains) != len(pending.rolls):
        problems.append(f"fight.pending.chains: {len(pending.chains)} for {len(pending.rolls)} attack dice")
    return problems


def _kind_problems(kinds: tuple[FoeKind, ...]) -> list[str]:
    """Remembered foe kinds the fight can use: Hit Dice it can read, dice it can throw."""
    if not kinds:
        return []
    problems = []
    for i, kind in enumerate(kinds):
        where = f"foe_kinds[{i}] ({kind.name})"
        try:
            parse_hit_dice(kind.hd)
        except ValueError as error:
            problems.append(f"{where}.hd: {error}")
        if kind.attack_dice < 0 or kind.damage_die < 2:
            problems.append(f"{where}: 0 or more attack dice and a damage die of d2 or more")
        if not 0 <= kind.morale <= 12:
            problems.append(f"{where}.morale: {kind.morale} is outside 0-12")
    return problems


def on_buried(state: State, ctx: Any, action: Any, heard: Buried) -> tuple[State, list[Any]]:
    """The buried take no more part in the fight: their declaration goes (a blow waiting for them
    lands on nothing)."""
    fight = fighting(state)
    if fight is None or heard.character_id not in fight.declared:
        return state, []
    declared = {cid: said for cid, said in fight.declared.items() if cid != heard.character_id}
    return with_fight(state, fight=attrs.evolve(fight, declared=declared)), []


def on_laid_down(state: State, ctx: Any, action: Any, heard: LaidDown) -> tuple[State, list[Any]]:
    """One who Lays Down in a fight has chosen their round: "If you choose to Lay Down, you drop to
    the ground prone"; only Fighting On comes with "an action as normal"."""
    fight = fighting(state)
    if fight is None or heard.character_id in fight.laid_down:
        return state, []
    return with_fight(state, fight=attrs.evolve(fight, laid_down=(*fight.laid_down, heard.character_id))), []


def rules_problems(part: FightState, state: State, ruleset: Ruleset) -> list[str]:
    """A fight on its phase step is in a round of the ruleset's: one side acting, in a phase the
    ruleset has, the round counted from 1, both sides in the order."""
    fight = part.fight
    if fight is None or fight.step != "phase":
        return []
    from hammertui.procedures.sides_and_phases.rules.combat import (  # only a save with a fight needs them
        SIDES,
        TURN,
        phases,
    )

    named = tuple(p.id for p in phases(ruleset)) or (TURN,)
    problems = []
    if fight.side not in SIDES:
        problems.append(
            f"fight.side: a fight on its phase step needs the side acting (party or foes), not {fight.side!r}"
        )
    if fight.phase not in named:
        problems.append(f"fight.phase: {fight.phase!r} is not one of {', '.join(named)}")
    if fight.round < 1:
        problems.append(f"fight.round: {fight.round}; a fight on its phase step counts rounds from 1")
    if sorted(fight.order) != sorted(SIDES):
        problems.append(f"fight.order: both sides once each, winner first, not {list(fight.order)}")
    return problems


def whose_turn(state: State, ruleset: Ruleset) -> str:
    """Where the fight stands, for the player view: `Round 2: the party's Melee phase, Darla's Turn`."""
    fight = fighting(state)
    if fight is None:
        return ""
    if fight.step == "initiative":
        return f"Round {fight.round + 1}: initiative" if fight.round else "Initiative"
    side = "the party's" if fight.side == "party" else "the foes'"
    turn = _combatant(state, fight, fight.turn)
    return f"Round {fight.round}: {side} {ruleset.combat.phase_name(fight.phase)} phase" + (
        f", {turn}'s Turn" if turn else ""
    )


def _combatant(state: State, fight: Fight, who: str) -> str:
    if not who:
        return ""
    named = [m.name for m in state.party if m.id == who] + [f.name for f in fight.foes if f.id == who]
    return named[0] if named else who


class _Session:
    """Sides and phases, as the session asks of it."""

    slice_type = FightState
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(Buried, on_buried), Hears(LaidDown, on_laid_down))
    fighting = staticmethod(fighting)
    whose_turn = staticmethod(whose_turn)
    fight_foes = staticmethod(fight_foes)
    clocks = ()


SESSION: "FightProcedure" = _Session()
