"""A session explored by the exploration die, by keys: the die through all six faces, an
encounter's surprise and reaction shown, the pace, a ticking clock, then saved and reopened."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Digits, Static

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.divining_pool.pane import DiviningPane
from hammertui.procedures.exploration_die.pane import COMMANDS, ExplorationDiePane
from hammertui.procedures.exploration_die.state import die_of
from tests.exploration_die_ruleset import write
from tests.ui.waiting import until


def shown(app: HammerApp, widget_id: str) -> str:
    return str(app.query_one(widget_id, Static).render())


async def by_hand(pilot: Pilot, app: HammerApp, face: int) -> None:
    """A turn with the die typed in as rolled at the table."""
    turns = die_of(app.store.state).turns
    await pilot.press("i")
    await until(pilot, lambda: app.screen.query("#face"), "the turn form, die by hand")
    await pilot.press(*str(face), "enter")
    await until(pilot, lambda: die_of(app.store.state).turns == turns + 1, f"a turn with a {face}")


async def test_a_session_under_the_exploration_die(tmp_path: Path) -> None:
    rules = write(tmp_path)
    saves = tmp_path / "saves"
    app = make_app(saves, "the-die", ruleset_id=str(rules), seed=3)
    async with app.run_test(size=(140, 44)) as pilot:
        assert not app.query(DiviningPane), "no Divining Pool is drawn"
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Take a turn", "Take a turn, die by hand", "Toggle the pace", "Add a ticking clock"} <= set(titles)
        assert "Build the Divining Pool" not in titles

        await pilot.press("e")
        await until(pilot, lambda: app.screen.query("#doing"), "the turn form")
        await pilot.press("ctrl+a", "ctrl+k", *"pick a lock", "enter")
        await until(pilot, lambda: die_of(app.store.state).turns == 1, "a turn rolled by the app")
        first = die_of(app.store.state).latest
        assert first is not None and first.action == "pick a lock" and not first.by_hand
        assert app.store.state.clock.units == 1

        await pilot.press("K")
        await until(pilot, lambda: app.screen.query("#clock-name"), "the clock form")
        await pilot.press(*"The ritual", "tab", "2", "enter")
        await until(pilot, lambda: len(die_of(app.store.state).clocks) == 1, "a ticking clock")
        await pilot.press("P")
        await until(pilot, lambda: die_of(app.store.state).pace == "hoofing_it", "hoofing it")

        for face in (2, 3, 4, 5, 6, 1):
            await by_hand(pilot, app, face)
            assert app.query_one("#die-face", Digits).value == str(face)
        die = die_of(app.store.state)
        assert [r.result for r in die.rolls[-6:]] == [
            "sign",
            "torches_depleted",
            "lantern_pip",
            "magic_dissipates",
            "tired",
            "encounter",
        ]
        assert all(r.by_hand and r.action == "move" for r in die.rolls[-6:]), (
            "each turn's words its own, a move unless typed"
        )
        assert die.turns == 7 and app.store.state.clock.units == 7
        assert die.clocks[0].marks == 1, "Magic Dissipates ticked the ritual down"

        met = die.latest.encounter
        assert met is not None
        latest = shown(app, "#die-latest")
        assert latest.startswith("Random Encounter\nmove\n")
        assert f"reaction {met.reaction} ({met.reaction_total})" in latest
        state_line = shown(app, "#die-state")
        assert "Pace: Hoofing it (2x speed, surprised on 2 in 6, no mapping)" in state_line
        assert "Clock: The ritual, 1 mark" in state_line
        rolls = shown(app, "#die-rolls").splitlines()
        assert rolls[0].split() == ["6", "6*", "Tired", "·", "move"]
        assert rolls[-1].split()[-3:] == ["pick", "a", "lock"], "the first turn's words, its own"
        assert len(rolls) == 6
        assert app.query_one(ExplorationDiePane).border_subtitle == "Turn 7", "the clock's turn, as the header has it"
        assert any(e.text.startswith("Reaction: ") for e in app.store.recent)
    state = app.store.state
    again = make_app(saves, "the-die", ruleset_id=str(rules))
    assert again.store is not None and again.store.state == state
    assert "[slices.exploration_die]" in (saves / "the-die.toml").read_text()


def test_every_command_is_in_the_palette() -> None:
    """A palette title and help for each, and a key for all but removing a clock."""
    assert all(c.title and c.help for c in COMMANDS)
    assert [c.key for c in COMMANDS] == ["e", "i", "P", "K", None]
