"""Light by levels: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.light_levels.state import Lights, Source, Spent

FIELDS: dict[type, dict[str, str]] = {
    Lights: every_field(P, Lights),
    Source: every_field(P, Source),
    Spent: every_field(P, Spent),
}
