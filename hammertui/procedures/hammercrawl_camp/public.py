"""The camp in a Safe Haven: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import HIDDEN as H
from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.hammercrawl_camp.state import Camping, CampPlan, HammercrawlCamp

FIELDS: dict[type, dict[str, str]] = {
    HammercrawlCamp: {"camping": P, "last_camp": P},
    Camping: every_field(P, Camping),
    CampPlan: every_field(P, CampPlan, scout_target=H, scout_modifier=H),
}
