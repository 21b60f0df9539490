"""The snapshot's text is rendered again only where the state changed, and reads back the same."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli
import tomli_w

from hammertui.kernel.session import persist, snapshot_text
from hammertui.kernel.session.acting import Context
from hammertui.kernel.session.actions import AdvanceTime, apply_action
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import Store, seeded_dice
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.procedures.divining_pool.state import divining_pool, with_pool

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from evening import evening_session  # noqa: E402


def whole(state: State) -> dict[str, Any]:
    """What rendering the whole state at once reads back as."""
    return tomli.loads(tomli_w.dumps(persist._drop_none(persist.CONVERTER.unstructure(state))))


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return evening_session(tmp_path_factory.mktemp("evening"))


def test_an_evening_reads_back_as_the_whole_state_rendered_at_once(evening: Store) -> None:
    text = persist.dump_state(evening.state)
    assert "[[slices.divining_pool.rooms]]" in text
    assert {k: v for k, v in tomli.loads(text).items() if k != "schema"} == whole(evening.state)
    assert persist.parse_state(text, Path("evening.toml")) == evening.state


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text tomli_w renders for the snapshot from here on."""
    rendered: list[str] = []
    real = tomli_w.dumps

    def counted(data: Any, **options: Any) -> str:
        rendered.append(real(data, **options))
        return rendered[-1]

    monkeypatch.setattr(snapshot_text.tomli_w, "dumps", counted)
    return rendered


def test_records_no_action_touched_are_not_rendered_again(evening: Store, renders: list[str]) -> None:
    persist.dump_state(evening.state)
    renders.clear()
    later = persist.dump_state(
        apply_action(evening.state, AdvanceTime(1), Context(evening.ruleset, seeded_dice(evening.state)))[0]
    )
    assert not [r for r in renders if r.startswith(("[[slices.divining_pool.rooms]]", "[[graveyard]]", "[[party]]"))]
    assert "[[slices.divining_pool.rooms]]" in later


def test_a_changed_record_is_rendered_again(state: State, b3: Any, renders: list[str]) -> None:
    store = Store(state, b3)
    persist.dump_state(store.state)
    store.dispatch(ApplyDamage("c1", 2))
    text = persist.dump_state(store.state)
    assert any(r.startswith("[[party]]") for r in renders[2:])
    assert tomli.loads(text)["party"][0]["hp"] == state.party[0].hp - 2


def test_every_snapshot_of_a_run_of_keys_reads_back_as_its_whole_state(evening: Store) -> None:
    """Fields kept, changed, kept again and changed back: each text is still the whole state."""
    ctx = Context(evening.ruleset, seeded_dice(evening.state))
    first = evening.state.party[0].id
    states = [evening.state]
    for action in (AdvanceTime(1), ApplyDamage(first, 1), AdvanceTime(1), ApplyDamage(first, 1)):
        states.append(apply_action(states[-1], action, ctx)[0])
    for state in [*states, states[0], states[2], *reversed(states)]:
        assert {k: v for k, v in tomli.loads(persist.dump_state(state)).items() if k != "schema"} == whole(state)


def test_one_room_changed_renders_that_room_alone_and_the_same_text(evening: Store, renders: list[str]) -> None:
    """The rooms are an array of tables: a room beaten renders its own table again, and the array's
    text is what tomli_w gives for the whole array, character for character."""
    persist.dump_state(evening.state)
    rooms = divining_pool(evening.state).rooms
    beaten = attrs.evolve(rooms[3], beaten=not rooms[3].beaten)
    state = with_pool(evening.state, rooms=(*rooms[:3], beaten, *rooms[4:]))
    renders.clear()
    text = persist.dump_state(state)
    assert [r.count("[[slices.divining_pool.rooms]]") for r in renders if "[[slices.divining_pool.rooms]]" in r] == [1]
    unstructured = persist._drop_none(persist.CONVERTER.unstructure(state))
    array = tomli_w.dumps({"slices": {"divining_pool": {"rooms": unstructured["slices"]["divining_pool"]["rooms"]}}})
    assert array in text
    assert {k: v for k, v in tomli.loads(text).items() if k != "schema"} == whole(state)


def test_an_undo_brings_back_records_already_read(evening: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room recorded then undone: the state before it is rendered again from what was read, not
    by reading every room and die anew."""
    states = [evening.state]
    for number in (3, 5, 7):
        rooms = divining_pool(states[-1]).rooms
        room = attrs.evolve(rooms[number], beaten=not rooms[number].beaten)
        states.append(with_pool(states[-1], rooms=(*rooms[:number], room, *rooms[number + 1 :])))
    for state in states:
        persist.dump_state(state)
    read: list[object] = []
    real = snapshot_text._plain

    def counted(value: Any, *known: Any) -> Any:
        read.append(value)
        return real(value, *known)

    monkeypatch.setattr(snapshot_text, "_plain", counted)
    text = persist.dump_state(evening.state)
    assert len(read) < 10, f"{len(read)} values read again"
    assert {k: v for k, v in tomli.loads(text).items() if k != "schema"} == whole(evening.state)


def test_what_is_known_is_forgotten_once_it_outgrows_the_live_session(evening: Store) -> None:
    """Records of states long gone are let go of: the data kept stays within a few times the field's own size."""
    state = evening.state
    for turn in range(200):
        rooms = divining_pool(state).rooms
        number = turn % len(rooms)
        state = with_pool(
            state,
            rooms=(*rooms[:number], attrs.evolve(rooms[number], beaten=not rooms[number].beaten), *rooms[number + 1 :]),
        )
        persist.dump_state(state)
        assert len(snapshot_text._known["slices"]) <= (snapshot_text.GROWTH + 1) * snapshot_text._walked["slices"]
    assert {k: v for k, v in tomli.loads(persist.dump_state(state)).items() if k != "schema"} == whole(state)
