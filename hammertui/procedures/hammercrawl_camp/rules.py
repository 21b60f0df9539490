"""Camp: what it needs, what each character does, what the watch and the scouts leave for later
rooms, and whether something finds the camp.

The table takes a camp a step at a time (the check, the free actions, the chosen actions, the
'Smith's encounter roll), so each step is its own function; `settle_camp` runs them in the rules'
order and returns every die thrown. What differs between the complete rules and Book Three (the
Bedroll, the watch's die colour) is read from the ruleset's `CampRules`, and the free action of
each class from its `camp_free`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import attrs

from hammertui.kernel.rules.burning import LitSource, SourceBurn, burn_all, dark_after
from hammertui.kernel.rules.dice import DiceNotationError, DiceSource, Roll, parse, roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import ClassDef, Ruleset
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus, bonus_dice, resets_risk_reward
from hammertui.procedures.hammercrawl_camp.schema import CampRules

FREE_ACTIONS = ("heal", "rememorize", "turn_unholy")
"""The free actions a class may list in `camp_free`."""

BOOK_ACTIONS = ("rememorize", "turn_unholy")
"""Actions that need the caster's spellbook or prayerbook at hand."""

SCOUT_DIE = "1d20"
"""A rolled Scout Ahead check: a d20 plus the modifier against the target, like any check."""


# ------------------------------------------------------------------------------------- input


@record
class Camper:
    """One living character at camp, as the camp rules see them.

    `book`: their spellbook or prayerbook is at hand (a caster cannot re-memorize without it).
    `spells_spent` and `turn_unholy_spent`: what a free action could give back.
    """

    id: str
    name: str
    class_id: str
    level: int
    hp: int
    max_hp: int
    xp: int = 0
    rations: int = 0
    bedroll: bool = False
    book: bool = True
    sees_in_dark: bool = False
    spells_spent: int = 0
    turn_unholy_spent: int = 0

    @property
    def lost(self) -> int:
        return max(0, self.max_hp - self.hp)


@record
class CampChoice:
    """What one character does at camp: the free action (None = the class's only one) and one action.

    Scout Ahead's check is either entered (`scout_success`) or rolled: d20 + `scout_modifier`
    against `scout_target`.
    """

    free: str | None = None
    action: str | None = None
    scout_success: bool | None = None
    scout_modifier: int = 0
    scout_target: int | None = None


# ------------------------------------------------------------------------------- the check


@record
class CampCheck:
    """Whether the party may camp, and exactly what is missing.

    `party`: what the party as a whole lacks (a Safe Haven, a light). `missing`: per character id,
    what that character lacks to camp at all (Rations). `limits`: per character id, what they can
    camp without but then cannot do (no Bedroll: no HP back; no book: no re-memorizing).
    `warnings`: allowed, but worth saying (the last light dies before the camp is over).
    """

    allowed: bool
    party: tuple[str, ...]
    missing: dict[str, tuple[str, ...]]
    limits: dict[str, tuple[str, ...]]
    warnings: tuple[str, ...]
    lines: tuple[str, ...]


def camp_rules(ruleset: Ruleset) -> CampRules:
    if ruleset.camp is None:
        raise ValueError(f"ruleset {ruleset.id} has no Camp action")
    return ruleset.camp


def check_camp(
    ruleset: Ruleset, campers: Sequence[Camper], lights: Iterable[LitSource], *, safe_haven: bool
) -> CampCheck:
    """The pre-check: a Safe Haven, a light (unless all see in the dark), Rations, Bedrolls, books."""
    rules = camp_rules(ruleset)
    party: list[str] = []
    if not campers:
        party.append("someone to camp")
    if rules.needs_safe_haven and not safe_haven:
        party.append("a Safe Haven")
    light_problem, warnings = _light_check(ruleset, campers, lights)
    if light_problem:
        party.append(light_problem)
    missing = {c.id: m for c in campers if (m := _missing(rules, c))}
    limits = {c.id: lim for c in campers if (lim := _limits(ruleset, c))}
    names = {c.id: c.name for c in campers}
    lines = [f"the party needs {need}" for need in party]
    lines += [f"{names[i]} lacks {', '.join(m)}" for i, m in missing.items()]
    lines += [f"{names[i]}: {'; '.join(lim)}" for i, lim in limits.items()]
    lines += warnings
    allowed = not party and not missing
    return CampCheck(allowed, tuple(party), missing, limits, tuple(warnings), tuple(lines))


