"""What acting on a session is: an action, what it may consult, what it leaves, and its refusal.

Every action, the store and every procedure's hooks speak of these; they sit below `actions` (the
session's own actions and the functions that apply them) so that a module the actions use may name
them too.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from hammertui.kernel.rules.dice import DiceSource
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import State


class Refused(Exception):
    """The action cannot be done in this state; the message says why, in the table's words."""


@record
class Context:
    """What an action may consult: the rules in force and this action's dice."""

    ruleset: Ruleset
    dice: DiceSource


Result = tuple[State, list[Event]]


class Action(Protocol):
    """A change the 'Smith asked for."""

    label: ClassVar[str]

    def apply(self, state: State, ctx: Context) -> Result: ...
