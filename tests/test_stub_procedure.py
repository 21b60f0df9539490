"""The procedure seam, proven: a ruleset that explores by a die procedure of the tests' own.

The stub (`tests/stub_procedure/`) rolls a d6 each time the party moves on and spends a unit of time
doing it. It is a package laid out as hammertui's procedures are (a slice, an action, a pane and a
command), registered from outside hammertui the way hammertui's own are, and a ruleset extending the
complete rules swaps the Divining Pool for it in a data file.
Nothing of the Divining Pool is drawn, kept or offered, and the session saves and reopens.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import tests.stub_procedure
from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.registration import Procedure
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session.actions import note
from hammertui.kernel.session.procedures import Hears, Signal, stateful
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.app import make_app
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.pane import DiviningPane
from tests.stub_procedure import state as stub_state
from tests.stub_procedure.actions import RollStubDie
from tests.stub_procedure.pane import StubPane
from tests.stub_procedure.state import NAME, StubDie
from tests.ui.waiting import until

ROOT = Path(__file__).resolve().parents[1]

RULESET = """\
extends = "hammercrawl"
name = "The complete rules, exploring by the stub die"

[procedures]
explore = "stub_die"
camp = "none"

[divining]
_replace = true

[explore]
_replace = true

[search]
_replace = true

[camp]
_replace = true
"""


@pytest.fixture
def stub_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stub registered for this test alone, as the procedures package registers hammertui's
    own: the registry is put back as it was afterwards."""
    monkeypatch.setattr(procedures, "_REGISTRY", dict(procedures._known()))
    procedures.register(tests.stub_procedure.PROCEDURE)
    path = tmp_path / "stub-die.toml"
    path.write_text(RULESET, encoding="utf-8")
    return path


def test_the_ruleset_names_the_stub_and_drops_the_pool(stub_rules: Path) -> None:
    ruleset = load_ruleset(stub_rules)
    assert ruleset.procedures["explore"] == NAME and ruleset.procedures["camp"] == "none"
    assert ruleset.divining is None and ruleset.explore is None and ruleset.camp is None


def test_a_ruleset_keeping_the_pool_beside_the_stub_is_refused(stub_rules: Path, tmp_path: Path) -> None:
    from hammertui.kernel.ruleset import check_ruleset_file

    kept = tmp_path / "kept.toml"
    kept.write_text('extends = "hammercrawl"\nname = "Kept"\n[procedures]\nexplore = "stub_die"\n', encoding="utf-8")
    problems = check_ruleset_file(kept)
    assert any(
        p.endswith('procedures.camp: hammercrawl_camp works only with explore = "divining_pool", got "stub_die"')
        for p in problems
    ), problems
    assert any(": divining: read by no procedure of this ruleset" in p for p in problems), problems


async def test_a_session_explores_by_the_stub_saves_and_reopens(stub_rules: Path, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    app = make_app(saves, "stubbed", ruleset_id=str(stub_rules), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert not app.query(DiviningPane), "no Divining Pool is drawn"
        assert "Build the Divining Pool" not in [c.title for c in app.get_system_commands(app.screen)]
        torch = light_state.lights(app.store.state)[0].remaining
        await pilot.press("e", "e")
        await until(pilot, lambda: len(app.store.state.slices[NAME].rolls) == 2, "two rolls of the stub die")
        rolls = app.store.state.slices[NAME].rolls
        assert str(app.query_one("#stub", StubPane).render()) == "Stub die: " + " ".join(map(str, rolls))
        assert light_state.lights(app.store.state)[0].remaining == torch - 2, "the light burns as the party moves"
        assert app.store.state.clock.units == 2
        await pilot.press("b", "c")
        assert app.screen is app.screen_stack[0], "no pool to build, no camp to make"
    state = app.store.state
    assert set(state.slices) == {NAME, "burn_down", *(p.name for p in _stateful_others(state))}
    again = make_app(saves, "stubbed", ruleset_id=str(stub_rules))
    assert again.store is not None and again.store.state == state
    assert "[slices.stub_die]" in (saves / "stubbed.toml").read_text()


def _stateful_others(state: State) -> list[Procedure]:
    """The ruleset's other procedures that keep state (the fight's, once it keeps its own)."""
    chosen = [
        procedures.procedure(part, name) for part, name in state.session.procedures.items() if name != procedures.NONE
    ]
    return [p for p in chosen if p in stateful(state.session.procedures) and p.name not in (NAME, "burn_down")]


@attrs.frozen
class StubResult(Signal):
    """What the stub die showed, for whoever answers it."""

    face: int


def test_a_signal_reaches_only_the_procedures_that_answer_it(stub_rules: Path) -> None:
    """The stub's die result is told to every procedure; the burn-down light does not answer it,
    a procedure that does (here, the stub itself) changes the state and says so."""
    from hammertui.kernel.rules.dice import ScriptedDice
    from hammertui.kernel.session.acting import Context
    from hammertui.kernel.session.procedures import signal
    from hammertui.kernel.session.sessions import new_state

    ruleset = load_ruleset(stub_rules)
    state = new_state("signalled", ruleset, seed=1)[0]
    ctx = Context(ruleset, ScriptedDice([]))
    same, events = signal(state, ctx, RollStubDie(), StubResult(6))
    assert same is state and events == []
    answer = Hears(
        StubResult, lambda s, c, a, said: (s.with_slice(NAME, StubDie((said.face,))), [note(a, f"heard {said.face}")])
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stub_state.SESSION, "hears", (answer,))
        heard, events = signal(state, ctx, RollStubDie(), StubResult(6))
    assert heard.slices[NAME].rolls == (6,) and [e.text for e in events] == ["heard 6"]


def test_the_stub_is_a_package_of_the_tests_registered_as_hammertuis_own_are(stub_rules: Path) -> None:
    """It declares itself as hammertui's procedures do, registers without a line of hammertui
    naming it, and its session object meets the explore protocol."""
    from hammertui.kernel.session.procedures import session_of
    from hammertui.kernel.session.seam import ExploreProcedure

    registered = procedures.procedure("explore", NAME)
    assert registered is tests.stub_procedure.PROCEDURE and NAME in procedures.names("explore")
    assert all(layer.startswith("tests.stub_procedure.") for layer in (registered.state, registered.ui))
    assert isinstance(session_of(registered), ExploreProcedure)
    named = [
        path
        for path in (ROOT / "hammertui").rglob("*.py")
        if any(word in path.read_text(encoding="utf-8") for word in (NAME, "stub_procedure"))
    ]
    assert not named, named
