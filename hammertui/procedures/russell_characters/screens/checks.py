"""Saves and skills for the character highlighted on the Russell House Rules' Party pane: a save,
a skill test, a Just-in-Time skill declared, and a week of practice (offered by the characters
procedure's commands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hammertui.kernel.session.state import Character
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.party import PartyPane
from hammertui.kernel.ui.view import View
from hammertui.procedures.russell_characters.actions import checks

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp


def _highlighted(app: HammerApp) -> Character | None:
    character_id = app.query_one(PartyPane).selected_id
    if character_id is None:
        app.notify("No one in the party.", severity="warning")
        return None
    member = app.store.state.character(character_id)
    if not member.alive:
        app.notify(f"{member.name} is dead.", severity="warning")
        return None
    return member


def save(app: HammerApp) -> None:
    from hammertui.procedures.russell_characters.dialogs.check import RussellSaveDialog

    member = _highlighted(app)
    if member is not None:
        app.push_screen(RussellSaveDialog("Save", app.store.state, app.store.ruleset, member.id))


def skill(app: HammerApp) -> None:
    from hammertui.procedures.russell_characters.dialogs.check import RussellSkillDialog

    member = _highlighted(app)
    if member is not None:
        app.push_screen(RussellSkillDialog("Skill", app.store.state, app.store.ruleset, member.id))


def declare(app: HammerApp) -> None:
    """Name the Just-in-Time skill the moment calls for; a refusal (no slot, none left) is said."""
    from hammertui.kernel.ui.dialogs.text import TextDialog

    member = _highlighted(app)
    if member is None:
        return
    words = checks.skills_words(app.store.state, app.store.ruleset, member.id)
    dialog = TextDialog(
        "Just-in-Time skill", f"{member.name}'s background prepared them for this: which skill? ({words})"
    )
    app.push_screen(dialog, lambda name: name is not None and app.perform(checks.DeclareSkill(member.id, name)))


def practise(app: HammerApp) -> None:
    """A week of downtime practising a skill with enough check marks and room to rise."""
    from hammertui.procedures.russell_characters.dialogs.check import PractiseDialog

    member = _highlighted(app)
    if member is None:
        return
    if not checks.practisable(app.store.state, app.store.ruleset, member):
        words = checks.skills_words(app.store.state, app.store.ruleset, member.id)
        app.notify(
            f"No skill of {member.name}'s has the check marks and room to rise ({words}).",
            title="Practice",
            severity="warning",
        )
        return
    app.push_screen(PractiseDialog("Practice", app.store.state, app.store.ruleset, member.id))


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "s",
        "russell.save",
        "russell_save",
        "Save",
        "Save",
        "The highlighted character rolls under an attribute on a d20, the light, weariness and burden counted",
        show=True,
        run=save,
    ),
    Command(
        "k",
        "russell.skill",
        "russell_skill",
        "Skill",
        "Test a skill",
        "The highlighted character rolls 1d6 + rank, 6 or more; the skill gets a check mark",
        show=True,
        run=skill,
    ),
    Command(
        "J",
        "russell.just_in_time",
        "russell_just_in_time",
        "Just-in-Time",
        "Declare a Just-in-Time skill",
        "The highlighted character names a skill their background gave them, at rank 1, in a free slot",
        run=declare,
    ),
    Command(
        "I",
        "russell.practise",
        "russell_practise",
        "Practice",
        "Practise a skill",
        "A week of downtime: a skill with 3 check marks, an INT save to raise its rank",
        run=practise,
    ),
)
