"""HP, wounds and hirelings under the Russell House Rules on the dashboard: Damage (d) to the
highlighted character or hireling, Hire (w), and in the palette a night's rest, a square meal, a
week of downtime and letting a hireling go. The Party pane shows them (`ui.russell_characters`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import DataTable

from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.table import selected_key
from hammertui.kernel.ui.view import View
from hammertui.procedures.russell_characters.actions import vitals

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp

NIGHTS = {
    "full": (True, True, "Under cover, a blanket each, no watch shifts: all HP back"),
    "watch": (True, False, "Under cover, but woken in the night (a watch): 1d6 + level"),
    "rough": (False, True, "Without cover: 1d6 + level"),
}
"""A night's rest as the 'Smith tells it: sheltered, slept whole, and the words offered."""


def highlighted(app: HammerApp) -> str | None:
    """The Party pane's highlighted row: a character's id or a hireling's."""
    return selected_key(app.query_one("#party-table", DataTable))


def damage(app: HammerApp) -> None:
    """Damage to the highlighted character or hireling: how much and from what."""
    from hammertui.procedures.russell_characters.dialogs.vitals import DamageDialog

    store = app.store
    assert store is not None
    who = highlighted(app)
    if who is None:
        app.notify("No one is in the party.", severity="warning")
        return
    if not vitals.is_hireling(store.state, who) and not store.state.character(who).alive:
        app.notify(f"{store.state.character(who).name} is dead.", severity="warning")
        return
    hp, most = vitals.hp_of(store.state, who)
    app.push_screen(DamageDialog(who, vitals.name_of(store.state, who), f"{hp}/{most}"))


def hire(app: HammerApp) -> None:
    """A hireling for the highlighted character (or another of the living, chosen in the form)."""
    from hammertui.procedures.russell_characters.dialogs.vitals import HireDialog

    store = app.store
    assert store is not None
    employers = [(m.name, m.id) for m in store.state.living]
    if not employers:
        app.notify("No one is alive to hire anyone.", severity="warning")
        return
    chosen = highlighted(app)
    employer = chosen if chosen in {cid for _, cid in employers} else employers[0][1]
    app.push_screen(HireDialog(employers, employer))


def nights_rest(app: HammerApp) -> None:
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    choices = [(key, words) for key, (_, _, words) in NIGHTS.items()]

    def rest(key: str | None) -> None:
        if key is not None:
            sheltered, whole_night, _ = NIGHTS[key]
            app.perform(vitals.NightsRest(sheltered, whole_night))

    app.push_screen(ChooseDialog("A night's rest", "How did the party sleep?", choices), rest)


def square_meal(app: HammerApp) -> None:
    """Everyone hurt who has not had today's square meal eats one."""
    store = app.store
    assert store is not None
    state, ruleset = store.state, store.ruleset
    day = vitals.today(state, ruleset)
    eaters = tuple(
        w
        for w in vitals.everyone(state)
        if vitals.hp_of(state, w)[0] < vitals.hp_of(state, w)[1] and vitals.fed_on(state, ruleset, w) != day
    )
    app.perform(vitals.SquareMeal(eaters))


def let_go(app: HammerApp) -> None:
    """The highlighted hireling leaves; with a character highlighted, the hireling is chosen."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    store = app.store
    assert store is not None
    state = store.state
    hands = [(h.id, h.name) for h in state.hirelings if vitals.is_hireling(state, h.id)]
    chosen = highlighted(app)
    if chosen is not None and vitals.is_hireling(state, chosen):
        app.perform(vitals.LetGo(chosen))
    elif not hands:
        app.notify("No hireling is in the party's service.", severity="warning")
    else:
        dialog = ChooseDialog("Let a hireling go", "Whose service ends?", hands)
        app.push_screen(dialog, lambda hireling_id: hireling_id is not None and app.perform(vitals.LetGo(hireling_id)))


def _recovers(view: View) -> bool:
    own = view.ruleset.russell_characters
    return own is not None and own.recovery is not None


def _hires(view: View) -> bool:
    own = view.ruleset.russell_characters
    return own is not None and own.hirelings is not None


def _wounds(view: View) -> bool:
    return view.ruleset.individual_initiative is not None


COMMANDS: tuple[Command[View], ...] = (
    Command(
        "d",
        "vitals.damage",
        "russell_damage",
        "Damage",
        "Damage",
        "Damage to the highlighted character or hireling (a trap, a fall); past 0 HP a wound, and a second kills",
        show=True,
        applies=_wounds,
        run=damage,
    ),
    Command(
        "w",
        "vitals.hire",
        "russell_hire",
        "Hire",
        "Hire a hireling",
        "A hireling for the highlighted character (1 plus their CHA modifier at most): HP, Guts 7 and a wage",
        applies=_hires,
        run=hire,
    ),
    Command(
        None,
        "vitals.let_go",
        "russell_let_go",
        "Let go",
        "Let a hireling go",
        "The highlighted hireling's service ends",
        applies=_hires,
        run=let_go,
    ),
    Command(
        None,
        "vitals.night",
        "russell_night",
        "Night's rest",
        "Rest the night",
        "Under cover with a blanket and no watch, all HP; otherwise 1d6 + level. Every Tired pip erased",
        applies=_recovers,
        run=nights_rest,
    ),
    Command(
        None,
        "vitals.meal",
        "russell_meal",
        "Square meal",
        "A square meal",
        "Once a day, a Ration each: everyone hurt recovers 1d6 + level HP",
        applies=_recovers,
        run=square_meal,
    ),
    Command(
        None,
        "vitals.week",
        "russell_week",
        "Week of downtime",
        "A week of downtime",
        "With care, every wound heals; all HP back and every Tired pip erased",
        applies=_recovers,
        run=lambda app: app.perform(vitals.WeekOfDowntime()),
    ),
)
