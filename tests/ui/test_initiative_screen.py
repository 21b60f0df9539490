"""The fight screen by individual initiative under the shipped Russell House Rules: its keys are one
list of commands, named in the palette with the key each has now and offered only when the fight
allows; the dashboard's keys wait while it is up; the attack's range is one key; the foes' form asks
their AC and offers the surprise the meeting left."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Label, OptionList, Select, Static

from hammertui.kernel.session.procedures import held_surprise
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.exploration_die.actions import TakeTurn
from hammertui.procedures.individual_initiative.actions import (
    Attack,
    FoeGroup,
    RollInitiative,
    SetCondition,
    StartFight,
)
from hammertui.procedures.individual_initiative.screens import AttackDialog, FoesDialog, InitiativeScreen
from hammertui.procedures.individual_initiative.state import Fight, fighting
from hammertui.procedures.russell_characters.state import Carry
from tests.ui.scripted_gm import CountingKeys, scripted_app
from tests.ui.waiting import until

GOBLINS = StartFight((FoeGroup("Goblin", count=2, hd=1, ac=7, hp=4),))


def fight_of(app: HammerApp) -> Fight:
    fight = fighting(app.store.state)
    assert fight is not None
    return fight


def titles(app: HammerApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def to_the_fight(pilot, app: HammerApp) -> None:  # type: ignore[no-untyped-def]
    assert app.perform(GOBLINS)
    await pilot.press("F")
    await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "the fight screen")


async def test_the_palette_names_each_command_by_its_key_and_only_what_applies(tmp_path: Path) -> None:
    """A crit's choice only with "a critical hit" waiting ("allows the player to choose between either
    double damage or a normal attack plus some kind of bonus"); a Bleeding Out save only with someone
    Bleeding Out ("Player must roll a constitution save every round"); an attack only on someone's turn."""
    app, _ = scripted_app(tmp_path, [3, 5, 6, 1, 2, 4], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_fight(pilot, app)
        offered = titles(app)
        assert "Roll initiative (i)" in offered and "End the fight (x)" in offered and "Close (esc)" in offered
        for absent in (
            "Attack (a)",
            "Next turn (space)",
            "The critical hit's choice (c)",
            "Bleeding Out save (b)",
            "Stabilise (s)",
        ):
            assert absent not in offered, absent
        assert not {"Pass a turn", "Fight!", "The fight", "Sheet: Darla"} & set(offered), "the dashboard's wait for it"

        await pilot.press("i")
        await until(pilot, lambda: fight_of(app).round == 1, "round 1")
        assert {"Attack (a)", "Next turn (space)", "Free attack (A)"} <= set(titles(app))
        assert app.perform(SetCondition(app.store.state.party[0].id, "bleeding_out"))
        await pilot.pause()
        assert {"Bleeding Out save (b)", "Stabilise (s)"} <= set(titles(app))

        app.set_keymap({"initiative.attack": "j"})
        await pilot.pause()
        assert "Attack (j)" in titles(app), "the key the keymap gives it"


async def test_a_waiting_crit_is_the_only_way_on(tmp_path: Path) -> None:
    """ "A roll of a "20" indicates a critical hit, which hits automatically and allows the player to
    choose": until the choice is made, nothing else of the fight is offered."""
    party = 4  # Darla, Brannoc, Wenna and Otto
    app, _ = scripted_app(tmp_path, [3] * (party + 2) + [20, 3], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_fight(pilot, app)
        assert len(app.store.state.living) == party
        assert app.perform(RollInitiative())
        assert app.perform(Attack("f1", "c1", free=True))
        await pilot.pause()
        assert fight_of(app).crit is not None
        offered = titles(app)
        assert "The critical hit's choice (c)" in offered
        assert not {"Attack (a)", "Next turn (space)", "Roll initiative (i)", "End the fight (x)"} & set(offered)


async def test_the_dashboards_keys_wait_under_the_fight(tmp_path: Path) -> None:
    """F would stack a second fight, t pass a turn, p mark a Tired pip, l light or douse, h heal, U
    use a usage die: none of them act while the fight is up."""
    app, _ = scripted_app(tmp_path, [3, 5, 6, 1], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_fight(pilot, app)
        seq, stack = app.store.state.seq, len(app.screen_stack)
        for key in ("F", "t", "U", "p", "l", "h", "T", "n", "c", "b", "s", "e"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, InitiativeScreen) and len(app.screen_stack) == stack, key
            assert app.store.state.seq == seq, f"{key} changed nothing"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0], "the dashboard")
        usage = next(c for c in app.commands if c.id == "usage.roll")
        assert app.check_action(*app._checked(usage)), "the dashboard's own keys are back"


async def test_the_attack_takes_its_range_by_one_key(tmp_path: Path) -> None:
    """ "Far: Beyond throwing distance. ... Spend a round moving to get within Close range.": a blow
    at Far range is refused, named by the rule, until the range is Hand-to-Hand."""
    app, _ = scripted_app(tmp_path, [1, 1, 6, 2, 3, 3, 15, 3], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_fight(pilot, app)
        await pilot.press("i")
        await until(pilot, lambda: fight_of(app).acting, "someone's turn")
        await pilot.press("a")
        await until(pilot, lambda: app.screen.query("OptionList"), "whom to attack")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
        await pilot.press("f")
        assert app.screen.at == "far"
        seq = app.store.state.seq
        await pilot.press("ctrl+s")
        await until(
            pilot, lambda: "Far away" in str(app.screen.query_one("#problem", Label).render()), "the range refused"
        )
        assert str(app.screen.query_one("#problem", Label).render()).startswith("Ranges: Goblin")
        await pilot.press("h", "ctrl+s")
        await until(pilot, lambda: app.store.state.seq > seq, "the attack rolled")


async def test_the_foes_form_asks_their_ac_and_offers_the_surprise_of_the_meeting(tmp_path: Path) -> None:
    """ "Any group that surprises the other "has the drop on them" and can hold surprise: if the
    meeting turns to fighting, the group that surprised the other still gets a free round". The
    party's 6 is no surprise, the foes' 1 through a newly opened door is."""
    app, _ = scripted_app(tmp_path, [6, 1, 3, 4], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(TakeTurn(face=1, through_door=True))
        assert held_surprise(app.store.state) == "party"
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FoesDialog), "the foes form")
        assert app.screen.query_one("#surprise", Select).value == "party"
        await pilot.press(*"Goblin", "tab", "2", "tab", "1", "tab", "tab", "5", "enter")
        await until(pilot, lambda: "AC" in str(app.screen.query_one("#problem", Label).render()), "the AC asked")
        assert fighting(app.store.state) is None
        await pilot.press("shift+tab", *"7", "enter")
        await until(pilot, lambda: isinstance(app.screen, InitiativeScreen), "the fight screen")
        assert fight_of(app).free_round == "party"
        order = str(app.screen.query_one("#initiative-order", Static).render())
        assert order.startswith("Roll initiative for round 1: a free round, the party had the drop")


async def test_standing_up_is_the_turns_action(tmp_path: Path) -> None:
    """ "Floored: ... Takes a full action to stand up": `k` stands the Floored one up in their turn,
    and then `a` is not offered and throws nothing until the next turn."""
    app, _ = scripted_app(tmp_path, [3, 5, 6, 1, 2, 4], "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_fight(pilot, app)
        await pilot.press("i")
        await until(pilot, lambda: fight_of(app).acting, "someone's turn")
        acting = fight_of(app).acting
        assert app.perform(SetCondition(acting, "floored"))
        await pilot.press("k")
        await until(pilot, lambda: app.screen.query("OptionList"), "who")
        await pilot.press("enter")
        await until(
            pilot,
            lambda: "Stand up" in str(app.screen.query_one("OptionList").get_option_at_index(0).prompt),
            "the conditions",
        )
        assert "this turn's action" in str(app.screen.query_one("OptionList").get_option_at_index(0).prompt)
        await pilot.press("enter")
        await until(pilot, lambda: fight_of(app).stood == acting, "stood up")
        assert "floored" not in fight_of(app).held(acting)
        assert "stood up: their action this turn" in str(app.screen.query_one("#initiative-order", Static).render())
        assert "Attack (a)" not in titles(app) and "Next turn (space)" in titles(app)
        seq = app.store.state.seq
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, InitiativeScreen) and app.store.state.seq == seq
        await pilot.press("space")
        await until(pilot, lambda: fight_of(app).acting != acting, "the next turn")
        assert "Attack (a)" in titles(app)


async def test_firing_into_melee_and_a_fumbles_answer_take_a_few_keys(tmp_path: Path) -> None:
    """ "If firing into melee, a miss on an attack roll of 1-5 will hit a random ally involved in the
    melee, doing full damage"; a fumble "results in a free attack by their target". Wenna carries
    Arrows: her attack form opens ranged at Close range, `m` makes it into a melee, Enter rolls
    (a, enter, m, enter). After Goblin 1's fumble on Darla, `A` offers Darla's answer first (A,
    enter, enter)."""
    initiative = [1, 1, 6, 1, 1, 1]  # Darla, Brannoc, Wenna (+1 WIS), Otto; Goblin 1, Goblin 2: Wenna first
    shot = [4, 1, 3]  # a 4 misses, into the melee: 1d3 picks Darla, the d6 is 3
    fumble, answer = [1], [12, 4]
    app, _ = scripted_app(tmp_path, initiative + shot + fumble + answer, "russell-house-rules")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(Carry("c3", "Arrows"))
        await to_the_fight(pilot, app)
        assert app.perform(RollInitiative())
        await until(pilot, lambda: fight_of(app).acting == "c3", "Wenna's turn")
        press = CountingKeys(pilot)
        await press("a", "enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
        assert app.screen.at == "close" and app.screen.query_one("#bow", Checkbox).value, "a bow-carrier shoots"
        await press("m", "enter")
        await until(pilot, lambda: "Into the melee" in app.store.recent[-2].text, "the stray shot")
        assert app.store.recent[-3].text.startswith("Wenna attacks Goblin 1 at Close range: 4 + 1 + AC 7")
        assert app.store.recent[-2].text == "Into the melee: the shot hits Darla for 3."
        assert press.count == 4

        assert app.perform(Attack("f1", "c1", free=True))
        await pilot.pause()
        press = CountingKeys(pilot)
        await press("A")
        await until(pilot, lambda: app.screen.query("OptionList"), "the free attack offered")
        assert str(app.screen.query_one(OptionList).get_option_at_index(0).prompt) == "Darla answers Goblin 1's fumble"
        await press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), "the attack form")
        await press("enter")
        await until(
            pilot,
            lambda: app.store.recent[-2].text.startswith("Darla attacks Goblin 1: 12 + 1 + AC 7 = 20 — a hit"),
            "the answer",
        )
        assert press.count == 3
