"""The Russell House Rules at the table, by keys under the shipped ruleset: rests taken by those who
can and those chosen, each turn's own words, the light relit in one key after a 3, XP and level on
the Party pane and the sheet, and a character dismissed before play and brought back by undo."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, SelectionList, Static

from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.exploration_die.state import die_of
from hammertui.procedures.light_levels.actions import PackLight
from hammertui.procedures.light_levels.state import lights
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.pane import RussellPartyPane
from hammertui.procedures.russell_characters.screens.sheet import RussellSheetScreen
from tests.ui.test_russell_party import ExplorationDieShowsTired
from tests.ui.test_russell_vitals import _palette
from tests.ui.waiting import until


def russell(tmp_path: Path) -> HammerApp:
    """The shipped ruleset's rolled party: Darla, Brannoc, Wenna and Otto Sixfingers."""
    return make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)


def tired(app: HammerApp) -> dict[str, int]:
    return {m.name: people.person(app.store.state, app.store.ruleset, m.id).tired for m in app.store.state.party}


async def test_a_ration_is_shared_among_those_with_water(tmp_path: Path) -> None:
    """ "Characters can recover from one tired pip by taking an exploration turn and sharing around a
    ration (maximum 8 people) ... characters must also have water to drink": Otto, with none, goes
    without; the others share."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(ExplorationDieShowsTired())
        assert app.perform(people.Drop("c4", "waterskin"))
        await _palette(pilot, app, "Share a Ration")
        await until(pilot, lambda: tired(app)["Darla"] == 0, "the Ration shared")
        assert tired(app) == {"Darla": 0, "Brannoc": 0, "Wenna": 0, "Otto Sixfingers": 1}
        said = " ".join(e.text for e in app.store.recent if e.seq == app.store.state.seq)
        assert "Otto Sixfingers has no water to drink" in said


async def test_a_ration_each_is_eaten_by_those_chosen(tmp_path: Path) -> None:
    """ "To recover from weariness, a character must take an exploration turn and consume an entire
    ration themselves": the Wearied are offered, ticked; Wenna is ticked by hand; the rest, Tired,
    keep their Rations."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(ExplorationDieShowsTired())
        for _ in range(2):
            assert app.perform(people.MarkTired("c2"))
        await _palette(pilot, app, "Eat a Ration each")
        await until(pilot, lambda: bool(app.screen.query(SelectionList)), "who eats")
        assert list(app.screen.query_one(SelectionList).selected) == ["c2"], "the Wearied, ticked"
        await pilot.press("down", "down", "space", "enter")
        await until(pilot, lambda: tired(app)["Brannoc"] == 0, "the Rations eaten")
        assert tired(app) == {"Darla": 1, "Brannoc": 0, "Wenna": 0, "Otto Sixfingers": 1}
        rations = {
            m.id: people.gear_of(people.person(app.store.state, app.store.ruleset, m.id), "rations")
            for m in app.store.state.party
        }
        assert (
            rations["c1"] == rations["c4"] == people.gear_of(people.fresh(people.section(app.store.ruleset)), "rations")
        )


