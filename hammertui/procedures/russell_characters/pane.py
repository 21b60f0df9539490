"""The Party pane under the Russell House Rules: level, HP and AC, XP beside the next level's, Tired
pips and Wearied, wounds, gear slots and Burdened, and every usage die, then the hirelings with their
Guts and wage; the row under the cursor is who a usage die, a Tired pip, a shared Ration or damage
is for, and Enter opens their sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable

from hammertui.kernel.rules.vitality import hp_band
from hammertui.kernel.session.state import Character, State
from hammertui.kernel.session.store import open_store
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.commands import Command
from hammertui.kernel.ui.party import HP_STYLE, PartyPane, fit_ends, hp_cell
from hammertui.kernel.ui.table import RowTable, add_plain_columns, selected_key, sync_rows
from hammertui.kernel.ui.view import View
from hammertui.procedures.russell_characters import state as people
from hammertui.procedures.russell_characters.actions import checks, vitals
from hammertui.procedures.russell_characters.actions.making import Dismiss, RollAttributes
from hammertui.procedures.russell_characters.rules import growth as growth_rules
from hammertui.procedures.russell_characters.screens.checks import COMMANDS as CHECKS
from hammertui.procedures.russell_characters.screens.vitals import COMMANDS as VITALS

if TYPE_CHECKING:
    from hammertui.kernel.ui.app import HammerApp
    from hammertui.kernel.ui.seam import ProcedureUI

COLUMNS = ("Name", "Lv", "HP", "AC", "Tired", "Wounds", "Slots", "XP", "Usage dice")
"""XP after what changes turn by turn, so an 80-column pane keeps the slots in view."""
TIRED_STYLE = "bold #fdd835"
WEARIED_STYLE = "bold #e53935"
WOUND_STYLE = "#e53935"


class RussellPartyPane(PartyPane):
    """The roster as the Russell House Rules keep it."""

    def compose(self) -> ComposeResult:
        table = RowTable(
            id="party-table", cursor_type="row", cursor_foreground_priority="renderable", zebra_stripes=True
        )
        add_plain_columns(table, *COLUMNS)
        yield table

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row shows that character's sheet as these rules keep it (the class rules'
        sheet screen has no place here)."""
        event.stop()
        event.prevent_default()
        if self.view is not None and event.row_key.value:
            who = event.row_key.value
            if vitals.is_hireling(self.view.state, who):
                self.notify(hireling_text(self.view, who), title="Sheet", timeout=12)
            else:
                show_sheet(self.app, who)  # type: ignore[arg-type]

    @property
    def selected_id(self) -> str | None:
        """The highlighted character (None on a hireling's row: the keys of a character's sheet
        are not theirs)."""
        key = selected_key(self.query_one(DataTable))
        return (
            key if self.view is not None and key is not None and not vitals.is_hireling(self.view.state, key) else None
        )

    def _fill(self, view: View, rebuild: bool = False) -> None:
        rows = [(m.id, cells(view, m)) for m in view.state.party]
        rows += [
            (h.id, hireling_cells(view, h.id)) for h in view.state.hirelings if vitals.is_hireling(view.state, h.id)
        ]
        fit_ends([row for _, row in rows], COLUMNS, self.content_size.width)
        sync_rows(self.query_one(DataTable), rows, rebuild)
        plain.subtitle(self, subtitle_of(view))


def cells(view: View, member: Character) -> list[Text]:
    """`Darla  1  6/6  10  ●●○  4/8  600/2000  Water d6, Torches d4`, Wearied and Burdened said in
    red and yellow."""
    ruleset = view.ruleset
    sheet = people.person(view.state, ruleset, member.id)
    limit = ruleset.russell_characters.tired_pips if ruleset.russell_characters else 0
    pips = pips_cell(sheet.tired, limit, people.is_wearied(ruleset, sheet))
    used = people.slots_used(ruleset, member, sheet)
    slots = Text(f"{used}/{people.ability(ruleset, member, 'strength')}")
    if people.is_burdened(ruleset, member, sheet):
        slots.append(" Burdened", style=TIRED_STYLE)
    dice = ", ".join(f"{g.name} {'out' if g.out else f'd{g.die}'}" for g in sheet.gear if g.die)
    return [
        Text(member.name, style="dim strike" if not member.alive else "", no_wrap=True, overflow="ellipsis"),
        Text(str(member.level)),
        hp_cell(member),
        Text(str(member.ac)),
        pips,
        wounds_cell(sheet.wounds),
        slots,
        xp_cell(view, member),
        Text(dice, no_wrap=True, overflow="ellipsis"),
    ]


