"""The session's report: its numbers against a scripted evening whose rooms, fights, death and
loot are known, a report for every shipped ruleset with its procedures' sections, and no report at
all for a session that cannot be read."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import attrs
import pytest

from hammertui.cli import main
from hammertui.kernel.ruleset import Ruleset, list_rulesets, load_ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.actions import AdvanceTime
from hammertui.kernel.session.loot import AddLoot, GiveLoot, RemoveLoot
from hammertui.kernel.session.report import Report
from hammertui.kernel.session.report.common import overview
from hammertui.kernel.session.report.files import report_of, write_report
from hammertui.kernel.session.report.render import html, markdown
from hammertui.kernel.session.state import State, replace_member
from hammertui.kernel.session.store import Store
from hammertui.procedures.divining_pool.actions.town import ReturnToTown
from hammertui.procedures.exploration_die.actions import TakeTurn
from hammertui.procedures.hammercrawl_classes.actions.advancement import AwardXP, LevelUp
from hammertui.procedures.individual_initiative import actions as initiative
from hammertui.procedures.sides_and_phases.actions import EndFight, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from evening import evening_session  # noqa: E402


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return evening_session(tmp_path_factory.mktemp("evening"))


@pytest.fixture(scope="module")
def report(evening: Store) -> Report:
    assert evening.files is not None
    return report_of(evening.files, load_ruleset)


def rows(report: Report, title: str) -> tuple[tuple[str, ...], ...]:
    return report.section(title).tables[0].rows


def test_the_rooms_their_pools_rolls_and_symbols_bought(evening: Store, report: Report) -> None:
    rooms = rows(report, "Rooms")
    assert len(rooms) == 25 and evening.state.dungeon.rooms_explored == 25
    first = rooms[0]
    assert first[:3] == ("1", "new", "Blue 1, Red 1, Green 1, Purple 2")
    assert (
        first[3]
        == "Blue: Falcon; Red: blank; Green: Hammer + Hourglass; Purple: Crossblade + Crossblade; Purple: Chaos Star"
    )
    assert first[4].startswith(
        "Falcon: The move cost no time or light; Hammer: Some random treasure, guaranteed; Crossblade:"
    )
    assert first[5] == "7", "1 room + 5 Crossblades + 1 Hammer = 7 each"
    assert rooms[3][1] == "new (Safe Haven)"
    lines = report.section("Rooms").lines
    assert "symbols spent: 179 Crossblades, 113 Hammers, 41 Skulls, 10 Falcons." in lines[1]


def test_the_time_in_each_room_adds_up_to_the_clock(evening: Store, report: Report) -> None:
    chart = report.section("Rooms").charts[0]
    assert chart.title == "Beats per room" and len(chart.points) == 25
    assert chart.points[:4] == (("1", 2), ("2", 4), ("3", 1), ("4", 9)), "room 4 holds the camp's 6 Beats"
    assert 1 + sum(beats for _, beats in chart.points) == evening.state.clock.units == 80


def test_the_fights_their_rounds_and_who_fell(report: Report) -> None:
    fights = rows(report, "Fights")
    assert [f[3] for f in fights] == ["4", "5", "3", "6", "3", "3", "3", "3", "4"]
    assert report.section("Fights").lines[0] == "9 fights, 34 rounds in all."
    assert fights[0][4] == "Goblin 1, Goblin 2, Goblin 3, Goblin 7, Goblin 8" and fights[0][6] == "5 beaten, 4 fled"
    assert [f[5] for f in fights].count("Brannoc") == 1 and fights[3][5] == "Brannoc", "the Ogre's fight"
    assert fights[3][2].startswith("1 x Ogre (HD 4, AC 14")


def test_the_death_with_its_epitaph(report: Report) -> None:
    assert rows(report, "Deaths") == (
        (
            "Brannoc",
            "Human Magic-User",
            "2",
            "27 Beats",
            "1",
            "fought on past all hope",
            "He read the map; the map did not read the Ogre.",
        ),
    )


def test_xp_and_levels(report: Report) -> None:
    table = {row[0]: row for row in rows(report, "XP and levels")}
    assert table["Darla"][3:6] == ("1", "2", "246")
    assert table["Bryn"][3:] == ("1", "1", "232", "joined during the session")
    assert table["Brannoc"][6] == "dead"
    assert report.section("XP and levels").lines[0].startswith("4 levels gained: Darla to 2, Brannoc to 2")


def test_light_burned_and_left(evening: Store, report: Report) -> None:
    light = report.section("Light")
    assert light.lines[:2] == ("Light burned: 88 Beats.", "Time in the dark: 15 Beats.")
    assert light.unknown == (), "the light followed through the log ends where the save does"
    assert light.charts[0].points[-1] == (80, 2)


def test_camps(report: Report) -> None:
    camps = rows(report, "Camps")
    assert len(camps) == 2 and camps[0][:3] == ("1", "8 Beats", "6 Beats and 1 Ration each")
    assert camps[0][3] == "no encounter"


def test_the_loot_found_and_what_became_of_it(report: Report) -> None:
    loot = {row[1]: row[2] for row in rows(report, "Loot")}
    assert len(loot) == 16 and report.section("Loot").lines[0] == "16 finds, 1105 coins among them."
    assert loot["A silver goblet (worth unknown)"] == "Items taken home: Wenna A silver goblet, A jade idol."
    assert loot["Coins from room 1: 40 coins"].startswith("divided in town: 245 coins divided: 61 each to 4")
    assert loot["A rusted key (worth unknown)"] == "still in the ledger, with Wenna"


def test_the_pages_hold_everything_and_need_nothing_else(report: Report) -> None:
    page = html(report)
    assert page.count("<svg") == 2 and "<section>" in page
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", page), "no link out of the page"
    text = markdown(report)
    assert "He read the map; the map did not read the Ogre." in text and "| 4 | 27 Beats |" in text


def small_session(folder: Path, ruleset_id: str) -> persist.SaveFiles:
    """A few actions of each procedure the ruleset plays: time, a turn of the die where it has one,
    a fight begun and ended."""
    ruleset = load_ruleset(ruleset_id)
    store = sessions.create(folder, "small", ruleset, seed=7)
    store.dispatch(AdvanceTime(2))
    if ruleset.procedures["fight"] == "individual_initiative":
        store.dispatch(TakeTurn("search"))
        store.dispatch(initiative.StartFight((initiative.FoeGroup("Rat", 2, 1, ac=7),)))
        store.dispatch(initiative.EndFight())
    else:
        store.dispatch(StartFight((FoeGroup(FoeKind("Goblin"), 2),)))
        store.dispatch(EndFight())
    assert store.files is not None
    return store.files


PROCEDURE_SECTIONS = {
    "divining_pool": "Rooms",
    "exploration_die": "Turns",
    "hammercrawl_camp": "Camps",
    "burn_down": "Light",
    "light_levels": "Light",
    "hammercrawl_classes": "XP and levels",
    "russell_characters": "XP and levels",
    "sides_and_phases": "Fights",
    "individual_initiative": "Fights",
}


@pytest.mark.parametrize("ruleset_id", sorted(r.id for r in list_rulesets()))
def test_every_shipped_ruleset_reports_with_its_procedures_sections(tmp_path: Path, ruleset_id: str) -> None:
    files = small_session(tmp_path, ruleset_id)
    written = write_report(files, load_ruleset)
    assert written.markdown == tmp_path / "reports" / "small-report.md" and written.html.exists()
    report = report_of(files, load_ruleset)
    titles = [s.title for s in report.sections]
    wanted = [PROCEDURE_SECTIONS[p] for p in load_ruleset(ruleset_id).procedures.values() if p in PROCEDURE_SECTIONS]
    assert titles == ["Overview", *wanted, "Deaths", "Loot"]
    assert [f[3] for f in rows(report, "Fights")] == ["0"], "one fight, ended before its first round"
    assert all(not s.unknown for s in report.sections), [s.unknown for s in report.sections]


def test_the_command_prints_both_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small_session(tmp_path, "hammercrawl")
    assert main(["report", "small", "--saves", str(tmp_path), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.split() == [
        str(tmp_path / "out" / "small-report.md"),
        str(tmp_path / "out" / "small-report.html"),
    ]


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda files: files.snapshot.unlink(), "no such session"),
        (lambda files: files.snapshot.write_text("schema = 4\nseq = 'x'\n"), "small.toml"),
        (
            lambda files: files.log.write_text(files.log.read_text().replace("[[event]]", "[[event]]\nseq = [", 3)),
            "does not read",
        ),
        (lambda files: files.log.write_text(files.log.read_text()[:200]), "events are missing"),
    ],
    ids=["missing", "bad snapshot", "bad event", "log cut short"],
)
def test_an_unreadable_session_is_named_and_no_report_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage, said: str
) -> None:  # type: ignore[no-untyped-def]
    files = small_session(tmp_path, "hammercrawl")
    damage(files)
    assert main(["report", "small", "--saves", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert said in error and len(error.strip().splitlines()) == 1
    assert not (tmp_path / "reports").exists()


def test_the_report_tells_only_what_stands_after_undo_and_redo(tmp_path: Path) -> None:
    """Undone actions are taken out and redone ones put back, whatever their lines say: one level
    gained (not one per "Undone:"/"Redone:" line), Darla at level 1 at the start, and the coins
    turned into XP in town among the awards."""
    store = sessions.create(tmp_path, "undone", load_ruleset("hammercrawl-book3"), seed=7)
    store.dispatch(AwardXP(("c1",), 25, "a clever trick"))
    store.dispatch(LevelUp("c1", in_town=True))
    for _ in range(2):
        store.undo()
        store.redo()
    store.dispatch(AwardXP(("c2",), 5, "taken back"))
    store.undo()
    store.dispatch(AddLoot("Gold", coins=1000))
    store.dispatch(ReturnToTown(convert=1000))
    assert store.files is not None
    report = report_of(store.files, load_ruleset)
    table = {row[0]: row for row in rows(report, "XP and levels")}
    assert table["Darla"][3:5] == ("1", "2")
    assert table["Brannoc"][3:5] == ("1", "1")
    lines = report.section("XP and levels").lines
    assert lines[0] == "1 level gained: Darla to 2."
    assert "In town: 1000 coins become 1 XP each for Darla, Brannoc, Wenna, Otto Sixfingers" in "\n".join(lines)
    assert lines[1].startswith("2 XP awards in the log"), "the trick and the town, not the one undone"


def test_a_find_is_followed_by_its_line_not_by_a_name_inside_another(tmp_path: Path) -> None:
    """ "Gem" left the ledger first; what befell "Gem of Seeing" afterwards is not its fate."""
    store = sessions.create(tmp_path, "gems", load_ruleset("hammercrawl-book3"), seed=7)
    store.dispatch(AddLoot("Gem", coins=50, item=True))
    store.dispatch(AddLoot("Gem of Seeing", item=True))
    gem, seeing = (entry.id for entry in store.state.loot)
    store.dispatch(RemoveLoot(gem, "traded for rope"))
    store.dispatch(GiveLoot(seeing, "c2"))
    store.dispatch(RemoveLoot(seeing, "lost in the river"))
    store.dispatch(AddLoot("Gem", coins=5, item=True))
    assert store.files is not None
    loot = {row[0]: row[2] for row in rows(report_of(store.files, load_ruleset), "Loot")}
    first, of_seeing, again = sorted(loot, key=int)
    assert loot[first] == "Gem (worth 50 coins) leaves the ledger (the common pile): traded for rope."
    assert loot[of_seeing] == "Gem of Seeing (worth unknown) leaves the ledger (Brannoc): lost in the river."
    assert loot[again] == "still in the ledger, unclaimed"


def test_the_overview_tells_the_down_apart_from_those_still_standing(state: State, b3: Ruleset) -> None:
    """A character at 0 HP is alive but not standing: the overview names them apart."""
    down = attrs.evolve(state.party[1], hp=0, status="down")
    section = overview(attrs.evolve(state, party=replace_member(state.party, down)), [], b3)
    assert "Still standing: Darla (Ana), Wenna (Cai), Otto Sixfingers (Dee). Down: Brannoc (Ben)." in section.lines
    everyone = tuple(attrs.evolve(m, hp=0, status="down") for m in state.party)
    assert any(
        line.startswith("Nobody is left standing. Down: Darla")
        for line in overview(attrs.evolve(state, party=everyone), [], b3).lines
    )
