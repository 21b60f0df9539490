"""The characters seam, proven on a ruleset with nothing of the complete rules' characters: abilities
rated 1 to 6, no classes, saves, tiers, kit or party roles, and HP counted below 0 while dying.

The stub (`tests/stub_characters/`) is registered from outside hammertui as hammertui's own
procedures are, and a ruleset standing alone names it.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from rich.table import Table
from textual.widgets import DataTable

import tests.stub_characters
from hammertui.kernel.rules import procedures
from hammertui.kernel.ruleset import check_ruleset_file, load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.player_view import player_view
from hammertui.kernel.session.vitals import ApplyDamage, settle
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.player_view import PlayerApp
from hammertui.kernel.ui.player_view import party as party_table
from tests.stub_characters.pane import BY_NAME
from tests.stub_characters.state import NAME, Roster
from tests.ui.test_hostile_text import screen_text
from tests.ui.waiting import until

RULESET = """\
id = "small-scale"
format = 1
name = "Abilities rated 1 to 6"

[procedures]
explore = "none"
camp = "none"
light = "burn_down"
characters = "stub_roster"
fight = "none"

[modifier_dice]
mode = "advantage"

[time]
unit = "turn"
unit_plural = "turns"
minutes_per_unit = 10
seconds_per_round = 3
rounds_per_unit = 200

[stats]
names = ["Body", "Nerve", "Wits", "Grit", "Luck", "Charm"]
range = [1, 6]

[light.sources.torch]
name = "Torch"
duration = 6

[light.sources.lantern]
name = "Lantern"
duration = 24
refuel = "oil flask"
"""


@pytest.fixture
def small_scale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stub registered for this test alone; the registry is put back as it was afterwards."""
    monkeypatch.setattr(procedures, "_REGISTRY", dict(procedures._known()))
    procedures.register(tests.stub_characters.PROCEDURE)
    path = tmp_path / "small-scale.toml"
    path.write_text(RULESET, encoding="utf-8")
    return path


def test_the_ruleset_passes_its_check(small_scale: Path) -> None:
    assert check_ruleset_file(small_scale) == []
    ruleset = load_ruleset(small_scale)
    assert ruleset.procedures["characters"] == NAME and not ruleset.classes and ruleset.save_rules is None


def test_a_character_dying_below_0_hp_saves_and_reopens(small_scale: Path, tmp_path: Path) -> None:
    """Scores of 1 and 2 and HP under 0 are what these rules hold: the session reopens as it was."""
    app = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    assert app.store is not None
    party = app.store.state.party
    assert all(1 <= score <= 6 for m in party for score in m.stats.values()) and len(party) == 4
    app.store.dispatch(ApplyDamage(party[1].id, party[1].hp + 3))
    state = app.store.state
    assert state.party[1].hp == -3 and state.party[1].status == "down"
    assert state.slices[NAME] == Roster({m.id: int(m.id == party[1].id) for m in party})
    again = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale))
    assert again.store is not None and again.store.state == state


def test_hp_below_0_is_still_refused_where_the_characters_never_go_there(tmp_path: Path) -> None:
    """The complete rules stop HP at 0: a save holding -1 is refused by the field."""
    make_app(tmp_path / "saves", "Tuesday", "hammercrawl", seed=3)
    files = persist.SaveFiles(tmp_path / "saves", "Tuesday")
    text = files.snapshot.read_text()
    start = text.index("\nhp = ") + len("\nhp = ")
    files.snapshot.write_text(text[:start] + "-1" + text[text.index("\n", start) :])
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, load_ruleset)
    first = refused.value.problems[0]
    assert first.startswith("party[0] (") and ").hp: -1 of " in first and first.endswith(" is not possible")


def test_the_player_view_shows_what_the_characters_procedure_shows_of_each(small_scale: Path, tmp_path: Path) -> None:
    """The Wounds the stub keeps reach the players beside the HP band; no class, a level."""
    app = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    assert app.store is not None
    bo = app.store.state.party[1]
    app.store.dispatch(ApplyDamage(bo.id, bo.hp + 3))
    view = player_view(app.store.state, app.store.ruleset, [])
    assert [(m.name, m.what, m.band, m.more) for m in view.party] == [
        ("Ana", "Level 1", "Healthy", ""),
        ("Bo", "Level 1", "Down", "1 Wound"),
        ("Cy", "Level 1", "Healthy", ""),
        ("Di", "Level 1", "Healthy", ""),
    ]
    table = party_table(view)
    assert isinstance(table, Table)
    assert view.what == "Level" and table.columns[1].header == "Level", "no class held: the column is the level's"
    assert table.columns[-1].header == "" and [str(c) for c in table.columns[-1].cells] == ["", "1 Wound", "", ""]


