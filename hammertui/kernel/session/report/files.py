"""A session's report on disk: the session read without touching its files, the report written
as Markdown and HTML beside each other, both or neither."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hammertui.kernel.rules.records import record
from hammertui.kernel.session import persist
from hammertui.kernel.session.report import Report, build
from hammertui.kernel.session.sessions import RulesetLoader, read_snapshot

FOLDER = "reports"
"""Where reports go by default: a folder of their own beside the saves."""


@record
class Written:
    markdown: Path
    html: Path


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
