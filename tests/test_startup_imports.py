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

from hammertui.kernel.rules import procedures as registry
from hammertui.kernel.ruleset import load_ruleset

FIRST_FRAME = """
import sys
from pathlib import Path
from hammertui.kernel.ui.app import make_app

async def first_frame(pilot):
    await pilot.pause()
    print("\\n".join(sorted(sys.modules)))
    pilot.app.exit()

make_app(Path(sys.argv[1]), "evening", ruleset_id=sys.argv[2], seed=1).run(
    headless=True, size=(120, 40), auto_pilot=first_frame
)
"""

DRAWN = {
    "hammercrawl-book3": """
        hammertui hammertui.kernel hammertui.procedures hammertui.procedures.burn_down
        hammertui.procedures.divining_pool
        hammertui.procedures.divining_pool.actions hammertui.procedures.divining_pool.rules
        hammertui.procedures.divining_pool.schema
        hammertui.procedures.exploration_die hammertui.procedures.hammercrawl_camp
        hammertui.procedures.hammercrawl_classes
        hammertui.procedures.hammercrawl_classes.actions hammertui.procedures.hammercrawl_classes.rules
        hammertui.procedures.individual_initiative
        hammertui.procedures.light_levels hammertui.procedures.russell_characters hammertui.procedures.sides_and_phases
        hammertui.procedures.sides_and_phases.rules hammertui.kernel.rules
        hammertui.procedures.hammercrawl_classes.rules.abilities hammertui.procedures.sides_and_phases.rules.attack_plan
        hammertui.procedures.divining_pool.rules.bonuses
        hammertui.procedures.hammercrawl_classes.rules.characters hammertui.procedures.hammercrawl_classes.rules.checks
        hammertui.kernel.rules.burning hammertui.kernel.rules.clock
        hammertui.procedures.hammercrawl_classes.rules.damage
        hammertui.kernel.rules.dice hammertui.procedures.divining_pool.rules.explore
        hammertui.procedures.sides_and_phases.rules.hit_dice hammertui.procedures.burn_down.rules
        hammertui.procedures.divining_pool.rules.odds
        hammertui.kernel.rules.procedures hammertui.kernel.rules.registration hammertui.kernel.ruleset
        hammertui.kernel.ruleset.advancement hammertui.kernel.rules.table_hooks hammertui.kernel.rules.records
        hammertui.kernel.rules.records
        hammertui.kernel.ruleset.checks hammertui.kernel.ruleset.classes hammertui.procedures.sides_and_phases.schema
        hammertui.kernel.ruleset.decisions hammertui.procedures.divining_pool.schema.divining
        hammertui.procedures.divining_pool.schema.exploring
        hammertui.kernel.ruleset.kit
        hammertui.procedures.burn_down.schema hammertui.kernel.ruleset.loading
        hammertui.kernel.ruleset.model hammertui.kernel.ruleset.procedures hammertui.kernel.ruleset.report
        hammertui.kernel.ruleset.schema hammertui.kernel.ruleset.stats
        hammertui.kernel.ruleset.sections hammertui.kernel.ruleset.structure
        hammertui.procedures.hammercrawl_camp.schema
        hammertui.kernel.ruleset.tiers hammertui.kernel.ruleset.time hammertui.kernel.ruleset.toml_file
        hammertui.kernel.ruleset.traps hammertui.kernel.rules.text hammertui.procedures.hammercrawl_classes.rules.tiers
        hammertui.procedures.divining_pool.rules.town hammertui.kernel.rules.vitality
        hammertui.kernel.rules.words hammertui.kernel.rules.modifiers hammertui.procedures.advantage
        hammertui.procedures.beans
        hammertui.procedures.beans.rules hammertui.procedures.double_advantage
        hammertui.kernel.session hammertui.kernel.session.acting hammertui.kernel.session.actions
        hammertui.procedures.hammercrawl_classes.actions.advancement hammertui.procedures.hammercrawl_camp.state
        hammertui.kernel.session.carrying hammertui.procedures.divining_pool.state hammertui.kernel.session.effects
        hammertui.kernel.session.events
        hammertui.procedures.divining_pool.actions.explore hammertui.procedures.sides_and_phases.state
        hammertui.procedures.burn_down.state hammertui.procedures.burn_down.actions hammertui.kernel.session.lock
        hammertui.kernel.session.migrations hammertui.kernel.session.names hammertui.kernel.session.persist
        hammertui.kernel.session.procedures hammertui.procedures.hammercrawl_classes.state
        hammertui.procedures.hammercrawl_classes.actions.vitals
        hammertui.kernel.session.save_check
        hammertui.kernel.session.sessions hammertui.kernel.session.snapshot_text
        hammertui.kernel.session.state hammertui.kernel.session.store
        hammertui.kernel.session.vitals hammertui.kernel.ui hammertui.kernel.ui.app hammertui.kernel.ui.carried
        hammertui.kernel.ui.party hammertui.procedures.hammercrawl_camp.pane hammertui.procedures.sides_and_phases.pane
        hammertui.kernel.ui.commands hammertui.kernel.ui.crash
        hammertui.kernel.ui.answer
        hammertui.procedures.divining_pool.pane hammertui.procedures.divining_pool.drawing hammertui.kernel.ui.header
        hammertui.kernel.ui.footer hammertui.kernel.ui.heap hammertui.kernel.ui.keymap
        hammertui.procedures.burn_down.pane hammertui.kernel.ui.log
        hammertui.kernel.ui.plain hammertui.kernel.ui.procedures hammertui.procedures.hammercrawl_classes.pane
        hammertui.procedures.hammercrawl_classes.commands hammertui.kernel.ui.table
        hammertui.kernel.ui.type_ahead hammertui.kernel.ui.view
        hammertui.kernel.ui.common hammertui.kernel.ui.history
        hammertui.kernel.ui.party_commands
        hammertui.kernel.ui.passing_time hammertui.kernel.ui.session_commands hammertui.kernel.ui.targets
        hammertui.kernel.session.foes
    """,
}
"""Our modules the first frame needs, by ruleset."""

