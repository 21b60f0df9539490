"""The Camp modal: the check, then the camp one step at a time, then the encounter roll.

Each key is one action, so every step is logged, saved and undoable; the modal draws the step the
session is on, and a restart reopens it where it was left. What a step will do and what the party
lacks come from the session's camp helpers: the screen only lays them out. A letter sets the
highlighted camper's camp action and moves on to the next; each one's choice at the last camp is
offered first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from hammertui.kernel.rules.records import record
from hammertui.kernel.session.acting import Action
from hammertui.kernel.session.events import Event
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.base import PromptDialog
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.form import FormDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.history import undo
from hammertui.kernel.ui.rulings import ruling_titles
from hammertui.kernel.ui.steps import StepScreen
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import SetSafeHaven
from hammertui.procedures.divining_pool.state import exploring
from hammertui.procedures.hammercrawl_camp.actions import (
    ACTION_NAMES,
    FREE_NAMES,
    AbandonCamp,
    CampNext,
    CampRow,
    RestTheRest,
    SetCampAction,
    SetCampFree,
    StartCamp,
    action_options,
    camp_check,
    camp_rows,
    eat_lines,
    encounter_odds,
    lacking,
    leaving_lines,
    light_lines,
)
from hammertui.procedures.hammercrawl_camp.state import Camping, CampPlan, camping

STEPS = (
    ("", "Check"),
    ("time", "Time"),
    ("eat", "Eat"),
    ("free", "Free actions"),
    ("actions", "Camp actions"),
    ("encounter", "Encounter"),
)
HINTS = {
    "time": "enter the time passes · x break camp · escape close",
    "eat": "enter the party eats · u undo · escape close",
    "free": "enter choose the free action · n do the free actions · u undo",
    "actions": "letter: the highlighted's action · R the rest rest · enter list · n do them · u undo",
    "encounter": "enter roll for an encounter · u undo · escape close",
}
NO_ACTION = "none"
"""The option id for "no camp action" (an option id cannot be empty)."""

ACTION_KEYS = {
    "rest": "r",
    "rememorize": "m",
    "craft_ammo": "c",
    "level_up": "l",
    "stand_watch": "w",
    "scout_ahead": "s",
}
"""The key that gives the highlighted camper each camp action; one not listed is picked with Enter."""
LAST = " (last camp)"


@record
class CampMoment:
    """What the Camp's keys ask to know whether they apply: whether the camp has just ended too."""

    view: View
    ended: bool

    @property
    def camp(self) -> Camping | None:
        return camping(self.view.state)

    @property
    def before(self) -> bool:
        """The check, before a camp is made."""
        return self.camp is None and not self.ended and self.view.ruleset.camp is not None


def _at(*steps: str) -> Callable[[CampMoment], bool]:
    """A key of the camp's steps `steps`."""
    return lambda m: m.camp is not None and m.camp.step in steps


def _goes_on(m: CampMoment) -> bool:
    """Next: the camp's next step, or the camp made, where the check allows and no trip is under way."""
    return m.camp is not None or (m.before and exploring(m.view.state) is None)


def _may_override(m: CampMoment) -> bool:
    """Camp anyway, where the check does not allow a camp."""
    return m.before and exploring(m.view.state) is None and not camp_check(m.view.state, m.view.ruleset).allowed


def _may_explore(m: CampMoment) -> bool:
    trip = exploring(m.view.state)
    return m.camp is None and m.ended and trip is not None and trip.camp


def _takes(action: str) -> Callable[[CampMoment], bool]:
    """The key of a camp action the ruleset's camp offers, in the camp actions' step."""
    return lambda m: _at("actions")(m) and action in (m.view.ruleset.camp.actions if m.view.ruleset.camp else ())


