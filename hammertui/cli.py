"""The `hammertui` command: open a session, or answer a question about rulesets and exit."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path

from hammertui import __version__


def default_saves() -> Path:
    """`saves/` in a checkout; otherwise the user's data folder, so an installed copy finds its saves."""
    if env := os.environ.get("HAMMERTUI_SAVES"):
        return Path(env)
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "pyproject.toml").exists() and (checkout / "saves").is_dir():
        return checkout / "saves"
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "hammertui" / "saves"


def default_rulesets() -> Path:
    """The user's own rulesets: beside the saves in the user's data folder, where `--list-rulesets`
    finds them and `--ruleset` starts them like the shipped ones."""
    if env := os.environ.get("HAMMERTUI_RULESETS"):
        return Path(env)
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "hammertui" / "rulesets"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="hammertui",
        description="The Hammersmith's dashboard for a live HAMMERCRAWL! dungeon crawl. "
        "With no NAME, opens the most recent session (or a ready demo session on the first run). "
        "`hammertui serve [NAME]` serves a read-only player view of a session to a browser; "
        "`hammertui report NAME` writes a session's story (see `hammertui report --help`). "
        "A session named like one of these commands opens after `--`: `hammertui -- report`.",
    )
    p.add_argument("name", nargs="?", help="open or create the session called NAME")
    p.add_argument(
        "--saves",
        type=Path,
        metavar="DIR",
        help="folder of sessions (default: saves/ in a checkout, else ~/.local/share/hammertui/saves)",
    )
    p.add_argument(
        "--ruleset",
        metavar="ID",
        help="ruleset for a new session: a shipped one or one of yours (default: hammercrawl-book3)",
    )
    p.add_argument(
        "--rulesets",
        type=Path,
        metavar="DIR",
        help="folder of your own rulesets (default: ~/.local/share/hammertui/rulesets)",
    )
    p.add_argument("--seed", type=int, metavar="N", help="dice seed for a new session")
    p.add_argument(
        "--difficulty",
        metavar="MODE",
        help=(
            "difficulty mode for a new session where the ruleset has them"
            " (hammercrawl-book3: hardcore, adventure, excitement)"
        ),
    )
    p.add_argument("--list-rulesets", action="store_true", help="list the shipped rulesets and yours, and exit")
    p.add_argument(
        "--check-ruleset",
        type=Path,
        metavar="FILE",
        help="validate a ruleset file, print its problems, exit non-zero on any",
    )
    p.add_argument("--version", action="version", version=f"hammertui {__version__}")
    return p


def list_rulesets(own: Path) -> int:
    """The shipped rulesets, then the user's, by their headers; a file of the user's that cannot be
    read, or whose header is wrong, is named and skipped (`--check-ruleset` checks the rest)."""
    from hammertui.kernel.ruleset import rulesets_dir
    from hammertui.kernel.ruleset.headers import read_headers

    found, problems = read_headers(rulesets_dir())
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    _print_rulesets(rulesets_dir(), found)
    if not own.is_dir():
        print(f"Your own rulesets go in {own} (none yet).")
        return 0
    yours, problems = read_headers(own)
    taken = {r.id for r in found}
    problems += [f"{r.source}: the id {r.id!r} is a shipped ruleset's: rename the file" for r in yours if r.id in taken]
    _print_rulesets(own, [r for r in yours if r.id not in taken])
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def _print_rulesets(folder: Path, found: list) -> None:  # type: ignore[type-arg]
    from hammertui.kernel.rules.text import printable

    print(f"Rulesets in {printable(str(folder))}:")
    for ruleset in found:
        parent = f" (extends {ruleset.extends})" if ruleset.extends else ""
        print(f"  {ruleset.id:<30} {ruleset.name}{parent}")
        if ruleset.description:
            print(f"  {'':<30} {printable(ruleset.description)}")


def check_ruleset(path: Path) -> int:
    from hammertui.kernel.ruleset import check_ruleset_file

    problems = check_ruleset_file(path)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{path}: OK")
    return 1 if problems else 0


def run_app(args: argparse.Namespace) -> int:
    from hammertui.kernel.ruleset import RulesetError, load_ruleset
    from hammertui.kernel.session.lock import SessionBusy
    from hammertui.kernel.session.names import BadSessionName
    from hammertui.kernel.session.persist import SaveFailed
    from hammertui.kernel.session.sessions import BadDifficulty
    from hammertui.kernel.ui.app import make_app

    own = args.rulesets or default_rulesets()
    loader = partial(load_ruleset, also=(own,))
    try:
        app = make_app(
            args.saves or default_saves(),
            args.name,
            args.ruleset,
            args.seed,
            ruleset_loader=loader,
            difficulty=args.difficulty,
        )
    except (BadSessionName, BadDifficulty, RulesetError, SaveFailed, SessionBusy, OSError) as error:
        print(f"hammertui: {error}", file=sys.stderr)
        return 2
    app.run()
    if app.crashed:
        from hammertui.kernel.ui.crash import report_line

        print(report_line(app.crash_log), file=sys.stderr)
        return 1
    return 0


PLAYER_COMMANDS = ("serve", "player-app")


