"""Light by time: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.burn_down.state import BurnDown, LightSource

FIELDS: dict[type, dict[str, str]] = {
    BurnDown: {"lights": P, "flasks": P},
    LightSource: every_field(P, LightSource),
}
