"""The Party pane: who is in the party and how they are holding up."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.widgets import DataTable

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.ui.commands import ROSTER, Command
from hammertui.kernel.ui.party import STATUS, PartyPane, hp_cell
from hammertui.kernel.ui.view import View
from hammertui.procedures.hammercrawl_classes import commands
from hammertui.procedures.hammercrawl_classes.actions.advancement import ad_hoc_words, level_up_hp_choices
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown
from hammertui.procedures.hammercrawl_classes.rules.tiers import tier
from hammertui.procedures.hammercrawl_classes.state import con_lost, sheet_of

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

COLUMNS = ("Name", "Class Lv", "HP", "AC", "XP", "Status")


class ClassesPartyPane(PartyPane):
    """The roster as the class rules keep it: class and level, XP, lost CON and the 0 HP stance."""

    COLUMNS = COLUMNS

    def cells(self, view: View, member: Character) -> list[Text]:
        """Every cell whole: `_fill` cuts the name and the status to the pane."""
        cls = view.ruleset.classes.get(member.class_id)
        sheet = sheet_of(view.state, member.id)
        stance = sheet.stance if member.status == "down" else ""
        words, style = STATUS.get((member.status, stance), (member.status, ""))
        if not words and sheet.role:
            words, style = sheet.role, "dim"
        if sheet.con < sheet.con_max and member.alive:
            words = f"{words} CON {sheet.con}".strip()
        return [
            Text(member.name, style="dim strike" if not member.alive else "", no_wrap=True, overflow="ellipsis"),
            Text(f"{cls.short_name if cls else member.class_id} {member.level}"),
            hp_cell(member),
            Text(str(member.ac)),
            Text(str(member.xp)),
            Text(words, style=style, no_wrap=True, overflow="ellipsis"),
        ]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row shows that character's sheet."""
        if event.row_key.value:
            show_sheet(cast("HammerApp", self.app), event.row_key.value)


def pane() -> ClassesPartyPane:
    return ClassesPartyPane(id=ROSTER, classes="pane")


def show_sheet(app: HammerApp, character_id: str) -> None:
    """Every number of one character and where it comes from, on its own screen."""
    from hammertui.procedures.hammercrawl_classes.screens.sheet import (
        SheetScreen,  # opened on first use, as every screen is
    )

    app.push_screen(SheetScreen(character_id))


def header_tier(state: State, ruleset: Ruleset) -> int | None:
    """The dungeon level's tier, its boss's Hit Dice as a tier, where the ruleset has tiers."""
    return tier(state.dungeon.boss_hd) if ruleset.tier_rules is not None else None


def by_name(member: Character) -> tuple[tuple[str, str, Action], ...]:
    """A character down at 0 HP chooses each round, by name in the palette: Lay Down or Fight On."""
    if member.status != "down":
        return ()
    return (
        ("Lay Down", "A Death save; a CON point lost on failure", LayDown(member.id)),
        ("Fight On", "Act, then lose 1d4 CON", FightOn(member.id)),
    )


def _award_words(state: State, ruleset: Ruleset) -> str:
    """`1, 3 or 5 to one or everyone standing`: the quick awards this ruleset gives."""
    return f"{ad_hoc_words(ruleset)} to one or everyone standing, with a reason"


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "d",
        "party.damage",
        "damage",
        "Damage",
        "Damage",
        "Apply damage to the highlighted character (temporary HP first; at 0 HP, Lay Down or Fight On)",
        show=True,
        run=commands.damage,
        by_name="Apply damage (temporary HP first)",
    ),
    Command(
        "w",
        "party.hirelings",
        "hirelings",
        "Hirelings",
        "Hirelings",
        "Hire by tier, check morale, dismiss",
        run=commands.hirelings,
    ),
    Command(
        "s",
        "party.check",
        "check",
        "Roll",
        "Roll a save or check",
        "A save, thief skill or skill check for the highlighted character",
        run=commands.check,
    ),
    Command("x", "party.xp", "award_xp", "XP", "Award XP", _award_words, run=commands.award_xp),
    Command(
        "r",
        "party.roll",
        "roll_character",
        "New",
        "Roll a character",
        "Class, stats and HP by the rules; every die in the log",
        run=commands.roll_character,
    ),
    Command(
        "p",
        "party.pile",
        "pile",
        "Pile",
        "Replacement pile",
        "Pre-rolled replacements, ready to drop in",
        run=commands.pile,
    ),
    Command(
        "E",
        "party.enter",
        "enter_character",
        "Enter by hand",
        "Enter a character by hand",
        "From a paper sheet, checked by the rules",
        run=commands.enter_character,
    ),
    Command(
        "z",
        "party.lay_down",
        "lay_down",
        "Lay Down",
        "Lay Down",
        "The highlighted character at 0 HP: a Death save; a CON point lost on failure",
        run=commands.lay_down,
    ),
    Command(
        "f",
        "party.fight_on",
        "fight_on",
        "Fight On",
        "Fight On",
        "The highlighted character at 0 HP: act, then lose 1d4 CON",
        run=commands.fight_on,
    ),
    Command(
        "v",
        "party.level_up",
        "level_up",
        "Level up",
        "Level up",
        "The highlighted character, with the XP for it, at Camp or in Town",
        run=commands.level_up,
    ),
    Command(
        "V",
        "party.level_up_anyway",
        "level_up_anyway",
        "Level up anyway",
        "Level up anyway",
        "Outside Camp and Town, with the 'Smith's reason for the log",
        run=commands.level_up_anyway,
    ),
    Command(
        None,
        "party.restore_con",
        "restore_con",
        "Restore CON",
        "Restore lost CON",
        "The highlighted character's lost CON back by magic (Cure Serious Wounds: 1d4 + caster level), with the reason",
        applies=lambda v: any(con_lost(v.state, m) for m in v.state.living),
        run=commands.restore_con,
    ),
    Command(
        "k",
        "party.counts",
        "counts",
        "Supplies",
        "Supplies",
        "The highlighted character's rations, oil and other counted things",
        run=commands.counts,
    ),
    Command(
        None,
        "party.level_up_hp",
        "level_up_hp",
        "Levelling HP",
        "Levelling Hit Points",
        "Which of the ruleset's readings this session plays",
        applies=lambda v: len(level_up_hp_choices(v.ruleset)) > 1,
        run=commands.level_up_hp,
    ),
)
"""What the 'Smith asks of HAMMERCRAWL!'s characters: rolled and entered by its class rules,
levelled, saved and checked by them, damaged down to its 0 HP rules (Lay Down and Fight On),
their hirelings hired by its tiers."""


class _UI:
    """HAMMERCRAWL!'s characters' pane and commands."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = frozenset[str]()
    after_fight = None
    show_sheet = staticmethod(show_sheet)
    time_left = None
    darkness_ahead = None
    dungeon_tier = staticmethod(header_tier)
    by_name = staticmethod(by_name)


UI: ProcedureUI = _UI()
