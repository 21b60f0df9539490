"""The Russell House Rules' characters (`russell_characters`): what each adventurer holds beyond the
shared record, and the actions of load and weariness.

The shared `Character` keeps the name, the assigned attributes, HP, AC and coins; this procedure's
slice keeps, by character id, the seven rolls, Weapon and Bow Skill, skills, the armour worn, the
gear with its slots and usage dice, the Tired pips (Wearied is all of them marked), the wounds, which outlast a fight,
and the day of the last square meal. A hireling (on the shared `State.hirelings`) has a sheet of
their own here, by hireling id. The exploration die tells it of a Tired result through
`ExplorationResult`; a new session's party is rolled by `new_party`. HP, wounds and hirelings
are `russell_vitals`'.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from hammertui.kernel.rules.dice import DiceSource, roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.actions import member_of, spend_time
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import ExplorationResult, FoeKilled, Hears, slice_of
from hammertui.kernel.session.sessions import DEMO_PARTY
from hammertui.kernel.session.state import Character, State, Stats, free_id, replace_member
from hammertui.procedures.russell_characters.rules import growth as growth_rules
from hammertui.procedures.russell_characters.rules import making as rules
from hammertui.procedures.russell_characters.schema import GearDef, Growth, RussellCharacters, Template

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import CharactersProcedure

NAME = "russell_characters"
NO_ARMOUR = "none"


@record
class Gear:
    """A significant item carried: its slots, how many (Rations), its usage die now (0: none), or
    `out` once a 1-2 on its d4 has used it up."""

    id: str
    name: str
    slots: int = 1
    count: int = 0
    die: int = 0
    out: bool = False


@record
class Skill:
    """A skill on the sheet, its rank and the check marks its uses have put next to it."""

    name: str
    rank: int = 1
    marks: int = 0


@record
class Person:
    """What the Russell House Rules note on a sheet beyond the shared record."""

    rolls: tuple[int, ...] = ()
    """The attribute rolls as thrown (seven, one set aside)."""
    weapon_skill: int = 1
    bow_skill: int = 1
    skills: tuple[Skill, ...] = ()
    just_in_time: int = 0
    """Just-in-Time skills not yet declared."""
    template: str = ""
    gear: tuple[Gear, ...] = ()
    tired: int = 0
    wounds: tuple[str, ...] = ()
    """The wounds taken, by name: "a second wound will kill the character"."""
    fed: int = -1
    """The day of the last square meal ("Once per day"); -1: none yet."""
    armour: str = NO_ARMOUR
    """The armour worn, by the table's name (`medium`), which the AC on the shared record counts."""
    shield: bool = False


@record
class Hand:
    """A hireling's sheet: HP, Tired pips and wounds as a character's, the wage as agreed (a flat
    fee or a share), and the day of their last square meal."""

    hp: int
    max_hp: int
    wage: str = ""
    tired: int = 0
    wounds: tuple[str, ...] = ()
    fed: int = -1


@record
class Haul:
    """Treasure brought back: on what turn, what it was, its worth in coins, the XP it gave each of
    those who shared it (0 when too little to share) and their names."""

    turn: int
    what: str
    coins: int
    each: int
    shared_by: tuple[str, ...]


@record
class People:
    """Each character's sheet, by character id; each hireling's, by hireling id; the attribute
    rolls thrown for a character not yet made (`RollAttributes`), waiting for the referee to assign
    them; and the treasure brought back, oldest first."""

    people: dict[str, Person] = attrs.field(factory=dict)
    hands: dict[str, Hand] = attrs.field(factory=dict)
    rolled: tuple[int, ...] = ()
    brought_back: tuple[Haul, ...] = ()


def section(ruleset: Ruleset) -> RussellCharacters:
    rules: RussellCharacters | None = ruleset.russell_characters
    if rules is None:
        raise ValueError(f"ruleset {ruleset.id} has no [russell_characters]")
    return rules


def kit(section: RussellCharacters) -> tuple[Gear, ...]:
    """The default kit, full: "a Blanket (1 slot), a Waterskin (1 slot), 3 Rations (1 slot), and
    Flint & Tender (0 Slots)"."""
    return tuple(Gear(g.id, g.name, g.slots, g.count, g.usage or 0) for g in section.kit)


