"""HP, wounds and hirelings under the Russell House Rules: damage in a fight and out of one (a trap,
a fall), a night's rest, the day's square meal, a week of downtime, and hirelings hired, hurt and
let go.

A character's HP is on the shared record and their wounds on their sheet in the characters' slice,
so wounds outlast a fight; a hireling keeps both on their own sheet there (`Hand`). Every blow, the
fight's included, lands through `hurt`: past 0 HP it is a wound rolled on the wound table, the fight
procedure is told of it (`WoundTaken`, for the conditions it holds in a fight under way), and a second
wound kills. A dead character waits for their epitaph; a dead hireling is struck off.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.actions import member_of, person_name
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import WoundsHealed, WoundTaken, signal
from hammertui.kernel.session.state import Hireling, State, free_id, replace_member
from hammertui.kernel.session.vitals import settle
from hammertui.procedures.individual_initiative import rules as fight_rules
from hammertui.procedures.individual_initiative.schema import IndividualInitiative
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.rules import vitals as rules
from hammertui.procedures.russell_characters.schema import Recovery, RussellHirelings


def wound_rules(ruleset: Ruleset) -> IndividualInitiative:
    """The wound table is the fight's ("the following chart as a default"), for every wound."""
    if ruleset.individual_initiative is None:
        raise Refused(f"{ruleset.name} has no wound table ([individual_initiative] wounds).")
    return ruleset.individual_initiative


def recovery_rules(ruleset: Ruleset) -> Recovery:
    own = people.section(ruleset).recovery
    if own is None:
        raise Refused(f"{ruleset.name} says nothing of recovering HP ([russell_characters.recovery]).")
    return own


def hiring_rules(ruleset: Ruleset) -> RussellHirelings:
    own = people.section(ruleset).hirelings
    if own is None:
        raise Refused(f"{ruleset.name} hires no one ([russell_characters.hirelings]).")
    return own


def is_hireling(state: State, who: str) -> bool:
    return people.hand(state, who) is not None


def _hand(state: State, who: str) -> people.Hand:
    sheet = people.hand(state, who)
    if sheet is None:
        raise Refused(f"No hireling {who!r}.")
    return sheet


def name_of(state: State, who: str) -> str:
    return state.hireling(who).name if is_hireling(state, who) else member_of(state, who).name


def hp_of(state: State, who: str) -> tuple[int, int]:
    """HP and max HP of a character or a hireling."""
    if is_hireling(state, who):
        sheet = _hand(state, who)
        return sheet.hp, sheet.max_hp
    member = member_of(state, who)
    return member.hp, member.max_hp


def wounds_of(state: State, ruleset: Ruleset, who: str) -> tuple[str, ...]:
    """The wounds a character or hireling carries, by name."""
    if is_hireling(state, who):
        return _hand(state, who).wounds
    return people.person(state, ruleset, who).wounds


def level_of(state: State, ruleset: Ruleset, who: str) -> int:
    return hiring_rules(ruleset).level if is_hireling(state, who) else member_of(state, who).level


def _with_hp(state: State, who: str, hp: int) -> State:
    if is_hireling(state, who):
        return people.with_hand(state, who, attrs.evolve(_hand(state, who), hp=hp))
    return attrs.evolve(state, party=replace_member(state.party, attrs.evolve(member_of(state, who), hp=hp)))


def _with_wounds(state: State, ruleset: Ruleset, who: str, wounds: tuple[str, ...]) -> State:
    if is_hireling(state, who):
        return people.with_hand(state, who, attrs.evolve(_hand(state, who), wounds=wounds))
    return people.with_person(state, who, attrs.evolve(people.person(state, ruleset, who), wounds=wounds))


def hurt(state: State, ctx: Context, action: Action, who: str, amount: int, helpless: bool = False) -> Result:
    """A blow of `amount` on a character or hireling: HP lost; at 0 HP (or Helpless) a wound instead.
    "When a character reaches zero HP, any additional hits will cause wounds." """
    hp, most = hp_of(state, who)
    harm = fight_rules.harm(hp, amount, helpless)
    if harm.wound:
        return _wound(state, ctx, action, who)
    state = _with_hp(state, who, harm.hp)
    left = " — at 0 HP: another hit is a wound." if harm.hp == 0 else "."
    return state, [
        note(action, f"{name_of(state, who)} is at {harm.hp}/{most} HP{left}", level="warn" if harm.hp == 0 else "info")
    ]


