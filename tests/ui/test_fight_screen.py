"""The fight modal from the main screen: stepping the round, the keys on the highlighted combatant,
ending the fight; and the Combat pane that shows the fight behind it."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.widgets import Input, OptionList, Static

from hammertui.kernel.session.actions import RenameSession
from hammertui.kernel.session.vitals import ApplyDamage
from hammertui.kernel.ui.app import HammerApp
from hammertui.kernel.ui.dialogs.amount import AmountDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.log import FightLog
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.actions import AddEffect, Attack, FightNext, FoeGroup, HurtFoe, StartFight
from hammertui.procedures.sides_and_phases.pane import CombatPane
from hammertui.procedures.sides_and_phases.screens import CombatantTable, FightScreen
from hammertui.procedures.sides_and_phases.state import FoeKind, fighting
from tests.ui.test_explore import scripted
from tests.ui.test_party import log_text, plain
from tests.ui.waiting import until

GOBLINS = StartFight((FoeGroup(FoeKind("Goblin", "1", 12), 3),))
HP = [5, 7, 4]  # each goblin's d8
ROUND_1 = [6, 3]  # the party's d10 (+1 for Darla's DEX) beats the foes'
ROUND_2 = [1, 8]  # the foes win


def now(app: HammerApp) -> str:
    return plain(app.screen.query_one("#fight-now", Static))


def notes(app: HammerApp) -> str:
    return plain(app.screen.query_one("#fight-notes", Static))


def just_now(app: HammerApp) -> str:
    """The fight's log panel as drawn, line by line."""
    log = app.screen.query_one(FightLog)
    return "\n".join(log.render_line(y).text.rstrip() for y in range(log.size.height))


def pane(app: HammerApp) -> str:
    return plain(app.query_one(CombatPane))


def row(app: HammerApp, key: str) -> list[str]:
    return [str(getattr(cell, "plain", cell)) for cell in app.screen.query_one(CombatantTable).get_row(key)]


async def highlight(pilot, app: HammerApp, key: str) -> None:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(CombatantTable)
    table.move_cursor(row=[k.value for k in table.rows].index(key))
    await pilot.pause()


async def pick(pilot, app: HammerApp, option_id: str) -> None:  # type: ignore[no-untyped-def]
    options = app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def test_a_round_stepped_with_space_enter_and_n(tmp_path: Path) -> None:
    app, script = scripted(tmp_path, HP + ROUND_1 + ROUND_2)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.pause()
        assert "Roll for initiative for round 1" in pane(app)
        assert app.query_one(CombatPane).border_subtitle == "F the fight · space next"

        await pilot.press("F")
        assert isinstance(app.screen, FightScreen)
        assert "Roll for initiative for round 1 (space)." in now(app)
        table = app.screen.query_one(CombatantTable)
        assert [k.value for k in table.rows] == ["c1", "c2", "c3", "c4", "f1", "f2", "f3"]
        assert app.screen.focused is table
        assert row(app, "f2") == ["Foe", "Goblin 2", "7/7", "12", "Move Near, melee", ""]

        await pilot.press("space")  # initiative: the party wins and acts in Melee
        await pilot.pause()
        fight = fighting(app.store.state)
        assert (fight.round, fight.side, fight.phase) == (1, "party", "melee")
        assert "Round 1 · the party acts first, then the foes · now: the party, Melee" in now(app)
        assert "Initiative: The party rolled 7, the foes 3: the party acts first." in now(app)
        assert "Acting now: Darla, Brannoc, Wenna, Otto Sixfingers (Stay Put, melee)" in now(app)
        assert "party initiative 1d10+1: [6] +1 = 7; foes initiative 1d10: [3] = 3" in just_now(app)
        assert row(app, "c1") == ["Party", "Darla", "5/5", "16", "Stay Put, melee +1 ready", ""]

        await pilot.press("enter")  # the table has focus, and Enter steps the fight all the same
        await pilot.pause()
        fight = fighting(app.store.state)
        assert (fight.side, fight.phase) == ("foes", "movement")
        assert "The foes' turn begins: check their morale (o), or skip it (O)." in now(app)
        assert app.screen.highlighted() == "f1", "the cursor goes to the first who acts"
        assert isinstance(app.screen, FightScreen)

        await pilot.press("O")  # no morale check this turn
        await pilot.pause()
        assert "No morale check: the foes fight on." in log_text(app)
        assert "check their morale" not in now(app)

        await pilot.press("n")
        await pilot.pause()
        assert fighting(app.store.state).phase == "melee"
        await pilot.press("space")  # the round is over
        await pilot.pause()
        assert "Round 1 is over. Roll for initiative for round 2 (space)." in now(app)
        assert "End of round 1." in just_now(app)

        await pilot.press("space")  # round 2: the foes win
        await pilot.pause()
        assert "Round 2 · the foes act first, then the party · now: the foes, Movement" in now(app)
        assert script.remaining == 0

        await pilot.press("escape")  # the fight stays in the session; the pane shows it
        await pilot.pause()
        assert not isinstance(app.screen, FightScreen)
        assert fighting(app.store.state) is not None
        assert "Round 2 · foes · Movement" in pane(app)
        assert "Acting now: Goblin 1, Goblin 2, Goblin 3" in pane(app)

        await pilot.press("space")  # the main screen's key steps it too
        await pilot.pause()
        assert "Round 2 · foes · Melee" in pane(app)