def fresh(section: RussellCharacters, template: Template | None = None, thrown: tuple[int, ...] = ()) -> Person:
    """A starting sheet: Weapon and Bow Skill 1 (plus the template's), its skills, the Just-in-Time
    skills and the kit."""
    extra = template or Template("", "")
    return Person(
        rolls=thrown,
        weapon_skill=section.weapon_skill + extra.weapon_skill,
        bow_skill=section.bow_skill + extra.bow_skill,
        skills=tuple(Skill(name) for name in extra.skills),
        just_in_time=section.just_in_time_skills,
        template=extra.id,
        gear=kit(section),
    )


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> People:
    """A starting sheet for each member of a party made elsewhere."""
    return People({member.id: fresh(section(ruleset)) for member in party})


def new_party(ruleset: Ruleset, dice: DiceSource) -> tuple[tuple[Character, ...], list[Event], dict[str, People]]:
    """A party of four rolled by the text: attributes, HP, AC and coins on the shared record, the
    rest on their sheets; the log shows every die."""
    own = section(ruleset)
    party, sheets, events = [], {}, []
    for index, (name, player) in enumerate(DEMO_PARTY, start=1):
        template = own.templates[(index - 1) % len(own.templates)] if own.templates else None
        member, person, thrown = _rolled(ruleset, dice, f"c{index}", name, player, template)
        party.append(member)
        sheets[member.id] = person
        events.append(Event(0, "roll", rolled_text(ruleset, member, person), tuple(r.describe() for r in thrown)))
    return tuple(party), events, {NAME: People(sheets)}


def ability(ruleset: Ruleset, member: Character, role: str) -> int:
    """The character's score in the stat that plays `role` in the ruleset (`[stats] roles`): the
    strength that carries, the dexterity that betters an Armour Class, the constitution that adds
    to Hit Points, the intelligence that gives skill slots and practises."""
    return member.stats[ruleset.stat_rules.role(role)]


def _rolled(
    ruleset: Ruleset, dice: DiceSource, character_id: str, name: str, player: str, template: Template | None
) -> tuple[Character, Person, list[Any]]:
    own = section(ruleset)
    count = len(ruleset.stats) if own.in_order else own.attribute_rolls
    attributes = rules.roll_attributes(dice, own.attribute_dice, count)
    faces = [r.total for r in attributes]
    placed = rules.in_order(faces, ruleset.stats) if own.in_order else rules.set_aside_lowest(faces, ruleset.stats)
    hit = roll(dice, own.hit_die)
    purse = roll(dice, own.coins)
    member = made(ruleset, character_id, name, player, placed, hit.total, purse.total, template)
    return member, fresh(own, template, tuple(faces)), [*attributes, hit, purse]


def made(
    ruleset: Ruleset,
    character_id: str,
    name: str,
    player: str,
    placed: dict[str, int],
    hit: int,
    purse: int,
    template: Template | None,
) -> Character:
    """A character from their placed attributes, Hit Die and coins thrown: "Roll 1d6 and add your
    Constitution modifier", unarmoured AC, "3d6 x 10 base coins", and what the template adds."""
    own = section(ruleset)
    extra = template or Template("", "")
    con, dex = placed[ruleset.stat_rules.role("constitution")], placed[ruleset.stat_rules.role("dexterity")]
    hp = rules.starting_hp(hit, ruleset.stat_mod(con), own.least_hp) + extra.hp
    ac = rules.armour_class(own.unarmoured_ac, ruleset.stat_mod(dex), False, own.shield_better, extra.ac)
    return Character(
        id=character_id,
        name=name,
        player=player,
        class_id=extra.id,
        stats=Stats.of(placed),
        hp=hp,
        max_hp=hp,
        ac=ac,
        coins=rules.coins(purse, own.coins_times),
    )


def _template_name(ruleset: Ruleset, template_id: str) -> str:
    return next((t.name for t in section(ruleset).templates if t.id == template_id), "")


def rolled_text(ruleset: Ruleset, member: Character, person: Person) -> str:
    """`Darla (Ana): STR 12 DEX 9 ..., HP 4, AC 10, WS 1, Bow 1, 110 coins (rolled 12, 9, ...).`"""
    scores = " ".join(f"{k} {v}" for k, v in member.stats.as_dict().items())
    who = f"{member.name} ({member.player})" if member.player else member.name
    rolled = ", ".join(map(str, person.rolls))
    template = f" {template_name} template," if (template_name := _template_name(ruleset, person.template)) else ""
    return (
        f"{who}:{template} {scores}, HP {member.max_hp}, AC {member.ac}, WS {person.weapon_skill},"
        f" Bow {person.bow_skill}, {member.coins} coins (rolled {rolled})."
    )


