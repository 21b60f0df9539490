"""The report as Markdown and as one standalone HTML page: the style inline and the charts drawn
by matplotlib as SVG text in the page, so it opens anywhere with no network and no other file."""

from __future__ import annotations

import html as escape
import io
from typing import cast

from hammertui.kernel.session.report import Chart, Report, Section, Table

STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 68em; margin: 2em auto; padding: 0 1em;
       color: #2b2118; background: #fbf7ef; line-height: 1.45; }
h1 { border-bottom: 3px double #7a4b24; padding-bottom: .2em; }
h2 { color: #7a4b24; margin-top: 1.6em; border-bottom: 1px solid #d8c7a8; }
table { border-collapse: collapse; margin: .8em 0; font-size: .9em; width: 100%; }
th, td { border: 1px solid #d8c7a8; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #efe3cc; }
tr:nth-child(even) td { background: #f6efe2; }
.unknown { color: #6b5a48; font-style: italic; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
"""


def markdown(report: Report) -> str:
    """The report as Markdown: charts as their numbers in a table, so nothing is lost in plain text.
    Every text is escaped as HTML as the HTML page's is: a Markdown viewer draws raw HTML, and names
    and notes are the players' words."""
    out = [f"# {_md(report.title)}", ""]
    for section in report.sections:
        out += [f"## {_md(section.title)}", ""]
        out += [*map(_md, section.lines), ""] if section.lines else []
        for table in section.tables:
            out += [*_md_table(table), ""]
        for chart in section.charts:
            out += [
                f"**{_md(chart.title)}**",
                "",
                *_md_table(Table((chart.x_label, chart.y_label), tuple((str(x), str(y)) for x, y in chart.points))),
                "",
            ]
        out += [f"*{_md(line)}*" for line in section.unknown]
        out += [""] if section.unknown else []
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    return escape.escape(text, quote=False)


def _md_table(table: Table) -> list[str]:
    def row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(_md(c).replace("|", "\\|").replace("\n", " ") for c in cells) + " |"

    return [row(table.header), "|" + "---|" * len(table.header), *(row(r) for r in table.rows)]


def html(report: Report) -> str:
    """The report as a page that needs nothing but itself."""
    title = escape.escape(report.title)
    body = "\n".join(_html_section(s) for s in report.sections)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{body}\n</body>\n</html>\n"
    )


def _html_section(section: Section) -> str:
    parts = [f"<section>\n<h2>{escape.escape(section.title)}</h2>"]
    parts += [f"<p>{escape.escape(line)}</p>" for line in section.lines]
    parts += [f"<figure>{svg(c)}</figure>" for c in section.charts]
    parts += [_html_table(t) for t in section.tables]
    parts += [f'<p class="unknown">{escape.escape(line)}</p>' for line in section.unknown]
    return "\n".join(parts) + "\n</section>"


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{escape.escape(h)}</th>" for h in table.header)
    rows = "\n".join("<tr>" + "".join(f"<td>{escape.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"


def svg(chart: Chart) -> str:
    """The chart drawn by matplotlib's SVG backend, as the text of an `<svg>` element."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(9, 3.2), layout="constrained")
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    xs = [x for x, _ in chart.points]
    ys = [y for _, y in chart.points]
    if chart.kind == "bar":
        axes.bar([str(x) for x in xs], ys, color="#a0522d")
    else:
        axes.step(xs, ys, where="post", color="#c47f17", linewidth=2)
        axes.fill_between(xs, ys, step="post", alpha=0.25, color="#f0b429")
        axes.set_ylim(bottom=0)
    axes.set_title(chart.title)
    axes.set_xlabel(chart.x_label)
    axes.set_ylabel(chart.y_label)
    # An axis's own locator is an AutoLocator, a MaxNLocator; the stubs know it only as a Locator.
    cast(MaxNLocator, axes.yaxis.get_major_locator()).set_params(integer=True)
    axes.spines[["top", "right"]].set_visible(False)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, transparent=True)
    text = buffer.getvalue()
    return text[text.index("<svg") :]
