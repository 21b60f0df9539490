"""The user's own rulesets: listed and started like the shipped ones, and a session played by one
reopens with it the next evening, saying so first if its file has changed since."""

from __future__ import annotations

import os
import time
import tomllib
import tracemalloc
from functools import partial
from pathlib import Path

import pytest
import tomli_w

from hammertui.cli import main
from hammertui.kernel.ruleset import load_ruleset, rulesets_dir
from hammertui.kernel.ruleset.loading import _digest
from hammertui.kernel.session import persist, sessions
from hammertui.kernel.session.sessions import rules_changed
from hammertui.kernel.ui.app import make_app
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.procedures.burn_down import state as light_state
from hammertui.procedures.divining_pool.state import divining_pool
from tests.ui.test_party import log_text
from tests.ui.waiting import until

HOUSE = """\
id = "my-table"
extends = "hammercrawl-book3"
name = "Book Three, our table"

[light.sources.torch]
duration = {torch}
"""


def house(folder: Path, torch: int = 4) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my-table.toml"
    path.write_text(HOUSE.format(torch=torch))
    return path


def test_list_rulesets_shows_the_users_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "mine"
    house(own)
    assert main(["--rulesets", str(own), "--list-rulesets"]) == 0
    out = capsys.readouterr().out
    assert f"Rulesets in {own}:" in out
    assert "my-table                       Book Three, our table (extends hammercrawl-book3)" in out
    shipped = load_ruleset("hammercrawl")
    assert f"hammercrawl                    {shipped.name}\n{'':<32} {shipped.description}\n" in out


def test_a_broken_header_of_ones_own_is_named_with_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The list reads each file's header only: the rest of a file is checked by `--check-ruleset`."""
    own = tmp_path / "mine"
    house(own)
    (own / "broken.toml").write_text('name = 3\nextends = "Hammer Crawl"\n[time]\nunit = 3\n')
    (own / "torn.toml").write_text('name = "Torn\n')
    (own / "hammercrawl.toml").write_text('extends = "hammercrawl-book3"\nname = "Mine"\n')
    assert main(["--rulesets", str(own), "--list-rulesets"]) == 1
    captured = capsys.readouterr()
    assert "my-table" in captured.out, "the good files are still listed"
    assert "broken.toml: name: expected text, got 3" in captured.err and "broken.toml: extends:" in captured.err
    assert "torn.toml: line 1" in captured.err
    assert "the id 'hammercrawl' is a shipped ruleset's: rename the file" in captured.err


def test_a_session_by_ones_own_ruleset_reopens_with_it(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    house(own)
    loader = partial(load_ruleset, also=(own,))
    first = make_app(tmp_path / "saves", "Tuesday", "my-table", seed=3, ruleset_loader=loader)
    assert first.store is not None and first.store.ruleset.id == "my-table"
    assert light_state.lights(first.store.state)[0].remaining == 4
    again = make_app(tmp_path / "saves", "Tuesday", ruleset_loader=loader)
    assert again.store is not None and again.store.ruleset.id == "my-table"
    assert not rules_changed(again.store)


def test_a_session_started_from_a_file_path_finds_it_again(tmp_path: Path) -> None:
    path = house(tmp_path / "elsewhere")
    first = make_app(tmp_path / "saves", "Tuesday", str(path), seed=3)
    assert first.store is not None and first.store.state.session.ruleset_file == str(path.resolve())
    again = make_app(tmp_path / "saves", "Tuesday")  # no folder of one's own knows it: the recorded file does
    assert again.store is not None and again.store.ruleset.id == "my-table"


def test_a_ruleset_file_gone_is_named_and_the_save_kept(tmp_path: Path) -> None:
    path = house(tmp_path / "elsewhere")
    make_app(tmp_path / "saves", "Tuesday", str(path), seed=3)
    saved = (tmp_path / "saves" / "Tuesday.toml").read_bytes()
    path.unlink()
    app = make_app(tmp_path / "saves", "Tuesday")
    assert app.store is None and app.problem is not None
    assert any(f"it was read from {path.resolve()}, which is no longer there" in p for p in app.problem.error.problems)
    assert (tmp_path / "saves" / "Tuesday.toml").read_bytes() == saved


async def test_a_changed_ruleset_is_pointed_out_before_play(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    house(own)
    loader = partial(load_ruleset, also=(own,))
    make_app(tmp_path / "saves", "Tuesday", "my-table", seed=3, ruleset_loader=loader)
    house(own, torch=3)
    app = make_app(tmp_path / "saves", "Tuesday", ruleset_loader=loader)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChooseDialog), "the question about the changed rules")
        prompt = str(app.screen.query_one("Label").render())
        assert "has changed since this session was last played" in prompt
        assert "light.sources.torch.duration: 4 -> 3" in prompt, "what changed, from and to"
        await pilot.press("enter")  # play on
        await until(pilot, lambda: not isinstance(app.screen, ChooseDialog), "the dashboard")
        assert app.store is not None and not rules_changed(app.store)
        assert "its new rules apply from now: light.sources.torch.duration: 4 -> 3." in log_text(app)
    reopened = make_app(tmp_path / "saves", "Tuesday", ruleset_loader=loader)
    assert reopened.store is not None and not rules_changed(reopened.store)