def people(state: State) -> People:
    return slice_of(state, NAME, People())


def person(state: State, ruleset: Ruleset, character_id: str) -> Person:
    """A character's sheet; one who joined by another way starts with the kit."""
    return people(state).people.get(character_id) or fresh(section(ruleset))


def with_person(state: State, character_id: str, sheet: Person) -> State:
    return state.with_slice(NAME, attrs.evolve(people(state), people={**people(state).people, character_id: sheet}))


def hand(state: State, hireling_id: str) -> Hand | None:
    """A hireling's sheet (None for one hired by other rules)."""
    return people(state).hands.get(hireling_id)


def with_hand(state: State, hireling_id: str, sheet: Hand | None) -> State:
    """The state with a hireling's sheet replaced, or struck off (None)."""
    hands = {k: v for k, v in people(state).hands.items() if k != hireling_id}
    if sheet is not None:
        hands[hireling_id] = sheet
    return state.with_slice(NAME, attrs.evolve(people(state), hands=hands))


def slots_used(ruleset: Ruleset, member: Character, sheet: Person) -> int:
    """Gear slots filled: the gear's, the armour's one per point of AC it improves, and the coins'."""
    own = section(ruleset)
    base = own.armour.get(sheet.armour, own.unarmoured_ac)
    armour = rules.armour_slots(own.unarmoured_ac, base, sheet.shield, own.shield_better)
    return sum(g.slots for g in sheet.gear) + armour + rules.coin_slots(member.coins, own.coins_per_slot)


def is_burdened(ruleset: Ruleset, member: Character, sheet: Person) -> bool:
    return rules.burdened(slots_used(ruleset, member, sheet), ability(ruleset, member, "strength"))


def is_wearied(ruleset: Ruleset, sheet: Person | Hand) -> bool:
    return rules.wearied(sheet.tired, section(ruleset).tired_pips)


def weariness_dice(ruleset: Ruleset, member: Character, sheet: Person, physical: bool) -> int:
    """The modifier dice a character's weariness and burden put on a roll (physically challenging or not)."""
    return rules.weariness_dice(is_wearied(ruleset, sheet), is_burdened(ruleset, member, sheet), physical)


def most_slots(ruleset: Ruleset, member: Character) -> int:
    return rules.most_slots(ability(ruleset, member, "strength"), section(ruleset).most_slots)


def gear_of(sheet: Person, gear_id: str) -> Gear | None:
    return next((g for g in sheet.gear if g.id == gear_id), None)


def with_gear(sheet: Person, gear: Gear | None, gear_id: str) -> Person:
    """The sheet with one item replaced, or dropped (None)."""
    kept = tuple(g for g in (gear if g.id == gear_id else g for g in sheet.gear) if g is not None)
    return attrs.evolve(sheet, gear=kept)


def use(ctx: Context, gear: Gear) -> tuple[Gear, str, str]:
    """Roll an item's usage die: the item after, the words, and the die shown."""
    own = section(ctx.ruleset)
    thrown = roll(ctx.dice, f"1d{gear.die}")
    after = rules.usage_after(own.usage_dice, gear.die, thrown.total, own.step_down_on)
    if after == gear.die:
        words = f"{gear.name} holds at d{gear.die}"
    elif after:
        words = f"{gear.name} steps down to d{after}"
    else:
        words = f"{gear.name} is used up"
    shown = f"{gear.name} usage die {thrown.describe()} (steps down on 1-{own.step_down_on})"
    return attrs.evolve(gear, die=after or gear.die, out=not after), words, shown


def _member(state: State, character_id: str) -> Character:
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is dead.")
    return member


@record
class RollUsageDie:
    """Use an item: roll its usage die, which steps down on a 1 or 2 and is out after a d4's."""

    character_id: str
    gear_id: str
    label: ClassVar[str] = "usage"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        sheet = person(state, ctx.ruleset, member.id)
        gear = gear_of(sheet, self.gear_id)
        if gear is None or not gear.die:
            raise Refused(f"{member.name} carries no {self.gear_id} with a usage die.")
        if gear.out:
            raise Refused(f"{member.name}'s {gear.name} is used up.")
        used, words, shown = use(ctx, gear)
        after = with_person(state, member.id, with_gear(sheet, used, gear.id))
        return after, [note(self, f"{member.name}: {words}.", (shown,), level="warn" if used.out else "info")]


def supply_name(own: RussellCharacters, supply: str) -> str:
    return next((g.name for g in (*own.goods, *own.kit) if g.id == supply), supply)