def test_one_gone_down_is_told_in_their_own_rules_words(small_scale: Path, tmp_path: Path) -> None:
    """The complete rules' Lay Down or Fight On is theirs: a character of other rules going down is
    said to be down, or in the words their procedure gives."""
    app = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    assert app.store is not None
    state = app.store.state
    member = state.party[0]
    down = attrs.evolve(member, hp=-1, status="down")
    said = [e.text for e in settle(state, member, down, "", ApplyDamage(member.id, 9))[1]]
    assert said == [f"{member.name} is down."]
    own = settle(state, member, down, "", ApplyDamage(member.id, 9), "is dying: First Aid, quick.")[1]
    assert [e.text for e in own] == [f"{member.name} is dying: First Aid, quick."]


def _first_level_set(files: persist.SaveFiles, level: int) -> None:
    """The first character's level set to `level` in the save, by hand."""
    text = files.snapshot.read_text()
    start = text.index("\nlevel = ", text.index("[[party]]")) + len("\nlevel = ")
    files.snapshot.write_text(text[:start] + str(level) + text[text.index("\n", start) :])


def test_a_level_past_fifteen_opens_where_the_rules_cap_none(small_scale: Path, tmp_path: Path) -> None:
    """Without `[advancement]` no level is the last: a character of level 20 reopens."""
    make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    files = persist.SaveFiles(tmp_path / "saves", "small")
    _first_level_set(files, 20)
    assert sessions.open_files(files, load_ruleset).state.party[0].level == 20


@pytest.mark.parametrize(("level", "problem"), [(16, ".level: 16 is outside 1-15"), (0, ".level: 0 is below 1")])
def test_a_level_past_the_rulesets_last_or_below_1_is_refused(tmp_path: Path, level: int, problem: str) -> None:
    """The complete rules' `[advancement] max_level` of 15 is their last level."""
    make_app(tmp_path / "saves", "Tuesday", "hammercrawl", seed=3)
    files = persist.SaveFiles(tmp_path / "saves", "Tuesday")
    _first_level_set(files, level)
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, load_ruleset)
    assert refused.value.problems[0].startswith("party[0] (") and refused.value.problems[0].endswith(problem)


def _first_score_set(files: persist.SaveFiles, score: int) -> None:
    """The first character's first ability set to `score` in the save, by hand."""
    text = files.snapshot.read_text()
    start = text.index("\nBody = ") + len("\nBody = ")
    files.snapshot.write_text(text[:start] + str(score) + text[text.index("\n", start) :])


@pytest.mark.parametrize("score", [1, 6])
def test_a_score_on_the_rulesets_scale_opens(small_scale: Path, tmp_path: Path, score: int) -> None:
    make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    files = persist.SaveFiles(tmp_path / "saves", "small")
    _first_score_set(files, score)
    assert sessions.open_files(files, load_ruleset).state.party[0].stats["Body"] == score


@pytest.mark.parametrize("score", [0, 7])
def test_a_score_beyond_the_rulesets_scale_is_refused_by_its_field(
    small_scale: Path, tmp_path: Path, score: int
) -> None:
    make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    files = persist.SaveFiles(tmp_path / "saves", "small")
    _first_score_set(files, score)
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, load_ruleset)
    assert refused.value.problems == [f"party[0] (Ana).stats.Body: {score} is outside 1-6"]


async def test_damage_by_name_is_offered_in_the_words_of_the_rules_that_deal_it(
    small_scale: Path, tmp_path: Path
) -> None:
    """The palette's `Damage Ana` reads as the stub's command says, not as the complete rules'
    temporary HP; the roster shows each character's Wounds at 80x24."""
    app = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    async with app.run_test(size=(80, 24)):
        offered = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert offered["Damage Ana"] == BY_NAME
        assert not any("temporary HP" in words for words in offered.values())
        table = app.query_one("#party-table", DataTable)
        assert [str(c.label) for c in table.ordered_columns] == ["Name", "Lv", "HP", "AC", "Wounds", "Status"]


