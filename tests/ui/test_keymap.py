"""The 'Smith's own keys from a keymap file: a command moved by its binding id, and a broken file
named with its problem while the usual keys stand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.keymap import keymap_path
from hammertui.procedures.sides_and_phases.actions import (
    FightNext,
    FoeGroup,
    SkipMorale,
    StartFight,
    morale_due,
    still_to_act,
    turn_problem,
)
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.dialogs.foes import FoesDialog
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.test_footer import bottom_row
from tests.ui.waiting import until


async def to_the_attacks(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """Initiative rolled and the fight stepped on to a phase where someone attacks."""
    view = app.view
    while not [a for a in still_to_act(view.state, view.ruleset) if not turn_problem(view.state, view.ruleset, a.id)]:
        assert app.perform(SkipMorale() if morale_due(view.state, view.ruleset) else FightNext())
        await pilot.pause()
        view = app.view


def with_keymap(tmp_path: Path, text: str) -> HammerApp:
    """The demo session, with `text` in the keymap file the tests' config points at."""
    keymap_path().write_text(text, encoding="utf-8")
    assert keymap_path().parent == tmp_path
    return make_app(tmp_path / "saves", seed=7)


@pytest.mark.parametrize("text", ['party.damage = "j"', '"party.damage" = "j"'], ids=["dotted", "quoted"])
async def test_a_remapped_key_does_what_the_old_one_did(tmp_path: Path, text: str) -> None:
    app = with_keymap(tmp_path, text)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        assert "j Damage" in bottom_row(app)
        await pilot.press("d")
        assert not isinstance(app.screen, AmountDialog), "the old key no longer damages"
        await pilot.press("j")
        assert isinstance(app.screen, AmountDialog)


async def test_a_command_moves_to_a_key_with_a_modifier(tmp_path: Path) -> None:
    app = with_keymap(tmp_path, 'combat.fight = "ctrl+f"')
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.press("ctrl+f")
        assert isinstance(app.screen, FoesDialog)


async def test_the_readmes_two_keys_for_one_command(tmp_path: Path) -> None:
    """The README's own example: the session's fight is by sides and phases, so another fight
    procedure's Fight! on ctrl+f (initiative.fight) is no clash."""
    app = with_keymap(tmp_path, 'combat.fight = "F,ctrl+f"')
    async with app.run_test(size=(120, 24)) as pilot:
        assert not app._notifications, [str(n.message) for n in app._notifications]
        await pilot.press("ctrl+f")
        assert isinstance(app.screen, FoesDialog)


async def test_one_bad_line_costs_only_that_line(tmp_path: Path) -> None:
    app = with_keymap(tmp_path, 'party.damgae = "j"\nparty.heal = "ctrl+h"\nparty.damage = "H"')
    async with app.run_test(size=(120, 24)) as pilot:
        messages = [str(n.message) for n in app._notifications]
        assert any(
            "'party.damgae' is no command's id" in m and "'party.damage' on 'H' clashes with Safe Haven" in m
            for m in messages
        ), messages
        assert any("Those keep their usual keys; the rest are moved." in m for m in messages), messages
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog), "the clashing line's command keeps its key"
        await pilot.press("escape")
        await pilot.press("ctrl+h")
        await until(pilot, lambda: isinstance(app.screen, AmountDialog), "heal on its new key")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('party.damage = "j', "not a keymap"),
        ('party.damgae = "j"', "'party.damgae' is no command's id"),
        ("party.damage = 7", "party.damage should be a key"),
        ('party.damage = ""', "party.damage should be a key"),
        ('party.damage = "\\u001b]2;PWNED\\u0007"', "party.damage should be a key"),
        ('party.damage = "h"', "'party.damage' on 'h' clashes with Heal (party.heal)"),
        ('party.heal = "j"\nparty.damage = "j"', "'party.damage' on 'j' clashes with Heal (party.heal)"),
    ],
    ids=["bad toml", "unknown id", "not a string", "empty", "escapes", "a key taken", "one key for two"],
)
async def test_a_broken_keymap_is_named_and_the_usual_keys_stand(tmp_path: Path, text: str, problem: str) -> None:
    app = with_keymap(tmp_path, text)
    async with app.run_test(size=(120, 24)) as pilot:
        messages = [str(n.message) for n in app._notifications]
        assert any(str(keymap_path()) in m and problem in m for m in messages), messages
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog)


