"""The Russell House Rules' characters: what of its slice the players may see, field by field (the player
view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.russell_characters.state import Gear, Hand, Haul, People, Person, Skill

FIELDS: dict[type, dict[str, str]] = {
    People: every_field(P, People),
    Person: every_field(P, Person),
    Skill: every_field(P, Skill),
    Gear: every_field(P, Gear),
    Hand: every_field(P, Hand),
    Haul: every_field(P, Haul),
}
