"""The fight by individual initiative: what of its slice the players may see, field by field (the player
view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import HIDDEN as H
from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.individual_initiative.state import Fight, Fights, Foe

FIELDS: dict[type, dict[str, str]] = {
    Fights: {"fight": P, "held": P, "bleeding": P},
    Fight: every_field(P, Fight, rolls=H, crit=H),
    Foe: every_field(H, Foe, id=P, name=P, out=P),
}
