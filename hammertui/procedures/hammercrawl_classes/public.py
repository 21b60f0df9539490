"""The HAMMERCRAWL! classes: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.hammercrawl_classes.state import Sheet, Sheets

FIELDS: dict[type, dict[str, str]] = {
    Sheets: every_field(P, Sheets),
    Sheet: every_field(P, Sheet),
}
