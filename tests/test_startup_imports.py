"""Start-up imports what the first frame draws and nothing more.

The app is run to its first frame in a fresh process, the way a 'Smith opens it (a session saved
before), and the modules loaded by then are compared with what that frame
needs. A module new to this list is a module every start-up now pays for: import it where it is
used (a screen, a dialog, an action), or add it here when the first frame, or a module it needs
(the save's reading and writing, the crash screen that must show whatever fails), cannot do
without it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FIRST_FRAME = """
import sys
from pathlib import Path
from hammertui.ui.app import make_app

async def first_frame(pilot):
    await pilot.pause()
    print("\\n".join(sorted(sys.modules)))
    pilot.app.exit()

make_app(Path(sys.argv[1]), "evening", ruleset_id=sys.argv[2], seed=1).run(headless=True, size=(120, 40), auto_pilot=first_frame)
"""

DRAWN = {
    "hammercrawl-book3": """
        hammertui hammertui.rules hammertui.rules.abilities hammertui.rules.attack_plan hammertui.rules.bonuses
        hammertui.rules.characters hammertui.rules.checks hammertui.rules.clock hammertui.rules.damage
        hammertui.rules.dice hammertui.rules.explore hammertui.rules.hit_dice hammertui.rules.light hammertui.rules.odds
        hammertui.rules.procedures hammertui.rules.ruleset hammertui.rules.ruleset.advancement hammertui.rules.table_hooks hammertui.rules.records hammertui.rules.records
        hammertui.rules.ruleset.checks hammertui.rules.ruleset.classes hammertui.rules.ruleset.combat
        hammertui.rules.ruleset.decisions hammertui.rules.ruleset.divining hammertui.rules.ruleset.exploration_die
        hammertui.rules.ruleset.exploring hammertui.rules.ruleset.individual_initiative hammertui.rules.ruleset.kit
        hammertui.rules.ruleset.light hammertui.rules.ruleset.light_levels hammertui.rules.ruleset.loading
        hammertui.rules.ruleset.model hammertui.rules.ruleset.procedures hammertui.rules.ruleset.report
        hammertui.rules.ruleset.russell_characters hammertui.rules.ruleset.schema hammertui.rules.ruleset.stats
        hammertui.rules.ruleset.structure
        hammertui.rules.ruleset.tiers hammertui.rules.ruleset.time hammertui.rules.ruleset.toml_file
        hammertui.rules.ruleset.traps hammertui.rules.text hammertui.rules.tiers hammertui.rules.town hammertui.rules.vitality
        hammertui.rules.words
        hammertui.session hammertui.session.actions hammertui.session.advancement hammertui.session.camp_state
        hammertui.session.carrying hammertui.session.divining_state hammertui.session.effects hammertui.session.events
        hammertui.session.explore hammertui.session.fight_state hammertui.session.light_state hammertui.session.lights hammertui.session.lock
        hammertui.session.migrations hammertui.session.names hammertui.session.persist hammertui.session.procedures hammertui.session.rage
        hammertui.session.recruits hammertui.session.save_check hammertui.session.sessions hammertui.session.snapshot_text
        hammertui.session.state hammertui.session.store
        hammertui.session.vitals hammertui.ui hammertui.ui.app hammertui.ui.camping hammertui.ui.combat
        hammertui.ui.commands hammertui.ui.crash hammertui.ui.dialogs hammertui.ui.dialogs.amount hammertui.ui.dialogs.base
        hammertui.ui.dialogs.choose hammertui.ui.dialogs.form hammertui.ui.dialogs.hand_over
        hammertui.ui.dialogs.save_problem hammertui.ui.dialogs.text hammertui.ui.divining hammertui.ui.header
        hammertui.ui.footer hammertui.ui.heap hammertui.ui.keymap hammertui.ui.light hammertui.ui.log hammertui.ui.numbers
        hammertui.ui.plain hammertui.ui.procedures hammertui.ui.roster hammertui.ui.screens hammertui.ui.table
        hammertui.ui.type_ahead hammertui.ui.view
    """,
}
"""Our modules the first frame needs, by ruleset."""

NEVER = ("pygments", "matplotlib", "numpy", "PIL", "aiohttp", "textual_serve", "hypothesis")
"""Never before the first frame: heavy packages no first frame draws."""


def loaded_at_first_frame(tmp_path: Path, ruleset: str) -> set[str]:
    command = [sys.executable, "-c", FIRST_FRAME, str(tmp_path / "saves"), ruleset]
    subprocess.run(command, check=True, capture_output=True)  # makes the session
    shown = subprocess.run(command, check=True, capture_output=True, text=True)
    return set(shown.stdout.split())


@pytest.mark.parametrize("ruleset", sorted(DRAWN))
def test_start_up_imports_only_what_the_first_frame_draws(tmp_path: Path, ruleset: str) -> None:
    loaded = loaded_at_first_frame(tmp_path, ruleset)
    ours = {name for name in loaded if name.split(".")[0] == "hammertui"}
    drawn = set(DRAWN[ruleset].split())
    assert not ours - drawn, f"now imported before the first frame: {sorted(ours - drawn)}"
    assert not drawn - ours, f"no longer imported before the first frame (take them off the list): {sorted(drawn - ours)}"


def test_start_up_never_loads_heavy_packages(tmp_path: Path) -> None:
    loaded = loaded_at_first_frame(tmp_path, "russell-house-rules")
    assert not [name for name in loaded if name.split(".")[0] in NEVER or name in NEVER]
