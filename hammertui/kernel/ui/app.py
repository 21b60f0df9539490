"""The Hammersmith's dashboard: one screen of panes reading one session state.

Keys and palette commands become actions; the store applies, logs and saves them; the app then hands
the panes a new `View`. Nothing here computes a rule.
"""

from __future__ import annotations

from hammertui.kernel.ui import heap

heap.pause_collector()  # before Textual and the rest are imported: see ui/heap.py

import time
from collections.abc import Callable, Iterable
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import BindingType
from textual.containers import Grid
from textual.markup import escape
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable

from hammertui.kernel.rules.clock import clock_text
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset, RulesetError, load_ruleset
from hammertui.kernel.session import lock as session_lock
from hammertui.kernel.session import sessions
from hammertui.kernel.session.acting import Action, Refused
from hammertui.kernel.session.actions import (
    AdoptRuleset,
    AdvanceTime,
    RenameSession,
)
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.lock import SessionBusy, SessionLock
from hammertui.kernel.session.persist import SaveError, SaveFailed, SaveFiles
from hammertui.kernel.session.sessions import RulesetLoader
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.store import READ_ONLY, Store
from hammertui.kernel.session.vitals import Heal
from hammertui.kernel.ui import procedures
from hammertui.kernel.ui.commands import COMMON, ROSTER, Command, OneCharacter, Roster, reaches
from hammertui.kernel.ui.crash import CrashGuard, state_folder
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.header import SessionHeader
from hammertui.kernel.ui.heap import BetweenKeys, freeze_once
from hammertui.kernel.ui.keymap import keymap_path, read_keymap
from hammertui.kernel.ui.log import LogStrip
from hammertui.kernel.ui.type_ahead import TypeAhead
from hammertui.kernel.ui.view import View
from hammertui.procedures.burn_down.actions import (
    ToNextHour,
    darkness_ahead,
    next_hour,
)
from hammertui.procedures.hammercrawl_classes.actions.vitals import FightOn, LayDown

if TYPE_CHECKING:
    from hammertui.kernel.ui.player_server import PlayerServer


IDLE_CHECK = 0.25
"""How often, in seconds, the app looks for a pause between keys to collect garbage in (`heap`)."""