def xp_cell(view: View, member: Character) -> Text:
    """`600/2000`: the XP and the next level's, in bold once it is reached; the XP alone where the
    ruleset keeps no growth."""
    growth = view.ruleset.russell_characters.growth if view.ruleset.russell_characters else None
    if growth is None:
        return Text(str(member.xp))
    needs = growth_rules.xp_for(growth, member.level + 1)
    return Text(f"{member.xp}/{needs}", style="bold #43a047" if member.xp >= needs else "")


def pips_cell(tired: int, limit: int, wearied: bool) -> Text:
    """`●●○`, Wearied said in red."""
    pips = Text(
        "●" * tired + "○" * max(0, limit - tired), style=WEARIED_STYLE if wearied else TIRED_STYLE if tired else "dim"
    )
    if wearied:
        pips.append(" Wearied", style=WEARIED_STYLE)
    return pips


def wounds_cell(wounds: tuple[str, ...]) -> Text:
    return Text(", ".join(wounds), style=WOUND_STYLE, no_wrap=True, overflow="ellipsis")


def _employer(state: State, hireling_id: str) -> str:
    hired = state.hireling(hireling_id)
    return next((m.name for m in state.party if m.id == hired.employer), "no one")


def hireling_cells(view: View, hireling_id: str) -> list[Text]:
    """`Pip  ·  3/3  ·  ●○○  ·  Guts 8  ·  Darla's torchbearer, a half share`."""
    state, ruleset = view.state, view.ruleset
    hired = state.hireling(hireling_id)
    sheet = people.hand(state, hireling_id)
    assert sheet is not None
    limit = ruleset.russell_characters.tired_pips if ruleset.russell_characters else 0
    guts = vitals.guts_of(state, ruleset, hireling_id)
    hp = Text(f"{sheet.hp}/{sheet.max_hp}", style=HP_STYLE[hp_band(sheet.hp, sheet.max_hp)])
    pay = f"{_employer(state, hireling_id)}'s {hired.profession}" + (f", {sheet.wage}" if sheet.wage else "")
    return [
        Text(hired.name, no_wrap=True, overflow="ellipsis"),
        Text(""),
        hp,
        Text(""),
        pips_cell(sheet.tired, limit, people.is_wearied(ruleset, sheet)),
        wounds_cell(sheet.wounds),
        Text(f"Guts {guts[0]}" if guts else ""),
        Text(""),
        Text(pay, style="dim", no_wrap=True, overflow="ellipsis"),
    ]


def hireling_text(view: View, hireling_id: str) -> str:
    """`Pip, torchbearer, Darla's hireling · HP 3/3 · Guts 8 (7, CHA +1) · a half share`."""
    state = view.state
    hired = state.hireling(hireling_id)
    sheet = people.hand(state, hireling_id)
    assert sheet is not None
    guts = vitals.guts_of(state, view.ruleset, hireling_id)
    parts = [
        f"{hired.name}, {hired.profession}, {_employer(state, hireling_id)}'s hireling",
        f"HP {sheet.hp}/{sheet.max_hp}",
    ]
    if guts:
        parts.append(f"Guts {guts[0]} (employer's modifier {guts[1]:+d})")
    parts += [p for p in (sheet.wage, ", ".join(sheet.wounds)) if p]
    return " · ".join(parts)


def sheet_lines(view: View, character_id: str) -> list[str]:
    """The sheet, a line a part: who and their level and XP, the attributes, HP, AC and skills with
    weapons, the other skills, Tired pips and wounds, the gear by slots, and the coins."""
    ruleset, state = view.ruleset, view.state
    member = state.character(character_id)
    sheet = people.person(state, ruleset, character_id)
    who = f"{member.name} ({member.player})" if member.player else member.name
    scores = " ".join(f"{k} {v}" for k, v in member.stats.as_dict().items())
    limit = ruleset.russell_characters.tired_pips if ruleset.russell_characters else 0
    tired = pips_cell(sheet.tired, limit, people.is_wearied(ruleset, sheet)).plain
    used = people.slots_used(ruleset, member, sheet)
    burdened = ", Burdened" if people.is_burdened(ruleset, member, sheet) else ""
    lines = [
        f"{who} · {level_words(view, member)}",
        scores,
        f"HP {member.hp}/{member.max_hp} · AC {member.ac} ({people.armour_words(sheet.armour, sheet.shield)})"
        f" · WS {sheet.weapon_skill} · Bow {sheet.bow_skill}",
        checks.skills_words(state, ruleset, character_id),
        f"Tired {tired}" + (f" · Wounds: {', '.join(sheet.wounds)}" if sheet.wounds else ""),
        f"Gear ({used}/{people.ability(ruleset, member, 'strength')} slots{burdened}):"
        f" {', '.join(gear_words(g) for g in sheet.gear) or 'nothing'}",
        f"{member.coins} coins",
    ]
    return [line for line in lines if line]


