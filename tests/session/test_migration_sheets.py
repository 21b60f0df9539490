"""Saves written before the class rules' numbers were their procedure's own (schemas 5 and 6) open,
hold the same characters with the same numbers, and play on.

The files in `fixtures/schema6` were written by the release before: a fight under way, an Explore
half done, a camp under way, and an evening by the Russell House Rules with its fight under way.
What each character held on the shared record is read again, from the record or from the sheet
its characters procedure keeps now, and must be what the file says.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from hammertui.kernel.ruleset import load_ruleset, toml_file
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.store import Store
from hammertui.procedures.burn_down.state import flasks
from hammertui.procedures.hammercrawl_classes.state import Sheet, sheet_of
from hammertui.procedures.russell_characters.state import person
from tests.session.test_migration_stats import NEXT

FIXTURES = Path(__file__).parent / "fixtures"
SAVES = [(schema, name) for schema in ("schema5", "schema6") for name in NEXT]
ON_THE_RECORD = {field.name for field in attrs.fields(Character)}


def opened(tmp_path: Path, schema: str, name: str) -> Store:
    for path in (FIXTURES / schema).glob(f"{name}.*"):
        shutil.copy(path, tmp_path / path.name)
    return sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)


def plain(value: Any) -> Any:
    """A value as TOML holds it: tuples as lists, records as tables."""
    value = persist.CONVERTER.unstructure(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


UNREAD: dict[str, Callable[[Character], Any]] = {
    "con": lambda m: m.stats["CON"],
    "con_max": lambda m: m.stats["CON"],
    "oil": lambda m: 0,
}
"""What the old record held, under a field its characters procedure never reads, for every
character those rules made, where that is not what a blank class rules' sheet holds: nothing of
theirs is lost when the field is dropped."""


def kept(store: Store, member: Character) -> object:
    """What the session's characters procedure keeps on a character beyond the record."""
    if store.state.session.procedures["characters"] == "russell_characters":
        return person(store.state, store.ruleset, member.id)
    return sheet_of(store.state, member.id)


def held(store: Store, member: Character, field: str) -> Any:
    """What a character holds under a field of the old record: on the record, kept by their
    characters procedure (the flasks of oil by the light that burns them), or (where those rules
    never read it) what it always held."""
    if field == "stats":
        return member.stats.as_dict()
    if field in ON_THE_RECORD:
        return plain(getattr(member, field))
    if field == "oil" and store.state.session.procedures["light"] == "burn_down":
        return flasks(store.state, member.id)
    record = kept(store, member)
    if hasattr(record, field):
        return plain(getattr(record, field))
    return UNREAD[field](member) if field in UNREAD else plain(getattr(Sheet(), field))


def written(path: Path) -> list[dict[str, Any]]:
    """Every character table of a save as the file has it: party, pile and graveyard."""
    data = toml_file.parse(path.read_text())
    return [*data.get("party", []), *data.get("pile", []), *(g["character"] for g in data.get("graveyard", []))]


def everyone(state: State) -> dict[str, Character]:
    return {m.id: m for m in (*state.party, *state.pile, *(g.character for g in state.graveyard))}


@pytest.mark.parametrize(("schema", "name"), SAVES)
def test_an_older_save_holds_the_same_characters_with_the_same_numbers(tmp_path: Path, schema: str, name: str) -> None:
    store = opened(tmp_path, schema, name)
    tables = written(FIXTURES / schema / f"{name}.toml")
    members = everyone(store.state)
    assert tables and sorted(members) == sorted(t["id"] for t in tables)
    for table in tables:
        member = members[table["id"]]
        assert {field: held(store, member, field) for field in table} == table


@pytest.mark.parametrize(("schema", "name"), SAVES)
def test_an_older_save_plays_on_in_the_current_schema(tmp_path: Path, schema: str, name: str) -> None:
    store = opened(tmp_path, schema, name)
    ids, seq = set(everyone(store.state)), store.state.seq
    store.dispatch(NEXT[name])
    assert store.state.seq == seq + 1 and set(everyone(store.state)) == ids
    reopened = sessions.open_files(persist.SaveFiles(tmp_path, name), load_ruleset)
    assert reopened.state == store.state
    assert persist.SaveFiles(tmp_path, name).snapshot.read_text().startswith(f"schema = {persist.SCHEMA}\n")


