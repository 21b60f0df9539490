"""The fight by individual initiative (the Russell House Rules): its slice of the session state.

The fight under way keeps its foes, the round, this round's initiative order and whose turn it is,
each combatant's fighting option and conditions, the failed saves of those Bleeding Out, and a
critical hit waiting for its choice. Wounds outlast the fight ("most wounds can be assumed to heal
with one week of downtime"), so they are kept on the characters' sheets (`russell_vitals`), which
tell the fight of each one taken (`WoundTaken`) for the conditions it holds. A wound taken between
fights (a trap, a fall) holds its lasting conditions (Helpless, Bleeding Out) here until the next
fight takes them up, a week of downtime heals them (`WoundsHealed`) or the 'Smith takes them
off. The actions are in `individual_initiative_actions`, imported once a fight is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import note
from hammertui.kernel.session.foes import HoldsFoes
from hammertui.kernel.session.procedures import Buried, Hears, WoundsHealed, WoundTaken, slice_of
from hammertui.kernel.session.state import Character, State
from hammertui.procedures.individual_initiative.rules import CONDITION_NAMES, OPTIONS
from hammertui.procedures.individual_initiative.schema import CONDITIONS, IndividualInitiative

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import FightProcedure

NAME = "individual_initiative"


@record
class Foe:
    """A monster or NPC as its profile gives it: HD, HP, AC, WS, I (its initiative modifier) and
    Gts; `by_weight` when its AC comes of heavy armour (Crushing weapons count it as 5).
    `out` is "" while it fights, "down" at 0 HP, "fled" after a failed Guts roll."""

    id: str
    name: str
    hd: int
    hp: int
    max_hp: int
    ac: int
    ws: int
    init: int = 0
    guts: int = 7
    by_weight: bool = True
    out: str = ""

    @property
    def standing(self) -> bool:
        return not self.out


@record
class Crit:
    """A critical hit thrown and shown, waiting for the attacker's choice: double damage, or the
    damage and a bonus (a trip, a disarm...). The damage is kept, never thrown again."""

    attacker: str
    target: str
    damage: int
    times: int = 1
    shown: tuple[str, ...] = ()


@record
class Fight(HoldsFoes[Foe]):
    """A fight under way. `round` counts from 1 once initiative is first rolled; `order` is this
    round's, best first, with each total in `rolls`; `at` is whose turn it is in it. `options`,
    this round's fighting options; `conditions` and `bleeding` (failed saves), by combatant;
    `heavy`, who last attacked with a Heavy weapon; `finesse`, who took this round's option with a
    Finesse weapon in hand; `mustered`, how many foes began the fight; `free_round`, the side that had
    the drop on the other ("party", "foes", "" for neither), which alone acts in round 1; `stood`,
    who spent this turn standing up."""

    foes: tuple[Foe, ...] = ()
    round: int = 0
    order: tuple[str, ...] = ()
    rolls: dict[str, int] = attrs.field(factory=dict)
    at: int = 0
    options: dict[str, str] = attrs.field(factory=dict)
    conditions: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    bleeding: dict[str, int] = attrs.field(factory=dict)
    heavy: tuple[str, ...] = ()
    mustered: int = 0
    crit: Crit | None = None
    finesse: tuple[str, ...] = ()
    free_round: str = ""
    stood: str = ""
    """Who stood up from Floored in the turn under way: "Takes a full action to stand up"."""
    fumble: tuple[str, ...] = ()
    """The last attack's fumble, (who fumbled, their target), whose answer is "a free attack by their target"."""

    @property
    def acting(self) -> str:
        """Whose turn it is ("" before the first initiative and once the round is done)."""
        return self.order[self.at] if self.round and self.at < len(self.order) else ""

    def held(self, who: str) -> tuple[str, ...]:
        return self.conditions.get(who, ())


@record
class Fights:
    """The fight under way (None between fights); between fights, the conditions a wound taken out
    of one holds into the next (`held`, by character) and the failed saves of those Bleeding Out
    (`bleeding`)."""

    fight: Fight | None = None
    held: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    bleeding: dict[str, int] = attrs.field(factory=dict)


EMPTY = Fights()


def new_slice(ruleset: Ruleset, party: tuple[Character, ...]) -> Fights:
    """A new session starts between fights."""
    return EMPTY


def rules_of(ruleset: Ruleset) -> IndividualInitiative:
    rules: IndividualInitiative | None = ruleset.individual_initiative
    if rules is None:
        raise ValueError(f"{ruleset.name} has no [individual_initiative] section")
    return rules


