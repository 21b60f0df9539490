"""The Hammersmith's dashboard: one screen of panes reading one session state.

Keys and palette commands become actions; the store applies, logs and saves them; the app then hands
the panes a new `View`. Nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

import attrs
from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Grid
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer

from hammertui.rules.clock import clock_text
from hammertui.rules.ruleset import load_ruleset
from hammertui.session import sessions
from hammertui.session.actions import (
    Action,
    AdoptRuleset,
    AdvanceTime,
    Douse,
    HandOver,
    Light,
    Refused,
    RenameSession,
    source_name,
)
from hammertui.session.events import Event
from hammertui.session.explore import SetSafeHaven, room_award
from hammertui.session.lights import (
    CastLight,
    DropLight,
    FoldRounds,
    PassRounds,
    Refill,
    casters,
    darkness_ahead,
    next_hour,
    pack_items,
    spell_kind,
)
from hammertui.session.persist import SaveError, SaveFiles
from hammertui.session.sessions import RulesetLoader
from hammertui.rules.characters import LEVEL_UP_HP, level_up_hp_rule
from hammertui.session.advancement import LevelUp, SetLevelUpHP, ad_hoc_words, level_up_hp_choices
from hammertui.session.recruits import AssignRole, RenameCharacter
from hammertui.session.state import Character, LightSource, State
from hammertui.session.store import Store
from hammertui.session.vitals import NOT_TODAY, ApplyDamage, FightOn, Heal, LayDown, can_say_not_today, dungeon_tier
from hammertui.ui.combat import CombatPane
from hammertui.ui.dialogs.amount import AmountDialog
from hammertui.ui.dialogs.choose import ChooseDialog
from hammertui.ui.dialogs.form import FormDialog
from hammertui.ui.dialogs.save_problem import SaveProblemScreen
from hammertui.ui.dialogs.text import TextDialog
from hammertui.ui.divining import DiviningPane
from hammertui.ui.header import SessionHeader
from hammertui.ui.light import LightPane
from hammertui.ui.log import LogStrip
from hammertui.ui import screens
from hammertui.ui.roster import PartyPane
from hammertui.ui.type_ahead import TypeAhead
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
        Binding("e", "explore", "Explore", id="explore.start", tooltip="Move on: build and roll the Divining Pool, step by step"),
        Binding("b", "pool", "Pool", id="explore.pool", show=False, tooltip="Build the next Divining Pool and see its odds"),
        Binding("m", "rooms", "Rooms", id="explore.rooms", show=False, tooltip="The rooms explored; award a beaten challenge's XP"),
        Binding("c", "camp", "Camp", id="party.camp", show=False, tooltip="Camp in a Safe Haven: eat, heal, re-memorize, watch, scout, step by step"),
        Binding("H", "safe_haven", "Safe Haven", id="party.safe_haven", show=False, tooltip="Declare this place a Safe Haven, or no longer one"),
        Binding("S", "search", "Search", id="party.search", show=False, tooltip="Search for hidden secrets: searchers, time, the odds"),
        Binding("R", "town", "Town", id="party.town", show=False, tooltip="Return to Town: heal, restock, divide the loot, level up"),
        Binding("dollar_sign", "loot", "Loot", id="party.loot", show=False, key_display="$", tooltip="The Lootkeeper's ledger: coins and items, who holds what"),
        Binding("F", "fight", "Fight!", id="combat.fight", tooltip="Start a fight (foes, surprise), or go back to the one under way"),
        Binding("space", "fight_next", "Next phase", id="combat.next", tooltip="The fight's next step: initiative, the next phase, the other side"),
        Binding("t", "advance_time", "Pass time", id="time.advance"),
        Binding("l", "toggle_light", "Light", id="light.toggle", show=False, tooltip="Light or douse the highlighted source"),
        Binding("g", "hand_over", "Give", id="light.hand_over", show=False, tooltip="Hand the highlighted source to someone"),
        Binding("o", "refill_light", "Refill", id="light.refill", show=False, tooltip="Refill the highlighted lantern from its carrier's oil"),
        Binding("D", "drop_light", "Drop light", id="light.drop", show=False, tooltip="The highlighted source is lost for good"),
        Binding("a", "pack", "Pack", id="light.pack", show=False, tooltip="A fresh torch, lantern or candle, or a flask of oil, into a pack"),
        Binding("L", "cast_light", "Cast Light", id="light.cast", show=False, tooltip="A caster casts the Light spell"),
        Binding("C", "correct_light", "Correct light", id="light.correct", show=False, tooltip="Add to, take from or set the highlighted source's time"),
        Binding("T", "pass_time", "Pass...", id="time.pass", show=False, tooltip="Pass some turns or Beats, with a reason"),
        Binding("n", "next_hour", "Next hour", id="time.next_hour", show=False, tooltip="Pass time to the next full hour"),
        Binding("d", "damage", "Damage", id="party.damage"),
        Binding("h", "heal", "Heal", id="party.heal"),
        Binding("u", "undo", "Undo", id="store.undo"),
        Binding("s", "check", "Roll", id="party.check", show=False, tooltip="A save, thief skill or skill check for the highlighted character"),
        Binding("x", "award_xp", "XP", id="party.xp", show=False),
        Binding("r", "roll_character", "New", id="party.roll", show=False, tooltip="Roll a new character by the rules"),
        Binding("p", "pile", "Pile", id="party.pile", show=False, tooltip="The pile of pre-rolled replacements"),
        Binding("E", "enter_character", "Enter by hand", id="party.enter", show=False),
        Binding("z", "lay_down", "Lay Down", id="party.lay_down", show=False),
        Binding("f", "fight_on", "Fight On", id="party.fight_on", show=False),
        Binding("B", "bury", "Epitaph", id="party.bury", show=False),
        Binding("v", "level_up", "Level up", id="party.level_up", show=False),
        Binding("V", "level_up_anyway", "Level up anyway", id="party.level_up_anyway", show=False),
        Binding("k", "counts", "Supplies", id="party.counts", show=False),
        Binding("y", "graveyard", "Graveyard", id="party.graveyard", show=False),
        Binding("w", "hirelings", "Hirelings", id="party.hirelings", show=False),
        Binding("ctrl+r", "redo", "Redo", id="store.redo", show=False),
        Binding("f2", "rename", "Rename", id="session.rename", show=False),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
    ]

    view: reactive[View | None] = reactive(None, repaint=False)
    board: reactive[View | None] = reactive(None, repaint=False)
    """What the dashboard's panes draw: the `view`, held back while a whole screen (the fight) hides
    them, since a change to a screen underneath repaints the one on top in full."""

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
        self._following: list[tuple[Screen[Any], Callable[[Any], object] | None]] = []
        self._type_ahead = TypeAhead(self)

    async def on_event(self, event: events.Event) -> None:
        """A key typed ahead of a screen waits for it (see `type_ahead`); the rest as Textual does."""
        if isinstance(event, events.Key) and self._type_ahead.holds(event):
            return
        await super().on_event(event)

    def compose(self) -> ComposeResult:
        yield SessionHeader(id="header").data_bind(view=HammerApp.board)
        with Grid(id="panes"):
            yield PartyPane(id="party", classes="pane").data_bind(view=HammerApp.board)
            yield LightPane(id="light", classes="pane").data_bind(view=HammerApp.board)
            yield DiviningPane(id="divining", classes="pane").data_bind(view=HammerApp.board)
            yield CombatPane(id="combat", classes="pane").data_bind(view=HammerApp.board)
        yield LogStrip(id="log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.store is not None:
            self._show(self.store, self.store.recent)
            if sessions.rules_changed(self.store):
                self._ask_about_changed_rules(self.store)
        elif self.problem is not None:
            error = self.problem.error
            has_backup = self.problem.files.backup.exists()
            screen = SaveProblemScreen(error.problems, str(error.path), has_backup)
            self.push_screen(screen, self._resolve_problem)

    def _ask_about_changed_rules(self, store: Store) -> None:
        """Before play: the ruleset's file was edited since this session last played by it."""
        where = store.state.session.ruleset_file or (str(store.ruleset.source) if store.ruleset.source else store.ruleset.id)
        prompt = f"{store.ruleset.name} ({where}) has changed since this session was last played."
        choices = [("play", "Play on: the new rules apply from now"), ("quit", "Quit, and put the old file back first")]
        dialog = ChooseDialog("The rules have changed", prompt, choices)
        self.push_screen(dialog, lambda choice: self.perform(AdoptRuleset()) if choice == "play" else self.exit())

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
        refusal = self.try_perform(action)
        if refusal is not None:
            self.notify(refusal, title="Not now", severity="warning")
        return refusal is None

    def try_perform(self, action: Action) -> str | None:
        """Dispatch an action; the refusal's words for a dialog to show, or None when done."""
        store = self._store()
        before = store.state
        try:
            events = store.dispatch(action)
        except Refused as refusal:
            return str(refusal)
        self._after(store, events)
        self._offer_epitaphs(before, store.state)
        return None

    def _after(self, store: Store, events: list[Event]) -> None:
        self.view = View(store.state, store.ruleset)
        self.query_one(LogStrip).add(events, show=not self._dashboard_hidden())
        for event in events:
            if event.level == "warn":
                self.notify(event.text, severity="warning", timeout=8)

    def watch_view(self, view: View | None) -> None:
        if not self._dashboard_hidden():
            self.board = view

    def _dashboard_hidden(self) -> bool:
        return any(screen.styles.background.a == 1 for screen in self.screen_stack[1:])

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
        """Until a session is open (a save problem being resolved) only quitting makes sense.

        The Light spell is offered only under rules that have one. While a fight is on, the next
        phase takes Explore's place in the footer (exploring waits for the fight's end).
        """
        if self.store is not None and action == "cast_light":
            return spell_kind(self.store.ruleset) is not None
        if self.store is not None and action in ("fight_next", "explore"):
            return (self.store.state.fighting is not None) == (action == "fight_next")
        return self.store is not None or action in ("quit", "command_palette", "help_quit")

    def action_advance_time(self) -> None:
        self._into_the_dark(1, lambda: self.perform(AdvanceTime(1)))

    def _into_the_dark(self, units: int, then: Callable[[], object]) -> None:
        """Time that would put out the party's last light asks first, as the Camp check does."""
        store = self._store()
        warning = darkness_ahead(store.state, store.ruleset, units)
        if warning is None:
            then()
            return
        choices = [("pass", "Pass the time: into the dark"), ("wait", "Wait (light a spare first)")]
        self.push_screen(ChooseDialog("The light is going", warning, choices), lambda c: c == "pass" and then())

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

    def _light_at_cursor(self, doing: str) -> LightSource | None:
        """The source under the Light pane's cursor, or a word that there is none."""
        light_id = self.query_one(LightPane).selected_id
        if light_id is None:
            self.notify(f"No light source to {doing}.", severity="warning")
            return None
        return self._store().state.light(light_id)

    def action_refill_light(self) -> None:
        source = self._light_at_cursor("refill")
        if source is not None:
            self.perform(Refill(source.id))

    def action_drop_light(self) -> None:
        source = self._light_at_cursor("drop")
        if source is not None:
            self.perform(DropLight(source.id))

    def action_correct_light(self) -> None:
        source = self._light_at_cursor("correct")
        if source is None:
            return
        store = self._store()
        name = source_name(store.state, store.ruleset, source)
        left = store.ruleset.time.label(source.remaining)
        self.push_screen(screens.CorrectLightDialog(source.id, name, left, self.try_perform))

    def action_pack(self) -> None:
        store = self._store()
        items = pack_items(store.ruleset)
        if not items:
            self.notify(f"{store.ruleset.name} has no light sources to pack.", severity="warning")
            return
        if not store.state.living:
            self.notify("No one is standing to carry it.", severity="warning")
            return
        selected = self.query_one(PartyPane).selected_id or ""
        self.push_screen(screens.PackDialog(store.state.living, selected, items, self.try_perform))

    def action_cast_light(self) -> None:
        store = self._store()
        able = casters(store.state, store.ruleset)
        if not able:
            self.notify("No one standing can cast the Light spell.", severity="warning")
            return
        choices = [(m.id, f"{m.name} (level {m.level})") for m in able]
        dialog = ChooseDialog("Cast Light", "Who casts the Light spell?", choices)
        self.push_screen(dialog, lambda cid: cid is not None and self.perform(CastLight(cid)))

    def action_pass_time(self) -> None:
        store = self._store()
        warn = partial(darkness_ahead, store.state, store.ruleset)
        self.push_screen(screens.PassTimeDialog(store.ruleset.time, self.try_perform, warn))

    def action_next_hour(self) -> None:
        store = self._store()
        units, at = next_hour(store.state, store.ruleset.time)
        prompt = f"{store.ruleset.time.label(units)} to {at}; every lit source burns them."
        warning = darkness_ahead(store.state, store.ruleset, units)
        if warning is not None:
            prompt = f"{prompt}\n{warning}"
        self.push_screen(screens.NextHourDialog(prompt, self.try_perform))

    def action_damage(self, character_id: str = "") -> None:
        self._ask_amount(character_id, "Damage", self._damage)

    def _damage(self, character_id: str, amount: int) -> None:
        """A blow that would drop a Fighter with Not Today! left asks first; anything else lands."""
        member = self._store().state.character(character_id)
        if not can_say_not_today(member, amount):
            self.perform(ApplyDamage(character_id, amount))
            return
        left = member.uses.get(NOT_TODAY, 0)
        choices = [("yes", f"Not Today! Stay at 1 HP ({left} left, gone for good once spent)"), ("no", "Take the blow")]
        dialog = ChooseDialog("Not Today!?", f"{amount} damage would drop {member.name} to 0 HP.", choices)
        self.push_screen(dialog, lambda c: c is not None and self.perform(ApplyDamage(character_id, amount, not_today=c == "yes")))

    def action_heal(self, character_id: str = "") -> None:
        self._ask_amount(character_id, "Healing", lambda cid, n: self.perform(Heal(cid, n)))

    def _ask_amount(self, character_id: str, what: str, then: Callable[[str, int], object]) -> None:
        member = self._target(character_id)
        if member is None:
            return
        prompt = f"{what} to {member.name} (HP {member.hp}/{member.max_hp}):"
        dialog = AmountDialog(f"{what}: {member.name}", prompt)
        self.push_screen(dialog, lambda n: n is not None and then(member.id, n))

    def _target(self, character_id: str = "") -> Character | None:
        """The character a key acts on: the one named, the open sheet's, or the roster's highlight."""
        store = self._store()
        if not character_id and isinstance(self.screen, screens.SheetScreen):
            character_id = self.screen.character_id
        character_id = character_id or self.query_one(PartyPane).selected_id or ""
        if not character_id:
            self.notify("The party is empty.", severity="warning")
            return None
        return store.state.character(character_id)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "party-table" and event.row_key.value:
            self.push_screen(screens.SheetScreen(event.row_key.value))

    def action_sheet(self, character_id: str = "") -> None:
        member = self._target(character_id)
        if member is not None:
            self.push_screen(screens.SheetScreen(member.id))

    def action_check(self) -> None:
        member = self._target()
        if member is not None:
            tier = dungeon_tier(self._store().state, self._store().ruleset)
            self.push_screen(screens.CheckDialog(self._store().ruleset, member, tier, self.try_perform))

    def action_award_xp(self) -> None:
        store = self._store()
        selected = self._target()
        self.push_screen(screens.XPDialog(store.ruleset, store.state.living, selected.id if selected else "", self.try_perform))

    def action_level_up(self) -> None:
        member = self._target()
        if member is not None:
            self.perform(LevelUp(member.id))

    def action_level_up_anyway(self) -> None:
        """Level up away from Camp and Town, with the 'Smith's reason for the log."""
        member = self._target()
        if member is not None:
            dialog = TextDialog("Level up anyway", f"Level {member.name} up outside Camp and Town? Why does the 'Smith allow it?")
            self.push_screen(dialog, lambda reason: reason is not None and self.perform(LevelUp(member.id, reason=reason)))

    def action_level_up_hp(self) -> None:
        store = self._store()
        now = level_up_hp_rule(store.ruleset, store.state.session.level_up_hp)
        choices = [(rule, LEVEL_UP_HP[rule] + (" (played now)" if rule == now else "")) for rule in level_up_hp_choices(store.ruleset)]
        dialog = ChooseDialog("Levelling Hit Points", "How does a character's maximum HP rise on levelling?", choices)
        self.push_screen(dialog, lambda rule: rule is not None and self.perform(SetLevelUpHP(rule)))

    def action_roll_character(self) -> None:
        self.push_screen(screens.RollDialog(self._store().ruleset, self.try_perform))

    def action_enter_character(self) -> None:
        self.push_screen(screens.EntryDialog(self._store().ruleset, self.try_perform))

    def action_armour(self) -> None:
        member = self._target()
        if member is not None:
            ruleset = self._store().ruleset
            self.push_screen(screens.ArmourDialog(ruleset, member.id, member.name, member.armour, member.shield, self.try_perform))

    def action_role(self) -> None:
        member = self._target()
        if member is None:
            return
        roles = [(r, r + (f" (now {holder.name})" if (holder := self._holder(r)) else "")) for r in self._store().ruleset.party_roles]
        dialog = ChooseDialog(f"Role: {member.name}", "Which party role?", [*roles, ("", "No role")])
        self.push_screen(dialog, lambda role: role is not None and self.perform(AssignRole(member.id, role)))

    def _holder(self, role: str) -> Character | None:
        return next((m for m in self._store().state.party if m.role == role), None)

    def action_rename_character(self) -> None:
        member = self._target()
        if member is not None:
            dialog = TextDialog(f"Name: {member.name}", "The player to the left names them:", member.name)
            self.push_screen(dialog, lambda name: name is not None and self.perform(RenameCharacter(member.id, name)))

    def action_notes(self) -> None:
        member = self._target()
        if member is not None:
            self.push_screen(screens.NotesDialog(member.id, member.name, member.notes, self.try_perform))

    def action_counts(self) -> None:
        member = self._target()
        if member is not None:
            self.push_screen(screens.CountDialog(self._store().ruleset, member, self.try_perform))

    def action_lay_down(self) -> None:
        member = self._target()
        if member is not None:
            self.perform(LayDown(member.id))

    def action_fight_on(self) -> None:
        member = self._target()
        if member is not None:
            self.perform(FightOn(member.id))

    def action_bury(self, character_id: str = "") -> None:
        member = self._target(character_id)
        if member is None:
            return
        if member.alive or member.death is None:
            self.notify(f"{member.name} is not dead. Yet.", severity="warning")
            return
        when = clock_text(member.death.at, self._store().ruleset.time.minutes_per_unit)
        self.follow_with(screens.BurialDialog(member, when, self.try_perform))

    def action_fight(self, surprised_party: bool = False) -> None:
        """Back to the fight under way, or foes first and then the fight."""
        if self._store().state.fighting is not None:
            self.push_screen(screens.FightScreen())
            return
        store = self._store()
        dialog = screens.FoesDialog(store.ruleset, store.state, self.try_perform, surprised_party=surprised_party)
        self.push_screen(dialog, lambda started: started and self.push_screen(screens.FightScreen()))

    def action_fight_next(self) -> None:
        from hammertui.session.combat import FightNext  # with the first fight, not at start-up

        self.perform(FightNext())

    def offer_room_xp(self, then: Callable[[], object]) -> None:
        """After a fight: the latest room's challenge XP, if it is not awarded yet; `then` (the fight
        screen closing) once it is answered, or at once when there is nothing to offer. The offer
        opens over the fight, so the keyboard passes from the fight straight to it."""
        store = self._store()
        room = next((r for r in reversed(store.state.dungeon.rooms) if not r.beaten), None)
        if room is None or not store.state.living:
            then()
            return
        living = [m.name for m in store.state.living]
        award = room_award(store.state, store.ruleset, room)
        self.follow_with(screens.RoomXPDialog(room.number, award, living, self.try_perform), lambda _: then())

    def action_explore(self) -> None:
        self.push_screen(screens.ExploreScreen())

    def action_pool(self) -> None:
        self.push_screen(screens.PoolScreen())

    def action_rooms(self) -> None:
        self.push_screen(screens.RoomsScreen())

    def action_camp(self) -> None:
        self.push_screen(screens.CampScreen())

    def action_safe_haven(self) -> None:
        safe = not self._store().state.dungeon.safe_haven
        self.perform(SetSafeHaven(safe))

    def action_search(self) -> None:
        self.push_screen(screens.SearchDialog(self._store().ruleset, self.try_perform))

    def action_town(self) -> None:
        self.push_screen(screens.TownScreen())

    def action_loot(self) -> None:
        self.push_screen(screens.LootScreen())

    def action_pile(self) -> None:
        self.push_screen(screens.PileScreen())

    def action_graveyard(self) -> None:
        self.push_screen(screens.GraveyardScreen())

    def action_hirelings(self) -> None:
        self.push_screen(screens.HirelingsScreen())

    def action_rules(self) -> None:
        self.push_screen(screens.RulesScreen())

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
        yield SystemCommand("Refill a lantern", "The selected lantern, from its carrier's flask of oil, back to full", self.action_refill_light)
        yield SystemCommand("Drop a light", "The selected source is lost for good", self.action_drop_light)
        yield SystemCommand("Add to a pack", "A fresh torch, lantern or candle, or a flask of oil, for someone to carry", self.action_pack)
        if spell_kind(self.store.ruleset) is not None:
            yield SystemCommand("Cast Light", "A caster's Light spell: strong light, longer for a higher level", self.action_cast_light)
        yield SystemCommand("Correct a light", "Add to, take from or set the selected source's time, with a reason", self.action_correct_light)
        yield SystemCommand(f"Pass {self.store.ruleset.time.unit_plural}...", "So many, with a reason for the log; every lit source burns", self.action_pass_time)
        if self.store.state.fighting is None:
            yield SystemCommand("Fight!", "Foes appear: enter them or pick ones met before; surprise per side", self.action_fight)
        else:
            yield SystemCommand("The fight", "Back to the fight under way: initiative, phases, attacks, morale", self.action_fight)
            yield SystemCommand("Next phase", "The fight's next step: initiative, the next phase, the other side", self.action_fight_next)
        yield SystemCommand("A combat round passes", "Rounds are counted apart and become time when the fight ends", lambda: self.perform(PassRounds()))
        yield SystemCommand("Fold rounds into time", f"The fight's rounds become {self.store.ruleset.time.unit_plural}: at least one; lights burn", lambda: self.perform(FoldRounds()))
        yield SystemCommand("To the next hour", "Pass time to the next full hour; every lit source burns", self.action_next_hour)
        yield SystemCommand("Explore", "Move on to the next room: the Divining Pool, step by step", self.action_explore)
        yield SystemCommand("Build the Divining Pool", "Toggles, counters and dice by hand, with exact odds", self.action_pool)
        yield SystemCommand("Rooms", "The rooms explored, their rolls and notes; award XP", self.action_rooms)
        yield SystemCommand("Camp", "In a Safe Haven: the check, the time, the free and chosen actions, the encounter roll", self.action_camp)
        haven = "No longer a Safe Haven" if self.store.state.dungeon.safe_haven else "Declare a Safe Haven"
        yield SystemCommand(haven, "Where the party stands, set by hand (a Falcon usually finds one)", self.action_safe_haven)
        yield SystemCommand("Search", "Searchers and time: the odds shown, the roll for the 'Smith's eyes", self.action_search)
        yield SystemCommand("Return to Town", "Full HP and spells, supplies restocked, loot divided, levels; back at a chosen level", self.action_town)
        yield SystemCommand("Loot ledger", "Coins and items the party carries, and who holds what", self.action_loot)
        yield SystemCommand("Roll a character", "Class, stats and HP by the rules; every die in the log", self.action_roll_character)
        yield SystemCommand("Enter a character by hand", "From a paper sheet, checked by the rules", self.action_enter_character)
        yield SystemCommand("Replacement pile", "Pre-rolled replacements, ready to drop in", self.action_pile)
        yield SystemCommand("Graveyard", "The fallen and their epitaphs", self.action_graveyard)
        yield SystemCommand("Hirelings", "Hire, check morale, dismiss", self.action_hirelings)
        yield SystemCommand("Award XP", f"{ad_hoc_words(self.store.ruleset)} to one or everyone standing, with a reason", self.action_award_xp)
        if len(level_up_hp_choices(self.store.ruleset)) > 1:
            yield SystemCommand("Levelling Hit Points", "Which of the ruleset's readings this session plays", self.action_level_up_hp)
        for member in self.store.state.party:
            cid = member.id
            yield SystemCommand(f"Sheet: {member.name}", "Every number and where it comes from", lambda cid=cid: self.action_sheet(cid))
            if not member.alive:
                yield SystemCommand(f"Bury {member.name}", "Write the epitaph and lay them to rest", lambda cid=cid: self.action_bury(cid))
                continue
            yield SystemCommand(f"Damage {member.name}", "Apply damage (temporary HP first)", lambda cid=cid: self.action_damage(cid))
            yield SystemCommand(f"Heal {member.name}", "Heal up to max HP", lambda cid=cid: self.action_heal(cid))
            if member.status == "down":
                yield SystemCommand(f"{member.name}: Lay Down", "A Death save; a CON point lost on failure", lambda cid=cid: self.perform(LayDown(cid)))
                yield SystemCommand(f"{member.name}: Fight On", "Act, then lose 1d4 CON", lambda cid=cid: self.perform(FightOn(cid)))
        yield SystemCommand("Rules", "The decisions this ruleset takes where its text is silent, each beside the words it reads", self.action_rules)
        yield SystemCommand("Undo", "Step back to before the last action", self.action_undo)
        yield SystemCommand("Redo", "Step forward again after an undo", self.action_redo)
        yield SystemCommand("Rename session", "Give this session a new name", self.action_rename)


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
    name = name or sessions.latest(saves) or sessions.DEMO_NAME
    sessions.check_name(name)
    files = SaveFiles(saves, name)
    chosen = ruleset_id or sessions.DEMO_RULESET
    if not files.snapshot.exists() and not files.backup.exists():
        store = sessions.create(saves, name, ruleset_loader(chosen), seed, difficulty)
        return HammerApp(store, ruleset_loader=ruleset_loader)
    try:
        store = sessions.open_files(files, ruleset_loader)
    except SaveError as error:
        return HammerApp(problem=LoadProblem(error, files, chosen, seed), ruleset_loader=ruleset_loader)
    if not store.state.session.ruleset_digest:
        store.dispatch(AdoptRuleset())  # a session saved before rulesets were fingerprinted
    return HammerApp(store, ruleset_loader=ruleset_loader)
