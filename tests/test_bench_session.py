"""The bench scripts' session: an evening of play built through the Store, read back from its files.

Every point the benches' figures are read against is checked in the saved state and the log: the
rooms explored through every step of the Explore, the fights and their rounds, the camps, the town,
the death and its grave, the hirelings, a thousand actions and their events.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.store import Store
from hammertui.procedures.divining_pool.rules import explore as explore_rules
from hammertui.procedures.divining_pool.state import divining_pool

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from evening import evening_session  # noqa: E402


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return evening_session(tmp_path_factory.mktemp("evening"))


@pytest.fixture(scope="module")
def log(evening: Store) -> list[Event]:
    assert evening.files is not None
    return persist.read_log_tail(evening.files.log, 10**9)


def fights(log: list[Event]) -> list[list[Event]]:
    """Each fight's events, from "Fight!" to "The fight is over"."""
    found: list[list[Event]] = []
    for event in log:
        if event.text.startswith("Fight!"):
            found.append([])
        if found and (not found[-1] or not found[-1][-1].text.startswith("The fight is over")):
            found[-1].append(event)
    return found


def test_it_is_book_three_played_for_a_thousand_actions_every_one_in_the_log(evening: Store, log: list[Event]) -> None:
    assert evening.state.session.ruleset == "hammercrawl-book3"
    assert evening.state.seq >= 1000
    seqs = [e.seq for e in log]
    assert seqs == sorted(seqs) and seqs[-1] == evening.state.seq, "the log runs in order to the last action"
    assert len(log) > evening.state.seq


def test_twelve_rooms_or_more_each_through_every_step_of_the_explore(evening: Store) -> None:
    ruleset = evening.ruleset
    rooms = [r for r in divining_pool(evening.state).rooms if r.new and "Camp encounter" not in r.notes]
    assert len(rooms) >= 12 and evening.state.dungeon.rooms_explored == len(rooms)
    for room in rooms:
        reading = explore_rules.read_roll(ruleset, room.throws)
        spent = {s.symbol for s in room.spent}
        assert reading.blood_drops + reading.hourglasses, f"room {room.number}: nothing lost on the way"
        assert spent & {"falcon", "skull"}, f"room {room.number}: nothing spent in transit"
        assert spent & {"hammer", "crossblade"}, f"room {room.number}: nothing bought at the destination"
        assert room.beaten, f"room {room.number}: its challenge never beaten"


def test_the_explore_steps_are_in_the_log(evening: Store, log: list[Event]) -> None:
    rooms = evening.state.dungeon.rooms_explored
    texts = [e.text for e in log]
    assert sum(t.startswith("The party moves on into a new room.") for t in texts) == rooms
    assert sum(t.startswith(("Blood Drops:", "Hourglasses:")) for t in texts) >= rooms
    assert sum(bool(re.match(r"Room \d+ explored:", t)) for t in texts) == rooms


def test_four_fights_or_more_of_three_to_six_rounds_with_attacks_landed(log: list[Event]) -> None:
    found = fights(log)
    assert len(found) >= 4
    for fight in found:
        rounds = [e for e in fight if re.match(r"Round \d+\. Initiative", e.text)]
        over = re.match(r"The fight is over after (\d+) rounds", fight[-1].text)
        assert over and int(over.group(1)) == len(rounds), fight[0].text
        assert 3 <= len(rounds) <= 6, fight[0].text
        landed = [
            e
            for e in fight
            if e.action == "attack" and re.search(r" on [^:]+: [1-9]\d* hits?, .*?[1-9]\d* damage\.$", e.text)
        ]
        assert landed, f"no attack landed in: {fight[0].text}"
        assert any("down and struck off" in e.text for e in fight), fight[0].text


def test_two_camps_and_a_return_to_town(log: list[Event]) -> None:
    texts = [e.text for e in log]
    assert sum(t.startswith("The party makes camp") for t in texts) >= 2
    assert sum(t.startswith("Camp encounter:") for t in texts) >= 2, "each camp runs to its encounter roll"
    assert any(t.startswith("The party returns to town") for t in texts)


def test_a_death_buried_with_an_epitaph_and_hirelings_hired(evening: Store, log: list[Event]) -> None:
    grave = evening.state.graveyard[0]
    assert grave.epitaph and grave.character.death is not None
    texts = [e.text for e in log]
    assert f"{grave.character.name} is dead. Write their epitaph (B on the roster)." in texts
    assert any(t.startswith(f"{grave.character.name} (") and grave.epitaph in t for t in texts)
    assert len(evening.state.hirelings) >= 2
    assert sum(" hires " in t for t in texts) == len(evening.state.hirelings)


def test_torches_burn_out_and_are_lit_and_the_party_is_hurt_and_healed(log: list[Event]) -> None:
    texts = [e.text for e in log]
    assert sum(t.endswith("torch burns out.") for t in texts) >= 3
    assert sum(bool(re.search(r"torch is lit \(", t)) for t in texts) >= 3
    assert any(t.endswith("torch is doused.") for t in texts)
    assert sum(e.action == "heal" for e in log) >= 5
    assert sum(bool(re.search(r"takes \d+( damage from the Blood Drops)?: .*HP", e.text)) for e in log) >= 10


def test_the_same_evening_every_time(evening: Store, tmp_path: Path) -> None:
    again = evening_session(tmp_path)
    assert persist.dump_state(again.state) == persist.dump_state(evening.state)


def test_it_opens_as_the_app_opens_it(evening: Store) -> None:
    from hammertui.kernel.session import sessions

    assert evening.files is not None
    opened = sessions.open_files(evening.files, load_ruleset)
    assert opened.state == evening.state
