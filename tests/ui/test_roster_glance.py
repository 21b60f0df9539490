"""The roster read at a glance: HP coloured by how hurt each one is, and Down, Dying and Dead whole
even at 80 columns with four-figure XP."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.widgets import DataTable

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.state import Death
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.kernel.ui.party import HP_STYLE
from hammertui.procedures.hammercrawl_classes.state import sheet_changed


def hurt_party_app(tmp_path: Path) -> HammerApp:
    """Darla dying, Brannoc down and laid down, Wenna dead, Otto under a third with temporary HP;
    levels in two figures and XP in five."""
    made = sessions.create(tmp_path, "demo", load_ruleset("hammercrawl-book3"), seed=7)
    darla, brannoc, wenna, otto = made.state.party
    party = (
        attrs.evolve(darla, hp=0, status="down", xp=12500, level=10),
        attrs.evolve(brannoc, hp=0, status="down", xp=13400),
        attrs.evolve(wenna, hp=0, status="dead", death=Death(0, "a pit"), xp=10850),
        attrs.evolve(otto, hp=2, max_hp=10, temp_hp=5, xp=20000),
    )
    state = sheet_changed(attrs.evolve(made.state, party=party), brannoc.id, stance="lay_down")
    return HammerApp(Store(state, made.ruleset, made.files, made.recent))


def screen_rows(app: HammerApp) -> list[str]:
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("width", [80, 120])
async def test_down_dying_and_dead_read_whole(tmp_path: Path, width: int) -> None:
    app = hurt_party_app(tmp_path)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        rows = screen_rows(app)
        for name, word in (("Darla", "Dying"), ("Brann", "Down"), ("Wenna", "Dead")):
            (row,) = [r for r in rows if r.lstrip("│┃ ").startswith(name)]
            party_pane = row[: row.index("┃", 2)]  # the focused pane's heavy border
            assert f" {word} " in party_pane + " ", f"{word!r} whole in {party_pane!r}"


def hp_styles(app: HammerApp) -> list[str]:
    table = app.query_one("#party-table", DataTable)
    return [str(table.get_row(m.id)[2].style) for m in app.store.state.party]


async def test_hit_points_at_none_and_under_a_third_stand_out(tmp_path: Path) -> None:
    app = hurt_party_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert hp_styles(app) == [HP_STYLE["zero"], HP_STYLE["zero"], "dim", HP_STYLE["low"]], "the dead are dimmed"


async def test_a_wound_turns_full_hit_points_to_wounded(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert hp_styles(app) == [HP_STYLE["full"]] * 4
        await pilot.press("end", "d", "2", "enter")  # Otto, 8 HP: 6 left
        await pilot.pause()
        assert hp_styles(app)[-1] == HP_STYLE["wounded"]
