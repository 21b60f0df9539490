"""Actions that bring adventurers in and keep their sheets: rolling, entering by hand, the pile of
replacements, names, roles, armour, supplies and notes.

A meat-grinder night goes through characters fast, so the rules' pile of pre-rolled replacements
is here: roll a few at once, browse them, and drop one into the party with a keystroke.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of, note, person_name
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import Character, State, Stats, next_character_id, replace_member
from hammertui.procedures.hammercrawl_classes.rules import characters
from hammertui.procedures.hammercrawl_classes.rules.checks import THIEFY_REROLLS
from hammertui.procedures.hammercrawl_classes.state import (
    con_score,
    from_rolled,
    kitted,
    rolled_text,
    sheet_changed,
    sheet_of,
    sheet_rolled,
    with_sheet,
    without_sheet,
)

MAX_PILE = 20
COUNTS = ("rations", "ammo", "spells_forgotten", "temp_hp", "coins", "bedroll")
"""What the Supplies dialog counts; a Bedroll counts 0 or 1."""


SHEET_COUNTS = ("rations", "ammo", "spells_forgotten", "bedroll")
"""The counts the class rules keep on their own sheet; the rest are on the shared record."""


def count_of(state: State, member: Character, what: str) -> int:
    """A count on the sheet as a number: a Bedroll is 1 or 0."""
    return int(getattr(sheet_of(state, member.id) if what in SHEET_COUNTS else member, what))


def _roll_one(
    state: State, ctx: Context, action: object, name: str, armour: str, shield: bool, player: str = ""
) -> tuple[State, Character, list[Event]]:
    """One adventurer rolled, and the state with their sheet noted (they join the party or the pile
    by the caller)."""
    _check_armour_kind(ctx.ruleset, armour)
    rolled = characters.roll_character(ctx.ruleset, ctx.dice, name, 1, armour, shield)
    member = from_rolled(next_character_id(state), rolled, player)
    sheet = sheet_rolled(ctx.ruleset, rolled)
    events = [note(action, rolled_text(ctx.ruleset, member, sheet), tuple(r.describe() for r in rolled.rolls))]
    events += [note(action, f"{member.name}: {problem}; wears what the class allows.") for problem in rolled.notes]
    return with_sheet(state, member.id, sheet), member, events


def _check_armour_kind(ruleset: Ruleset, armour: str) -> None:
    if armour != "none" and armour not in [a.id for a in ruleset.body_armour]:
        raise Refused(f"no armour called {armour!r}")


@record
class RollCharacter:
    """Roll a new adventurer by the rules and add them to the party, with the kit's supplies.

    `rations`: None for the kit's.
    """

    label: ClassVar[str] = "roll"
    name: str
    player: str = ""
    armour: str = "none"
    shield: bool = False
    rations: int | None = None

    def apply(self, state: State, ctx: Context) -> Result:
        name = _name(self.name)
        state, member, events = _roll_one(state, ctx, self, name, self.armour, self.shield, self.player.strip())
        return kitted(attrs.evolve(state, party=(*state.party, member)), member.id, ctx.ruleset, self.rations), events


@record
class AddCharacter:
    """Enter a character by hand (a sheet brought from elsewhere), checked like a rolled one.

    They carry the kit's supplies; the Supplies dialog corrects them from the paper sheet.
    """

    label: ClassVar[str] = "add"
    name: str
    class_id: str
    level: int
    stats: Mapping[str, int]
    max_hp: int
    ac: int
    player: str = ""
    hp: int | None = None
    armour: str = "none"
    shield: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        name = _name(self.name)
        hp = self.max_hp if self.hp is None else self.hp
        problems = characters.entry_problems(
            ctx.ruleset, self.class_id, self.level, self.stats, hp, self.max_hp, self.ac
        )
        if not problems:
            problems = characters.armour_problems(ctx.ruleset, self.class_id, self.armour, self.shield)
        if problems:
            raise Refused("; ".join(problems))
        stats = Stats.of({s: self.stats[s] for s in ctx.ruleset.stats})
        class_def = ctx.ruleset.classes[self.class_id]
        member = Character(
            id=next_character_id(state),
            name=name,
            player=self.player.strip(),
            class_id=self.class_id,
            level=self.level,
            stats=stats,
            hp=hp,
            max_hp=self.max_hp,
            ac=self.ac,
        )
        text = f"Entered by hand: {rolled_text(ctx.ruleset, member)}"
        score = con_score(ctx.ruleset, stats)
        sheet = {
            "uses": characters.starting_uses(class_def, self.level),
            "armour": self.armour,
            "shield": self.shield,
            "con": score,
            "con_max": score,
        }
        state = sheet_changed(state, member.id, **sheet)
        return kitted(attrs.evolve(state, party=(*state.party, member)), member.id, ctx.ruleset), [note(self, text)]


@record
class RollReplacements:
    """Roll a pile of replacement characters to draw from when someone dies."""

    label: ClassVar[str] = "pile"
    count: int
    armour: str = "none"
    shield: bool = False

    def apply(self, state: State, ctx: Context) -> Result:
        if not 1 <= self.count <= MAX_PILE - len(state.pile):
            raise Refused(f"the pile holds up to {MAX_PILE}; it has {len(state.pile)} already")
        events = [note(self, f"{self.count} replacement{'s' if self.count > 1 else ''} rolled for the pile.")]
        for _ in range(self.count):
            number = 1 + len(state.pile) + len(state.graveyard)
            state, member, rolled = _roll_one(state, ctx, self, f"Recruit {number}", self.armour, self.shield)
            state = attrs.evolve(state, pile=(*state.pile, member))
            events += rolled
        return state, events


def _from_pile(state: State, character_id: str) -> Character:
    for member in state.pile:
        if member.id == character_id:
            return member
    raise Refused(f"no replacement {character_id!r} in the pile")


@record
class DrawReplacement:
    """A replacement steps out of the pile and into the party with the kit's supplies.

    `rations`: None for the kit's.
    """

    label: ClassVar[str] = "draw"
    character_id: str
    name: str = ""
    player: str = ""
    rations: int | None = None

    def apply(self, state: State, ctx: Context) -> Result:
        member = _from_pile(state, self.character_id)
        member = attrs.evolve(
            member, name=self.name.strip() or member.name, player=self.player.strip() or member.player
        )
        pile = tuple(m for m in state.pile if m.id != member.id)
        cls = ctx.ruleset.classes[member.class_id].name
        text = f"{member.name}, {cls}, joins the party" + (f" ({member.player})." if member.player else ".")
        joined = attrs.evolve(state, pile=pile, party=(*state.party, member))
        return kitted(joined, member.id, ctx.ruleset, self.rations), [note(self, text)]


@record
class DiscardReplacement:
    """Tear up a replacement nobody wants."""

    label: ClassVar[str] = "discard"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = _from_pile(state, self.character_id)
        pile = tuple(m for m in state.pile if m.id != member.id)
        struck = without_sheet(attrs.evolve(state, pile=pile), member.id)
        return struck, [note(self, f"{member.name} is struck from the pile.")]


@record
class RenameCharacter:
    """Name a character (the player to the left names them) or record who plays them."""

    label: ClassVar[str] = "name"
    character_id: str
    name: str
    player: str | None = None

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        name = _name(self.name)
        player = member.player if self.player is None else self.player.strip()
        if (name, player) == (member.name, member.player):
            raise Refused("nothing to change")
        renamed = attrs.evolve(member, name=name, player=player)
        text = f"{member.name} is now {name}" + (f", played by {player}." if player else ".")
        return attrs.evolve(state, party=replace_member(state.party, renamed)), [note(self, text)]


@record
class AssignRole:
    """Give a party role to a character; whoever held it before gives it up. An empty role clears."""

    label: ClassVar[str] = "role"
    character_id: str
    role: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if self.role and self.role not in ctx.ruleset.party_roles:
            raise Refused(f"no party role {self.role!r} (one of {', '.join(ctx.ruleset.party_roles)})")
        held = sheet_of(state, member.id).role
        if held == self.role:
            raise Refused(f"{member.name} is already {self.role or 'without a role'}")
        for other in state.party:
            if self.role and sheet_of(state, other.id).role == self.role:
                state = sheet_changed(state, other.id, role="")
        text = f"{member.name} is the {self.role}." if self.role else f"{member.name} gives up the {held} role."
        return sheet_changed(state, member.id, role=self.role), [note(self, text)]


@record
class SetArmour:
    """Change what a character wears; AC is worked out again by the rules."""

    label: ClassVar[str] = "armour"
    character_id: str
    armour: str
    shield: bool

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        _check_armour_kind(ctx.ruleset, self.armour)
        problems = characters.armour_problems(ctx.ruleset, member.class_id, self.armour, self.shield)
        if problems:
            raise Refused("; ".join(problems))
        class_def = ctx.ruleset.classes[member.class_id]
        ac, why = characters.armour_class(ctx.ruleset, member.stats.as_dict(), class_def, self.armour, self.shield)
        dressed = sheet_changed(state, member.id, armour=self.armour, shield=self.shield)
        return attrs.evolve(dressed, party=replace_member(state.party, attrs.evolve(member, ac=ac))), [
            note(self, f"{member.name}: {why}.")
        ]


@record
class AdjustCount:
    """Add to or take from a count on the sheet: rations, ammo, forgotten spells, temporary HP,
    coins, the Bedroll (had or not), class uses."""

    label: ClassVar[str] = "adjust"
    character_id: str
    what: str
    delta: int

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if self.delta == 0:
            raise Refused("a change of 0 changes nothing")
        if self.what == "bedroll":
            return _bedroll(state, self, member)
        if self.what == THIEFY_REROLLS:
            raise Refused(
                "a Thiefy Expertise reroll is spent by rerolling a failed Thief Skill check (s), and comes back in Town"
            )
        if self.what in SHEET_COUNTS:
            old = count_of(state, member, self.what)
            state = sheet_changed(state, member.id, **{self.what: _counted(old, self.delta, self.what)})
            changed = member
            name = self.what.replace("_", " ")
        elif self.what in COUNTS:
            old = getattr(member, self.what)
            changed = attrs.evolve(member, **{self.what: _counted(old, self.delta, self.what)})
            name = self.what.replace("_", " ")
        elif self.what in sheet_of(state, member.id).uses:
            uses = sheet_of(state, member.id).uses
            old = uses[self.what]
            state = sheet_changed(state, member.id, uses={**uses, self.what: _counted(old, self.delta, self.what)})
            changed = member
            resource = ctx.ruleset.classes[member.class_id].resource(self.what)
            name = resource.name if resource else self.what
        else:
            raise Refused(f"{member.name} has no {self.what.replace('_', ' ')} to count")
        new = old + self.delta
        text = f"{member.name}: {name} {old} -> {new}."
        return attrs.evolve(state, party=replace_member(state.party, changed)), [note(self, text)]


def _bedroll(state: State, action: AdjustCount, member: Character) -> Result:
    """+1 gives a Bedroll, -1 takes it away: a character has one or none."""
    after = count_of(state, member, "bedroll") + action.delta
    if after > 1:
        raise Refused(f"{member.name} already has a Bedroll, and one is all anyone carries")
    if after < 0:
        raise Refused(f"{member.name} has no Bedroll to take")
    text = f"{member.name} {'now has' if after else 'no longer has'} a Bedroll."
    return sheet_changed(state, member.id, bedroll=bool(after)), [note(action, text)]


def _counted(old: int, delta: int, what: str) -> int:
    if old + delta < 0:
        raise Refused(f"only {old} {what.replace('_', ' ')} to take from")
    return old + delta


@record
class SetNotes:
    """The free notes on a character's sheet."""

    label: ClassVar[str] = "notes"
    character_id: str
    notes: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if self.notes == member.notes:
            raise Refused("the notes are unchanged")
        noted = attrs.evolve(member, notes=self.notes)
        return attrs.evolve(state, party=replace_member(state.party, noted)), [
            note(self, f"{member.name}'s notes updated.")
        ]


def _name(name: str) -> str:
    return person_name(name, "a character needs a name")