def _light_check(
    ruleset: Ruleset, campers: Sequence[Camper], lights: Iterable[LitSource]
) -> tuple[str | None, list[str]]:
    """Light is needed unless the entire party sees in the dark; one lit source with time left will do.

    A light that dies before the camp ends does not forbid camping (the rules ask for light and
    spend it); the check warns so a spare can be lit.
    """
    rules = camp_rules(ruleset)
    if not rules.needs_light or (campers and all(c.sees_in_dark for c in campers)):
        return None, []
    lit = [s for s in lights if s.remaining > 0]
    if not lit:
        return "a lit light source", []
    out = dark_after(lit, rules.units)
    if out is None:
        return None, []
    label = ruleset.time.label
    return None, [f"the last light goes out after {label(out)} of the camp's {label(rules.units)}"]


def _missing(rules: CampRules, camper: Camper) -> tuple[str, ...]:
    short = rules.rations_each - camper.rations
    return (_rations(short),) if short > 0 else ()


def _rations(n: int) -> str:
    return f"{n} Ration{'s' if n != 1 else ''}"


def _limits(ruleset: Ruleset, camper: Camper) -> tuple[str, ...]:
    rules = camp_rules(ruleset)
    class_def = class_of(ruleset, camper)
    limits = []
    if rules.needs_bedroll and not camper.bedroll:
        limits.append("no Bedroll: no HP back at camp")
    casts = class_def.spellcasting is not None or any(a in BOOK_ACTIONS for a in class_def.camp_free)
    if casts and not camper.book:
        limits.append("no book: cannot re-memorize")
    return tuple(limits)


def class_of(ruleset: Ruleset, camper: Camper) -> ClassDef:
    class_def = ruleset.classes.get(camper.class_id)
    if class_def is None:
        raise ValueError(f"ruleset {ruleset.id} has no class {camper.class_id!r} ({camper.name})")
    return class_def


# ---------------------------------------------------------------------------- healing sums


def heal_half(lost: int) -> int:
    """The free action's healing: half the HP lost, rounded up."""
    return math.ceil(max(0, lost) / 2)


def rest_hp(lost: int, free_healed: bool) -> int:
    """Rest's healing, from the HP lost when camp began.

    After the free heal it is "the second half": whatever the free heal left (lost 5: 3 free,
    then 2), so both together heal all. Without it, Rest is half the loss, rounded up.
    """
    lost = max(0, lost)
    return lost - heal_half(lost) if free_healed else heal_half(lost)


# ----------------------------------------------------------------------------------- deeds


@record
class CampDeed:
    """One character's free or chosen camp action, what it gave, and the dice it threw."""

    camper_id: str
    action: str
    free: bool
    hp: int = 0
    spells: int = 0
    turn_unholy: int = 0
    ammo: int = 0
    rations: int = 0
    level_to: int | None = None
    success: bool | None = None
    bonus: PoolBonus | None = None
    rolls: tuple[Roll, ...] = ()
    line: str = ""


def free_options(ruleset: Ruleset, camper: Camper) -> tuple[str, ...]:
    """The free actions this character can take now: their class's, less those they lack gear for.

    Healing needs a Bedroll where the ruleset says so (Book Three); re-memorizing and regaining
    Turn Unholy need the book at hand.
    """
    rules = camp_rules(ruleset)
    options = []
    for option in class_of(ruleset, camper).camp_free:
        if option == "heal" and rules.needs_bedroll and not camper.bedroll:
            continue
        if option in BOOK_ACTIONS and not camper.book:
            continue
        options.append(option)
    return tuple(options)


