"""What the 'Smith does with the exploration die: take a turn and roll it, change the pace, and
keep the referee's ticking clocks.

A turn is the text's: "the amount of time it takes to perform a significant dungeon exploration
task such as picking a lock, breaking down a door, or searching a a reasonably sized room ... Roll
the exploration die every turn". The clock moves one turn, then the face is applied (and so for
each turn another action takes: `turns_passed`): an encounter is rolled here (surprise and
reaction), a sign is left to the referee, and the light and the characters are told the rest
through `signal`; Magic Dissipates also ticks the clocks down here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from hammertui.kernel.rules.dice import roll as roll_dice
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.ruleset.classes import dice_range
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.actions import spend_time
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import (
    Buried,
    Dismissed,
    ExplorationResult,
    Hears,
    TurnsPassed,
    light_level,
    signal,
)
from hammertui.kernel.session.state import State, free_id
from hammertui.procedures.exploration_die.rules import (
    CAREFUL,
    HOOFING_IT,
    PACE_NAMES,
    charisma_applies,
    reaction_for,
    result_for,
    surprise,
    surprise_chances,
)
from hammertui.procedures.exploration_die.schema import ExplorationDieRules
from hammertui.procedures.exploration_die.state import (
    KEPT,
    NAME,
    Encounter,
    ExplorationDie,
    TickingClock,
    TurnRoll,
    die_of,
    held_surprise,
    new_slice,
    problems,
    rules_problems,
    spokesman,
    surprise_odds,
)

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import ExploreProcedure

SIGNALLED = frozenset({"torches_depleted", "lantern_pip", "magic_dissipates", "tired"})
"""Results another procedure answers (the light, the characters), told as an `ExplorationResult`."""
SIGN = "A sign for the referee: something of the area revealed, or the tracks of an encounter to follow to its lair."
SURPRISE_WORDS = {
    "party": "The party is surprised: the foes have a free round (theirs to hold until blows come).",
    "foes": "The foes are surprised: the party has the drop on them, a free round it may hold until blows come.",
    "both": "Both sides are surprised: everyone stands shocked for a moment; the surprise is canceled.",
    "none": "No one is surprised.",
}


def rules_of(ruleset: Ruleset) -> ExplorationDieRules:
    if ruleset.exploration_die is None:
        raise Refused(f"{ruleset.name} has no exploration die")
    return ruleset.exploration_die


@record
class TakeTurn:
    """A turn: the party does something (`doing`: move, search, pick a lock...), the clock moves one
    turn and the exploration die is rolled in the open, or its `face` typed in as rolled at the
    table (0: roll it here). An encounter's foe may be very sneaky, or met through a newly opened
    door; `spokesman` is the id of who speaks for the party, kept as the next turn's."""

    label: ClassVar[str] = "turn"
    doing: str = ""
    face: int = 0
    spokesman: str = ""
    sneaky_foe: bool = False
    through_door: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        rules = rules_of(ctx.ruleset)
        face, dice = self._face(rules)
        if self.spokesman:
            state = with_spokesman(state, self.spokesman)
        moved, passed = spend_time(state, 1, ctx, self)
        turn = Turn(moved.clock.units, self.doing, face, dice, self.sneaky_foe, self.through_door)
        rolled, said = roll_turn(moved, ctx, self, turn)
        return rolled, [said[0], *passed, *said[1:]]

    def _face(self, rules: ExplorationDieRules) -> tuple[int, tuple[str, ...]]:
        """The face typed in, if the die can show it (0: the die is rolled with the turn)."""
        if self.face == 0:
            return 0, ()
        low, high = dice_range(rules.die)
        if not low <= self.face <= high:
            raise Refused(f"the exploration die ({rules.die}) shows {low} to {high}, not {self.face}")
        return self.face, (f"exploration die {rules.die} rolled at the table: {self.face}",)


def with_spokesman(state: State, character_id: str) -> State:
    """Who speaks for the party from now on: one of the living."""
    try:
        member = state.character(character_id)
    except KeyError:
        raise Refused(f"no character {character_id!r} to speak for the party") from None
    if not member.alive:
        raise Refused(f"{member.name} is dead and speaks for no one")
    return state.with_slice(NAME, attrs.evolve(die_of(state), spokesman=character_id))