async def test_undo_steps_back_and_an_undone_fight_says_so(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await pilot.press("space")
        await pilot.pause()
        assert fighting(app.store.state).round == 1

        await pilot.press("u")
        await pilot.pause()
        assert fighting(app.store.state).round == 0
        assert "Roll for initiative for round 1" in now(app)

        await pilot.press("u")  # the fight itself is undone: the screen says so
        await pilot.pause()
        assert fighting(app.store.state) is None
        assert "No fight is on." in now(app)
        assert not app.screen.query_one(CombatantTable).display
        assert app.screen.check_action("next", ()) is False
        assert app.screen.check_action("foes", ()) is True

        await pilot.press("F")  # foes to start one
        await pilot.pause()
        assert type(app.screen).__name__ == "FoesDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, FightScreen)
        assert "No combat." in pane(app)


async def test_a_fight_started_from_the_empty_screen(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + [2, 6])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await pilot.press("u")
        await pilot.pause()
        assert "No fight is on." in now(app)

        await pilot.press("F")
        await pilot.pause()
        assert type(app.screen).__name__ == "FoesDialog" and not app.screen.adding
        app.screen.query_one("#name", Input).value = "Rat"
        app.screen.query_one("#count", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        assert [f.name for f in fighting(app.store.state).foes] == ["Rat 1", "Rat 2"]
        table = app.screen.query_one(CombatantTable)
        assert table.display and app.screen.focused is table
        assert row(app, "f2")[1:3] == ["Rat 2", "6/6"]


async def test_ending_a_fight_both_sides_still_standing(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await pilot.press("space")
        await pilot.pause()

        await pilot.press("x")  # both sides stand: the 'Smith says how it ends
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "keep")
        assert isinstance(app.screen, FightScreen) and fighting(app.store.state) is not None

        await pilot.press("x")
        await pilot.pause()
        await pick(pilot, app, "foes")
        assert fighting(app.store.state) is None
        assert not isinstance(app.screen, FightScreen)
        assert "The fight is over after 1 round: none beaten, none fled. The foes fled or gave up." in log_text(app)
        assert "Loot time!" in log_text(app)
        assert app.store.state.clock.units == 1 and app.store.state.clock.rounds == 0
        assert "No combat." in pane(app)


async def test_the_party_getting_away_is_no_loot_time(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pick(pilot, app, "party")
        assert fighting(app.store.state) is None
        assert "The party got away." in log_text(app)
        assert "Loot time!" not in log_text(app)
        assert "Nothing to loot: the party got away." in log_text(app)


async def test_the_foes_beaten_end_it_at_once(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())
        for foe, hp in (("f1", 5), ("f2", 7), ("f3", 4)):
            assert app.perform(HurtFoe(foe, hp))
        await pilot.press("F")
        await pilot.pause()
        assert "The foes are beaten: x to end the fight." in notes(app)
        assert row(app, "f1")[2:] == ["0/5", "12", "-", "struck off"]
        assert "The foes are beaten" in pane(app)

        await pilot.press("x")
        await pilot.pause()
        assert fighting(app.store.state) is None
        assert not isinstance(app.screen, FightScreen)
        assert "Loot time!" in log_text(app)


async def test_hurting_healing_and_marking_the_highlighted_foe(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await highlight(pilot, app, "f2")

        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        app.screen.query_one(Input).value = "3"
        await pilot.press("enter")
        await pilot.pause()
        assert fighting(app.store.state).foe("f2").hp == 4
        assert row(app, "f2")[2] == "4/7"

        await pilot.press("H")
        await pilot.pause()
        app.screen.query_one(Input).value = "1"
        await pilot.press("enter")
        await pilot.pause()
        assert fighting(app.store.state).foe("f2").hp == 5

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "cowering")
        assert fighting(app.store.state).foe("f2").status == "cowering"
        assert row(app, "f2")[5] == "cowering"

        await highlight(pilot, app, "c1")  # a character's status is the roster's business
        assert app.screen.check_action("foe_status", ()) is False

        await pilot.press("escape")  # the dashboard, hidden meanwhile, catches up
        await pilot.pause()
        assert "Goblin 2  5/7  cowering" in pane(app)


async def test_the_highlighted_character_is_hurt_by_the_roster_rules(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + [15])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await highlight(pilot, app, "c2")
        assert app.screen.check_action("lay_down", ()) is False

        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        app.screen.query_one(Input).value = "6"
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.state.character("c2").status == "down"
        assert row(app, "c2")[2] == "0/6"
        assert app.screen.check_action("lay_down", ()) is True

        await pilot.press("z")  # Lay Down: a Death save (the d20 shows 15)
        await pilot.pause()
        assert "Brannoc" in log_text(app).splitlines()[-1]
        assert sheet_of(app.store.state, "c2").stance == "lay_down"


async def test_effects_put_on_and_ended(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(AddEffect("Dazed", "f2", "round", 2))
        assert app.perform(AddEffect("Bless", "", "round", 3))
        await pilot.press("F")
        await pilot.pause()
        assert row(app, "f2")[5] == "Dazed (2 rounds left)"
        assert "The party: Bless (3 rounds left)" in notes(app)
        assert "Goblin 2  7/7  Dazed (2 rounds left)" in pane(app)
        assert "The party: Bless (3 rounds left)" in pane(app)

        await pilot.press("space")  # round 1 begins: a round of each effect is gone
        await pilot.pause()
        assert row(app, "f2")[5] == "Dazed (1 round left)"

        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        await pick(pilot, app, "e1")
        assert [e.name for e in app.store.state.effects] == ["Bless"]
        assert row(app, "f2")[5] == ""


async def test_an_attack_waiting_to_land(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1 + [2] * 10)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())
        assert app.perform(Attack("c1", "f1"))
        await pilot.press("F")
        await pilot.pause()
        assert "An attack waits to land: a  (Darla on Goblin 1)" in notes(app)
        assert "Darla attacks Goblin 1" in just_now(app)
        assert "An attack waits to land" in pane(app)

        await pilot.press("space")  # refused: the damage comes first
        await pilot.pause()
        assert fighting(app.store.state).phase == "melee"
        await pilot.press("a")
        await pilot.pause()
        assert type(app.screen).__name__ == "AttackDialog"


async def test_the_keys_open_their_dialogs(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())
        await pilot.press("F")
        await highlight(pilot, app, "c2")
        opened = {}
        for key in ("A", "d", "o", "t", "e", "F"):
            await pilot.press(key)
            await until(
                pilot, lambda: not isinstance(app.screen, FightScreen) and app.screen.is_mounted, f"{key}'s dialog"
            )
            opened[key] = app.screen
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, FightScreen), f"the fight again after {key}")
        assert {k: type(s).__name__ for k, s in opened.items()} == {
            "A": "AttackDialog",
            "d": "DeclareDialog",
            "o": "MoraleDialog",
            "t": "TurnUnholyDialog",
            "e": "EffectDialog",
            "F": "FoesDialog",
        }
        assert opened["F"].adding, "F adds foes to the fight under way"
        assert opened["d"].combatant_id == "c2"
        assert app.screen.check_action("skip_morale", ()) is False, "not at the top of the foes' turn"


async def test_turn_unholy_needs_a_cleric_with_a_use_left(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        assert app.screen.check_action("turn_unholy", ()) is True
        assert app.perform(ApplyDamage("c2", 6))  # Brannoc, the only Cleric, is down
        await pilot.pause()
        assert app.screen.check_action("turn_unholy", ()) is False


async def test_the_pane_redraws_only_when_the_fight_changes(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.pause()
        shown = app.query_one(CombatPane).content
        assert app.perform(RenameSession("the goblin warrens"))
        await pilot.pause()
        assert app.query_one(CombatPane).content is shown
        assert app.perform(HurtFoe("f1", 1))
        await pilot.pause()
        assert app.query_one(CombatPane).content is not shown
        assert "Goblin 1  4/5" in pane(app)


async def open_from_palette(pilot, app: HammerApp, command: str) -> None:  # type: ignore[no-untyped-def]
    """ctrl+p, the command's name, Enter, once the palette offers it first."""
    await pilot.press("ctrl+p", *command)

    def offered() -> bool:
        found = app.screen.query(CommandList)
        return (
            bool(found)
            and found.first().option_count > 0
            and str(found.first().get_option_at_index(0).prompt).startswith(command)
        )

    await until(pilot, offered, f"the palette offering {command}")
    await pilot.press("enter")


async def test_the_palette_offers_the_keys_the_fight_footer_has_no_room_for(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())
        await pilot.press("F")
        await highlight(pilot, app, "c2")
        opened = {}
        for command in ("Turn Unholy (t)", "Effect (e)", "Foes (F)"):
            await open_from_palette(pilot, app, command)
            await until(
                pilot,
                lambda: not isinstance(app.screen, (FightScreen, CommandPalette)) and app.screen.is_mounted,
                f"{command}'s dialog",
            )
            opened[command] = type(app.screen).__name__
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, FightScreen), f"the fight again after {command}")
        assert opened == {"Turn Unholy (t)": "TurnUnholyDialog", "Effect (e)": "EffectDialog", "Foes (F)": "FoesDialog"}


async def test_the_hint_names_turn_unholy_while_a_cleric_can_and_fits_80_columns(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.perform(GOBLINS)
        assert app.perform(FightNext())  # the party's turn
        await pilot.press("F")
        await pilot.pause()
        line = app.screen.query_one("#fight-hint", Static)
        words = plain(line)
        assert words.startswith("space/enter next · t turn unholy · e effect · F more foes · ")
        room = line.content_size.width
        assert words.index("F more foes") + len("F more foes") <= room, "seen whole at 80 columns"
        assert app.perform(ApplyDamage("c2", 6))  # Brannoc, the only Cleric, is down
        await pilot.pause()
        assert "turn unholy" not in plain(line)


async def test_the_one_marked_in_front_is_whom_the_foes_attack(tmp_path: Path) -> None:
    """ "for foes: the party member in front, by the ruleset's order or the GM's marking": `i` (or
    the palette) on Wenna marks her, `u` takes it back, and a goblin's `a` throws at her."""
    app, _ = scripted(tmp_path, HP + ROUND_2 + [18, 3])
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F")
        await highlight(pilot, app, "c3")
        await pilot.press("i")
        await until(pilot, lambda: fighting(app.store.state).front == "c3", "Wenna in front")
        assert "in front" in row(app, "c3")[5] and "Wenna is in front: the foes go for Wenna first." in just_now(app)
        assert "In front (i)" not in offered(app), "she is in front already"
        await pilot.press("u")
        await until(pilot, lambda: fighting(app.store.state).front == "", "the marking undone")
        assert "in front" not in row(app, "c3")[5]
        await highlight(pilot, app, "c3")
        await open_from_palette(pilot, app, "In front (i)")
        await until(pilot, lambda: fighting(app.store.state).front == "c3", "Wenna in front")
        await pilot.press("space")  # initiative: the foes win
        while fighting(app.store.state).phase != "melee":
            await pilot.press("space")
            await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: type(app.screen).__name__ == "AttackDialog", "the landing")
        assert fighting(app.store.state).pending.target == "c3"
        await pilot.press("enter")
        await until(pilot, lambda: fighting(app.store.state).pending is None, "the blow landed")
        assert "Goblin 1 on Wenna: 1 hit, 3 damage." in log_text(app)


def offered(app: HammerApp) -> set[str]:
    return {command.title for command in app.get_system_commands(app.screen)}


async def test_the_log_draws_a_line_once_and_moves_it_up_as_events_come(tmp_path: Path) -> None:
    app, _ = scripted(tmp_path, HP + ROUND_1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.perform(GOBLINS)
        await pilot.press("F", "space")
        await pilot.pause()
        log = app.screen.query_one(FightLog)
        before = [log.render_line(y) for y in range(log.size.height)]
        await pilot.press("space")  # on to the foes: one more event at the bottom
        await pilot.pause()
        after = [log.render_line(y) for y in range(log.size.height)]
        assert "the foes" in after[-1].text and after[-1].text != before[-1].text
        kept = [line for line in after if any(line is old for old in before)]
        assert len(kept) >= len(after) - 3, "the lines still showing are those drawn before, moved up"