def test_the_keymap_lives_in_the_config_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("HAMMERTUI_KEYMAP")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert keymap_path() == tmp_path / "hammertui" / "keymap.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert keymap_path() == tmp_path / ".config" / "hammertui" / "keymap.toml"


async def test_a_fight_key_moves_and_the_palette_names_the_new_one(tmp_path: Path) -> None:
    app = with_keymap(tmp_path, 'fight.attack = "j"')
    async with app.run_test(size=(120, 24)) as pilot:
        assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.press("F")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        assert "j Attack" in bottom_row(app)
        await pilot.press("ctrl+p", *"Attack")

        def offered() -> str:
            found = app.screen.query(CommandList)
            return str(found.first().get_option_at_index(0).prompt) if found and found.first().option_count else ""

        await until(pilot, lambda: offered().startswith("Attack"), "the palette offering the attack")
        assert offered().startswith("Attack (j)"), offered()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight again")
        await to_the_attacks(pilot, app)
        await pilot.press("a")  # the dashboard's own a (a pack) waits under the fight
        await pilot.pause()
        assert isinstance(app.screen, FightScreen), "the old key no longer attacks"
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack's dialog")


async def test_a_fight_key_moved_onto_another_is_named_and_both_stand(tmp_path: Path) -> None:
    app = with_keymap(tmp_path, 'fight.attack = "t"')
    async with app.run_test(size=(120, 24)) as pilot:
        messages = [str(n.message) for n in app._notifications]
        assert any("'fight.attack' on 't' clashes with Turn Unholy (fight.turn_unholy)" in m for m in messages), (
            messages
        )
        assert app.perform(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
        await pilot.press("F")
        await pilot.pause()
        await to_the_attacks(pilot, app)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack's dialog on its usual key")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a" + ".a" * 5000 + ' = "j"', "nested more than 64 levels deep"),
        ('store.undo = "ctrl+p"', "'store.undo' on 'ctrl+p' would take the command palette's key"),
        ('party.damage = "ctrl+q"', "'party.damage' on 'ctrl+q' would take Quit's key"),
        ('app.quit = "ctrl+c"', "'app.quit' on 'ctrl+c' would leave ctrl+q"),
    ],
    ids=["5,000 dotted parts", "the palette's key", "quit's key", "quit moved off its key"],
)
async def test_a_keymap_that_would_cost_the_app_or_its_way_out_is_named(
    tmp_path: Path, text: str, problem: str
) -> None:
    app = with_keymap(tmp_path, text)
    async with app.run_test(size=(120, 24)) as pilot:
        messages = [str(n.message) for n in app._notifications]
        assert any(str(keymap_path()) in m and problem in m for m in messages), messages
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette on its own key")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CommandPalette), "the palette closed")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running, "ctrl+q to quit")


def _read_in_a_child(path: Path) -> str:
    """`read_keymap(path)`'s problem, read in a process of its own held to 256 MB and 20 s: a reader
    that waits for ever, or eats memory without end, fails here rather than taking the test run."""
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (256 << 20, 256 << 20))\n"
        "from pathlib import Path\n"
        "from hammertui.kernel.ui.keymap import read_keymap\n"
        "print(read_keymap(Path(sys.argv[1])))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr[-500:]
    return done.stdout


@pytest.mark.parametrize("kind", ["fifo", "device", "too large"])
def test_a_keymap_that_is_no_plain_file_or_too_large_is_refused_unread(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "keymap.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    else:
        path.write_text('party.damage = "j"\n' + "# a remark\n" * 20_000, encoding="utf-8")
    said = _read_in_a_child(path)
    assert str(path) in said and ("not a regular file" in said or "far too large" in said), said
    assert "the usual keys stand" in said.lower(), said