def fights(state: State) -> Fights:
    return slice_of(state, NAME, EMPTY)


def fighting(state: State) -> Fight | None:
    return fights(state).fight


def with_fights(state: State, **changes: Any) -> State:
    return state.with_slice(NAME, attrs.evolve(fights(state), **changes))


def with_condition(fight: Fight, who: str, condition: str, on: bool) -> Fight:
    """The fight with a condition put on or taken off a combatant (off Bleeding Out, its failed
    saves go too)."""
    held = tuple(c for c in fight.held(who) if c != condition) + ((condition,) if on else ())
    bleeding = (
        fight.bleeding if condition != "bleeding_out" or on else {k: v for k, v in fight.bleeding.items() if k != who}
    )
    return attrs.evolve(fight, conditions={**fight.conditions, who: held}, bleeding=bleeding)


def held(state: State, who: str) -> tuple[str, ...]:
    """The conditions a character holds now: in the fight under way, or between fights."""
    fight = fighting(state)
    return fight.held(who) if fight is not None else fights(state).held.get(who, ())


def failed_saves(state: State, who: str) -> int:
    """The failed saves of one Bleeding Out, in the fight under way or between fights."""
    fight = fighting(state)
    return (fight.bleeding if fight is not None else fights(state).bleeding).get(who, 0)


def _without(kept: dict[str, Any], who: str) -> dict[str, Any]:
    return {k: v for k, v in kept.items() if k != who}


def with_held(state: State, who: str, condition: str, on: bool) -> State:
    """A condition put on or taken off, in the fight under way or between fights (off Bleeding
    Out, its failed saves go too)."""
    fight = fighting(state)
    if fight is not None:
        return with_fights(state, fight=with_condition(fight, who, condition, on))
    kept = fights(state)
    now = tuple(c for c in kept.held.get(who, ()) if c != condition) + ((condition,) if on else ())
    bleeding = kept.bleeding if condition != "bleeding_out" or on else _without(kept.bleeding, who)
    return with_fights(state, held={**_without(kept.held, who), **({who: now} if now else {})}, bleeding=bleeding)


def with_failed_saves(state: State, who: str, failures: int) -> State:
    fight = fighting(state)
    if fight is not None:
        return with_fights(state, fight=attrs.evolve(fight, bleeding={**fight.bleeding, who: failures}))
    return with_fights(state, bleeding={**fights(state).bleeding, who: failures})


def held_between(state: State) -> dict[str, tuple[str, ...]]:
    """Who holds a wound's conditions between fights, for the next fight to take up."""
    return fights(state).held


def between_done(state: State) -> State:
    """The conditions held between fights, taken up by a fight begun now."""
    return with_fights(state, held={}, bleeding={})


def on_wound(state: State, ctx: Any, action: Any, heard: WoundTaken) -> tuple[State, list[Any]]:
    """A character wounded is "immediately Stunned or Helpless depending on the type of wound":
    in a fight under way the wound's conditions are put on them; out of one, those that outlast
    the moment (`lasting`: Helpless, Bleeding Out) are held into the next fight, Bleeding Out
    asking its save every round. A hireling (not in the order) holds nothing."""
    who = heard.character_id
    conditions = heard.conditions
    if who not in {m.id for m in state.party}:
        return state, []
    fight = fighting(state)
    if fight is not None:
        for condition in conditions:
            fight = with_condition(fight, who, condition, True)
        return with_fights(state, fight=fight), []
    own = rules_of(ctx.ruleset)
    lasting = [c for c in conditions if c in own.lasting]
    for condition in lasting:
        state = with_held(state, who, condition, True)
    if not lasting:
        return state, []
    name, names = name_of(state, who), " and ".join(CONDITION_NAMES[c] for c in lasting)
    then = (
        f": a {own.bleeding_out.stat} save every round until stabilised (b)."
        if "bleeding_out" in lasting
        else " into the next fight (b)."
    )
    return state, [note(action, f"{name} stays {names}{then}", level="warn")]


def on_wounds_healed(state: State, ctx: Any, action: Any, heard: WoundsHealed) -> tuple[State, list[Any]]:
    """The wounds healed take the conditions they held between fights with them."""
    kept = fights(state)
    held_now = {k: v for k, v in kept.held.items() if k not in heard.character_ids}
    bleeding = {k: v for k, v in kept.bleeding.items() if k not in heard.character_ids}
    return with_fights(state, held=held_now, bleeding=bleeding), []