def _wound(state: State, ctx: Context, action: Action, who: str) -> Result:
    """ "take a wound and are immediately Stunned or Helpless"; "a second wound will kill"."""
    own = wound_rules(ctx.ruleset)
    thrown = roll(ctx.dice, own.wound_die)
    row = fight_rules.wound_for(own.wounds, thrown.total)
    taken = (*wounds_of(state, ctx.ruleset, who), row.name)
    name = name_of(state, who)
    state = _with_wounds(state, ctx.ruleset, who, taken)
    if fight_rules.wound_kills(len(taken), own.wounds_kill):
        head = note(action, f"{name} takes a second wound ({row.name}).", (thrown.describe(),), level="warn")
        state, events = _killed(state, action, who, f"a second wound: {row.name}")
        return state, [head, *events]
    held = ", ".join(fight_rules.CONDITION_NAMES[c] for c in row.conditions)
    state, told = signal(state, ctx, action, WoundTaken(who, row.conditions))
    return state, [
        note(action, f"{name} takes a wound: {row.name} ({held}).", (thrown.describe(),), level="warn"),
        *told,
    ]


def _killed(state: State, action: Action, who: str, cause: str) -> tuple[State, list[Event]]:
    """A character dies and waits for their epitaph; a hireling is struck off."""
    if not is_hireling(state, who):
        member = member_of(state, who)
        return settle(state, member, attrs.evolve(member, status="dead"), cause, action)
    hired = state.hireling(who)
    state = people.with_hand(attrs.evolve(state, hirelings=tuple(h for h in state.hirelings if h.id != who)), who, None)
    return state, [note(action, f"{hired.name} the hireling is dead ({cause}).", level="warn")]


def _standing(state: State, who: str) -> str:
    """The name of a living character or a hireling, or a refusal."""
    if is_hireling(state, who):
        return state.hireling(who).name
    member = member_of(state, who)
    if not member.alive:
        raise Refused(f"{member.name} is dead.")
    return member.name


def everyone(state: State) -> tuple[str, ...]:
    """The living characters, then the hirelings with a sheet here."""
    return (*(m.id for m in state.living), *(h.id for h in state.hirelings if is_hireling(state, h.id)))


@record
class Damage:
    """Damage outside the fight's blows (a trap, a fall): HP lost, and past 0 HP a wound on the
    table; "A second wound will kill a character"."""

    who: str
    amount: int
    source: str = ""
    label: ClassVar[str] = "damage"

    def apply(self, state: State, ctx: Context) -> Result:
        name = _standing(state, self.who)
        if self.amount < 1:
            raise Refused("Damage is 1 or more.")
        source = f" from {self.source.strip()}" if self.source.strip() else ""
        state, events = hurt(state, ctx, self, self.who, self.amount)
        return state, [note(self, f"{name} takes {self.amount} damage{source}."), *events]


def _recover(state: State, ctx: Context, who: str, notation: str) -> tuple[State, str, str]:
    """1d6+level HP back, never past the maximum: the state, the words and the die shown."""
    thrown = roll(ctx.dice, notation)
    level = level_of(state, ctx.ruleset, who)
    hp, most = hp_of(state, who)
    after = rules.recovered(hp, most, thrown.total + level)
    words = f"{name_of(state, who)} recovers {thrown.total}+{level} ({after}/{most})"
    return _with_hp(state, who, after), words, f"{name_of(state, who)}: {thrown.describe()} + level {level}"


def _rested(state: State, ruleset: Ruleset, who: str) -> State:
    """Every Tired pip erased."""
    if is_hireling(state, who):
        return people.with_hand(state, who, attrs.evolve(_hand(state, who), tired=0))
    return people.with_person(state, who, attrs.evolve(people.person(state, ruleset, who), tired=0))


def _tired(state: State, ruleset: Ruleset, who: str) -> int:
    return _hand(state, who).tired if is_hireling(state, who) else people.person(state, ruleset, who).tired


def _has_blanket(state: State, ruleset: Ruleset, who: str) -> bool:
    """A hireling brings their own; a character needs the kit's Blanket."""
    if is_hireling(state, who):
        return True
    return people.gear_of(people.person(state, ruleset, who), recovery_rules(ruleset).blanket) is not None