def level_words(view: View, member: Character) -> str:
    """`Level 1 · XP 600, 1400 to level 2`: the chart's XP for the next level, where the ruleset
    keeps growth; else the level and XP alone."""
    growth = view.ruleset.russell_characters.growth if view.ruleset.russell_characters else None
    words = f"Level {member.level} · XP {member.xp}"
    if growth is None:
        return words
    needs = growth_rules.xp_for(growth, member.level + 1)
    return words + (
        f", {needs - member.xp} to level {member.level + 1}"
        if member.xp < needs
        else f", level {member.level + 1} reached: v levels up"
    )


def gear_words(gear: people.Gear) -> str:
    """`Torches d8 (2 slots)`, `Rations x3`, `Oil out`."""
    words = (
        gear.name
        + (f" x{gear.count}" if gear.count else "")
        + (" out" if gear.out else f" d{gear.die}" if gear.die else "")
    )
    return words + (f" ({gear.slots} slots)" if gear.slots > 1 else "")


def subtitle_of(view: View) -> str:
    """`4 standing · 2 Tired · 1 Wearied · 1 Burdened · 1 wounded · 2 hirelings`."""
    ruleset, state = view.ruleset, view.state
    sheets = [(m, people.person(state, ruleset, m.id)) for m in state.living]
    parts = [f"{len(sheets)} standing"]
    tired = sum(0 < s.tired and not people.is_wearied(ruleset, s) for _, s in sheets)
    wearied = sum(people.is_wearied(ruleset, s) for _, s in sheets)
    burdened = sum(people.is_burdened(ruleset, m, s) for m, s in sheets)
    wounded = sum(bool(s.wounds) for _, s in sheets)
    parts += [
        f"{n} {word}"
        for n, word in ((tired, "Tired"), (wearied, "Wearied"), (burdened, "Burdened"), (wounded, "wounded"))
        if n
    ]
    hired = sum(vitals.is_hireling(state, h.id) for h in state.hirelings)
    if hired:
        parts.append(f"{hired} hireling{'s' if hired != 1 else ''}")
    return " · ".join(parts)


def pane() -> RussellPartyPane:
    return RussellPartyPane(id="party", classes="pane")


def _selected(app: HammerApp) -> Character | None:
    character_id = app.query_one(PartyPane).selected_id
    if character_id is None:
        app.notify("No character is highlighted (a hireling's row is not a character's).", severity="warning")
        return None
    return open_store(app).state.character(character_id)


def roll_usage(app: HammerApp) -> None:
    """The selected character's usage dice: one is rolled at once, more are offered to choose from."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    member = _selected(app)
    if member is None:
        return
    store = open_store(app)
    sheet = people.person(store.state, store.ruleset, member.id)
    items = [(g.id, f"{g.name} d{g.die}") for g in sheet.gear if g.die and not g.out]
    if not items:
        app.notify(f"{member.name} has nothing with a usage die left.", severity="warning")
    elif len(items) == 1:
        app.perform(people.RollUsageDie(member.id, items[0][0]))
    else:
        dialog = ChooseDialog("Usage die", f"What does {member.name} use?", items)

        def used(gear_id: str | None) -> None:
            if gear_id is not None:
                app.perform(people.RollUsageDie(member.id, gear_id))

        app.push_screen(dialog, used)


def mark_tired(app: HammerApp) -> None:
    member = _selected(app)
    if member is not None:
        app.perform(people.MarkTired(member.id))


def share_ration(app: HammerApp) -> None:
    """The selected character shares a Ration round everyone standing."""
    member = _selected(app)
    if member is not None:
        app.perform(people.ShareRation(member.id, tuple(m.id for m in open_store(app).state.living)))


def eat_rations(app: HammerApp) -> None:
    """Those the 'Smith ticks eat a Ration of their own; the Wearied, whom only a full Ration rests,
    come ticked."""
    from hammertui.procedures.russell_characters.dialogs.rest import EatersDialog

    store = open_store(app)
    state, ruleset = store.state, store.ruleset
    limit = people.section(ruleset).tired_pips
    eaters = []
    for member in state.living:
        sheet = people.person(state, ruleset, member.id)
        wearied = people.is_wearied(ruleset, sheet)
        eaters.append((member.id, f"{member.name} {pips_cell(sheet.tired, limit, wearied).plain}", wearied))
    app.push_screen(EatersDialog(eaters))


def carry(app: HammerApp) -> None:
    """The selected character takes up an item: named, with its slots and usage die."""
    from hammertui.procedures.russell_characters.dialogs.gear import CarryDialog

    member = _selected(app)
    if member is not None:
        own = people.section(open_store(app).ruleset)
        app.push_screen(CarryDialog(member.id, member.name, own.goods))


def drop(app: HammerApp) -> None:
    """The selected character leaves one of their items behind."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    member = _selected(app)
    if member is None:
        return
    store = open_store(app)
    sheet = people.person(store.state, store.ruleset, member.id)
    items = [(g.id, gear_words(g)) for g in sheet.gear]
    if not items:
        app.notify(f"{member.name} carries nothing.", severity="warning")
        return
    dialog = ChooseDialog("Drop", f"What does {member.name} leave behind?", items)

    def dropped(gear_id: str | None) -> None:
        if gear_id is not None:
            app.perform(people.Drop(member.id, gear_id))

    app.push_screen(dialog, dropped)


