"""The 'Smith at the keyboard: the demo session, time, light, damage, undo, rename."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from hammertui.kernel.session import persist
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.save_problem import SaveProblemScreen
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.state import divining_pool


def demo(tmp_path: Path) -> HammerApp:
    return make_app(tmp_path, seed=7)


async def test_first_run_opens_a_ready_demo_session(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)):
        state = app.store.state
        assert state.session.name == "demo"
        assert state.session.ruleset == "hammercrawl-book3"
        assert len(state.party) == 4
        assert [s.lit for s in light_state.lights(state)].count(True) == 1
        assert (state.dungeon.level, divining_pool(state).challenge_level) == (1, 2)
        assert app.query_one("#party-table", DataTable).row_count == 4
    assert (tmp_path / "demo.toml").exists()


async def test_advancing_time_burns_the_torch(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t", "t")
        assert app.store.state.clock.units == 2
        assert light_state.lights(app.store.state)[0].remaining == 4
        assert "Beat 2" in str(app.query_one("#header").render())
    assert persist.load_state(tmp_path / "demo.toml").clock.units == 2


async def test_the_torch_burning_out_is_announced(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press(*"tttttt")
        assert isinstance(app.screen, ChooseDialog), "the last Beat of light asks first"
        await pilot.press("enter")  # into the dark
        assert is_dark(app.store.state)
        messages = [n.message for n in app._notifications]
        assert any("Darkness" in m for m in messages)
        assert "DARK" in str(app.query_one("#header").render())


async def test_damage_then_undo(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.store.state
        darla = before.party[0]
        await pilot.press("d")
        assert isinstance(app.screen, AmountDialog)
        await pilot.press(*"two", "enter")
        assert isinstance(app.screen, AmountDialog), "a word is not a number"
        assert "not a whole number" in str(app.screen.query_one("#problem").render())
        app.screen.query_one(Input).value = ""
        await pilot.press("2", "enter")
        assert not isinstance(app.screen, AmountDialog)
        assert app.store.state.character(darla.id).hp == darla.hp - 2
        await pilot.press("u")
        assert app.store.state == before
        await pilot.press("ctrl+r")
        assert app.store.state.character(darla.id).hp == darla.hp - 2


async def test_heal_goes_to_the_selected_character(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#party-table")
        await pilot.press("down", "d", "3", "enter")
        second = app.store.state.party[1]
        assert second.hp == second.max_hp - 3
        await pilot.press("h", "1", "enter")
        assert app.store.state.party[1].hp == second.hp + 1


async def test_light_douse_and_hand_over_from_the_light_pane(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#light-table")
        await pilot.press("down", "l")
        assert light_state.lights(app.store.state)[1].lit
        await pilot.press("l")
        assert not light_state.lights(app.store.state)[1].lit
        await pilot.press("g", "enter")
        assert light_state.lights(app.store.state)[1].carrier == app.store.state.party[0].id


async def test_rename_from_the_command_palette(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"Rename session")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        field = app.screen.query_one(Input)
        field.value = "Tomb of Horrors"
        await pilot.press("enter")
        assert app.store.state.session.name == "Tomb of Horrors"


async def test_an_unreadable_save_is_offered_its_backup(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
    snapshot = tmp_path / "demo.toml"
    snapshot.write_text("schema = 1\n[session\n")
    broken = snapshot.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, SaveProblemScreen)
        assert snapshot.read_bytes() == broken
        await pilot.press("b")
        assert app.store is not None
        assert app.store.state.clock.units == 0, "the backup is the state before the last action"
    assert (tmp_path / "demo.toml.unreadable").read_bytes() == broken
    assert persist.load_state(snapshot).session.name == "demo"


async def test_an_unreadable_save_can_start_a_new_session_instead(tmp_path: Path) -> None:
    (tmp_path / "demo.toml").write_text("not toml at all [")
    app = make_app(tmp_path, "demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        assert app.store.state.session.name == "demo-2"
    assert (tmp_path / "demo.toml").read_text() == "not toml at all ["


async def test_a_new_session_that_cannot_be_saved_says_why_and_asks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "demo.toml").write_text("not toml at all [")
    app = make_app(tmp_path, "demo")

    def full_disk(files: persist.SaveFiles, *_: object) -> int:
        raise persist.SaveFailed.of(files.snapshot, OSError(errno.ENOSPC, "No space left on device"))

    async with app.run_test(size=(120, 40)) as pilot:
        monkeypatch.setattr(persist, "save", full_disk)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SaveProblemScreen), "the choice is offered again"
        assert any("No space left on device" in str(n.message) for n in app._notifications)
        monkeypatch.undo()
        await pilot.press("n")
        assert app.store.state.session.name == "demo-2"
    assert (tmp_path / "demo.toml").read_text() == "not toml at all ["


async def test_a_new_session_beside_the_longest_name_is_cut_to_fit(tmp_path: Path) -> None:
    from hammertui.kernel.session.names import MAX_NAME_BYTES

    name = "\U0001d400" * (MAX_NAME_BYTES // 4) + "abc"[: MAX_NAME_BYTES % 4]
    assert len(name.encode()) == MAX_NAME_BYTES
    (tmp_path / f"{name}.toml").write_text("not toml at all [")
    app = make_app(tmp_path, name)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        assert app.store.state.session.name == name[:-2] + "-2"
        app.store.dispatch(AdvanceTime(1))
    assert (tmp_path / f"{name[:-2]}-2.toml.bak").is_file()


@pytest.mark.parametrize("name", ["../escape", "a/b", "", "."])
def test_session_names_that_are_not_file_names_are_refused(tmp_path: Path, name: str) -> None:
    from hammertui.kernel.session.sessions import BadSessionName

    with pytest.raises(BadSessionName):
        make_app(tmp_path, name or " ")


def words_on(screen: object) -> str:
    """Every label a dialog shows, in one string."""
    from textual.widgets import Label

    return " ".join(str(label.render()) for label in screen.query(Label))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("ruleset_id", "key"), [("hammercrawl-book3", "V"), ("russell-house-rules", "c")])
async def test_a_party_key_brings_the_arrows_back_to_the_party(tmp_path: Path, ruleset_id: str, key: str) -> None:
    """The Timekeeper tabs to the Light pane, then deals damage (to the character the party pane
    shows chosen); `end` then goes to the last character, and the next party key acts on them."""
    from hammertui.kernel.ui.party import PartyPane
    from tests.ui.waiting import until

    app = make_app(tmp_path, seed=7, ruleset_id=ruleset_id)
    async with app.run_test(size=(120, 40)) as pilot:
        party = app.query_one(PartyPane)
        await pilot.press("tab")
        await until(pilot, lambda: not party.has_focus_within, "the Light pane focused")
        await pilot.press("d")
        first = app.store.state.party[0].name
        await until(pilot, lambda: len(app.screen_stack) > 1 and first in words_on(app.screen), f"damage to {first}")
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the dialog closed")
        await pilot.press("end", key)
        last = app.store.state.party[-1].name
        await until(
            pilot, lambda: len(app.screen_stack) > 1 and last in words_on(app.screen), f"{key} asking about {last}"
        )


async def test_light_keys_leave_the_arrows_on_the_light_pane(tmp_path: Path) -> None:
    """Handing a torch over keeps the Light pane focused: `down` then moves to the next source."""
    from hammertui.procedures.burn_down.pane import LightPane
    from tests.ui.waiting import until

    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        light = app.query_one(LightPane)
        await pilot.press("tab", "g")
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the hand-over dialog")
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the dialog closed")
        await pilot.press("down")
        await until(
            pilot, lambda: light.selected_id == light_state.lights(app.store.state)[1].id, "the second source chosen"
        )
        assert light.has_focus_within