def player_parser(command: str) -> argparse.ArgumentParser:
    """`hammertui serve [NAME]`, and the player view it runs for each page (`player-app NAME`)."""
    from hammertui.serve import PLAYERS

    serving = command == "serve"
    p = argparse.ArgumentParser(
        prog=f"hammertui {command}",
        description="Serve a read-only player view of a session on a local address, for a browser at the table."
        if serving
        else "The read-only player view of a session, as the served page runs it.",
    )
    p.add_argument("name", nargs="?" if serving else None, help="the session to show (default: the most recent)")
    p.add_argument("--saves", type=Path, metavar="DIR", help="folder of sessions (as for hammertui)")
    p.add_argument("--rulesets", type=Path, metavar="DIR", help="folder of your own rulesets (as for hammertui)")
    if serving:
        where = p.add_mutually_exclusive_group()
        where.add_argument(
            "--host", default="localhost", help="address to listen on (default: localhost, this machine alone)"
        )
        where.add_argument(
            "--lan",
            action="store_true",
            help="serve the table's other devices: listen on every interface, print this machine's address",
        )
        p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
        p.add_argument(
            "--origin",
            action="append",
            default=[],
            metavar="URL",
            help="another page address that may open the view, e.g. http://tablet.local:8000 (again for more)",
        )
        p.add_argument(
            "--players",
            type=_positive,
            default=PLAYERS,
            metavar="N",
            help=f"player views open at once (default: {PLAYERS})",
        )
        p.add_argument(
            "--parent", type=int, metavar="PID", help="stop when process PID ends (the app that started the server)"
        )
    return p


def _positive(word: str) -> int:
    count = int(word)
    if count < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {count}")
    return count


def run_player(command: str, argv: list[str]) -> int:
    from hammertui.kernel.session.names import BadSessionName, check_name
    from hammertui.kernel.session.sessions import latest

    args = player_parser(command).parse_args(argv)
    saves = args.saves or default_saves()
    own = args.rulesets or default_rulesets()
    name = args.name or latest(saves)
    if name is None:
        print(f"hammertui {command}: no session in {saves} yet: start one with hammertui", file=sys.stderr)
        return 2
    try:
        check_name(name)
    except BadSessionName as error:
        print(f"hammertui {command}: {error}", file=sys.stderr)
        return 2
    if command == "serve":
        from hammertui.serve import serve

        serve(name, saves, own, "0.0.0.0" if args.lan else args.host, args.port, args.origin, args.players, args.parent)
        return 0
    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.kernel.session.persist import SaveFiles
    from hammertui.kernel.ui.player_view import PlayerApp

    PlayerApp(SaveFiles(saves, name), partial(load_ruleset, also=(own,))).run()
    return 0


def report_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="hammertui report",
        description="Write a session's story from its save and log: NAME-report.md and NAME-report.html "
        "(a page that opens with no network), then print where they are.",
    )
    p.add_argument("name", metavar="NAME", help="the session to report on")
    p.add_argument("--saves", type=Path, metavar="DIR", help="folder of sessions (default: as for opening a session)")
    p.add_argument(
        "--out", type=Path, metavar="DIR", help="where the report goes (default: reports/ in the saves folder)"
    )
    p.add_argument(
        "--rulesets",
        type=Path,
        metavar="DIR",
        help="folder of your own rulesets (default: ~/.local/share/hammertui/rulesets)",
    )
    return p


def report(argv: list[str]) -> int:
    """Write a session's report; an unreadable or missing session is named with its problem, and
    no report is written."""
    from hammertui.kernel.ruleset import load_ruleset
    from hammertui.kernel.session.names import BadSessionName, check_name
    from hammertui.kernel.session.persist import SaveError, SaveFiles
    from hammertui.kernel.session.report.files import write_report

    args = report_parser().parse_args(argv)
    loader = partial(load_ruleset, also=(args.rulesets or default_rulesets(),))
    try:
        written = write_report(SaveFiles(args.saves or default_saves(), check_name(args.name)), loader, args.out)
    except SaveError as error:
        print(f"hammertui report: {error.path}: {'; '.join(error.problems)}", file=sys.stderr)
        return 1
    except (BadSessionName, OSError) as error:
        print(f"hammertui report: {error}", file=sys.stderr)
        return 1
    print(written.markdown)
    print(written.html)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Every error nothing expected ends here, in one line naming the crash log that holds it."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in PLAYER_COMMANDS:
            return run_player(argv[0], argv[1:])
        if argv[:1] == ["report"]:
            return report(argv[1:])
        args = parser().parse_args(argv)
        if args.list_rulesets:
            return list_rulesets(args.rulesets or default_rulesets())
        if args.check_ruleset:
            return check_ruleset(args.check_ruleset)
        return run_app(args)
    except Exception as error:  # noqa: BLE001 - the game master sees where the details are, not a traceback
        from hammertui.kernel.ui.crash import report_line, write_crash_log

        print(report_line(write_crash_log(_crash_folder(argv), error)), file=sys.stderr)
        return 1


def _crash_folder(argv: list[str]) -> Path:
    """Where the crash log goes: the saves folder the command line names, whatever else it holds;
    the user's state folder for a question about rulesets, which opens no session."""
    from hammertui.kernel.ui.crash import state_folder

    known = argparse.ArgumentParser(add_help=False)
    known.add_argument("--saves", type=Path)
    known.add_argument("--list-rulesets", action="store_true")
    known.add_argument("--check-ruleset")
    args = known.parse_known_args(argv)[0]
    if args.list_rulesets or args.check_ruleset:
        return state_folder()
    return args.saves or default_saves()


if __name__ == "__main__":
    sys.exit(main())