def wear_armour(app: HammerApp) -> None:
    """The selected character's armour by the table, with or without a shield."""
    from hammertui.kernel.ui.dialogs.choose import ChooseDialog

    member = _selected(app)
    if member is None:
        return
    store = open_store(app)
    own = people.section(store.ruleset)
    worn = people.person(store.state, store.ruleset, member.id)
    kinds = [
        (people.NO_ARMOUR, f"No armour (AC {own.unarmoured_ac})"),
        *((k, f"{k.capitalize()} (AC {ac})") for k, ac in own.armour.items()),
    ]
    choices = [
        (f"{k}{'+shield' if shield else ''}", f"{words}{' and a shield' if shield else ''}")
        for shield in (False, True)
        for k, words in kinds
    ]
    dialog = ChooseDialog(
        "Armour",
        f"What does {member.name} wear? (now {people.armour_words(worn.armour, worn.shield)}, AC {member.ac})",
        choices,
    )

    def wear(choice: str | None) -> None:
        if choice is not None:
            kind, _, shield = choice.partition("+")
            app.perform(people.WearArmour(member.id, kind, bool(shield)))

    app.push_screen(dialog, wear)


def make_character(app: HammerApp) -> None:
    """A new character: the attributes rolled (and logged) unless rolls already wait, then assigned
    in the dialog; a dead character's player is offered for their replacement."""
    from hammertui.procedures.russell_characters.dialogs.character import MakeCharacterDialog

    store = open_store(app)
    if not people.people(store.state).rolled and not app.perform(RollAttributes()):
        return
    own = people.section(store.ruleset)
    selected = app.query_one(PartyPane).selected_id
    member = store.state.character(selected) if selected else None
    player = member.player if member is not None and not member.alive else ""
    rolls = people.people(store.state).rolled
    app.push_screen(MakeCharacterDialog(rolls, store.ruleset.stats, own.in_order, own.templates, player))


def dismiss(app: HammerApp) -> None:
    """The selected character leaves the party; undo brings them back."""
    member = _selected(app)
    if member is not None:
        app.perform(Dismiss(member.id))


def treasure(app: HammerApp) -> None:
    """The treasure record: imported as it opens, as every screen is."""
    from hammertui.procedures.russell_characters.screens.treasure import TreasureScreen

    app.push_screen(TreasureScreen())


TREASURE_MOST = 10_000_000
"""The largest treasure typed in: a dragon's hoard, with room to spare."""


def award_treasure(app: HammerApp) -> None:
    """Treasure brought back, what it is and its value in coins: its XP shared by those standing,
    the haul kept in the treasure record."""
    from hammertui.kernel.ui.dialogs.amount import AmountDialog
    from hammertui.kernel.ui.dialogs.text import TextDialog

    def worth(what: str | None) -> None:
        if what is None:
            return
        dialog = AmountDialog(
            "Treasure", f"{what.strip() or 'The treasure'} is worth how many coins?", noun="coins", most=TREASURE_MOST
        )

        def awarded(coins: int | None) -> None:
            if coins is not None:
                app.perform(people.AwardTreasure(coins, what.strip() or "Treasure"))

        app.push_screen(dialog, awarded)

    app.push_screen(TextDialog("Treasure", "What was brought back?", "Treasure"), worth)