@record
class Turn:
    """What a turn rolls with: its number on the clock, what the party did, the face typed in (0:
    rolled here, with no `dice` words yet), and how an encounter would be met."""

    number: int
    doing: str
    face: int = 0
    dice: tuple[str, ...] = ()
    sneaky_foe: bool = False
    through_door: bool = False


def roll_turn(state: State, ctx: Context, action: Action, turn: Turn) -> Result:
    """The die of the turn the clock has just reached: its face applied (an encounter rolled here, a
    sign left to the referee, the rest signalled to the light and the characters) and kept."""
    rules = rules_of(ctx.ruleset)
    face, dice = turn.face, turn.dice
    if face == 0:
        thrown = roll_dice(ctx.dice, rules.die)
        face, dice = thrown.total, (f"exploration die {thrown.describe()}",)
    row = result_for(rules, face)
    number = turn.number
    doing = f": {turn.doing}" if turn.doing else ""
    said = [note(action, f"Turn {number}{doing}. The exploration die shows {face}, {row.name}.", dice)]
    encounter = None
    if row.id == "encounter":
        encounter, met = _encounter(state, ctx, action, rules, turn)
        said += met
    elif row.id == "sign":
        said.append(note(action, SIGN))
    die = die_of(state)
    rolled = TurnRoll(number, face, row.id, turn.doing, turn.face != 0, encounter)
    new = state.with_slice(NAME, attrs.evolve(die, turns=die.turns + 1, rolls=(*die.rolls, rolled)[-KEPT:]))
    if row.id == "magic_dissipates":
        new, ticked = tick_clocks(new, action)
        said += ticked
    if row.id in SIGNALLED:
        new, answered = signal(new, ctx, action, ExplorationResult(row.id))
        said += answered
    return new, said


def on_turns_passed(state: State, ctx: Context, action: Action, heard: TurnsPassed) -> Result:
    """Every turn rolls the die, whoever takes it: turns another action took (a lantern refilled, a
    Ration shared, a fight's end) each roll the die as the text has it, "Roll the exploration die
    every turn", the action's name beside it; a turn of the die's own is rolled by it."""
    if isinstance(action, TakeTurn):
        return state, []
    events: list[Event] = []
    for number in range(state.clock.units - heard.units + 1, state.clock.units + 1):
        state, said = roll_turn(state, ctx, action, Turn(number, action.label))
        events += said
    return state, events


def on_buried(state: State, ctx: Context, action: Action, heard: Buried) -> Result:
    """The buried speak for no one: the next spokesman is the Leader or the first standing."""
    die = die_of(state)
    if die.spokesman != heard.character_id:
        return state, []
    return state.with_slice(NAME, attrs.evolve(die, spokesman="")), []


def on_dismissed(state: State, ctx: Context, action: Action, heard: Dismissed) -> Result:
    """One who leaves the party speaks for it no more, as the buried do not."""
    return on_buried(state, ctx, action, Buried(heard.member.id))


def _encounter(
    state: State, ctx: Context, action: Action, rules: ExplorationDieRules, turn: Turn
) -> tuple[Encounter, list[Event]]:
    """Surprise for both sides by the light and the pace, then the reaction roll, with the
    spokesman's modifier when the meeting allows it."""
    light = light_level(state, ctx.ruleset)
    chances = surprise_chances(rules.surprise, light, die_of(state).pace, turn.sneaky_foe, turn.through_door)
    party_roll = roll_dice(ctx.dice, rules.surprise.die)
    foes_roll = roll_dice(ctx.dice, rules.surprise.die)
    outcome = surprise(chances, party_roll.total, foes_roll.total)
    surprise_dice = (
        f"party surprised on {chances.party} in 6, {party_roll.describe()}",
        f"foes surprised on {chances.foes} in 6, {foes_roll.describe()}",
    )
    said = [note(action, f"Random encounter ({light}). {SURPRISE_WORDS[outcome.who]}", surprise_dice, level="warn")]
    speaker = spokesman(state) if charisma_applies(outcome) else None
    stat = rules.reaction.stat
    modifier = ctx.ruleset.stat_mod(speaker.stats[stat]) if speaker is not None else 0
    thrown = roll_dice(ctx.dice, rules.reaction.dice)
    total = thrown.total + modifier
    reaction = reaction_for(rules.reaction, total)
    by = (
        f" + {speaker.name}'s {stat} {modifier:+d}"
        if speaker is not None
        else f" (no {stat}: they caught the party unaware)"
    )
    said.append(note(action, f"Reaction: {reaction} ({total}).", (f"reaction {thrown.describe()}{by}",)))
    name = speaker.name if speaker is not None else ""
    return Encounter(outcome.who, outcome.free_round, reaction, total, name, modifier), said


