"""The Camp action, one undoable step at a time, in the text's order.

A Camp half done lives in the Camp's slice of the state (`camp_state`), so a restart picks it up at
the step it was on. The steps are the text's: the time (lights burn), the Rations, each character's
free action, each one's chosen camp action, then the 'Smith's encounter roll. The numbers are the
rules' (`rules.camp`); this module turns them into changes to the party and lines in the log, every
die shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from hammertui.kernel.rules.burning import LitSource, burn_all, dark_after
from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.words import listed
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.actions import Action, Context, Refused, Result, member_of, note, spend_time
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import fight_under_way, held_sources
from hammertui.kernel.session.state import (
    Character,
    State,
    replace_member,
)
from hammertui.procedures.divining_pool.actions.explore import start_exploration
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus, resets_risk_reward
from hammertui.procedures.divining_pool.state import divining_pool, exploring, with_pool
from hammertui.procedures.hammercrawl_camp import rules
from hammertui.procedures.hammercrawl_camp.rules import CampCheck, CampChoice, CampDeed, Camper
from hammertui.procedures.hammercrawl_camp.schema import CampRules
from hammertui.procedures.hammercrawl_camp.state import CAMP_STEPS, Camping, CampPlan, camping, last_camp, with_camp
from hammertui.procedures.hammercrawl_classes.actions.advancement import LevelUp
from hammertui.procedures.hammercrawl_classes.rules import damage
from hammertui.procedures.hammercrawl_classes.state import (
    Sheet,
    sheet_changed,
    sheet_of,
    uses_left,
    vitals_of,
    with_sheet,
    with_vitals,
)

FREE_NAMES = {
    "heal": "recover half the lost HP",
    "rememorize": "re-memorize 1 spell",
    "turn_unholy": "regain 1 use of Turn Unholy",
}
"""The free actions as the table says them."""

ACTION_NAMES = {
    "rest": "Rest",
    "rememorize": "Re-memorize",
    "craft_ammo": "Craft Ammo",
    "level_up": "Level Up",
    "stand_watch": "Stand Watch",
    "scout_ahead": "Scout Ahead",
}
"""The camp actions as the text names them."""

PLANNING = ("time", "eat", "free", "actions")
"""The steps during which a character's camp action may still change."""

FREE_PLANNING = ("time", "eat", "free")
"""The steps during which a character's free action may still change."""


# ---------------------------------------------------------------------------------------------
# What the Camp screen reads
# ---------------------------------------------------------------------------------------------


def campers(state: State) -> tuple[Camper, ...]:
    """The living as the camp rules see them; a caster's book is taken to be at hand."""
    return tuple(_camper(state, member) for member in state.living)


def _camper(state: State, member: Character) -> Camper:
    return Camper(
        id=member.id,
        name=member.name,
        class_id=member.class_id,
        level=member.level,
        hp=member.hp,
        max_hp=member.max_hp,
        xp=member.xp,
        rations=sheet_of(state, member.id).rations,
        bedroll=sheet_of(state, member.id).bedroll,
    )


def lit_sources(state: State, ruleset: Ruleset) -> tuple[LitSource, ...]:
    """The burning sources with time left, as the light rules take them."""
    held = held_sources(state, ruleset)
    return tuple(LitSource(s.id, s.kind, s.remaining) for s in held if s.lit and s.remaining > 0)


def _source_names(state: State, ruleset: Ruleset) -> dict[str, str]:
    return {s.id: s.name for s in held_sources(state, ruleset)}


def camp_check(state: State, ruleset: Ruleset) -> CampCheck:
    """Whether the party may camp here and now, and exactly what is missing."""
    return rules.check_camp(ruleset, campers(state), lit_sources(state, ruleset), safe_haven=state.dungeon.safe_haven)


def camp_rules(ruleset: Ruleset) -> CampRules:
    """The ruleset's Camp, or a refusal where it has none."""
    if ruleset.camp is None:
        raise Refused(f"{ruleset.name} has no Camp action")
    return ruleset.camp