async def test_each_turn_has_its_own_words(tmp_path: Path) -> None:
    """ "A turn is not a fixed amount of time, but instead represents the amount of time it takes to
    perform a significant dungeon exploration task": what the party did one turn is not what it does
    the next. A turn passed by a shared Ration is the rest's; the next, taken with e and Enter, is a move."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await until(pilot, lambda: bool(app.screen.query("#doing")), "the turn form")
        await pilot.press("ctrl+a", "ctrl+k", *"pick a lock", "enter")
        await until(pilot, lambda: die_of(app.store.state).turns == 1, "the lock picked")
        assert app.perform(ExplorationDieShowsTired())
        await _palette(pilot, app, "Share a Ration")
        await until(pilot, lambda: die_of(app.store.state).turns == 2, "a turn's rest")
        for turns in (3, 4):
            await pilot.press("e")
            await until(pilot, lambda: bool(app.screen.query("#doing")), "the turn form")
            await pilot.press("enter")
            await until(pilot, lambda turns=turns: die_of(app.store.state).turns == turns, f"turn {turns} taken")
        assert [r.action for r in die_of(app.store.state).rolls] == ["pick a lock", "rest", "move", "move"]


async def test_what_went_out_is_relit_in_one_key(tmp_path: Path) -> None:
    """ "Torches/Candles Depleted: All torches and candles in use go out and are used up. New ones can
    be retrieved and re-lit on the next exploration turn without preventing an action": after a 3,
    L draws each carrier's fresh torch from their own Torches and lights it, one key for them all."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for who in ("c1", "c2"):
            assert app.perform(people.Carry(who, "Torches"))
        assert app.perform(PackLight("c2", "torch"))
        await pilot.press("i")
        await until(pilot, lambda: bool(app.screen.query("#face")), "the turn form, die by hand")
        await pilot.press("3", "enter")
        await until(pilot, lambda: is_dark(app.store.state), "both torches gone out")
        before = app.store.state.seq
        await pilot.press("L")
        await until(pilot, lambda: not is_dark(app.store.state), "the torches relit")
        assert app.store.state.seq == before + 1, "one key, one action"
        lit = sorted(s.carrier for s in lights(app.store.state).sources if s.lit and s.kind == "torch")
        assert lit == ["c1", "c2"]
        said = [e for e in app.store.recent if e.seq == app.store.state.seq]
        assert said[0].text == "Darla lights a fresh torch; Brannoc lights a fresh torch."
        assert len([d for e in said for d in e.dice if d.startswith("Torches usage die")]) == 2, (
            "each carrier's Torches rolled"
        )
        await pilot.press("L")
        await pilot.pause()
        assert app.store.state.seq == before + 1, "nothing went out that is not lit again"


def row(app: HammerApp, character_id: str) -> list[str]:
    return [str(cell) for cell in app.query_one(RussellPartyPane).query_one(DataTable).get_row(character_id)]


async def test_level_and_xp_on_the_party_and_the_sheet(tmp_path: Path) -> None:
    """ "One experience point per one standard coin"; | 2 | 1d6 | 2 | 2 | +1 | 2000 |: the Party pane
    shows each one's level and XP of the next level's, the sheet the XP still to go."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: row(app, "c1")[1:2] == ["1"] and "0/2000" in row(app, "c1"), "level 1, 0 of 2000 XP")
        assert app.perform(people.AwardTreasure(8000, "The Idol"))
        await until(pilot, lambda: "2000/2000" in row(app, "c1"), "2000 XP each")
        app.query_one("#party-table").focus()
        await pilot.press("v")
        await until(pilot, lambda: row(app, "c1")[1] == "2", "Darla at level 2")
        assert "2000/4000" in row(app, "c1") and "2000/2000" in row(app, "c2")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RussellSheetScreen), "Darla's sheet")
        sheet = str(app.screen.query_one("#sheet-left", Static).render())
        assert "Level 2 · XP 2000, 2000 to level 3" in sheet
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0], "back on the dashboard")


async def test_a_character_is_dismissed_before_play_and_undo_brings_them_back(tmp_path: Path) -> None:
    """A new session's four are rolled for the table to play or send home: X dismisses the
    highlighted one, their sheet with them and the torch they held passing to the next; u undoes it."""
    app = russell(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.query_one(RussellPartyPane).query_one(DataTable)
        table.focus()
        await pilot.press("X")
        await until(
            pilot,
            lambda: [m.name for m in app.store.state.party] == ["Brannoc", "Wenna", "Otto Sixfingers"],
            "Darla sent home",
        )
        await until(pilot, lambda: table.row_count == 3, "three on the Party pane")
        assert "c1" not in people.people(app.store.state).people
        assert [s.carrier for s in lights(app.store.state).sources] == ["c2"], "the party's torch stays with it"
        assert [e.text for e in app.store.recent if e.seq == app.store.state.seq] == [
            "Darla leaves the party.",
            "Darla's torch passes to Brannoc.",
        ]
        await pilot.press("u")
        await until(pilot, lambda: len(app.store.state.party) == 4, "Darla back by undo")
        assert [s.carrier for s in lights(app.store.state).sources] == ["c1"]
        await until(pilot, lambda: table.row_count == 4, "four on the Party pane")
