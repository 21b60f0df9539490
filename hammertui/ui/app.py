"""The Hammersmith's dashboard: one screen of panes reading one session state.

Keys and palette commands become actions; the store applies, logs and saves them; the app then hands
the panes a new `View`. Nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import attrs
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Grid
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer

from hammertui.rules.ruleset import load_ruleset
from hammertui.session import sessions
from hammertui.session.actions import (
    Action,
    AdvanceTime,
    Douse,
    HandOver,
    Light,
    Refused,
    RenameSession,
    source_name,
)
from hammertui.session.events import Event
from hammertui.session.persist import SaveError, SaveFiles
from hammertui.session.sessions import RulesetLoader
from hammertui.session.store import Store
from hammertui.session.vitals import ApplyDamage, Heal
from hammertui.ui.combat import CombatPane
from hammertui.ui.dialogs.amount import AmountDialog
from hammertui.ui.dialogs.choose import ChooseDialog
from hammertui.ui.dialogs.save_problem import SaveProblemScreen
from hammertui.ui.dialogs.text import TextDialog
from hammertui.ui.divining import DiviningPane
from hammertui.ui.header import SessionHeader
from hammertui.ui.light import LightPane
from hammertui.ui.log import LogStrip
from hammertui.ui.roster import PartyPane
from hammertui.ui.view import View


@attrs.frozen
class LoadProblem:
    """A session that could not be opened, and what is needed to offer the backup or a new one."""

    error: SaveError
    files: SaveFiles
    ruleset_id: str
    seed: int | None


class HammerApp(App[None]):
    """The dashboard. Give it a ready store, or a load problem to resolve with the 'Smith first."""

    CSS_PATH = "hammertui.tcss"
    TITLE = "hammertui"
    ENABLE_COMMAND_PALETTE = True

    BINDINGS = [
        Binding("t", "advance_time", "Pass time", id="time.advance"),
        Binding("l", "toggle_light", "Light", id="light.toggle", tooltip="Light or douse the highlighted source"),
        Binding("g", "hand_over", "Give", id="light.hand_over", tooltip="Hand the highlighted source to someone"),
        Binding("d", "damage", "Damage", id="party.damage"),
        Binding("h", "heal", "Heal", id="party.heal"),
        Binding("u", "undo", "Undo", id="store.undo"),
        Binding("ctrl+r", "redo", "Redo", id="store.redo"),
        Binding("f2", "rename", "Rename", id="session.rename", show=False),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
    ]

    view: reactive[View | None] = reactive(None, repaint=False)

    def __init__(
        self,
        store: Store | None = None,
        problem: LoadProblem | None = None,
        ruleset_loader: RulesetLoader = load_ruleset,
    ) -> None:
        super().__init__()
        self.store = store
        self.problem = problem
        self.ruleset_loader = ruleset_loader

    def compose(self) -> ComposeResult:
        yield SessionHeader(id="header").data_bind(HammerApp.view)
        with Grid(id="panes"):
            yield PartyPane(id="party", classes="pane").data_bind(HammerApp.view)
            yield LightPane(id="light", classes="pane").data_bind(HammerApp.view)
            yield DiviningPane(id="divining", classes="pane").data_bind(HammerApp.view)
            yield CombatPane(id="combat", classes="pane").data_bind(HammerApp.view)
        yield LogStrip(id="log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.store is not None:
            self._show(self.store, self.store.recent)
        elif self.problem is not None:
            error = self.problem.error
            has_backup = self.problem.files.backup.exists()
            screen = SaveProblemScreen(error.problems, str(error.path), has_backup)
            self.push_screen(screen, self._resolve_problem)

    def _resolve_problem(self, choice: str | None) -> None:
        problem = self.problem
        assert problem is not None
        try:
            if choice == "backup":
                store, kept = sessions.restore_backup(problem.files, self.ruleset_loader)
                self.notify(f"Restored from the backup; the unreadable file is kept as {kept.name}.")
            elif choice == "new":
                name = sessions.unused_name(problem.files.folder, problem.files.stem)
                ruleset = self.ruleset_loader(problem.ruleset_id)
                store = sessions.create(problem.files.folder, name, ruleset, problem.seed)
                self.notify(f"Started a new session, {name}.")
            else:
                self.exit()
                return
        except SaveError as error:
            self.problem = LoadProblem(error, problem.files, problem.ruleset_id, problem.seed)
            self.push_screen(SaveProblemScreen(error.problems, str(error.path), False), self._resolve_problem)
            return
        self.problem = None
        self._show(store, store.recent)

    def _show(self, store: Store, events: Iterable[Event]) -> None:
        self.store = store
        self.title = store.state.session.name
        self.view = View(store.state, store.ruleset)
        self.query_one(LogStrip).add(events)
        self.refresh_bindings()

    # Turning intent into actions -------------------------------------------------------------

    def perform(self, action: Action) -> bool:
        """Dispatch an action; a refusal becomes a notification and changes nothing."""
        store = self._store()
        try:
            events = store.dispatch(action)
        except Refused as refusal:
            self.notify(str(refusal), title="Not now", severity="warning")
            return False
        self._after(store, events)
        return True

    def _after(self, store: Store, events: list[Event]) -> None:
        self.view = View(store.state, store.ruleset)
        self.query_one(LogStrip).add(events)
        for event in events:
            if event.level == "warn":
                self.notify(event.text, severity="warning", timeout=8)

    def _store(self) -> Store:
        if self.store is None:
            raise RuntimeError("no session is open")
        return self.store

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until a session is open (a save problem being resolved) only quitting makes sense."""
        return self.store is not None or action in ("quit", "command_palette", "help_quit")

    def action_advance_time(self) -> None:
        self.perform(AdvanceTime(1))

    def action_toggle_light(self) -> None:
        light_id = self.query_one(LightPane).selected_id
        if light_id is None:
            self.notify("No light source to light.", severity="warning")
            return
        source = self._store().state.light(light_id)
        self.perform(Douse(light_id) if source.lit else Light(light_id))

    def action_hand_over(self) -> None:
        store = self._store()
        light_id = self.query_one(LightPane).selected_id
        if light_id is None:
            self.notify("No light source to hand over.", severity="warning")
            return
        source = store.state.light(light_id)
        choices = [(m.id, m.name) for m in store.state.party if m.alive and m.id != source.carrier]
        if source.carrier:
            choices.append(("", "Set it down"))
        name = source_name(store.state, store.ruleset, source)
        dialog = ChooseDialog("Hand over", f"Who takes {name[0].lower() + name[1:]}?", choices)
        self.push_screen(dialog, lambda to: to is not None and self.perform(HandOver(light_id, to)))

    def action_damage(self, character_id: str = "") -> None:
        self._ask_amount(character_id, "Damage", lambda cid, n: ApplyDamage(cid, n))

    def action_heal(self, character_id: str = "") -> None:
        self._ask_amount(character_id, "Healing", lambda cid, n: Heal(cid, n))

    def _ask_amount(self, character_id: str, what: str, make: Callable[[str, int], Action]) -> None:
        store = self._store()
        character_id = character_id or self.query_one(PartyPane).selected_id or ""
        if not character_id:
            self.notify("The party is empty.", severity="warning")
            return
        member = store.state.character(character_id)
        prompt = f"{what} to {member.name} (HP {member.hp}/{member.max_hp}):"
        dialog = AmountDialog(f"{what}: {member.name}", prompt)
        self.push_screen(dialog, lambda n: n is not None and self.perform(make(character_id, n)))

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
        self._after(self._store(), events)

    def action_rename(self) -> None:
        current = self._store().state.session.name
        dialog = TextDialog("Rename session", "New name for this session:", current)
        self.push_screen(dialog, lambda name: name is not None and self.perform(RenameSession(name)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.store is None:
            return
        unit = self.store.ruleset.time.unit
        yield SystemCommand(f"Pass a {unit}", f"Advance the clock one {unit}; every lit source burns", self.action_advance_time)
        yield SystemCommand("Light or douse", "Light the selected source, or put it out", self.action_toggle_light)
        yield SystemCommand("Hand over a light", "Give the selected source to someone else", self.action_hand_over)
        for member in self.store.state.party:
            if member.alive:
                yield SystemCommand(f"Damage {member.name}", "Apply damage (temporary HP first)", lambda cid=member.id: self.action_damage(cid))
                yield SystemCommand(f"Heal {member.name}", "Heal up to max HP", lambda cid=member.id: self.action_heal(cid))
        yield SystemCommand("Undo", "Step back to before the last action", self.action_undo)
        yield SystemCommand("Redo", "Step forward again after an undo", self.action_redo)
        yield SystemCommand("Rename session", "Give this session a new name", self.action_rename)


def make_app(
    saves: Path,
    name: str | None = None,
    ruleset_id: str | None = None,
    seed: int | None = None,
    ruleset_loader: RulesetLoader = load_ruleset,
) -> HammerApp:
    """The one way the CLI, the tests and the benchmarks build the app."""
    name = name or sessions.latest(saves) or sessions.DEMO_NAME
    sessions.check_name(name)
    files = SaveFiles(saves, name)
    chosen = ruleset_id or sessions.DEMO_RULESET
    if not files.snapshot.exists() and not files.backup.exists():
        store = sessions.create(saves, name, ruleset_loader(chosen), seed)
        return HammerApp(store, ruleset_loader=ruleset_loader)
    try:
        return HammerApp(sessions.open_files(files, ruleset_loader), ruleset_loader=ruleset_loader)
    except SaveError as error:
        return HammerApp(problem=LoadProblem(error, files, chosen, seed), ruleset_loader=ruleset_loader)
