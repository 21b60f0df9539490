"""The fight by sides and phases: what of its slice the players may see, field by field (the player
view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import HIDDEN as H
from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.sides_and_phases.state import Declared, Fight, FightState, Foe

FIELDS: dict[type, dict[str, str]] = {
    # Who stands, whose turn and the round are the table's; the foes' numbers, the kinds entered,
    # an attack thrown against an Armour Class, the foes' initiative and morale are not.
    FightState: {"fight": P, "foe_kinds": H},
    Fight: every_field(P, Fight, foe_initiative=H, morale_offered=H, initiative=H, pending=H, surprise_saves=H),
    Foe: {"id": P, "name": P, "kind": P, "hp": H, "max_hp": H, "status": P},
    Declared: every_field(P, Declared),
}
