"""Class abilities reached by keys: Stabbity!'s question on the attack, Sudden Inner Strength's
box for a Halfling only, and g for a Berserker's rage on the fight screen."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widgets import Checkbox, Select

from hammertui.kernel.session.state import State
from hammertui.procedures.hammercrawl_classes import state as rage
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.screens import FightScreen
from tests.ui.test_attack_dialog import OGRE, armed, enter, foe_hp, open_attack, shown
from tests.ui.test_fight_screen import highlight, just_now, pick
from tests.ui.waiting import until


def berserker(state: State) -> State:
    """Darla as a Berserker."""
    darla = attrs.evolve(state.party[0], class_id="berserker", hp=12, max_hp=12)
    return attrs.evolve(state, party=(darla, *state.party[1:]))


async def test_stabbity_from_behind_on_the_attack_and_its_damage(tmp_path: Path) -> None:
    # Darla, a first-level Thief: "the thief doubles their damage against that foe on a
    # successful hit". Her damage is 1d6-1: a 4 is 3, doubled 6.
    app, _ = armed(tmp_path, [15, 4])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        before = foe_hp(app)
        dialog = await open_attack(pilot, app)
        assert not dialog.query_one("#inner-strength", Checkbox).display, "a Thief has no Sudden Inner Strength"
        dialog.query_one("#unseen", Select).value = "from behind"
        await pilot.pause()
        assert "Stabbity x2: from behind" in shown(dialog, "#plan")
        await enter(pilot)
        landing = shown(dialog, "#dice")
        assert "Damage 1d6-1: [4] -1 + Stay Put [1] = 4, Stabbity x2: from behind = 8 damage for each hit" in landing
        dialog.query_one("#stay-put", Select).value = "none"
        await pilot.pause()
        assert "Damage 1d6-1: [4] -1 = 3, Stabbity x2: from behind = 6 damage for each hit" in shown(dialog, "#dice")
        await enter(pilot)
        assert foe_hp(app) == before - 6


async def test_the_inner_strength_box_is_there_for_a_halfling(tmp_path: Path) -> None:
    def halfling(state: State) -> State:
        pip = attrs.evolve(state.party[0], class_id="halfling")
        return attrs.evolve(state, party=(pip, *state.party[1:]))

    app, _ = armed(tmp_path, [15, 4], tweak=halfling)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        dialog = await open_attack(pilot, app)
        assert not dialog.query_one("#unseen-row").display, "Stabbity! is the Thief's"
        box = dialog.query_one("#inner-strength", Checkbox)
        assert box.display
        box.value = True
        await pilot.pause()
        assert "Sudden Inner Strength: 1 HP spent, damage die 1 step up" in shown(dialog, "#plan")
        hp = app.store.state.party[0].hp
        await enter(pilot)
        assert app.store.state.party[0].hp == hp - 1


async def test_g_takes_a_berserker_into_the_rage_and_out(tmp_path: Path) -> None:
    app, _ = armed(tmp_path, [16, 17], tweak=berserker)
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        await pilot.press("F")
        await until(pilot, lambda: isinstance(app.screen, FightScreen), "the fight screen")
        await highlight(pilot, app, "c1")
        await pilot.press("g")
        await until(pilot, lambda: not isinstance(app.screen, FightScreen), "the rage's choices")
        await pick(pilot, app, "willing")
        await until(pilot, lambda: rage.is_raging(app.store.state, app.store.ruleset, "c1"), "the rage")
        assert "goes into Murderous Rage" in just_now(app)
        await pilot.press("g")
        await until(pilot, lambda: not isinstance(app.screen, FightScreen), "the rage's choices")
        await pick(pilot, app, "break")
        await until(pilot, lambda: not rage.is_raging(app.store.state, app.store.ruleset, "c1"), "the rage broken")
        assert "mind clears" in just_now(app)


async def test_surprised_foes_are_offered_as_surprised_in_round_1(tmp_path: Path) -> None:
    # The stabbity_when decision: a side surprised in round 1 is offered as surprised.
    app, _ = armed(tmp_path, [])
    async with app.run_test(size=(120, 40)) as pilot:
        app.perform(combat.StartFight((OGRE,), surprised=("foes",), hp="average"))
        dialog = await open_attack(pilot, app)
        assert dialog.query_one("#unseen", Select).value == "surprised"
        assert "Stabbity x2: surprised" in shown(dialog, "#plan")
