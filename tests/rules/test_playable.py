"""A ruleset the app cannot play is refused on load and by `--check-ruleset`, not at the table.

Every name the code dispatches on is checked when the file is read; each broken file below changes
one of them and the message must name the file, the key path, what was found and the known names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.ruleset import RulesetError, check_ruleset_file, load_ruleset

RESOURCES = """
[classes.thief]
resources = [{ id = "thief_rerolls", name = "Thiefy Expertise reroll", per_level = 1, refresh = "fortnight" }]
"""

CASES = [
    (
        '[procedures]\nexplore = "wandering_die"',
        "procedures.explore",
        "wandering_die",
        '"divining_pool", "exploration_die"',
    ),
    (
        '[procedures]\nfight = "round_robin"',
        "procedures.fight",
        "round_robin",
        '"sides_and_phases", "individual_initiative"',
    ),
    ('[procedures]\ncamp = "rest_a_week"', "procedures.camp", "rest_a_week", '"hammercrawl_camp", "none"'),
    (
        '[modifier_dice]\nmode = "keep_3x6"',
        "modifier_dice.mode",
        "keep_3x6",
        '"advantage", "beans", "double_advantage"',
    ),
    ('[stats.rolling]\nmethod = "assign"', "stats.rolling.method", "assign", '"prime_first", "in_order"'),
    ('[hit_points]\nfirst_level = "average"', "hit_points.first_level", "average", '"max_hit_die", "roll_hit_die"'),
    (
        '[hit_points]\nlevel_up = "plus_two"',
        "hit_points.level_up",
        "plus_two",
        '"reroll_all", "reroll_all_con_each", "plus_one_and_death_save"',
    ),
    (
        '[hit_points]\nlevel_up_alternatives = ["plus_two"]',
        "hit_points.level_up_alternatives[0]",
        "plus_two",
        '"reroll_all", "reroll_all_con_each", "plus_one_and_death_save"',
    ),
    (RESOURCES, "classes.thief.resources[0].refresh", "fortnight", '"day", "adventure", "never"'),
    (
        '[classes.dwarf]\ncamp_free = ["pray"]',
        "classes.dwarf.camp_free[0]",
        "pray",
        '"heal", "rememorize", "turn_unholy"',
    ),
    ('[combat.initiative]\nwho = "each_combatant"', "combat.initiative.who", "each_combatant", '"side_leader"'),
    (
        '[combat]\ntie_breaks = ["highest_die"]',
        "combat.tie_breaks[0]",
        "highest_die",
        '"more_numerous_side", "last_winner", "roll_off"',
    ),
    (
        '[combat]\nphases = ["movement", "parley"]',
        "combat.phases[1]",
        "parley",
        '"morale", "movement", "missile", "melee", "misc", "magic", "move_again", "turn"',
    ),
    ('[combat]\nattack_kinds = ["melee", "spell"]', "combat.attack_kinds[1]", "spell", '"melee", "missile", "thrown"'),
    (
        '[combat]\nattack_stats = { sling = "DEX" }',
        "combat.attack_stats.sling",
        "sling",
        '"melee", "missile", "thrown"',
    ),
    ('[combat]\ndamage_stats = { kick = "STR" }', "combat.damage_stats.kick", "kick", '"melee", "missile", "thrown"'),
    (
        '[difficulty]\ndefault = "grim"\nmodes = [{ id = "grim", name = "Grim", zero_hp = "wounds" }]',
        "difficulty.modes[0].zero_hp",
        "wounds",
        '"death", "burn_con"',
    ),
    (
        '[camp]\nactions = ["rest", "pray"]',
        "camp.actions[1]",
        "pray",
        '"rest", "rememorize", "craft_ammo", "level_up", "stand_watch", "scout_ahead"',
    ),
]


def broken(folder: Path, body: str) -> Path:
    path = folder / "broken.toml"
    path.write_text(f'extends = "hammercrawl"\nname = "Broken"\n{body}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(("body", "key", "found", "known"), CASES, ids=[c[1] for c in CASES])
def test_a_name_the_app_does_not_play_is_refused_on_load(
    tmp_path: Path, body: str, key: str, found: str, known: str
) -> None:
    path = broken(tmp_path, body)
    message = next(p for p in check_ruleset_file(path) if f": {key}:" in p)
    assert message.split(": ")[0].endswith("broken.toml"), "the file is named"
    assert message.endswith(f'one of {known}, got "{found}"'), message
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert message in refused.value.problems


def test_an_attack_stat_for_a_kind_the_ruleset_does_not_list_is_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, '[combat]\nattack_kinds = ["melee", "missile"]')
    problems = check_ruleset_file(path)
    assert any(
        'combat.attack_stats.thrown: expected one of the attack kinds melee, missile, got "thrown"' in p
        for p in problems
    )


def test_check_ruleset_prints_what_cannot_be_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken(tmp_path, '[combat]\ntie_breaks = ["highest_die"]')
    assert main(["--check-ruleset", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        'combat.tie_breaks[0]: expected one of "more_numerous_side", "last_winner", "roll_off", got "highest_die"'
        in out
    )


def test_a_section_no_procedure_reads_is_a_problem_until_dropped(tmp_path: Path) -> None:
    """Without a camp, `[camp]` would be loaded and ignored: the file must drop it."""
    kept = broken(tmp_path, '[procedures]\ncamp = "none"')
    assert any(
        p.endswith(
            ": camp: read by no procedure of this ruleset (a section of another way of playing);"
            " expected it dropped with `_replace = true` alone"
        )
        for p in check_ruleset_file(kept)
    )
    dropped = broken(tmp_path, '[procedures]\ncamp = "none"\n\n[camp]\n_replace = true')
    ruleset = load_ruleset(dropped)
    assert ruleset.camp is None and ruleset.procedures["camp"] == "none"


def test_a_procedure_without_its_section_or_its_partner_is_a_problem(tmp_path: Path) -> None:
    path = broken(tmp_path, '[procedures]\nexplore = "divining_pool"\n\n[divining]\n_replace = true')
    problems = check_ruleset_file(path)
    assert any(
        p.endswith("procedures.explore: divining_pool reads [divining], which this ruleset does not have")
        for p in problems
    ), problems


def test_the_shipped_rulesets_name_every_part() -> None:
    from hammertui.kernel.rules.procedures import PARTS

    for ruleset_id in SHIPPED:
        assert set(load_ruleset(ruleset_id).procedures) == set(PARTS)


SHIPPED = ("hammercrawl", "hammercrawl-book3", "hammercrawl-book3-advantage", "russell-house-rules")


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_every_shipped_ruleset_checks_clean_and_is_listed(ruleset_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = load_ruleset(ruleset_id).source
    assert path is not None
    assert main(["--check-ruleset", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith(": OK")
    assert main(["--list-rulesets"]) == 0
    assert any(line.split()[:1] == [ruleset_id] for line in capsys.readouterr().out.splitlines())
