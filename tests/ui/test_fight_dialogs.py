"""The fight's three side dialogs: morale, Turn Unholy and timed effects, each target said before the
roll, the dice scripted, the results kept in place, and both rulesets where their numbers differ."""

from __future__ import annotations

from pathlib import Path

import attrs
from rich.text import Text
from textual.widgets import Input, Label, Select, SelectionList

from hammertui.kernel.rules.dice import ScriptedDice
from hammertui.kernel.ruleset import load_ruleset
from hammertui.kernel.session import effects, sessions
from hammertui.kernel.session.state import replace_member
from hammertui.kernel.session.store import Store
from hammertui.kernel.ui.app import HammerApp
from hammertui.procedures.hammercrawl_classes.rules import tiers
from hammertui.procedures.hammercrawl_classes.state import sheet_changed
from hammertui.procedures.sides_and_phases import state as fight_state
from hammertui.procedures.sides_and_phases.actions import FightNext, FoeGroup, StartFight
from hammertui.procedures.sides_and_phases.dialogs.effect import EffectDialog
from hammertui.procedures.sides_and_phases.dialogs.morale import MoraleDialog
from hammertui.procedures.sides_and_phases.dialogs.turn_unholy import TurnUnholyDialog
from hammertui.procedures.sides_and_phases.state import FoeKind
from tests.ui.test_party import log_text

BRANNOC = "c2"  # the demo party's Cleric
GOBLINS = FoeGroup(FoeKind("Goblin"), 2)
ORC = FoeGroup(FoeKind("Orc", morale=8))
INITIATIVE = [9, 1]  # the party's d10, the foes' d10: the party acts first


def scripted(tmp_path: Path, faces: list[int], ruleset: str = "hammercrawl", cleric_level: int = 1) -> HammerApp:
    """The demo session under `ruleset`, its dice read from a script, its Cleric at `cleric_level`."""
    made = sessions.create(tmp_path, "demo", load_ruleset(ruleset), seed=7)
    state = made.state
    if cleric_level != 1:
        cleric = attrs.evolve(next(m for m in state.party if m.id == BRANNOC), level=cleric_level)
        state = sheet_changed(state, BRANNOC, uses={"turn_unholy": cleric_level})
        state = attrs.evolve(state, party=replace_member(state.party, cleric))
    script = ScriptedDice(faces)
    return HammerApp(Store(state, made.ruleset, made.files, made.recent, dice=lambda _: script))


def fight(app: HammerApp, *groups: FoeGroup) -> None:
    """Foes appear with average Hit Points, so no die is thrown for them."""
    assert app.try_perform(StartFight(groups, hp="average")) is None


def next_round(app: HammerApp) -> None:
    """Step the fight (space) until a new round's initiative is rolled."""
    fighting = fight_state.fighting(app.store.state)
    assert fighting is not None
    start = fighting.round
    for _ in range(40):
        assert app.try_perform(FightNext()) is None
        fighting = fight_state.fighting(app.store.state)
        assert fighting is not None
        if fighting.round != start:
            return
    raise AssertionError("the round never ended")


def shown(app: HammerApp, widget_id: str) -> str:
    content = app.screen.query_one(widget_id, Label).content
    return content.plain if isinstance(content, Text) else str(content)


def status(app: HammerApp, foe_id: str) -> str:
    fighting = fight_state.fighting(app.store.state)
    assert fighting is not None
    return fighting.foe(foe_id).status


# ---------------------------------------------------------------------------------- morale


async def test_morale_against_an_eyeballed_major_threat(tmp_path: Path) -> None:
    # Goblin 1 fails its Rally save, Goblin 2 passes; the Orc's 2d6 (11) is over its Morale 8.
    app = scripted(tmp_path, [3, 17, 5, 6])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS, ORC)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        assert app.screen.query_one("#foes", SelectionList).selected == ["f1", "f2", "f3"]
        app.screen.query_one("#threat", Select).value = "major"
        await pilot.pause()
        before = shown(app, "#preview")
        assert "Goblin 1: Rally save +0 vs 15 (Major threat)" in before
        assert "Goblin 2: Rally save +0 vs 15" in before
        assert "Orc: 2d6 vs Morale 8 (its own score, whatever the threat: breaks on more than 8)" in before
        assert "Those that fail: fleeing." in before

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MoraleDialog), "the results stay for the 'Smith to read"
        after = shown(app, "#preview")
        assert "Goblin 1 morale: Major threat: morale Rally save 1d20: [3] = 3 vs 15: failed. Marked fleeing." in after
        assert "Goblin 2 morale: Major threat: morale Rally save 1d20: [17] = 17 vs 15: passed. Fights on." in after
        assert "Orc morale: morale 2d6: [5, 6] = 11 against Morale 8" in after
        assert after.endswith("Morale: Goblin 1 and Orc flee; Goblin 2 fights on.")
        assert [status(app, f) for f in ("f1", "f2", "f3")] == ["fleeing", "ok", "fleeing"]

        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, MoraleDialog)
        fighting = fight_state.fighting(app.store.state)
        assert fighting is not None and fighting.morale_offered == fighting.round


