"""The HAMMERCRAWL! classes' side of the session, as the kernel asks it through the seam: the party
a new session starts with (`new_party`), damage and healing by the difficulty mode's rules
(`take_damage`, `heal`: temporary HP first, then HP, then CON for good; Hardcore's instant death; a
Fighter's Not Today!), and a Berserker's Murderous Rage: an effect on them that lasts until it is
broken, and the Mind save every hurt calls for. Its slice keeps, by character id, what the class
rules note on a sheet beyond the shared record (`Sheet`): a Thief's Bailiwick and Failing, the
ammunition carried, the Rations and the Bedroll, the spells spent until re-memorized (a Light spell
cast tells it `SpellCast`), the choice made at 0 HP, the CON left, what is left of each class
resource, the armour worn and the party role held (the kernel asks it through `role_of`; a burial
frees it, `Buried`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.dice import DiceSource
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.ruleset.stats import THREE_D6
from hammertui.kernel.session import effects
from hammertui.kernel.session.acting import Action, Context, Refused, Result
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.procedures import Buried, Hears, SpellCast, flasks, stock
from hammertui.kernel.session.sessions import DEMO_PARTY
from hammertui.kernel.session.state import Character, Effect, State, Stats, replace_member
from hammertui.kernel.session.vitals import ApplyDamage, Heal, settle
from hammertui.procedures.hammercrawl_classes.rules import abilities, characters, damage, tiers

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import CharactersProcedure

STARTING_RATIONS = 3
"""Rations a new adventurer carries into the dungeon when the ruleset's kit does not say."""
DEMO_ARMOUR = (("medium", True), ("light", False), ("medium", False), ("light", True))
"""What the demo party wears: each class gets the heaviest of these it may."""
NOT_TODAY = "not_today"
DOWN = "is down at 0 HP: each round Lay Down (z) or Fight On (f)."
"""What the log says of one just dropped to 0 HP: the choice the complete rules ask of them."""
NAME = "hammercrawl_classes"


# ------------------------------------------------------------------------------ the sheets


@record
class Sheet:
    """What the class rules note on a character beyond the shared record: a Thief's Bailiwick and
    Failing, the thief skills they test with one up and one down; the ammunition carried; the
    spells cast and not yet re-memorized; whether they carry a Bedroll (Book Three's camps heal
    only those who do); the choice made each round at 0 HP (`stance`: lay_down or fight_on), kept
    until they are back on their feet; `con`, what is left of the constitution (the stat the
    ruleset's `[stats] roles` names so), burnt for good at 0 HP, and `con_max`, its score as rolled;
    what is left of each class resource by its id (`uses`: Not Today!, Turn Unholy, Thiefy
    rerolls); the Rations carried, one eaten a day in camp; the armour worn (an `[armour]` id) and
    whether they carry a shield, which the AC on the shared record counts; the party role they
    hold (Leader, Mapper...)."""

    bailiwick: str = ""
    failing: str = ""
    ammo: int = 0
    spells_forgotten: int = 0
    bedroll: bool = False
    stance: str = ""
    con: int = 0
    con_max: int = 0
    uses: dict[str, int] = attrs.field(factory=dict)
    rations: int = 0
    armour: str = "none"
    shield: bool = False
    role: str = ""


STANCES = ("", damage.LAY_DOWN, damage.FIGHT_ON)
"""What a sheet's stance may be: none yet, or the choice made at 0 HP."""


@record
class Sheets:
    """Each character's sheet by character id (party, pile and graveyard alike); a character with
    nothing noted beyond the shared record has none, and reads as a blank `Sheet`."""

    sheets: dict[str, Sheet] = attrs.field(factory=dict)


BLANK = Sheet()


def new_slice(ruleset: Ruleset, party: tuple[Character, ...]) -> Sheets:
    """No sheet for a party made elsewhere: they read as blank ones."""
    return Sheets()