def draw_supply(state: State, ctx: Context, action: Action, character_id: str, supply: str) -> Result:
    """Another procedure's use of a carried supply (a fresh torch from Torches, a lantern's oil):
    "Any time you use the item, roll on its usage die". Refused for one who carries none left."""
    member = _member(state, character_id)
    sheet = person(state, ctx.ruleset, member.id)
    gear = gear_of(sheet, supply)
    if gear is None or not gear.die:
        raise Refused(f"{member.name} carries no {supply_name(section(ctx.ruleset), supply)} (Usage Dice).")
    if gear.out:
        raise Refused(f"{member.name}'s {gear.name} is used up (Usage Dice).")
    used, words, shown = use(ctx, gear)
    return with_person(state, member.id, with_gear(sheet, used, gear.id)), [
        note(action, f"{member.name}: {words}.", (shown,), level="warn" if used.out else "info")
    ]


@record
class MarkTired:
    """A Tired pip by the 'Smith's hand (the exploration die's Tired result marks them itself)."""

    character_id: str
    label: ClassVar[str] = "tired"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        sheet = person(state, ctx.ruleset, member.id)
        if is_wearied(ctx.ruleset, sheet):
            raise Refused(f"{member.name} is already Wearied.")
        return _tire(state, ctx, self, (member,), by_burden=False)


def good_named(own: RussellCharacters, name: str) -> GearDef | None:
    """The kit's or the goods' item of this name (any case), as it is bought full."""
    wanted = name.strip().casefold()
    return next((g for g in (*own.goods, *own.kit) if g.name.casefold() == wanted or g.id == wanted), None)


@record
class Carry:
    """Take up a significant item: more than STR makes Burdened, more than STR x 1.5 cannot be.
    One already carried with a usage die is bought again: "Buying extras takes up an additional
    slot but increases the usage die by one step" (one used up is bought full in its own slot)."""

    character_id: str
    name: str
    slots: int = 1
    die: int = 0
    label: ClassVar[str] = "carry"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        own = section(ctx.ruleset)
        sheet = person(state, ctx.ruleset, member.id)
        if not self.name.strip():
            raise Refused("Name what is carried.")
        if self.slots < 0:
            raise Refused("An item takes no fewer than 0 slots.")
        if self.die and self.die not in own.usage_dice:
            raise Refused(
                f"No usage die d{self.die}: one of {', '.join(f'd{d}' for d in own.usage_dice)} (Usage Dice)."
            )
        known = good_named(own, self.name)
        held = gear_of(sheet, known.id) if known else None
        if held is not None and held.die:
            carried, extra = _bought_again(own, held, self.slots)
        else:
            gear_id = known.id if known and held is None else free_id("g", {g.id for g in sheet.gear})
            die = self.die or (known.usage or 0 if known else 0)
            carried, extra = Gear(gear_id, known.name if known else self.name.strip(), self.slots, die=die), self.slots
        used = slots_used(ctx.ruleset, member, sheet) + extra
        most = most_slots(ctx.ruleset, member)
        strength = ability(ctx.ruleset, member, "strength")
        if used > most:
            raise Refused(
                f"{member.name} cannot carry more than {most} slots:"
                ' "Characters absolutely cannot carry more items than Str x 1.5"'
                f" ({ctx.ruleset.stat_rules.role('strength')} {strength}, {used} needed)."
            )
        gear = (*(carried if g.id == carried.id else g for g in sheet.gear),) if held else (*sheet.gear, carried)
        burden = ": Burdened" if rules.burdened(used, strength) else ""
        what = carried.name + (f" d{carried.die}" if carried.die else "")
        return with_person(state, member.id, attrs.evolve(sheet, gear=gear)), [
            note(
                self,
                f"{member.name} carries {what} ({used}/{strength} slots{burden}).",
                level="warn" if burden else "info",
            )
        ]


def _bought_again(own: RussellCharacters, held: Gear, slots: int) -> tuple[Gear, int]:
    """An item with a usage die bought again: a used-up one full in its own slots, else one step
    up in one slot more; the slots it adds."""
    if held.out:
        full = next((g.usage for g in (*own.goods, *own.kit) if g.id == held.id and g.usage), held.die)
        return attrs.evolve(held, die=full, out=False), 0
    if held.die == own.usage_dice[0]:
        raise Refused(f"{held.name} is already at d{held.die}, the largest usage die.")
    return attrs.evolve(held, die=rules.step_up(own.usage_dice, held.die), slots=held.slots + max(1, slots)), max(
        1, slots
    )


