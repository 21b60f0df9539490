"""Saves: round trips, atomic replacement with a backup, the append-only log, and hostile files."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hammertui.kernel.rules.dice import Roll, Term
from hammertui.kernel.session import persist
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.state import (
    Character,
    Clock,
    Death,
    Dungeon,
    Effect,
    Grave,
    Hireling,
    SessionInfo,
    State,
    Stats,
)
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.burn_down.state import LightSource
from hammertui.procedures.hammercrawl_classes import state as classes_state
from hammertui.procedures.hammercrawl_classes.state import Sheet, Sheets
from hammertui.procedures.sides_and_phases.rules.combat import AttackPlan
from hammertui.procedures.sides_and_phases.state import NAME, Declared, Fight, FightState, Foe, FoeKind, PendingAttack

text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
"""Text a save may hold: anything but a broken character and a control character (refused)."""
tricky = st.one_of(
    text,
    st.sampled_from(
        ['He said "no"', "[/] [bold]x[/]", "[@click=app.quit]x[/]", "💀🔥 Gnarl", "'''", '"""', "\\", "[[event]]"]
    ),
)
small = st.integers(min_value=0, max_value=10_000)
score = st.integers(min_value=3, max_value=18)


@st.composite
def characters(draw, index: int, dead: bool | None = None) -> Character:
    stats = Stats.of({name: draw(score) for name in ("STR", "DEX", "CON", "INT", "WIS", "CHA")})
    max_hp = draw(st.integers(1, 200))
    status = "dead" if dead else draw(st.sampled_from(["ok", "down"] + ([] if dead is False else ["dead"])))
    death = Death(draw(small), draw(tricky), draw(st.integers(1, 20))) if status == "dead" else None
    return Character(
        id=f"c{index}",
        name=draw(tricky),
        player=draw(tricky),
        class_id=draw(st.sampled_from(["fighter", "thief", "dwarf"])),
        stats=stats,
        hp=draw(st.integers(0, max_hp)),
        max_hp=max_hp,
        ac=draw(st.integers(0, 30)),
        level=draw(st.integers(1, 15)),
        xp=draw(small),
        temp_hp=draw(st.integers(0, 20)),
        status=status,
        notes=draw(tricky),
        death=death,
    )


@st.composite
def constitutions(draw) -> dict[str, int]:
    """A sheet's CON: what is left of a score as rolled."""
    con_max = draw(score)
    return {"con": draw(st.integers(0, con_max)), "con_max": con_max}


@st.composite
def sheets(draw, ids: list[str]) -> Sheets:
    return Sheets(
        {
            who: Sheet(
                bailiwick=draw(st.sampled_from(["", "stealth"])),
                ammo=draw(st.integers(0, 40)),
                spells_forgotten=draw(st.integers(0, 9)),
                bedroll=draw(st.booleans()),
                stance=draw(st.sampled_from(["", "lay_down", "fight_on"])),
                uses=draw(
                    st.dictionaries(st.sampled_from(["not_today", "turn_unholy"]), st.integers(0, 15), max_size=2)
                ),
                rations=draw(st.integers(0, 20)),
                armour=draw(st.sampled_from(["none", "light", "plate"])),
                shield=draw(st.booleans()),
                role=draw(st.sampled_from(["", "Leader", "Mapper"])),
                **draw(constitutions()),
            )
            for who in ids
            if draw(st.booleans())
        }
    )


