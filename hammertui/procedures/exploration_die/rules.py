"""The exploration die of the Russell House Rules: what a face brings, who is surprised when an
encounter comes, and how the other side reacts.

Surprise reads two passages together. "When characters move at normal exploration speed, they can
normally not be surprised. If they are *hoofing it* or if the foe is very sneaky, they have a
2-in-6 chance of being surprised", and the light: "Player characters in the dark have a 2 in 6
chance of surprising NPCs or monsters (and vice versa)", the same in dim light, while in good light
"it is impossible to surprise NPCs or Monsters unless encountering them through a newly opened
door, on a roll of 1 in 6". So the party's chance is the best of its pace, a sneaky foe and the
light; the foe's is the light's, or the door's in good light.
"""

from __future__ import annotations

from hammertui.kernel.rules.records import record
from hammertui.procedures.exploration_die.schema import DieResult, ExplorationDieRules, Reaction, Surprise

CAREFUL = "careful"
HOOFING_IT = "hoofing_it"
PACES = (CAREFUL, HOOFING_IT)
PACE_NAMES = {CAREFUL: "Careful", HOOFING_IT: "Hoofing it"}


def result_for(rules: ExplorationDieRules, face: int) -> DieResult:
    """The row of the results table a face of the die falls on."""
    for row in rules.results:
        if row.low <= face <= row.high:
            return row
    raise ValueError(f"no result of the exploration die for {face}")


@record
class Chances:
    """Chances in 6 of each side being surprised."""

    party: int
    foes: int


def surprise_chances(
    surprise: Surprise, light: str, pace: str, sneaky_foe: bool = False, through_door: bool = False
) -> Chances:
    """The party's chance of being surprised by its pace, a sneaky foe and the light; the foe's by the
    light, or through a newly opened door."""
    by_light = surprise.light[light]
    party = max(by_light, surprise.hoofing_it if pace == HOOFING_IT else 0, surprise.sneaky_foe if sneaky_foe else 0)
    foes = max(by_light, surprise.through_door if through_door else 0)
    return Chances(party, foes)


@record
class SurpriseOutcome:
    """Who was surprised. "both" is canceled: "every one stands around shocked for a moment but
    otherwise the surprise is canceled"."""

    party_surprised: bool
    foes_surprised: bool

    @property
    def who(self) -> str:
        """ "party", "foes", "both" (canceled) or "none"."""
        if self.party_surprised and self.foes_surprised:
            return "both"
        return "party" if self.party_surprised else "foes" if self.foes_surprised else "none"

    @property
    def free_round(self) -> str:
        """The side that has the drop on the other and a free round ("" for neither): "party" when
        the foes alone are surprised, "foes" when the party alone is. The round may be held: "if
        the meeting turns to fighting, the group that surprised the other still gets a free round"."""
        return {"party": "foes", "foes": "party"}.get(self.who, "")


def surprise(chances: Chances, party_roll: int, foes_roll: int) -> SurpriseOutcome:
    """Each side is surprised when its roll is within its chance in 6."""
    return SurpriseOutcome(party_roll <= chances.party, foes_roll <= chances.foes)


def charisma_applies(outcome: SurpriseOutcome) -> bool:
    """The spokesman's Charisma counts unless the foes caught the party unaware: "a group of NPCs
    surprising the PCs would not be modified"."""
    return outcome.free_round != "foes"


def reaction_for(reaction: Reaction, total: int) -> str:
    """The reaction table's word for a total; a total beyond the table takes its end row ("2 or Less",
    "12 or More")."""
    rows = sorted(reaction.table, key=lambda r: r.low)
    for row in rows:
        if row.low <= total <= row.high:
            return row.name
    return rows[0].name if total < rows[0].low else rows[-1].name