def default_free(ruleset: Ruleset, camper: Camper, last: str) -> str | None:
    """The free action a camper with a choice takes unless the table says otherwise (None: no
    choice to make, or one only the table can make).

    The one that gives something back, where only one does; else the one taken at the last camp
    (`last`), where it still gives something or nothing would; with nothing to gain at all, any.
    Only when two would each give something and neither was last camp's is the table asked.
    """
    options = free_options(ruleset, camper)
    if len(options) < 2:
        return None
    useful = [option for option in options if _gives(camper, option)]
    if last in useful or (not useful and last in options):
        return last
    if len(useful) == 1:
        return useful[0]
    return None if useful else options[0]


def _gives(camper: Camper, action: str) -> bool:
    """Whether a free action would give this camper anything back."""
    if action == "heal":
        return camper.lost > 0
    if action == "rememorize":
        return camper.spells_spent > 0
    return camper.turn_unholy_spent > 0


def resolve_free(ruleset: Ruleset, camper: Camper, choice: CampChoice) -> str | None:
    """The free action taken: the one chosen, or the only one open; None if none is open."""
    if choice.free is not None:
        return choice.free
    options = free_options(ruleset, camper)
    return options[0] if len(options) == 1 else None


def free_problem(ruleset: Ruleset, camper: Camper, choice: CampChoice) -> str | None:
    """Why the free action cannot be taken as chosen, or None."""
    options = free_options(ruleset, camper)
    if choice.free is None:
        if len(options) > 1:
            return f"{camper.name}: choose the free action ({' or '.join(options)})"
        return None
    if choice.free in options:
        return None
    if choice.free in class_of(ruleset, camper).camp_free:
        return f"{camper.name}: {choice.free} needs {'a Bedroll' if choice.free == 'heal' else 'the book'}"
    return f"{camper.name}: {choice.free} is not a free camp action of their class"


def free_action(camper: Camper, action: str) -> CampDeed:
    """The free action: heal half the lost HP (rounded up), re-memorize a spell, or regain Turn Unholy."""
    if action == "heal":
        hp = heal_half(camper.lost)
        return CampDeed(camper.id, action, True, hp=hp, line=f"{camper.name} recovers {hp} HP")
    if action == "rememorize":
        return CampDeed(camper.id, action, True, spells=1, line=f"{camper.name} re-memorizes 1 spell")
    if action == "turn_unholy":
        return CampDeed(camper.id, action, True, turn_unholy=1, line=f"{camper.name} regains 1 use of Turn Unholy")
    raise ValueError(f"{action!r} is not a free camp action")


def action_problem(ruleset: Ruleset, camper: Camper, choice: CampChoice) -> str | None:
    """Why the chosen camp action cannot be taken, or None."""
    rules = camp_rules(ruleset)
    action = choice.action
    if action is None:
        return None
    if action not in rules.actions:
        return f"{camper.name}: {action} is not a camp action of {ruleset.name}"
    if action == "rest":
        return _rest_problem(rules, camper)
    if action == "rememorize":
        return _rememorize_problem(ruleset, camper)
    if action == "level_up":
        return _level_problem(ruleset, camper)
    if action == "scout_ahead" and choice.scout_success is None and choice.scout_target is None:
        return f"{camper.name}: Scout Ahead needs its check, entered or with a target to roll against"
    return None


def _rest_problem(rules: CampRules, camper: Camper) -> str | None:
    if camper.rations < rules.rations_each + 1:
        return f"{camper.name}: Rest needs one more Ration"
    if rules.needs_bedroll and not camper.bedroll:
        return f"{camper.name}: Rest needs a Bedroll"
    return None