def light_lines(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """Each burning source over the camp's time: what it has and when it goes out, if it does."""
    units = camp_rules(ruleset).units
    label = ruleset.time.label
    lines = []
    names = _source_names(state, ruleset)
    for burn in burn_all(lit_sources(state, ruleset), units):
        name = names[burn.id]
        left = burn.burn.remaining + burn.burn.burnt
        if burn.out_after is None:
            lines.append(f"{name}: {label(left)} left, {label(burn.burn.remaining)} after the camp")
        elif burn.out_after < units:
            lines.append(f"{name}: {label(left)} left, goes out {label(burn.out_after)} into the camp")
        else:
            lines.append(f"{name}: {label(left)} left, burns out as the camp ends")
    return tuple(lines)


def eat_lines(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """What each camper will eat: `Darla: 3 Rations -> 2`, or that they go hungry."""
    each = camp_rules(ruleset).rations_each
    lines = []
    for member in _members(state):
        rations = sheet_of(state, member.id).rations
        eaten = min(each, rations)
        hungry = f" (goes hungry: {eaten} of {each})" if eaten < each else ""
        lines.append(f"{member.name}: {rations} Ration{'s' if rations != 1 else ''} -> {rations - eaten}{hungry}")
    return tuple(lines)


def leaving_lines(state: State, ruleset: Ruleset) -> tuple[str, ...]:
    """What this camp leaves for later rooms, and (Book Three) the Risk and Reward dice it will empty."""
    camp = camping(state)
    lines = [f"{_bonus_text(ruleset, b)}: {b.reason}" for b in (camp.bonuses if camp else ())]
    if resets_risk_reward(ruleset, "camp"):
        pool = divining_pool(state)
        lines.append(f"Then the Risk and Reward dice reset to zero (now {pool.risk} Risk, {pool.reward} Reward)")
    return tuple(lines)


@record
class CampRow:
    """One character at camp as the screen lists them: supplies, free action, chosen action.

    `free_text` says what the free action will give, or that there is a choice to make, or why there
    is none; `action_text` the chosen camp action with its check (Scout Ahead: "d20 + 2 against 15").
    `free_options` lists the one chosen at the last camp first, and `free_to_choose` says a choice
    among them is still to make; `last` is all that was chosen at the last camp.
    """

    id: str
    name: str
    class_name: str
    hp: int
    max_hp: int
    rations: int
    bedroll: bool
    free_options: tuple[str, ...]
    free_text: str
    action: str
    action_text: str
    missing: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    free_to_choose: bool = False
    last: CampPlan = CampPlan()


def camp_rows(state: State, ruleset: Ruleset) -> tuple[CampRow, ...]:
    """Every camper (the living, before the camp starts) with what they have, lack and will do."""
    check = camp_check(state, ruleset)
    before = camping(state) is None
    rows = []
    for member in _members(state):
        camper = camper_at_camp(state, ruleset, member)
        plan = planned(state, ruleset, member)
        last = last_camp(state).get(member.id, CampPlan())
        options = _last_first(rules.free_options(ruleset, camper), last.free)
        rows.append(
            CampRow(
                id=member.id,
                name=member.name,
                class_name=ruleset.classes[member.class_id].short_name,
                hp=member.hp,
                max_hp=member.max_hp,
                rations=sheet_of(state, member.id).rations,
                bedroll=sheet_of(state, member.id).bedroll,
                free_options=options,
                free_text=_free_text(ruleset, camper, plan, options),
                action=plan.action,
                action_text=plan_text(plan),
                missing=check.missing.get(member.id, ()) if before else (),
                limits=check.limits.get(member.id, ()),
                free_to_choose=len(options) > 1 and not plan.free,
                last=last,
            )
        )
    return tuple(rows)


def _last_first(options: Sequence[str], last: str) -> tuple[str, ...]:
    """The choices with the one taken last time at their head, so Enter takes it again."""
    return tuple(sorted(options, key=lambda option: option != last))


def _free_text(ruleset: Ruleset, camper: Camper, plan: CampPlan, options: Sequence[str]) -> str:
    """`recovers 2 HP`, `choose: re-memorize 1 spell or recover half the lost HP`, `none: no Bedroll`."""
    chosen = plan.free or (options[0] if len(options) == 1 else "")
    if chosen:
        return free_preview(camper, chosen)
    if options:
        return "choose: " + " or ".join(FREE_NAMES[o] for o in options)
    return f"none: {_no_free(ruleset, camper)}"


def _no_free(ruleset: Ruleset, camper: Camper) -> str:
    """Why a camper has no free action open: a Bedroll where healing needs one, or none in their class."""
    if "heal" in rules.class_of(ruleset, camper).camp_free and camp_rules(ruleset).needs_bedroll and not camper.bedroll:
        return "no Bedroll"
    return "none open to them"


def free_preview(camper: Camper, action: str) -> str:
    """What a free action will give this camper, in the log's words."""
    if action == "heal":
        if not camper.lost:
            return "recover half the lost HP (none lost)"
        return f"recover {rules.heal_half(camper.lost)} HP (half of {camper.lost} lost)"
    return FREE_NAMES[action]


def plan_text(plan: CampPlan) -> str:
    """A chosen camp action as the screen shows it, with Scout Ahead's check and target."""
    if not plan.action:
        return "no action chosen"
    name = ACTION_NAMES.get(plan.action, plan.action)
    if plan.action != "scout_ahead":
        return name
    if plan.scout_success is not None:
        return f"{name}: {'success' if plan.scout_success else 'failure'}, entered"
    return f"{name}: {scout_odds(plan.scout_modifier, plan.scout_target)}"


def scout_odds(modifier: int, target: int) -> str:
    """`d20 + 2 against 15`."""
    sign = "-" if modifier < 0 else "+"
    mod = f" {sign} {abs(modifier)}" if modifier else ""
    return f"d20{mod} against {target}"


@record
class ActionOption:
    """A camp action offered to one character: its id, its name, why it cannot be taken (or ""), and
    whether it was their choice at the last camp."""

    id: str
    name: str
    problem: str = ""
    last: bool = False


def action_options(state: State, ruleset: Ruleset, character_id: str) -> tuple[ActionOption, ...]:
    """Every camp action of the ruleset, each with the reason this character cannot take it, if any;
    the one they took at the last camp comes first.

    Scout Ahead is offered whenever the ruleset has it: its check is asked for when it is chosen.
    """
    camper = camper_at_camp(state, ruleset, member_of(state, character_id))
    last = last_camp(state).get(character_id, CampPlan()).action
    options = []
    for action in _last_first(camp_rules(ruleset).actions, last):
        choice = CampChoice(action=action, scout_success=True if action == "scout_ahead" else None)
        problem = rules.action_problem(ruleset, camper, choice) or ""
        name = ACTION_NAMES.get(action, action)
        options.append(ActionOption(action, name, _without_name(problem, camper.name), action == last))
    return tuple(options)


def _without_name(problem: str, name: str) -> str:
    """`Darla: Rest needs one more Ration` -> `Rest needs one more Ration` for a list about Darla."""
    return problem.removeprefix(f"{name}: ").removeprefix(f"{name} ")


def planned_watchers(state: State) -> int:
    """Those on watch: counted once the actions are done, else as planned."""
    camp = camping(state)
    if camp is None:
        return 0
    if CAMP_STEPS.index(camp.step) > CAMP_STEPS.index("actions"):
        return camp.watchers
    return sum(1 for cid in camp.campers if _plan(state, cid).action == "stand_watch")


def encounter_odds(state: State, ruleset: Ruleset, watchers: int | None = None) -> str:
    """What the encounter roll needs: `1d6 - 1 watcher + level 1: an encounter on 6+ (1 in 6)`."""
    rules_ = camp_rules(ruleset)
    watchers = planned_watchers(state) if watchers is None else watchers
    terms = _encounter_terms(state, ruleset, watchers)
    text = f"{rules_.encounter.dice}{terms}: an encounter on {rules_.encounter.at_least}+"
    chance = rules.encounter_chance(ruleset, watchers, state.dungeon.level)
    return f"{text} ({chance})" if chance else text


def _encounter_terms(state: State, ruleset: Ruleset, watchers: int) -> str:
    """` - 1 watcher + level 1`: what is taken off and added to the encounter die, in words."""
    rules_ = camp_rules(ruleset)
    terms = ""
    if watchers:
        sign = "-" if rules_.stand_watch.encounter_modifier < 0 else "+"
        each = abs(rules_.stand_watch.encounter_modifier)
        times = f" x{each}" if each != 1 else ""
        terms += f" {sign} {watchers} watcher{'s' if watchers != 1 else ''}{times}"
    if rules_.encounter.adds_dungeon_level:
        terms += f" + level {state.dungeon.level}"
    return terms


def camper_at_camp(state: State, ruleset: Ruleset, member: Character) -> Camper:
    """A character as the rules must judge them mid-camp.

    HP lost is what was lost when camp began (the free action and Rest heal halves of that), and
    Rations count what they carried before eating, since the rules' Rest check counts the one eaten.
    The spells and Turn Unholy spent are what a free action could give back.
    """
    camper = attrs.evolve(
        _camper(state, member),
        spells_spent=sheet_of(state, member.id).spells_forgotten,
        turn_unholy_spent=_spent(state, ruleset, member, "turn_unholy"),
    )
    camp = camping(state)
    if camp is None:
        return camper
    lost = camp.lost.get(member.id, camper.lost)
    eaten = camp_rules(ruleset).rations_each if CAMP_STEPS.index(camp.step) > CAMP_STEPS.index("eat") else 0
    return attrs.evolve(camper, hp=max(0, member.max_hp - lost), rations=camper.rations + eaten)


def _spent(state: State, ruleset: Ruleset, member: Character, resource_id: str) -> int:
    """Uses of a class resource spent and not yet regained (none, for a class without it)."""
    class_def = ruleset.classes.get(member.class_id)
    resource = class_def.resource(resource_id) if class_def else None
    return max(0, resource.uses(member.level) - uses_left(state, member.id, resource_id)) if resource else 0


def planned(state: State, ruleset: Ruleset, member: Character) -> CampPlan:
    """A camper's plan as the camp will carry it out: a free action not chosen is the one the rules
    default to (`rules.default_free`: the last camp's, or the one that gives something back)."""
    plan = _plan(state, member.id)
    if plan.free:
        return plan
    last = last_camp(state).get(member.id, CampPlan()).free
    return attrs.evolve(plan, free=rules.default_free(ruleset, camper_at_camp(state, ruleset, member), last) or "")


def _members(state: State) -> tuple[Character, ...]:
    """Who is at camp: the campers recorded when it began (still alive), or the living before it."""
    camp = camping(state)
    if camp is None:
        return state.living
    return tuple(m for m in state.living if m.id in camp.campers)


def _plan(state: State, character_id: str) -> CampPlan:
    camp = camping(state)
    return camp.plans.get(character_id, CampPlan()) if camp else CampPlan()


def _choice(plan: CampPlan) -> CampChoice:
    """A saved plan as the rules take it: empty strings and a target of 0 mean "not chosen"."""
    return CampChoice(
        free=plan.free or None,
        action=plan.action or None,
        scout_success=plan.scout_success,
        scout_modifier=plan.scout_modifier,
        scout_target=plan.scout_target or None,
    )


def _camping(state: State) -> Camping:
    camp = camping(state)
    if camp is None:
        raise Refused("no Camp under way: press c to make camp")
    return camp


def _with_camping(state: State, **changes: object) -> State:
    return with_camp(state, camping=attrs.evolve(_camping(state), **changes))


# ---------------------------------------------------------------------------------------------
# Starting, planning, abandoning
# ---------------------------------------------------------------------------------------------


@record
class StartCamp:
    """Make camp. The check must pass, unless the 'Smith gives a reason to camp without what is missing."""

    label: ClassVar[str] = "camp"
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        rules_ = camp_rules(ctx.ruleset)
        if exploring(state) is not None:
            raise Refused("an Explore is under way: finish it (e) before making camp")
        if camping(state) is not None:
            raise Refused("the party is already camping: c shows where the Camp is")
        if fight_under_way(state):
            raise Refused("a fight is on: end it (F, then x) before making camp")
        if not state.living:
            raise Refused("nobody alive to camp")
        check = camp_check(state, ctx.ruleset)
        reason = self.reason.strip()
        missing = lacking(state, check)
        if missing and not reason:
            raise Refused(f"the party cannot camp without {missing} (o: camp anyway, with a reason)")
        living = state.living
        camp = Camping(
            step="time",
            campers=tuple(m.id for m in living),
            lost={m.id: max(0, m.max_hp - m.hp) for m in living},
            override=reason if missing else "",
        )
        label = ctx.ruleset.time.label
        each = f"{rules_.rations_each} Ration{'s' if rules_.rations_each != 1 else ''} each"
        events = [note(self, f"The party makes camp: {label(rules_.units)} and {each}.")]
        if missing:
            events.append(note(self, f"The 'Smith allows the camp without {missing}: {reason}.", level="warn"))
        events += [note(self, f"{warning[0].upper()}{warning[1:]}.", level="warn") for warning in check.warnings]
        names = {m.id: m.name for m in living}
        events += [note(self, f"{names[cid]}: {'; '.join(limits)}.") for cid, limits in check.limits.items()]
        return with_camp(state, camping=camp), events


def lacking(state: State, check: CampCheck) -> str:
    """What the check says is missing, in one phrase: `a Safe Haven, 1 Ration for Darla`."""
    names = {m.id: m.name for m in state.living}
    parts = list(check.party)
    parts += [f"{', '.join(missing)} for {names[cid]}" for cid, missing in check.missing.items()]
    return ", ".join(parts)


@record
class SetCampFree:
    """A character's free action, where their class offers a choice (an Elf; a Book Three Cleric)."""

    label: ClassVar[str] = "camp"
    character_id: str
    free: str

    def apply(self, state: State, ctx: Context) -> Result:
        camp = _camping(state)
        if camp.step not in FREE_PLANNING:
            raise Refused("the free actions are done")
        member = _camper_member(state, self.character_id)
        camper = camper_at_camp(state, ctx.ruleset, member)
        problem = rules.free_problem(ctx.ruleset, camper, CampChoice(free=self.free or None))
        if problem:
            raise Refused(problem)
        plan = attrs.evolve(_plan(state, member.id), free=self.free)
        text = f"{member.name}'s free action: {FREE_NAMES.get(self.free, 'as their class')}."
        return _with_camping(state, plans={**camp.plans, member.id: plan}), [note(self, text)]


@record
class SetCampAction:
    """A character's one camp action ("" for none), with Scout Ahead's check entered or to roll."""

    label: ClassVar[str] = "camp"
    character_id: str
    action: str
    scout_success: bool | None = None
    scout_modifier: int = 0
    scout_target: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        camp = _camping(state)
        if camp.step not in PLANNING:
            raise Refused("the camp actions are done")
        member = _camper_member(state, self.character_id)
        scouting = self.action == "scout_ahead"
        if not scouting and (self.scout_success is not None or self.scout_target or self.scout_modifier):
            raise Refused("a check goes with Scout Ahead only")
        if self.scout_target < 0:
            raise Refused("a target cannot be negative")
        plan = attrs.evolve(
            _plan(state, member.id),
            action=self.action,
            scout_success=self.scout_success,
            scout_modifier=self.scout_modifier,
            scout_target=self.scout_target,
        )
        problem = rules.action_problem(ctx.ruleset, camper_at_camp(state, ctx.ruleset, member), _choice(plan))
        if problem:
            raise Refused(problem)
        text = f"{member.name} will {plan_text(plan)}." if plan.action else f"{member.name} takes no camp action."
        return _with_camping(state, plans={**camp.plans, member.id: plan}), [note(self, text)]


@record
class RestTheRest:
    """Everyone at camp without a camp action rests; those the rules keep from resting are named."""

    label: ClassVar[str] = "camp"

    def apply(self, state: State, ctx: Context) -> Result:
        camp = _camping(state)
        if camp.step not in PLANNING:
            raise Refused("the camp actions are done")
        plans = dict(camp.plans)
        resting: list[str] = []
        cannot: list[str] = []
        for member in _members(state):
            plan = _plan(state, member.id)
            if plan.action:
                continue
            rest = attrs.evolve(plan, action="rest")
            problem = rules.action_problem(ctx.ruleset, camper_at_camp(state, ctx.ruleset, member), _choice(rest))
            if problem:
                cannot.append(problem)
            else:
                plans[member.id] = rest
                resting.append(member.name)
        if not resting:
            why = f": {'; '.join(cannot)}" if cannot else ""
            raise Refused(f"nobody without a camp action can rest{why}")
        events = [note(self, f"{listed(resting)} will Rest.")]
        events += [note(self, f"{problem}: no Rest.", level="warn") for problem in cannot]
        return _with_camping(state, plans=plans), events


def _camper_member(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if member.id not in _camping(state).campers:
        raise Refused(f"{member.name} is not at the camp")
    if not member.alive:
        raise Refused(f"{member.name} is dead")
    return member


@record
class AbandonCamp:
    """Break camp before it begins: nothing has been spent yet."""

    label: ClassVar[str] = "camp"

    def apply(self, state: State, ctx: Context) -> Result:
        camp = _camping(state)
        if camp.step != "time":
            raise Refused("time and Rations are already spent: undo (u) steps back")
        return with_camp(state, camping=None), [note(self, "The party breaks camp before it begins.")]


# ---------------------------------------------------------------------------------------------
# The steps
# ---------------------------------------------------------------------------------------------


@record
class CampNext:
    """Do the step the Camp is on and move to the next; the encounter roll ends the Camp."""

    label: ClassVar[str] = "camp"

    def apply(self, state: State, ctx: Context) -> Result:
        camp = _camping(state)
        step = {
            "time": _time,
            "eat": _eat,
            "free": _free,
            "actions": _actions,
            "encounter": _encounter,
        }[camp.step]
        state, events = step(state, ctx, self)
        if camping(state) is not None:
            state = _with_camping(state, step=CAMP_STEPS[CAMP_STEPS.index(camp.step) + 1])
        return state, events


def _time(state: State, ctx: Context, action: Action) -> Result:
    """The camp's hour passes: the clock moves, every light burns, and a light that dies mid-camp is
    reported by how far into the camp it went out."""
    units = camp_rules(ctx.ruleset).units
    label = ctx.ruleset.time.label
    lit = lit_sources(state, ctx.ruleset)
    burns = burn_all(lit, units)
    dark = dark_after(lit, units)
    names = _source_names(state, ctx.ruleset)
    new, burnt = spend_time(state, units, ctx, action)
    events = [note(action, f"{label(units)} pass at camp."), *burnt]
    for burn in burns:
        if burn.out_after is not None and burn.out_after < units:
            events.append(
                note(action, f"{names[burn.id]} went out {label(burn.out_after)} into the camp.", level="warn")
            )
    if dark is not None and lit:
        events.append(
            note(
                action,
                f"The last light died {label(dark)} into the camp: {label(units - dark)} in the dark.",
                level="warn",
            )
        )
    return new, events


def _eat(state: State, ctx: Context, action: Action) -> Result:
    """Each camper eats their Rations; one let camp without enough eats what they have and goes hungry."""
    each = camp_rules(ctx.ruleset).rations_each
    fed, hungry = [], []
    for member in _members(state):
        rations = sheet_of(state, member.id).rations
        eaten = min(each, rations)
        state = sheet_changed(state, member.id, rations=rations - eaten)
        (fed if eaten == each else hungry).append((member.name, eaten, rations - eaten))
    events: list[Event] = []
    if fed:
        who = listed([f"{name} ({left} left)" for name, _, left in fed])
        events.append(note(action, f"The party eats {each} Ration{'s' if each != 1 else ''} each: {who}."))
    for name, eaten, _ in hungry:
        events.append(
            note(action, f"{name} goes hungry: {eaten} of {each} Ration{'s' if each != 1 else ''} eaten.", level="warn")
        )
    return state, events


def _free(state: State, ctx: Context, action: Action) -> Result:
    """Each camper's free action, the chosen or the default one (kept in their plan, for the next
    camp to offer first); refused while someone has a choice only the table can make."""
    camp = _camping(state)
    members = _members(state)
    _refuse_problems(state, ctx, rules.free_problem)
    events: list[Event] = []
    healed = []
    plans = dict(camp.plans)
    for member in members:
        camper = camper_at_camp(state, ctx.ruleset, member)
        plan = planned(state, ctx.ruleset, member)
        chosen = rules.resolve_free(ctx.ruleset, camper, _choice(plan))
        if chosen is None:
            events.append(note(action, f"{member.name} takes no free action ({_no_free(ctx.ruleset, camper)})."))
            continue
        if plan.free:
            plans[member.id] = plan
        state, line = _apply_deed(state, ctx, rules.free_action(camper, chosen))
        events.append(note(action, line))
        if chosen == "heal":
            healed.append(member.id)
    return _with_camping(state, healed=(*camp.healed, *healed), plans=plans), events


def _refuse_problems(
    state: State, ctx: Context, problem_of: Callable[[Ruleset, Camper, CampChoice], str | None]
) -> None:
    """Refuse the step, naming every camper whose plan the rules reject, before anyone acts."""
    problems = []
    for member in _members(state):
        camper = camper_at_camp(state, ctx.ruleset, member)
        problem = problem_of(ctx.ruleset, camper, _choice(planned(state, ctx.ruleset, member)))
        if problem:
            problems.append(problem)
    if problems:
        raise Refused("; ".join(problems))


def _actions(state: State, ctx: Context, action: Action) -> Result:
    """Each camper's chosen action in party order, after every choice is checked; no choice, no action."""
    camp = _camping(state)
    members = _members(state)
    _refuse_problems(state, ctx, rules.action_problem)
    events: list[Event] = []
    watchers = 0
    bonuses = []
    for member in members:
        choice = _choice(_plan(state, member.id))
        if choice.action is None:
            events.append(note(action, f"{member.name} takes no camp action."))
            continue
        if choice.action == "level_up":
            state, levelled = LevelUp(member.id).apply(state, ctx)
            events += levelled
            continue
        camper = camper_at_camp(state, ctx.ruleset, member)
        deed = rules.camp_action(ctx.ruleset, ctx.dice, camper, choice, member.id in camp.healed)
        state, line = _apply_deed(state, ctx, deed, _check_text(deed, choice))
        events.append(note(action, line, tuple(r.describe() for r in deed.rolls)))
        watchers += deed.action == "stand_watch"
        if deed.bonus is not None:
            bonuses.append(deed.bonus)
    state = with_pool(state, bonuses=(*divining_pool(state).bonuses, *bonuses))
    return _with_camping(state, watchers=watchers, bonuses=(*camp.bonuses, *bonuses)), events


def _apply_deed(state: State, ctx: Context, deed: CampDeed, extra: Sequence[str] = ()) -> tuple[State, str]:
    """What one free or chosen action gives a character, and the line for the log."""
    member = state.character(deed.camper_id)
    parts = []
    line = deed.line
    if deed.action in ("heal", "rest"):
        outcome = damage.heal(vitals_of(state, member), deed.hp, member.max_hp)
        state, member = with_vitals(state, member, outcome.vitals)
        parts.append(f"HP {member.hp}/{member.max_hp}")
        if not deed.hp:
            line = line.replace("recovers 0 HP", "has no lost HP to recover").replace(": 0 HP", ": no HP to recover")
    sheet = sheet_of(state, member.id)
    if deed.rations:
        sheet = attrs.evolve(sheet, rations=max(0, sheet.rations - deed.rations))
        parts.append(f"{sheet.rations} Ration{'s' if sheet.rations != 1 else ''} left")
    if deed.spells:
        forgotten = max(0, sheet.spells_forgotten - deed.spells)
        spent = sheet.spells_forgotten
        parts.append(f"spent spells {spent} -> {forgotten}" if spent else "no spell was spent")
        sheet = attrs.evolve(sheet, spells_forgotten=forgotten)
    if deed.turn_unholy:
        sheet, part = _regain_use(ctx.ruleset, member, sheet, "turn_unholy", deed.turn_unholy)
        parts.append(part)
    if deed.ammo:
        sheet = attrs.evolve(sheet, ammo=sheet.ammo + deed.ammo)
        parts.append(f"ammo {sheet.ammo}")
    if deed.bonus is not None and deed.action == "stand_watch":
        parts.append(_bonus_text(ctx.ruleset, deed.bonus))
    parts += extra
    detail = f" ({'; '.join(parts)})" if parts else ""
    state = with_sheet(state, member.id, sheet)
    return attrs.evolve(state, party=replace_member(state.party, member)), f"{line}{detail}."


def _check_text(deed: CampDeed, choice: CampChoice) -> tuple[str, ...]:
    """A rolled Scout Ahead check against its target: `d20 + 2 = 5 against 15`."""
    if deed.action != "scout_ahead" or choice.scout_target is None or choice.scout_success is not None:
        return ()
    check = deed.rolls[0]
    odds = scout_odds(choice.scout_modifier, choice.scout_target)
    return (odds.replace(" against", f" = {check.total} against"),)


def _bonus_text(ruleset: Ruleset, bonus: PoolBonus) -> str:
    """`1 Green die for the next room`, `1 Yellow die for each of the next 3 new rooms`."""
    colour = (
        ruleset.divining.colours[bonus.colour].name
        if ruleset.divining and bonus.colour in ruleset.divining.colours
        else bonus.colour
    )
    dice = f"{bonus.count} {colour} {'die' if bonus.count == 1 else 'dice'}"
    if not bonus.new_rooms_only and bonus.rooms_left == 1:
        return f"{dice} for the next room"
    rooms = (
        f"{bonus.rooms_left} new room{'s' if bonus.rooms_left != 1 else ''}"
        if bonus.new_rooms_only
        else f"{bonus.rooms_left} rooms"
    )
    return f"{dice} for each of the next {rooms}"


def _regain_use(ruleset: Ruleset, member: Character, sheet: Sheet, resource_id: str, amount: int) -> tuple[Sheet, str]:
    """A class resource back on the sheet, never beyond what the class has at this level."""
    resource = ruleset.classes[member.class_id].resource(resource_id)
    have = sheet.uses.get(resource_id, 0)
    most = resource.uses(member.level) if resource else have + amount
    now = min(most, have + amount)
    changed = attrs.evolve(sheet, uses={**sheet.uses, resource_id: now})
    name = resource.name if resource else resource_id
    return changed, f"{name} {now} of {most}" + (" (already full)" if now == have else "")


def _encounter(state: State, ctx: Context, action: Action) -> Result:
    """The 'Smith's roll: 1d6 - watchers + dungeon level. An encounter is rolled as an Explore where the
    party is, with the camp's dice in its pool; Book Three then empties the Risk and Reward dice."""
    camp = _camping(state)
    rules_ = camp_rules(ctx.ruleset)
    found = rules.camp_encounter(ctx.ruleset, ctx.dice, camp.watchers, state.dungeon.level)
    faces = ", ".join(str(d) for d in found.roll.dice)
    terms = _encounter_terms(state, ctx.ruleset, camp.watchers)
    text = (
        f"Camp encounter: {rules_.encounter.dice} [{faces}]{terms} = {found.total},"
        f" an encounter on {rules_.encounter.at_least}+: {found.line}."
    )
    events = [note(action, text, (found.roll.describe(),), level="warn" if found.encounter else "info")]
    chosen = {cid: _plan(state, cid) for cid in camp.campers}
    state = with_camp(state, camping=None, last_camp={**last_camp(state), **chosen})
    if found.encounter:
        rooms = divining_pool(state).rooms
        where = rooms[-1].number if rooms else 0
        try:
            state, rolled = start_exploration(state, ctx, action, where, camp=True, surprised=found.surprised)
        except Refused as why:  # nobody left alive, no pool to roll: the camp still ends
            rolled = [note(action, f"The encounter cannot be rolled as an Explore: {why}.", level="warn")]
        events += rolled
    pool = divining_pool(state)
    if resets_risk_reward(ctx.ruleset, "camp") and (pool.risk or pool.reward):
        was = f"were {pool.risk} Risk, {pool.reward} Reward"
        events.append(note(action, f"The Risk and Reward dice reset to zero ({was})."))
        state = with_pool(state, risk=0, reward=0)
    close = "The camp is over: resolve the encounter (e)." if found.encounter else "The camp is over."
    events.append(note(action, close))
    return state, events
