"""The Explore: from "we move on" to the room recorded and its XP awarded, one step at a time, on a
screen of its own under the session's header line.

Each key is one action, so every step is logged, saved and undoable; the screen only draws the step
the session is on, and a restart reopens it where it was left. Each outcome on offer has a letter
(the first symbol's lower case, the second's upper case); a count typed before it, or before Enter
on the highlighted outcome, spends that many symbols of one kind.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hammertui.kernel.rules.dice import DiviningThrow
from hammertui.kernel.rules.procedures import NONE
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import is_dark
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.commands import key
from hammertui.kernel.ui.dialogs.choose import ChooseDialog
from hammertui.kernel.ui.dialogs.text import TextDialog
from hammertui.kernel.ui.header import header_text
from hammertui.kernel.ui.history import undo
from hammertui.kernel.ui.rulings import ruling_titles
from hammertui.kernel.ui.statics import put
from hammertui.kernel.ui.steps import StepScreen
from hammertui.kernel.ui.styles import STYLES
from hammertui.kernel.ui.view import View
from hammertui.procedures.divining_pool.actions.explore import (
    OTHER,
    AwardRoomXP,
    ExploreNext,
    RollExplore,
    SpendSymbol,
    move_cost,
    pool_lines,
    reading_lines,
    room_award,
    spend_choices,
    spent_lines,
)
from hammertui.procedures.divining_pool.dialogs.room_xp import survivors
from hammertui.procedures.divining_pool.drawing import reason_line, throw_line
from hammertui.procedures.divining_pool.rules import explore as rules
from hammertui.procedures.divining_pool.state import Exploration, divining_pool, exploring, find_room, pool_plan
from hammertui.procedures.hammercrawl_classes.state import sheet_of
from hammertui.procedures.sides_and_phases.pane import fight

STEPS = (
    ("", "Roll"),
    ("extremes", "Comets"),
    ("losses", "Blood & delay"),
    ("transit", "Falcons/Skulls"),
    ("destination", "Hammers/Crossblades"),
    ("done", "XP"),
)
HINTS = {
    "": "enter roll the pool · b change the pool · escape close",
    "extremes": "enter on to Blood Drops and Hourglasses · u undo",
    "losses": "enter on · s split the Blood Drop damage · u undo",
    "transit": "letter: buy · 2-9 then letter: buy that many · n on, the rest unspent",
    "destination": "letter: buy · 2-9 then letter: buy that many · n finish, the rest unspent",
}
MOST = 99
"""The largest count typed before Enter: more symbols than a pool can roll."""
LETTERS = "acdeghijklmopqrtvwyz"
"""The outcomes' keys: the first symbol's list has them in lower case, the second's in upper case.
Left out are the Explore's own keys in either case (b, f, n, s, u, x), so a letter means the
same outcome place in both lists; digits are the count."""
KEY_STYLE = "bold #ffa62b"
"""An outcome's letter, in the colour the footer gives its keys."""
ROOMY = 30
"""Screen rows from which the Explore spaces its parts out; below, every outcome fits unspaced."""
ROOMY_WIDTH = 100
"""Screen columns from which the step bar names every step on one line."""


def _offers(letter: str) -> Callable[[ExploreScreen], bool]:
    """An outcome's key: there while an outcome on offer has the letter."""
    return lambda screen: letter in screen.outcome_keys


