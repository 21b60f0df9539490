"""Who `a` throws for, and Enter on a list in the attack form: the highlighted combatant attacks when
they may act now, else the next to act; a list opens on Enter and chooses on Enter, it never throws."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import sessions
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.sides_and_phases.actions import FightNext, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.dialogs.attack import AttackDialog
from hammertui.procedures.sides_and_phases.screens import FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_fight_screen import highlight
from tests.ui.waiting import until

GOBLINS = StartFight((FoeGroup(FoeKind("Goblin", "1", 12), 2),))
HP = [5, 4]  # each goblin's d8
INITIATIVE = [9, 2]  # the party's die beats the foes'
MISSES = [2] * 12  # the attack dice and any damage: low, and a face every die has


def fight_app(tmp_path: Path, ruleset: str) -> HammerApp:
    """A new session under `ruleset` with two goblins met and the party winning initiative."""
    made = sessions.create(tmp_path, "demo", load_ruleset(ruleset), seed=7)
    script = ScriptedDice(HP + INITIATIVE + MISSES)
    return HammerApp(Store(made.state, made.ruleset, made.files, made.recent, dice=lambda _: script))


async def fight_on(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    assert app.perform(GOBLINS) and app.perform(FightNext())
    await pilot.press("F")
    await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight")


def thrown_by(app: HammerApp) -> str:
    fight = fighting(app.store.state)
    assert fight is not None and fight.pending is not None, "an attack was thrown"
    return fight.pending.attacker


async def test_a_throws_for_the_highlighted_one_who_may_act_now(tmp_path: Path) -> None:
    app = fight_app(tmp_path, "hammercrawl")
    async with app.run_test(size=(120, 40)) as pilot:
        await fight_on(pilot, app)
        await highlight(pilot, app, "c3")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack's dice")
        assert thrown_by(app) == "c3", "Wenna, highlighted and still to act"


async def test_a_on_one_who_may_not_act_throws_for_the_next_to_act(tmp_path: Path) -> None:
    app = fight_app(tmp_path, "hammercrawl")
    async with app.run_test(size=(120, 40)) as pilot:
        await fight_on(pilot, app)
        await highlight(pilot, app, "f2")  # a goblin, in the party's phase
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack's dice")
        assert thrown_by(app) == "c1", "Darla, the first still to act"


async def test_a_where_turns_are_named_gives_the_highlighted_one_the_next_turn(tmp_path: Path) -> None:
    """Book Three's Advantage revision: the Leader names who takes the next Turn; `a` on one still
    waiting for theirs names them and throws, where it used to say nobody was left to attack."""
    app = fight_app(tmp_path, "hammercrawl-book3-advantage")
    async with app.run_test(size=(120, 40)) as pilot:
        await fight_on(pilot, app)
        assert fighting(app.store.state).turn == ""
        await highlight(pilot, app, "c3")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack's dice")
        assert fighting(app.store.state).turn == "c3"
        assert thrown_by(app) == "c3"


async def test_a_where_turns_are_named_on_one_not_waiting_asks_whose_turn(tmp_path: Path) -> None:
    app = fight_app(tmp_path, "hammercrawl-book3-advantage")
    async with app.run_test(size=(120, 40)) as pilot:
        await fight_on(pilot, app)
        await highlight(pilot, app, "f1")  # a goblin, on the party's turn
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen) and fighting(app.store.state).turn == ""
        said = [str(n.message) for n in app._notifications]
        assert any(
            m.startswith("Whose Turn is it? Highlight one still to take theirs (Darla, Brannoc, Wenna, Otto")
            for m in said
        ), said


async def test_enter_on_the_attacker_list_opens_it_and_chooses_without_throwing(tmp_path: Path) -> None:
    app = fight_app(tmp_path, "hammercrawl")
    async with app.run_test(size=(120, 40)) as pilot:
        await fight_on(pilot, app)
        await pilot.press("A")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
        attacker = app.screen.query_one("#attacker", Select)
        attacker.focus()
        await pilot.pause()
        assert attacker.value == "c1"

        await pilot.press("enter")
        await until(pilot, lambda: attacker.expanded, "the attacker list open")
        assert fighting(app.store.state).pending is None, "Enter on the list threw no dice"

        await pilot.press("down", "enter")
        await until(pilot, lambda: not attacker.expanded, "the attacker chosen")
        assert attacker.value == "c2"
        assert isinstance(app.screen, AttackDialog) and fighting(app.store.state).pending is None

        await pilot.press("space")
        await until(pilot, lambda: attacker.expanded, "the list open on space")
        await pilot.press("escape")
        await until(pilot, lambda: not attacker.expanded, "the list closed")

        await pilot.press("ctrl+s")
        await until(pilot, lambda: fighting(app.store.state).pending is not None, "the throw")
        assert thrown_by(app) == "c2"
