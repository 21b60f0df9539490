"""The exploration die: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import HIDDEN as H
from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.exploration_die.state import ExplorationDie, TurnRoll

FIELDS: dict[type, dict[str, str]] = {
    # Its face is thrown in the open; what an encounter is, and the clocks ticking towards what the
    # 'Smith has planned, are not.
    ExplorationDie: {"turns": P, "rolls": P, "pace": P, "clocks": H, "spokesman": P},
    TurnRoll: every_field(P, TurnRoll, encounter=H),
}
