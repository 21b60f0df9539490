"""A fight by individual initiative, by keys, in a session played by every Russell House Rules
procedure: two goblins met, initiative rolled for two rounds, each combatant attacking in turn (a
crit's choice taken when one comes), the pane showing the order, then saved mid-fight and reopened."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from hammertui.kernel.ui.app import HammerApp, make_app
from hammertui.procedures.individual_initiative.pane import InitiativePane
from hammertui.procedures.individual_initiative.screens import AttackDialog, InitiativeScreen
from hammertui.procedures.individual_initiative.state import Fight, fighting
from tests.individual_initiative_ruleset import write
from tests.ui.waiting import until


def fight_of(app: HammerApp) -> Fight:
    fight = fighting(app.store.state)
    assert fight is not None
    return fight


async def take_turn(pilot: object, app: HammerApp) -> None:
    """The one acting attacks the first offered (the other side), the form rolled as it stands; a
    crit takes double damage; then the next turn."""
    seq = app.store.state.seq
    await pilot.press("a")  # type: ignore[attr-defined]
    await until(pilot, lambda: app.screen.query("OptionList"), "whom to attack")
    await pilot.press("enter")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    await until(
        pilot,
        lambda: app.store.state.seq > seq or app.screen.query_one("#problem").render().plain,
        "the attack rolled or refused",
    )  # type: ignore[attr-defined]
    if isinstance(app.screen, AttackDialog):
        await pilot.press("escape")  # type: ignore[attr-defined]
    if fight_of(app).crit is not None:
        await pilot.press("c")  # type: ignore[attr-defined]
        await until(pilot, lambda: app.screen.query("OptionList"), "the crit's choice")
        await pilot.press("enter")  # type: ignore[attr-defined]
        await until(pilot, lambda: fight_of(app).crit is None, "double damage taken")
    await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "back on the fight")
    at = fight_of(app).at
    await pilot.press("space")  # type: ignore[attr-defined]
    await until(pilot, lambda: fight_of(app).at > at, "the next turn")


async def test_two_rounds_against_two_goblins_saved_and_reopened(tmp_path: Path) -> None:
    rules = write(tmp_path)
    saves = tmp_path / "saves"
    app = make_app(saves, "russell-fight", ruleset_id=str(rules), seed=5)
    async with app.run_test(size=(140, 44)) as pilot:
        assert "No combat." in str(app.query_one(InitiativePane).render())
        await pilot.press("F")
        await until(pilot, lambda: app.screen.query("#foe-name"), "the foes form")
        await pilot.press(*"Goblin", "tab", "2", "tab", "1", "tab", "7", "tab", "5", "enter")
        await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "the fight screen")
        assert [(f.name, f.hp, f.ws) for f in fight_of(app).foes] == [("Goblin 1", 5, 1), ("Goblin 2", 5, 1)]

        attacks = 0
        for round_ in (1, 2):
            await pilot.press("i")
            await until(pilot, lambda round_=round_: fight_of(app).round == round_, f"initiative for round {round_}")
            order = fight_of(app).order
            assert len(order) == len(app.store.state.living) + len(fight_of(app).standing_foes)
            rolls = fight_of(app).rolls
            assert [rolls[w] for w in order] == sorted(rolls.values(), reverse=True), "descending initiative"
            while fight_of(app).acting:
                await take_turn(pilot, app)
                attacks += 1
        assert attacks >= 4
        said = [e.text for e in app.store.recent]
        assert sum(" attacks " in t for t in said) >= 4 and any(t.startswith("Round 2: ") for t in said)
        shown = str(app.screen.query_one("#initiative-order", Static).render())
        assert shown.startswith("Round 2 · roll initiative") and "Goblin 1" in shown
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0], "back on the dashboard")
        assert "Round 2" in str(app.query_one(InitiativePane).render())
        await pilot.press("e")
        await pilot.pause()
        assert app.screen is app.screen_stack[0], "no exploration turn while the fight is on"
    state = app.store.state
    again = make_app(saves, "russell-fight", ruleset_id=str(rules))
    assert again.store is not None and again.store.state == state
    assert fighting(again.store.state) is not None
    assert "[slices.individual_initiative.fight]" in (saves / "russell-fight.toml").read_text()
