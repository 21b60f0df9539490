"""`[light]`: light sources, and what darkness and dim light do."""

from typing import Annotated

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import Keyed, between, one_of


@record
class LightSourceDef:
    """A light source: how long it burns, and how well."""

    kind: str
    name: str
    duration: Annotated[int, between(1, None, "a number of units")] | None = None
    per_caster_level: Annotated[int, between(0)] = 0
    strength: Annotated[str, one_of(("weak", "strong", "dim", "lit"))] | None = None
    refuel: str | None = None
    needs_caster: bool = False

    def duration_for(self, caster_level: int = 0) -> int | None:
        """Units it burns, the caster's level added for a spell."""
        if self.duration is None:
            return None
        return self.duration + self.per_caster_level * caster_level


@record
class LightPenalty:
    """What darkness (or dim light) does; `modifiers` are net modifier dice, negative = against."""

    attack_dice: int = 0
    critical_hits: bool = True
    damage_die_steps: int = 0
    skills_allowed: bool = True
    modifiers: dict[str, Annotated[int, between(None, None, "a net number of modifier dice")]] = attrs.field(
        factory=dict
    )


@record
class LightRules:
    """Light sources and the penalties of darkness and dim light."""

    sources: Annotated[dict[str, LightSourceDef], Keyed("light source", "kind")] = attrs.field(factory=dict)
    darkness: LightPenalty | None = None
    dim: LightPenalty | None = None
    two_weak_make_strong: bool = False


SECTIONS = {"light": LightRules}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
