"""Saves and skills by keys on the dashboard under the shipped Russell House Rules, for the
highlighted character: a save with its target said first, a Just-in-Time skill declared, a skill
test that marks it, no skill in the dark, and a week of practice once a level allows a higher rank."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.procedures.light_levels import state as light_levels_state
from hammertui.procedures.light_levels.actions import DouseLight
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import checks
from hammertui.procedures.russell_characters.dialogs.check import PractiseDialog, RussellSaveDialog, RussellSkillDialog
from tests.ui.waiting import until


def _climbing(app: object) -> people.Skill | None:
    store = app.store  # type: ignore[attr-defined]
    return checks.skill_of(people.person(store.state, store.ruleset, "c1"), "Climbing")


async def test_saves_and_skills_by_keys(tmp_path: Path) -> None:
    """ "roll equal to or lower than the ability score on a D20"; "roll 1d6 and add your relevant
    skill - if the result is six or higher, it succeeds"; "Every time you use a skill, successful or
    not, put a check mark next to it"; in the dark "No skill rolls can be attempted"."""
    app = make_app(tmp_path / "saves", "russell", ruleset_id="russell-house-rules", seed=3)
    async with app.run_test(size=(140, 44)) as pilot:
        dashboard = app.screen
        app.query_one("#party-table").focus()
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, RussellSaveDialog), "the save dialog")
        darla = app.store.state.character("c1")
        preview = str(app.screen.query_one("#preview", Label).content)
        assert preview == f"STR {darla.stats['STR']} or under on 1d20.", preview
        assert "Skills 0/" in str(app.screen.query_one(Label).content), "the skill slots shown"
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is dashboard, "the save rolled")
        assert app.store.recent[-1].text.startswith(f"Darla saves on STR, {darla.stats['STR']} or under: ")
        assert app.store.recent[-1].dice[0].startswith("1d20")

        await pilot.press("J")
        await until(pilot, lambda: isinstance(app.screen, TextDialog), "the Just-in-Time dialog")
        await pilot.press(*"Climbing", "enter")
        await until(pilot, lambda: _climbing(app) == people.Skill("Climbing"), "Climbing declared at rank 1")

        for used in (1, 2, 3):
            await pilot.press("k")
            await until(pilot, lambda: isinstance(app.screen, RussellSkillDialog), "the skill dialog")
            assert "1d6 + 1 (Climbing), 6 or more" in str(app.screen.query_one("#preview", Label).content)
            await pilot.press("enter")
            await until(
                pilot, lambda used=used: app.screen is dashboard and _climbing(app).marks == used, f"check mark {used}"
            )
        assert app.store.recent[-1].text.startswith("Darla tests Climbing 1, 6 or more: ")

        await pilot.press("I")
        await until(
            pilot,
            lambda: any("room to rise" in str(n.message) for n in app._notifications),
            "no practice past the level",
        )
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query("#text"), "what was brought back")
        await pilot.press("ctrl+a", "ctrl+k", *"Hoard", "enter")
        await until(pilot, lambda: app.screen.query("#amount"), "its worth")
        await pilot.press(*"8000", "enter")
        await until(pilot, lambda: app.store.state.character("c1").xp == 2000, "the treasure's XP shared")
        await pilot.press("v")
        await until(pilot, lambda: app.store.state.character("c1").level == 2, "Darla at level 2")
        await pilot.press("I")
        await until(pilot, lambda: isinstance(app.screen, PractiseDialog), "the practice dialog")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is dashboard and _climbing(app).marks == 0, "a week of practice")
        assert "Darla practises Climbing for a week" in app.store.recent[-1].text

        torch = light_levels_state.lights(app.store.state).sources[0]
        assert app.perform(DouseLight(torch.id))
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, RussellSkillDialog), "the skill dialog in the dark")
        assert "no skill rolls can be attempted in the dark (Light: Dark)" in str(
            app.screen.query_one("#preview", Label).content
        )
        seq = app.store.state.seq
        await pilot.press("enter")
        await until(
            pilot,
            lambda: "Light: Dark" in str(app.screen.query_one("#problem", Label).content),
            "refused in the dialog",
        )
        assert app.store.state.seq == seq