def test_a_save_from_before_fingerprints_takes_one_quietly(tmp_path: Path) -> None:
    app = make_app(tmp_path, "old", seed=3)
    assert app.store is not None
    files = persist.SaveFiles(tmp_path, "old")
    text = files.snapshot.read_text()
    digest = app.store.state.session.ruleset_digest
    assert digest and f'ruleset_digest = "{digest}"' in text
    files.snapshot.write_text(text.replace(f'ruleset_digest = "{digest}"\n', ""))
    again = make_app(tmp_path, "old")
    assert again.store is not None and again.store.state.session.ruleset_digest == digest
    assert "a later change to its file will be pointed out" in again.store.recent[-1].text


def test_a_new_session_starts_at_the_rulesets_challenge_level(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    own.mkdir()
    (own / "gentle.toml").write_text(
        'extends = "hammercrawl-book3"\nname = "Gentle"\n[divining]\nchallenge_default = 1\n'
    )
    app = make_app(tmp_path / "saves", "Easy", "gentle", seed=3, ruleset_loader=partial(load_ruleset, also=(own,)))
    assert app.store is not None and divining_pool(app.store.state).challenge_level == 1
    shipped = make_app(tmp_path / "saves", "Usual", seed=3)
    assert shipped.store is not None and divining_pool(shipped.store.state).challenge_level == 2


def test_a_folder_of_links_in_a_loop_and_special_files_lists_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = tmp_path / "mine"
    house(own)
    (own / "a.toml").symlink_to("b.toml")
    (own / "b.toml").symlink_to("a.toml")
    (own / "here.toml").symlink_to(".")
    os.mkfifo(own / "pipe.toml")
    (own / "dev.toml").symlink_to("/dev/zero")
    assert main(["--rulesets", str(own), "--list-rulesets"]) == 1
    captured = capsys.readouterr()
    assert "my-table" in captured.out, "the good file is still listed"
    for name in ("a.toml", "b.toml", "here.toml", "pipe.toml", "dev.toml"):
        assert sum(f"{own / name}:" in line for line in captured.err.splitlines()) == 1, (name, captured.err)
    assert "unexpected error" not in captured.err
    assert not list(tmp_path.rglob("*crash*")), "nothing went wrong, so no crash log"


def test_control_characters_in_a_rulesets_header_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = tmp_path / "mine"
    own.mkdir()
    (own / "odd.toml").write_text(
        'extends = "hammercrawl"\nname = "A\\u001b]2;PWNED\\u0007B"\ndescription = "\\u001b[2J"\n'
    )
    (own / "\x1b]2;PWNED\x07.toml").write_text('extends = "hammercrawl"\nname = "Fine"\n')
    main(["--rulesets", str(own), "--list-rulesets"])
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err and "\x07" not in captured.out + captured.err, captured
    assert "odd.toml: name:" in captured.err, captured.err


def test_listing_thousands_of_rulesets_reads_only_their_headers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = tmp_path / "mine"
    own.mkdir()
    body = own.parent / "body.toml"
    body.write_bytes((Path(rulesets_dir()) / "hammercrawl.toml").read_bytes())
    text = body.read_text().replace('id = "hammercrawl"', "")
    for n in range(1000):
        (own / f"t{n}.toml").write_text(text)
    tracemalloc.start()
    started = time.perf_counter()
    try:
        assert main(["--rulesets", str(own), "--list-rulesets"]) == 0
        took, peak = time.perf_counter() - started, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert capsys.readouterr().out.count("HAMMERCRAWL! Complete Rules") == 1001
    assert took < 10 and peak < 20_000_000, (took, peak)


OLD_DIGEST = "26fcad329f6199eb"
"""The fingerprint of the Russell House Rules while they carried `[combat]`, as their saves hold it."""


def test_a_section_none_of_its_procedures_read_dropped_is_no_change_to_its_rules(tmp_path: Path) -> None:
    """A session last played by the Russell House Rules while they carried an unread `[combat]`
    reopens without a word now the file drops it; a rule changed beside it is still told, the
    dropped section not."""
    saves = tmp_path / "saves"
    first = make_app(saves, "evening", "russell-house-rules", seed=3)
    assert first.store is not None and first.store.files is not None
    files = first.store.files
    kept = tomllib.loads(files.rules.read_text())
    kept["combat"] = {"initiative": {"dice": "1d6", "stats": ["WIS"]}}
    assert _digest(kept) == OLD_DIGEST, "the rules as the file then read"
    files.rules.write_text(tomli_w.dumps(kept))
    snapshot = files.snapshot.read_text()
    files.snapshot.write_text(
        snapshot.replace(f'ruleset_digest = "{first.store.ruleset.digest}"', f'ruleset_digest = "{OLD_DIGEST}"')
    )
    again = make_app(saves, "evening")
    assert again.store is not None and again.store.state.session.ruleset_digest == OLD_DIGEST
    assert not rules_changed(again.store)
    own = tmp_path / "mine"
    own.mkdir()
    shipped = (rulesets_dir() / "russell-house-rules.toml").read_text()
    (own / "russell-house-rules.toml").write_text(shipped.replace("minutes_per_unit = 10", "minutes_per_unit = 20"))
    changed = make_app(saves, "evening", ruleset_loader=partial(load_ruleset, directory=own))
    assert changed.store is not None and rules_changed(changed.store)
    assert sessions.rule_changes(changed.store) == ["time.minutes_per_unit: 10 -> 20"]
