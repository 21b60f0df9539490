"""Rulesets as data: the TOML format, its attrs classes, the loader and its validation.

Every number the rules hand the 'Smith lives in a `rulesets/*.toml` file, so a house rule or a
revision of the game is a new file, not new code. A file is checked whole on load: every problem is
reported at once, each naming the file, the key path and what was expected, and nothing but a
`RulesetError` ever leaves the loader.

The format (all sections optional unless marked required):

    id, name (required), description, extends, format   who the file is; not inherited
    [procedures] (required)      the procedure each part of play uses (see rules/procedures.py):
                                 explore, camp ("none": no camp), light, characters, fight
    [modifier_dice] (required)   mode (the modifier-dice procedure): advantage | beans |
                                 double_advantage; bean_dice
    [time] (required)            the exploration unit (turn, Beat), its minutes and rounds
    [stats] (required)           stat names, how they are rolled, the stat-modifier table
    [saves]                      save names, the stat each adds, level divisor per quality
    [classes.<id>]               every column of a class: primes, Hit Die, rank, saves, dice...
    [class_roll]                 the class table (rows of ranges) and its sub-tables
    [advancement], [hit_points]  levels, XP and the 'Smith's ad-hoc awards; Hit Points at first
                                 level and on levelling (and the other readings a session may pick)
    [tiers], [tier_tables]       tier arithmetic and the tables keyed by tier difference
    [turn_unholy]                the save and the result of each tier difference
    [light]                      light sources, darkness (and dim light) penalties
    [divining]                   the divining pool: symbols, dice faces, base pool, additions
    [exploration_die]            a die rolled every turn instead of a divining pool
    [combat]                     initiative, tie-breaks, phase order, attack kinds, ranks and stats,
                                 criticals
    [traps]                      the trap die and table, damage scaled by dungeon level
    [difficulty]                 the difficulty modes and the default one
    [skills]                     skill targets, random skills, thief skills
    [camp], [explore], [search], [morale], [encumbrance]
    [armour]                     the armour and shield a character may pick, with their AC bonus
    [hirelings]                  the hireling tier table and the morale save of a pushed hireling
    [party]                      roles: the party roles players take (Leader, Mapper...)
    [kit]                        the starting supplies every adventurer sets out with and Return to
                                 Town restocks: rations, oil, bedroll (0 or 1), or a light source
    [decisions.<topic>]          where the text was silent or contradictory, what was chosen (text),
                                 a short title, and the words it interprets (quote) and where (source)

A ruleset without a divining pool gives an `[exploration_die]` instead; one without light rules
leaves out `[light]`; one without tiers (the Russell House Rules, Dungeon Crawl) leaves out
`[tiers]`, `[tier_tables]` and `[turn_unholy]`. `tests/rules/fixtures/sketch-*.toml` show those
shapes: an exploration die with light that burns out on its faces, 3x6 with no light rules, and
the Genesys dice.

Where a ruleset names a way of playing (a modifier-dice mode, who rolls initiative, a tie-break, a
phase, an attack kind, what 0 HP means, a levelling rule, a camp action...), only the names the app
plays are accepted, and a refusal lists them: a ruleset the app cannot play fails on load, not at
the table. The 3x6 sketch is such a file.

`extends = "<id>"` starts from another ruleset (looked up beside the file, then among the shipped
rulesets). Tables merge key by key, recursively; arrays and plain values replace the parent's.
A table holding `_replace = true` replaces the parent's table whole instead of merging (a
variant with different divining dice must not inherit a die it does not have); one holding only
`_replace = true` drops the parent's table (a ruleset that explores by another procedure drops
`[divining]`). A section that no procedure of the ruleset reads is a problem, as is a procedure
whose section is missing.

Key paths in messages are dotted, with array positions counted from 0: `traps.table[4].damage`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from hammertui.rules.dice import (
    DiceExpr,
    DiceNotationError,
    DiceSource,
    DiviningDie,
    Face,
    Roll,
    parse,
)
from hammertui.rules.dice import roll as roll_dice
from hammertui.rules import procedures

FORMAT_VERSION = 1

# The names the app plays, wherever a ruleset picks one: anything else is refused on load, since
# the first tied initiative or the first fall to 0 HP is no time to learn the app cannot play it.
STAT_METHODS = ("prime_first", "in_order")
FIRST_LEVEL_HP = ("max_hit_die", "roll_hit_die")
LEVEL_UP_HP = {
    "reroll_all": "reroll every Hit Die, CON mod once; a total below the old maximum gives the old + 1",
    "reroll_all_con_each": "reroll every Hit Die, CON mod on each; a total not above the old maximum gives the old + 1",
    "plus_one_and_death_save": "+1, and as much again as the Death save bonus rises",
}
"""Each way the code can raise Hit Points on levelling, in words for the sheet and the log."""
RESOURCE_REFRESH = ("day", "adventure", "never")
INITIATIVE_WHO = ("side_leader",)
TIE_BREAKS = ("more_numerous_side", "last_winner", "roll_off")
PHASES = ("morale", "movement", "missile", "melee", "misc", "magic", "move_again")
ATTACK_KINDS = ("melee", "missile", "thrown")
ZERO_HP = ("death", "burn_con")
CAMP_ACTIONS = ("rest", "rememorize", "craft_ammo", "level_up", "stand_watch", "scout_ahead")
CAMP_FREE = ("heal", "rememorize", "turn_unholy")

IDENTITY_KEYS = ("id", "name", "description", "extends", "format")

KeyPath = tuple[str | int, ...]


class RulesetError(Exception):
    """A ruleset that cannot be used; `problems` holds one line per thing wrong."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