@record
class Drop:
    """Leave an item behind."""

    character_id: str
    gear_id: str
    label: ClassVar[str] = "carry"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        sheet = person(state, ctx.ruleset, member.id)
        gear = gear_of(sheet, self.gear_id)
        if gear is None:
            raise Refused(f"{member.name} carries no {self.gear_id}.")
        return with_person(state, member.id, with_gear(sheet, None, gear.id)), [
            note(self, f"{member.name} leaves {gear.name} behind.")
        ]


def template_ac(own: RussellCharacters, sheet: Person) -> int:
    """The points of AC a character's class template makes better."""
    return next((t.ac for t in own.templates if t.id == sheet.template), 0)


def worn_ac(ruleset: Ruleset, member: Character, sheet: Person, armour: str, shield: bool) -> int:
    """AC in `armour` (its table value, or the unarmoured one), with the shield, DEX and template."""
    own = section(ruleset)
    base = own.armour.get(armour, own.unarmoured_ac)
    return rules.armour_class(
        base,
        ruleset.stat_mod(ability(ruleset, member, "dexterity")),
        shield,
        own.shield_better,
        template_ac(own, sheet),
    )


def armour_words(armour: str, shield: bool) -> str:
    """`medium armour and a shield`, `no armour`."""
    worn = "no armour" if armour == NO_ARMOUR else f"{armour} armour"
    return worn + (" and a shield" if shield else "")


@record
class WearArmour:
    """Armour by the table ("Light (Leather): 7, Medium (Chain): 5, Heavy (Plate): 3, Shield: 1
    Better") on a character: AC set, and its slots, one a point better than 10, counted."""

    character_id: str
    armour: str
    shield: bool = False
    label: ClassVar[str] = "armour"

    def apply(self, state: State, ctx: Context) -> Result:
        member = _member(state, self.character_id)
        own = section(ctx.ruleset)
        if self.armour != NO_ARMOUR and self.armour not in own.armour:
            raise Refused(
                f"No armour {self.armour!r}: one of {', '.join((NO_ARMOUR, *own.armour))} (Armor Types and Values)."
            )
        sheet = person(state, ctx.ruleset, member.id)
        if (sheet.armour, sheet.shield) == (self.armour, self.shield):
            raise Refused(f"{member.name} already wears {armour_words(self.armour, self.shield)}.")
        dressed = attrs.evolve(sheet, armour=self.armour, shield=self.shield)
        worn = attrs.evolve(member, ac=worn_ac(ctx.ruleset, member, sheet, self.armour, self.shield))
        used, most = slots_used(ctx.ruleset, worn, dressed), most_slots(ctx.ruleset, worn)
        strength = ability(ctx.ruleset, member, "strength")
        if used > most:
            raise Refused(
                f"{member.name} cannot carry more than {most} slots:"
                ' "Characters absolutely cannot carry more items than Str x 1.5"'
                f" ({ctx.ruleset.stat_rules.role('strength')} {strength}, {used} needed)."
            )
        burden = ", Burdened" if rules.burdened(used, strength) else ""
        text = (
            f"{member.name} wears {armour_words(self.armour, self.shield)}:"
            f" AC {worn.ac}; {used}/{strength} slots{burden}."
        )
        return with_person(attrs.evolve(state, party=replace_member(state.party, worn)), member.id, dressed), [
            note(self, text, level="warn" if burden else "info")
        ]


def _tire(
    state: State,
    ctx: Context,
    action: Action,
    members: tuple[Character, ...],
    by_burden: bool,
    hired: tuple[str, ...] = (),
) -> Result:
    """Each member marks a pip (two when Burdened, if `by_burden`), and each hireling of `hired`
    one (their load is not kept); the log says who is now Wearied."""
    own = section(ctx.ruleset)
    said, wearied = [], False
    for member in members:
        sheet = person(state, ctx.ruleset, member.id)
        heavy = by_burden and is_burdened(ctx.ruleset, member, sheet)
        pips = rules.tired_after(sheet.tired, heavy, own.tired_pips, own.burdened_pips)
        state = with_person(state, member.id, attrs.evolve(sheet, tired=pips))
        said.append(_pips_words(member.name, pips, heavy, own.tired_pips))
        wearied = wearied or rules.wearied(pips, own.tired_pips)
    for hireling_id in hired:
        sheet_of = hand(state, hireling_id)
        assert sheet_of is not None
        pips = rules.tired_after(sheet_of.tired, False, own.tired_pips, own.burdened_pips)
        state = with_hand(state, hireling_id, attrs.evolve(sheet_of, tired=pips))
        said.append(_pips_words(state.hireling(hireling_id).name, pips, False, own.tired_pips))
        wearied = wearied or rules.wearied(pips, own.tired_pips)
    return state, [note(action, "; ".join(said) + ".", level="warn" if wearied else "info")] if said else []