CAMP = (
    key("escape", "camp.close", "close", "Close"),
    key("enter", "camp.next", "next", "Next", show=False, applies=_goes_on),
    key("n", "camp.next_n", "next", "Next", applies=_goes_on),
    key("a", "camp.choose", "choose", "Choose", applies=_at("free", "actions")),
    key("o", "camp.override", "override", "Camp anyway", applies=_may_override),
    key("h", "camp.safe_haven", "safe_haven", "Safe Haven", applies=lambda m: m.before),
    key("x", "camp.abandon", "abandon", "Break camp", applies=_at("time")),
    key("e", "camp.explore", "explore", "Resolve the encounter", applies=_may_explore),
    key("u", "camp.undo", "undo", "Undo"),
    *(
        key(letter, f"camp.action_{action}", f"set_action('{action}')", ACTION_NAMES[action], applies=_takes(action))
        for action, letter in ACTION_KEYS.items()
    ),
    key("R", "camp.rest_the_rest", "rest_the_rest", "The rest rest", applies=_at("actions")),
)
"""The Camp's keys, each there only in the steps it acts in."""


class CampScreen(ModalScreen[None], StepScreen):
    """Walks the Camp the session is on; keys become `StartCamp`, `SetCampFree`, `SetCampAction`, `CampNext`."""

    CSS_PATH = [STYLES, Path(__file__).with_name("screens.tcss")]

    HEADER = False
    BOX = "explore camp"
    BOX_TITLE = "Camp"

    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """A short terminal gives the camp the whole height, the step's text what is left of it."""

    COMMAND_LIST = CAMP

    def __init__(self) -> None:
        super().__init__()
        self._ended = False
        self._people_step = ""

    def compose_steps(self) -> ComposeResult:
        yield Static(id="camp-steps", markup=False)
        with VerticalScroll(id="camp-body"):
            yield Static(id="camp-text", markup=False)
            yield Static(id="camp-last", markup=False)
        yield OptionList(id="camp-people")
        yield Static(id="camp-hint", classes="hint", markup=False)

    # Drawing ---------------------------------------------------------------------------------

    def view_changed(self, view: View | None) -> None:
        if view is None:
            return
        camp = camping(view.state)
        if camp is not None:
            self._ended = False
        self.query_one("#camp-steps", Static).update(_step_bar(camp.step if camp else "", self._ended))
        if camp is not None:
            body, hint = _step_text(view, camp), HINTS[camp.step]
        elif self._ended:
            body, hint = _ended_text(view), _ended_hint(view)
        else:
            body, hint = _check_text(view), _check_hint(view)
        body.rstrip()
        self.query_one("#camp-text", Static).update(body)
        last = self._last_text(view)
        last.rstrip()
        self.query_one("#camp-last", Static).update(last)
        self.query_one("#camp-last", Static).display = bool(last.plain)
        self.query_one("#camp-hint", Static).update(Text(hint, style="dim"))
        self._fill_people(view, camp)
        self.refresh_bindings()

    def _fill_people(self, view: View, camp: Camping | None) -> None:
        """The characters to choose for, in the free and camp action steps; hidden otherwise."""
        people = self.query_one("#camp-people", OptionList)
        shown = camp is not None and camp.step in ("free", "actions")
        highlighted = people.highlighted
        people.clear_options()
        people.display = shown
        if not shown or camp is None:
            return
        rows = camp_rows(view.state, view.ruleset)
        for row in rows:
            people.add_option(Option(_person_line(row, camp.step), id=row.id))
        if camp.step != self._people_step:
            self._people_step, highlighted = camp.step, _first_to_choose(rows, camp.step)
        if people.option_count:
            people.highlighted = highlighted if highlighted is not None and highlighted < people.option_count else 0
            people.focus()

    def _last_text(self, view: View) -> Text:
        """What the last camp step did, from the log: the dice and lines the table just saw."""
        events = self._last_events(view)
        if not events:
            return Text("")
        text = Text("Just now\n", style="bold")
        for event in events:
            text.append(f"  {event.text}\n", style="yellow" if event.level == "warn" else "")
        return text

    def _last_events(self, view: View) -> list[Event]:
        store = self.hammer.store
        if store is None:
            return []
        found: list[Event] = []
        for event in reversed(store.recent):
            if event.seq != view.state.seq or event.action not in ("camp", "level up"):
                break
            found.append(event)
        return found[::-1]

    # What makes sense now --------------------------------------------------------------------

    def moment(self, view: View) -> CampMoment:
        return CampMoment(view, self._ended)

    # Keys -----------------------------------------------------------------------------------

    def action_next(self) -> None:
        view = self.hammer.view
        if view is None:
            return
        camp = camping(view.state)
        if camp is None:
            self.hammer.perform(StartCamp())
            return
        ending = camp.step == "encounter"
        if self.hammer.perform(CampNext()) and ending:
            self._ended = True
            self.view_changed(self.hammer.view)

    def action_choose(self) -> None:
        people = self.query_one("#camp-people", OptionList)
        if people.display and people.highlighted is not None:
            option = people.get_option_at_index(people.highlighted)
            self._choose_for(option.id or "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose_for(event.option.id or "")

    def _choose_for(self, character_id: str) -> None:
        view = self.hammer.view
        camp = camping(view.state) if view else None
        if view is None or camp is None:
            return
        row = next((r for r in camp_rows(view.state, view.ruleset) if r.id == character_id), None)
        if row is None:
            return
        if camp.step == "free":
            self._choose_free(row)
        elif camp.step == "actions":
            self._choose_action(row)

    def action_set_action(self, action: str) -> None:
        """The highlighted camper takes `action`; the highlight moves on to the next camper."""
        row = self._highlighted_row()
        if row is not None:
            self._take_action(row, action)

    def action_rest_the_rest(self) -> None:
        self.hammer.perform(RestTheRest())

    def _highlighted_row(self) -> CampRow | None:
        view = self.hammer.view
        people = self.query_one("#camp-people", OptionList)
        if view is None or people.highlighted is None:
            return None
        chosen = people.get_option_at_index(people.highlighted).id
        return next((r for r in camp_rows(view.state, view.ruleset) if r.id == chosen), None)

    def _next_person(self, character_id: str) -> None:
        """Highlight the camper after `character_id`, as a spreadsheet moves down after an entry."""
        people = self.query_one("#camp-people", OptionList)
        index = people.get_option_index(character_id)
        people.highlighted = min(index + 1, people.option_count - 1)

    def _choose_free(self, row: CampRow) -> None:
        if len(row.free_options) < 2:
            self.notify(f"{row.name} has no choice to make: {row.free_text}.")
            return
        last = row.last.free
        choices = [(option, FREE_NAMES[option] + (LAST if option == last else "")) for option in row.free_options]
        dialog = ChooseDialog(f"Free action: {row.name}", f"{row.name} ({row.class_name}) may:", choices)
        self.app.push_screen(dialog, lambda free: self._take_free(row, free))

    def _take_free(self, row: CampRow, free: str | None) -> None:
        if free is not None and self.hammer.perform(SetCampFree(row.id, free)):
            self._next_person(row.id)

    def _choose_action(self, row: CampRow) -> None:
        view = self.hammer.view
        assert view is not None
        options = [
            (o.id, o.name + (LAST if o.last else ""), o.problem)
            for o in action_options(view.state, view.ruleset, row.id)
        ]
        options.append((NO_ACTION, "No camp action", ""))
        dialog = PickDialog(f"Camp action: {row.name}", f"{row.name} ({row.class_name}) will:", options)
        self.app.push_screen(dialog, lambda action: self._take_action(row, action))

    def _take_action(self, row: CampRow, action: str | None) -> None:
        if action is None:
            return
        if action == "scout_ahead":
            self._ask_scout(row)
            return
        if self.hammer.perform(SetCampAction(row.id, "" if action == NO_ACTION else action)):
            self._next_person(row.id)

    def _ask_scout(self, row: CampRow) -> None:
        """How the Scout Ahead check goes: rolled here, or entered; the way it went last camp first."""
        last = _scout_way(row.last)
        choices = [
            ("roll", "Roll it: d20 + a modifier against a target"),
            ("success", "The check succeeded (entered)"),
            ("failure", "The check failed (entered)"),
        ]
        choices.sort(key=lambda choice: choice[0] != last)
        labelled = [(key, label + (LAST if key == last else "")) for key, label in choices]
        dialog = ChooseDialog(f"Scout Ahead: {row.name}", "Search, or another fitting check:", labelled)
        self.app.push_screen(dialog, lambda how: self._scout(row, how))

    def _scout(self, row: CampRow, how: str | None) -> None:
        if how == "roll":
            rules = self.hammer.rules.camp
            proposed = rules.scout_ahead.target if rules is not None else None
            dialog = ScoutDialog(row.id, row.name, row.last, proposed)
            self.app.push_screen(dialog, lambda done: done and self._next_person(row.id))
        elif how is not None and self.hammer.perform(
            SetCampAction(row.id, "scout_ahead", scout_success=how == "success")
        ):
            self._next_person(row.id)

    def action_override(self) -> None:
        view = self.hammer.view
        if view is None:
            return
        missing = lacking(view.state, camp_check(view.state, view.ruleset))
        dialog = TextDialog("Camp anyway", f"Camp without {missing}? Why does the 'Smith allow it?")
        self.app.push_screen(dialog, lambda reason: reason is not None and self.hammer.perform(StartCamp(reason)))

    def action_safe_haven(self) -> None:
        view = self.hammer.view
        if view is not None:
            self.hammer.perform(SetSafeHaven(not view.state.dungeon.safe_haven))

    def action_abandon(self) -> None:
        self.hammer.perform(AbandonCamp())

    def action_explore(self) -> None:
        from hammertui.procedures.divining_pool.screens.explore import ExploreScreen

        self.app.switch_screen(ExploreScreen())

    def action_undo(self) -> None:
        self._ended = False
        undo(self.hammer)

    def action_close(self) -> None:
        self.dismiss(None)


class PickDialog(PromptDialog[str]):
    """A short list where some choices cannot be taken now; each of those says why, greyed out."""

    def __init__(self, title: str, prompt: str, choices: Sequence[tuple[str, str, str]]) -> None:
        super().__init__(title, prompt)
        self._choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            yield OptionList(*(_pick_option(key, name, problem) for key, name, problem in self._choices))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


def _pick_option(key: str, name: str, problem: str) -> Option:
    """A choice; one that cannot be taken is greyed out and says why ("Level Up needs 20 XP, has 12")."""
    if not problem:
        return Option(Text(name), id=key)
    label = problem if problem.startswith(name) else f"{name} ({problem})"
    return Option(Text(label, style="dim"), id=key, disabled=True)


class ScoutDialog(FormDialog):
    """Scout Ahead rolled at camp: the target to beat and the modifier to add to the d20."""

    OK = "Scout"
    WIDE = False

    def __init__(self, character_id: str, name: str, last: CampPlan, proposed: int | None = None) -> None:
        super().__init__(f"Scout Ahead: {name}", "The d20 is rolled when the camp actions are done.")
        self.character_id = character_id
        self.last = last
        self.proposed = proposed

    def fields(self) -> ComposeResult:
        """The target and modifier of the last camp's rolled check, if there was one, to take again;
        else the ruleset's target (`proposed`), for the 'Smith to keep or change."""
        target = str(self.last.scout_target or self.proposed or "")
        with Horizontal(classes="row"):
            yield Label("Target", classes="field-label", markup=False)
            yield Input(value=target, id="scout-target", classes="number", type="integer")
            yield Label("Modifier", classes="field-label", markup=False)
            yield Input(value=str(self.last.scout_modifier), id="scout-modifier", classes="number", type="integer")

    def build(self) -> Action:
        target = self.whole("scout-target", "Target")
        if target < 1:
            raise ValueError("Target: the number to reach, 1 or more")
        modifier = self.whole("scout-modifier", "Modifier", 0)
        return SetCampAction(self.character_id, "scout_ahead", scout_modifier=modifier, scout_target=target)


# -------------------------------------------------------------------------------------------
# The text of each step
# -------------------------------------------------------------------------------------------


def _step_bar(step: str, ended: bool) -> Text:
    """`Check › Time › Eat › ...` with the step the Camp is on lit; it fits 80 columns."""
    text = Text()
    current = len(STEPS) if ended else [s for s, _ in STEPS].index(step)
    for i, (_, name) in enumerate(STEPS):
        if i:
            text.append(" › ", style="dim")
        style = "bold reverse" if i == current else ("dim" if i > current else "")
        text.append(f" {name} ", style=style)
    return text


def _check_text(view: View) -> Text:
    """Before camp: the Safe Haven, the light, each character's supplies and free action, what is missing."""
    state, ruleset = view.state, view.ruleset
    camp_rules = ruleset.camp
    if camp_rules is None:
        return Text(f"{ruleset.name} has no Camp action.", style="bold red")
    check = camp_check(state, ruleset)
    text = Text()
    haven = state.dungeon.safe_haven
    text.append("Safe Haven: ", style="bold")
    text.append("yes" if haven else "no", style="green" if haven else "red")
    text.append(f"   Time: {ruleset.time.label(camp_rules.units)}   Food: {camp_rules.rations_each} Ration each\n")
    text.append("Light: ", style="bold")
    lights = light_lines(state, ruleset)
    if len(lights) < 2:
        text.append(f"{lights[0] if lights else 'none burning'}\n", style="" if lights else "red")
    else:
        text.append("\n")
        for line in lights:
            text.append(f"  {line}\n")
    for warning in check.warnings:
        text.append(f"  {warning[0].upper()}{warning[1:]}.\n", style="yellow")
    text.append("\n")
    for row in camp_rows(state, ruleset):
        text.append_text(_check_row(row, camp_rules.needs_bedroll))
    text.append(f"\nAfterwards: {encounter_odds(state, ruleset, 0)}; each on watch lowers the roll.\n", style="dim")
    if exploring(state) is not None:
        text.append("\nAn Explore is under way: finish it (e) before making camp.\n", style="bold red")
    elif check.allowed:
        text.append("\nReady to camp.\n", style="bold green")
    else:
        text.append("\nMissing: ", style="bold red")
        text.append(f"{lacking(state, check)}.\n", style="red")
    return text


def _check_row(row: CampRow, bedroll: bool) -> Text:
    text = Text()
    text.append(f"{row.name}", style="bold")
    text.append(f" ({row.class_name}) HP {row.hp}/{row.max_hp} · {row.rations} Ration{'s' if row.rations != 1 else ''}")
    if bedroll:
        text.append(" · Bedroll" if row.bedroll else " · no Bedroll", style="" if row.bedroll else "yellow")
    text.append("\n")
    text.append(f"  free: {row.free_text}\n", style="dim")
    for missing in row.missing:
        text.append(f"  lacks {missing}\n", style="red")
    for limit in row.limits:
        text.append(f"  {limit}\n", style="yellow")
    return text


def _check_hint(view: View) -> str:
    if exploring(view.state) is not None or view.ruleset.camp is None:
        return "escape close"
    if camp_check(view.state, view.ruleset).allowed:
        return "enter make camp · h Safe Haven · escape close"
    return "o camp anyway, with a reason · h Safe Haven · escape close"


def _step_text(view: View, camp: Camping) -> Text:
    state, ruleset = view.state, view.ruleset
    text = Text()
    if camp.override:
        text.append(f"Camping by the 'Smith's leave: {camp.override}\n\n", style="yellow")
    if camp.step == "time":
        units = ruleset.camp.units if ruleset.camp else 0
        text.append(f"Next: {ruleset.time.label(units)} pass; every lit source burns.\n", style="bold")
        for line in light_lines(state, ruleset) or ("No light burns.",):
            text.append(f"  {line}\n")
    elif camp.step == "eat":
        text.append("Next: everyone eats.\n", style="bold")
        for line in eat_lines(state, ruleset):
            text.append(f"  {line}\n", style="yellow" if "hungry" in line else "")
    elif camp.step == "free":
        text.append("Free actions, by class. ", style="bold")
        text.append("Pick for those with a choice (enter), then n.\n")
        text.append_text(ruling_titles(ruleset, ("camp_healing", "bedroll")))
    elif camp.step == "actions":
        text.append("One camp action each. ", style="bold")
        keys = (
            [f"{ACTION_KEYS[a]} {ACTION_NAMES.get(a, a)}" for a in ruleset.camp.actions if a in ACTION_KEYS]
            if ruleset.camp
            else []
        )
        text.append(f"For the highlighted: {' · '.join(keys)}, or enter for the list. ")
        text.append("R: all still without one rest. Then n.\n")
        text.append(f"Encounter roll: {encounter_odds(state, ruleset)}\n", style="dim")
        text.append_text(ruling_titles(ruleset, ("camp_healing", "camp_watch", "scout_ahead")))
    else:
        text.append(f"Next: the 'Smith rolls {encounter_odds(state, ruleset)}.\n", style="bold")
        if not camp.watchers:
            text.append("Nobody stood watch: an encounter would surprise the party.\n", style="yellow")
        text.append_text(ruling_titles(ruleset, ("camp_watch", "camp_encounter")))
        leaving = leaving_lines(state, ruleset)
        if leaving:
            text.append("\nThe camp leaves:\n", style="bold")
            for line in leaving:
                text.append(f"  {line}\n")
    return text


def _person_line(row: CampRow, step: str) -> Text:
    text = Text(f"{row.name} ", style="bold")
    text.append(f"({row.class_name}) HP {row.hp}/{row.max_hp}: ")
    if step == "free":
        text.append(row.free_text, style="yellow" if row.free_to_choose else "")
    else:
        text.append(row.action_text, style="dim" if not row.action else "")
        if not row.action and row.last.action:
            text.append(f"  (last camp: {ACTION_NAMES.get(row.last.action, row.last.action)})", style="dim")
    return text


def _first_to_choose(rows: Sequence[CampRow], step: str) -> int:
    """Where the highlight starts on a step: the first camper with a free action to choose, or the
    first without a camp action yet."""
    waiting = (r.free_to_choose if step == "free" else not r.action for r in rows)
    return next((i for i, wanted in enumerate(waiting) if wanted), 0)


def _scout_way(plan: CampPlan) -> str:
    """How the last camp's Scout Ahead check went in: "roll", "success", "failure", or "" for none."""
    if plan.action != "scout_ahead":
        return ""
    if plan.scout_success is not None:
        return "success" if plan.scout_success else "failure"
    return "roll"


def _ended_text(view: View) -> Text:
    trip = exploring(view.state)
    if trip is not None and trip.camp:
        text = Text("An encounter finds the camp!", style="bold red")
        if trip.surprised:
            text.append(" The party is surprised.", style="bold red")
        text.append("\n\nThe camp's actions are done; resolve the encounter's pool before its initiative (e).\n")
        return text
    return Text("No encounter: the camp is over.\n", style="bold green")


def _ended_hint(view: View) -> str:
    trip = exploring(view.state)
    if trip is not None and trip.camp:
        return "e resolve the encounter · u undo · escape close"
    return "u undo · escape close"
