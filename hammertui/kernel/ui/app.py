"""The Hammersmith's dashboard: one screen of panes reading one session state.

Keys and palette commands become actions; the store applies, logs and saves them; the app then hands
the panes a new `View`. Nothing here computes a rule.
"""

from __future__ import annotations

from hammertui.kernel.ui import heap

heap.pause_collector()  # before Textual and the rest are imported: see ui/heap.py

import time
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import BindingType
from textual.containers import Grid
from textual.markup import escape
from textual.reactive import reactive
from textual.screen import Screen

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset, RulesetError, load_ruleset
from hammertui.kernel.session import lock as session_lock
from hammertui.kernel.session import sessions
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.actions import AdoptRuleset
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.lock import SessionBusy, SessionLock
from hammertui.kernel.session.names import check_name
from hammertui.kernel.session.persist import SaveError, SaveFailed, SaveFiles
from hammertui.kernel.session.sessions import RulesetLoader
from hammertui.kernel.session.store import Store, open_store
from hammertui.kernel.ui import procedures
from hammertui.kernel.ui.answer import DialogAnswer
from hammertui.kernel.ui.commands import Command, reaches
from hammertui.kernel.ui.common import COMMON, commands
from hammertui.kernel.ui.crash import CrashGuard, state_folder
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.header import SessionHeader
from hammertui.kernel.ui.heap import BetweenKeys, freeze_once
from hammertui.kernel.ui.history import tell_not_saved
from hammertui.kernel.ui.keymap import keymap_path, read_keymap
from hammertui.kernel.ui.log import LogStrip
from hammertui.kernel.ui.party_commands import offer_epitaphs
from hammertui.kernel.ui.targets import focus_the_party
from hammertui.kernel.ui.type_ahead import TypeAhead
from hammertui.kernel.ui.view import View

if TYPE_CHECKING:
    from hammertui.kernel.ui.player_server import PlayerServer


IDLE_CHECK = 0.25
"""How often, in seconds, the app looks for a pause between keys to collect garbage in (`heap`)."""


@record
class LoadProblem:
    """A session that could not be opened, and what is needed to offer the backup or a new one."""

    error: SaveError
    files: SaveFiles
    ruleset_id: str
    seed: int | None


