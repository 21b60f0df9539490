"""The player view's filter: every field classified public or hidden, the hidden never reaching the
record the page draws, and the record made for every shipped ruleset."""

from __future__ import annotations

import importlib
import pkgutil
import typing
from pathlib import Path

import attrs
import pytest

import hammertui.kernel.session
from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.rules.dice import SeededDice
from hammertui.kernel.ruleset import Ruleset, list_rulesets, load_ruleset
from hammertui.kernel.session import persist, public_fields, sessions
from hammertui.kernel.session.acting import Context, Refused
from hammertui.kernel.session.player_view import ShowHpNumbers, band, last_roll, player_view
from hammertui.kernel.session.procedures import session_of
from hammertui.kernel.session.public_fields import EVENTS, FIELDS, HIDDEN, PUBLIC, redact
from hammertui.kernel.session.state import State
from hammertui.kernel.session.store import Store
from hammertui.kernel.session.vitals import ApplyDamage, Bury
from hammertui.procedures.divining_pool.actions.search import Search
from hammertui.procedures.hammercrawl_classes.actions.rolls import RollSave
from hammertui.procedures.sides_and_phases.actions import AddEffect, FoeGroup, StartFight, SurpriseSaves, TurnUnholy
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.session.test_fight_attacks import cleric
from tests.session.test_fight_steps import started
from tests.session.test_roster import run


def _records(kind: object) -> list[type]:
    """The attrs classes a field of type `kind` holds (in a tuple, a dict, an Optional...)."""
    if isinstance(kind, type) and attrs.has(kind):
        return [kind]
    return [found for inner in typing.get_args(kind) for found in _records(inner)]


def reachable() -> dict[type, set[str]]:
    """Every record the state and each procedure's slice hold through public fields, with its fields."""
    roots = [State] + [
        session_of(p).slice_type for p in registry.every() if p.state and session_of(p).slice_type is not None
    ]  # type: ignore[union-attr]
    seen: dict[type, set[str]] = {}
    todo = list(roots)
    while todo:
        record = todo.pop()
        if record in seen:
            continue
        seen[record] = {f.name for f in attrs.fields(record)}
        hints = typing.get_type_hints(record)
        for field in attrs.fields(record):
            if FIELDS.get(record, {}).get(field.name) == PUBLIC:
                todo += _records(hints[field.name])
    return seen


def test_every_field_of_the_state_and_of_every_slice_is_public_or_hidden() -> None:
    unclassified = [
        f"{r.__module__}.{r.__qualname__}.{name}"
        for r, names in reachable().items()
        for name in sorted(names - FIELDS.get(r, {}).keys())
    ]
    assert not unclassified, f"say whether the players may see these (public_fields.FIELDS): {unclassified}"


def test_the_table_names_no_field_that_is_gone() -> None:
    stale = [
        f"{r.__qualname__}.{name}"
        for r, kinds in FIELDS.items()
        for name in kinds
        if name not in {f.name for f in attrs.fields(r)}
    ]
    assert not stale
    assert all(kind in (PUBLIC, HIDDEN) for kinds in FIELDS.values() for kind in kinds.values())


def test_a_new_field_fails_until_it_is_classified(monkeypatch: pytest.MonkeyPatch) -> None:
    shorter = {**FIELDS, State: {k: v for k, v in FIELDS[State].items() if k != "pile"}}
    monkeypatch.setattr(public_fields, "FIELDS", shorter)
    monkeypatch.setitem(globals(), "FIELDS", shorter)
    with pytest.raises(AssertionError, match="State.pile"):
        test_every_field_of_the_state_and_of_every_slice_is_public_or_hidden()


def _slice_type(procedure: registry.Procedure) -> type | None:
    session = session_of(procedure)
    return session.slice_type if session is not None else None