def tick_clocks(state: State, action: Action) -> Result:
    """Each clock still running loses a mark; one that reaches none is called out."""
    die = die_of(state)
    events = []
    ticked = []
    for clock in die.clocks:
        if clock.marks == 0:
            ticked.append(clock)
            continue
        left = attrs.evolve(clock, marks=clock.marks - 1)
        ticked.append(left)
        if left.marks == 0:
            events.append(note(action, f"{clock.name}: the clock has run out.", level="warn"))
        else:
            events.append(note(action, f"{clock.name}: {marks(left.marks)} to go."))
    return state.with_slice(NAME, attrs.evolve(die, clocks=tuple(ticked))), events


def marks(n: int) -> str:
    return f"{n} mark{'' if n == 1 else 's'}"


@record
class TogglePace:
    """Careful, or hoofing it: double speed, but "a 2-in-6 chance of being surprised by foes" and
    "players may not map any new areas"."""

    label: ClassVar[str] = "pace"

    def apply(self, state: State, ctx: Context) -> Result:
        rules = rules_of(ctx.ruleset)
        die = die_of(state)
        pace = CAREFUL if die.pace == HOOFING_IT else HOOFING_IT
        if pace == HOOFING_IT:
            text = (
                f"{PACE_NAMES[pace]}: {rules.hoofing_speed}x speed, surprised on {rules.surprise.hoofing_it} in 6,"
                " no new areas mapped."
            )
        else:
            text = f"{PACE_NAMES[pace]}: checking for traps and mapping as they go."
        return state.with_slice(NAME, attrs.evolve(die, pace=pace)), [note(self, text)]


@record
class AddClock:
    """A referee's ticking clock: `name` ("the ritual") done in `marks` Magic Dissipates results."""

    label: ClassVar[str] = "clock"
    name: str
    marks: int

    def apply(self, state: State, ctx: Context) -> Result:
        if not self.name.strip():
            raise Refused("a clock needs a name")
        if self.marks < 1:
            raise Refused("a clock needs at least 1 mark")
        die = die_of(state)
        clock = TickingClock(free_id("c", {c.id for c in die.clocks}), self.name.strip(), self.marks)
        new = state.with_slice(NAME, attrs.evolve(die, clocks=(*die.clocks, clock)))
        return new, [note(self, f"A clock ticks: {clock.name} in {marks(clock.marks)}.")]


@record
class RemoveClock:
    """Take a clock off the board (done with, or foiled)."""

    label: ClassVar[str] = "clock"
    clock_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        die = die_of(state)
        clock = next((c for c in die.clocks if c.id == self.clock_id), None)
        if clock is None:
            raise Refused(f"no clock {self.clock_id!r}")
        kept = tuple(c for c in die.clocks if c.id != self.clock_id)
        return state.with_slice(NAME, attrs.evolve(die, clocks=kept)), [note(self, f"{clock.name}: clock removed.")]


class _Session:
    """The exploration die, as the session asks of it: assembled here, beside the handlers of the
    signals it hears, which are actions (a turn rolled) and so sit above its state."""

    slice_type = ExplorationDie
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(TurnsPassed, on_turns_passed), Hears(Buried, on_buried), Hears(Dismissed, on_dismissed))
    surprise_odds = staticmethod(surprise_odds)
    held_surprise = staticmethod(held_surprise)
    exploring = None


SESSION: ExploreProcedure = _Session()