def _pips_words(name: str, pips: int, heavy: bool, most: int) -> str:
    marked = "marks two Tired pips (Burdened)" if heavy else "marks a Tired pip"
    return f"{name} {marked}: {pips}/{most}" + (", Wearied" if rules.wearied(pips, most) else "")


def on_exploration_result(state: State, ctx: Context, action: Action, heard: ExplorationResult) -> Result:
    """ "Any time the Tired result is rolled on the exploration die, every character marks a Tired
    pip (two if the character is encumbered)"; "Characters" are "every character and hireling",
    so the hirelings with a sheet here mark theirs."""
    if heard.result_id != "tired":
        return state, []
    hired = tuple(h.id for h in state.hirelings if hand(state, h.id) is not None)
    return _tire(state, ctx, action, state.living, by_burden=True, hired=hired)


def has_water(state: State, ruleset: Ruleset, member: Character) -> bool:
    """Whether a member carries water left to drink: "characters must also have water to drink"."""
    water = gear_of(person(state, ruleset, member.id), section(ruleset).water)
    return water is not None and not water.out and bool(water.die)


def _drink(state: State, ctx: Context, members: tuple[Character, ...]) -> tuple[State, list[str], list[str]]:
    """Each member drinks from their own water: its usage die is rolled. Refused for one without."""
    own = section(ctx.ruleset)
    for member in members:
        if not has_water(state, ctx.ruleset, member):
            raise Refused(f"{member.name} has no water to drink.")
    words, shown = [], []
    for member in members:
        sheet = person(state, ctx.ruleset, member.id)
        water = gear_of(sheet, own.water)
        assert water is not None
        used, said, die = use(ctx, water)
        state = with_person(state, member.id, with_gear(sheet, used, water.id))
        words.append(f"{member.name}: {said}")
        shown.append(die)
    return state, words, shown


def eat_ration(state: State, ctx: Context, member: Character) -> tuple[State, str, tuple[str, ...]]:
    """One Ration from the member's own: their Rations' usage die rolled (or, where the ruleset
    counts Rations, one fewer), or a refusal. The words, and the die shown."""
    own = section(ctx.ruleset)
    sheet = person(state, ctx.ruleset, member.id)
    rations = gear_of(sheet, own.ration)
    if rations is None or rations.out or not (rations.die or rations.count > 0):
        raise Refused(f"{member.name} has no Ration.")
    if rations.die:
        used, words, shown = use(ctx, rations)
        return with_person(state, member.id, with_gear(sheet, used, rations.id)), f"{member.name}: {words}", (shown,)
    left = attrs.evolve(rations, count=rations.count - 1) if rations.count > 1 else None
    return (
        with_person(state, member.id, with_gear(sheet, left, rations.id)),
        f"{member.name} has {rations.count - 1} Rations left",
        (),
    )


@record
class ShareRation:
    """An exploration turn sharing around one Ration (at most eight people) and drinking water:
    each who shares and is Tired but not Wearied erases one Tired pip. Those with no water to drink
    go without; the rest share ("characters must also have water to drink")."""

    sharer_id: str
    eaters: tuple[str, ...]
    label: ClassVar[str] = "rest"

    def apply(self, state: State, ctx: Context) -> Result:
        own = section(ctx.ruleset)
        sharer = _member(state, self.sharer_id)
        offered = tuple(_member(state, i) for i in dict.fromkeys((self.sharer_id, *self.eaters)))
        members = tuple(m for m in offered if has_water(state, ctx.ruleset, m))
        dry = tuple(m for m in offered if m not in members)
        if len(members) > own.share_most:
            raise Refused(f"A Ration goes round {own.share_most} people at most.")
        eased = [
            m
            for m in members
            if 0 < person(state, ctx.ruleset, m.id).tired
            and not is_wearied(ctx.ruleset, person(state, ctx.ruleset, m.id))
        ]
        if not eased:
            without = f"; {_names(dry)} {'has' if len(dry) == 1 else 'have'} no water to drink" if dry else ""
            raise Refused(
                f"No one sharing has a Tired pip a shared Ration can erase: the Wearied need a Ration each{without}."
            )
        state, eaten, ate = eat_ration(state, ctx, sharer)
        state, drunk, shown = _drink(state, ctx, members)
        for member in eased:
            sheet = person(state, ctx.ruleset, member.id)
            state = with_person(state, member.id, attrs.evolve(sheet, tired=sheet.tired - 1))
        names = _names(eased)
        text = (
            f"{sharer.name} shares a Ration round {len(members)};"
            f" {names} erase{'s' if len(eased) == 1 else ''} a Tired pip."
        )
        if dry:
            text += (
                f" {_names(dry)} {'has' if len(dry) == 1 else 'have'} no water to drink"
                f" and go{'es' if len(dry) == 1 else ''} without."
            )
        spent, events = spend_time(state, 1, ctx, self)
        return spent, [note(self, f"{text} {'; '.join([eaten, *drunk])}.", (*ate, *shown)), *events]


