"""A character's abilities are the ones the ruleset names: a ruleset that renames a stat plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from hammertui.cli import main
from hammertui.kernel.ruleset import check_ruleset_file
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.ui.app import make_app
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.russell_characters.actions import checks
from tests.lucky_ruleset import loader, lucky


def test_a_ruleset_renaming_a_stat_passes_its_check_and_opens_a_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = tmp_path / "mine"
    path = lucky(own)
    assert main(["--check-ruleset", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: OK\n"
    app = make_app(tmp_path / "saves", "Tuesday", "lucky", seed=3, ruleset_loader=loader(own))
    assert app.store is not None and app.store.ruleset.id == "lucky"
    party = app.store.state.party
    assert party and all(list(m.stats) == ["STR", "DEX", "CON", "INT", "WIS", "LUC"] for m in party)
    sheets = [sheet_of(app.store.state, m.id) for m in party]
    assert all(
        3 <= m.stats["LUC"] <= 18 and s.con == s.con_max == m.stats["CON"] for m, s in zip(party, sheets, strict=True)
    )


VIGOROUS = """\
extends = "hammercrawl"
name = "The complete rules, with Vigour"

[stats]
names = ["STR", "DEX", "VIG", "INT", "WIS", "CHA"]
roles = { constitution = "VIG" }

[stats.full_names]
_replace = true
VIG = "Vigour"

[saves.stats]
Body = "VIG"

[classes.fighter]
prime_stats = ["STR", "VIG"]

[classes.dwarf]
prime_stats = ["STR", "VIG"]

[classes.berserker]
prime_stats = ["STR", "VIG"]
"""


def test_the_stat_a_rule_reads_is_the_one_the_ruleset_gives_its_role(tmp_path: Path) -> None:
    """Renamed, the constitution is still what is lost at 0 HP: its score is the CON kept."""
    path = tmp_path / "vigorous.toml"
    path.write_text(VIGOROUS, encoding="utf-8")
    assert check_ruleset_file(path) == []
    app = make_app(tmp_path / "saves", "Tuesday", str(path), seed=3)
    assert app.store is not None
    sheets = [sheet_of(app.store.state, m.id) for m in app.store.state.party]
    assert all(s.con == s.con_max == m.stats["VIG"] for m, s in zip(app.store.state.party, sheets, strict=True))


def test_a_role_given_a_stat_the_ruleset_does_not_name_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lost.toml"
    path.write_text(
        'extends = "hammercrawl"\nname = "Lost"\n[stats]\nroles = { constitution = "VIG" }\n', encoding="utf-8"
    )
    assert check_ruleset_file(path) == [
        f'{path}: stats.roles.constitution: expected one of the stats STR, DEX, CON, INT, WIS, CHA, got "VIG"'
    ]


def test_a_save_whose_stats_are_not_the_rulesets_is_refused_by_its_field(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    lucky(own)
    make_app(tmp_path / "saves", "Tuesday", "lucky", seed=3, ruleset_loader=loader(own))
    files = persist.SaveFiles(tmp_path / "saves", "Tuesday")
    text = files.snapshot.read_text()
    files.snapshot.write_text(text.replace("\nLUC = ", "\nCHA = ", 1))
    with pytest.raises(persist.SaveError) as refused:
        sessions.open_files(files, loader(own))
    assert refused.value.problems[0].startswith("party[0] (")
    assert refused.value.problems[0].endswith(
        ").stats: expected the stats STR, DEX, CON, INT, WIS, LUC, got STR, DEX, CON, INT, WIS, CHA"
    )


WITTY = """\
extends = "russell-house-rules"
name = "The Russell House Rules, with Wits"

[stats]
names = ["STR", "DEX", "CON", "WIT", "WIS", "CHA"]
roles = { intelligence = "WIT" }

[stats.full_names]
_replace = true
WIT = "Wits"

[individual_initiative.bleeding_out]
stabilise_stat = "WIT"
"""


def test_a_russell_character_counts_skill_slots_by_the_stat_its_ruleset_names(tmp_path: Path) -> None:
    """ "skill slots equal to half your intelligence": the Wits of a ruleset that names it so."""
    path = tmp_path / "witty.toml"
    path.write_text(WITTY, encoding="utf-8")
    assert check_ruleset_file(path) == []
    app = make_app(tmp_path / "saves", "Tuesday", str(path), seed=3)
    assert app.store is not None
    for member in app.store.state.party:
        assert list(member.stats) == ["STR", "DEX", "CON", "WIT", "WIS", "CHA"]
        assert checks.slots(app.store.ruleset, member) == member.stats["WIT"] // 2