class HammerApp(CrashGuard):
    """The dashboard. Give it a ready store, or a load problem to resolve with the 'Smith first."""

    CSS_PATH = "hammertui.tcss"
    TITLE = "hammertui"
    ENABLE_COMMAND_PALETTE = True

    BINDINGS: ClassVar[list[BindingType]] = []
    """None of its own: the app for a session is made keyed by that session's commands (`keyed`)."""

    rules: Ruleset
    """The rules the dashboard is drawn by: the session's, or while a save problem is resolved those
    it would be started with."""

    view: reactive[View | None] = reactive(None, repaint=False)
    board: reactive[View | None] = reactive(None, repaint=False)
    """What the dashboard's panes draw: the `view`, held back while a whole screen (the fight) hides
    them, since a change to a screen underneath repaints the one on top in full."""

    def __new__(
        cls,
        store: Store | None = None,
        problem: LoadProblem | None = None,
        ruleset_loader: RulesetLoader = load_ruleset,
        *_: Any,
        **__: Any,
    ) -> HammerApp:
        """The app for the session, bound to the keys of its commands: everyone's and its procedures'
        own, nothing more. Textual binds a class's keys, so each set of commands has its own class,
        made once (`keyed`), that is a HammerApp in every other way."""
        rules = store.ruleset if store is not None else _problem_rules(problem, ruleset_loader)
        app = super().__new__(keyed(cls, commands(rules)))
        app.rules = rules
        return app

    def __init__(
        self,
        store: Store | None = None,
        problem: LoadProblem | None = None,
        ruleset_loader: RulesetLoader = load_ruleset,
        lock: SessionLock | None = None,
        busy: SessionBusy | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.problem = problem
        self.lock = lock
        """The session's lock while this app plays it (see `session.lock`)."""
        self.busy = busy
        """Who plays the session, when another app does: this one then only shows it."""
        self.player_server: PlayerServer | None = None
        """The player view's server, once asked for (`serving`)."""
        self._collector = BetweenKeys(time.monotonic())
        self.ruleset_loader = ruleset_loader
        self._following: list[tuple[Screen[Any], Callable[[Any], Any] | None]] = []
        self.type_ahead = TypeAhead(self)
        self.commands = commands(self.rules)
        self._by_id = {command.id: command for command in self.commands}
        self._by_action = {command.action: command for command in self.commands if command.run is None}
        light = procedures.part_ui(self.rules, "light")
        self._leaves_focus = {command.id for command in (*COMMON, *(light.commands if light is not None else ()))}

    def crash_folder(self) -> Path:
        """The saves folder, where the game master looks for the session's files."""
        if self.store is not None and self.store.files is not None:
            return self.store.files.folder
        if self.problem is not None:
            return self.problem.files.folder
        return state_folder()

    async def take_event(self, event: events.Event) -> None:
        """A key waits for the keys typed before it to act (see `type_ahead`); the rest as Textual does."""
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().take_event(event)
            return
        self._collector.key(time.monotonic())
        if self.type_ahead.holds(event):
            return
        given_to = self.focused or self.screen
        try:
            await super().take_event(event)
        finally:
            self.type_ahead.acted(given_to)

    def compose(self) -> ComposeResult:
        yield SessionHeader(id="header").data_bind(view=HammerApp.board)
        with Grid(id="panes"):
            for pane in procedures.panes(self.rules):
                yield pane().data_bind(view=HammerApp.board)
        yield LogStrip(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(heap.first_frame)
        self._collector.start()
        self.set_interval(IDLE_CHECK, lambda: self._collector.tick(time.monotonic()))
        keymap, problem = read_keymap(keymap_path(), self.rules)
        if keymap:
            self.set_keymap(keymap)
        if problem is not None:
            self.notify(problem, title="Keymap", severity="error", timeout=20)
        if self.store is not None:
            self._show(self.store, self.store.recent)
            if self.busy is not None:
                from hammertui.kernel.ui.opening import ask_read_only

                ask_read_only(self, self.busy)
            elif sessions.rules_changed(self.store):
                from hammertui.kernel.ui.opening import ask_about_changed_rules

                ask_about_changed_rules(self, self.store)
        elif self.problem is not None:
            from hammertui.kernel.ui.dialogs.save_problem import SaveProblemScreen

            error = self.problem.error
            has_backup = self.problem.files.backup.exists()
            screen = SaveProblemScreen(error.problems, str(error.path), has_backup)
            self.push_screen(screen, self._resolve_problem)

    def _resolve_problem(self, choice: str | None) -> None:
        from hammertui.kernel.ui.dialogs.save_problem import SaveProblemScreen

        problem = self.problem
        assert problem is not None
        try:
            if choice == "backup":
                store, kept = sessions.restore_backup(problem.files, self.ruleset_loader)
                self.notify(f"Restored from the backup; the unreadable file is kept as {kept.name}.", markup=False)
            elif choice == "new":
                name = sessions.unused_name(problem.files.folder, problem.files.stem)
                ruleset = self.ruleset_loader(problem.ruleset_id)
                self._hold(_locked(SaveFiles(problem.files.folder, name)))
                store = sessions.create(problem.files.folder, name, ruleset, problem.seed)
                self.notify(f"Started a new session, {name}.", markup=False)
            else:
                self.exit()
                return
        except SaveError as error:
            self.problem = LoadProblem(error, problem.files, problem.ruleset_id, problem.seed)
            self.push_screen(SaveProblemScreen(error.problems, str(error.path), False), self._resolve_problem)
            return
        except (SaveFailed, SessionBusy) as failure:
            self.notify(
                str(failure),
                title="Not saved" if isinstance(failure, SaveFailed) else "Open elsewhere",
                severity="error",
                timeout=30,
            )
            has_backup = problem.files.backup.exists()
            self.push_screen(
                SaveProblemScreen(problem.error.problems, str(problem.error.path), has_backup), self._resolve_problem
            )
            return
        self.problem = None
        self._show(store, store.recent)

    def _hold(self, lock: SessionLock | None) -> None:
        """Play under `lock` from now: the session this app plays is another than it opened."""
        if self.lock is not None:
            self.lock.release()
        self.lock = lock

    def _show(self, store: Store, events: Iterable[Event]) -> None:
        self.store = store
        self.title = store.state.session.name
        self.view = View(store.state, store.ruleset, store.read_only)
        self.query_one(LogStrip).add(events)
        self.refresh_bindings()
        for notice in store.notices:
            self.notify(notice, title="On opening", severity="warning", timeout=30)

    # Turning intent into actions -------------------------------------------------------------

    def perform(self, action: Action) -> bool:
        """Dispatch an action; a refusal becomes a notification and changes nothing."""
        return self._attempt(action, tell_refusal=True) is None

    def notify(self, message: str, **options: Any) -> None:
        """Every message is said as it reads, never as markup: refusals and news carry names, notes
        and the ruleset's words (a widget's `notify` asks for markup; it is not given)."""
        options.pop("markup", None)
        super().notify(message, markup=False, **options)

    def try_perform(self, action: Action) -> str | None:
        """Dispatch an action; the refusal's words for a dialog to show, or None when done."""
        return self._attempt(action, tell_refusal=False)

    @on(DialogAnswer)
    def answer_dialog(self, answer: DialogAnswer) -> None:
        """A dialog's answer to act on while it stays open: it closes once the action is done, or
        says the refusal under its fields (a save that failed is told besides, as always). It is an
        event, so an error here ends on the crash screen as a key's does (`CrashGuard.on_event`)."""
        answer.dialog.settle(answer.action, self.try_perform(answer.action))

    def _attempt(self, action: Action, tell_refusal: bool) -> str | None:
        """Dispatch an action; why it was not done, or None. A save that failed is always told:
        the action is not done, whatever screen asked for it."""
        store = open_store(self)
        before = store.state
        try:
            events = store.dispatch(action)
        except Refused as refusal:
            if tell_refusal:
                self.notify(str(refusal), title="Not now", severity="warning")
            return str(refusal)
        except SaveFailed as failure:
            tell_not_saved(self, failure)
            return str(failure)
        self.show_events(store, events)
        offer_epitaphs(self, before, store.state)
        return None

    def show_events(self, store: Store, events: Sequence[Event]) -> None:
        """Draw the store as it now is, and log `events` (an action's, an undo's)."""
        self.view = View(store.state, store.ruleset, store.read_only)
        self.query_one(LogStrip).add(events, show=not self._dashboard_hidden())
        for event in events:
            if event.level == "warn":
                self.notify(event.text, severity="warning", timeout=8)

    def watch_view(self, view: View | None) -> None:
        if not self._dashboard_hidden():
            self.board = view
        elif not any(screen.styles.background.a == 1 for screen in self.screen_stack[1:]):
            self.query_one(SessionHeader).view = view  # light and time stay true above a dialog

    def _dashboard_hidden(self) -> bool:
        """Whether a screen or dialog lies over the dashboard. Its panes and log then wait until it
        closes (`pop_screen`): a dialog's backdrop shows the dashboard dimmed, and drawing it again
        under the dialog cost every key of an Explore a redraw of the whole backdrop. The header
        line, where light and time are, is kept true all the same."""
        return len(self.screen_stack) > 1

    def pop_screen(self) -> AwaitComplete:
        """Back towards the dashboard: it catches up with whatever it was spared while hidden, and a
        dialog the closing form's action called for opens in the same step, before any key is read."""
        popped = super().pop_screen()
        following, self._following = self._following, []
        for dialog, then in following:
            self.push_screen(dialog, then)
        if not self._dashboard_hidden():
            self.board = self.view
            self.query_one(LogStrip).catch_up()
        return popped

    def follow_with(self, dialog: Screen[Any], then: Callable[[Any], Any] | None = None) -> None:
        """Open a dialog an action calls for. A form that took the action closes itself next (and a
        dismissal closes the top screen), so the dialog waits for the form to close and opens as it does."""
        from hammertui.kernel.ui.dialogs.form import FormDialog

        if isinstance(self.screen, FormDialog):
            self._following.append((dialog, then))
        else:
            self.push_screen(dialog, then)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until a session is open (a save problem being resolved) only quitting makes sense; then
        a command applies when its ruleset and the moment allow (see `commands`). After an error
        nothing does but quitting."""
        if self.crashed:
            return super().check_action(action, parameters)
        if self.store is None:
            return action in ("quit", "command_palette", "help_quit")
        if action == "do":
            command = self._by_id.get(str(parameters[0])) if parameters else None
            if command is None:
                return False  # one of everyone's that a procedure of the session sets aside
        else:
            command = self._by_action.get(action)
        view = self.view if self.view is not None else View(self.store.state, self.store.ruleset, self.store.read_only)
        return command is None or (reaches(command, self.screen) and command.applies(view))

    def action_do(self, command_id: str) -> None:
        """Run a command's own code (its key is bound to `do('<id>')`). A procedure's key brings the
        arrows back to the party first, but the Light pane's (`focus_the_party`); everyone's leave
        them where they are, those acting on a character bringing them back themselves (`target`)."""
        command = self._by_id[command_id]
        assert command.run is not None
        if command_id not in self._leaves_focus:
            focus_the_party(self)
        command.run(self)

    def _checked(self, command: Command[View]) -> tuple[str, tuple[object, ...]]:
        """The action name and parameters `check_action` is asked with for a command."""
        return ("do", (command.id,)) if command.run is not None else (command.action, ())

    def runner(self, command: Command[View]) -> Callable[[], object]:
        """What the palette runs for a command: the same as its key."""
        if command.run is not None:
            return partial(self.action_do, command.id)
        action: Callable[[], object] = getattr(self, f"action_{command.action}")
        return action

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own (but Quit, which is ours), then the palette's entries (`palette`): every
        command that applies under `screen`, the screen's own while it is up, each character's. The
        palette reads markup in a command's words, and these carry names: they are escaped."""
        from hammertui.kernel.ui import palette

        ours = palette.entries(
            self, screen, lambda command: bool(self.check_action(*self._checked(command))), self.runner
        )
        for command in (*(c for c in super().get_system_commands(screen) if c.title != "Quit"), *ours):
            yield command._replace(title=escape(command.title), help=escape(command.help))

    def on_unmount(self) -> None:
        self._collector.stop()
        if self.lock is not None:
            self.lock.release()
        if self.player_server is not None:
            self.player_server.stop()


def _problem_rules(problem: LoadProblem | None, ruleset_loader: RulesetLoader) -> Ruleset:
    """The rules to draw the dashboard by while a save problem is resolved: those the session
    would be started with."""
    assert problem is not None, "the app needs a session or a problem to resolve"
    try:
        return ruleset_loader(problem.ruleset_id)
    except RulesetError:
        return ruleset_loader(sessions.DEMO_RULESET)


@cache
def keyed(app: type[HammerApp], commands: tuple[Command[View], ...]) -> type[HammerApp]:
    """`app` bound to the keys of `commands`, in their order: a class of the same name, module and
    everything else, whose `BINDINGS` are the commands'."""
    bindings = [command.binding() for command in commands if command.key is not None]
    return type(
        app.__name__, (app,), {"BINDINGS": bindings, "__module__": app.__module__, "__qualname__": app.__qualname__}
    )


def make_app(
    saves: Path,
    name: str | None = None,
    ruleset_id: str | None = None,
    seed: int | None = None,
    ruleset_loader: RulesetLoader = load_ruleset,
    difficulty: str | None = None,
) -> HammerApp:
    """The one way the CLI, the tests and the benchmarks build the app.

    `difficulty` chooses the mode of a session being created; an existing session keeps its own.
    """
    freeze_once("imports")
    name = name or sessions.latest(saves) or sessions.DEMO_NAME
    check_name(name)
    files = SaveFiles(saves, name)
    chosen = ruleset_id or sessions.DEMO_RULESET
    try:
        lock = _locked(files)
    except SessionBusy as busy:
        return HammerApp(_read_only(files, busy, ruleset_loader), ruleset_loader=ruleset_loader, busy=busy)
    if not files.snapshot.exists() and not files.backup.exists():
        store = sessions.create(saves, name, ruleset_loader(chosen), seed, difficulty)
        return HammerApp(store, ruleset_loader=ruleset_loader, lock=lock)
    try:
        store = sessions.open_files(files, ruleset_loader)
    except SaveError as error:
        return HammerApp(problem=LoadProblem(error, files, chosen, seed), ruleset_loader=ruleset_loader, lock=lock)
    if not store.state.session.ruleset_digest:
        try:
            store.dispatch(AdoptRuleset())  # a session saved before rulesets were fingerprinted
        except SaveFailed as failure:
            store.notices.append(str(failure))
    if not sessions.rules_changed(store) and not files.rules.exists():
        sessions.keep_rules(store)  # a session saved before the rules were kept beside it
    return HammerApp(store, ruleset_loader=ruleset_loader, lock=lock)


def _locked(files: SaveFiles) -> SessionLock | None:
    """The session's lock, taken before its files are opened or repaired; SessionBusy when another
    app plays it. A folder where no lock file can be made (one that cannot be written) is opened
    unlocked: its first save fails and says why."""
    try:
        files.folder.mkdir(parents=True, exist_ok=True)
        return session_lock.acquire(files)
    except (OSError, SaveError):
        return None


def _read_only(files: SaveFiles, busy: SessionBusy, ruleset_loader: RulesetLoader) -> Store:
    """The session another app plays, to show; a save that cannot be read leaves only the refusal."""
    try:
        return sessions.open_read_only(files, ruleset_loader)
    except SaveError:
        raise busy from None