NEVER = ("pygments", "matplotlib", "numpy", "PIL", "aiohttp", "textual_serve", "hypothesis")
"""Never before the first frame: heavy packages no first frame draws."""

LATER = (".dialogs", ".screens", ".seam")
"""Never before the first frame, under any ruleset: a dialog or a screen is imported as it opens,
and the seam's protocols are for the type check."""

COMMAND_LISTS = {
    "hammertui.procedures.russell_characters.screens",
    "hammertui.procedures.russell_characters.screens.checks",
    "hammertui.procedures.russell_characters.screens.vitals",
}
"""The Russell characters' commands for checks and vitals, kept in its screens package: the first
frame's footer lists them, their dialogs wait."""


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
    assert not drawn - ours, (
        f"no longer imported before the first frame (take them off the list): {sorted(drawn - ours)}"
    )


def test_start_up_never_loads_heavy_packages(tmp_path: Path) -> None:
    loaded = loaded_at_first_frame(tmp_path, "russell-house-rules")
    assert not [name for name in loaded if name.split(".")[0] in NEVER or name in NEVER]


@pytest.mark.parametrize("ruleset", ["hammercrawl-book3", "russell-house-rules"])
def test_start_up_imports_no_dialog_screen_or_protocol(tmp_path: Path, ruleset: str) -> None:
    """What the first frame does without is imported where it is used."""
    loaded = {name for name in loaded_at_first_frame(tmp_path, ruleset) if name.startswith("hammertui.")}
    assert not [name for name in loaded - COMMAND_LISTS if any(f"{part}." in f"{name}." for part in LATER)]


def test_start_up_imports_nothing_of_a_procedure_not_played(tmp_path: Path) -> None:
    """A ruleset reads its own sections, not every procedure's: the schemas, rules, state and panes
    of the procedures it does not play stay unimported."""
    ruleset = "hammercrawl-book3"
    loaded = loaded_at_first_frame(tmp_path, ruleset)
    chosen = load_ruleset(ruleset).procedures
    for procedure in registry.every():
        if chosen.get(procedure.part) != procedure.name:
            layers = {procedure.schema, procedure.rules, procedure.state, procedure.ui, procedure.report} - {""}
            assert not loaded & layers, f"{procedure.name} is not played, yet {sorted(loaded & layers)} imported"
