"""The screens and dialogs keys open, imported on first use.

The dashboard needs none of them to draw its first frame, and together (with the form widgets they
pull in) they are a good part of start-up. `screens.SheetScreen` reads like a plain import and
loads its module the first time it is asked for, as `textual.widgets` does for its widgets.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

STYLES = Path(__file__).with_name("screens.tcss")
"""The styles of every screen and dialog (each names it as its `CSS_PATH`): read when the first of
them opens, so the dashboard's first frame parses and matches only its own."""

if TYPE_CHECKING:
    from hammertui.procedures.sides_and_phases.screens import FightScreen
    from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
    from hammertui.procedures.sides_and_phases.dialogs.declare import DeclareDialog
    from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
    from hammertui.procedures.sides_and_phases.dialogs.morale import MoraleDialog
    from hammertui.procedures.sides_and_phases.dialogs.turn_unholy import TurnUnholyDialog
    from hammertui.procedures.sides_and_phases.dialogs.effect import EffectDialog
    from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
    from hammertui.kernel.ui.loot import LootScreen
    from hammertui.procedures.divining_pool.screens.town import TownScreen
    from hammertui.procedures.divining_pool.dialogs.search import SearchDialog
    from hammertui.procedures.hammercrawl_camp.screens import CampScreen
    from hammertui.procedures.divining_pool.dialogs.blood import BloodDialog
    from hammertui.kernel.ui.dialogs.burial import BurialDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
    from hammertui.procedures.burn_down.dialogs.correct_light import CorrectLightDialog
    from hammertui.procedures.exploration_die.dialogs import ClockDialog, TurnDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.counts import CountDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.notes import NotesDialog
    from hammertui.procedures.burn_down.dialogs.pack import PackDialog
    from hammertui.kernel.ui.dialogs.pass_time import NextHourDialog, PassTimeDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.recruit import ArmourDialog, EntryDialog, RollDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.restore_con import RestoreConDialog
    from hammertui.procedures.hammercrawl_classes.dialogs.xp import XPDialog
    from hammertui.procedures.divining_pool.screens.explore import ExploreScreen
    from hammertui.kernel.ui.graveyard import GraveyardScreen
    from hammertui.procedures.hammercrawl_classes.screens.hirelings import HirelingsScreen
    from hammertui.procedures.hammercrawl_classes.screens.pile import PileScreen
    from hammertui.procedures.divining_pool.screens.pool import PoolScreen
    from hammertui.procedures.divining_pool.screens.rooms import RoomsScreen
    from hammertui.procedures.hammercrawl_classes.screens.sheet import SheetScreen
    from hammertui.kernel.ui.decisions import RulesScreen

WHERE = {
    "FightScreen": "hammertui.procedures.sides_and_phases.screens",
    "FoesDialog": "hammertui.procedures.sides_and_phases.dialogs.foes",
    "DeclareDialog": "hammertui.procedures.sides_and_phases.dialogs.declare",
    "AttackDialog": "hammertui.procedures.sides_and_phases.dialogs.attack",
    "MoraleDialog": "hammertui.procedures.sides_and_phases.dialogs.morale",
    "TurnUnholyDialog": "hammertui.procedures.sides_and_phases.dialogs.turn_unholy",
    "EffectDialog": "hammertui.procedures.sides_and_phases.dialogs.effect",
    "RoomXPDialog": "hammertui.procedures.divining_pool.dialogs.room_xp",
    "LootScreen": "hammertui.kernel.ui.loot",
    "TownScreen": "hammertui.procedures.divining_pool.screens.town",
    "SearchDialog": "hammertui.procedures.divining_pool.dialogs.search",
    "CampScreen": "hammertui.procedures.hammercrawl_camp.screens",
    "BloodDialog": "hammertui.procedures.divining_pool.dialogs.blood",
    "ArmourDialog": "hammertui.procedures.hammercrawl_classes.dialogs.recruit",
    "BurialDialog": "hammertui.kernel.ui.dialogs.burial",
    "CheckDialog": "hammertui.procedures.hammercrawl_classes.dialogs.check",
    "ClockDialog": "hammertui.procedures.exploration_die.dialogs",
    "CorrectLightDialog": "hammertui.procedures.burn_down.dialogs.correct_light",
    "CountDialog": "hammertui.procedures.hammercrawl_classes.dialogs.counts",
    "EntryDialog": "hammertui.procedures.hammercrawl_classes.dialogs.recruit",
    "ExploreScreen": "hammertui.procedures.divining_pool.screens.explore",
    "GraveyardScreen": "hammertui.kernel.ui.graveyard",
    "HirelingsScreen": "hammertui.procedures.hammercrawl_classes.screens.hirelings",
    "NextHourDialog": "hammertui.kernel.ui.dialogs.pass_time",
    "NotesDialog": "hammertui.procedures.hammercrawl_classes.dialogs.notes",
    "PackDialog": "hammertui.procedures.burn_down.dialogs.pack",
    "PassTimeDialog": "hammertui.kernel.ui.dialogs.pass_time",
    "PileScreen": "hammertui.procedures.hammercrawl_classes.screens.pile",
    "PoolScreen": "hammertui.procedures.divining_pool.screens.pool",
    "RollDialog": "hammertui.procedures.hammercrawl_classes.dialogs.recruit",
    "RoomsScreen": "hammertui.procedures.divining_pool.screens.rooms",
    "SheetScreen": "hammertui.procedures.hammercrawl_classes.screens.sheet",
    "RulesScreen": "hammertui.kernel.ui.decisions",
    "TurnDialog": "hammertui.procedures.exploration_die.dialogs",
    "XPDialog": "hammertui.procedures.hammercrawl_classes.dialogs.xp",
    "RestoreConDialog": "hammertui.procedures.hammercrawl_classes.dialogs.restore_con",
}

__all__ = [
    "FightScreen",
    "FoesDialog",
    "DeclareDialog",
    "AttackDialog",
    "MoraleDialog",
    "TurnUnholyDialog",
    "EffectDialog",
    "RoomXPDialog",
    "LootScreen",
    "TownScreen",
    "SearchDialog",
    "CampScreen",
    "BloodDialog",
    "ArmourDialog",
    "BurialDialog",
    "CheckDialog",
    "ClockDialog",
    "CorrectLightDialog",
    "CountDialog",
    "EntryDialog",
    "ExploreScreen",
    "GraveyardScreen",
    "HirelingsScreen",
    "NextHourDialog",
    "NotesDialog",
    "PackDialog",
    "PassTimeDialog",
    "PileScreen",
    "PoolScreen",
    "RollDialog",
    "RoomsScreen",
    "SheetScreen",
    "RulesScreen",
    "TurnDialog",
    "XPDialog",
    "RestoreConDialog",
]


def __getattr__(name: str) -> Any:
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(WHERE[name]), name)
