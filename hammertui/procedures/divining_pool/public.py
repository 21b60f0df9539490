"""The Divining Pool: what of its slice the players may see, field by field (the player view reads by it)."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import HIDDEN as H
from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from hammertui.procedures.divining_pool.state import DiviningPool, DiviningThrow, PoolBonus, PoolPlan, Room

FIELDS: dict[type, dict[str, str]] = {
    # The dice thrown are the table's; what they bought, a room's notes and the Challenge Level are
    # the 'Smith's to tell, and so is a Safe Haven still to be cleared (it says the room holds an
    # encounter or a trap).
    DiviningPool: {
        "plan": P,
        "exploring": H,
        "rooms": P,
        "bonuses": P,
        "risk": P,
        "reward": P,
        "rerolls": P,
        "challenge_level": H,
        "haven_room": H,
    },
    PoolPlan: {"additions": P, "extra": P, "ordinary": P, "revisit": P},
    Room: every_field(P, Room, spent=H, notes=H),
    DiviningThrow: every_field(P, DiviningThrow),
    PoolBonus: every_field(P, PoolBonus),
}