def _rememorize_problem(ruleset: Ruleset, camper: Camper) -> str | None:
    if class_of(ruleset, camper).spellcasting is None:
        return f"{camper.name} casts no spells to re-memorize"
    if not camper.book:
        return f"{camper.name}: Re-memorize needs the book"
    return None


def _level_problem(ruleset: Ruleset, camper: Camper) -> str | None:
    need = xp_to_level(ruleset, camper.level)
    if need is None:
        return f"{camper.name} is at the top level"
    if camper.xp < need:
        return f"{camper.name}: Level Up needs {need} XP, has {camper.xp}"
    return None


def xp_to_level(ruleset: Ruleset, level: int) -> int | None:
    """XP needed to leave `level`; None at the top level or in a ruleset without levels."""
    return ruleset.advancement.xp_for_next(level) if ruleset.advancement else None


def camp_action(
    ruleset: Ruleset, source: DiceSource, camper: Camper, choice: CampChoice, free_healed: bool
) -> CampDeed:
    """The chosen camp action; call `action_problem` first. `free_healed`: the free action healed."""
    rules = camp_rules(ruleset)
    action = choice.action
    name = camper.name
    if action == "rest":
        hp = rest_hp(camper.lost, free_healed)
        return CampDeed(camper.id, action, False, hp=hp, rations=1, line=f"{name} rests: {hp} HP, 1 more Ration")
    if action == "rememorize":
        spells = camper.level
        return CampDeed(
            camper.id, action, False, spells=spells, line=f"{name} re-memorizes up to {spells} spent spells"
        )
    if action == "craft_ammo":
        thrown = _labelled(roll(source, rules.craft_ammo or "2d4"), f"{name} craft ammo")
        return CampDeed(
            camper.id,
            action,
            False,
            ammo=thrown.total,
            rolls=(thrown,),
            line=f"{name} crafts {thrown.total} ammo",
        )
    if action == "level_up":
        return CampDeed(
            camper.id,
            action,
            False,
            level_to=camper.level + 1,
            line=f"{name} levels up to {camper.level + 1}",
        )
    if action == "stand_watch":
        return _watch(rules, camper)
    if action == "scout_ahead":
        return _scout(rules, source, camper, choice)
    raise ValueError(f"{action!r} is not a camp action")


def _watch(rules: CampRules, camper: Camper) -> CampDeed:
    """Stand Watch: its dice for the next room explored; the -1 on the encounter roll is counted there."""
    bonus = None
    if rules.stand_watch.colour and rules.stand_watch.dice:
        bonus = PoolBonus(rules.stand_watch.colour, rules.stand_watch.dice, 1, f"{camper.name} stood watch")
    return CampDeed(camper.id, "stand_watch", False, bonus=bonus, line=f"{camper.name} stands watch")


def _scout(rules: CampRules, source: DiceSource, camper: Camper, choice: CampChoice) -> CampDeed:
    """Scout Ahead: the check, then 1d4 new rooms of one Yellow die each, or of one Black die each.

    Book Three's "add that many Black dice instead" is read as the mirror of success: one Black die
    in each of the next 1d4 new rooms.
    """
    rolls: list[Roll] = []
    success = choice.scout_success
    if success is None:
        assert choice.scout_target is not None
        check = scout_check(source, choice.scout_modifier, camper.name)
        rolls.append(check)
        success = check.total >= choice.scout_target
    colour = rules.scout_ahead.success_colour if success else rules.scout_ahead.failure_colour
    bonus = None
    if colour and rules.scout_ahead.rooms:
        rooms = _labelled(roll(source, rules.scout_ahead.rooms), f"{camper.name} scouted rooms")
        rolls.append(rooms)
        word = "found the way" if success else "was spotted"
        bonus = PoolBonus(colour, 1, rooms.total, f"{camper.name} scouted ahead and {word}", new_rooms_only=True)
    line = f"{camper.name} scouts ahead: {'success' if success else 'failure'}"
    if bonus:
        line += f", {bonus.colour} for the next {bonus.rooms_left} new room{'s' if bonus.rooms_left != 1 else ''}"
    return CampDeed(camper.id, "scout_ahead", False, success=success, bonus=bonus, rolls=tuple(rolls), line=line)


