"""The complete rules' edge of death, as actions: a round at 0 HP Laying Down or Fighting On, and
lost CON given back by the 'Smith's hand. The rules (a Death save, CON lost) live in
`rules.damage`; the kernel's `vitals.settle` stamps a death with the time and its cause.
"""

from __future__ import annotations

from typing import ClassVar

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.actions import Context, Refused, Result, note
from hammertui.kernel.session.procedures import LaidDown, signal
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.vitals import living, settle
from hammertui.procedures.hammercrawl_classes.rules import damage
from hammertui.procedures.hammercrawl_classes.rules.checks import saving_throw
from hammertui.procedures.hammercrawl_classes.state import dungeon_tier, sheet_changed, sheet_of, vitals_of, with_vitals


def _down(state: State, character_id: str) -> Character:
    member = living(state, character_id)
    if member.status != "down":
        raise Refused(f"{member.name} is not at 0 HP")
    return member


@record
class RestoreCon:
    """Lost CON back by the 'Smith's hand, with the reason: "the only way to restore it is ... via a
    special alternate use of the Level 4 Cleric Spell Cure Serious Wounds" (1d4 + Caster Level
    points), "or similar potion or scroll". Never past the character's CON score."""

    label: ClassVar[str] = "heal"
    character_id: str
    amount: int
    reason: str = ""

    def apply(self, state: State, ctx: Context) -> Result:
        member = living(state, self.character_id)
        sheet = sheet_of(state, member.id)
        if sheet.con >= sheet.con_max:
            raise Refused(f"{member.name} has lost no CON ({sheet.con}/{sheet.con_max})")
        if self.amount < 1:
            raise Refused("CON restored is 1 point or more")
        if not self.reason.strip():
            raise Refused("say why the CON comes back (Cure Serious Wounds, a potion...)")
        con = min(sheet.con_max, sheet.con + self.amount)
        text = f"{member.name} regains {con - sheet.con} CON ({con}/{sheet.con_max}): {self.reason.strip()}."
        return sheet_changed(state, member.id, con=con), [note(self, text)]


@record
class LayDown:
    """A round Laying Down at 0 HP: a Death save, a CON point lost on a failure.

    The save's source is the dungeon level's tier unless the 'Smith names another.
    """

    label: ClassVar[str] = "lay down"
    character_id: str
    source_tier: int | None = None
    net: int = 0

    def apply(self, state: State, ctx: Context) -> Result:
        member = _down(state, self.character_id)
        source_tier = self.source_tier if self.source_tier is not None else dungeon_tier(state, ctx.ruleset)
        check = saving_throw(
            ctx.ruleset,
            ctx.dice,
            class_id=member.class_id,
            level=member.level,
            stats=member.stats.as_dict(),
            save="Death",
            source_tier=source_tier,
            net=self.net,
        )
        outcome = damage.lay_down(vitals_of(state, member), check.success)
        state, after = with_vitals(state, member, outcome.vitals)
        text = f"{member.name} {', '.join(outcome.lines)}. {check.describe()} ({'; '.join(check.reasons)})."
        new, events = settle(state, member, after, "bled out, laid down", self)
        new, prone = signal(new, ctx, self, LaidDown(member.id))
        return new, [note(self, text, (check.roll.describe(),)), *events, *prone]


@record
class FightOn:
    """A turn Fighting On at 0 HP: the character acts, then loses 1d4 CON."""

    label: ClassVar[str] = "fight on"
    character_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        member = _down(state, self.character_id)
        outcome = damage.fight_on(vitals_of(state, member), ctx.dice)
        state, after = with_vitals(state, member, outcome.vitals)
        text = f"{member.name} {', '.join(outcome.lines)}."
        new, events = settle(state, member, after, "fought on past all hope", self)
        return new, [note(self, text, tuple(r.describe() for r in outcome.rolls)), *events]
