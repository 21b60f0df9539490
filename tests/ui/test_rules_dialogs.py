"""The texts' rules in the dialogs: Thiefy Expertise offered where a Thief may reroll, the ruleset's
ad-hoc XP, levelling at Camp or in Town (or anywhere, with a reason), Book Three's levelling HP."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widgets import Button, Input, Label, Select

from hammertui.kernel.session.state import State
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.procedures.hammercrawl_classes.dialogs.check import CheckDialog
from hammertui.procedures.hammercrawl_classes.dialogs.xp import XPDialog
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from tests.ui.test_attack_dialog import armed
from tests.ui.test_party import log_text
from tests.ui.waiting import until


async def test_a_failed_thief_skill_offers_the_thiefy_reroll_and_spends_it(tmp_path: Path) -> None:
    """Darla, Thief 1, fails Lockpicking on a 2; the dialog stays on the result and offers her one
    reroll; the 19 rolled again stands and the reroll is spent until Town."""
    app, script = armed(tmp_path, [2, 19])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        dialog.query_one("#kind", Select).value = "thief"
        which = dialog.query_one("#which", Select)
        for _ in range(50):  # the thief skills arrive with the kind's change
            if which.value == "deciphering":
                break
            await pilot.pause()
        which.value = "lockpicking"
        await pilot.pause()
        await pilot.press("ctrl+s")  # a click would leave the button deaf to Enter for a moment
        await pilot.pause()
        assert app.screen is dialog, "a failed Thief Skill check a Thief may reroll stays open"
        assert "Lockpicking" in str(dialog.query_one("#preview", Label).render())
        assert str(dialog.query_one("#ok", Button).label) == "Reroll with Thiefy Expertise (1 of 1 left)"
        assert str(dialog.query_one("#cancel", Button).label) == "Close"
        await pilot.press("enter")  # on the offer, which has the focus
        await until(pilot, lambda: not isinstance(app.screen, CheckDialog), "the reroll's result closing the dialog")
        assert sheet_of(app.store.state, "c1").uses == {"thief_rerolls": 0}
        assert "Darla spends a Thiefy Expertise reroll (0 left until Town)." in log_text(app)
        assert script.remaining == 0


async def test_a_save_offers_no_reroll(tmp_path: Path) -> None:
    app, _ = armed(tmp_path, [2])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.click("#ok")
        await pilot.pause()
        assert not isinstance(app.screen, CheckDialog)


async def test_book_three_xp_picks_are_one_two_and_three(tmp_path: Path) -> None:
    """ "Hah yeah, okay that was pretty cool: 1 XP; Whoah, that was awesome!: 2 XP; ... 3 XP"."""
    app, _ = armed(tmp_path, [], "hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("x")
        dialog = app.screen
        assert isinstance(dialog, XPDialog)
        assert "1, 2 or 3 XP" in str(dialog.query_one(Label).render())
        picks = dialog.query_one("#pick", Select)
        assert [str(label) for label, _ in picks._options if _ is not Select.NULL][:3] == [
            "1 XP: Hah yeah, okay that was pretty cool",
            "2 XP: Whoah, that was awesome!",
            "3 XP: The table, players and household all literally explode",
        ]
        picks.value = "1"
        await pilot.pause()
        dialog.query_one("#who", Select).value = "c1"
        await pilot.click("#ok")
        await pilot.pause()
        assert app.store.state.character("c1").xp == 2
        assert "2 XP to Darla (Whoah, that was awesome!)." in log_text(app)


def ready_to_level(state: State) -> State:
    """Darla with the 20 XP level 2 needs."""
    return attrs.evolve(state, party=(attrs.evolve(state.party[0], xp=20), *state.party[1:]))


async def test_v_away_from_camp_and_town_is_refused_and_V_levels_with_a_reason(tmp_path: Path) -> None:
    app, _ = armed(tmp_path, [4, 4], tweak=ready_to_level)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("v")
        await pilot.pause()
        assert app.store.state.character("c1").level == 1
        assert any(
            "You must then either use the Level Up camp action, or return to Town" in n.message
            for n in app._notifications
        )
        await pilot.press("V")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one(Input).value = "the oracle's gift"
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.state.character("c1").level == 2
        assert "The 'Smith lets Darla level up outside Camp and Town: the oracle's gift." in log_text(app)


async def test_book_three_levelling_hp_is_switched_from_the_palette(tmp_path: Path) -> None:
    app, _ = armed(tmp_path, [], "hammercrawl-book3")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Levelling Hit Points")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        app.screen.dismiss("reroll_all_con_each")
        await pilot.pause()
        assert app.store.state.session.level_up_hp == "reroll_all_con_each"
        assert "Levelling up from now on: reroll every Hit Die, CON mod on each" in log_text(app)
        await pilot.press("u")
        assert app.store.state.session.level_up_hp == ""
