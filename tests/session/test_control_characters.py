"""Text with a control character in it never reaches the terminal: typed, it is refused with a
message by whatever action carries it; in a save or a ruleset, the file is refused naming the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.kernel.ruleset import RulesetError, load_ruleset, rulesets_dir
from hammertui.kernel.ruleset.model import Ruleset
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.loot import AddLoot
from hammertui.kernel.session.store import Store
from hammertui.procedures.hammercrawl_classes.actions.hirelings import Hire
from hammertui.procedures.hammercrawl_classes.actions.recruits import RenameCharacter, SetNotes
from hammertui.procedures.sides_and_phases.actions import FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.state import FoeKind

HOSTILE = {
    "an OSC title": "A\x1b]2;PWNED\x07B",
    "a screen clear": "Owes 5gp\x1b[2J",
    "a C1 control": "Bad\x9bname",
    "DEL": "Del\x7f",
    "a NUL": "Nul\x00l",
    "a carriage return": "Over\rwrite",
}


def typed(text: str) -> list[Action]:
    """Every kind of text the 'Smith types, as the action that carries it."""
    return [
        RenameCharacter("c1", text),
        RenameCharacter("c1", "Darla", player=text),
        SetNotes("c1", text),
        AddLoot(text, coins=5),
        Hire(text, "torchbearer", 1, "c1"),
        StartFight((FoeGroup(FoeKind(text, "1", ac=12), 1),), hp="average"),
    ]


@pytest.fixture
def store(tmp_path: Path, b3: Ruleset) -> Store:
    return sessions.create(tmp_path, "crawl", b3, seed=7)


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_control_character_typed_anywhere_is_refused_with_a_message(store: Store, text: str) -> None:
    for action in typed(text):
        before = store.state
        with pytest.raises(Refused, match=r"holds a control character \(U\+00[0-9A-F]{2}\)"):
            store.dispatch(action)
        assert store.state == before


def test_notes_keep_their_lines_and_tabs_and_a_name_does_not(store: Store) -> None:
    store.dispatch(SetNotes("c1", "Owes 5gp [to Darla]\n\tand a drink"))
    assert store.state.character("c1").notes == "Owes 5gp [to Darla]\n\tand a drink"
    with pytest.raises(Refused, match=r"name: holds a control character \(U\+000A\)"):
        store.dispatch(RenameCharacter("c1", "Two\nlines"))


def test_a_save_holding_a_control_character_is_refused_naming_the_field(store: Store) -> None:
    assert store.files is not None
    text = store.files.snapshot.read_text()
    name = store.state.character("c1").name
    store.files.snapshot.write_text(text.replace(f'name = "{name}"', 'name = "A\\u001b]2;PWNED\\u0007B"', 1))
    with pytest.raises(persist.SaveError) as caught:
        persist.load_state(store.files.snapshot)
    assert "party[0].name: holds a control character (U+001B)" in str(caught.value)


def test_a_ruleset_holding_a_control_character_is_refused_naming_the_field(tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    text = (rulesets_dir() / "hammercrawl.toml").read_text()
    bent = text.replace('id = "hammercrawl"', 'id = "bent"', 1).replace(
        'short_name = "Cleric"', 'short_name = "Human \\u001b[2JCleric"', 1
    )
    assert bent != text.replace('id = "hammercrawl"', 'id = "bent"', 1)
    (own / "bent.toml").write_text(bent)
    with pytest.raises(RulesetError) as caught:
        load_ruleset("bent", also=(own,))
    assert any(
        "bent.toml" in p and "Cleric" not in p and "name: holds a control character (U+001B)" in p
        for p in caught.value.problems
    )


def test_a_log_line_holding_a_control_character_is_read_without_it(store: Store) -> None:
    """The log is read a line at a time and one line is never the reason a session cannot open: a
    control character in one (an edit by hand) is read as U+FFFD, so it never reaches the terminal
    or the player view's page."""
    assert store.files is not None
    persist.append_events(store.files.log, [Event(1, "damage", "A\x1b]2;PWNED\x07B takes 2.", dice=("d6\x1b[2J: 2",))])
    last = persist.read_log_tail(store.files.log)[-1]
    assert (last.text, last.dice) == ("A\ufffd]2;PWNED\ufffdB takes 2.", ("d6\ufffd[2J: 2",))
