"""Everyone's commands: the dashboard's keys any ruleset has (passing time, healing, the dead, the
loot, undo, the session's rules, report and name, quitting), each running the code of the kernel
module named for what it does; and the dashboard's list for a session, its procedures' own first.
"""

from __future__ import annotations

from collections.abc import Callable

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import spent_by_time
from hammertui.kernel.session.state import State
from hammertui.kernel.ui import history, party_commands, passing_time, session_commands
from hammertui.kernel.ui.commands import Command, fill
from hammertui.kernel.ui.procedures import part_ui, ui_of
from hammertui.kernel.ui.view import View

COMMAND_ORDER = ("explore", "camp", "fight", "light", "characters")
"""Whose commands come first in the footer and the palette: the common path's."""


def burning(lead: str) -> Callable[[State, Ruleset], str]:
    """Words for passing time that say the light burns only where time spends it: the light
    procedure says otherwise (`spent_by_time`: light by levels)."""

    def words(state: State, ruleset: Ruleset) -> str:
        burns = spent_by_time(ruleset.procedures)
        return fill(lead, state, ruleset) + ("; every lit source burns" if burns else "")

    return words


COMMON: tuple[Command[View], ...] = (
    Command(
        "dollar_sign",
        "party.loot",
        "loot",
        "Loot",
        "Loot ledger",
        "Coins and items the party carries, and who holds what",
        key_display="$",
        run=party_commands.loot,
    ),
    Command(
        "t",
        "time.advance",
        "advance_time",
        "Pass time",
        "Pass a {unit}",
        burning("Advance the clock one {unit}"),
        show=True,
        run=passing_time.advance,
    ),
    Command(
        "T",
        "time.pass",
        "pass_time",
        "Pass...",
        "Pass {units}...",
        burning("So many, with a reason for the log"),
        run=passing_time.pass_some,
    ),
    Command(
        "n",
        "time.next_hour",
        "next_hour",
        "Next hour",
        "To the next hour",
        burning("Pass time to the next full hour"),
        run=passing_time.to_the_hour,
    ),
    Command(
        "h",
        "party.heal",
        "heal",
        "Heal",
        "Heal",
        "Heal the highlighted character, up to max HP",
        show=True,
        run=party_commands.heal,
    ),
    Command(
        "u", "store.undo", "undo", "Undo", "Undo", "Step back to before the last action", show=True, run=history.undo
    ),
    Command(
        "B",
        "party.bury",
        "bury",
        "Epitaph",
        "Epitaph",
        "Write the highlighted dead's epitaph and lay them to rest",
        run=party_commands.bury,
    ),
    Command(
        "y",
        "party.graveyard",
        "graveyard",
        "Graveyard",
        "Graveyard",
        "The fallen and their epitaphs",
        run=party_commands.graveyard,
    ),
    Command(
        None,
        "session.report",
        "report",
        "Report",
        "Write the session report",
        "The session's story as Markdown and a web page, in reports/ beside the saves",
        run=session_commands.report,
    ),
    Command(
        None,
        "session.rules",
        "rules",
        "Rules",
        "Rules",
        "The decisions this ruleset takes where its text is silent, each beside the words it reads",
        run=session_commands.rules,
    ),
    Command("ctrl+r", "store.redo", "redo", "Redo", "Redo", "Step forward again after an undo", run=history.redo),
    Command(
        "f2",
        "session.rename",
        "rename",
        "Rename",
        "Rename session",
        "Give this session a new name",
        run=session_commands.rename,
    ),
    Command(
        "ctrl+q", "app.quit", "quit", "Quit", "Quit", "Quit: everything is already saved", show=True, priority=True
    ),
)


def commands(ruleset: Ruleset) -> tuple[Command[View], ...]:
    """The dashboard's commands under this ruleset: its procedures' own, then everyone's that none
    of them sets aside."""
    uis = [ui for part in COMMAND_ORDER if (ui := part_ui(ruleset, part)) is not None]
    own = [command for ui in uis for command in ui.commands]
    aside = {name for ui in uis for name in ui.sets_aside}
    return (*own, *(command for command in COMMON if command.id not in aside))


def every_command() -> tuple[Command[View], ...]:
    """Everyone's commands and those of every procedure there is (for a keymap to name)."""
    uis = [ui for procedure in registry.every() if (ui := ui_of(procedure)) is not None]
    return (*COMMON, *(command for ui in uis for command in ui.commands))
