"""A ruleset read once is kept ready, and never trusted past an edit, a new parent or a stranger's folder."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from hammertui.rules.ruleset import RulesetError, load_ruleset
from hammertui.rules.ruleset import cache, loading

CHILD = 'id = "house"\nname = "House"\nextends = "hammercrawl"\n'


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "hammertui" / "rulesets"


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "mine" / "house.toml"
    path.parent.mkdir()
    path.write_text(CHILD)
    return path


def never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_: object) -> None:
        raise AssertionError("the file was read again")

    monkeypatch.setattr(loading, "_read_layers", fail)


def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each read of a ruleset's files from here on, as a 1 in the list returned."""
    reads: list[int] = []
    real = loading._read_layers
    monkeypatch.setattr(loading, "_read_layers", lambda *given: reads.append(1) or real(*given))
    return reads


def test_a_second_load_takes_the_kept_ruleset(own_cache: Path, house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_ruleset(house)
    assert len(list(own_cache.glob("*.pickle"))) == 1
    never_read(monkeypatch)
    assert load_ruleset(house) == first


def test_the_folder_is_the_users_alone(own_cache: Path, house: Path) -> None:
    load_ruleset(house)
    assert own_cache.stat().st_mode & 0o777 == 0o700


def test_an_edit_of_the_file_reads_it_afresh(own_cache: Path, house: Path) -> None:
    load_ruleset(house)
    house.write_text(CHILD.replace("House", "Hose!"))  # the same size
    assert load_ruleset(house).name == "Hose!"


def test_an_edit_of_the_parent_reads_it_afresh(own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    base = folder / "base.toml"
    base.write_text((loading.rulesets_dir() / "hammercrawl.toml").read_text().replace('id = "hammercrawl"', 'id = "base"'))
    child = folder / "house.toml"
    child.write_text(CHILD.replace('"hammercrawl"', '"base"'))
    before = load_ruleset(child)
    reads = counted(monkeypatch)
    base.write_text(base.read_text() + "# an edit\n")
    assert load_ruleset(child) == before  # read afresh: a comment changes no rule
    assert reads == [1]
    base.write_text("broken =")
    with pytest.raises(RulesetError):
        load_ruleset(child)


def test_a_file_that_now_shadows_the_parent_reads_afresh(own_cache: Path, house: Path) -> None:
    load_ruleset(house)
    (house.parent / "hammercrawl.toml").write_text('name = "Shadow"\n')
    with pytest.raises(RulesetError):
        load_ruleset(house)


def test_a_ruleset_with_problems_is_never_kept(own_cache: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "broken"\nextends = "hammercrawl"\nname = 5\n')
    for _ in range(2):
        with pytest.raises(RulesetError, match="name"):
            load_ruleset(broken)
    assert not list(own_cache.glob("*.pickle"))


def test_new_code_reads_afresh(own_cache: Path, house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_ruleset(house)
    monkeypatch.setattr(cache, "_code", lambda: "another version")
    reads = counted(monkeypatch)
    load_ruleset(house)
    assert reads == [1]


def test_a_broken_entry_is_read_past(own_cache: Path, house: Path) -> None:
    expected = load_ruleset(house)
    (entry,) = own_cache.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert load_ruleset(house) == expected
    assert pickle.loads(entry.read_bytes()).ruleset == expected  # and replaced


def test_a_folder_others_can_write_is_never_read(own_cache: Path, house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_ruleset(house)
    own_cache.chmod(0o777)

    def refuse(_: bytes) -> object:
        raise AssertionError("a pickle from a folder others can write was loaded")

    monkeypatch.setattr(cache.pickle, "loads", refuse)
    assert load_ruleset(house).name == "House"