def test_the_thief_keeps_bailiwick_and_failing_on_their_sheet(tmp_path: Path) -> None:
    state = opened(tmp_path, "schema6", "before-fight").state
    sheet = sheet_of(state, "c4")
    assert (sheet.bailiwick, sheet.failing) == ("perception", "trap_finding")
    assert "bailiwick" not in persist.dump_state(state).split("[slices")[0]


def test_a_save_of_a_newer_schema_is_still_refused(tmp_path: Path) -> None:
    text = (
        (FIXTURES / "schema6" / "before-fight.toml").read_text().replace("schema = 6", f"schema = {persist.SCHEMA + 1}")
    )
    with pytest.raises(persist.SaveError, match=f"schema {persist.SCHEMA + 1} was written by a newer hammertui"):
        persist.parse_state(text, tmp_path / "newer.toml")


def test_the_choice_made_at_0_hp_moves_to_the_sheet_and_is_checked_there(tmp_path: Path) -> None:
    path = FIXTURES / "schema6" / "before-fight.toml"
    first = written(path)[0]["id"]
    laid = path.read_text().replace('stance = ""', 'stance = "lay_down"', 1)
    assert sheet_of(persist.parse_state(laid, tmp_path / "laid.toml"), first).stance == "lay_down"
    crawling = path.read_text().replace('stance = ""', 'stance = "crawl"', 1)
    with pytest.raises(persist.SaveError, match=r"\.stance: 'crawl' is not one of lay_down, fight_on"):
        persist.parse_state(crawling, tmp_path / "crawling.toml")


def test_the_flasks_of_oil_move_to_the_light_that_burns_them(tmp_path: Path) -> None:
    """An older save counted the last member's two flasks on them: the burn-down light counts them now."""
    text = (FIXTURES / "schema6" / "before-explore.toml").read_text()
    head, tail = text.rsplit("oil = 0", 1)
    state = persist.parse_state(head + "oil = 2" + tail, tmp_path / "oiled.toml")
    assert [flasks(state, m.id) for m in state.party] == [0, 0, 0, 2]
    assert "oil" not in persist.dump_state(state).split("[slices")[0]


def test_the_uses_left_move_to_the_sheet_and_are_checked_there(tmp_path: Path) -> None:
    path = FIXTURES / "schema6" / "before-fight.toml"
    state = persist.parse_state(path.read_text(), tmp_path / "fight.toml")
    assert (sheet_of(state, "c2").uses, sheet_of(state, "c4").uses) == ({"turn_unholy": 1}, {"thief_rerolls": 1})
    assert "turn_unholy" not in persist.dump_state(state).split("[slices")[0]
    spent = path.read_text().replace("turn_unholy = 1", "turn_unholy = -1", 1)
    with pytest.raises(persist.SaveError, match=r"sheets\.c2 \(Brannoc\)\.uses: cannot be negative"):
        persist.parse_state(spent, tmp_path / "spent.toml")


def test_the_con_left_moves_to_the_sheet_and_is_checked_there(tmp_path: Path) -> None:
    path = FIXTURES / "schema6" / "before-fight.toml"
    burnt = path.read_text().replace("con = 10\n", "con = 7\n", 1)
    assert sheet_of(persist.parse_state(burnt, tmp_path / "burnt.toml"), "c1").con == 7
    over = path.read_text().replace("con = 10\n", "con = 12\n", 1)
    with pytest.raises(
        persist.SaveError, match=r"slices\.hammercrawl_classes\.sheets\.c1 \(Darla\)\.con: 12 is outside 0-10"
    ):
        persist.parse_state(over, tmp_path / "over.toml")
    (tmp_path / "raised.toml").write_text(path.read_text().replace("con_max = 10\n", "con_max = 11\n", 1))
    shutil.copy(path.with_name("before-fight.log.toml"), tmp_path / "raised.log.toml")
    with pytest.raises(persist.SaveError, match=r"sheets\.c1 \(Darla\)\.con_max: 11 is not the CON score 10"):
        sessions.open_files(persist.SaveFiles(tmp_path, "raised"), load_ruleset)