@st.composite
def fights(draw, party_ids: list[str]) -> Fight:
    foes = tuple(
        Foe(f"f{i}", draw(tricky), draw(tricky), hp, max(1, hp))
        for i, hp in enumerate(draw(st.lists(st.integers(0, 40), max_size=3)), 1)
    )
    combatants = party_ids + [f.id for f in foes]
    declared = {
        cid: Declared(
            draw(st.sampled_from(["stay_put", "move_near", "move_far"])),
            draw(st.sampled_from(["melee", "missile", "magic"])),
        )
        for cid in combatants
    }
    pending = None
    if foes and party_ids and draw(st.booleans()):
        plan = AttackPlan(draw(tricky), "melee", 2, 1, 8, 1, 0, True, (draw(tricky),))
        d20 = Roll("attack 1 1d20", (draw(st.integers(1, 20)),), (7,), 1, (Term("Stay Put", 1),))
        pool = draw(st.none() | st.just(Roll("attack dice 2d20 adv x1", (7, 3, 7), (7, 7))))
        pending = PendingAttack(
            party_ids[0],
            foes[0].id,
            plan,
            13,
            (d20, d20),
            Roll("damage 1d8", (5,), (5,)),
            ((), (d20,)),
            draw(st.booleans()),
            0,
            pool,
        )
    return Fight(
        foes,
        "phase",
        draw(st.integers(1, 60)),
        "party",
        "melee",
        ("party", "foes"),
        ("foes",),
        "party",
        party_ids[0] if party_ids else "",
        draw(st.integers(-3, 3)),
        declared,
        0,
        draw(tricky),
        pending,
    )


@st.composite
def states(draw) -> State:
    party = tuple(draw(characters(i)) for i in range(1, draw(st.integers(0, 5)) + 1))
    ids = [m.id for m in party] + [""]
    lights = tuple(
        LightSource(
            f"l{i}",
            draw(st.sampled_from(["torch", "lantern"])),
            draw(st.integers(0, 24)),
            draw(st.sampled_from(ids)),
            draw(st.booleans()),
        )
        for i in range(draw(st.integers(0, 4)))
    )
    pile = tuple(draw(characters(i, dead=False)) for i in range(10, 10 + draw(st.integers(0, 2))))
    graves = tuple(Grave(draw(characters(i, dead=True)), draw(tricky)) for i in range(20, 20 + draw(st.integers(0, 2))))
    hirelings = tuple(
        Hireling(
            f"h{i}",
            draw(tricky),
            draw(tricky),
            draw(st.integers(0, 5)),
            draw(st.sampled_from(ids)),
            draw(st.booleans()),
        )
        for i in range(draw(st.integers(0, 2)))
    )
    fight = draw(st.none() | fights(ids[:-1]))
    kinds = tuple(
        FoeKind(draw(tricky), draw(st.sampled_from(["1", "3+1", "4*"])), draw(st.integers(8, 20)))
        for _ in range(draw(st.integers(0, 2)))
    )
    effects = tuple(
        Effect(
            f"e{i}",
            draw(tricky),
            draw(st.sampled_from(ids)),
            draw(st.sampled_from(["round", "unit"])),
            draw(small),
            draw(tricky),
        )
        for i in range(draw(st.integers(0, 2)))
    )
    state = State(
        session=SessionInfo(
            draw(tricky),
            "hammercrawl-book3",
            draw(st.integers(0, 2**62)),
            draw(st.sampled_from(["adventure", "hardcore"])),
            procedures={"light": light_state.NAME, "fight": NAME, "characters": classes_state.NAME},
        ),
        dungeon=Dungeon(draw(st.integers(1, 20)), draw(st.integers(0, 30)), draw(small), draw(st.booleans())),
        party=party,
        clock=Clock(draw(small), draw(small)),
        effects=effects,
        seq=draw(small),
        graveyard=graves,
        pile=pile,
        hirelings=hirelings,
        slices={
            NAME: FightState(fight, kinds),
            classes_state.NAME: draw(sheets([m.id for m in (*party, *pile, *(g.character for g in graves))])),
        },
    )
    return light_state.with_lights(state, lights)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(states())
def test_any_state_comes_back_exactly(tmp_path: Path, state: State) -> None:
    files = persist.SaveFiles(tmp_path, "round")
    persist.write_snapshot(files, state)
    assert persist.load_state(files.snapshot) == state


