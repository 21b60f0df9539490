"""A session's report on disk: the session read without touching its files, the report written
as Markdown and HTML beside each other, both or neither."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import persist
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.procedures import report_sections
from hammertui.kernel.session.report import Report, common
from hammertui.kernel.session.report.history import standing
from hammertui.kernel.session.sessions import RulesetLoader, read_snapshot
from hammertui.kernel.session.state import State

FOLDER = "reports"
"""Where reports go by default: a folder of their own beside the saves."""


@record
class Written:
    markdown: Path
    html: Path


def build(state: State, events: Sequence[Event], ruleset: Ruleset) -> Report:
    """The report of a session: the overview, each procedure's section in the order of the parts,
    then the deaths and the loot; each told from the lines of the actions that stand (what undo
    took back is no part of the story)."""
    events = standing(events)

    sections = (
        common.overview(state, events, ruleset),
        *report_sections(state, events, ruleset),
        common.deaths(state, events, ruleset),
        common.loot(state, events, ruleset),
    )
    return Report(f"{state.session.name}: the session's story", sections)


def report_of(files: persist.SaveFiles, ruleset_loader: RulesetLoader) -> Report:
    """The report of a saved session, from its snapshot and its log up to where the snapshot ends
    it; raises SaveError (naming the file and the problem) when either cannot be read whole."""
    if not files.snapshot.exists():
        raise persist.SaveError(files.snapshot, ["no such session: there is no save of that name in this folder"])
    snapshot, ruleset = read_snapshot(files.snapshot, ruleset_loader)
    events = persist.read_whole_log(files.log, snapshot.log_end)
    return build(snapshot.state, events, ruleset)


def write_report(files: persist.SaveFiles, ruleset_loader: RulesetLoader, out: Path | None = None) -> Written:
    """Write `NAME-report.md` and `NAME-report.html` in `out` (by default `reports/` beside the
    saves). Everything is read and rendered before anything is written; each file goes in whole
    (temp then rename), and should the second fail the first is taken back."""
    from hammertui.kernel.session.report.render import html, markdown

    report = report_of(files, ruleset_loader)
    texts = (markdown(report), html(report))
    folder = out if out is not None else files.folder / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = Written(folder / f"{files.stem}-report.md", folder / f"{files.stem}-report.html")
    persist.atomic_write(written.markdown, texts[0])
    try:
        persist.atomic_write(written.html, texts[1])
    except BaseException:
        with contextlib.suppress(OSError):
            written.markdown.unlink()
        raise
    return written
