"""Book Three's special attacks in the attack dialog: one key for each option on the throw, and
on the landing one key to make the picked die a Shield Bash or a Tactical Attack."""

from __future__ import annotations

from pathlib import Path

import attrs

from hammertui.kernel.session.state import State
from hammertui.procedures.sides_and_phases import actions as combat
from hammertui.procedures.sides_and_phases.state import fighting
from tests.ui.test_attack_dialog import OGRE, armed, enter, open_attack, shown
from tests.ui.test_party import log_text


def _fighter(state: State) -> State:
    darla = attrs.evolve(state.party[0], class_id="fighter")
    return attrs.evolve(state, party=(darla, *state.party[1:]))


async def test_s_makes_the_die_a_tactical_attack_and_the_save_is_thrown_on_landing(tmp_path: Path) -> None:
    """ "a combatant can choose to declare one or more of their dice rolls (not necessarily hits!) as
    Tactical Attacks"; Darla the Thief "receive[s] Boons to them": the d4 (2) on her 4 makes 6, the
    Ogre's Mind save of 3 fails."""
    app, _ = armed(tmp_path, [5, 3, 2, 3], "hammercrawl-book3")
    async with app.run_test(size=(120, 44)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        await open_attack(pilot, app)
        await enter(pilot)
        dialog = app.screen
        await pilot.press("s")
        await pilot.pause()
        assert "die 1: Tactical Attack (Mind)" in shown(dialog, "#specials")
        await enter(pilot)
        assert fighting(app.store.state).pending is None
        log = log_text(app)
        assert "die 1 Tactical Attack (Mind) on Ogre" in log and "vs 6: failed" in log
        assert any(e.on == "f1" and e.name == "a Bane on its next action" for e in app.store.state.effects)


async def test_a_fighter_s_die_becomes_a_shield_bash_with_its_effect(tmp_path: Path) -> None:
    """ "declare one of their successful hits as a Shield Bash. The attack does half the rolled
    damage (round down)"; e picks the effect, here knocked down."""
    app, _ = armed(tmp_path, [15, 14, 6, 2], "hammercrawl-book3", _fighter)
    async with app.run_test(size=(120, 44)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        await open_attack(pilot, app)
        await enter(pilot)
        dialog = app.screen
        for key in ("down", "down", "s", "e", "e"):
            await pilot.press(key)
        await pilot.pause()
        specials = shown(dialog, "#specials")
        assert "die 2: Shield Bash" in specials and "Knocked down" in specials
        await enter(pilot)
        log = log_text(app)
        assert "die 2 Shield Bash on Ogre" in log and "failed, 1 effect" in log
        assert any(e.on == "f1" and e.name == "Knocked down" for e in app.store.state.effects)


async def test_shift_u_throws_unarmed_with_the_armed_foe_s_bane(tmp_path: Path) -> None:
    """ "If your opponent is armed, your attack roll receives a Bane"."""
    app, _ = armed(tmp_path, [15, 1, 3], "hammercrawl-book3")
    async with app.run_test(size=(120, 44)) as pilot:
        app.perform(combat.StartFight((OGRE,), hp="average"))
        await open_attack(pilot, app)
        await pilot.press("U")
        await enter(pilot)
        log = log_text(app)
        assert "1 Bane: unarmed against an armed foe" in log
        assert fighting(app.store.state).pending.plan.halved
