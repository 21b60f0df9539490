"""The stub fight: every field of its slice public."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC as P
from hammertui.kernel.session.public_fields import every_field
from tests.stub_fight.state import StubFight, StubSides

FIELDS: dict[type, dict[str, str]] = {StubSides: {"fight": P}, StubFight: every_field(P, StubFight)}
