"""The session's story afterwards: a report built from its snapshot and its whole log.

The report is a plain model (sections of lines, tables and charts) made by pure functions of the
state, the events and the ruleset; `render` writes it as Markdown and as a standalone HTML page, and
`files` builds it from a saved session and writes both. The overview, the deaths and the loot are every session's;
each procedure the session is played by adds its own section (a `REPORT` function in the module its
`Procedure.report` names), so a new procedure tells its own part without touching another's files.
What the log and the snapshot cannot say is said in the report, never guessed.
"""

from __future__ import annotations

from hammertui.kernel.rules.records import record


@record
class Table:
    """Rows under a header, every cell already in words."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@record
class Chart:
    """A chart of numbers over something counted: `kind` "bar" (one bar per label) or "step"
    (a value held from one point of the x axis to the next)."""

    title: str
    kind: str
    x_label: str
    y_label: str
    points: tuple[tuple[str | int, int], ...]


@record
class Section:
    """One part of the story: lines of prose, then charts, then tables; `unknown` says what the
    log and the snapshot could not tell this section."""

    title: str
    lines: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    charts: tuple[Chart, ...] = ()
    unknown: tuple[str, ...] = ()


@record
class Report:
    title: str
    sections: tuple[Section, ...]

    def section(self, title: str) -> Section:
        """The section of this title; KeyError when the report has none."""
        for section in self.sections:
            if section.title == title:
                return section
        raise KeyError(title)