def sheets(state: State) -> Sheets:
    kept = state.slices.get(NAME)
    return kept if isinstance(kept, Sheets) else Sheets()


def sheet_of(state: State, character_id: str) -> Sheet:
    """A character's sheet, blank where nothing is noted."""
    return sheets(state).sheets.get(character_id, BLANK)


def with_sheet(state: State, character_id: str, sheet: Sheet) -> State:
    """The state with a character's sheet replaced; a blank one is not kept."""
    kept = {k: v for k, v in sheets(state).sheets.items() if k != character_id}
    if sheet != BLANK:
        kept[character_id] = sheet
    return state.with_slice(NAME, Sheets(kept))


def sheet_changed(state: State, character_id: str, **changes: Any) -> State:
    """The state with some of a character's sheet changed (`ammo=3`)."""
    return with_sheet(state, character_id, attrs.evolve(sheet_of(state, character_id), **changes))


def without_sheet(state: State, character_id: str) -> State:
    """The state once a character is gone from the roster for good."""
    return with_sheet(state, character_id, BLANK) if character_id in sheets(state).sheets else state


def sheet_problems(slice: Sheets, state: State) -> list[str]:
    """Sheets of characters on the roster only, each named by its character, with no negative count,
    a stance the 0 HP rules know and no more CON left than the score; and every score on the roster
    one that 3d6 rolls, the class rules' stats (their ruleset's `[stats] range` is read later)."""
    names = _names(state)
    problems = [f"sheets.{who}: no character {who!r}" for who in slice.sheets if who not in names]
    problems += _scores_beyond_3d6(state)
    for who, sheet in slice.sheets.items():
        where = _where(who, names)
        if min(sheet.ammo, sheet.spells_forgotten, sheet.rations) < 0:
            problems.append(f"{where}: ammo, spells and rations cannot be negative")
        if min(sheet.uses.values(), default=0) < 0:
            problems.append(f"{where}.uses: cannot be negative")
        if sheet.stance not in STANCES:
            problems.append(f"{where}.stance: {sheet.stance!r} is not one of lay_down, fight_on")
        if not 0 <= sheet.con <= sheet.con_max:
            problems.append(f"{where}.con: {sheet.con} is outside 0-{sheet.con_max}")
    return problems


def _scores_beyond_3d6(state: State) -> list[str]:
    low, high = THREE_D6
    everyone = (*state.party, *state.pile, *(grave.character for grave in state.graveyard))
    return [
        f"{member.id} ({member.name}).stats.{stat}: {score} is outside {low}-{high}"
        for member in everyone
        for stat, score in member.stats.as_dict().items()
        if not low <= score <= high
    ]


def rules_problems(slice: Sheets, state: State, ruleset: Ruleset) -> list[str]:
    """What the sheets hold that the ruleset cannot play: a constitution not its score, armour it
    has not."""
    return con_problems(slice, state, ruleset) + armour_problems(slice, state, ruleset)


def armour_problems(slice: Sheets, state: State, ruleset: Ruleset) -> list[str]:
    """Armour the ruleset has and a shield only where it has one (a ruleset without armour plays
    none), on every character's sheet, a blank one too, each named by its character."""
    if not ruleset.armour:
        return []
    names = _names(state)
    body = [kind.id for kind in ruleset.body_armour]
    problems = []
    for who in dict.fromkeys([*names, *slice.sheets]):
        sheet = slice.sheets.get(who, BLANK)
        where = _where(who, names)
        if sheet.armour not in body:
            problems.append(f"{where}.armour: {ruleset.name} has no armour {sheet.armour!r} (one of {', '.join(body)})")
        if sheet.shield and ruleset.shield is None:
            problems.append(f"{where}.shield: {ruleset.name} has no shield")
    return problems


