"""Every part but the characters may be left out ("none"): a ruleset doing without exploring,
camping, light or fighting loads, holding none of that part's sections, and a session played by it
opens, passes time and rolls a check with nothing of the part drawn or offered."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import check_ruleset_file, load_ruleset
from hammertui.kernel.session import procedures as seam
from hammertui.kernel.ui.app import make_app
from hammertui.procedures.divining_pool import pane as pool
from hammertui.procedures.divining_pool.pane import DiviningPane
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from hammertui.procedures.sides_and_phases import pane as fight
from hammertui.procedures.sides_and_phases.pane import CombatPane
from tests.ui.waiting import until

LEFT_OUT = {
    "explore": ({"explore": "none", "camp": "none"}, ("divining", "explore", "search", "camp")),
    "camp": ({"camp": "none"}, ("camp",)),
    "light": ({"light": "none"}, ("light",)),
    "fight": ({"fight": "none"}, ()),
}
"""For each part, what a ruleset extending the complete rules names to do without it (the camp goes
with the Divining Pool it plays by) and the sections it drops: its classes read `[combat]` (armour
class, attack stats and ranks) with or without a fight procedure, so it stays."""

KIT = "[kit]  # the complete rules' kit holds a torch, a source of the [light] dropped\n_replace = true\nrations = 3\n"


def without(folder: Path, *parts: str) -> Path:
    """The complete rules without `parts`, written to `folder`."""
    chosen = {key: value for part in parts for key, value in LEFT_OUT[part][0].items()}
    dropped = dict.fromkeys(section for part in parts for section in LEFT_OUT[part][1])
    lines = ['extends = "hammercrawl"', f'name = "The complete rules without {" or ".join(parts)}"', "", "[procedures]"]
    lines += [f'{key} = "{value}"' for key, value in chosen.items()]
    lines += ["", *(f"[{section}]\n_replace = true\n" for section in dropped), *([KIT] if "light" in parts else [])]
    path = folder / f"without-{'-'.join(parts)}.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("part", sorted(LEFT_OUT))
def test_a_ruleset_doing_without_a_part_loads(tmp_path: Path, part: str) -> None:
    ruleset = load_ruleset(without(tmp_path, part))
    assert ruleset.procedures[part] == "none"
    assert list(ruleset.sections) == [
        s for s in ("light", "divining", "explore", "camp", "search", "combat") if s not in LEFT_OUT[part][1]
    ]
    assert all(getattr(ruleset, section) is None for section in LEFT_OUT[part][1])


def test_every_optional_part_left_out_at_once_loads(tmp_path: Path) -> None:
    ruleset = load_ruleset(without(tmp_path, *sorted(LEFT_OUT)))
    assert [ruleset.procedures[part] for part in sorted(LEFT_OUT)] == ["none"] * 4
    assert list(ruleset.sections) == ["combat"]


def test_a_part_left_out_keeping_its_section_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "kept.toml"
    path.write_text('extends = "hammercrawl"\nname = "Kept"\n[procedures]\nlight = "none"\n', encoding="utf-8")
    problems = check_ruleset_file(path)
    expected = (
        "light: read by no procedure of this ruleset (a section of another way of playing);"
        " expected it dropped with `_replace = true` alone"
    )
    assert any(p.endswith(expected) for p in problems), problems


async def test_a_session_without_exploring_or_fighting_passes_time_and_rolls_a_check(tmp_path: Path) -> None:
    rules = without(tmp_path, "explore", "fight")
    app = make_app(tmp_path / "saves", "quiet", ruleset_id=str(rules), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.store is not None
        assert not app.query(DiviningPane) and not app.query(CombatPane), "no pane of a part left out"
        titles = {c.title for c in app.get_system_commands(app.screen)}
        left_out = [c.words(app.store.state, app.store.ruleset)[0] for c in (*pool.COMMANDS, *fight.COMMANDS)]
        assert titles and not titles & set(left_out), "none of the keys of a part left out"
        state = app.store.state
        assert not seam.fight_under_way(state) and seam.held_surprise(state) == ""
        assert seam.surprise_odds(state, app.store.ruleset) is None
        await pilot.press("t")
        await until(pilot, lambda: app.store.state.clock.units == 1, "a turn passed")
        await pilot.press("s")
        await until(
            pilot, lambda: isinstance(app.screen, CheckDialog) and app.screen.focused is not None, "the check dialog"
        )
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, CheckDialog), "the roll closing the dialog")
        assert app.store.recent[-1].action in ("save", "check")
        await pilot.press("e", "b", "c", "F")
        assert app.screen is app.screen_stack[0], "no room to explore, pool to build, camp to make or fight to start"
        assert app.store.state.clock.units == 1
    again = make_app(tmp_path / "saves", "quiet", ruleset_id=str(rules))
    assert again.store is not None and again.store.state == app.store.state
