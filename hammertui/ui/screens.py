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
    from hammertui.ui.fight import FightScreen
    from hammertui.ui.dialogs.foes import FoesDialog
    from hammertui.ui.dialogs.declare import DeclareDialog
    from hammertui.ui.dialogs.attack import AttackDialog
    from hammertui.ui.dialogs.morale import MoraleDialog
    from hammertui.ui.dialogs.turn_unholy import TurnUnholyDialog
    from hammertui.ui.dialogs.effect import EffectDialog
    from hammertui.ui.dialogs.room_xp import RoomXPDialog
    from hammertui.ui.loot import LootScreen
    from hammertui.ui.town import TownScreen
    from hammertui.ui.dialogs.search import SearchDialog
    from hammertui.ui.camp import CampScreen
    from hammertui.ui.dialogs.blood import BloodDialog
    from hammertui.ui.dialogs.burial import BurialDialog
    from hammertui.ui.dialogs.check import CheckDialog
    from hammertui.ui.dialogs.correct_light import CorrectLightDialog
    from hammertui.ui.dialogs.exploration_turn import ClockDialog, TurnDialog
    from hammertui.ui.dialogs.counts import CountDialog
    from hammertui.ui.dialogs.notes import NotesDialog
    from hammertui.ui.dialogs.pack import PackDialog
    from hammertui.ui.dialogs.pass_time import NextHourDialog, PassTimeDialog
    from hammertui.ui.dialogs.recruit import ArmourDialog, EntryDialog, RollDialog
    from hammertui.ui.dialogs.restore_con import RestoreConDialog
    from hammertui.ui.dialogs.xp import XPDialog
    from hammertui.ui.explore import ExploreScreen
    from hammertui.ui.graveyard import GraveyardScreen
    from hammertui.ui.hirelings import HirelingsScreen
    from hammertui.ui.pile import PileScreen
    from hammertui.ui.pool import PoolScreen
    from hammertui.ui.rooms import RoomsScreen
    from hammertui.ui.sheet import SheetScreen
    from hammertui.ui.decisions import RulesScreen

WHERE = {
    "FightScreen": "hammertui.ui.fight",
    "FoesDialog": "hammertui.ui.dialogs.foes",
    "DeclareDialog": "hammertui.ui.dialogs.declare",
    "AttackDialog": "hammertui.ui.dialogs.attack",
    "MoraleDialog": "hammertui.ui.dialogs.morale",
    "TurnUnholyDialog": "hammertui.ui.dialogs.turn_unholy",
    "EffectDialog": "hammertui.ui.dialogs.effect",
    "RoomXPDialog": "hammertui.ui.dialogs.room_xp",
    "LootScreen": "hammertui.ui.loot",
    "TownScreen": "hammertui.ui.town",
    "SearchDialog": "hammertui.ui.dialogs.search",
    "CampScreen": "hammertui.ui.camp",
    "BloodDialog": "hammertui.ui.dialogs.blood",
    "ArmourDialog": "hammertui.ui.dialogs.recruit",
    "BurialDialog": "hammertui.ui.dialogs.burial",
    "CheckDialog": "hammertui.ui.dialogs.check",
    "ClockDialog": "hammertui.ui.dialogs.exploration_turn",
    "CorrectLightDialog": "hammertui.ui.dialogs.correct_light",
    "CountDialog": "hammertui.ui.dialogs.counts",
    "EntryDialog": "hammertui.ui.dialogs.recruit",
    "ExploreScreen": "hammertui.ui.explore",
    "GraveyardScreen": "hammertui.ui.graveyard",
    "HirelingsScreen": "hammertui.ui.hirelings",
    "NextHourDialog": "hammertui.ui.dialogs.pass_time",
    "NotesDialog": "hammertui.ui.dialogs.notes",
    "PackDialog": "hammertui.ui.dialogs.pack",
    "PassTimeDialog": "hammertui.ui.dialogs.pass_time",
    "PileScreen": "hammertui.ui.pile",
    "PoolScreen": "hammertui.ui.pool",
    "RollDialog": "hammertui.ui.dialogs.recruit",
    "RoomsScreen": "hammertui.ui.rooms",
    "SheetScreen": "hammertui.ui.sheet",
    "RulesScreen": "hammertui.ui.decisions",
    "TurnDialog": "hammertui.ui.dialogs.exploration_turn",
    "XPDialog": "hammertui.ui.dialogs.xp",
    "RestoreConDialog": "hammertui.ui.dialogs.restore_con",
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