def con_problems(slice: Sheets, state: State, ruleset: Ruleset) -> list[str]:
    """Every character holding the stats the ruleset names has the score of its constitution as
    `con_max` on their sheet (a blank sheet holds none); other stats are the kernel's to refuse."""
    constitution = ruleset.stat_rules.role("constitution")
    names = _names(state)
    problems = []
    for member in _everyone(state):
        con_max = slice.sheets.get(member.id, BLANK).con_max
        score = member.stats.get(constitution)
        if sorted(member.stats) == sorted(ruleset.stats) and score is not None and con_max != score:
            problems.append(f"{_where(member.id, names)}.con_max: {con_max} is not the {constitution} score {score}")
    return problems


def _where(who: str, names: dict[str, str]) -> str:
    """A sheet's place in the save, with its character's name where they are on the roster."""
    return f"sheets.{who} ({names[who]})" if who in names else f"sheets.{who}"


def _everyone(state: State) -> tuple[Character, ...]:
    """Party, pile and graveyard alike."""
    return (*state.party, *state.pile, *(g.character for g in state.graveyard))


def _names(state: State) -> dict[str, str]:
    """Each character's name by id, party, pile and graveyard alike."""
    return {m.id: m.name for m in _everyone(state)}


def rations_of(state: State, character_id: str) -> int:
    """The Rations on a character's sheet."""
    return sheet_of(state, character_id).rations


def on_spell_cast(state: State, ctx: Context, action: Action, cast: SpellCast) -> Result:
    """A spell cast is spent until re-memorized."""
    spent = sheet_of(state, cast.character_id).spells_forgotten + 1
    return sheet_changed(state, cast.character_id, spells_forgotten=spent), []


def role_of(state: State, character_id: str) -> str:
    """The party role a character holds, "" for none."""
    return sheet_of(state, character_id).role


def on_buried(state: State, ctx: Context, action: Action, buried: Buried) -> Result:
    """The grave holds no party role: the one the dead held is free, and the table is told."""
    role = role_of(state, buried.character_id)
    if not role:
        return state, []
    return sheet_changed(state, buried.character_id, role=""), [
        note(action, f"The party needs a new {role}.", level="warn")
    ]


# ------------------------------------------------------------------------------ a new party


def new_party(ruleset: Ruleset, dice: DiceSource) -> tuple[tuple[Character, ...], list[Event], dict[str, object]]:
    """A party of four rolled by the class rules, with the kit's supplies (Rations, a Bedroll in
    Book Three) and the party roles, and their sheets; every roll logged."""
    party: list[Character] = []
    kept: dict[str, Sheet] = {}
    events = []
    for index, ((hero, player), (armour, shield)) in enumerate(zip(DEMO_PARTY, DEMO_ARMOUR, strict=True), start=1):
        rolled = characters.roll_character(ruleset, dice, hero, armour=armour, shield=shield)
        member = from_rolled(f"c{index}", rolled, player)
        party.append(member)
        role = ruleset.party_roles[index - 1] if index <= len(ruleset.party_roles) else ""
        sheet = _kit(attrs.evolve(sheet_rolled(ruleset, rolled), role=role), ruleset)
        if sheet != BLANK:
            kept[member.id] = sheet
        events.append(Event(0, "roll", rolled_text(ruleset, member, sheet), tuple(r.describe() for r in rolled.rolls)))
    return tuple(party), events, {NAME: Sheets(kept)}


def kit_rations(ruleset: Ruleset) -> int:
    """The Rations of the ruleset's starting kit (the complete rules' three without a kit)."""
    return ruleset.kit.get("rations", 0) if ruleset.kit else STARTING_RATIONS


def kit_bedroll(ruleset: Ruleset) -> bool:
    """Whether the ruleset's starting kit holds a Bedroll (Book Three's does)."""
    return ruleset.kit.get("bedroll", 0) > 0


