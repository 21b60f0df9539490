"""Making a character by the Russell House Rules at the table, in two acts the log shows: the
attributes rolled ("Roll 3d6 seven times"), then assigned by the referee with HP, coins, Weapon and
Bow Skill, AC, skill slots and the default kit. The rolls wait in the characters' slice between the
two, so cancelling the assignment never rolls them again. A character the table does not play (one
of a new session's four, a player gone home) is dismissed: out of the party with their sheet.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hammertui.kernel.rules.dice import roll
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.acting import Context, Refused, Result
from hammertui.kernel.session.actions import member_of, person_name
from hammertui.kernel.session.events import note
from hammertui.kernel.session.procedures import Dismissed, fight_under_way, signal
from hammertui.kernel.session.save_check import check_state
from hammertui.kernel.session.state import State, next_character_id
from hammertui.procedures.russell_characters.rules import making as rules
from hammertui.procedures.russell_characters.schema import RussellCharacters, Template
from hammertui.procedures.russell_characters.state import (
    NAME,
    ability,
    fresh,
    made,
    people,
    rolled_text,
    section,
    with_person,
)


def attribute_count(ruleset: Ruleset) -> int:
    """Seven rolls to assign six of, or six in order ("roll 3d6 in order, no substitutions")."""
    own = section(ruleset)
    return len(ruleset.stats) if own.in_order else own.attribute_rolls


@record
class RollAttributes:
    """ "Roll 3d6 seven times": the rolls shown and kept for the referee to assign."""

    label: ClassVar[str] = "roll"

    def apply(self, state: State, ctx: Context) -> Result:
        if people(state).rolled:
            raise Refused(f"Rolls {_listed(people(state).rolled)} wait to be assigned: make that character first.")
        own = section(ctx.ruleset)
        thrown = rules.roll_attributes(ctx.dice, own.attribute_dice, attribute_count(ctx.ruleset))
        faces = tuple(r.total for r in thrown)
        how = "in order" if own.in_order else f"to assign {len(ctx.ruleset.stats)} of"
        text = f"A new character's attributes, {len(faces)} x {own.attribute_dice} {how}: {_listed(faces)}."
        return state.with_slice(NAME, attrs.evolve(people(state), rolled=faces)), [
            note(self, text, tuple(r.describe() for r in thrown))
        ]


def _listed(faces: tuple[int, ...]) -> str:
    return ", ".join(map(str, faces))


@record
class MakeCharacter:
    """The waiting rolls assigned (`picks`: for each attribute in sheet order, the position of the
    roll it takes; empty when rolled in order), then "Roll 1d6 and add your Constitution modifier",
    "3d6 x 10 base coins", Weapon and Bow Skill 1, unarmoured AC and the default kit."""

    name: str
    player: str = ""
    picks: tuple[int, ...] = ()
    template: str = ""
    label: ClassVar[str] = "roll"

    def apply(self, state: State, ctx: Context) -> Result:
        own = section(ctx.ruleset)
        faces = people(state).rolled
        if not faces:
            raise Refused('Roll the attributes first: "Roll 3d6 seven times".')
        name = person_name(self.name, "Name the character.")
        placed = self._placed(ctx.ruleset, own, faces)
        template = self._template(own)
        hit, purse = roll(ctx.dice, own.hit_die), roll(ctx.dice, own.coins)
        member = made(
            ctx.ruleset, next_character_id(state), name, self.player.strip(), placed, hit.total, purse.total, template
        )
        sheet = fresh(own, template, faces)
        state = state.with_slice(NAME, attrs.evolve(people(state), rolled=()))
        state = with_person(attrs.evolve(state, party=(*state.party, member)), member.id, sheet)
        slots = rules.skill_slots(ability(ctx.ruleset, member, "intelligence"))
        text = (
            f"{rolled_text(ctx.ruleset, member, sheet)} {slots} skill slots;"
            f" carries {', '.join(g.name for g in sheet.gear)}."
        )
        constitution = ctx.ruleset.stat_rules.role("constitution")
        shown = (
            f"HP {hit.describe()} + {constitution} {ctx.ruleset.stat_mod(placed[constitution]):+d}",
            f"coins {purse.describe()} x {own.coins_times}",
        )
        return state, [note(self, text, shown)]

    def _placed(self, ruleset: Ruleset, own: RussellCharacters, faces: tuple[int, ...]) -> dict[str, int]:
        """ "assign six of the results as you like", or in order when the ruleset rolls them so."""
        try:
            if own.in_order:
                return rules.in_order(faces, ruleset.stats)
            return rules.assign(faces, dict(zip(ruleset.stats, self.picks, strict=False)), ruleset.stats)
        except rules.BadAssignment as problem:
            raise Refused(f"Assign six of the results as you like: {problem}.") from None

    def _template(self, own: RussellCharacters) -> Template | None:
        if not self.template:
            return None
        found = next((t for t in own.templates if t.id == self.template), None)
        if found is None:
            raise Refused(f"No class template {self.template!r}.")
        return found


@record
class Dismiss:
    """A living character leaves the party, not dead: one of a new session's four the table does not
    play, a player gone home. Their sheet and timed effects go with them, and each procedure lets go
    of them (`Dismissed`: the lights they held pass to the party). Refused in a fight, for one who
    employs hirelings (let them go first), or while anything else still names them."""

    character_id: str
    label: ClassVar[str] = "dismiss"

    def apply(self, state: State, ctx: Context) -> Result:
        member = member_of(state, self.character_id)
        if not member.alive:
            raise Refused(f"{member.name} is dead: lay them to rest instead.")
        if fight_under_way(state):
            raise Refused(f"{member.name} cannot leave in the middle of a fight.")
        hired = [h.name for h in state.hirelings if h.employer == member.id]
        if hired:
            raise Refused(f"{member.name} employs {', '.join(hired)}: let them go first.")
        sheets = {k: v for k, v in people(state).people.items() if k != member.id}
        left = attrs.evolve(
            state,
            party=tuple(m for m in state.party if m.id != member.id),
            effects=tuple(e for e in state.effects if e.on != member.id),
        ).with_slice(NAME, attrs.evolve(people(state), people=sheets))
        left, said = signal(left, ctx, self, Dismissed(member))
        problems = check_state(left)
        if problems:
            raise Refused(f"{member.name} cannot leave while the session still names them: {'; '.join(problems)}.")
        return left, [note(self, f"{member.name} leaves the party."), *said]
