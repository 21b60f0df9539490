"""What each of HAMMERCRAWL!'s character commands does: the `run` of the pane's `COMMANDS`, and of
the sheet's keys. Each asks for the character it acts on (`target`: the one named, the open
sheet's, or the roster's highlight) and hands the app an action, or a dialog that makes one.

The screens and dialogs are imported on first use, as every screen is: the dashboard's first frame
needs none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hammertui.kernel.ruleset import LEVEL_UP_HP
from hammertui.kernel.session.state import Character
from hammertui.kernel.session.store import open_store
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.targets import ask_amount, target
from hammertui.procedures.hammercrawl_classes.actions.advancement import LevelUp, SetLevelUpHP, level_up_hp_choices
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown
from hammertui.procedures.hammercrawl_classes.rules.characters import level_up_hp_rule
from hammertui.procedures.hammercrawl_classes.state import (
    NOT_TODAY,
    can_say_not_today,
    dungeon_tier,
    sheet_of,
    uses_left,
)

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp


def damage(app: HammerApp, character_id: str = "") -> None:
    """A blow that would drop a Fighter with Not Today! left asks first; anything else lands."""
    ask_amount(app, character_id, "Damage", lambda cid, amount: _damage(app, cid, amount))


def _damage(app: HammerApp, character_id: str, amount: int) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    state = open_store(app).state
    member = state.character(character_id)
    if not can_say_not_today(state, member, amount):
        app.perform(ApplyDamage(character_id, amount))
        return
    left = uses_left(state, character_id, NOT_TODAY)
    choices = [("yes", f"Not Today! Stay at 1 HP ({left} left, gone for good once spent)"), ("no", "Take the blow")]
    dialog = ChooseDialog("Not Today!?", f"{amount} damage would drop {member.name} to 0 HP.", choices)
    app.push_screen(
        dialog, lambda c: c is not None and app.perform(ApplyDamage(character_id, amount, not_today=c == "yes"))
    )


def check(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog

    member = target(app)
    if member is not None:
        store = open_store(app)
        app.push_screen(CheckDialog(store.ruleset, member, dungeon_tier(store.state, store.ruleset)))


def restore_con(app: HammerApp) -> None:
    """Lost CON back to the highlighted character by the 'Smith's hand, with the reason."""
    from hammertui.procedures.hammercrawl_classes.dialogs.restore_con import RestoreConDialog

    member = target(app)
    if member is not None:
        app.push_screen(RestoreConDialog(member, sheet_of(open_store(app).state, member.id)))


def award_xp(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.xp import XPDialog

    store = open_store(app)
    selected = target(app)
    app.push_screen(XPDialog(store.ruleset, store.state.living, selected.id if selected else ""))


def level_up(app: HammerApp) -> None:
    member = target(app)
    if member is not None:
        app.perform(LevelUp(member.id))


def level_up_anyway(app: HammerApp) -> None:
    """Level up away from Camp and Town, with the 'Smith's reason for the log."""
    from hammertui.kernel.ui.dialogs.text import TextDialog

    member = target(app)
    if member is not None:
        dialog = TextDialog(
            "Level up anyway", f"Level {member.name} up outside Camp and Town? Why does the 'Smith allow it?"
        )
        app.push_screen(dialog, lambda reason: reason is not None and app.perform(LevelUp(member.id, reason=reason)))


def level_up_hp(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    store = open_store(app)
    now = level_up_hp_rule(store.ruleset, store.state.session.level_up_hp)
    choices = [
        (rule, LEVEL_UP_HP[rule] + (" (played now)" if rule == now else ""))
        for rule in level_up_hp_choices(store.ruleset)
    ]
    dialog = ChooseDialog("Levelling Hit Points", "How does a character's maximum HP rise on levelling?", choices)
    app.push_screen(dialog, lambda rule: rule is not None and app.perform(SetLevelUpHP(rule)))


def roll_character(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.recruit import RollDialog

    app.push_screen(RollDialog(open_store(app).ruleset))


def enter_character(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.recruit import EntryDialog

    app.push_screen(EntryDialog(open_store(app).ruleset))


def armour(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.recruit import ArmourDialog

    member = target(app)
    if member is not None:
        worn = sheet_of(open_store(app).state, member.id)
        app.push_screen(ArmourDialog(open_store(app).ruleset, member.id, member.name, worn.armour, worn.shield))


def role(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog
    from hammertui.procedures.hammercrawl_classes.actions.recruits import AssignRole

    member = target(app)
    if member is None:
        return
    roles = [
        (r, r + (f" (now {holder.name})" if (holder := _holder(app, r)) else ""))
        for r in open_store(app).ruleset.party_roles
    ]
    dialog = ChooseDialog(f"Role: {member.name}", "Which party role?", [*roles, ("", "No role")])
    app.push_screen(dialog, lambda role: role is not None and app.perform(AssignRole(member.id, role)))


def _holder(app: HammerApp, role: str) -> Character | None:
    state = open_store(app).state
    return next((m for m in state.party if sheet_of(state, m.id).role == role), None)


def rename_character(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.text import TextDialog
    from hammertui.procedures.hammercrawl_classes.actions.recruits import RenameCharacter

    member = target(app)
    if member is not None:
        named = TextDialog(
            f"Name: {member.name}",
            "The player to the left names them:",
            member.name,
            lambda name: RenameCharacter(member.id, name),
        )
        app.push_screen(named)


def notes(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.notes import NotesDialog

    member = target(app)
    if member is not None:
        app.push_screen(NotesDialog(member.id, member.name, member.notes))


def counts(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.dialogs.counts import CountDialog

    member = target(app)
    if member is not None:
        app.push_screen(CountDialog(open_store(app).ruleset, open_store(app).state, member))


def lay_down(app: HammerApp, character_id: str = "") -> None:
    member = target(app, character_id)
    if member is not None:
        app.perform(LayDown(member.id))


def fight_on(app: HammerApp, character_id: str = "") -> None:
    member = target(app, character_id)
    if member is not None:
        app.perform(FightOn(member.id))


def pile(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.screens.pile import PileScreen

    app.push_screen(PileScreen())


def hirelings(app: HammerApp) -> None:
    from hammertui.procedures.hammercrawl_classes.screens.hirelings import HirelingsScreen

    app.push_screen(HirelingsScreen())