def kitted(state: State, character_id: str, ruleset: Ruleset, rations: int | None = None) -> State:
    """The state with the kit on a new adventurer: its Rations (or `rations`) and its Bedroll, where
    it holds one, on their sheet, and its flasks of oil in their pack, where the light counts them.

    Light sources of the kit are packed as lights, on the Light pane; Return to Town restocks them.
    """
    oil = ruleset.kit.get("oil", 0) - flasks(state, character_id)
    state = stock(state, ruleset, character_id, {"oil": oil}) if oil > 0 else state
    return with_sheet(state, character_id, _kit(sheet_of(state, character_id), ruleset, rations))


def _kit(sheet: Sheet, ruleset: Ruleset, rations: int | None = None) -> Sheet:
    rations = kit_rations(ruleset) if rations is None else rations
    return attrs.evolve(sheet, rations=rations, bedroll=sheet.bedroll or kit_bedroll(ruleset))


def from_rolled(character_id: str, rolled: characters.RolledCharacter, player: str = "") -> Character:
    """A session character from one the rules rolled, at full HP (their CON is on their sheet,
    `sheet_rolled`)."""
    return Character(
        id=character_id,
        name=rolled.name,
        player=player,
        class_id=rolled.class_id,
        level=rolled.level,
        stats=Stats.of(rolled.stats),
        hp=rolled.max_hp,
        max_hp=rolled.max_hp,
        ac=rolled.ac,
    )


def sheet_rolled(ruleset: Ruleset, rolled: characters.RolledCharacter) -> Sheet:
    """The sheet of one the rules rolled: a Thief's Bailiwick and Failing, their CON whole, their
    class's uses in full, the armour they wear."""
    score = con_score(ruleset, rolled.stats)
    return Sheet(
        bailiwick=rolled.bailiwick,
        failing=rolled.failing,
        con=score,
        con_max=score,
        uses=dict(rolled.uses),
        armour=rolled.armour,
        shield=rolled.shield,
    )


def con_score(ruleset: Ruleset, stats: Mapping[str, int]) -> int:
    """The score of the stat the ruleset names the constitution: a new adventurer's CON, none lost yet."""
    return stats[ruleset.stat_rules.role("constitution")]


def rolled_text(ruleset: Ruleset, member: Character, sheet: Sheet = BLANK) -> str:
    """`Darla (Ana): Human Fighter, STR 14 DEX 9 ..., HP 10, AC 13.` for the log."""
    cls = ruleset.classes[member.class_id].name
    scores = " ".join(f"{k} {v}" for k, v in member.stats.as_dict().items())
    who = f"{member.name} ({member.player})" if member.player else member.name
    extra = ""
    if sheet.bailiwick:
        names = {s.id: s.name for s in ruleset.skills.thief_skills} if ruleset.skills else {}
        extra = f", Bailiwick {names.get(sheet.bailiwick)}, Failing {names.get(sheet.failing)}"
    return f"{who}: {cls}, {scores}, HP {member.max_hp}, AC {member.ac}{extra}."


def zero_hp_rule(state: State, ruleset: Ruleset) -> str:
    """What 0 HP means this session: the difficulty mode's rule (the complete rules: burn CON)."""
    mode = ruleset.difficulty(state.session.difficulty)
    return mode.zero_hp if mode else "burn_con"


def hurt_text(name: str, amount: int, outcome: damage.Outcome, max_hp: int, source: str = "") -> str:
    """A blow in the log's words: `Darla loses 4 HP: 2 of 6 left.`, or, where it did more than take
    HP, each thing it did: `Darla takes 7 damage: loses 5 HP, drops to 0 HP: ..., -2 CON (permanent).`
    (never "-4 HP", which reads as HP below zero)."""
    whence = f" from {source}" if source else ""
    left = outcome.vitals.hp
    if outcome.lines == (f"loses {amount} HP",):
        return f"{name} loses {amount} HP{whence}: {left} of {max_hp} left."
    standing = f", {left} of {max_hp} HP left" if left > 0 else ""
    return f"{name} takes {amount} damage{whence}: {', '.join(outcome.lines)}{standing}."


