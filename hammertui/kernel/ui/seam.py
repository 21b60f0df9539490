"""The screen's side of the procedure seam, typed: what the dashboard asks of a procedure's ui.

A procedure with a ui exposes one object, `UI` in the module its registration names
(`Procedure.ui`), declared as a `ProcedureUI` (`UI: ProcedureUI = ...`): the type checker holds it
to every member, so one misspelt or missing fails the check instead of going undrawn. What a
procedure does not offer is named all the same, as None (no pane) or empty (nothing set aside).

This module is for the type checker and the tests: the dashboard reaches a procedure's object
through `ui/procedures.py`, which imports nothing of it at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.widget import Widget

    from hammertui.kernel.ruleset import Ruleset
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.session.state import Character, State
    from hammertui.kernel.ui.commands import Command
    from hammertui.kernel.ui.view import View


@runtime_checkable
class ProcedureUI(Protocol):
    """A procedure's pane, its commands, what it offers the app at a fight's end or a sheet, and
    what the header, the clock's keys and the palette say of its part. The app is `Any` here: the
    app's module imports the seam, and the seam names no module above it."""

    @property
    def pane(self) -> Callable[[], Widget] | None:
        """Makes its dashboard pane; None: it draws none."""

    @property
    def commands(self) -> tuple[Command[View], ...]:
        """What the 'Smith can ask of it."""

    @property
    def sets_aside(self) -> Set[str]:
        """Everyone's commands that do not fit its rules, by id (the exploration die passes no time
        without a turn)."""

    @property
    def after_fight(self) -> Callable[[Any, Callable[[], object]], None] | None:
        """What it offers when a fight ends, then `then` (the explore procedure's room XP)."""

    @property
    def show_sheet(self) -> Callable[[Any, str], None] | None:
        """Opens a character's sheet its own way (the characters procedure's); None: the app's sheet."""

    @property
    def time_left(self) -> Callable[[State, Ruleset], tuple[str, ...]] | None:
        """Each source burning now with the time it has left, as the header says it beside LIT
        (`torch 4 Beats`), longest-lasting first; None: no light of its is timed so."""

    @property
    def darkness_ahead(self) -> Callable[[State, Ruleset, int], str | None] | None:
        """What passing so many units would do to the party's last light, said before the clock's
        keys pass them, when it would put it out; None: passing time puts out no light of its."""

    @property
    def dungeon_tier(self) -> Callable[[State, Ruleset], int | None] | None:
        """The tier of the dungeon's level, for the header (`Level 2, tier 1`), where its rules have
        tiers (the characters procedure's)."""

    @property
    def by_name(self) -> Callable[[Character], tuple[tuple[str, str, Action], ...]] | None:
        """Its own palette entries for a living character by name, beside everyone's: the words after
        the name, the help and the action (`Darla: Lay Down`, for one down at 0 HP)."""