def scout_check(source: DiceSource, modifier: int, who: str = "") -> Roll:
    """The Scout Ahead check when rolled: d20 + modifier (the caller compares it to the target)."""
    thrown = roll(source, SCOUT_DIE)
    return _labelled(attrs.evolve(thrown, modifier=modifier), f"{who} scout check".strip())


def _labelled(thrown: Roll, purpose: str) -> Roll:
    return attrs.evolve(thrown, label=f"{purpose} {thrown.label}")


# ---------------------------------------------------------------------------- the encounter


@record
class CampEncounter:
    """The 'Smith's camp encounter roll: 1d6 - watchers + dungeon level; 6 or more finds the camp."""

    roll: Roll
    watchers: int
    dungeon_level: int
    encounter: bool
    surprised: bool
    line: str

    @property
    def total(self) -> int:
        return self.roll.total


def camp_encounter(ruleset: Ruleset, source: DiceSource, watchers: int, dungeon_level: int) -> CampEncounter:
    """Roll for a camp encounter. Every character on watch takes the watch modifier off ("-1 for
    each person on watch"); nobody on watch means an encounter surprises the party."""
    if watchers < 0:
        raise ValueError("watchers cannot be negative")
    rules = camp_rules(ruleset)
    modifier = watchers * rules.stand_watch.encounter_modifier
    if rules.encounter.adds_dungeon_level:
        modifier += dungeon_level
    thrown = roll(source, rules.encounter.dice)
    thrown = attrs.evolve(thrown, label=f"camp encounter {thrown.label}", modifier=thrown.modifier + modifier)
    encounter = thrown.total >= rules.encounter.at_least
    surprised = encounter and watchers == 0 and rules.encounter.surprised_without_watch
    line = "no encounter"
    if encounter:
        line = "an encounter finds the camp" + (": the party is surprised" if surprised else "")
    return CampEncounter(thrown, watchers, dungeon_level, encounter, surprised, line)


def encounter_chance(ruleset: Ruleset, watchers: int, dungeon_level: int) -> str:
    """The odds the camp is found, in the table's words (`2 in 6`, `certain`, `impossible`), so they
    are said before the die is thrown; "" when the roll is more than one die."""
    rules = camp_rules(ruleset)
    modifier = watchers * rules.stand_watch.encounter_modifier
    if rules.encounter.adds_dungeon_level:
        modifier += dungeon_level
    try:
        expr = parse(rules.encounter.dice)
    except DiceNotationError:
        return ""
    if expr.count != 1:
        return ""
    need = rules.encounter.at_least - modifier
    faces = max(0, min(expr.sides, expr.sides - (need - expr.modifier) + 1))
    if faces == expr.sides:
        return "certain"
    if faces == 0:
        return "impossible"
    return f"{faces} in {expr.sides}"


# ---------------------------------------------------------------------------- a whole camp


class CampRefused(Exception):
    """The party cannot camp; `check` says exactly what is missing."""

    def __init__(self, check: CampCheck) -> None:
        self.check = check
        super().__init__("; ".join(check.lines))


@record
class CampOutcome:
    """A settled camp: time, light, Rations, every deed, the encounter roll and the bonuses left.

    `hp`: each character's HP afterwards. `encounter_pool`: the camp bonuses' dice, to add to the
    encounter's pool when there is one (they are not used up by it). `rolls`: every die thrown, in
    order: each character's action dice in party order, then the encounter roll.
    """

    units: int
    lights: tuple[SourceBurn, ...]
    dark_after: int | None
    rations: dict[str, int]
    deeds: tuple[CampDeed, ...]
    hp: dict[str, int]
    encounter: CampEncounter
    encounter_pool: dict[str, int]
    bonuses: tuple[PoolBonus, ...]
    resets_risk_reward: bool
    rolls: tuple[Roll, ...]
    lines: tuple[str, ...]