def show_sheet(app: HammerApp, character_id: str) -> None:
    """A character's sheet as these rules keep it, on its own screen, as Enter on the party shows it."""
    from hammertui.procedures.russell_characters.screens.sheet import (
        RussellSheetScreen,  # opened on first use, as every screen is
    )

    app.push_screen(RussellSheetScreen(character_id, sheet_lines))


def level_up(app: HammerApp) -> None:
    member = _selected(app)
    if member is not None:
        app.perform(people.LevelUp(member.id))


def _grows(view: View) -> bool:
    """XP and levels are offered where the ruleset keeps them."""
    own = view.ruleset.russell_characters
    return own is not None and own.growth is not None


SETS_ASIDE = frozenset({"party.loot"})
"""HAMMERCRAWL!'s loot ledger (a Lootkeeper, selling, the town's share): these rules count only what
is brought back, in the treasure record."""

COMMANDS: tuple[Command[View], ...] = (
    Command(
        "U",
        "usage.roll",
        "roll_usage",
        "Usage die",
        "Roll a usage die",
        "The selected character uses an item: its usage die steps down on a 1 or 2",
        show=True,
        run=roll_usage,
    ),
    Command(
        "p",
        "tired.mark",
        "mark_tired",
        "Tired pip",
        "Mark a Tired pip",
        "The selected character marks a Tired pip; the third makes them Wearied",
        run=mark_tired,
    ),
    Command(
        None,
        "rest.share",
        "share_ration",
        "Share a Ration",
        "Share a Ration",
        "An exploration {unit}: the selected character shares a Ration round everyone standing;"
        " each not Wearied erases a Tired pip",
        run=share_ration,
    ),
    Command(
        None,
        "rest.eat",
        "eat_rations",
        "Eat a Ration each",
        "Eat a Ration each",
        "An exploration {unit}: those ticked (the Wearied, to begin with) eat a Ration of their own and are rested",
        run=eat_rations,
    ),
    Command(
        "c",
        "gear.carry",
        "carry",
        "Carry",
        "Carry an item",
        "The selected character takes up an item: its slots and usage die;"
        " more than STR is Burdened, never more than STR x 1.5",
        run=carry,
    ),
    Command(
        "D",
        "gear.drop",
        "drop",
        "Drop",
        "Drop an item",
        "The selected character leaves one of their items behind",
        run=drop,
    ),
    Command(
        "A",
        "gear.armour",
        "wear_armour",
        "Armour",
        "Wear armour",
        "The selected character's armour and shield by the table: AC and a slot a point better than 10",
        run=wear_armour,
    ),
    Command(
        "N",
        "character.make",
        "make_character",
        "New character",
        "Make a character",
        "3d6 seven times, shown; assign six, then HP, coins, AC and the kit by the text",
        run=make_character,
    ),
    Command(
        "X",
        "character.dismiss",
        "dismiss_character",
        "Dismiss",
        "Dismiss a character",
        "The selected character leaves the party, not dead"
        " (one of a new session's four the table does not play, a player gone home); undo brings them back",
        run=dismiss,
    ),
    Command(
        "x",
        "growth.treasure",
        "award_treasure",
        "Treasure",
        "Treasure brought back",
        "What it is and its value in coins, 1 XP a coin, shared by everyone standing",
        applies=_grows,
        run=award_treasure,
    ),
    Command(
        "dollar_sign",
        "growth.treasure_record",
        "treasure_record",
        "Treasure record",
        "Treasure record",
        "Every treasure brought back, its coins and the XP it gave",
        key_display="$",
        applies=_grows,
        run=treasure,
    ),
    Command(
        "v",
        "growth.level_up",
        "russell_level_up",
        "Level up",
        "Level up",
        "The selected character, with the XP for the next level and a week of downtime",
        applies=_grows,
        run=level_up,
    ),
    *CHECKS,
    *VITALS,
)


class _UI:
    """The Russell House Rules' characters' pane, commands and sheet."""

    pane = staticmethod(pane)
    commands = COMMANDS
    sets_aside = SETS_ASIDE
    after_fight = None
    show_sheet = staticmethod(show_sheet)
    time_left = None
    darkness_ahead = None
    dungeon_tier = None
    by_name = None


UI: ProcedureUI = _UI()
