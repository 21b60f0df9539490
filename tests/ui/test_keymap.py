"""The 'Smith's own keys from a keymap file: a command moved by its binding id, and a broken file
named with its problem while the usual keys stand."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.ui.app import HammerApp, make_app
from hammertui.ui.dialogs.amount import AmountDialog
from hammertui.ui.dialogs.foes import FoesDialog
from hammertui.ui.keymap import keymap_path
from tests.ui.test_footer import bottom_row


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


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('party.damage = "j', "not a keymap"),
        ('party.damgae = "j"', "'party.damgae' is no command's id"),
        ("party.damage = 7", "party.damage should be a key"),
        ('party.damage = ""', "party.damage should be a key"),
    ],
    ids=["bad toml", "unknown id", "not a string", "empty"],
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