def test_each_procedure_classifies_its_own_slice_and_the_kernel_only_its_own() -> None:
    tables = {"kernel": public_fields.KERNEL_FIELDS}
    kept = [p for p in registry._REGISTRY.values() if p.state.startswith("hammertui.") and _slice_type(p)]
    assert len(kept) >= 9, "every procedure that keeps a slice is checked"
    for procedure in kept:
        package = procedure.state.rsplit(".", 1)[0]
        assert procedure.public == f"{package}.public", procedure.name
        tables[procedure.name] = importlib.import_module(procedure.public).FIELDS
        assert _slice_type(procedure) in tables[procedure.name], procedure.name
        assert any(r.__module__.startswith(f"{package}.") for r in tables[procedure.name]), procedure.name
    assert all(r.__module__.startswith("hammertui.kernel.") for r in public_fields.KERNEL_FIELDS)
    classified = [record for table in tables.values() for record in table]
    assert len(classified) == len(set(classified)), "a record classified twice"


def action_labels() -> set[str]:
    """The label of every action the session has."""
    labels = set()
    for info in pkgutil.iter_modules(hammertui.kernel.session.__path__):
        module = importlib.import_module(f"hammertui.kernel.session.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and attrs.has(value)
                and isinstance(getattr(value, "label", None), str)
                and hasattr(value, "apply")
            ):
                labels.add(value.label)
    return labels


def test_every_action_s_log_lines_are_public_or_hidden() -> None:
    labels = action_labels() | {"undo", "redo", "new", "restore"}
    assert not labels - EVENTS.keys(), (
        f"say whether the players may see these actions' lines (public_fields.EVENTS): {sorted(labels - EVENTS.keys())}"
    )


@pytest.fixture
def store(tmp_path: Path, b3: Ruleset) -> Store:
    return sessions.create(tmp_path, "evening", b3, seed=7)


def test_redaction_empties_what_the_smith_keeps(store: Store) -> None:
    store.dispatch(StartFight((FoeGroup(FoeKind("Ogre", hd="9", ac=15), 2),), hp="average"))
    seen = redact(store.state)
    fight = seen.slices["sides_and_phases"].fight
    assert [f.name for f in fight.foes] == ["Ogre 1", "Ogre 2"]
    assert {(f.hp, f.max_hp) for f in fight.foes} == {(0, 0)}
    assert seen.slices["sides_and_phases"].foe_kinds == ()
    assert seen.session.seed == 0 and store.state.session.seed == 7
    assert [m.hp for m in seen.party] == [m.hp for m in store.state.party]


def test_hidden_notes_on_rooms_and_characters_are_emptied(state: State) -> None:
    noted = attrs.evolve(
        state, party=(attrs.evolve(state.party[0], notes="owes the 'Smith a secret"), *state.party[1:])
    )
    assert redact(noted).party[0].notes == ""


def test_bands() -> None:
    member = new_member()
    assert band(attrs.evolve(member, hp=10, max_hp=10)) == "Healthy"
    assert band(attrs.evolve(member, hp=6, max_hp=10)) == "Wounded"
    assert band(attrs.evolve(member, hp=5, max_hp=10)) == "Bloodied"
    assert band(attrs.evolve(member, hp=0, max_hp=10, status="down")) == "Down"
    assert band(attrs.evolve(member, hp=0, max_hp=10, status="dead")) == "Dead"


def new_member():  # type: ignore[no-untyped-def]
    return sessions.new_state("x", load_ruleset("hammercrawl"), seed=1)[0].party[0]


def test_numbers_only_when_the_session_shows_them(store: Store) -> None:
    darla = store.state.party[0]
    store.dispatch(ApplyDamage(darla.id, 1, "a rat"))
    assert player_view(store.state, store.ruleset, []).party[0].hp == ""
    store.dispatch(ShowHpNumbers(True))
    shown = player_view(store.state, store.ruleset, []).party[0]
    assert (shown.band, shown.hp) == ("Wounded", f"{darla.hp - 1}/{darla.max_hp}")


def test_the_setting_is_saved_and_an_older_save_reads_as_bands(store: Store, tmp_path: Path) -> None:
    store.dispatch(ShowHpNumbers(True))
    assert store.files is not None
    assert persist.load_state(store.files.snapshot).session.show_hp_numbers
    old = (
        persist.dump_state(store.state)
        .replace(f"schema = {persist.SCHEMA}", "schema = 4")
        .replace("show_hp_numbers = true\n", "")
    )
    path = tmp_path / "old.toml"
    path.write_text(old)
    assert persist.load_state(path).session.show_hp_numbers is False


