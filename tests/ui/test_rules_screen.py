"""The Rules screen: every decision in force, from the palette, with the words it interprets."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.command import CommandList
from textual.widgets import DataTable, Static

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.decisions import RulesScreen
from hammertui.kernel.ui.rulings import Rulings, ruling_line, ruling_titles, rulings_text
from hammertui.procedures.burn_down import pane as light
from hammertui.procedures.divining_pool.dialogs.room_xp import RoomXPDialog
from hammertui.procedures.divining_pool.rules.explore import RoomXP
from tests.ui.test_party import demo, plain
from tests.ui.waiting import until

AWARD = RoomXP(base=1, multiplier="1", amount=1, explanation="1 room = 1; x1 (dungeon tier 1, party tier 1) = 1 each")


async def open_rules(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    """The palette, "Rules", Enter: as a 'Smith would ask for them."""
    await pilot.press("ctrl+p", *"Rules")

    def offered() -> bool:
        found = app.screen.query(CommandList)
        return (
            bool(found)
            and found.first().option_count > 0
            and "Rules" in str(found.first().get_option_at_index(0).prompt)
        )

    await until(pilot, offered, "the palette offering Rules")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the Rules screen")


async def test_every_decision_in_force_is_listed(tmp_path: Path, b3: Ruleset) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_rules(pilot, app)
        table = app.screen.query_one(DataTable)
        assert [key.value for key in table.rows] == list(b3.decisions)
        assert "turn_unholy_table" in b3.decisions, "Book Three's own decisions are there"
        assert "room_xp" in b3.decisions, "and those it inherits from the complete rules"


async def test_the_highlighted_ruling_shows_the_words_it_reads(tmp_path: Path, b3: Ruleset) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_rules(pilot, app)
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=list(b3.decisions).index("room_xp"))
        await pilot.pause()
        shown = " ".join(plain(app.screen.query_one("#ruling", Static)).split())
        decision = b3.decisions["room_xp"]
        assert " ".join(decision.quote.split()) in shown
        assert decision.source in shown
        assert f"Decided: {decision.text}" in shown
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, RulesScreen), "the dashboard again")


def test_every_shipped_decision_quotes_its_text(hc: Ruleset, b3: Ruleset) -> None:
    for ruleset in (hc, b3):
        unquoted = [topic for topic, d in ruleset.decisions.items() if not (d.quote and d.source)]
        assert not unquoted, f"{ruleset.id}: no quote or source for {unquoted}"


def test_a_ruling_line_names_the_decision(hc: Ruleset) -> None:
    line = ruling_line(hc, "lantern_refill")
    assert line is not None
    assert line.plain == f"Ruling ({hc.decisions['lantern_refill'].title}): {hc.decisions['lantern_refill'].text}"
    assert ruling_line(hc, "no_such_thing") is None


async def test_the_dialogs_where_a_decision_applies_name_it(tmp_path: Path, b3: Ruleset) -> None:
    """The room XP award and a light's correction each carry their ruling in a line."""
    app = demo(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for open_dialog, topic in (
            (lambda: app.push_screen(RoomXPDialog(1, AWARD, ["Darla"])), "room_xp"),
            (lambda: light.correct(app), "light_correction"),
        ):
            open_dialog()
            await until(pilot, lambda: bool(app.screen.query(Rulings)), f"the dialog of {topic}")
            shown = " ".join(plain(app.screen.query_one(Rulings)).split())
            assert f"Ruling ({b3.decisions[topic].title}): {b3.decisions[topic].text}" in shown
            await pilot.press("escape")


def test_a_ruleset_without_the_decision_draws_no_ruling(hc: Ruleset) -> None:
    bare = attrs.evolve(hc, decisions={})
    assert rulings_text(bare, ("room_xp",)).plain == ""
    assert ruling_titles(bare, ("room_xp",)).plain == ""
    assert (
        ruling_titles(hc, ("room_xp", "camp_watch")).plain
        == "Rulings: Room XP · Stand Watch (in full on the Rules screen)\n"
    )