@record
class NightsRest:
    """A night's sleep: "A full night's rest (no watch shifts) with a a cover of some kind ... and a
    warm-enough blanket recovers all HP. If you don't have a comfortable place or have to wake up in
    the night, only recover 1d6+level HP." Every Tired pip is erased; the clock is the 'Smith's."""

    sheltered: bool
    whole_night: bool
    label: ClassVar[str] = "rest"

    def apply(self, state: State, ctx: Context) -> Result:
        own = recovery_rules(ctx.ruleset)
        sleepers = everyone(state)
        hurting = [w for w in sleepers if hp_of(state, w)[0] < hp_of(state, w)[1]]
        if not hurting and not any(_tired(state, ctx.ruleset, w) for w in sleepers):
            raise Refused("No one is hurt or Tired.")
        said, shown = [], []
        for who in hurting:
            if rules.full_night(self.sheltered, self.whole_night, _has_blanket(state, ctx.ruleset, who)):
                most = hp_of(state, who)[1]
                state = _with_hp(state, who, most)
                said.append(f"{name_of(state, who)} recovers all HP ({most}/{most})")
                continue
            state, words, die = _recover(state, ctx, who, own.rough_night)
            lacks = (
                ""
                if _has_blanket(state, ctx.ruleset, who) or not (self.sheltered and self.whole_night)
                else " (no Blanket)"
            )
            said.append(words + lacks)
            shown.append(die)
        for who in sleepers:
            state = _rested(state, ctx.ruleset, who)
        how = (
            "under cover, no watch shifts"
            if self.sheltered and self.whole_night
            else "without cover"
            if not self.sheltered
            else "woken in the night"
        )
        return state, [
            note(self, f"A night's rest ({how}): {'; '.join([*said, 'every Tired pip erased'])}.", tuple(shown))
        ]


def _eat(state: State, ctx: Context, who: str) -> tuple[State, str, tuple[str, ...]]:
    """A character eats a Ration of their own; a hireling, one of their employer's. The words, and
    the Rations' usage die shown."""
    if not is_hireling(state, who):
        return people.eat_ration(state, ctx, member_of(state, who))
    hired = state.hireling(who)
    employer = next((m for m in state.living if m.id == hired.employer), None)
    if employer is None:
        raise Refused(f"{hired.name} has no employer to feed them.")
    return people.eat_ration(state, ctx, employer)


def _fed(state: State, ruleset: Ruleset, who: str, day: int) -> State:
    if is_hireling(state, who):
        return people.with_hand(state, who, attrs.evolve(_hand(state, who), fed=day))
    return people.with_person(state, who, attrs.evolve(people.person(state, ruleset, who), fed=day))


def fed_on(state: State, ruleset: Ruleset, who: str) -> int:
    return _hand(state, who).fed if is_hireling(state, who) else people.person(state, ruleset, who).fed


def today(state: State, ruleset: Ruleset) -> int:
    return rules.day_of(state.clock.units, ruleset.time.minutes_per_unit)


@record
class SquareMeal:
    """ "Once per day, a good square meal (one ration's worth per person) recovers 1d6+level HP.
    Recovered HP cannot go above a character's maximum." """

    eaters: tuple[str, ...]
    label: ClassVar[str] = "rest"

    def apply(self, state: State, ctx: Context) -> Result:
        own = recovery_rules(ctx.ruleset)
        eaters = tuple(dict.fromkeys(self.eaters))
        if not eaters:
            raise Refused("No one is hurt and has not had today's square meal.")
        day = today(state, ctx.ruleset)
        for who in eaters:
            name = _standing(state, who)
            if fed_on(state, ctx.ruleset, who) == day:
                raise Refused(f"{name} has had today's square meal: once per day.")
        said, shown = [], []
        for who in eaters:
            state, ate, rations = _eat(state, ctx, who)
            state = _fed(state, ctx.ruleset, who, day)
            state, words, die = _recover(state, ctx, who, own.meal)
            said += [words, ate]
            shown += [*rations, die]
        return state, [note(self, f"A square meal, a Ration each: {'; '.join(said)}.", tuple(shown))]