def _names(members: Iterable[Character]) -> str:
    return ", ".join(m.name for m in members)


@record
class EatRations:
    """An exploration turn eating a full Ration each and drinking water: the Wearied (and anyone
    Tired) erase every pip."""

    eaters: tuple[str, ...]
    label: ClassVar[str] = "rest"

    def apply(self, state: State, ctx: Context) -> Result:
        members = tuple(_member(state, i) for i in dict.fromkeys(self.eaters))
        if not any(person(state, ctx.ruleset, m.id).tired for m in members):
            raise Refused("No one eating is Tired or Wearied.")
        eaten: list[str] = []
        ate: list[str] = []
        for member in members:
            state, words, die = eat_ration(state, ctx, member)
            eaten.append(words)
            ate += die
        state, drunk, shown = _drink(state, ctx, members)
        for member in members:
            state = with_person(state, member.id, attrs.evolve(person(state, ctx.ruleset, member.id), tired=0))
        names = ", ".join(m.name for m in members)
        spent, events = spend_time(state, 1, ctx, self)
        said = "; ".join([*eaten, *drunk])
        return spent, [
            note(self, f"{names} eat a Ration each and rest: no longer Tired or Wearied. {said}.", (*ate, *shown)),
            *events,
        ]


def growth_of(ruleset: Ruleset) -> Growth:
    own = section(ruleset).growth
    if own is None:
        raise Refused(f"{ruleset.name} keeps no XP or levels ([russell_characters.growth]).")
    return own


def _share_xp(state: State, action: Action, total: int, why: str) -> Result:
    """An award shared evenly by those standing; the log says each one's share and who may level up."""
    standing = state.living
    each = growth_rules.shares(total, len(standing))
    if not each:
        return state, [note(action, f"{why}: {total} XP, too little to share among {len(standing)}.")]
    party = tuple(attrs.evolve(m, xp=m.xp + each) if m.alive else m for m in state.party)
    state = attrs.evolve(state, party=party)
    return state, [note(action, f"{why}: {total} XP, {each} each to {', '.join(m.name for m in standing)}.")]


def on_foe_killed(state: State, ctx: Context, action: Action, heard: FoeKilled) -> Result:
    """ "player characters will receive 25 XP per HD of a dangerous foe killed"; nothing where the
    ruleset keeps no XP."""
    own = section(ctx.ruleset).growth
    hd = heard.hd
    if own is None or hd < 1:
        return state, []
    return _share_xp(state, action, growth_rules.kill_xp(own, hd), f"A {hd} HD foe killed")


@record
class AwardTreasure:
    """Treasure brought back: "such treasure is worth 1 XP per Standard Coin of value"."""

    coins: int
    what: str = "Treasure"
    label: ClassVar[str] = "xp"

    def apply(self, state: State, ctx: Context) -> Result:
        if self.coins < 1:
            raise Refused("A treasure is worth at least one coin.")
        if not state.living:
            raise Refused("No one is standing to bring the treasure back.")
        total = growth_rules.treasure_xp(growth_of(ctx.ruleset), self.coins)
        standing = tuple(m.name for m in state.living)
        haul = Haul(state.clock.units, self.what, self.coins, growth_rules.shares(total, len(standing)), standing)
        state = state.with_slice(NAME, attrs.evolve(people(state), brought_back=(*people(state).brought_back, haul)))
        return _share_xp(state, self, total, f"{self.what} worth {self.coins} coins")