class ExploreScreen(ModalScreen[None], StepScreen):
    """Walks the Explore the session is on; keys become `RollExplore`, `ExploreNext`, `SpendSymbol`."""

    CSS_PATH = [STYLES, Path(__file__).with_name("explore.tcss")]

    BOX = "explore"
    BOX_TITLE = "Explore"

    COMMAND_LIST = (
        key("escape", "explore.close", "close", "Close"),
        key("enter", "explore.next", "next", "Next", show=False, applies=lambda s: s.may_go_on()),
        key("n", "explore.next_n", "next", "Next", applies=lambda s: s.may_go_on()),
        key("s", "explore.split", "split", "Split damage", applies=lambda s: s.may_split()),
        key("b", "explore.pool", "pool", "Pool", applies=lambda s: s.trip() is None),
        key("F", "explore.fight", "fight", "Fight!", applies=lambda s: s.may_fight()),
        key(
            "x",
            "explore.award",
            "award",
            "Challenge beaten",
            "Award the room's XP to every survivor",
            applies=lambda s: s._awardable(s.hammer.view) is not None,
        ),
        key("u", "explore.undo", "undo", "Undo"),
        *(
            key(str(d), f"explore.count_{d}", f"count({d})", f"Spend {d}", show=False, applies=lambda s: s.may_count())
            for d in range(10)
        ),
        *(
            key(letter, "", f"buy('{letter}')", "Buy", show=False, applies=_offers(letter))
            for letter in LETTERS + LETTERS.upper()
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self._finished: int | None = None
        self._surprised = False
        self._count = 0
        self._counted_in = ""
        """The step the count was typed at: a count is for that step's list alone."""
        self._spent = 0
        self._listed: list[Listed] | None = None
        self._keys: dict[str, str] = {}
        """Each outcome's letter and its option id (`symbol:outcome`)."""

    def compose_steps(self) -> ComposeResult:
        yield Static(id="explore-steps", markup=False)
        with VerticalScroll(id="explore-body"):
            yield Static(id="explore-text", markup=False)
        with Horizontal(id="explore-choices"):
            for place in range(2):
                yield OptionList(id=f"spend-{place}", classes="spend", compact=True)
        yield Static(id="explore-hint", classes="hint", markup=False)

    def on_resize(self, event: Resize) -> None:
        """Spaced out where there is room; close together where every outcome must still fit."""
        self.set_class(event.size.height < ROOMY, "-cramped")
        self._draw_steps(self.hammer.view)

    # Drawing ---------------------------------------------------------------------------------

    def view_changed(self, view: View | None) -> None:
        if view is None:
            return
        trip = exploring(view.state)
        step = trip.step if trip else ""
        if step != self._counted_in:
            self._count = 0
        put(self.query_one("#header", Static), header_text(view, self.app.size.width))
        self._draw_steps(view)
        if trip is None and self._finished is not None:
            body = _finished_text(view, self._finished)
        elif trip is None:
            body = _pool_text(view)
        else:
            body = _trip_text(view, trip)
        put(self.query_one("#explore-text", Static), body)
        self._draw_hint(view)
        self._fill_choices(view)
        self._show_latest_spend(trip)
        self.refresh_bindings()

    def _draw_steps(self, view: View | None) -> None:
        """The step bar: each step named where the width allows, else the current one alone."""
        if view is None:
            return
        trip = exploring(view.state)
        bar = _step_bar(
            trip.step if trip else "", self._finished is not None and trip is None, self.size.width >= ROOMY_WIDTH
        )
        put(self.query_one("#explore-steps", Static), bar)

    def _draw_hint(self, view: View | None) -> None:
        """The keys for this step, or the count typed so far: all a digit changes."""
        if view is None:
            return
        trip = exploring(view.state)
        if self._count:
            hint = f"x{self._count}: a letter or enter spends {self._count} on its outcome · escape forget the count"
        elif trip is None and self._finished is not None:
            award = "x challenge beaten: award the XP · " if self._awardable(view) is not None else ""
            fights = "F fight · " if plays_fights(view.ruleset) else ""
            hint = f"{award}{fights}u undo · escape close"
        else:
            hint = HINTS[trip.step if trip else ""]
        put(self.query_one("#explore-hint", Static), Text(hint, style="bold" if self._count else "dim"))

    def _fill_choices(self, view: View) -> None:
        """The outcomes each symbol left can buy, a list for each symbol side by side, each outcome
        with its letter; the highlight stays on the outcome just bought while its symbol lasts, else
        goes to the top of the first list. The Hammers keep the left and the lower case, the
        Crossblades the right and the upper case, while either lasts."""
        lists = list(self.query(".spend").results(OptionList))
        listed = [
            Listed(
                f"{group.name}: {group.left} to spend",
                [(choice.name, choice.id) for choice in group.choices],
                group.symbol,
            )
            for group in spend_choices(view.state, view.ruleset)
        ]
        if self._listed is not None and [g[1:] for g in listed] == [g[1:] for g in self._listed]:
            self._retitle(view, lists, listed)  # the same outcomes: a rebuild would lay the screen out again
            return
        self._listed = listed
        focused = self.focused if isinstance(self.focused, OptionList) else None
        was = (
            focused.get_option_at_index(focused.highlighted).id
            if focused is not None and focused.highlighted is not None
            else None
        )
        self._keys = {}
        placed = {_place(view, group.symbol): group for group in listed}
        self.query_one("#explore-choices").display = bool(listed)
        for place, choices in enumerate(lists):
            choices.clear_options()
            choices.display = place in placed
            if place in placed:
                self._fill_list(choices, placed[place], LETTERS if place == 0 else LETTERS.upper())
        shown = [lists[place] for place in sorted(placed)]
        home = next(
            (c for c in shown if was is not None and _index_of(c, was) is not None), shown[0] if shown else None
        )
        if home is not None:
            at = _index_of(home, was) if was is not None else None
            home.highlighted = at if at is not None else _top(home)
            home.focus()

    def _fill_list(self, choices: OptionList, group: Listed, letters: str) -> None:
        """A symbol's heading, then each outcome with its letter, and the 'Smith's own last."""
        choices.add_option(Option(Text(group.heading, style="bold"), disabled=True))
        outcomes = [*group.outcomes, ("Something else (say what)", OTHER)]
        for n, (name, outcome) in enumerate(outcomes):
            option_id = f"{group.symbol}:{outcome}"
            key = letters[n] if n < len(letters) else ""  # past the last letter, the arrows and Enter alone
            if key:
                self._keys[key] = option_id
            prompt = Text(f"{key or ' '} {name}")
            prompt.stylize(KEY_STYLE, 0, 1)
            choices.add_option(Option(prompt, id=option_id))

    def _retitle(self, view: View, lists: list[OptionList], listed: list[Listed]) -> None:
        """Say again how many of each symbol are left to spend, in the headings alone."""
        for group, was in zip(listed, self._listed or [], strict=True):
            if group.heading != was.heading:
                lists[_place(view, group.symbol)].replace_option_prompt_at_index(0, Text(group.heading, style="bold"))
        self._listed = listed

    def _show_latest_spend(self, trip: Exploration | None) -> None:
        """Scroll the step's text to its end when a spend lands, so the newest line is in view."""
        spent = len(trip.spent) if trip else 0
        if spent > self._spent:
            self.query_one("#explore-body", VerticalScroll).scroll_end(animate=False, immediate=True)
        self._spent = spent

    def now(self) -> ExploreScreen:
        """The keys ask the screen: what it last finished counts even before the session's view."""
        return self

    def trip(self) -> Exploration | None:
        view = self.hammer.view
        return exploring(view.state) if view else None

    @property
    def finished(self) -> int | None:
        """The room the Explore just finished, while the screen shows it."""
        return self._finished

    @property
    def outcome_keys(self) -> dict[str, str]:
        return self._keys

    def may_go_on(self) -> bool:
        """Next rolls, or takes the next step; not once the Explore has finished."""
        return self.trip() is not None or self._finished is None

    def may_fight(self) -> bool:
        """A fight, under a ruleset that plays one, once foes may be met: not before the first roll."""
        view = self.hammer.view
        return (
            view is not None and plays_fights(view.ruleset) and (self.trip() is not None or self._finished is not None)
        )

    def may_split(self) -> bool:
        trip = self.trip()
        return trip is not None and trip.step == "losses" and trip.blood > 0

    def may_count(self) -> bool:
        view = self.hammer.view
        return view is not None and bool(spend_choices(view.state, view.ruleset))

    def _awardable(self, view: View | None) -> int | None:
        """The room just explored, while its challenge's XP is still to award."""
        if view is None or self._finished is None or exploring(view.state) is not None or not view.state.living:
            return None
        try:
            room = find_room(view.state, self._finished)
        except KeyError:
            return None
        return None if room.beaten else room.number

    # Keys -----------------------------------------------------------------------------------

    def action_next(self) -> None:
        view = self.hammer.view
        if view is None:
            return
        trip = exploring(view.state)
        if trip is None:
            self.hammer.perform(RollExplore())
            return
        if trip.step == "losses" and trip.blood:
            self.action_split()
            return
        self._surprised = trip.camp and trip.surprised
        if self.hammer.perform(ExploreNext()) and self.hammer.store and exploring(self.hammer.store.state) is None:
            self._finished = len(divining_pool(self.hammer.store.state).rooms)
            self.view_changed(self.hammer.view)

    def action_split(self) -> None:
        from hammertui.procedures.divining_pool.dialogs.blood import BloodDialog

        view = self.hammer.view
        trip = exploring(view.state) if view else None
        if view is None or trip is None or not trip.blood:
            return
        self.app.push_screen(BloodDialog(view.state.living, trip.blood))

    def action_pool(self) -> None:
        from hammertui.procedures.divining_pool.screens.pool import PoolScreen

        self.app.push_screen(PoolScreen())

    def action_fight(self) -> None:
        """The encounter turns to blows: a camp found unwatched starts with the party surprised."""
        trip = exploring(self.hammer.view.state) if self.hammer.view else None
        surprised = trip.camp and trip.surprised if trip is not None else self._surprised
        fight(self.hammer, surprised_party=surprised)

    def action_award(self) -> None:
        """Challenge beaten: the room's XP, by the rules' figure shown above, to every survivor."""
        number = self._awardable(self.hammer.view)
        if number is not None:
            self.hammer.perform(AwardRoomXP(number))

    def action_count(self, digit: int) -> None:
        """A digit typed before Enter: how many symbols the next spend from the list on screen takes."""
        trip = exploring(self.hammer.view.state) if self.hammer.view else None
        self._counted_in = trip.step if trip else ""
        self._count = min(MOST, self._count * 10 + digit)
        self._draw_hint(self.hammer.view)

    def action_undo(self) -> None:
        self._finished = None
        undo(self.hammer)

    def action_close(self) -> None:
        if self._count:
            self._count = 0
            self._draw_hint(self.hammer.view)
            return
        self.dismiss(None)

    def action_buy(self, key: str) -> None:
        """An outcome's letter: spend the count typed before it (or one) on that outcome."""
        option_id = self._keys.get(key)
        if option_id is not None:
            self._spend(option_id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._spend(event.option.id or "")

    def _spend(self, option_id: str) -> None:
        symbol, _, outcome_id = option_id.partition(":")
        view = self.hammer.view
        if view is None:
            return
        count = self._take_count()
        if outcome_id == OTHER:
            dialog = TextDialog("Something else", "What happens?", "")
            self.app.push_screen(
                dialog,
                lambda text: (
                    text is not None and self.hammer.perform(SpendSymbol(symbol, OTHER, text=text, count=count))
                ),
            )
            return
        choice = rules.outcome(view.ruleset, symbol, outcome_id)
        if choice.effect == "ration_spoils":
            self._ask_whose_ration(view.state, symbol, outcome_id, count)
            return
        self.hammer.perform(SpendSymbol(symbol, outcome_id, count=count))

    def _take_count(self) -> int:
        """The count typed before Enter (1 if none), forgotten once taken, spent or refused."""
        count, self._count = max(1, self._count), 0
        self._draw_hint(self.hammer.view)
        return count

    def _ask_whose_ration(self, state: State, symbol: str, outcome_id: str, count: int) -> None:
        carried = {m.id: sheet_of(state, m.id).rations for m in state.living}
        packs = [(m.id, f"{m.name} ({carried[m.id]} Rations)") for m in state.living if carried[m.id]]
        if not packs:
            self.notify("Nobody has a Ration to spoil.", severity="warning")
            return
        dialog = ChooseDialog("A Ration spoils", "From whose pack?", packs)
        self.app.push_screen(
            dialog,
            lambda who: (
                who is not None and self.hammer.perform(SpendSymbol(symbol, outcome_id, target=who, count=count))
            ),
        )


class Listed(NamedTuple):
    """One symbol's list as drawn: its heading, its outcomes (name, id) and the symbol."""

    heading: str
    outcomes: list[tuple[str, str]]
    symbol: str


def _place(view: View, symbol: str) -> int:
    """Which list a symbol's outcomes go in: the right for the challenge symbol (Crossblades), else the left."""
    _, challenge = rules.destination_symbols(view.ruleset)
    return 1 if symbol == challenge else 0


def _index_of(choices: OptionList, option_id: str) -> int | None:
    """Where the outcome `option_id` is in a list, if it is there."""
    return next((i for i in range(choices.option_count) if choices.get_option_at_index(i).id == option_id), None)


def _top(choices: OptionList) -> int | None:
    """The list's first outcome (under its heading)."""
    return next((i for i in range(choices.option_count) if not choices.get_option_at_index(i).disabled), None)


def _step_bar(step: str, done: bool, named: bool = True) -> Text:
    """`Roll › Comets & Chaos Stars › ...` with the step the session is on lit; the room recorded is
    the last. Not `named`, the other steps show their numbers alone, so the bar keeps to a line."""
    text = Text()
    current = len(STEPS) - 1 if done else [s for s, _ in STEPS].index(step)
    for i, (_, name) in enumerate(STEPS):
        if i:
            text.append(" › ", style="dim")
        style = "bold reverse" if i == current else ("dim" if i > current else "")
        text.append(f" {i + 1} {name} " if named or i == current else f" {i + 1} ", style=style)
    return text


def _pool_text(view: View) -> Text:
    """Step 1: the pool about to be thrown, each die with its reason."""
    text = Text("The party moves on", style="bold")
    plan = pool_plan(view.state)
    text.append(f": back to room {plan.revisit}.\n\n" if plan.revisit else " into a new room.\n\n")
    divining, _ = rules.divining_of(view.ruleset)
    for line in pool_lines(view.state, view.ruleset):
        text.append_text(reason_line(divining, line))
        text.append("\n")
    if plan.ordinary:
        text.append(f"\nRolled with it: {', '.join(plan.ordinary)}\n")
    if is_dark(view.state):
        text.append("\nNo light burns: the dark adds its Black dice.\n", style="bold red")
    return text


def _trip_text(view: View, trip: Exploration) -> Text:
    text = Text()
    if trip.camp:
        surprised = trip.surprised
        line = "An encounter finds the camp" + (
            ": the party is surprised!" if surprised else " (no surprise: someone stood watch)."
        )
        text.append(line + "\n", style="bold red" if surprised else "bold")
        if not plays_fights(view.ruleset):
            text.append(TABLE_FIGHTS + "\n")
        text.append_text(ruling_titles(view.ruleset, ("camp_encounter",)))
        text.append("\n")
    if trip.step == "extremes":
        text.append_text(_roll_text(view, trip))
        return text
    text.append_text(_dice_in_a_line(view, trip.throws + trip.extra_throws, "The roll: "))
    text.append_text(_totals_text(view, trip))
    text.append_text(_losses_text(view, trip))
    text.append(move_cost(view.ruleset, trip) + "\n", style="green" if trip.free_move or trip.camp else "")
    if trip.safe_haven:
        text.append("The room will be a Safe Haven once cleared.\n", style="green")
    if trip.spent:
        text.append("\nSpent so far:\n", style="bold")
        for line in spent_lines(view.ruleset, trip.spent):
            text.append(f"  {line}\n")
    return text


def _roll_text(view: View, trip: Exploration) -> Text:
    """Every die and its face, the chained Yellows marked, then the totals in the text's order."""
    text = Text("The roll\n", style="bold")
    for throw in trip.throws + trip.extra_throws:
        text.append("  ")
        text.append_text(throw_line(view.ruleset, throw))
        text.append("\n")
    for line in trip.ordinary:
        text.append(f"  {line}\n")
    text.append("\n")
    text.append_text(_totals_text(view, trip))
    return text


def _dice_in_a_line(view: View, throws: tuple[DiviningThrow, ...], head: str) -> Text:
    """Every die and its face on as few lines as the width allows: the roll, once it has been read."""
    text = Text(head, style="bold")
    for i, throw in enumerate(throws):
        text.append("  " if i else "")
        text.append_text(throw_line(view.ruleset, throw))
    text.append("\n")
    return text


def _totals_text(view: View, trip: Exploration) -> Text:
    """The roll's totals in the text's order, and what an encounter in transit added to them."""
    reading = rules.read_roll(view.ruleset, trip.throws)
    text = Text("; ".join(reading_lines(view.ruleset, reading)) + "\n", style="bold")
    if trip.extra_throws:
        reward, challenge = rules.destination_symbols(view.ruleset)
        hammers = rules.counted_symbol(view.ruleset, trip.hammers, reward)
        found = f"{hammers}, {rules.counted_symbol(view.ruleset, trip.crossblades, challenge)}"
        text.append(f"With the encounter in transit: {found}.\n", style="bold")
    return text


def _losses_text(view: View, trip: Exploration) -> Text:
    text = Text()
    unit = view.ruleset.time.label
    if trip.blood_rolled:
        where = f"{trip.blood} still to split (s)" if trip.blood else "split among the party"
        text.append(f"Blood Drops: {trip.blood_rolled} damage, {where}.\n", style="red" if trip.blood else "")
    if trip.delay:
        text.append(f"Hourglasses: a delay of {unit(trip.delay)}; the lights burnt it.\n")
    if not (trip.blood_rolled or trip.delay):
        text.append("No Blood Drops, no Hourglasses.\n", style="dim")
    return text


TABLE_FIGHTS = "The foes are met. This ruleset plays no fight procedure: the fighting is the table's."
"""What the Explore says of foes met under a ruleset without a fight procedure (`fight = "none"`)."""


def plays_fights(ruleset: Ruleset) -> bool:
    """Whether the ruleset fights by a procedure; without one, foes met are fought at the table."""
    return ruleset.procedures["fight"] != NONE


def _finished_text(view: View, number: int) -> Text:
    """The room just recorded: its dice, what they bought, and the XP its challenge gives, with the working."""
    try:
        room = find_room(view.state, number)
    except KeyError:
        return Text("")
    text = Text(f"Room {room.number} explored.\n\n", style="bold")
    text.append_text(_dice_in_a_line(view, room.throws, "The roll: "))
    for line in spent_lines(view.ruleset, room.spent):
        text.append(f"  {line}\n")
    if not plays_fights(view.ruleset) and rules.meets_foes(view.ruleset, ((s.symbol, s.outcome) for s in room.spent)):
        text.append(f"\n{TABLE_FIGHTS}\n", style="bold")
    if room.safe_haven and divining_pool(view.state).haven_room == room.number:
        text.append(
            "\nA Safe Haven once cleared: Camp becomes possible here when the challenge is beaten or the fight won.\n",
            style="green",
        )
    elif room.safe_haven:
        text.append("\nA Safe Haven: Camp is possible here.\n", style="green")
    award = room_award(view.state, view.ruleset, room)
    if room.beaten:
        text.append(
            f"\nChallenge beaten: {room.xp_each} XP each to {survivors([m.name for m in view.state.living])}.\n",
            style="bold green",
        )
        text.append(f"By the rules: {award.explanation}.\n", style="dim")
    else:
        text.append(f"\nWhen its challenge is beaten: {award.explanation}.\n")
    text.append_text(ruling_titles(view.ruleset, ("room_xp", "party_tier", "xp_symbols")))
    if rerolls := divining_pool(view.state).rerolls:
        text.append(f"Bonus re-rolls for this room: {rerolls}.\n", style="green")
    return text