async def test_morale_by_the_tiers_names_a_bad_tier_and_can_cower(tmp_path: Path) -> None:
    app = scripted(tmp_path, [14, 15], ruleset="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        ruleset = app.store.ruleset
        app.push_screen(MoraleDialog(ruleset, app.store.state))
        await pilot.pause()
        assert not app.screen.query_one("#tier", Input).display
        app.screen.query_one("#threat", Select).value = "tiers"
        app.screen.query_one("#fail-as", Select).value = "cowering"
        app.screen.query_one("#tier", Input).value = "x"
        await pilot.pause()
        assert app.screen.query_one("#tier", Input).display
        assert shown(app, "#preview") == "Threat tier: 'x' is not a whole number"
        await pilot.press("ctrl+s")
        assert shown(app, "#problem") == "Threat tier: 'x' is not a whole number"
        assert status(app, "f1") == "ok"

        app.screen.query_one("#tier", Input).value = "3"
        await pilot.pause()
        target = tiers.save_target(ruleset, 3, 1)
        assert target == ruleset.tier_tables["save"][-1], "two tiers above: the table's last row"
        assert f"Goblin 1: Rally save +0 vs {target} (a tier 3 threat against a tier 1 foe)" in shown(app, "#preview")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [status(app, f) for f in ("f1", "f2")] == ["cowering", "cowering"]
        assert "Marked cowering." in shown(app, "#preview")
        await pilot.press("escape")
        assert not isinstance(app.screen, MoraleDialog)


async def test_no_check_fights_on(tmp_path: Path) -> None:
    app = scripted(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(MoraleDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, MoraleDialog)
        assert "No morale check: the foes fight on." in log_text(app)
        assert [status(app, f) for f in ("f1", "f2")] == ["ok", "ok"]


# ---------------------------------------------------------------------------------- Turn Unholy


async def test_turn_unholy_by_the_complete_rules_table(tmp_path: Path) -> None:
    # The Skeleton's Mind save: 5 against 12, failed; it flees for 2d4 = 3 + 2 rounds.
    app = scripted(tmp_path, [5, 3, 2])
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, FoeGroup(FoeKind("Skeleton")), FoeGroup(FoeKind("Goblin")))
        ruleset = app.store.ruleset
        app.push_screen(TurnUnholyDialog(ruleset, app.store.state))
        await pilot.pause()
        assert app.screen.query_one("#cleric", Select).value == BRANNOC
        assert "Tick the unholy it reaches." in shown(app, "#preview")
        app.screen.query_one("#targets", SelectionList).select("f1")
        await pilot.pause()
        target = tiers.turn_unholy_target(ruleset, 1, 1)
        assert target == 12
        preview = shown(app, "#preview")
        assert "Brannoc: level 1, tier 1. Each victim makes a Mind save" in preview
        assert f"Skeleton (tier 1): Mind save +0 vs {target}; failed: Flee (2d4 rounds)." in preview
        assert "Goblin" not in preview

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnUnholyDialog)
        after = shown(app, "#preview")
        assert "Brannoc (tier 1) turns the unholy (0 left)." in after
        assert "Skeleton Mind save 1d20: [5] = 5 vs 12: failed: Flee: 5 rounds." in after
        state = app.store.state
        (fled,) = state.effects
        assert (fled.on, fled.name, fled.unit) == ("f1", "Flee", effects.ROUND)
        assert effects.describe_left(state, ruleset, fled) == "5 rounds left"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TurnUnholyDialog)

        app.push_screen(TurnUnholyDialog(ruleset, app.store.state))
        await pilot.pause()
        assert shown(app, "#preview") == "Brannoc has no Turn Unholy left until rested."
        await pilot.press("ctrl+s")
        assert shown(app, "#problem") == "Brannoc has no Turn Unholy left until rested."


async def test_turn_unholy_in_book_three_spares_the_intelligent(tmp_path: Path) -> None:
    # A level 7 Cleric (tier 3) against tier 1 foes: target 21, destroyed, but the Wight is
    # intelligent: a Boon on its save (d20 2 + d4 1), and it flees hurt instead (2d4, 3d8).
    # The Zombie's save (4) fails: destroyed.
    app = scripted(tmp_path, [2, 1, 2, 1, 1, 1, 2, 4], ruleset="hammercrawl-book3", cleric_level=7)
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, FoeGroup(FoeKind("Wight", hd="1+4", intelligent=True)), FoeGroup(FoeKind("Zombie")))
        ruleset = app.store.ruleset
        app.push_screen(TurnUnholyDialog(ruleset, app.store.state))
        await pilot.pause()
        targets = app.screen.query_one("#targets", SelectionList)
        targets.select_all()
        await pilot.pause()
        target = tiers.turn_unholy_target(ruleset, 3, 1)
        assert target == 21
        preview = shown(app, "#preview")
        assert (
            f"Wight (tier 1): Mind save +0 with 1 Boon (intelligent) vs {target}; "
            "failed: Flee, and take damage (2d4 rounds, 3d8 damage) (intelligent: never destroyed)."
        ) in preview
        assert f"Zombie (tier 1): Mind save +0 vs {target}; failed: Destroyed." in preview

        await pilot.press("ctrl+s")
        await pilot.pause()
        after = shown(app, "#preview")
        assert "(intelligent: cannot be destroyed)" in after
        assert "Wight takes 4: 4/8 HP left." in after
        assert status(app, "f1") == "ok" and status(app, "f2") == "defeated"
        (fled,) = app.store.state.effects
        assert (fled.on, fled.name) == ("f1", "Flee, and take damage")
        assert effects.time_left(app.store.state, fled) == 3