def name_of(state: State, who: str) -> str:
    """A character's or foe's name; the id itself for one no longer known."""
    fight = fighting(state)
    if fight is not None:
        for foe in fight.foes:
            if foe.id == who:
                return foe.name
    known = {m.id: m.name for m in (*state.party, *(g.character for g in state.graveyard))}
    return known.get(who, who)


def problems(kept: Fights, state: State) -> list[str]:
    """Foes with their own ids and HP they can have; everyone named by the fight in it; the
    conditions and fighting options the rules know."""
    party = {m.id for m in (*state.party, *(g.character for g in state.graveyard))}
    found: list[str] = [f"held: no character {who!r}" for who in sorted({*kept.held, *kept.bleeding} - party)]
    for who, conditions in kept.held.items():
        found += [f"held.{who}: no condition {c!r}" for c in conditions if c not in CONDITIONS]
    fight = kept.fight
    if fight is None:
        return found
    ids = [f.id for f in fight.foes]
    if len(set(ids)) != len(ids):
        found.append("fight.foes: two foes share an id")
    for i, foe in enumerate(fight.foes):
        if foe.max_hp < 1 or not 0 <= foe.hp <= foe.max_hp:
            found.append(f"fight.foes[{i}].hp: {foe.hp} of {foe.max_hp} is not possible")
        if foe.out not in ("", "down", "fled"):
            found.append(f"fight.foes[{i}].out: {foe.out!r} is not down or fled")
    everyone = party | set(ids)
    named = {
        *fight.order,
        *fight.rolls,
        *fight.options,
        *fight.conditions,
        *fight.bleeding,
        *fight.heavy,
        *fight.finesse,
        *([fight.stood] if fight.stood else []),
        *fight.fumble,
    }
    found += [f"fight: no character or foe {who!r}" for who in sorted(named - everyone)]
    for who, held in fight.conditions.items():
        found += [f"fight.conditions.{who}: no condition {c!r}" for c in held if c not in CONDITIONS]
    found += [
        f"fight.options.{who}: {o!r} is not one of {', '.join(OPTIONS)}"
        for who, o in fight.options.items()
        if o and o not in OPTIONS
    ]
    if fight.free_round not in ("", "party", "foes"):
        found.append(f"fight.free_round: {fight.free_round!r} is not party or foes")
    if not 0 <= fight.at <= len(fight.order):
        found.append(f"fight.at: {fight.at} is beyond the order of {len(fight.order)}")
    return found


def on_buried(state: State, ctx: Any, action: Any, heard: Buried) -> tuple[State, list[Any]]:
    """The buried leave the fight: out of the order (whose turn it is stays with whoever has it, or
    passes to the next), their roll, option and conditions gone."""
    character_id = heard.character_id
    fight = fighting(state)
    if fight is None:
        kept = fights(state)
        return with_fights(
            state, held=_without(kept.held, character_id), bleeding=_without(kept.bleeding, character_id)
        ), []
    order = tuple(w for w in fight.order if w != character_id)
    at = fight.at - (1 if character_id in fight.order[: fight.at] else 0)

    def drop(kept: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in kept.items() if k != character_id}

    gone = attrs.evolve(
        fight,
        order=order,
        at=at,
        rolls=drop(fight.rolls),
        options=drop(fight.options),
        conditions=drop(fight.conditions),
        bleeding=drop(fight.bleeding),
        heavy=tuple(w for w in fight.heavy if w != character_id),
        finesse=tuple(w for w in fight.finesse if w != character_id),
        stood="" if fight.stood == character_id else fight.stood,
        fumble=() if character_id in fight.fumble else fight.fumble,
    )
    return with_fights(state, fight=gone), []


def whose_turn(state: State, ruleset: Ruleset) -> str:
    """Where the fight stands, for the player view: `Round 2: Darla's turn`."""
    fight = fighting(state)
    if fight is None:
        return ""
    if not fight.round:
        return "Initiative"
    if not fight.acting:
        return f"Round {fight.round} is over: initiative"
    return f"Round {fight.round}: {name_of(state, fight.acting)}'s turn"


class _Session:
    """Individual initiative, as the session asks of it."""

    slice_type = Fights
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = None
    hears = (Hears(WoundTaken, on_wound), Hears(WoundsHealed, on_wounds_healed), Hears(Buried, on_buried))
    fighting = staticmethod(fighting)
    whose_turn = staticmethod(whose_turn)
    fight_foes = None
    clocks = ()


SESSION: FightProcedure = _Session()