def test_the_last_roll_is_one_made_in_the_open_that_still_stands(store: Store) -> None:
    darla = store.state.party[0]
    store.dispatch(RollSave(darla.id, "Body", 1))
    store.dispatch(Search(2, 1, "the altar"))
    shown = last_roll(store.state, list(store.recent))
    assert shown is not None and shown.text.startswith("Darla's Body save") and shown.dice
    store.undo()  # the search
    store.undo()  # the save
    shown = last_roll(store.state, list(store.recent))
    assert shown is not None and "Body save" not in shown.text


def test_a_fight_shows_whose_turn_and_the_party_s_effects(store: Store) -> None:
    store.dispatch(StartFight((FoeGroup(FoeKind("Goblin"), 2),), hp="average"))
    store.dispatch(AddEffect("Blessed", "", "round", 3))
    store.dispatch(AddEffect("Dazed", "f1", "round", 1))
    fight = player_view(store.state, store.ruleset, list(store.recent)).fight
    assert fight is not None and fight.turn == "Initiative"
    assert fight.effects == ("Blessed (3 rounds left)",)


def test_the_graveyard_keeps_the_epitaphs(store: Store) -> None:
    darla = store.state.party[0]
    store.dispatch(ApplyDamage(darla.id, 99, "a falling portcullis"))
    store.dispatch(Bury(darla.id, "She went first."))
    fallen = player_view(store.state, store.ruleset, []).graveyard
    assert [(f.name, f.epitaph) for f in fallen] == [("Darla", "She went first.")]


@pytest.mark.parametrize("ruleset_id", [r.id for r in list_rulesets()])
def test_every_shipped_ruleset_has_a_player_view(tmp_path: Path, ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    store = sessions.create(tmp_path, "evening", ruleset, seed=3)
    view = player_view(store.state, ruleset, list(store.recent))
    assert [m.name for m in view.party] == [m.name for m in store.state.party]
    assert view.clock.startswith(ruleset.time.unit.capitalize())
    assert view.burning and not view.dark
    assert all(m.light in ("lit", "dim", "dark") for m in view.party) == ("light_levels" in store.state.slices)


def test_the_setting_refuses_what_is_already_so(store: Store) -> None:
    with pytest.raises(Refused, match="already shows Hit Points as bands"):
        ShowHpNumbers(False).apply(store.state, Context(store.ruleset, SeededDice(1, 1)))


def test_no_line_that_names_a_foe_reaches_the_table(state: State, b3: Ruleset) -> None:
    """A foe's save and the number it needs tell its Hit Dice: the lines Turn Unholy and the surprise
    check write for each foe are the 'Smith's, while the lines for the party stay the table's."""
    zombies = FoeKind("Zombie", "3")
    fight = started(cleric(state, 7), b3, count=2, kind=zombies, surprised=("foes",))
    saved, surprise = run(fight, b3, SurpriseSaves(), (15, 14))
    turned, turning = run(saved, b3, TurnUnholy("c2", ("f1", "f2")), (15, 3, 1, 1, 1, 2, 3, 20, 2))
    lines = [*surprise, *turning]
    assert [e.text for e in lines if "Zombie" in e.text and public_fields.public_event(e)] == []
    assert [e.text for e in lines if public_fields.public_event(e)] == [
        surprise[0].text,
        surprise[-1].text,
        turning[0].text,
    ]
    shown = last_roll(turned, lines)
    assert shown is None or "Zombie" not in shown.text + " ".join(shown.dice)


@attrs.frozen
class _Secret:
    plan: str = "the ambush at the bridge"


def test_a_slice_no_procedure_classifies_is_withheld_whole(store: Store) -> None:
    """A procedure that keeps a slice but says nothing of what the players may see shows them none of it."""
    state = store.state.with_slice("unclassified", _Secret())
    redacted = redact(state)
    assert "unclassified" not in redacted.slices
    assert set(redacted.slices) == {name for name in state.slices if name != "unclassified"}