def test_the_player_view_heads_a_classed_party_by_class(tmp_path: Path) -> None:
    store = make_app(tmp_path / "saves", "Tuesday", "hammercrawl", seed=3).store
    assert store is not None
    view = player_view(store.state, store.ruleset, [])
    table = party_table(view)
    assert isinstance(table, Table) and view.what == table.columns[1].header == "Class"


async def test_the_complete_rules_offer_damage_by_name_as_before(tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", "Tuesday", "hammercrawl", seed=3)
    async with app.run_test(size=(120, 40)):
        assert app.store is not None
        name = app.store.state.party[0].name
        offered = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert offered[f"Damage {name}"] == "Apply damage (temporary HP first)"


def test_a_new_session_of_rules_without_difficulty_modes_names_none(small_scale: Path, tmp_path: Path) -> None:
    """The complete rules' modes are theirs: a ruleset with none says no mode in its first line."""
    first = sessions.new_state("small", load_ruleset(small_scale), seed=5)[1][0].text
    assert first == "New session small (Abilities rated 1 to 6, seed 5)."
    classic = sessions.new_state("Tuesday", load_ruleset("hammercrawl"), seed=3)[1][0].text
    assert classic == "New session Tuesday (HAMMERCRAWL! Complete Rules, adventure mode, seed 3)."


async def test_the_roster_says_who_is_down_in_the_procedures_words(small_scale: Path, tmp_path: Path) -> None:
    app = make_app(tmp_path / "saves", "small", ruleset_id=str(small_scale), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.store is not None
        bo = app.store.state.party[1]
        app.perform(ApplyDamage(bo.id, bo.hp + 3))
        await pilot.pause()
        assert str(app.query_one("#party").border_subtitle) == "3 standing · 1 dying"


def test_a_mode_asked_of_rules_without_modes_is_refused_in_no_others_words(small_scale: Path) -> None:
    with pytest.raises(sessions.BadDifficulty) as refused:
        sessions.new_state("small", load_ruleset(small_scale), seed=5, difficulty="hardcore")
    assert str(refused.value) == "Abilities rated 1 to 6 has no difficulty modes"


async def test_the_players_page_draws_the_wounds_under_a_level_heading(small_scale: Path, tmp_path: Path) -> None:
    """Through the page the table sees: the stub's Wounds beside the band, the column headed Level."""
    store = sessions.create(tmp_path, "small", load_ruleset(small_scale), seed=5)
    bo = store.state.party[1]
    store.dispatch(ApplyDamage(bo.id, bo.hp + 3))
    app = PlayerApp(persist.SaveFiles(tmp_path, "small"), load_ruleset)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.view is not None, "the first look")
        await pilot.pause()
        page = screen_text(app)
        assert "1 Wound" in page and "Level" in page and "Class" not in page
    assert app.return_code in (None, 0)


def test_a_ruleset_naming_no_stat_for_a_role_its_characters_read_is_refused(tmp_path: Path) -> None:
    """The Russell characters read the constitution: renamed away with no role given, the check says
    so by the key, instead of a session failing on a stat the ruleset does not have."""
    path = tmp_path / "hale.toml"
    path.write_text(
        'extends = "russell-house-rules"\nname = "Hale"\n[stats]\nnames = ["STR", "DEX", "HAL", "INT", "WIS", "CHA"]\n'
        '[stats.full_names]\n_replace = true\n[individual_initiative.bleeding_out]\nstat = "HAL"\n',
        encoding="utf-8",
    )
    assert check_ruleset_file(path) == [
        f"{path}: stats.roles.constitution: russell_characters reads the constitution: expected one of the stats"
        ' STR, DEX, HAL, INT, WIS, CHA given it, got none ("CON" is not one)'
    ]
    path.write_text(path.read_text().replace("[stats.full", 'roles = { constitution = "HAL" }\n[stats.full'))
    assert check_ruleset_file(path) == []


def test_characters_that_read_no_role_need_none_of_the_complete_rules_stats(small_scale: Path) -> None:
    assert tests.stub_characters.PROCEDURE.roles == () and check_ruleset_file(small_scale) == []