def test_snapshot_is_replaced_and_the_previous_kept_as_backup(tmp_path: Path, state: State) -> None:
    files = persist.SaveFiles(tmp_path, "bak")
    persist.write_snapshot(files, state)
    later = attrs.evolve(state, seq=state.seq + 1)
    persist.write_snapshot(files, later)
    assert persist.load_state(files.snapshot) == later
    assert persist.load_state(files.backup) == state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bak.toml", "bak.toml.bak"], "no temp files left"


def test_the_snapshot_holds_no_log(tmp_path: Path, state: State) -> None:
    files = persist.SaveFiles(tmp_path, "nolog")
    persist.write_snapshot(files, state)
    text = files.snapshot.read_text()
    assert text.startswith("schema = 8\n")
    assert "[[event]]" not in text


def events(n: int, start: int = 0) -> list[Event]:
    return [
        Event(i, "time", f'event {i} with "quotes"\nand a newline [[event]]', (f"1d6: [{i % 6 + 1}]",), clock=i)
        for i in range(start, start + n)
    ]


def test_log_appends_and_the_tail_is_read_from_the_end(tmp_path: Path) -> None:
    log = tmp_path / "s.log.toml"
    for batch in range(30):
        persist.append_events(log, events(100, batch * 100))
    tail = persist.read_log_tail(log, 50, block=4096)
    assert [e.seq for e in tail] == list(range(2950, 3000))
    assert tail[-1] == events(1, 2999)[0]
    assert log.read_text().startswith("schema = 1\n")


def test_a_torn_last_event_is_left_out_and_cut_off(tmp_path: Path) -> None:
    log = tmp_path / "s.log.toml"
    persist.append_events(log, events(3))
    whole = log.read_bytes()
    log.write_bytes(whole + b'[[event]]\nseq = 9\naction = "ti')
    assert [e.seq for e in persist.read_log_tail(log)] == [0, 1, 2]
    end, told = persist.settle_log(log, None)
    assert (end, log.read_bytes()) == (len(whole), whole) and told
    assert persist.settle_log(log, None) == (len(whole), [])


HOSTILE = {
    "bad TOML": (b"schema = 1\n[session\nname = 'x'\n", "line 2"),
    "missing field": (b'schema = 1\n[session]\nname = "x"\nseed = 1\n', "ruleset"),
    "mistyped field": (b'schema = 1\nseq = "many"\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n', "seq"),
    "bool for int": (b'schema = 1\nseq = true\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n', "seq"),
    "newer schema": (b'schema = 99\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n', "newer"),
    "no schema": (b'[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n', "schema"),
    "unknown key": (b'schema = 1\nevil = 1\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n', "evil"),
    "not UTF-8": (b"schema = 1\n\xff\xfe", "UTF-8"),
    "empty": (b"", "schema"),
    "deep nesting": (b"schema = 1\nx = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested"),
    "impossible values": (
        b'schema = 1\n[session]\nname = "x"\nruleset = "hammercrawl"\nseed = 1\n'
        b'[[party]]\nid = "c1"\nname = "A"\nclass_id = "fighter"\nhp = 50\nmax_hp = 5\nac = 10\ncon = 30\n'
        b"[party.stats]\nSTR = 3\nDEX = 3\nCON = 10\nINT = 2\nWIS = 3\nCHA = 3\n",
        "INT",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_unreadable_saves_are_refused_untouched(tmp_path: Path, case: str) -> None:
    content, clue = HOSTILE[case]
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    with pytest.raises(persist.SaveError) as caught:
        persist.load_state(path)
    message = str(caught.value)
    assert str(path) in message
    assert clue in message
    assert path.read_bytes() == content


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with open(path, "wb") as handle:
        handle.truncate(persist.MAX_SNAPSHOT_BYTES + 1)
    with pytest.raises(persist.SaveError, match="too large"):
        persist.load_state(path)