# ---------------------------------------------------------------------------------------------
# The data: what a loaded ruleset holds.
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class TimeRules:
    """The exploration clock: a ruleset's own word for its unit and how long the unit is."""

    unit: str
    unit_plural: str
    minutes_per_unit: int
    rounds_per_unit: int
    seconds_per_round: int
    combat_minimum: int = 1

    def label(self, n: int) -> str:
        """`1 turn`, `3 turns`, `1 Beat`: the count in the ruleset's own word."""
        return f"{n} {self.unit if abs(n) == 1 else self.unit_plural}"

    @property
    def title(self) -> str:
        """The plural as a heading: `Turns`, `Beats`."""
        return self.unit_plural[:1].upper() + self.unit_plural[1:]

    @property
    def units_per_hour(self) -> int:
        return max(1, 60 // self.minutes_per_unit)

    def combat_units(self, rounds: int) -> int:
        """What a fight costs the clock: max(minimum, ceil(rounds / rounds per unit))."""
        return max(self.combat_minimum, math.ceil(rounds / self.rounds_per_unit))


@attrs.frozen
class ModifierDice:
    """How a ruleset tilts a roll: stacking Advantage, Boons/Banes, double Advantage or 3x6."""

    mode: str
    bean_dice: tuple[int, ...] = ()
    stay_put_bonus: int = 0


@attrs.frozen
class StatRolling:
    """How stats are rolled: `count` throws of `dice`, placed by `method`."""

    dice: str = "3d6"
    count: int = 6
    method: str = "prime_first"


@attrs.frozen
class StatModifier:
    """One row of the stat-modifier table: scores `low`..`high` give `mod`."""

    low: int
    high: int
    mod: int


@attrs.frozen
class Progression:
    """A number that grows by one at given levels: attack dice, Stabbity, spell level."""

    base: int
    gained_at: tuple[int, ...] = ()

    def at(self, level: int) -> int:
        return self.base + sum(1 for gained in self.gained_at if gained <= level)


@attrs.frozen
class AttackDice(Progression):
    """Attack dice by level; `bonus_melee_only` marks a Dwarf's extra dice."""

    bonus_melee_only: bool = False


@attrs.frozen
class Spellcasting:
    """A caster's book: free spells, then `base` + stat mod (not below `minimum`), + `per_level`."""

    spell_list: str
    stat: str
    base: int
    per_level: int
    free_spells: tuple[str, ...] = ()
    minimum: int = 0
    max_spell_level: Progression = Progression(1)

    def book_size(self, level: int, stat_mod: int) -> int:
        """Spells in the book at `level`, free ones included."""
        bonus = max(self.minimum, self.base + stat_mod)
        return len(self.free_spells) + bonus + self.per_level * max(0, level - 1)


@attrs.frozen
class ClassResource:
    """Uses a class gains by level: Turn Unholy a day, Not Today! for good, rerolls an adventure."""

    id: str
    name: str
    per_level: int
    refresh: str

    def uses(self, level: int) -> int:
        return self.per_level * level


@attrs.frozen
class ClassThiefSkills:
    """Which thief skills a class has; an empty `skills` means every thief skill of the ruleset."""

    skills: tuple[str, ...] = ()
    advantage: tuple[str, ...] = ()
    disadvantage: tuple[str, ...] = ()
    bailiwick_and_failing: bool = False
    points_at_first_level: int = 0
    points_per_level: int = 0


@attrs.frozen
class Rage:
    """The Berserker's rage: a save against `target` when hurt, `break_target` to snap out."""

    save: str
    target: int
    break_target: int


@attrs.frozen
class ClassDef:
    """One class, every column of the rules' class table as data."""

    id: str
    name: str
    short_name: str
    race: str
    prime_stats: tuple[str, ...]
    hit_die: int
    attack_rank: str
    movement: int
    saves: dict[str, str]
    attack_dice: AttackDice
    languages: tuple[str, ...] = ()
    spellcasting: Spellcasting | None = None
    resources: tuple[ClassResource, ...] = ()
    advantage_on_good_saves: bool = False
    hit_dice_advantage: bool = False
    hit_dice_reroll: tuple[int, ...] = ()
    stabbity: Progression | None = None
    thief_skills: ClassThiefSkills | None = None
    two_handed_damage_die: int | None = None
    two_handed_extra_damage_dice: int = 0
    two_weapon_extra_attack_dice: Progression | None = None
    rage: Rage | None = None
    tactical_attack_advantage: bool = False
    trap_save_advantage: bool = False
    camp_free: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    armour_forbidden: tuple[str, ...] = ()
    no_dex_penalty_in: tuple[str, ...] = ()

    def resource(self, resource_id: str) -> ClassResource | None:
        return next((r for r in self.resources if r.id == resource_id), None)


@attrs.frozen
class ArmourDef:
    """A kind of armour, or a shield: what it adds to AC. `weight` orders them, none = 0."""

    id: str
    name: str
    ac: int
    weight: int = 0
    shield: bool = False


@attrs.frozen
class HirelingTier:
    """One row of the hireling table: what a hireling of this tier costs a day and brings."""

    tier: int
    cost: str
    expertise: int
    finding: str = ""
    description: str = ""


@attrs.frozen
class HirelingRules:
    """Hirelings: the tier table and the morale check for a pushed hireling.

    The employer makes `save` against the target for the hireling's tier against their own; a
    failure by at most `double_cost_within` keeps the hireling at double cost, more and they quit.
    """

    tiers: tuple[HirelingTier, ...]
    save: str = "Rally"
    double_cost_within: int = 5

    def row(self, tier: int) -> HirelingTier:
        for row in self.tiers:
            if row.tier == tier:
                return row
        raise KeyError(tier)


@attrs.frozen
class TableRow:
    """One row of a roll table: totals `low`..`high` give a class, or send to a sub-table."""

    low: int
    high: int
    class_id: str | None = None
    table: str | None = None

    def covers(self, total: int) -> bool:
        return self.low <= total <= self.high


@attrs.frozen
class ClassTable:
    """The class roll: `dice` on `rows`; a row may send the player on to a sub-table."""

    dice: str
    rows: tuple[TableRow, ...]
    tables: dict[str, ClassTable] = attrs.field(factory=dict)

    def row_for(self, total: int) -> TableRow:
        for row in self.rows:
            if row.covers(total):
                return row
        raise ValueError(f"no row of the class table covers {total}")

    def class_for(self, roll: int, sub_roll: int | None = None) -> str:
        """The class a roll gives; a row pointing at a sub-table needs that table's roll too."""
        row = self.row_for(roll)
        if row.table is None:
            assert row.class_id is not None
            return row.class_id
        if sub_roll is None:
            raise ValueError(f"a roll of {roll} sends to the {row.table} table: give its roll")
        return self.tables[row.table].class_for(sub_roll)


@attrs.frozen
class AdHocAward:
    """One of the 'Smith's quick XP awards: so much for a moment of the kind the text names."""

    xp: int
    name: str


@attrs.frozen
class Advancement:
    """Levels and XP: next level needs next level x `xp_per_next_level` (or `xp_table`)."""

    max_level: int
    xp_per_next_level: int = 0
    xp_table: tuple[int, ...] = ()
    xp_resets: bool = True
    coins_per_xp: int = 0
    ad_hoc: tuple[AdHocAward, ...] = ()

    def xp_for_next(self, level: int) -> int | None:
        if level >= self.max_level:
            return None
        if self.xp_table:
            return self.xp_table[level - 1] if level - 1 < len(self.xp_table) else None
        return (level + 1) * self.xp_per_next_level


@attrs.frozen
class HitPointRules:
    """First-level HP (`max_hit_die` or `roll_hit_die`) + CON mod, and how levelling changes them."""

    first_level: str = "max_hit_die"
    minimum: int = 1
    level_up: str = "reroll_all"
    level_up_alternatives: tuple[str, ...] = ()

    @property
    def level_up_choices(self) -> tuple[str, ...]:
        """The levelling rules a session may play: the ruleset's own first, then the others its
        text allows."""
        return (self.level_up, *(m for m in self.level_up_alternatives if m != self.level_up))


@attrs.frozen
class TierRank:
    """One row of the tier table: what a tier means for an adventurer, a monster, a treasure."""

    tier: int
    levels: str
    adventurer: str
    monster: str
    treasure: str


@attrs.frozen
class TierRules:
    """Tier arithmetic: levels per tier, the caps, and how far a difference is clamped."""

    levels_per_tier: int = 3
    max_adventurer_tier: int = 5
    max_tier: int = 6
    difference_cap: int = 2
    ranks: tuple[TierRank, ...] = ()


@attrs.frozen
class TurnUnholyResult:
    """What a failed save against Turn Unholy does at one tier difference."""

    id: str
    name: str
    rounds: str | None = None
    damage_die: int | None = None
    description: str = ""


@attrs.frozen
class TurnUnholy:
    """Turn Unholy: the victims' save, the results by difference, and intelligent foes' edge."""

    save: str
    results: tuple[TurnUnholyResult, ...]
    intelligent_modifier: int = 0
    intelligent_destroyed: bool = True


@attrs.frozen
class LightSourceDef:
    """A light source: how long it burns (or what on the exploration die ends it), how far, how well."""

    kind: str
    name: str
    duration: int | None = None
    per_caster_level: int = 0
    radius_ft: int | None = None
    strength: str | None = None
    refuel: str | None = None
    needs_caster: bool = False
    pips: int | None = None
    depletes_on: str | None = None
    lights: int | None = None
    dims: int | None = None

    def duration_for(self, caster_level: int = 0) -> int | None:
        """Units it burns, the caster's level added for a spell."""
        if self.duration is None:
            return None
        return self.duration + self.per_caster_level * caster_level


@attrs.frozen
class LightPenalty:
    """What darkness (or dim light) does; `modifiers` are net modifier dice, negative = against."""

    attack_dice: int = 0
    critical_hits: bool = True
    damage_die_steps: int = 0
    skills_allowed: bool = True
    modifiers: dict[str, int] = attrs.field(factory=dict)


@attrs.frozen
class LightRules:
    """Light sources and the penalties of darkness and dim light."""

    sources: dict[str, LightSourceDef]
    darkness: LightPenalty | None = None
    dim: LightPenalty | None = None
    two_weak_make_strong: bool = False


@attrs.frozen
class DiviningColour:
    """A divining die's colour as the table names it, and its role in the pool."""

    id: str
    name: str
    role: str
    description: str = ""


@attrs.frozen
class PoolAddition:
    """Dice the 'Smith adds to the pool for something the party did.

    `scale` is `once`, `each` (per good idea, per gear) or `half_party` (party size / 2, up).
    """

    id: str
    name: str
    dice: dict[str, int]
    scale: str = "once"


@attrs.frozen
class PoolAccrual:
    """Risk and Reward dice gathered room by room and emptied by the actions in `reset_on`."""

    reward_colour: str
    risk_colour: str
    per_room_beyond_first: int = 1
    reset_on: tuple[str, ...] = ()


@attrs.frozen
class Divining:
    """The divining pool: its dice and their faces, the symbols, and how a pool is built."""

    dice: dict[str, DiviningDie]
    colours: dict[str, DiviningColour]
    symbols: dict[str, str]
    base_pool: dict[str, int]
    challenge_colour: str | None = None
    challenge_min: int = 0
    challenge_max: int = 0
    challenge_default: int = 0
    challenge_persists: bool = False
    challenge_shift: dict[str, int] = attrs.field(factory=dict)
    chain_symbol: str | None = None
    chain_colour: str | None = None
    counts_as: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    bonus: dict[str, dict[str, int]] = attrs.field(factory=dict)
    cancel: tuple[tuple[str, str], ...] = ()
    additions: tuple[PoolAddition, ...] = ()
    accrual: PoolAccrual | None = None

    @property
    def chain_color(self) -> str | None:
        """`chain_colour` in the spelling `hammertui.rules.dice` uses."""
        return self.chain_colour

    @property
    def base_colour(self) -> str | None:
        """The colour of the pool's fixed die (Blue in the complete rules)."""
        return next(iter(self.base_pool), None)

    def symbol_count(self, face: Face, symbol: str) -> int:
        """How many `symbol` a face shows, counting symbols that also count as it."""
        return sum(1 for s in face if s == symbol or symbol in self.counts_as.get(s, ()))

    def chain_chance(self, colour: str) -> Fraction:
        die = self.dice[colour]
        if self.chain_symbol is None:
            return Fraction(0)
        return Fraction(sum(1 for f in die.faces if self.chain_symbol in f), die.sides)

    def expected_dice(self, colour: str) -> Fraction:
        """Dice thrown on average for one die of `colour`, the dice its chains add included."""
        return 1 + self.chain_chance(colour) * self._chain_expectation(lambda _: Fraction(1))

    def expected_symbols(self, colour: str, symbol: str) -> Fraction:
        """Average `symbol` count for one die of `colour`, chains included: exact, from the faces."""

        def own(c: str) -> Fraction:
            die = self.dice[c]
            return Fraction(sum(self.symbol_count(f, symbol) for f in die.faces), die.sides)

        return own(colour) + self.chain_chance(colour) * self._chain_expectation(own)

    def _chain_expectation(self, own: Callable[[str], Fraction]) -> Fraction:
        """E for one chained die: e = own + p e, so e = own / (1 - p)."""
        if self.chain_colour is None:
            return Fraction(0)
        p = self.chain_chance(self.chain_colour)
        return own(self.chain_colour) / (1 - p)


@attrs.frozen
class ExplorationResult:
    """One face of an exploration die and what it means."""

    low: int
    high: int
    id: str
    name: str
    description: str = ""


@attrs.frozen
class ExplorationDie:
    """A die rolled every unit instead of a divining pool (Russell House Rules)."""

    dice: str
    results: tuple[ExplorationResult, ...]

    def result_for(self, roll: int) -> ExplorationResult:
        for result in self.results:
            if result.low <= roll <= result.high:
                return result
        raise ValueError(f"no exploration die result covers {roll}")


@attrs.frozen
class Initiative:
    """Who rolls initiative and how: `dice` + the listed stats' mods, every round or once."""

    dice: str
    stats: tuple[str, ...] = ()
    who: str = "side_leader"
    each_round: bool = True


@attrs.frozen
class Critical:
    """Natural rolls that crit or fumble; `chain_save` lets a passed save raise the multiplier.

    `narrative_option`: the attacker may swap a crit's multiplied damage for a narrative or
    tactical effect (the complete rules), keeping the hit's ordinary damage.
    """

    natural: int = 20
    multiplier: int = 2
    chain_save: str | None = None
    fumble: int | None = 1
    narrative_option: bool = False


@attrs.frozen
class CombatRules:
    """Combat: initiative, tie-breaks and the phases of a side's turn, attack ranks, AC, crits."""

    initiative: Initiative
    phases: tuple[str, ...] = ()
    phase_names: dict[str, str] = attrs.field(factory=dict)
    tie_breaks: tuple[str, ...] = ()
    tie_break_names: dict[str, str] = attrs.field(factory=dict)
    attack_ranks: dict[str, int] = attrs.field(factory=dict)
    attack_kinds: tuple[str, ...] = ("melee", "missile")
    attack_stats: dict[str, str] = attrs.field(factory=dict)
    damage_stats: dict[str, str] = attrs.field(factory=dict)
    ac_base: int = 10
    ac_stat: str | None = None
    critical: Critical = Critical()
    move_far_multiplier: int = 2

    def phase_name(self, phase: str) -> str:
        return self.phase_names.get(phase, phase.replace("_", " ").capitalize())


@attrs.frozen
class DiceProduct:
    """Dice multiplied together, times `multiplier`, times the dungeon level when `times_level`.

    `1d6 x 1d6 x level` is dice ("1d6", "1d6") with `times_level`; `level x 10` is no dice,
    multiplier 10, `times_level`.
    """

    dice: tuple[str, ...] = ()
    multiplier: int = 1
    times_level: bool = False

    def roll(self, source: DiceSource, level: int = 1) -> tuple[int, tuple[Roll, ...]]:
        """Throw the dice and multiply it all out at dungeon level `level`."""
        rolls = tuple(roll_dice(source, notation) for notation in self.dice)
        total = self.multiplier * (level if self.times_level else 1)
        for thrown in rolls:
            total *= thrown.total
        return total, rolls

    def describe(self, level: int | None = None) -> str:
        parts = list(self.dice)
        if self.multiplier != 1 or not parts:
            parts.append(str(self.multiplier))
        if self.times_level:
            parts.append("level" if level is None else str(level))
        return " x ".join(parts)


@attrs.frozen
class PitFall:
    """A pit: depth in feet as a product of dice, and a damage die per 10 feet fallen."""

    depth_ft: DiceProduct
    damage_per_10ft: str


@attrs.frozen
class Poison:
    """Poison: onset in rounds, then a save or damage."""

    onset_rounds: str
    damage: DiceProduct
    save: str | None = None


@attrs.frozen
class Trap:
    """One row of the trap table."""

    low: int
    high: int
    name: str
    damage: DiceProduct | None = None
    pit: PitFall | None = None
    poison: Poison | None = None
    effect: str = ""

    @property
    def roll(self) -> int:
        """The roll that gives this trap (the first of its range, should a row span several)."""
        return self.low


@attrs.frozen
class DifficultyMode:
    """A difficulty mode: what 0 HP means and whether rest restores lost CON."""

    id: str
    name: str
    description: str = ""
    zero_hp: str = "burn_con"
    con_per_week_of_rest: int = 0


@attrs.frozen
class Decision:
    """A choice made where a rule text is silent or contradicts itself, beside the words it reads.

    Shown on the Rules screen and in the dialogs where it applies, so the table can see the ruling.
    """

    title: str
    text: str
    quote: str = ""
    source: str = ""


@attrs.frozen
class NamedTarget:
    """A named target number: a skill check or morale target."""

    id: str
    name: str
    target: int


@attrs.frozen
class ThiefSkill:
    """A thief skill and the stat whose mod it adds."""

    id: str
    name: str
    stat: str


@attrs.frozen
class SkillRules:
    """Skill targets, the random skills a character starts with, and the thief skills."""

    targets: tuple[NamedTarget, ...] = ()
    random_base: int = 0
    random_stat: str | None = None
    thief_skills: tuple[ThiefSkill, ...] = ()
    thief_magic_level: int | None = None

    def target(self, target_id: str) -> int:
        for named in self.targets:
            if named.id == target_id:
                return named.target
        raise KeyError(target_id)


@attrs.frozen
class CampRules:
    """Camp: its cost, what it needs, the actions on offer, the watch and the encounter roll."""

    units: int
    rations_each: int = 1
    needs_light: bool = True
    needs_safe_haven: bool = True
    needs_bedroll: bool = False
    actions: tuple[str, ...] = ()
    craft_ammo: str | None = None
    watch_colour: str | None = None
    watch_dice: int = 1
    watch_encounter_modifier: int = -1
    scout_success_colour: str | None = None
    scout_failure_colour: str | None = None
    scout_rooms: str | None = None
    encounter_dice: str = "1d6"
    encounter_adds_dungeon_level: bool = True
    encounter_at_least: int = 6
    surprised_without_watch: bool = True


EXPLORE_EFFECTS = (
    "note",
    "no_time",
    "restock",
    "reroll",
    "burn_lights",
    "transit_encounter",
    "ration_spoils",
    "safe_haven",
    "trap",
)
"""What the app can do for an outcome; `note` only records it on the room for the 'Smith to read."""


@attrs.frozen
class ExploreOutcome:
    """One thing a net Falcon or Skull, a Hammer or a Crossblade can buy, as the text lists it.

    `dice` is thrown by `burn_lights` (turns lost) and `transit_encounter` (the die colours, e.g.
    "purple"); `ignore` names symbols a transit encounter's die does not count.
    """

    id: str
    name: str
    effect: str = "note"
    dice: str = ""
    colour: str = ""
    ignore: tuple[str, ...] = ()


@attrs.frozen
class ExploreRules:
    """Explore: its cost, the XP a room gives, which symbols count as challenge and reward, and
    what each symbol can buy (`outcomes`, by symbol; `also` lets a symbol buy another's list too).

    Each Blood Drop costs `blood_dice` per dungeon level (Xd4) and each Hourglass `hourglass_dice`
    more units of time.
    """

    room_xp: int = 1
    challenge_symbol: str | None = None
    reward_symbol: str | None = None
    reward_needs_challenge: bool = True
    revisit_xp: bool = False
    no_light_colour: str | None = None
    cost: int = 1
    blood_dice: str = "1d4"
    hourglass_dice: str = "1d4"
    outcomes: dict[str, tuple[ExploreOutcome, ...]] = attrs.field(factory=dict)
    also: dict[str, str] = attrs.field(factory=dict)

    def choices(self, symbol: str) -> tuple[ExploreOutcome, ...]:
        """What one `symbol` can buy: its own list, then the list it may also draw from."""
        own = self.outcomes.get(symbol, ())
        other = self.also.get(symbol)
        return own + (self.outcomes.get(other, ()) if other else ())


@attrs.frozen
class SearchRules:
    """Searching: each searcher adds `per_searcher` in `out_of` per unit; the sum finds at `out_of`."""

    per_searcher: int = 1
    out_of: int = 6


@attrs.frozen
class Encumbrance:
    """Carrying capacity: `stat` / `divide_by` (rounded up or down) + the mod of `add_mod_of`."""

    stat: str
    divide_by: int = 1
    round_up: bool = True
    add_mod_of: str | None = None
    hard_cap_multiplier: Fraction | None = None


@attrs.frozen(repr=False)
class Ruleset:
    """A whole ruleset, loaded and checked; `extends` is already folded in."""

    id: str
    name: str
    description: str
    extends: str | None
    time: TimeRules
    modifier_dice: ModifierDice
    stats: tuple[str, ...]
    stat_names: dict[str, str]
    stat_rolling: StatRolling
    stat_modifiers: tuple[StatModifier, ...]
    combat: CombatRules
    procedures: dict[str, str] = attrs.field(factory=dict)
    """The procedure of each part of play (`rules/procedures.PARTS`), "none" for a part left out."""
    save_names: tuple[str, ...] = ()
    save_stat: dict[str, str] = attrs.field(factory=dict)
    save_quality_divisor: dict[str, int] = attrs.field(factory=dict)
    classes: dict[str, ClassDef] = attrs.field(factory=dict)
    class_table: ClassTable | None = None
    advancement: Advancement | None = None
    hit_points: HitPointRules | None = None
    tier_rules: TierRules | None = None
    tier_tables: dict[str, tuple[Fraction, ...]] = attrs.field(factory=dict)
    turn_unholy: TurnUnholy | None = None
    light: LightRules | None = None
    divining: Divining | None = None
    exploration_die: ExplorationDie | None = None
    trap_dice: str | None = None
    traps: tuple[Trap, ...] = ()
    difficulty_modes: tuple[DifficultyMode, ...] = ()
    default_difficulty: str | None = None
    skills: SkillRules | None = None
    camp: CampRules | None = None
    explore: ExploreRules | None = None
    search: SearchRules | None = None
    morale_targets: tuple[NamedTarget, ...] = ()
    encumbrance: Encumbrance | None = None
    armour: tuple[ArmourDef, ...] = ()
    hirelings: HirelingRules | None = None
    party_roles: tuple[str, ...] = ()
    kit: dict[str, int] = attrs.field(factory=dict)
    decisions: dict[str, Decision] = attrs.field(factory=dict)
    source: Path | None = attrs.field(default=None, eq=False)
    digest: str = attrs.field(default="", eq=False)
    """A fingerprint of the rules the file and its parents hold (not their comments or layout): a
    session notices when the ruleset it was played by has changed since."""

    def __repr__(self) -> str:
        return f"Ruleset(id={self.id!r}, name={self.name!r})"

    def stat_mod(self, score: int) -> int:
        """The modifier of a stat score; scores beyond the table take its end rows."""
        if not self.stat_modifiers:
            raise ValueError(f"ruleset {self.id} has no stat-modifier table")
        for row in self.stat_modifiers:
            if row.low <= score <= row.high:
                return row.mod
        first, last = self.stat_modifiers[0], self.stat_modifiers[-1]
        return first.mod if score < first.low else last.mod

    @property
    def light_sources(self) -> dict[str, LightSourceDef]:
        return self.light.sources if self.light else {}

    @property
    def darkness(self) -> LightPenalty | None:
        return self.light.darkness if self.light else None

    @property
    def attack_rank_divisor(self) -> dict[str, int]:
        """Attack rank -> the divisor of the level (0 = no level bonus)."""
        return self.combat.attack_ranks

    @property
    def trap_die(self) -> int | None:
        return parse(self.trap_dice).sides if self.trap_dice else None

    def trap_for(self, roll: int) -> Trap:
        for trap in self.traps:
            if trap.low <= roll <= trap.high:
                return trap
        raise ValueError(f"no trap of {self.id} covers a roll of {roll}")

    def class_for(self, roll: int, human_roll: int | None = None) -> str:
        """The class a class-table roll gives; a sub-table row (Human) needs its roll too."""
        if self.class_table is None:
            raise ValueError(f"ruleset {self.id} has no class table")
        return self.class_table.class_for(roll, human_roll)

    def difficulty(self, mode_id: str | None = None) -> DifficultyMode | None:
        wanted = mode_id or self.default_difficulty
        return next((m for m in self.difficulty_modes if m.id == wanted), None)

    def armour_kind(self, armour_id: str) -> ArmourDef:
        for kind in self.armour:
            if kind.id == armour_id:
                return kind
        raise KeyError(armour_id)

    @property
    def body_armour(self) -> tuple[ArmourDef, ...]:
        return tuple(a for a in self.armour if not a.shield)

    @property
    def shield(self) -> ArmourDef | None:
        return next((a for a in self.armour if a.shield), None)


# ---------------------------------------------------------------------------------------------
# Reading: value kinds, tables that remember their key path, and the problem list.
# ---------------------------------------------------------------------------------------------


class _Bad(Exception):
    """A value that does not fit; `sub` is the path inside it (an array position, say)."""

    def __init__(
        self,
        expected: str,
        sub: KeyPath = (),
        got: Any = None,
        has_got: bool = False,
        missing: bool = False,
    ) -> None:
        super().__init__(expected)
        self.expected = expected
        self.sub = sub
        self.got = got
        self.has_got = has_got
        self.missing = missing

    def inside(self, key: str | int, element: Any) -> _Bad:
        """The same problem seen from one level up: `key` joins the front of the path."""
        got = self.got if self.has_got else _dig(element, self.sub)
        return _Bad(self.expected, (key, *self.sub), got, True, self.missing)


@attrs.frozen
class _Kind:
    """What a value must be: the words for it, the check that converts it, a stand-in if wrong."""

    expected: str
    convert: Callable[[Any], Any]
    fallback: Any = None


def _int(low: int | None = None, high: int | None = None, what: str = "a whole number") -> _Kind:
    if low is not None and high is not None:
        expected = f"{what} ({low}-{high})"
    elif low is not None:
        expected = f"{what} of at least {low}"
    elif high is not None:
        expected = f"{what} of at most {high}"
    else:
        expected = what

    def convert(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(expected)
        if (low is not None and value < low) or (high is not None and value > high):
            raise _Bad(expected)
        return value

    return _Kind(expected, convert, low if low is not None else 0)


def _text(what: str = "text", nonempty: bool = True) -> _Kind:
    expected = f"{what} in quotes" if nonempty else f"{what} in quotes (may be empty)"

    def convert(value: Any) -> str:
        if not isinstance(value, str) or (nonempty and not value.strip()):
            raise _Bad(expected)
        return value

    return _Kind(expected, convert, "")


_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
_RULESET_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_-]*$")


def _ident(what: str = "an id", pattern: re.Pattern[str] = _ID_PATTERN) -> _Kind:
    letters = (
        "lower case letters, digits, _ and -"
        if pattern is _RULESET_ID_PATTERN
        else "lower case letters, digits and _"
    )
    expected = f"{what} ({letters})"

    def convert(value: Any) -> str:
        if not isinstance(value, str) or not pattern.match(value):
            raise _Bad(expected)
        return value

    return _Kind(expected, convert, "")


def _choice(*options: str) -> _Kind:
    expected = "one of " + ", ".join(f'"{o}"' for o in options)

    def convert(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise _Bad(expected)
        return value

    return _Kind(expected, convert, options[0])


def _bool_kind() -> _Kind:
    def convert(value: Any) -> bool:
        if not isinstance(value, bool):
            raise _Bad("true or false")
        return value

    return _Kind("true or false", convert, False)


def _dice_kind() -> _Kind:
    expected = 'dice notation such as "1d10" or "3d6"'

    def convert(value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(expected)
        try:
            parse(value)
        except DiceNotationError:
            raise _Bad(expected) from None
        return value

    return _Kind(expected, convert, "1d6")


def _fraction_kind(what: str = "a number") -> _Kind:
    expected = f'{what}: a whole number or a fraction in quotes such as "1/2"'

    def convert(value: Any) -> Fraction:
        if isinstance(value, bool):
            raise _Bad(expected)
        if isinstance(value, int):
            return Fraction(value)
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*(/\s*[1-9]\d*\s*)?", value):
            return Fraction(value.replace(" ", ""))
        raise _Bad(expected)

    return _Kind(expected, convert, Fraction(0))


def _list(
    item: _Kind,
    length: int | None = None,
    nonempty: bool = False,
    unique: bool = False,
    what: str | None = None,
) -> _Kind:
    described = what or f"an array of {item.expected}"
    if length is not None:
        described = what or f"an array of exactly {length} values, each {item.expected}"

    def convert(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _Bad(described)
        if length is not None and len(value) != length:
            raise _Bad(described)
        if nonempty and not value:
            raise _Bad(described + " (at least one)")
        out = []
        for i, element in enumerate(value):
            try:
                out.append(item.convert(element))
            except _Bad as bad:
                raise bad.inside(i, element) from None
        if unique:
            seen: set[Any] = set()
            for i, element in enumerate(out):
                if element in seen:
                    raise _Bad("each value once, not repeated", (i,), value[i], True)
                seen.add(element)
        return tuple(out)

    return _Kind(described, convert, ())


def _mapping(value: _Kind, what: str | None = None, key: _Kind | None = None) -> _Kind:
    described = what or f"a table whose values are each {value.expected}"

    def convert(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise _Bad(described)
        out = {}
        for k, v in raw.items():
            if key is not None:
                try:
                    key.convert(k)
                except _Bad as bad:
                    raise _Bad(f"a key that is {bad.expected}", (k,), k, True) from None
            try:
                out[k] = value.convert(v)
            except _Bad as bad:
                raise bad.inside(k, v) from None
        return out

    return _Kind(described, convert, {})


_INT = _int()
_BOOL = _bool_kind()
_DICE = _dice_kind()
_TEXT = _text()
_ANY_TEXT = _text(nonempty=False)
_SIDES = _int(2, 100, "a whole number of sides")


def _show(value: Any) -> str:
    """A value as it looks in TOML, short enough for one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = json.dumps(value, ensure_ascii=False)
        return shown if len(shown) <= 60 else shown[:57] + '..."'
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dict):
        return "a table" if value else "an empty table"
    if isinstance(value, list):
        inline = "[" + ", ".join(_show(v) for v in value) + "]"
        if len(inline) <= 60:
            return f"{inline} ({len(value)} value{'s' if len(value) != 1 else ''})"
        return f"an array of {len(value)} values"
    return f"a date or time ({value})"


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _dotted(path: KeyPath) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE_KEY.match(part) else json.dumps(part)
            out += f".{key}" if out else key
    return out


class _Context:
    """Collects problems for one load, naming for each key path the file it came from."""

    def __init__(self, leaf_file: str, origins: Mapping[KeyPath, str], raw: dict[str, Any]) -> None:
        self.leaf_file = leaf_file
        self.origins = origins
        self.raw = raw
        self.paths: list[KeyPath] = []
        self.messages: list[str] = []

    def file_of(self, path: KeyPath) -> str:
        """The file that set the longest known prefix of `path` (arrays are set whole)."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.origins:
                return self.origins[path[:n]]
        return self.leaf_file

    def problem(self, path: KeyPath, text: str) -> None:
        self.paths.append(path)
        where = _dotted(path)
        message = f"{self.file_of(path)}: {where}: {text}" if where else f"{self.file_of(path)}: {text}"
        if message not in self.messages:
            self.messages.append(message)

    def expected(self, path: KeyPath, expected: str, got: Any) -> None:
        self.problem(path, f"expected {expected}, got {_show(got)}")

    def failed_under(self, prefix: KeyPath) -> bool:
        return any(p[: len(prefix)] == prefix for p in self.paths)


_MISSING = object()


class _Table:
    """A TOML table being read: remembers its key path and which keys were asked for."""

    def __init__(self, ctx: _Context, path: KeyPath, data: dict[str, Any]) -> None:
        self.ctx = ctx
        self.path = path
        self.data = data
        self.known: list[str] = []

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: _Kind, default: Any = None) -> Any:
        """An optional value: `default` when absent, and when wrong (after saying so)."""
        return self._read(key, kind, required=False, default=default)

    def need(self, key: str, kind: _Kind) -> Any:
        """A required value: a problem when absent or wrong, and `kind.fallback` in its place."""
        return self._read(key, kind, required=True, default=kind.fallback)

    def _read(self, key: str, kind: _Kind, required: bool, default: Any) -> Any:
        self.known.append(key)
        path = (*self.path, key)
        if key not in self.data:
            if required:
                self.ctx.problem(path, f"missing; expected {kind.expected}")
            return default
        raw = self.data[key]
        try:
            return kind.convert(raw)
        except _Bad as bad:
            if bad.missing:
                self.ctx.problem((*path, *bad.sub), f"missing; expected {bad.expected}")
            else:
                got = bad.got if bad.has_got else _dig(raw, bad.sub)
                self.ctx.expected((*path, *bad.sub), bad.expected, got)
            return default

    def table(self, key: str, required: bool = False, what: str = "a table") -> _Table | None:
        self.known.append(key)
        path = (*self.path, key)
        if key not in self.data:
            if required:
                self.ctx.problem(path, f"missing; expected {what}")
            return None
        raw = self.data[key]
        if not isinstance(raw, dict):
            self.ctx.expected(path, what, raw)
            return None
        return _Table(self.ctx, path, raw)

    def tables(self, key: str, required: bool = False, what: str = "a table") -> dict[str, _Table]:
        """A table of tables keyed by id (`[classes.dwarf]`, `[classes.elf]`)."""
        outer = self.table(key, required, f"a table of {what} tables")
        if outer is None:
            return {}
        outer.known.extend(outer.data)
        out = {}
        for name, raw in outer.data.items():
            path = (*outer.path, name)
            if not isinstance(raw, dict):
                self.ctx.expected(path, f"a {what} table", raw)
            elif not _ID_PATTERN.match(name):
                self.ctx.problem(path, "expected an id of lower case letters, digits and _")
            else:
                out[name] = _Table(self.ctx, path, raw)
        return out

    def rows(self, key: str, required: bool = False, what: str = "a table") -> list[_Table]:
        """An array of tables (`[[traps.table]]` or `[{...}, {...}]`)."""
        self.known.append(key)
        path = (*self.path, key)
        if key not in self.data:
            if required:
                self.ctx.problem(path, f"missing; expected an array of tables, each {what}")
            return []
        raw = self.data[key]
        if not isinstance(raw, list):
            self.ctx.expected(path, f"an array of tables, each {what}", raw)
            return []
        out = []
        for i, element in enumerate(raw):
            if isinstance(element, dict):
                out.append(_Table(self.ctx, (*path, i), element))
            else:
                self.ctx.expected((*path, i), what, element)
        return out

    def close(self) -> None:
        """Every key nobody asked for is a problem: most are typing mistakes."""
        allowed = sorted(set(self.known))
        for key in self.data:
            if key not in self.known:
                listed = ", ".join(allowed) if allowed else "none"
                self.ctx.problem((*self.path, key), f"unknown key; expected one of: {listed}")


def _dig(value: Any, sub: KeyPath) -> Any:
    for part in sub:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return value
    return value


# ---------------------------------------------------------------------------------------------
# Sections: one reader per TOML section.
# ---------------------------------------------------------------------------------------------


def _read_range(t: _Table) -> tuple[int, int]:
    """`roll = 5` or `from = 3` + `to = 4`."""
    if t.has("roll"):
        roll = t.need("roll", _INT)
        if t.has("from") or t.has("to"):
            t.ctx.problem(t.path, "expected either roll or from and to, not both")
        t.known.extend(["from", "to"])
        return roll, roll
    low = t.need("from", _int(what="a whole number (or give roll = N for one value)"))
    high = t.need("to", _INT)
    t.known.append("roll")
    if high < low:
        t.ctx.problem((*t.path, "to"), f"expected a number no smaller than from ({low}), got {high}")
    return low, high


def _dice_range(notation: str) -> tuple[int, int]:
    expr: DiceExpr = parse(notation)
    n = expr.keep if expr.keep is not None else expr.count
    return n + expr.modifier, n * expr.sides + expr.modifier


def _check_coverage(
    ctx: _Context, path: KeyPath, ranges: Sequence[tuple[int, int]], dice: str, what: str
) -> None:
    """Rows of a roll table must cover every total of its dice exactly once."""
    low, high = _dice_range(dice)
    missing, doubled = [], []
    for total in range(low, high + 1):
        hits = sum(1 for a, b in ranges if a <= total <= b)
        if hits == 0:
            missing.append(total)
        elif hits > 1:
            doubled.append(total)
    beyond = sorted({v for a, b in ranges for v in (a, b) if v < low or v > high})
    if missing or doubled or beyond:
        parts = []
        if missing:
            parts.append(f"no row for {_number_list(missing)}")
        if doubled:
            parts.append(f"more than one row for {_number_list(doubled)}")
        if beyond:
            parts.append(f"{_number_list(beyond)} cannot come up on {dice}")
        ctx.problem(
            path, f"expected {what} covering every roll of {dice} ({low}-{high}) once; " + "; ".join(parts)
        )


def _number_list(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values[:8]) + (" ..." if len(values) > 8 else "")


def _read_time(t: _Table) -> TimeRules:
    time = TimeRules(
        unit=t.need("unit", _text('a word such as "turn"')),
        unit_plural=t.need("unit_plural", _text('a word such as "turns"')),
        minutes_per_unit=t.need("minutes_per_unit", _int(1, None, "a number of minutes")),
        rounds_per_unit=t.need("rounds_per_unit", _int(1, None, "a number of rounds")),
        seconds_per_round=t.need("seconds_per_round", _int(1, None, "a number of seconds")),
        combat_minimum=t.get("combat_minimum", _int(0, None, "a number of units"), 1),
    )
    t.close()
    return time


def _read_procedures(t: _Table) -> dict[str, str]:
    """The procedure named for each part; the modifier dice name theirs in `[modifier_dice]`."""
    chosen = {}
    for part in procedures.PARTS:
        if part == "modifiers":
            continue
        known = procedures.names(part) + ((procedures.NONE,) if part in procedures.OPTIONAL else ())
        chosen[part] = t.need(part, _choice(*known))
    t.close()
    return chosen


def _check_procedures(r: Ruleset, data: Mapping[str, Any], ctx: _Context) -> None:
    """Each procedure has the sections it reads and the procedures it works with, and no section
    is there that no procedure of this ruleset reads: nothing is loaded to be ignored."""
    if ctx.failed_under(("procedures",)) or ctx.failed_under(("modifier_dice", "mode")):
        return
    playing = [procedures.procedure(part, name) for part, name in r.procedures.items() if name != procedures.NONE]
    read = {section for proc in playing for section in proc.reads}
    for proc in playing:
        where = ("procedures", proc.part)
        for section in proc.reads:
            if section not in data:
                ctx.problem(where, f"{proc.name} reads [{section}], which this ruleset does not have")
        for part, name in proc.needs:
            if r.procedures.get(part) != name:
                ctx.problem(where, f"{proc.name} works only with {part} = {_show(name)}, got {_show(r.procedures.get(part))}")
    for section in _procedure_sections():
        if section in data and section not in read:
            ctx.problem(
                (section,),
                "read by no procedure of this ruleset (a section of another way of playing); expected it dropped"
                " with `_replace = true` alone",
            )


def _procedure_sections() -> set[str]:
    """The sections that belong to a procedure rather than to every ruleset."""
    every = [procedures.procedure(part, name) for part in procedures.PARTS for name in procedures.names(part)]
    return {section for proc in every for section in proc.reads} | {"exploration_die"}


def _read_modifier_dice(t: _Table) -> ModifierDice:
    mode = t.need("mode", _choice(*procedures.names("modifiers")))
    beans = t.get("bean_dice", _list(_SIDES, unique=True), ())
    if mode == "beans" and not beans and not t.ctx.failed_under((*t.path, "bean_dice")):
        t.ctx.problem(
            (*t.path, "bean_dice"), "missing; expected the Bean die sizes, as [4, 6, 8, 10, 12, 20]"
        )
    result = ModifierDice(mode, beans, t.get("stay_put_bonus", _int(0, None), 0))
    t.close()
    return result


def _read_stats(t: _Table) -> tuple[tuple[str, ...], dict[str, str], StatRolling, tuple[StatModifier, ...]]:
    names = t.need("names", _list(_text("a stat name"), nonempty=True, unique=True))
    full = t.get("full_names", _mapping(_TEXT), {})
    rolling_table = t.table("rolling")
    rolling = StatRolling()
    if rolling_table is not None:
        rolling = StatRolling(
            dice=rolling_table.get("dice", _DICE, "3d6"),
            count=rolling_table.get("count", _int(1, 20, "a number of rolls"), 6),
            method=rolling_table.get("method", _choice(*STAT_METHODS), "prime_first"),
        )
        rolling_table.close()
        if rolling.count < len(names):
            t.ctx.problem(
                (*rolling_table.path, "count"),
                f"expected at least one roll per stat ({len(names)}), got {rolling.count}",
            )
    modifiers = []
    for row in t.rows("modifiers", what="a row such as { from = 9, to = 12, mod = 0 }"):
        low, high = _read_range(row)
        modifiers.append(StatModifier(low, high, row.need("mod", _INT)))
        row.close()
    modifiers.sort(key=lambda m: m.low)
    for before, after in zip(modifiers, modifiers[1:], strict=False):
        if after.low != before.high + 1:
            t.ctx.problem(
                (*t.path, "modifiers"),
                f"expected rows that follow on without gaps or overlaps, got {before.low}-{before.high}"
                f" then {after.low}-{after.high}",
            )
    for key in full:
        if names and key not in names:
            t.ctx.problem((*t.path, "full_names", key), f"expected one of the stats {', '.join(names)}")
    t.close()
    return names, full, rolling, tuple(modifiers)


def _read_saves(t: _Table) -> tuple[tuple[str, ...], dict[str, str], dict[str, int]]:
    names = t.need("names", _list(_text("a save name"), nonempty=True, unique=True))
    stat = t.get("stats", _mapping(_text("a stat name")), {})
    qualities = t.need(
        "qualities",
        _mapping(_int(1, None, "a level divisor"), "a table such as { good = 1, okay = 2, bad = 3 }"),
    )
    t.close()
    return names, stat, qualities


def _progression(what: str) -> _Kind:
    expected = f"{what}: a table such as {{ base = 1, gained_at = [5, 10, 15] }}"

    def convert(value: Any) -> Progression:
        if not isinstance(value, dict):
            raise _Bad(expected)
        unknown = set(value) - {"base", "gained_at"}
        if unknown:
            key = sorted(unknown)[0]
            raise _Bad("one of the keys base, gained_at", (key,), key, True)
        base = _need_in(value, "base", _int(0, None))
        gained = _need_in(value, "gained_at", _list(_int(1, None, "a level")), ())
        return Progression(base, tuple(sorted(gained)))

    return _Kind(expected, convert, Progression(0))


def _need_in(value: dict[str, Any], key: str, kind: _Kind, default: Any = _MISSING) -> Any:
    """A value inside an inline table read by a kind; a problem keeps its sub-path."""
    if key not in value:
        if default is not _MISSING:
            return default
        raise _Bad(kind.expected, (key,), None, True, missing=True)
    try:
        return kind.convert(value[key])
    except _Bad as bad:
        raise bad.inside(key, value[key]) from None


def _read_class(t: _Table, class_id: str) -> ClassDef:
    name = t.need("name", _TEXT)
    attack = t.table("attack_dice", required=True, what="a table such as { base = 1, gained_at = [] }")
    attack_dice = AttackDice(1)
    if attack is not None:
        attack_dice = AttackDice(
            base=attack.need("base", _int(0, None, "a number of dice")),
            gained_at=tuple(sorted(attack.get("gained_at", _list(_int(1, None, "a level")), ()))),
            bonus_melee_only=attack.get("bonus_melee_only", _BOOL, False),
        )
        attack.close()
    saves_raw = t.need(
        "saves",
        _mapping(
            _list(_text("a save name")),
            'a table such as { good = ["Body"], okay = ["Area"], bad = ["Mind"] }',
        ),
    )
    saves: dict[str, str] = {}
    for quality, names in saves_raw.items():
        for save in names:
            saves[save] = quality
    cls = ClassDef(
        id=class_id,
        name=name,
        short_name=t.get("short_name", _TEXT, name),
        race=t.get("race", _TEXT, ""),
        prime_stats=t.need("prime_stats", _list(_text("a stat name"), nonempty=True, unique=True)),
        hit_die=t.need("hit_die", _int(4, 20, "a whole number of sides")),
        attack_rank=t.need("attack_rank", _text('an attack rank such as "A"')),
        movement=t.need("movement", _int(0, None, "a speed in feet")),
        saves=saves,
        attack_dice=attack_dice,
        languages=t.get("languages", _list(_TEXT), ()),
        spellcasting=_read_spellcasting(t.table("spellcasting")),
        resources=tuple(
            _read_resource(r)
            for r in t.rows(
                "resources",
                what='a resource such as { id = "turn_unholy", name = "Turn Unholy",'
                ' per_level = 1, refresh = "day" }',
            )
        ),
        advantage_on_good_saves=t.get("advantage_on_good_saves", _BOOL, False),
        hit_dice_advantage=t.get("hit_dice_advantage", _BOOL, False),
        hit_dice_reroll=t.get("hit_dice_reroll", _list(_int(1, None, "a die face")), ()),
        stabbity=t.get("stabbity", _progression("a damage multiplier")),
        thief_skills=_read_class_thief_skills(t.table("thief_skills")),
        two_handed_damage_die=t.get("two_handed_damage_die", _int(4, 20, "a whole number of sides")),
        two_handed_extra_damage_dice=t.get("two_handed_extra_damage_dice", _int(0, None), 0),
        two_weapon_extra_attack_dice=t.get("two_weapon_extra_attack_dice", _progression("extra attack dice")),
        rage=_read_rage(t.table("rage")),
        tactical_attack_advantage=t.get("tactical_attack_advantage", _BOOL, False),
        trap_save_advantage=t.get("trap_save_advantage", _BOOL, False),
        camp_free=t.get("camp_free", _list(_choice(*CAMP_FREE)), ()),
        notes=t.get("notes", _list(_TEXT), ()),
        armour_forbidden=t.get("armour_forbidden", _list(_ident("an armour id"), unique=True), ()),
        no_dex_penalty_in=t.get("no_dex_penalty_in", _list(_ident("an armour id"), unique=True), ()),
    )
    t.close()
    return cls


def _read_spellcasting(t: _Table | None) -> Spellcasting | None:
    if t is None:
        return None
    spells = Spellcasting(
        spell_list=t.need("spell_list", _ident("a spell list id")),
        stat=t.need("stat", _text("a stat name")),
        base=t.need("base", _int(0, None, "a number of spells")),
        per_level=t.need("per_level", _int(0, None, "a number of spells")),
        free_spells=t.get("free_spells", _list(_TEXT), ()),
        minimum=t.get("minimum", _int(0, None), 0),
        max_spell_level=t.get("max_spell_level", _progression("a spell level"), Progression(1)),
    )
    t.close()
    return spells


def _read_resource(t: _Table) -> ClassResource:
    resource = ClassResource(
        id=t.need("id", _ident()),
        name=t.need("name", _TEXT),
        per_level=t.need("per_level", _int(0, None, "uses per level")),
        refresh=t.need("refresh", _choice(*RESOURCE_REFRESH)),
    )
    t.close()
    return resource


def _read_class_thief_skills(t: _Table | None) -> ClassThiefSkills | None:
    if t is None:
        return None
    skill_ids = _list(_ident("a thief skill id"), unique=True)
    skills = ClassThiefSkills(
        skills=t.get("skills", skill_ids, ()),
        advantage=t.get("advantage", skill_ids, ()),
        disadvantage=t.get("disadvantage", skill_ids, ()),
        bailiwick_and_failing=t.get("bailiwick_and_failing", _BOOL, False),
        points_at_first_level=t.get("points_at_first_level", _int(0, None), 0),
        points_per_level=t.get("points_per_level", _int(0, None), 0),
    )
    t.close()
    return skills


def _read_rage(t: _Table | None) -> Rage | None:
    if t is None:
        return None
    rage = Rage(
        save=t.need("save", _text("a save name")),
        target=t.need("target", _int(1, None, "a target number")),
        break_target=t.need("break_target", _int(1, None, "a target number")),
    )
    t.close()
    return rage


def _read_class_table(t: _Table, depth: int = 0) -> ClassTable:
    dice = t.need("dice", _DICE)
    rows: list[TableRow] = []
    for entry in t.rows("rows", required=True, what='a row such as { from = 3, to = 4, class = "elf" }'):
        low, high = _read_range(entry)
        class_id = entry.get("class", _ident("a class id"))
        table = entry.get("table", _ident("a sub-table id"))
        if (class_id is None) == (table is None) and not entry.ctx.failed_under(entry.path):
            entry.ctx.problem(entry.path, "expected exactly one of class or table")
        rows.append(TableRow(low, high, class_id, table))
        entry.close()
    tables: dict[str, ClassTable] = {}
    if depth == 0:
        for table_id, sub in t.tables("tables", what="class roll").items():
            tables[table_id] = _read_class_table(sub, depth + 1)
    if rows and not t.ctx.failed_under((*t.path, "rows")) and not t.ctx.failed_under((*t.path, "dice")):
        _check_coverage(t.ctx, (*t.path, "rows"), [(r.low, r.high) for r in rows], dice, "rows")
    for i, row in enumerate(rows):
        if row.table is not None and row.table not in tables:
            t.ctx.problem(
                (*t.path, "rows", i, "table"),
                f"expected a sub-table defined under {_dotted((*t.path, 'tables'))}, got {_show(row.table)}",
            )
    t.close()
    return ClassTable(dice, tuple(rows), tables)


def _read_advancement(t: _Table) -> Advancement:
    result = Advancement(
        max_level=t.need("max_level", _int(1, None, "a level")),
        xp_per_next_level=t.get("xp_per_next_level", _int(0, None), 0),
        xp_table=t.get("xp_table", _list(_int(0, None, "an XP total")), ()),
        xp_resets=t.get("xp_resets", _BOOL, True),
        coins_per_xp=t.get("coins_per_xp", _int(0, None), 0),
        ad_hoc=tuple(
            AdHocAward(row.need("xp", _int(1, None, "an XP award")), row.need("name", _TEXT))
            for row in t.rows("ad_hoc", what='an award such as { xp = 1, name = "Pretty cool" }')
        ),
    )
    if not result.xp_per_next_level and not result.xp_table and not t.ctx.failed_under(t.path):
        t.ctx.problem(t.path, "expected xp_per_next_level or xp_table")
    t.close()
    return result


def _read_hit_points(t: _Table) -> HitPointRules:
    result = HitPointRules(
        first_level=t.get("first_level", _choice(*FIRST_LEVEL_HP), "max_hit_die"),
        minimum=t.get("minimum", _int(0, None), 1),
        level_up=t.get("level_up", _choice(*LEVEL_UP_HP), "reroll_all"),
        level_up_alternatives=t.get("level_up_alternatives", _list(_choice(*LEVEL_UP_HP), unique=True), ()),
    )
    t.close()
    return result


def _read_tiers(t: _Table) -> TierRules:
    ranks = []
    for row in t.rows("ranks", what="a tier row"):
        ranks.append(
            TierRank(
                tier=row.need("tier", _int(0, None, "a tier")),
                levels=row.need("levels", _TEXT),
                adventurer=row.need("adventurer", _TEXT),
                monster=row.need("monster", _TEXT),
                treasure=row.need("treasure", _TEXT),
            )
        )
        row.close()
    rules = TierRules(
        levels_per_tier=t.need("levels_per_tier", _int(1, None, "a number of levels")),
        max_adventurer_tier=t.need("max_adventurer_tier", _int(0, None, "a tier")),
        max_tier=t.need("max_tier", _int(0, None, "a tier")),
        difference_cap=t.need("difference_cap", _int(0, 10, "a tier difference")),
        ranks=tuple(ranks),
    )
    t.close()
    return rules


def _read_tier_tables(t: _Table, cap: int | None) -> dict[str, tuple[Fraction, ...]]:
    tables: dict[str, tuple[Fraction, ...]] = {}
    length = 2 * cap + 1 if cap is not None else None
    if cap is None and t.data:
        t.ctx.problem(t.path, "expected a [tiers] section to say how tier differences are clamped")
    lowest = f"-{cap}" if cap else "0"
    for key in t.data:
        if not _ID_PATTERN.match(key):
            continue
        kind = _list(
            _fraction_kind("a target or multiplier"),
            length=length,
            what=(
                f"an array of {length} values, one per tier difference from {lowest} to +{cap}"
                if length
                else "an array of values"
            ),
        )
        tables[key] = t.need(key, kind)
    for key in t.data:
        if not _ID_PATTERN.match(key):
            t.ctx.problem((*t.path, key), "expected a table name of lower case letters, digits and _")
            t.known.append(key)
    t.close()
    return tables


def _read_turn_unholy(t: _Table) -> TurnUnholy:
    results = []
    for row in t.rows(
        "results", required=True, what='a result such as { id = "flee", name = "Flee", rounds = "2d4" }'
    ):
        results.append(
            TurnUnholyResult(
                id=row.need("id", _ident()),
                name=row.need("name", _TEXT),
                rounds=row.get("rounds", _DICE),
                damage_die=row.get("damage_die", _SIDES),
                description=row.get("description", _ANY_TEXT, ""),
            )
        )
        row.close()
    result = TurnUnholy(
        save=t.need("save", _text("a save name")),
        results=tuple(results),
        intelligent_modifier=t.get("intelligent_modifier", _INT, 0),
        intelligent_destroyed=t.get("intelligent_destroyed", _BOOL, True),
    )
    t.close()
    return result


def _read_light(t: _Table) -> LightRules:
    sources = {}
    for kind, s in t.tables("sources", what="light source").items():
        sources[kind] = LightSourceDef(
            kind=kind,
            name=s.need("name", _TEXT),
            duration=s.get("duration", _int(1, None, "a number of units")),
            per_caster_level=s.get("per_caster_level", _int(0, None), 0),
            radius_ft=s.get("radius_ft", _int(0, None, "a radius in feet")),
            strength=s.get("strength", _choice("weak", "strong", "dim", "lit")),
            refuel=s.get("refuel", _TEXT),
            needs_caster=s.get("needs_caster", _BOOL, False),
            pips=s.get("pips", _int(1, None, "a number of pips")),
            depletes_on=s.get("depletes_on", _ident("an exploration die result id")),
            lights=s.get("lights", _int(0, None, "a number of characters")),
            dims=s.get("dims", _int(0, None, "a number of characters")),
        )
        s.close()
    result = LightRules(
        sources=sources,
        darkness=_read_penalty(t.table("darkness")),
        dim=_read_penalty(t.table("dim")),
        two_weak_make_strong=t.get("two_weak_make_strong", _BOOL, False),
    )
    t.close()
    return result


def _read_penalty(t: _Table | None) -> LightPenalty | None:
    if t is None:
        return None
    penalty = LightPenalty(
        attack_dice=t.get("attack_dice", _INT, 0),
        critical_hits=t.get("critical_hits", _BOOL, True),
        damage_die_steps=t.get("damage_die_steps", _INT, 0),
        skills_allowed=t.get("skills_allowed", _BOOL, True),
        modifiers=t.get("modifiers", _mapping(_int(what="a net number of modifier dice")), {}),
    )
    t.close()
    return penalty


def _read_divining(t: _Table) -> Divining:
    symbols = t.need(
        "symbols",
        _mapping(
            _TEXT, 'a table of symbol ids and names such as { hammer = "Hammer" }', _ident("a symbol id")
        ),
    )
    faces_kind = _list(
        _list(_ident("a symbol id")),
        nonempty=True,
        what='an array of faces, each an array of symbol ids ([] for a blank face), such as [[], ["hammer"]]',
    )
    dice: dict[str, DiviningDie] = {}
    colours: dict[str, DiviningColour] = {}
    for colour, d in t.tables("dice", required=True, what="divining die").items():
        faces = d.need("faces", faces_kind)
        dice[colour] = DiviningDie(colour, tuple(tuple(f) for f in faces))
        colours[colour] = DiviningColour(
            id=colour,
            name=d.get("name", _TEXT, colour.capitalize()),
            role=d.need("role", _TEXT),
            description=d.get("description", _ANY_TEXT, ""),
        )
        d.close()
    counts = _mapping(_int(0, None, "a number of dice"), "a table of colours and counts such as { blue = 1 }")
    additions = []
    for row in t.rows(
        "additions", what='a pool addition such as { id = "stealthy", name = "...", dice = { green = 1 } }'
    ):
        additions.append(
            PoolAddition(
                id=row.need("id", _ident()),
                name=row.need("name", _TEXT),
                dice=row.need("dice", counts),
                scale=row.get("scale", _choice("once", "each", "half_party"), "once"),
            )
        )
        row.close()
    accrual = None
    acc = t.table("accrual")
    if acc is not None:
        accrual = PoolAccrual(
            reward_colour=acc.need("reward_colour", _ident("a die colour")),
            risk_colour=acc.need("risk_colour", _ident("a die colour")),
            per_room_beyond_first=acc.get("per_room_beyond_first", _int(0, None), 1),
            reset_on=acc.get("reset_on", _list(_ident("an action id")), ()),
        )
        acc.close()
    challenge_min = t.get("challenge_min", _int(0, None), 0)
    challenge_max = t.get("challenge_max", _int(0, None), 0)
    challenge_default = t.get("challenge_default", _int(0, None), challenge_min)
    if challenge_max and not challenge_min <= challenge_default <= challenge_max:
        t.ctx.expected((*t.path, "challenge_default"), f"a level from {challenge_min} to {challenge_max}", challenge_default)
    divining = Divining(
        dice=dice,
        colours=colours,
        symbols=symbols,
        base_pool=t.get("base", counts, {}),
        challenge_colour=t.get("challenge_colour", _ident("a die colour")),
        challenge_min=challenge_min,
        challenge_max=challenge_max,
        challenge_default=challenge_default,
        challenge_persists=t.get("challenge_persists", _BOOL, False),
        challenge_shift=t.get(
            "challenge_shift", _mapping(_INT, "a table of symbols and shifts such as { despair = 1 }"), {}
        ),
        chain_symbol=t.get("chain_symbol", _ident("a symbol id")),
        chain_colour=t.get("chain_colour", _ident("a die colour")),
        counts_as=t.get(
            "counts_as",
            _mapping(_list(_ident("a symbol id")), 'a table such as { hammer_plus = ["hammer"] }'),
            {},
        ),
        bonus=t.get(
            "bonus", _mapping(_mapping(_int(0, None)), "a table such as { comet = { hammer = 3 } }"), {}
        ),
        cancel=tuple(
            (a, b)
            for a, b in t.get(
                "cancel",
                _list(
                    _list(_ident("a symbol id"), length=2, what="a pair of symbol ids"),
                    what='an array of pairs such as [["falcon", "skull"]]',
                ),
                (),
            )
        ),
        additions=tuple(additions),
        accrual=accrual,
    )
    if challenge_max < challenge_min:
        t.ctx.problem(
            (*t.path, "challenge_max"),
            f"expected at least challenge_min ({challenge_min}), got {challenge_max}",
        )
    t.close()
    return divining


def _read_exploration_die(t: _Table) -> ExplorationDie:
    dice = t.need("dice", _DICE)
    results = []
    for row in t.rows(
        "results",
        required=True,
        what='a result such as { roll = 1, id = "encounter", name = "Random Encounter" }',
    ):
        low, high = _read_range(row)
        results.append(
            ExplorationResult(
                low,
                high,
                row.need("id", _ident()),
                row.need("name", _TEXT),
                row.get("description", _ANY_TEXT, ""),
            )
        )
        row.close()
    if results and not t.ctx.failed_under(t.path):
        _check_coverage(t.ctx, (*t.path, "results"), [(r.low, r.high) for r in results], dice, "results")
    t.close()
    return ExplorationDie(dice, tuple(results))


def _read_combat(t: _Table) -> CombatRules:
    init = t.table(
        "initiative", required=True, what='a table such as { dice = "1d10", stats = ["DEX", "WIS"] }'
    )
    initiative = Initiative("1d6")
    if init is not None:
        initiative = Initiative(
            dice=init.need("dice", _DICE),
            stats=init.get("stats", _list(_text("a stat name")), ()),
            who=init.get("who", _choice(*INITIATIVE_WHO), "side_leader"),
            each_round=init.get("each_round", _BOOL, True),
        )
        init.close()
    crit = t.table("critical")
    critical = Critical()
    if crit is not None:
        critical = Critical(
            natural=crit.get("natural", _int(1, None, "a die face"), 20),
            multiplier=crit.get("multiplier", _int(1, None), 2),
            chain_save=crit.get("chain_save", _text("a save name")),
            fumble=crit.get("fumble", _int(1, None, "a die face"), 1),
            narrative_option=crit.get("narrative_option", _BOOL, False),
        )
        crit.close()
    ac = t.table("armour_class")
    ac_base, ac_stat = 10, None
    if ac is not None:
        ac_base = ac.get("base", _int(0, None), 10)
        ac_stat = ac.get("stat", _text("a stat name"))
        ac.close()
    combat = CombatRules(
        initiative=initiative,
        phases=t.get("phases", _list(_choice(*PHASES), unique=True), ()),
        phase_names=t.get("phase_names", _mapping(_TEXT), {}),
        tie_breaks=t.get("tie_breaks", _list(_choice(*TIE_BREAKS), unique=True), ()),
        tie_break_names=t.get("tie_break_names", _mapping(_TEXT), {}),
        attack_ranks=t.get(
            "attack_ranks",
            _mapping(
                _int(0, None, "a level divisor (0 = no bonus)"),
                "a table such as { A = 1, B = 2, C = 3, D = 0 }",
            ),
            {},
        ),
        attack_kinds=t.get("attack_kinds", _list(_choice(*ATTACK_KINDS), nonempty=True, unique=True), ("melee", "missile")),
        attack_stats=t.get(
            "attack_stats",
            _mapping(_text("a stat name"), 'a table such as { melee = "STR", missile = "DEX" }', _choice(*ATTACK_KINDS)),
            {},
        ),
        damage_stats=t.get(
            "damage_stats",
            _mapping(_text("a stat name"), 'a table such as { melee = "STR" }', _choice(*ATTACK_KINDS)),
            {},
        ),
        ac_base=ac_base,
        ac_stat=ac_stat,
        critical=critical,
        move_far_multiplier=t.get("move_far_multiplier", _int(1, None), 2),
    )
    t.close()
    return combat


def _dice_product(what: str) -> _Kind:
    expected = f'{what}: a table such as {{ dice = ["1d6", "1d6"], times_level = true }}'

    def convert(value: Any) -> DiceProduct:
        if not isinstance(value, dict):
            raise _Bad(expected)
        unknown = set(value) - {"dice", "multiplier", "times_level"}
        if unknown:
            key = sorted(unknown)[0]
            raise _Bad("one of the keys dice, multiplier, times_level", (key,), key, True)
        product = DiceProduct(
            dice=_need_in(value, "dice", _list(_DICE), ()),
            multiplier=_need_in(value, "multiplier", _int(1, None), 1),
            times_level=_need_in(value, "times_level", _BOOL, False),
        )
        if not product.dice and product.multiplier == 1 and not product.times_level:
            raise _Bad(expected + " with at least dice, a multiplier or times_level")
        return product

    return _Kind(expected, convert, DiceProduct())


def _read_traps(t: _Table) -> tuple[str, tuple[Trap, ...]]:
    dice = t.need("dice", _DICE)
    traps = []
    for row in t.rows("table", required=True, what='a trap row such as { roll = 1, name = "Acid Trap" }'):
        low, high = _read_range(row)
        pit = None
        pit_table = row.table("pit")
        if pit_table is not None:
            pit = PitFall(
                pit_table.need("depth_ft", _dice_product("a depth in feet")),
                pit_table.need("damage_per_10ft", _DICE),
            )
            pit_table.close()
        poison = None
        poison_table = row.table("poison")
        if poison_table is not None:
            poison = Poison(
                onset_rounds=poison_table.need("onset_rounds", _DICE),
                damage=poison_table.need("damage", _dice_product("damage on a failed save")),
                save=poison_table.get("save", _text("a save name")),
            )
            poison_table.close()
        traps.append(
            Trap(
                low,
                high,
                name=row.need("name", _TEXT),
                damage=row.get("damage", _dice_product("damage")),
                pit=pit,
                poison=poison,
                effect=row.get("effect", _ANY_TEXT, ""),
            )
        )
        row.close()
    if traps and not t.ctx.failed_under(t.path):
        _check_coverage(t.ctx, (*t.path, "table"), [(r.low, r.high) for r in traps], dice, "trap rows")
    t.close()
    return dice, tuple(traps)


def _read_difficulty(t: _Table) -> tuple[tuple[DifficultyMode, ...], str | None]:
    modes = []
    for row in t.rows("modes", required=True, what='a mode such as { id = "adventure", name = "Adventure" }'):
        modes.append(
            DifficultyMode(
                id=row.need("id", _ident()),
                name=row.need("name", _TEXT),
                description=row.get("description", _ANY_TEXT, ""),
                zero_hp=row.get("zero_hp", _choice(*ZERO_HP), "burn_con"),
                con_per_week_of_rest=row.get("con_per_week_of_rest", _int(0, None), 0),
            )
        )
        row.close()
    default = t.need("default", _ident("a mode id"))
    _check_unique(t.ctx, (*t.path, "modes"), [m.id for m in modes])
    ids = [m.id for m in modes]
    if modes and default and default not in ids:
        t.ctx.problem(
            (*t.path, "default"), f"expected one of the modes {', '.join(ids)}, got {_show(default)}"
        )
    t.close()
    return tuple(modes), default


def _named_targets(rows: Iterable[_Table]) -> tuple[NamedTarget, ...]:
    out = []
    for row in rows:
        out.append(NamedTarget(row.need("id", _ident()), row.need("name", _TEXT), row.need("target", _INT)))
        row.close()
    return tuple(out)


def _read_skills(t: _Table) -> SkillRules:
    targets = _named_targets(
        t.rows("targets", what='a target such as { id = "with_skill", name = "...", target = 10 }')
    )
    thief = []
    for row in t.rows(
        "thief", what='a thief skill such as { id = "stealth", name = "Stealth", stat = "DEX" }'
    ):
        thief.append(
            ThiefSkill(
                row.need("id", _ident()), row.need("name", _TEXT), row.need("stat", _text("a stat name"))
            )
        )
        row.close()
    random = t.table("random")
    random_base, random_stat = 0, None
    if random is not None:
        random_base = random.need("base", _int(0, None, "a number of skills"))
        random_stat = random.get("stat", _text("a stat name"))
        random.close()
    _check_unique(t.ctx, (*t.path, "targets"), [x.id for x in targets])
    _check_unique(t.ctx, (*t.path, "thief"), [x.id for x in thief])
    skills = SkillRules(
        targets=targets,
        random_base=random_base,
        random_stat=random_stat,
        thief_skills=tuple(thief),
        thief_magic_level=t.get("thief_magic_level", _int(1, None, "a level")),
    )
    t.close()
    return skills


def _read_camp(t: _Table) -> CampRules:
    watch = t.table("stand_watch")
    scout = t.table("scout_ahead")
    encounter = t.table("encounter")
    colour = _ident("a die colour")
    camp = CampRules(
        units=t.need("units", _int(0, None, "a number of units")),
        rations_each=t.get("rations_each", _int(0, None), 1),
        needs_light=t.get("needs_light", _BOOL, True),
        needs_safe_haven=t.get("needs_safe_haven", _BOOL, True),
        needs_bedroll=t.get("needs_bedroll", _BOOL, False),
        actions=t.get("actions", _list(_choice(*CAMP_ACTIONS), unique=True), ()),
        craft_ammo=t.get("craft_ammo", _DICE),
        watch_colour=watch.get("colour", colour) if watch else None,
        watch_dice=watch.get("dice", _int(0, None), 1) if watch else 1,
        watch_encounter_modifier=watch.get("encounter_modifier", _INT, -1) if watch else -1,
        scout_success_colour=scout.get("success_colour", colour) if scout else None,
        scout_failure_colour=scout.get("failure_colour", colour) if scout else None,
        scout_rooms=scout.get("rooms", _DICE) if scout else None,
        encounter_dice=encounter.get("dice", _DICE, "1d6") if encounter else "1d6",
        encounter_adds_dungeon_level=encounter.get("adds_dungeon_level", _BOOL, True) if encounter else True,
        encounter_at_least=encounter.get("at_least", _INT, 6) if encounter else 6,
        surprised_without_watch=encounter.get("surprised_without_watch", _BOOL, True) if encounter else True,
    )
    for sub in (watch, scout, encounter):
        if sub is not None:
            sub.close()
    t.close()
    return camp


def _read_explore(t: _Table) -> ExploreRules:
    explore = ExploreRules(
        room_xp=t.get("room_xp", _int(0, None), 1),
        challenge_symbol=t.get("challenge_symbol", _ident("a symbol id")),
        reward_symbol=t.get("reward_symbol", _ident("a symbol id")),
        reward_needs_challenge=t.get("reward_needs_challenge", _BOOL, True),
        revisit_xp=t.get("revisit_xp", _BOOL, False),
        no_light_colour=t.get("no_light_colour", _ident("a die colour")),
        cost=t.get("cost", _int(0, None, "a number of units"), 1),
        blood_dice=t.get("blood_dice", _DICE, "1d4"),
        hourglass_dice=t.get("hourglass_dice", _DICE, "1d4"),
        outcomes=_read_outcomes(t.table("outcomes")),
        also=t.get("also", _mapping(_ident("a symbol id"), 'a table such as { hammer = "falcon" }'), {}),
    )
    t.close()
    return explore


def _read_outcomes(t: _Table | None) -> dict[str, tuple[ExploreOutcome, ...]]:
    """`[explore.outcomes]`: for each symbol, the list of what it buys."""
    if t is None:
        return {}
    outcomes = {}
    t.known.extend(t.data)
    what = 'an outcome such as { id = "safe_haven", name = "...", effect = "safe_haven" }'
    for symbol in t.data:
        rows = []
        for row in t.rows(symbol, what=what):
            rows.append(
                ExploreOutcome(
                    id=row.need("id", _ident()),
                    name=row.need("name", _TEXT),
                    effect=row.get("effect", _choice(*EXPLORE_EFFECTS), "note"),
                    dice=row.get("dice", _DICE, ""),
                    colour=row.get("colour", _ident("a die colour"), ""),
                    ignore=tuple(row.get("ignore", _list(_ident("a symbol id")), ())),
                )
            )
            row.close()
        _check_unique(t.ctx, (*t.path, symbol), [r.id for r in rows])
        outcomes[symbol] = tuple(rows)
    return outcomes


def _read_search(t: _Table) -> SearchRules:
    search = SearchRules(
        per_searcher=t.get("per_searcher", _int(1, None), 1),
        out_of=t.get("out_of", _int(1, None), 6),
    )
    t.close()
    return search


def _read_encumbrance(t: _Table) -> Encumbrance:
    result = Encumbrance(
        stat=t.need("stat", _text("a stat name")),
        divide_by=t.get("divide_by", _int(1, None), 1),
        round_up=t.get("round", _choice("up", "down"), "up") == "up",
        add_mod_of=t.get("add_mod_of", _text("a stat name")),
        hard_cap_multiplier=t.get("hard_cap_multiplier", _fraction_kind()),
    )
    t.close()
    return result


def _read_armour(t: _Table) -> tuple[ArmourDef, ...]:
    kinds = []
    for row in t.rows("kinds", required=True, what='armour such as { id = "light", name = "Leather", ac = 2 }'):
        kinds.append(
            ArmourDef(
                id=row.need("id", _ident()),
                name=row.need("name", _TEXT),
                ac=row.need("ac", _int(0, None, "an AC bonus")),
                weight=row.get("weight", _int(0, None), 0),
                shield=row.get("shield", _BOOL, False),
            )
        )
        row.close()
    _check_unique(t.ctx, (*t.path, "kinds"), [k.id for k in kinds])
    if sum(k.shield for k in kinds) > 1:
        t.ctx.problem((*t.path, "kinds"), "expected at most one shield")
    t.close()
    return tuple(kinds)


def _read_hirelings(t: _Table) -> HirelingRules:
    tiers = []
    for row in t.rows("tiers", required=True, what='a tier such as { tier = 1, cost = "1 cp", expertise = 1 }'):
        tiers.append(
            HirelingTier(
                tier=row.need("tier", _int(0, None, "a tier")),
                cost=row.need("cost", _TEXT),
                expertise=row.need("expertise", _int(0, None)),
                finding=row.get("finding", _ANY_TEXT, ""),
                description=row.get("description", _ANY_TEXT, ""),
            )
        )
        row.close()
    found = [r.tier for r in tiers]
    if len(set(found)) != len(found):
        t.ctx.problem((*t.path, "tiers"), "expected each tier once")
    rules = HirelingRules(
        tiers=tuple(tiers),
        save=t.get("save", _text("a save name"), "Rally"),
        double_cost_within=t.get("double_cost_within", _int(0, None), 5),
    )
    t.close()
    return rules


KIT_SUPPLIES = ("rations", "oil", "bedroll")
"""What a kit may hold besides light sources: counted on the character, a Bedroll had or not."""


def _read_kit(t: _Table) -> dict[str, int]:
    """`[kit]`: supply -> how many; the names are checked against the light sources later."""
    kit = {}
    for item in list(t.data):
        count = t.get(item, _int(0, None, "a number carried"))
        if count is not None:
            kit[item] = count
    t.close()
    return kit


def _check_unique(ctx: _Context, path: KeyPath, ids: Sequence[str]) -> None:
    seen: set[str] = set()
    for i, item in enumerate(ids):
        if item and item in seen:
            ctx.problem(
                (*path, i, "id"), f"expected an id not used earlier in the array, got {_show(item)} again"
            )
        seen.add(item)


# ---------------------------------------------------------------------------------------------
# The whole file, and the checks that cross sections.
# ---------------------------------------------------------------------------------------------


def _build(data: dict[str, Any], ctx: _Context, file_id: str, source: Path | None) -> Ruleset:
    top = _Table(ctx, (), data)
    given_id = top.get("id", _ident("a ruleset id", _RULESET_ID_PATTERN))
    if given_id is not None and given_id != file_id:
        ctx.problem(("id",), f"expected the file's own name {_show(file_id)}, got {_show(given_id)}")
    top.get("format", _int(1, FORMAT_VERSION, "a format version"))
    name = top.need("name", _TEXT)
    description = top.get("description", _ANY_TEXT, "")
    extends = top.get("extends", _ident("a ruleset id", _RULESET_ID_PATTERN))

    procedures_table = top.table("procedures", required=True)
    chosen = _read_procedures(procedures_table) if procedures_table else {}
    modifier_table = top.table("modifier_dice", required=True)
    modifier_dice = _read_modifier_dice(modifier_table) if modifier_table else ModifierDice("advantage")
    time_table = top.table("time", required=True)
    time = _read_time(time_table) if time_table else TimeRules("turn", "turns", 10, 60, 10)
    stats_table = top.table("stats", required=True)
    stats, stat_names, rolling, modifiers = (
        _read_stats(stats_table) if stats_table else ((), {}, StatRolling(), ())
    )
    saves_table = top.table("saves")
    save_names, save_stat, qualities = _read_saves(saves_table) if saves_table else ((), {}, {})
    classes = {cid: _read_class(ct, cid) for cid, ct in top.tables("classes", what="class").items()}
    class_roll = top.table("class_roll")
    class_table = _read_class_table(class_roll) if class_roll else None
    tiers_table = top.table("tiers")
    tier_rules = _read_tiers(tiers_table) if tiers_table else None
    tier_tables_table = top.table("tier_tables")
    cap = tier_rules.difference_cap if tier_rules else None
    tier_tables = _read_tier_tables(tier_tables_table, cap) if tier_tables_table else {}
    turn_table = top.table("turn_unholy")
    turn_unholy = _read_turn_unholy(turn_table) if turn_table else None
    light_table = top.table("light")
    divining_table = top.table("divining")
    exploration_table = top.table("exploration_die")
    combat_table = top.table("combat", required=True)
    traps_table = top.table("traps")
    trap_dice, traps = _read_traps(traps_table) if traps_table else (None, ())
    difficulty_table = top.table("difficulty")
    modes, default_mode = _read_difficulty(difficulty_table) if difficulty_table else ((), None)
    advancement_table = top.table("advancement")
    hp_table = top.table("hit_points")
    skills_table = top.table("skills")
    camp_table = top.table("camp")
    explore_table = top.table("explore")
    search_table = top.table("search")
    morale_table = top.table("morale")
    morale: tuple[NamedTarget, ...] = ()
    if morale_table is not None:
        morale = _named_targets(morale_table.rows("targets", required=True, what="a target"))
        morale_table.close()
    encumbrance_table = top.table("encumbrance")
    armour_table = top.table("armour")
    hirelings_table = top.table("hirelings")
    party_table = top.table("party")
    party_roles: tuple[str, ...] = ()
    if party_table is not None:
        party_roles = party_table.get("roles", _list(_TEXT, unique=True), ())
        party_table.close()
    kit_table = top.table("kit")
    kit = _read_kit(kit_table) if kit_table else {}
    decisions = {}
    for topic, d in top.tables("decisions", what="decision").items():
        title = d.get("title", _TEXT, topic.replace("_", " ").capitalize())
        decisions[topic] = Decision(title, d.need("text", _TEXT), d.get("quote", _TEXT, ""), d.get("source", _TEXT, ""))
        d.close()
    top.close()

    ruleset = Ruleset(
        id=file_id,
        name=name,
        description=description,
        extends=extends,
        time=time,
        modifier_dice=modifier_dice,
        stats=stats,
        stat_names=stat_names,
        stat_rolling=rolling,
        stat_modifiers=modifiers,
        combat=_read_combat(combat_table) if combat_table else CombatRules(Initiative("1d6")),
        procedures={**chosen, "modifiers": modifier_dice.mode},
        save_names=save_names,
        save_stat=save_stat,
        save_quality_divisor=qualities,
        classes=classes,
        class_table=class_table,
        advancement=_read_advancement(advancement_table) if advancement_table else None,
        hit_points=_read_hit_points(hp_table) if hp_table else None,
        tier_rules=tier_rules,
        tier_tables=tier_tables,
        turn_unholy=turn_unholy,
        light=_read_light(light_table) if light_table else None,
        divining=_read_divining(divining_table) if divining_table else None,
        exploration_die=_read_exploration_die(exploration_table) if exploration_table else None,
        trap_dice=trap_dice,
        traps=traps,
        difficulty_modes=modes,
        default_difficulty=default_mode,
        skills=_read_skills(skills_table) if skills_table else None,
        camp=_read_camp(camp_table) if camp_table else None,
        explore=_read_explore(explore_table) if explore_table else None,
        search=_read_search(search_table) if search_table else None,
        morale_targets=morale,
        encumbrance=_read_encumbrance(encumbrance_table) if encumbrance_table else None,
        armour=_read_armour(armour_table) if armour_table else (),
        hirelings=_read_hirelings(hirelings_table) if hirelings_table else None,
        party_roles=party_roles,
        kit=kit,
        decisions=decisions,
        source=source,
    )
    _cross_check(ruleset, ctx)
    _check_procedures(ruleset, data, ctx)
    return ruleset


class _Refs:
    """Checks a reference against a known set, unless that set itself failed to load."""

    def __init__(self, ctx: _Context, names: Iterable[str], what: str, failed: bool) -> None:
        self.ctx = ctx
        self.names = list(names)
        self.what = what
        self.failed = failed

    def check(self, path: KeyPath, value: str | None) -> None:
        if self.failed or value is None or value in self.names:
            return
        listed = ", ".join(self.names) if self.names else "none are defined"
        self.ctx.expected(path, f"one of the {self.what} ({listed})", value)

    def check_all(self, path: KeyPath, values: Iterable[str]) -> None:
        for i, value in enumerate(values):
            self.check((*path, i), value)


def _cross_check(r: Ruleset, ctx: _Context) -> None:
    """References from one section to another: stats, saves, classes, colours, symbols."""
    stats = _Refs(ctx, r.stats, "stats", ctx.failed_under(("stats", "names")))
    saves = _Refs(ctx, r.save_names, "saves", ctx.failed_under(("saves", "names")))
    _check_classes(r, ctx, stats, saves)
    if r.class_table is not None:
        class_refs = _Refs(ctx, r.classes, "classes", ctx.failed_under(("classes",)))
        for table_path, table in [(("class_roll",), r.class_table)] + [
            (("class_roll", "tables", k), v) for k, v in r.class_table.tables.items()
        ]:
            for i, row in enumerate(table.rows):
                class_refs.check((*table_path, "rows", i, "class"), row.class_id)
    for save, stat in r.save_stat.items():
        saves.check(("saves", "stats", save), save)
        stats.check(("saves", "stats", save), stat)
    stats.check_all(("combat", "initiative", "stats"), r.combat.initiative.stats)
    stats.check(("combat", "armour_class", "stat"), r.combat.ac_stat)
    for table in ("attack_stats", "damage_stats"):
        for kind, stat in getattr(r.combat, table).items():
            stats.check(("combat", table, kind), stat)
            if kind not in r.combat.attack_kinds and not ctx.failed_under(("combat", "attack_kinds")):
                kinds = ", ".join(r.combat.attack_kinds)
                ctx.problem(("combat", table, kind), f"expected one of the attack kinds {kinds}, got {_show(kind)}")
    saves.check(("combat", "critical", "chain_save"), r.combat.critical.chain_save)
    if r.turn_unholy is not None:
        saves.check(("turn_unholy", "save"), r.turn_unholy.save)
        if r.tier_rules is None:
            ctx.problem(
                ("turn_unholy",), "expected a [tiers] section: Turn Unholy is keyed by tier difference"
            )
        elif len(r.turn_unholy.results) != 2 * r.tier_rules.difference_cap + 1:
            n = 2 * r.tier_rules.difference_cap + 1
            ctx.problem(
                ("turn_unholy", "results"),
                f"expected {n} results, one per tier difference from -{r.tier_rules.difference_cap}"
                f" to +{r.tier_rules.difference_cap}, got {len(r.turn_unholy.results)}",
            )
    if r.tier_rules is not None and r.tier_rules.max_adventurer_tier > r.tier_rules.max_tier:
        ctx.problem(("tiers", "max_adventurer_tier"), f"expected at most max_tier ({r.tier_rules.max_tier})")
    if r.skills is not None:
        stats.check(("skills", "random", "stat"), r.skills.random_stat)
        for i, skill in enumerate(r.skills.thief_skills):
            stats.check(("skills", "thief", i, "stat"), skill.stat)
    if r.hirelings is not None:
        saves.check(("hirelings", "save"), r.hirelings.save)
    if r.encumbrance is not None:
        stats.check(("encumbrance", "stat"), r.encumbrance.stat)
        stats.check(("encumbrance", "add_mod_of"), r.encumbrance.add_mod_of)
    if r.divining is not None:
        _check_divining(r, ctx)
    if r.light is not None:
        results = [x.id for x in r.exploration_die.results] if r.exploration_die else []
        die_results = _Refs(ctx, results, "exploration die results", ctx.failed_under(("exploration_die",)))
        for kind, source in r.light.sources.items():
            die_results.check(("light", "sources", kind, "depletes_on"), source.depletes_on)
    _check_kit(r, ctx)
    if r.divining is None and r.exploration_die is None and (r.camp is not None or r.explore is not None):
        ctx.problem((), "expected a [divining] or an [exploration_die] section for exploring and camping")
    if r.advancement is not None and r.tier_rules is not None:
        top_tier = math.ceil(r.advancement.max_level / r.tier_rules.levels_per_tier)
        if top_tier > r.tier_rules.max_adventurer_tier:
            ctx.problem(
                ("tiers", "max_adventurer_tier"),
                f"expected at least {top_tier}, the tier of level {r.advancement.max_level}",
            )


def _check_classes(r: Ruleset, ctx: _Context, stats: _Refs, saves: _Refs) -> None:
    ranks = _Refs(ctx, r.combat.attack_ranks, "attack ranks", ctx.failed_under(("combat", "attack_ranks")))
    qualities = list(r.save_quality_divisor)
    thief_ids = [s.id for s in r.skills.thief_skills] if r.skills else []
    thief = _Refs(ctx, thief_ids, "thief skills", ctx.failed_under(("skills", "thief")))
    armour = _Refs(ctx, [a.id for a in r.armour], "armour kinds", ctx.failed_under(("armour",)))
    for cid, cls in r.classes.items():
        path: KeyPath = ("classes", cid)
        stats.check_all((*path, "prime_stats"), cls.prime_stats)
        armour.check_all((*path, "armour_forbidden"), cls.armour_forbidden)
        armour.check_all((*path, "no_dex_penalty_in"), cls.no_dex_penalty_in)
        ranks.check((*path, "attack_rank"), cls.attack_rank)
        if cls.spellcasting is not None:
            stats.check((*path, "spellcasting", "stat"), cls.spellcasting.stat)
        if cls.rage is not None:
            saves.check((*path, "rage", "save"), cls.rage.save)
        if cls.thief_skills is not None:
            for key in ("skills", "advantage", "disadvantage"):
                thief.check_all((*path, "thief_skills", key), getattr(cls.thief_skills, key))
        if ctx.failed_under((*path, "saves")) or saves.failed:
            continue
        for quality in {q for q in cls.saves.values()}:
            if qualities and quality not in qualities:
                ctx.expected(
                    (*path, "saves", quality), f"one of the save qualities ({', '.join(qualities)})", quality
                )
        counted: dict[str, int] = {}
        for quality, i, save in _class_save_entries(ctx, path):
            if save not in r.save_names:
                saves.check((*path, "saves", quality, i), save)
            counted[save] = counted.get(save, 0) + 1
        for save, n in counted.items():
            if n > 1 and save in r.save_names:
                ctx.problem((*path, "saves"), f"expected each save once, got {save} {n} times")
        absent = [s for s in r.save_names if s not in counted]
        if absent:
            ctx.problem(
                (*path, "saves"),
                f"expected every save ({', '.join(r.save_names)}) to be listed once;"
                f" missing {', '.join(absent)}",
            )


def _check_kit(r: Ruleset, ctx: _Context) -> None:
    """Every kit item is a supply the session counts or a light source a pack can hold.

    A Light spell is cast, not packed, and a source without a set duration cannot be handed out
    fresh; a character has a Bedroll or not.
    """
    if ctx.failed_under(("light",)):
        return
    packable = [k for k, d in r.light_sources.items() if d.duration is not None and not d.needs_caster]
    for item, count in r.kit.items():
        path: KeyPath = ("kit", item)
        if item == "bedroll" and count > 1:
            ctx.expected(path, "0 or 1: a Bedroll is had or not", count)
        elif item in r.light_sources and item not in packable:
            ctx.problem(path, "expected a light source that burns for a set time and needs no caster")
        elif item not in KIT_SUPPLIES and item not in r.light_sources:
            known = ", ".join([*KIT_SUPPLIES, *packable])
            ctx.problem(path, f"unknown supply; expected one of: {known}")


def _class_save_entries(ctx: _Context, path: KeyPath) -> list[tuple[str, int, str]]:
    """(quality, position, save) exactly as the file lists them, repeats included."""
    raw: Any = ctx.raw
    for part in path:
        raw = raw.get(part, {}) if isinstance(raw, dict) else {}
    saves = raw.get("saves", {}) if isinstance(raw, dict) else {}
    return [
        (quality, i, save)
        for quality, names in saves.items()
        if isinstance(names, list)
        for i, save in enumerate(names)
        if isinstance(save, str)
    ]


def _check_divining(r: Ruleset, ctx: _Context) -> None:
    d = r.divining
    assert d is not None
    symbols = _Refs(ctx, d.symbols, "symbols", ctx.failed_under(("divining", "symbols")))
    colours = _Refs(ctx, d.dice, "divining dice", ctx.failed_under(("divining", "dice")))
    for colour, die in d.dice.items():
        for i, face in enumerate(die.faces):
            for j, symbol in enumerate(face):
                symbols.check(("divining", "dice", colour, "faces", i, j), symbol)
    symbols.check(("divining", "chain_symbol"), d.chain_symbol)
    colours.check(("divining", "chain_colour"), d.chain_colour)
    if (d.chain_symbol is None) != (d.chain_colour is None):
        ctx.problem(("divining",), "expected both chain_symbol and chain_colour, or neither")
    elif d.chain_colour in d.dice and d.chain_chance(d.chain_colour) == 1:
        ctx.problem(
            ("divining", "dice", d.chain_colour, "faces"),
            f"expected at least one face without {d.chain_symbol}:"
            " every face chains, so the chain never ends",
        )
    colours.check(("divining", "challenge_colour"), d.challenge_colour)
    for colour in d.base_pool:
        colours.check(("divining", "base", colour), colour)
    for i, addition in enumerate(d.additions):
        for colour in addition.dice:
            colours.check(("divining", "additions", i, "dice", colour), colour)
    if d.accrual is not None:
        colours.check(("divining", "accrual", "reward_colour"), d.accrual.reward_colour)
        colours.check(("divining", "accrual", "risk_colour"), d.accrual.risk_colour)
    for symbol, also in d.counts_as.items():
        symbols.check(("divining", "counts_as", symbol), symbol)
        symbols.check_all(("divining", "counts_as", symbol), also)
    for symbol, adds in d.bonus.items():
        symbols.check(("divining", "bonus", symbol), symbol)
        for other in adds:
            symbols.check(("divining", "bonus", symbol, other), other)
    for i, pair in enumerate(d.cancel):
        symbols.check_all(("divining", "cancel", i), pair)
    for symbol in d.challenge_shift:
        symbols.check(("divining", "challenge_shift", symbol), symbol)
    if r.explore is not None:
        symbols.check(("explore", "challenge_symbol"), r.explore.challenge_symbol)
        symbols.check(("explore", "reward_symbol"), r.explore.reward_symbol)
        colours.check(("explore", "no_light_colour"), r.explore.no_light_colour)
        for symbol, rows in r.explore.outcomes.items():
            symbols.check(("explore", "outcomes", symbol), symbol)
            for i, row in enumerate(rows):
                if row.colour:
                    colours.check(("explore", "outcomes", symbol, i, "colour"), row.colour)
                symbols.check_all(("explore", "outcomes", symbol, i, "ignore"), row.ignore)
        for symbol, other in r.explore.also.items():
            symbols.check(("explore", "also", symbol), symbol)
            symbols.check(("explore", "also", symbol), other)
    if r.camp is not None:
        colours.check(("camp", "stand_watch", "colour"), r.camp.watch_colour)
        colours.check(("camp", "scout_ahead", "success_colour"), r.camp.scout_success_colour)
        colours.check(("camp", "scout_ahead", "failure_colour"), r.camp.scout_failure_colour)


# ---------------------------------------------------------------------------------------------
# Files: reading, `extends`, merging, and the public entry points.
# ---------------------------------------------------------------------------------------------


def rulesets_dir() -> Path:
    """Where the shipped rulesets live: inside the installed package, else the checkout's folder."""
    here = Path(__file__).resolve()
    packaged = here.parents[1] / "rulesets"
    if packaged.is_dir():
        return packaged
    return here.parents[2] / "rulesets"


def _display(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


_TOML_POSITION = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$", re.S)


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse one file, turning every way it can fail into a RulesetError naming it."""
    shown = _display(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise RulesetError([f"{shown}: file not found; expected a ruleset .toml file"]) from None
    except IsADirectoryError:
        raise RulesetError([f"{shown}: is a folder; expected a ruleset .toml file"]) from None
    except UnicodeDecodeError as exc:
        raise RulesetError([f"{shown}: byte {exc.start}: expected UTF-8 text"]) from None
    except OSError as exc:
        raise RulesetError(
            [f"{shown}: cannot be read ({exc.strerror or exc}); expected a readable file"]
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.match(message)
        if found:
            where = f"line {found['line']}, column {found['col']}"
            message = found["msg"]
        else:
            where = "end of file" if "end of document" in message else "somewhere"
            message = message.replace(" (at end of document)", "")
        raise RulesetError([f"{shown}: {where}: expected valid TOML: {message}"]) from None


def _find_file(ruleset_id: str, folders: Sequence[Path]) -> Path | None:
    for folder in folders:
        candidate = folder / f"{ruleset_id}.toml"
        if candidate.is_file():
            return candidate
    return None


@attrs.frozen
class _Layer:
    """One file of an `extends` chain, parsed."""

    path: Path
    shown: str
    data: dict[str, Any]


def _chain(path: Path, seen: tuple[Path, ...] = ()) -> list[_Layer]:
    """The file and its ancestors, root first; a missing parent or a cycle is a RulesetError."""
    resolved = path.resolve()
    shown = _display(path)
    data = _read_toml(path)
    fmt = data.get("format", FORMAT_VERSION)
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT_VERSION:
        raise RulesetError(
            [
                f"{shown}: format: expected format {FORMAT_VERSION} or older, got {fmt}:"
                " this file needs a newer hammertui"
            ]
        )
    layer = _Layer(path, shown, data)
    parent_id = data.get("extends")
    if parent_id is None:
        return [layer]
    if not isinstance(parent_id, str) or not _RULESET_ID_PATTERN.match(parent_id):
        raise RulesetError(
            [
                f'{shown}: extends: expected the id of another ruleset, such as "hammercrawl",'
                f" got {_show(parent_id)}"
            ]
        )
    folders = [path.parent, rulesets_dir()]
    parent = _find_file(parent_id, folders)
    if parent is None:
        looked = " and ".join(dict.fromkeys(_display(f) for f in folders))
        raise RulesetError(
            [
                f"{shown}: extends: expected the id of a ruleset in {looked},"
                f" got {_show(parent_id)}: no {parent_id}.toml there"
            ]
        )
    chain = (*seen, resolved)
    if parent.resolve() in chain:
        names = " -> ".join([p.stem for p in chain] + [parent.stem])
        raise RulesetError(
            [f"{shown}: extends: a cycle ({names}); expected a chain that ends in a ruleset without extends"]
        )
    return [*_chain(parent, chain), layer]


def _merge_layers(layers: Sequence[_Layer]) -> tuple[dict[str, Any], dict[KeyPath, str], list[str]]:
    """Fold the chain: tables merge key by key, arrays and values replace, `_replace` replaces."""
    merged: dict[str, Any] = {}
    origins: dict[KeyPath, str] = {(): layers[-1].shown}
    problems: list[str] = []
    for n, layer in enumerate(layers):
        data = layer.data
        if n < len(layers) - 1:
            data = {k: v for k, v in data.items() if k not in IDENTITY_KEYS}
        merged = _merge(merged, data, layer.shown, (), origins, problems)
    origins[()] = layers[-1].shown
    return merged, origins, problems


def _merge(
    base: dict[str, Any],
    over: dict[str, Any],
    shown: str,
    prefix: KeyPath,
    origins: dict[KeyPath, str],
    problems: list[str],
) -> dict[str, Any]:
    result = dict(base)
    for key, value in over.items():
        path = (*prefix, key)
        if key == "_replace":
            if not isinstance(value, bool):
                problems.append(f"{shown}: {_dotted(path)}: expected true or false, got {_show(value)}")
            continue
        if isinstance(value, dict):
            replace = value.get("_replace") is True
            if isinstance(result.get(key), dict) and not replace:
                result[key] = _merge(result[key], value, shown, path, origins, problems)
                origins[path] = shown  # a table's own problems (a key missing) are its last editor's
                continue
            _forget(origins, path)
            if replace and len(value) == 1:
                result.pop(key, None)  # `_replace = true` alone: the parent's table is dropped
                continue
            result[key] = _merge({}, value, shown, path, origins, problems)
            origins[path] = shown
            continue
        _forget(origins, path)
        result[key] = value
        origins[path] = shown
    return result


def _forget(origins: dict[KeyPath, str], path: KeyPath) -> None:
    """Drop what an earlier layer said under `path`. A path is known whenever anything beneath it
    is (a table is recorded after its keys), so a new key costs nothing to check."""
    if path not in origins:
        return
    for known in [p for p in origins if p[: len(path)] == path]:
        del origins[known]


def _ruleset_from_file(path: Path) -> Ruleset:
    layers = _chain(path)
    data, origins, problems = _merge_layers(layers)
    digest = _digest(data)
    ctx = _Context(layers[-1].shown, origins, data)
    ctx.messages.extend(problems)
    try:
        ruleset = _build(data, ctx, path.stem, path)
    except RulesetError:
        raise
    except Exception as exc:  # a stand-in value tripped a later reader: report what we have
        if ctx.messages:
            raise RulesetError(ctx.messages) from None
        raise RulesetError([f"{layers[-1].shown}: cannot be read as a ruleset ({exc})"]) from None
    if ctx.messages:
        raise RulesetError(ctx.messages)
    return attrs.evolve(ruleset, digest=digest)


def _digest(data: dict[str, Any]) -> str:
    canonical = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def load_ruleset(id_or_path: str | Path, directory: Path | None = None, also: Sequence[Path] = ()) -> Ruleset:
    """A ruleset by id (looked up in `directory`, else the shipped folder, then in `also`: the
    user's own folders) or by file path."""
    if (
        isinstance(id_or_path, Path)
        or "/" in id_or_path
        or "\\" in id_or_path
        or id_or_path.endswith(".toml")
    ):
        return _ruleset_from_file(Path(id_or_path))
    folders = [directory if directory is not None else rulesets_dir(), *also]
    found = _find_file(id_or_path, folders)
    if found is None:
        looked = " and ".join(_display(folder) for folder in folders)
        known = sorted({p.stem for folder in folders if folder.is_dir() for p in folder.glob("*.toml")})
        listed = ", ".join(known) if known else "none"
        raise RulesetError([f"{looked}: no ruleset {_show(id_or_path)}; expected one of: {listed}"])
    return _ruleset_from_file(found)


def scan_rulesets(directory: Path | None = None) -> tuple[list[Ruleset], list[str]]:
    """Every ruleset in a folder that loads, sorted by id, and the problems of those that do not."""
    folder = directory if directory is not None else rulesets_dir()
    rulesets: list[Ruleset] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            rulesets.append(_ruleset_from_file(path))
        except RulesetError as exc:
            problems.extend(exc.problems)
    return sorted(rulesets, key=lambda r: r.id), problems


def list_rulesets(directory: Path | None = None) -> list[Ruleset]:
    """Every ruleset in a folder, sorted by id; one broken file fails the list (see scan_rulesets)."""
    rulesets, problems = scan_rulesets(directory)
    if problems:
        raise RulesetError(problems)
    return rulesets


def check_ruleset_file(path: Path) -> list[str]:
    """Every problem with a ruleset file, one line each; [] when it is fine. Never raises."""
    try:
        _ruleset_from_file(Path(path))
    except RulesetError as exc:
        return exc.problems
    except Exception as exc:  # noqa: BLE001 - a checker must answer, whatever the file holds
        return [f"{_display(Path(path))}: cannot be checked ({type(exc).__name__}: {exc})"]
    return []