def vitals_of(state: State, member: Character) -> damage.Vitals:
    """What damage and healing change: the shared record's numbers and the CON and stance on their sheet."""
    sheet = sheet_of(state, member.id)
    return damage.Vitals(member.hp, member.temp_hp, sheet.con, member.status, sheet.stance)


def with_vitals(state: State, member: Character, vitals: damage.Vitals) -> tuple[State, Character]:
    """The state with the CON and stance on the character's sheet, and the character with the rest,
    to be put back in the party (`settle`, `replace_member`)."""
    sheet = sheet_of(state, member.id)
    if (sheet.con, sheet.stance) != (vitals.con, vitals.stance):
        state = sheet_changed(state, member.id, con=vitals.con, stance=vitals.stance)
    return state, attrs.evolve(member, hp=vitals.hp, temp_hp=vitals.temp_hp, status=vitals.status)


def con_lost(state: State, member: Character) -> bool:
    """Whether some of a character's CON is gone, for rest or magic to give back."""
    sheet = sheet_of(state, member.id)
    return sheet.con < sheet.con_max


def uses_left(state: State, character_id: str, resource_id: str) -> int:
    """What is left of one class resource on a character's sheet (none where the sheet has none)."""
    return sheet_of(state, character_id).uses.get(resource_id, 0)


def spend_use(state: State, character_id: str, resource_id: str) -> State:
    """The state with one use of a class resource spent from a character's sheet."""
    uses = sheet_of(state, character_id).uses
    return sheet_changed(state, character_id, uses={**uses, resource_id: uses.get(resource_id, 0) - 1})


def on_their_feet(state: State, character_id: str) -> State:
    """The state with no 0 HP choice left on the sheet of one rested back on their feet."""
    return sheet_changed(state, character_id, stance="") if sheet_of(state, character_id).stance else state


def can_say_not_today(state: State, member: Character, amount: int) -> bool:
    """Whether this blow would drop a standing character who still has a Not Today! to spend."""
    return uses_left(state, member.id, NOT_TODAY) > 0 and damage.would_drop(vitals_of(state, member), amount)


def dungeon_tier(state: State, ruleset: Ruleset) -> int:
    """The tier of the dungeon level: its boss's Hit Dice as a tier."""
    return tiers.tier_of(ruleset, state.dungeon.boss_hd)


def take_damage(state: State, ctx: Context, action: ApplyDamage, member: Character) -> Result:
    """A blow on a living character: temporary HP first, then HP, then CON by the difficulty mode; a
    Berserker still standing makes the rage's save. With the action's `not_today` a Fighter spends a
    use to stay at 1 HP instead of dropping."""
    if action.not_today:
        if not can_say_not_today(state, member, action.amount):
            raise Refused(f"{member.name} has no Not Today! for this blow")
        outcome = damage.not_today(vitals_of(state, member), action.amount)
        state, hurt = with_vitals(spend_use(state, member.id, NOT_TODAY), member, outcome.vitals)
        source = f" from {action.source}" if action.source else ""
        left = uses_left(state, member.id, NOT_TODAY)
        text = f"{member.name} takes {action.amount} damage{source}: {', '.join(outcome.lines)} ({left} left)."
        return attrs.evolve(state, party=replace_member(state.party, hurt)), [note(action, text)]
    outcome = damage.take_damage(vitals_of(state, member), action.amount, zero_hp_rule(state, ctx.ruleset))
    state, hurt = with_vitals(state, member, outcome.vitals)
    text = hurt_text(member.name, action.amount, outcome, member.max_hp, action.source)
    new, events = settle(state, member, hurt, action.source, action, DOWN)
    new, raged = when_hurt(new, ctx, member.id, action)
    return new, [note(action, text), *events, *raged]