@record
class WeekOfDowntime:
    """ "most wounds can be assumed to heal with one week of downtime with appropriate care": every
    wound healed (the conditions it holds between fights with it, `WoundsHealed`), all HP back
    and every Tired pip erased; the clock is the 'Smith's."""

    label: ClassVar[str] = "heal"

    def apply(self, state: State, ctx: Context) -> Result:
        resting = everyone(state)
        wounded = [w for w in resting if wounds_of(state, ctx.ruleset, w)]
        hurting = [w for w in resting if hp_of(state, w)[0] < hp_of(state, w)[1]]
        if not wounded and not hurting and not any(_tired(state, ctx.ruleset, w) for w in resting):
            raise Refused("No one has a wound, lost HP or a Tired pip to rest off.")
        healed = [f"{name_of(state, w)}'s {', '.join(wounds_of(state, ctx.ruleset, w))}" for w in wounded]
        for who in resting:
            state = _rested(
                _with_wounds(_with_hp(state, who, hp_of(state, who)[1]), ctx.ruleset, who, ()), ctx.ruleset, who
            )
        state, told = signal(state, ctx, self, WoundsHealed(tuple(wounded)))
        heal = f" {'; '.join(healed)} heal{'s' if len(healed) == 1 else ''}." if healed else ""
        return state, [note(self, f"A week of downtime with care: everyone is at full HP and rested.{heal}"), *told]


def guts_of(state: State, ruleset: Ruleset, hireling_id: str) -> tuple[int, int] | None:
    """A hireling's Guts and the employer's modifier in it, as the fight's Guts roll reckons them
    ("a Guts of 7", "modified by their employer's Charisma"); None without a fight's Guts."""
    fight = ruleset.individual_initiative
    if fight is None:
        return None
    hired = state.hireling(hireling_id)
    employer = next((m for m in state.party if m.id == hired.employer), None)
    mod = ruleset.stat_mod(employer.stats.as_dict()[fight.guts.employer_stat]) if employer else 0
    return fight_rules.hireling_guts(fight.guts.hireling, mod), mod


def retained(state: State, employer_id: str) -> int:
    return sum(1 for h in state.hirelings if h.employer == employer_id and is_hireling(state, h.id))


def retain_most(state: State, ruleset: Ruleset, employer_id: str) -> int:
    own = hiring_rules(ruleset)
    mod = ruleset.stat_mod(member_of(state, employer_id).stats.as_dict()[own.retain_stat])
    return rules.retain_most(own.retain, mod, own.least)


@record
class Hire:
    """A hireling retained by a character: their HP (a d6 Hit Die), Guts 7 and wage as agreed.
    "Each character can retain the services of 1 hireling plus a number equal to their charisma
    modifier, with a minimum of 1." """

    name: str
    job: str
    employer: str
    wage: str = ""
    label: ClassVar[str] = "hire"

    def apply(self, state: State, ctx: Context) -> Result:
        own = hiring_rules(ctx.ruleset)
        name = person_name(self.name, "A hireling needs a name.")
        boss = _standing(state, self.employer)
        most = retain_most(state, ctx.ruleset, self.employer)
        if retained(state, self.employer) >= most:
            raise Refused(
                f"{boss} retains {most} hireling{'s' if most != 1 else ''} at most"
                f" (1 plus the {own.retain_stat} modifier, at least {own.least})."
            )
        thrown = roll(ctx.dice, own.hit_die)
        hp = max(1, thrown.total)
        job = " ".join(self.job.split()) or "hireling"
        hired = Hireling(free_id("h", {h.id for h in state.hirelings}), name, job, 0, self.employer)
        state = attrs.evolve(state, hirelings=(*state.hirelings, hired))
        state = people.with_hand(state, hired.id, people.Hand(hp, hp, wage=self.wage.strip()))
        guts = guts_of(state, ctx.ruleset, hired.id)
        said = f", Guts {guts[0]}" if guts else ""
        wage = f" for {self.wage.strip()}" if self.wage.strip() else ""
        return state, [note(self, f"{boss} hires {name}, {job}{wage}: HP {hp}{said}.", (thrown.describe(),))]


@record
class LetGo:
    """A hireling's service ends: paid off, or gone."""

    hireling_id: str
    label: ClassVar[str] = "hire"

    def apply(self, state: State, ctx: Context) -> Result:
        _hand(state, self.hireling_id)
        hired = state.hireling(self.hireling_id)
        state = attrs.evolve(state, hirelings=tuple(h for h in state.hirelings if h.id != hired.id))
        return people.with_hand(state, hired.id, None), [note(self, f"{hired.name} leaves the party's service.")]