CHANGES_SHOWN = 12
"""The changed rules the question before play lists; the log keeps them all."""


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
        app = super().__new__(keyed(cls, procedures.commands(rules)))
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
        self._player_server: PlayerServer | None = None
        self._collector = BetweenKeys(time.monotonic())
        self.ruleset_loader = ruleset_loader
        self._following: list[tuple[Screen[Any], Callable[[Any], object] | None]] = []
        self.type_ahead = TypeAhead(self)
        self.commands = procedures.commands(self.rules)
        self._by_id = {command.id: command for command in self.commands}
        self._by_action = {command.action: command for command in self.commands if command.run is None}
        light = procedures.part_ui(self.rules, "light")
        self._light_keys = {command.id for command in light.commands} if light is not None else set()
        self._set_aside = {command.id: command.action for command in COMMON if command.id not in self._by_id}

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
                self._ask_read_only(self.busy)
            elif sessions.rules_changed(self.store):
                self._ask_about_changed_rules(self.store)
        elif self.problem is not None:
            from hammertui.kernel.ui.dialogs.save_problem import SaveProblemScreen

            error = self.problem.error
            has_backup = self.problem.files.backup.exists()
            screen = SaveProblemScreen(error.problems, str(error.path), has_backup)
            self.push_screen(screen, self._resolve_problem)

    def _ask_read_only(self, busy: SessionBusy) -> None:
        """Another app plays this session: watch it here, changing nothing, or leave it be."""
        from hammertui.kernel.ui.dialogs.choose import ChooseDialog

        prompt = f"{busy.files.stem} is open for play in another hammertui ({busy.holder}). Two apps playing one session lose each other's actions."
        choices = [("read", "Open it read-only: see it here, change nothing"), ("quit", "Quit")]
        dialog = ChooseDialog("Open elsewhere", prompt, choices)
        self.push_screen(dialog, lambda choice: self._read_only_chosen() if choice == "read" else self.exit())

    def _read_only_chosen(self) -> None:
        self.notify(READ_ONLY, title="Read-only", timeout=10)

    def _ask_about_changed_rules(self, store: Store) -> None:
        """Before play: the ruleset's file was edited since this session last played by it; what
        changed is named, rule by rule, where the rules it played by were kept."""
        from hammertui.kernel.ui.dialogs.choose import ChooseDialog

        where = store.state.session.ruleset_file or (
            str(store.ruleset.source) if store.ruleset.source else store.ruleset.id
        )
        changes = tuple(sessions.rule_changes(store))
        prompt = f"{store.ruleset.name} ({where}) has changed since this session was last played."
        if changes:
            shown = [
                *changes[:CHANGES_SHOWN],
                *([f"... and {len(changes) - CHANGES_SHOWN} more"] if len(changes) > CHANGES_SHOWN else []),
            ]
            prompt += "\n" + "\n".join(f"  {line}" for line in shown)
        choices = [("play", "Play on: the new rules apply from now"), ("quit", "Quit, and put the old file back first")]
        dialog = ChooseDialog("The rules have changed", prompt, choices)
        self.push_screen(dialog, lambda choice: self._adopt(store, changes) if choice == "play" else self.exit())

    def _adopt(self, store: Store, changes: tuple[str, ...]) -> None:
        if self.perform(AdoptRuleset(changes)):
            sessions.keep_rules(store)

    def _resolve_problem(self, choice: str | None) -> None:
        from hammertui.kernel.ui.dialogs.save_problem import SaveProblemScreen

        problem = self.problem
        assert problem is not None
        try:
            if choice == "backup":
                store, kept = sessions.restore_backup(problem.files, self.ruleset_loader)
                self.notify(f"Restored from the backup; the unreadable file is kept as {kept.name}.")
            elif choice == "new":
                name = sessions.unused_name(problem.files.folder, problem.files.stem)
                ruleset = self.ruleset_loader(problem.ruleset_id)
                self._hold(_locked(SaveFiles(problem.files.folder, name)))
                store = sessions.create(problem.files.folder, name, ruleset, problem.seed)
                self.notify(f"Started a new session, {name}.")
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

    def _attempt(self, action: Action, tell_refusal: bool) -> str | None:
        """Dispatch an action; why it was not done, or None. A save that failed is always told:
        the action is not done, whatever screen asked for it."""
        store = self._store()
        before = store.state
        try:
            events = store.dispatch(action)
        except Refused as refusal:
            if tell_refusal:
                self.notify(str(refusal), title="Not now", severity="warning")
            return str(refusal)
        except SaveFailed as failure:
            self._tell_save_failed(failure)
            return str(failure)
        self._after(store, events)
        self._offer_epitaphs(before, store.state)
        return None

    def _tell_save_failed(self, failure: SaveFailed) -> None:
        self.notify(str(failure), title="Not saved", severity="error", timeout=30)

    def _after(self, store: Store, events: list[Event]) -> None:
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

    def follow_with(self, dialog: Screen[Any], then: Callable[[Any], object] | None = None) -> None:
        """Open a dialog an action calls for. A form that took the action closes itself next (and a
        dismissal closes the top screen), so the dialog waits for the form to close and opens as it does."""
        from hammertui.kernel.ui.dialogs.form import FormDialog

        if isinstance(self.screen, FormDialog):
            self._following.append((dialog, then))
        else:
            self.push_screen(dialog, then)

    def _offer_epitaphs(self, before: State, after: State) -> None:
        """Someone just died: the table writes the tombstone while the moment is fresh."""
        was_alive = {m.id for m in before.party if m.alive}
        for member in after.party:
            if member.id in was_alive and not member.alive:
                self.action_bury(member.id)

    def _store(self) -> Store:
        if self.store is None:
            raise RuntimeError("no session is open")
        return self.store

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until a session is open (a save problem being resolved) only quitting makes sense; then
        a command applies when its ruleset and the moment allow (see `commands`). After an error
        nothing does but quitting."""
        if self.crashed:
            return super().check_action(action, parameters)
        if self.store is None:
            return action in ("quit", "command_palette", "help_quit")
        if action in self._set_aside.values():
            return False
        command = self._by_id.get(str(parameters[0])) if action == "do" and parameters else self._by_action.get(action)
        view = self.view if self.view is not None else View(self.store.state, self.store.ruleset, self.store.read_only)
        return command is None or (reaches(command, self.screen) and command.applies(view))

    def action_do(self, command_id: str) -> None:
        """Run a procedure's command (its key is bound to `do('<id>')`)."""
        command = self._by_id[command_id]
        assert command.run is not None
        if command_id not in self._light_keys:
            self._focus_the_party()
        command.run(self)

    def _focus_the_party(self) -> None:
        """A key that is not the Light pane's brings the arrows back to the party: with the Light
        pane still focused after a party key's dialog, `end` moved a torch and the next party key
        acted on a character the 'Smith had not chosen. Light keys leave the focus where it is, so
        the Timekeeper can pack a lantern, then move down to it and light it."""
        if self.screen is self.screen_stack[0]:
            for roster in self.query(f"#{ROSTER} DataTable").results(DataTable):
                roster.focus()

    def _checked(self, command: Command[View]) -> tuple[str, tuple[object, ...]]:
        """The action name and parameters `check_action` is asked with for a command."""
        return ("do", (command.id,)) if command.run is not None else (command.action, ())

    def runner(self, command: Command[View]) -> Callable[[], object]:
        """What the palette runs for a command: the same as its key."""
        if command.run is not None:
            return partial(self.action_do, command.id)
        return getattr(self, f"action_{command.action}")

    def action_advance_time(self) -> None:
        self._into_the_dark(1, lambda: self.perform(AdvanceTime(1)))

    def _into_the_dark(self, units: int, then: Callable[[], object]) -> None:
        """Time that would put out the party's last light asks first, as the Camp check does."""
        from hammertui.kernel.ui.dialogs.choose import ChooseDialog

        store = self._store()
        warning = darkness_ahead(store.state, store.ruleset, units)
        if warning is None:
            then()
            return
        choices = [("pass", "Pass the time: into the dark"), ("wait", "Wait (light a spare first)")]
        self.push_screen(ChooseDialog("The light is going", warning, choices), lambda c: c == "pass" and then())

    def action_pass_time(self) -> None:
        from hammertui.kernel.ui.dialogs.pass_time import PassTimeDialog

        store = self._store()
        warn = partial(darkness_ahead, store.state, store.ruleset)
        self.push_screen(PassTimeDialog(store.ruleset.time, self.try_perform, warn))

    def action_next_hour(self) -> None:
        from hammertui.kernel.ui.dialogs.pass_time import NextHourDialog

        store = self._store()
        units, at = next_hour(store.state, store.ruleset.time)
        prompt = f"{store.ruleset.time.label(units)} to {at}; every lit source burns them."
        warning = darkness_ahead(store.state, store.ruleset, units)
        if warning is not None:
            prompt = f"{prompt}\n{warning}"
        self.push_screen(NextHourDialog(prompt, self.try_perform, ToNextHour))

    def action_heal(self, character_id: str = "") -> None:
        self.ask_amount(character_id, "Healing", lambda cid, n: self.perform(Heal(cid, n)))

    def ask_amount(self, character_id: str, what: str, then: Callable[[str, int], object]) -> None:
        """How much damage or healing to a character (the one named, else the one `target` finds)."""
        from hammertui.kernel.ui.dialogs.amount import AmountDialog

        member = self.target(character_id)
        if member is None:
            return
        prompt = f"{what} to {member.name} (HP {member.hp}/{member.max_hp}):"
        dialog = AmountDialog(f"{what}: {member.name}", prompt)
        self.push_screen(dialog, lambda n: n is not None and then(member.id, n))

    def target(self, character_id: str = "") -> Character | None:
        """The character a key acts on: the one named, the open sheet's, or the roster's highlight."""
        store = self._store()
        self._focus_the_party()
        if not character_id and isinstance(self.screen, OneCharacter):
            character_id = self.screen.sheet_of
        roster = self.query_one(f"#{ROSTER}")
        character_id = character_id or (roster.selected_id if isinstance(roster, Roster) else None) or ""
        if not character_id:
            self.notify(
                "The party is empty." if not store.state.party else "No character is highlighted.", severity="warning"
            )
            return None
        return store.state.character(character_id)

    def action_bury(self, character_id: str = "") -> None:
        member = self.target(character_id)
        if member is None:
            return
        if member.alive or member.death is None:
            self.notify(f"{member.name} is not dead. Yet.", severity="warning")
            return
        from hammertui.kernel.ui.dialogs.burial import BurialDialog

        when = clock_text(member.death.at, self._store().ruleset.time.minutes_per_unit)
        self.follow_with(BurialDialog(member, when, self.try_perform))

    def after_fight(self, then: Callable[[], object]) -> None:
        """A fight has ended: the explore procedure may have something to offer first (the room's
        challenge XP, under the Divining Pool); `then` once it is answered, or at once."""
        procedures.after_fight(self, then)

    def action_loot(self) -> None:
        from hammertui.kernel.ui.loot import LootScreen

        self.push_screen(LootScreen())

    def action_graveyard(self) -> None:
        from hammertui.kernel.ui.graveyard import GraveyardScreen

        self.push_screen(GraveyardScreen())

    def action_report(self) -> None:
        """Write the session's report beside the saves, in a thread (drawing the charts takes a
        moment), and say where it went."""
        self.run_worker(partial(write_report, self, self._store()), thread=True, group="report")

    def action_rules(self) -> None:
        from hammertui.kernel.ui.decisions import RulesScreen

        self.push_screen(RulesScreen())

    def action_undo(self) -> None:
        self._history(self._store().undo)

    def action_redo(self) -> None:
        self._history(self._store().redo)

    def _history(self, step: Callable[[], list[Event]]) -> None:
        try:
            events = step()
        except Refused as refusal:
            self.notify(str(refusal).capitalize() + ".", severity="warning")
            return
        except SaveFailed as failure:
            self._tell_save_failed(failure)
            return
        self._after(self._store(), events)

    def action_rename(self) -> None:
        from hammertui.kernel.ui.dialogs.text import TextDialog

        current = self._store().state.session.name
        self.push_screen(
            TextDialog(
                "Rename session",
                "New name for this session:",
                current,
                lambda name: self.try_perform(RenameSession(name)),
            )
        )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own (but Quit, which is ours), every command that applies under `screen`, the
        screen's own while it is up (a screen with a `palette`, such as a fight's), and each character's.
        The palette reads markup in a command's words, and these carry names: they are escaped."""
        for command in self._system_commands(screen):
            yield command._replace(title=escape(command.title), help=escape(command.help))

    def _system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from (command for command in super().get_system_commands(screen) if command.title != "Quit")
        for command in self.commands:
            if self.check_action(*self._checked(command)) and reaches(command, screen):
                title, help = command.words(self.store.state, self.store.ruleset) if self.store else (command.label, "")
                yield SystemCommand(title, help, self.runner(command))
        own = getattr(screen, "palette", None)
        if callable(own):
            yield from own()
        if self.store is not None and reaches(None, screen):
            yield from self._character_commands(self.store.state)
            yield from self._player_view_commands(self.store.state)

    def _player_view_commands(self, state: State) -> Iterable[SystemCommand]:
        """Serve the table's read-only view of this session (again: where to open it), and whether
        it shows Hit Points as numbers."""
        if self._player_server is not None and self._player_server.running:
            yield SystemCommand(
                "Open the player view",
                f"Served at {self._player_server.address}: show the address again",
                self.action_player_view,
            )
        else:
            yield SystemCommand(
                "Open the player view",
                "Serve the party, light, clock and rolls to a browser (read-only)",
                self.action_player_view,
            )
        show = not state.session.show_hp_numbers
        words = "Player view: show HP numbers" if show else "Player view: HP as bands alone"
        yield SystemCommand(
            words, "Beside Healthy, Wounded, Bloodied... on the player view", lambda: self._show_hp_numbers(show)
        )

    def action_player_view(self) -> None:
        """Start the player view's server (once) and say where to open it."""
        from hammertui.kernel.ui.player_server import PlayerServer

        files = self._store().files
        if files is None:
            self.notify("This session is not saved, so there is nothing to serve.", severity="warning")
            return
        if self._player_server is None or not self._player_server.running:
            self._player_server = PlayerServer()
            self._player_server.start(files.stem, files.folder)
        self.notify(
            f"Open {self._player_server.address} in a browser. It follows this session; it stops when hammertui does.",
            title="Player view",
            timeout=20,
        )

    def _show_hp_numbers(self, show: bool) -> None:
        from hammertui.kernel.session.player_view import ShowHpNumbers

        self.perform(ShowHpNumbers(show))

    def on_unmount(self) -> None:
        self._collector.stop()
        if self.lock is not None:
            self.lock.release()
        if self._player_server is not None:
            self._player_server.stop()

    def _character_commands(self, state: State) -> Iterable[SystemCommand]:
        """ "Sheet: Darla", "Damage Otto": each character by name, beside the keys' highlighted one. The
        sheet is the characters procedure's (its `show_sheet(app, id)`); Damage by name is offered
        where Damage is, as its command does it."""
        characters = procedures.part_ui(self._store().ruleset, "characters")
        own_sheet = characters.show_sheet if characters is not None else None
        damage = self._by_id.get("party.damage")
        for member in state.party:
            cid = member.id
            if own_sheet is not None:
                yield SystemCommand(
                    f"Sheet: {member.name}", "Every number and where it comes from", partial(own_sheet, self, cid)
                )
            if not member.alive:
                yield SystemCommand(
                    f"Bury {member.name}",
                    "Write the epitaph and lay them to rest",
                    lambda cid=cid: self.action_bury(cid),
                )
                continue
            if damage is not None and damage.run is not None:
                yield SystemCommand(
                    f"Damage {member.name}", "Apply damage (temporary HP first)", partial(damage.run, self, cid)
                )
            yield SystemCommand(f"Heal {member.name}", "Heal up to max HP", lambda cid=cid: self.action_heal(cid))
            if member.status == "down":
                yield SystemCommand(
                    f"{member.name}: Lay Down",
                    "A Death save; a CON point lost on failure",
                    lambda cid=cid: self.perform(LayDown(cid)),
                )
                yield SystemCommand(
                    f"{member.name}: Fight On", "Act, then lose 1d4 CON", lambda cid=cid: self.perform(FightOn(cid))
                )


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


def write_report(app: HammerApp, store: Store) -> None:
    """The report of the session as saved now; the app is told where it went, or why it did not."""
    from hammertui.kernel.session.report.files import write_report as write

    if store.files is None:
        app.call_from_thread(
            app.notify, "This session is not saved: there is nothing to report from.", severity="warning"
        )
        return
    try:
        written = write(store.files, app.ruleset_loader)
    except (SaveError, OSError) as error:
        app.call_from_thread(app.notify, f"The report was not written: {error}", severity="error")
        return
    app.call_from_thread(
        app.notify, f"The session report is written: {written.markdown} and {written.html}", timeout=10
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
    sessions.check_name(name)
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