def heal(state: State, ctx: Context, action: Heal, member: Character) -> Result:
    """Healing up to max HP: a character back above 0 HP is back on their feet; CON is not restored."""
    outcome = damage.heal(vitals_of(state, member), action.amount, member.max_hp)
    state, healed = with_vitals(state, member, outcome.vitals)
    text = f"{member.name} heals {action.amount}: {', '.join(outcome.lines)}."
    return attrs.evolve(state, party=replace_member(state.party, healed)), [note(action, text)]


# ------------------------------------------------------------------------------------ the rage


def rage_effect(state: State, ruleset: Ruleset, character_id: str) -> Effect | None:
    """The rage on this character, if they are raging."""
    member = next((m for m in state.party if m.id == character_id), None)
    rage = abilities.rage_of(ruleset, member.class_id) if member is not None else None
    if rage is None:
        return None
    return next((e for e in state.effects if e.on == character_id and e.name == rage.name), None)


def is_raging(state: State, ruleset: Ruleset, character_id: str) -> bool:
    return rage_effect(state, ruleset, character_id) is not None


def rage_words(ruleset: Ruleset, member: Character) -> str:
    """What the rage does, in the ruleset's words, for the log line that starts it."""
    rage = abilities.rage_of(ruleset, member.class_id)
    assert rage is not None
    up, down = abilities.one_die(ruleset, 1), abilities.one_die(ruleset, -1)
    kinds = " and ".join(rage.damage_kinds)
    spared = " and ".join(rage.unhindered_saves)
    return (
        f"{member.name} goes into {rage.name}: {up} on {kinds} damage, no fumbles, {down} on every save but {spared}."
        f" It lasts until broken ({rage.save} save {rage.break_target})."
    )


def begin(state: State, ruleset: Ruleset, member: Character, why: str, action: Action) -> Result:
    """The rage takes hold: its effect on the Berserker, and the line that says what it does."""
    rage = abilities.rage_of(ruleset, member.class_id)
    assert rage is not None
    state, _ = effects.add(state, rage.name, member.id, effects.UNTIL_ENDED, 1, why)
    return state, [note(action, rage_words(ruleset, member), level="warn")]


def when_hurt(state: State, ctx: Context, character_id: str, action: Action) -> Result:
    """A Berserker still on their feet after taking damage makes the rage's save, unless already
    raging; one at 0 HP or dead makes none (the rules' decision: the fury needs someone standing)."""
    member = next((m for m in state.party if m.id == character_id), None)
    if member is None or member.status != "ok" or abilities.rage_of(ctx.ruleset, member.class_id) is None:
        return state, []
    if is_raging(state, ctx.ruleset, member.id):
        return state, []
    check = abilities.rage_save(
        ctx.ruleset,
        ctx.dice,
        class_id=member.class_id,
        level=member.level,
        stats=member.stats.as_dict(),
        breaking=False,
    )
    verdict = "keeps their head" if check.success else "fails"
    line = f"{member.name} is hurt: {check.describe()} ({'; '.join(check.reasons)}): {verdict}."
    events = [note(action, line, (check.roll.describe(),))]
    if check.success:
        return state, events
    state, begun = begin(state, ctx.ruleset, member, "failed the save when hurt", action)
    return state, events + begun


class _Session:
    """The HAMMERCRAWL! classes, as the session asks of them: the sheets, the party, damage and healing."""

    slice_type = Sheets
    new_slice = staticmethod(new_slice)
    problems = staticmethod(sheet_problems)
    rules_problems = staticmethod(rules_problems)
    hears = (Hears(SpellCast, on_spell_cast), Hears(Buried, on_buried))
    new_party = staticmethod(new_party)
    draw_supply = None
    rations = staticmethod(rations_of)
    take_damage = staticmethod(take_damage)
    heal = staticmethod(heal)
    role_of = staticmethod(role_of)
    negative_hp = False
    shown_to_table = None


SESSION: CharactersProcedure = _Session()