def choice_problems(ruleset: Ruleset, campers: Sequence[Camper], choices: Mapping[str, CampChoice]) -> tuple[str, ...]:
    """Every reason the chosen free actions and camp actions cannot all be taken."""
    problems = []
    for camper in campers:
        choice = choices.get(camper.id, CampChoice())
        for problem in (free_problem(ruleset, camper, choice), action_problem(ruleset, camper, choice)):
            if problem:
                problems.append(problem)
    return tuple(problems)


def settle_camp(
    ruleset: Ruleset,
    source: DiceSource,
    campers: Sequence[Camper],
    choices: Mapping[str, CampChoice],
    lights: Sequence[LitSource],
    dungeon_level: int,
    *,
    safe_haven: bool = True,
) -> CampOutcome:
    """A whole camp in the rules' order: check, lights burn, free actions, chosen actions, encounter.

    Raises `CampRefused` when the party cannot camp and `ValueError` naming every impossible choice.
    Time and Rations are spent and every action happens whether or not an encounter comes.
    """
    rules = camp_rules(ruleset)
    check = check_camp(ruleset, campers, lights, safe_haven=safe_haven)
    if not check.allowed:
        raise CampRefused(check)
    problems = choice_problems(ruleset, campers, choices)
    if problems:
        raise ValueError("\n".join(problems))
    burns = burn_all(lights, rules.units)
    deeds = _deeds(ruleset, source, campers, choices)
    watchers = sum(d.action == "stand_watch" for d in deeds)
    encounter = camp_encounter(ruleset, source, watchers, dungeon_level)
    bonuses = tuple(d.bonus for d in deeds if d.bonus is not None)
    return CampOutcome(
        units=rules.units,
        lights=burns,
        dark_after=dark_after(lights, rules.units),
        rations={c.id: rules.rations_each + sum(d.rations for d in deeds if d.camper_id == c.id) for c in campers},
        deeds=deeds,
        hp={c.id: min(c.max_hp, c.hp + sum(d.hp for d in deeds if d.camper_id == c.id)) for c in campers},
        encounter=encounter,
        encounter_pool=bonus_dice(bonuses) if encounter.encounter else {},
        bonuses=bonuses,
        resets_risk_reward=resets_risk_reward(ruleset, "camp"),
        rolls=tuple(r for d in deeds for r in d.rolls) + (encounter.roll,),
        lines=_camp_lines(ruleset, burns, deeds, encounter),
    )


def _deeds(
    ruleset: Ruleset, source: DiceSource, campers: Sequence[Camper], choices: Mapping[str, CampChoice]
) -> tuple[CampDeed, ...]:
    """Every free action first, then every chosen action, each in party order."""
    free: dict[str, CampDeed] = {}
    for camper in campers:
        action = resolve_free(ruleset, camper, choices.get(camper.id, CampChoice()))
        if action is not None:
            free[camper.id] = free_action(camper, action)
    chosen = []
    for camper in campers:
        choice = choices.get(camper.id, CampChoice())
        if choice.action is not None:
            healed = camper.id in free and free[camper.id].action == "heal"
            chosen.append(camp_action(ruleset, source, camper, choice, healed))
    return tuple(free.values()) + tuple(chosen)


def _camp_lines(
    ruleset: Ruleset, burns: Sequence[SourceBurn], deeds: Sequence[CampDeed], encounter: CampEncounter
) -> tuple[str, ...]:
    label = ruleset.time.label
    lines = [f"camp: {label(camp_rules(ruleset).units)} pass"]
    lines += [f"{b.kind} goes out after {label(b.out_after)}" for b in burns if b.out_after is not None]
    lines += [d.line for d in deeds]
    lines.append(f"{encounter.roll.describe()}: {encounter.line}")
    return tuple(lines)
