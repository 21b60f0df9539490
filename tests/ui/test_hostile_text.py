"""Text from the 'Smith, a save or a ruleset is drawn as it reads, never as markup: names, players,
notes, loot, hirelings, foes and the ruleset's own words holding markup, lone brackets and
backslashes, emoji with variation selectors and 200 letters, through every screen of every shipped
ruleset, the palette, the player view and the report. A `[/]` ended the app for good; `[bold]`
drew bold; `[@click=...]` ran an action."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from rich.console import Console
from textual.content import Content
from textual.widgets import Input

from hammertui.kernel.ruleset import load_ruleset, rulesets_dir
from hammertui.kernel.session import sessions
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.loot import AddLoot
from hammertui.kernel.session.persist import SaveFiles
from hammertui.kernel.session.report.files import report_of
from hammertui.kernel.session.report.render import html, markdown
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui import session_commands
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.player_view import PlayerApp
from hammertui.kernel.ui.procedures import part_ui
from hammertui.procedures.hammercrawl_classes import commands as characters
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.actions.recruits import RenameCharacter, SetNotes
from hammertui.procedures.individual_initiative.actions import FoeGroup as RussellFoes
from hammertui.procedures.individual_initiative.actions import StartFight as RussellFight
from hammertui.procedures.russell_characters.actions.vitals import Hire as RussellHire
from hammertui.procedures.russell_characters.state import Carry
from hammertui.procedures.sides_and_phases.actions import FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.test_save_failures import problem
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
    actions: list[Action] = [
        RenameCharacter(m.id, name, player=OTHERS[i]) for i, (m, name) in enumerate(zip(party, NAMES, strict=False))
    ]
    actions += [SetNotes(first, "\n".join((*HOSTILE, LONG))), *(AddLoot(text, coins=3) for text in HOSTILE)]
    russell = store.state.session.procedures.get("characters") == "russell_characters"
    actions.append(RussellHire("[bold]X[/]", "torchbearer", first) if russell else Hire("[/]", "torchbearer", 1, first))
    actions += [Carry(first, text) for text in HOSTILE] if russell else []
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
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), record=True, legacy_windows=False
    )
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


def bent_ruleset(folder: Path) -> Path:
    """Book Three as a user's own ruleset whose ad hoc awards, a class and every other name hold markup."""
    own = folder / "own"
    own.mkdir()
    text = (rulesets_dir() / "hammercrawl-book3.toml").read_text().replace('id = "hammercrawl-book3"', 'id = "bent"', 1)
    text = text.replace('"Hah yeah, okay that was pretty cool"', '"[/]Pretty [@click=app.quit]cool[/]"')
    text = re.sub(r'(?m)^name = "([^"]+)"$', r'name = "[bold]\1[/]"', text)
    (own / "bent.toml").write_text(
        text.replace("[classes.fighter]\n", '[classes.fighter]\nname = "[@click=app.quit]F[/]"\n', 1)
    )
    return own


async def test_dialogs_and_the_palette_say_hostile_text_as_it_reads(tmp_path: Path) -> None:
    """`d` titles its dialog with the name, `x` lists the ruleset's awards, `F` asks who rolls the
    party's initiative, the palette finds a character by name: each as the text reads."""
    loader = partial(load_ruleset, also=(bent_ruleset(tmp_path),))
    store = sessions.create(tmp_path, "crawl", loader("bent"), seed=11)
    for member, name in zip(store.state.party, NAMES, strict=False):
        store.dispatch(RenameCharacter(member.id, name))
    app = make_app(tmp_path, "crawl", ruleset_loader=loader)
    async with app.run_test(size=(160, 50)) as pilot:
        home = app.screen
        await pilot.press("d")
        await until(pilot, lambda: app.screen is not home, "the damage dialog")
        title = app.screen.query_one(".dialog").border_title
        assert title is not None and "[/]" in Content.from_markup(title).plain
        await pilot.press("escape", "x")
        await until(
            pilot, lambda: "[/]Pretty [@click=app.quit]cool[/]" in screen_text(app), "the ruleset's award as it reads"
        )
        await pilot.press("escape", "F")
        await until(pilot, lambda: "Party initiative by" in screen_text(app), "the fight form")
        await pilot.press("escape", "ctrl+p")
        await pilot.press(*"bold")
        await until(pilot, lambda: "[bold]X[/]" in screen_text(app), "the palette's search")
        await pilot.press("escape")
    assert app.return_code in (None, 0)


SCRIPT = "<script>alert(1)</script>"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_report_holds_hostile_text_as_text(tmp_path: Path, ruleset_id: str) -> None:
    """Both pages of the report say what was typed, and neither runs it: the Markdown page escapes
    HTML as the HTML page does (a viewer renders raw HTML in Markdown)."""
    store = hostile_store(tmp_path, ruleset_id)
    store.dispatch(AddLoot(SCRIPT, coins=3))
    store.dispatch(RenameCharacter(store.state.party[-1].id, "<img src=x onerror=alert(1)>"))
    assert store.files is not None
    report = report_of(store.files, load_ruleset)
    for page in (markdown(report), html(report)):
        assert "<script" not in page and "<img" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "[bold]X[/]" in page


async def test_the_player_view_shows_hostile_text_as_it_reads(tmp_path: Path) -> None:
    """The table's page: names and the ruleset's class names as they read, and the page's app lives on."""
    loader = partial(load_ruleset, also=(bent_ruleset(tmp_path),))
    store = sessions.create(tmp_path, "crawl", loader("bent"), seed=11)
    for member, name in zip(store.state.party, NAMES, strict=False):
        store.dispatch(RenameCharacter(member.id, name))
    app = PlayerApp(SaveFiles(tmp_path, "crawl"), loader)
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: app.view is not None, "the first look")
        await pilot.pause()
        page = screen_text(app)
        assert all(name in page for name in NAMES[:2]) and "[@click=app.quit]F[/] 1" in page
    assert app.return_code in (None, 0)


@pytest.mark.parametrize(
    ("open_dialog", "typed", "said"),
    [
        (characters.rename_character, "A\x1b]2;PWNED\x07B", "holds a control character (U+001B)"),
        (session_commands.rename, "Tomb [/]", "cannot be a session name"),
    ],
    ids=["a name holding an OSC title", "a session name holding markup"],
)
async def test_a_typed_field_refuses_control_characters_and_f2_a_bad_name_with_a_message(
    tmp_path: Path, open_dialog: Callable[[HammerApp], None], typed: str, said: str
) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state
        open_dialog(app)
        await until(pilot, lambda: isinstance(app.screen, TextDialog) and bool(app.screen.query(Input)), "the dialog")
        app.screen.query_one(Input).value = typed
        await pilot.press("enter")
        await until(pilot, lambda: said in problem(app), "the refusal told in the dialog")
        assert app.store.state == before
