"""The stub fight: every field of its slice public, and its dodges' log lines."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from tests.stub_fight.state import StubFight, StubSides

FIELDS: dict[type, dict[str, str]] = {StubSides: {"fight": P}, StubFight: every_field(P, StubFight)}

EVENTS: dict[str, str] = {"dodge": P}
"""Its own actions' log lines the players may see, by label (the kernel's `public_fields.EVENTS`
names none of them)."""