@record
class LevelUp:
    """Level up by the chart: a new Hit Die plus CON (2 HP past it), Weapon Skill at even levels,
    the templates and max skill rank of the new level."""

    character_id: str
    label: ClassVar[str] = "level"

    def apply(self, state: State, ctx: Context) -> Result:
        own = growth_of(ctx.ruleset)
        member = _member(state, self.character_id)
        reached = member.level + 1
        needs = growth_rules.xp_for(own, reached)
        if member.xp < needs:
            raise Refused(f"{member.name} has {member.xp} XP; level {reached} needs {needs}.")
        up = growth_rules.level_up(own, reached)
        shown: tuple[str, ...] = ()
        gained = up.hp
        if up.hp_die:
            thrown = roll(ctx.dice, up.hp_die)
            mod = ctx.ruleset.stat_mod(ability(ctx.ruleset, member, "constitution"))
            gained = growth_rules.hp_gained(thrown.total, mod)
            shown = (f"Hit Die {thrown.describe()} + {ctx.ruleset.stat_rules.role('constitution')} {mod:+d}",)
        sheet = person(state, ctx.ruleset, member.id)
        state = with_person(state, member.id, attrs.evolve(sheet, weapon_skill=sheet.weapon_skill + up.weapon_skill))
        after = attrs.evolve(member, level=reached, max_hp=member.max_hp + gained, hp=member.hp + gained)
        state = attrs.evolve(state, party=tuple(after if m.id == member.id else m for m in state.party))
        skill = f", Weapon Skill {sheet.weapon_skill + up.weapon_skill}" if up.weapon_skill else ""
        template = f", a class template ({up.templates} of {own.levels[-1].templates})" if up.new_template else ""
        text = (
            f"{member.name} reaches level {reached}: +{gained} HP ({after.max_hp}){skill}{template},"
            f" max skill rank {up.max_skill}."
        )
        return state, [note(self, text, shown)]


def problems(slice: People, state: State) -> list[str]:
    """Sheets of party members only, with no negative pips or counts and each item once."""
    found = []
    party = {m.id for m in (*state.party, *state.pile, *(g.character for g in state.graveyard))}
    for character_id, sheet in slice.people.items():
        where = f"people.{character_id}"
        if character_id not in party:
            found.append(f"{where}: no character {character_id!r}")
        if sheet.tired < 0:
            found.append(f"{where}.tired: cannot be negative")
        ids = [g.id for g in sheet.gear]
        if len(set(ids)) != len(ids):
            found.append(f"{where}.gear: two items share an id")
        found += [f"{where}.gear[{i}].count: cannot be negative" for i, g in enumerate(sheet.gear) if g.count < 0]
    hired = {h.id for h in state.hirelings}
    for hireling_id, sheet_of in slice.hands.items():
        where = f"hands.{hireling_id}"
        if hireling_id not in hired:
            found.append(f"{where}: no hireling {hireling_id!r}")
        if sheet_of.max_hp < 1 or not 0 <= sheet_of.hp <= sheet_of.max_hp:
            found.append(f"{where}.hp: {sheet_of.hp} of {sheet_of.max_hp} is not possible")
        if sheet_of.tired < 0:
            found.append(f"{where}.tired: cannot be negative")
    return found


def rules_problems(slice: People, state: State, ruleset: Ruleset) -> list[str]:
    """Each item's usage die one of the ruleset's chain (the die steps along it) and each class
    template one the ruleset has (its armour counts)."""
    own = section(ruleset)
    chain = ", ".join(f"d{die}" for die in own.usage_dice)
    templates = [t.id for t in own.templates]
    found = []
    for character_id, sheet in slice.people.items():
        where = f"people.{character_id}"
        found += [
            f"{where}.gear[{i}].die: d{g.die} is not one of {ruleset.name}'s usage dice ({chain})"
            for i, g in enumerate(sheet.gear)
            if g.die and g.die not in own.usage_dice
        ]
        if sheet.template and sheet.template not in templates:
            found.append(
                f"{where}.template: {ruleset.name} has no class template {sheet.template!r}"
                f" (one of {', '.join(templates) or 'none'})"
            )
    return found


class _Session:
    """The Russell House Rules' characters, as the session asks of them."""

    slice_type = People
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(ExplorationResult, on_exploration_result), Hears(FoeKilled, on_foe_killed))
    new_party = staticmethod(new_party)
    draw_supply = staticmethod(draw_supply)
    rations = None
    take_damage = None
    heal = None
    role_of = None
    negative_hp = False
    shown_to_table = None


SESSION: CharactersProcedure = _Session()