async def test_turn_unholy_in_book_three_at_equal_tiers(tmp_path: Path) -> None:
    app = scripted(tmp_path, [], ruleset="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, FoeGroup(FoeKind("Ghoul", hd="2")))
        app.push_screen(TurnUnholyDialog(app.store.ruleset, app.store.state))
        await pilot.pause()
        app.screen.query_one("#targets", SelectionList).select("f1")
        await pilot.pause()
        assert "Ghoul (tier 1): Mind save +0 vs 15; failed: Flee (2d4 rounds)." in shown(app, "#preview")


# ---------------------------------------------------------------------------------- effects


async def test_an_effect_on_a_foe_ends_by_itself(tmp_path: Path) -> None:
    app = scripted(tmp_path, INITIATIVE * 3)
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        next_round(app)
        app.push_screen(EffectDialog(app.store.ruleset, app.store.state, on="f1"))
        await pilot.pause()
        assert app.screen.query_one("#on", Select).value == "f1"
        app.screen.query_one("#preset", Select).value = "dazed"
        await pilot.pause()
        assert app.screen.query_one("#name", Input).value == "Dazed"
        assert shown(app, "#preview") == "Goblin 1: Dazed, 1 round (ends at the top of round 2)"

        duration = app.screen.query_one("#duration", Input)
        duration.value = "two"
        await pilot.pause()
        assert shown(app, "#preview") == "Duration: 'two' is not a whole number"
        await pilot.press("ctrl+s")
        assert shown(app, "#problem") == "Duration: 'two' is not a whole number"
        duration.value = "0"
        await pilot.pause()
        assert shown(app, "#preview") == "Duration: 0? An effect lasts 1 or more"
        await pilot.press("ctrl+s")
        assert shown(app, "#problem") == "An effect lasts at least 1."
        assert app.store.state.effects == ()

        duration.value = "2"
        await pilot.pause()
        assert shown(app, "#preview") == "Goblin 1: Dazed, 2 rounds (ends at the top of round 3)"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, EffectDialog)
        (dazed,) = app.store.state.effects
        assert (dazed.on, dazed.name, effects.time_left(app.store.state, dazed)) == ("f1", "Dazed", 2)

        next_round(app)  # round 2: still dazed
        assert app.store.state.effects == (dazed,)
        next_round(app)  # round 3 begins: it ends
        assert app.store.state.effects == ()
        assert "Goblin 1: Dazed ends." in log_text(app)


async def test_effect_quick_picks_follow_the_ruleset(tmp_path: Path) -> None:
    app = scripted(tmp_path, [], ruleset="hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        fight(app, GOBLINS)
        app.push_screen(EffectDialog(app.store.ruleset, app.store.state, on="nobody"))
        await pilot.pause()
        assert app.screen.query_one("#on", Select).value == "", "an unknown wearer falls back to the party"
        picks = app.screen.query_one("#preset", Select)

        picks.value = "turn-flee"
        await pilot.pause()
        assert app.screen.query_one("#name", Input).value == "Flee"
        assert app.screen.query_one("#duration", Input).value == ""
        assert shown(app, "#hint") == "Turn Unholy: roll 2d4 and type the rounds."
        assert shown(app, "#preview").startswith("Duration: type how many")

        picks.value = "against"
        await pilot.pause()
        assert app.screen.query_one("#name", Input).value == "A Boon against"
        assert app.screen.query_one("#note", Input).value == "The next action against them gains a Boon."

        picks.value = "rage-berserker"
        await pilot.pause()
        assert app.screen.query_one("#note", Input).value == "Mind save 12 on taking damage; Mind save 15 to break out."

        picks.value = "unconscious"
        await pilot.pause()
        assert "a round is 10 seconds, 6 a minute" in shown(app, "#hint")
        app.screen.query_one("#duration", Input).value = "3"
        app.screen.query_one("#unit", Select).value = "unit"
        await pilot.pause()
        assert shown(app, "#preview") == "The party: Unconscious, 3 Beats (ends as the clock reaches Beat 3)"
        await pilot.press("ctrl+s")
        await pilot.pause()
        (out,) = app.store.state.effects
        assert (out.on, out.unit, out.ends_at) == ("", effects.UNIT, 3)
