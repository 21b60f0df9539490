"""The stub roster's slice, all of it for the players to see."""

from __future__ import annotations

from hammertui.kernel.session.public_fields import PUBLIC, every_field
from tests.stub_characters.state import Roster

FIELDS: dict[type, dict[str, str]] = {Roster: every_field(PUBLIC, Roster)}
