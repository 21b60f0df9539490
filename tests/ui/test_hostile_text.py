"""Text from the 'Smith, a save or a ruleset is drawn as it reads, never as markup: names, players,
notes, loot, hirelings, foes and the ruleset's own words holding markup, lone brackets and
backslashes, emoji with variation selectors and 200 letters, through every screen of every shipped
ruleset, the palette, the player view and the report. A `[/]` ended the app for good; `[bold]`
drew bold; `[@click=...]` ran an action."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console

from hammertui.rules.ruleset import load_ruleset
from hammertui.session import sessions
from hammertui.session.actions import Action, Refused
from hammertui.session.combat import FoeGroup, StartFight
from hammertui.session.fight_state import FoeKind
from hammertui.session.hirelings import Hire
from hammertui.session.individual_initiative_actions import FoeGroup as RussellFoes
from hammertui.session.individual_initiative_actions import StartFight as RussellFight
from hammertui.session.loot import AddLoot
from hammertui.session.recruits import RenameCharacter, SetNotes
from hammertui.session.russell_vitals import Hire as RussellHire
from hammertui.session.store import Store
from hammertui.ui.app import HammerApp, make_app
from hammertui.ui.player_view import PlayerApp
from hammertui.ui.procedures import part_ui
from tests.ui.waiting import until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from hostile_files import RULESETS, draw_every_screen  # noqa: E402

NAMES = ("[/]", "[bold]X[/]", "[@click=app.quit]x[/]", "[link=file:///etc/passwd]x[/link]")
"""A character's name each: closing nothing, styling, running an action, linking to a file."""
OTHERS = ("a[b", "back\\", "\\[bold]y", "🗡️Sword❤️", "Owes5gp[toDarla]")
"""Lone brackets and backslashes, emoji with variation selectors, a bracket that looks like a tag."""
LONG = "W" * 199 + "]"
HOSTILE = NAMES + OTHERS


def hostile_store(folder: Path, ruleset_id: str) -> Store:
    """A session of `ruleset_id` whose every typed field holds hostile text, a fight under way."""
    store = sessions.create(folder, "crawl", load_ruleset(ruleset_id), seed=11)
    party = store.state.party
    first = party[0].id
    actions: list[Action] = [RenameCharacter(m.id, name, player=OTHERS[i]) for i, (m, name) in enumerate(zip(party, NAMES))]
    actions += [SetNotes(first, "\n".join((*HOSTILE, LONG))), *(AddLoot(text, coins=3) for text in HOSTILE)]
    russell = store.state.session.procedures.get("characters") == "russell_characters"
    actions.append(RussellHire("[bold]X[/]", "torchbearer", first) if russell else Hire("[/]", "torchbearer", 1, first))
    if store.state.session.procedures.get("fight") == "individual_initiative":
        actions.append(RussellFight((RussellFoes("[/]", ac=12, hp=3), RussellFoes("[bold]X[/]", ac=12, hp=3))))
    else:
        foes = (FoeGroup(FoeKind("[/]", "1", ac=12), 1), FoeGroup(FoeKind("[@click=app.quit]x[/]", "1", ac=12), 1))
        actions.append(StartFight(foes, hp="average"))
    for action in actions:
        try:
            store.dispatch(action)
        except Refused:
            pass  # not this ruleset's
    return store


def screen_text(app: HammerApp | PlayerApp) -> str:
    """The screen as the terminal shows it, without its styles."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False)


@pytest.mark.parametrize("ruleset_id", RULESETS)
async def test_every_screen_draws_hostile_text_as_it_reads(tmp_path: Path, ruleset_id: str) -> None:
    store = hostile_store(tmp_path, ruleset_id)
    assert store.files is not None
    await draw_every_screen(store.files)
    app = make_app(tmp_path, "crawl")
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        assert app.store is not None
        own_sheet = getattr(part_ui(app.store.ruleset, "characters"), "show_sheet", None)
        second = app.store.state.party[1].id
        own_sheet(app, second) if own_sheet is not None else app.action_sheet(second)
        await until(pilot, lambda: "[bold]X[/]" in screen_text(app), "the name as typed on the sheet")
    assert app.return_code in (None, 0)
