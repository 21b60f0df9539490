"""Return to Town: the rules' list done in order as one action, and the plan the 'Smith reads first.

`plan_town` works out everything the trip back changes (the rules' arithmetic is `rules.town`'s)
so the town screen can show it before anything happens; `ReturnToTown` applies that same plan, so
what was shown is what is done, and one undo takes the whole trip back. Levelling is the 'Smith's
next step, one `LevelUp` per character, as the rules list it after the loot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import effects
from hammertui.kernel.session.actions import Context, Refused, Result, note
from hammertui.kernel.session.events import Event
from hammertui.kernel.session.loot import COMMON, describe, whereabouts, with_the_living
from hammertui.kernel.session.procedures import camp_under_way, fight_under_way, flasks, held_sources, stock
from hammertui.kernel.session.state import Character, Loot, State, free_id, replace_member
from hammertui.procedures.divining_pool.rules import town as rules
from hammertui.procedures.divining_pool.state import divining_pool, exploring, with_pool
from hammertui.procedures.hammercrawl_classes.rules import tiers
from hammertui.procedures.hammercrawl_classes.state import con_lost, on_their_feet, sheet_changed, sheet_of

ODD_COINS = "Odd coins from the split"
"""The ledger line the split's remainder stays on."""


@record
class Homecoming:
    """One survivor's trip back: the supplies that top up their kit, their share of the coins, the
    items they take home, and their XP once loot is turned to XP."""

    member: Character
    restock: dict[str, int]
    coins: int
    items: tuple[str, ...]
    xp: int
    can_level: bool


@record
class TownPlan:
    """Everything Return to Town will do, in the rules' order, before it is done.

    `pooled` coins are the common pile's and the living's; `staying` the ledger lines that stay
    (unclaimed items, what the dead held); `resets` what the dungeon forgets, in words; `level`,
    `boss_hd` and `tier` where the party goes back in.
    """

    homecomings: tuple[Homecoming, ...]
    pooled: int
    split: rules.CoinSplit
    conversion: rules.Conversion
    staying: tuple[Loot, ...]
    resets: tuple[str, ...]
    resets_risk_reward: bool
    level: int
    boss_hd: int
    tier: int

    @property
    def ready(self) -> tuple[Character, ...]:
        """Who will have the XP to level up."""
        return tuple(h.member for h in self.homecomings if h.can_level)


# ---------------------------------------------------------------------------------------------
# The plan
# ---------------------------------------------------------------------------------------------


def plan_town(
    state: State, ruleset: Ruleset, convert: int = 0, level: int | None = None, boss_hd: int | None = None
) -> TownPlan:
    """What Return to Town would do now; Refused, with the reason, when it cannot be done."""
    _check_ready(state)
    level = state.dungeon.level if level is None else level
    boss_hd = state.dungeon.boss_hd if boss_hd is None else boss_hd
    if level < 1:
        raise Refused("the dungeon's levels start at 1")
    if boss_hd < 0:
        raise Refused("a boss has 0 Hit Dice or more")
    pooled = sum(e.coins for e in state.loot if not e.item and with_the_living(state, e))
    _check_convert(ruleset, convert, pooled)
    going = [e for e in state.loot if e.item and e.holder != COMMON and with_the_living(state, e)]
    survivors = [_survivor(state, ruleset, m) for m in state.living]
    items = [rules.LootItem(item_label(e), e.holder) for e in going]
    outcome = rules.return_to_town(ruleset, survivors, pooled, items, convert)
    homecomings = tuple(
        Homecoming(
            member=m,
            restock=outcome.restocked.get(m.id, {}),
            coins=outcome.split.each,
            items=outcome.items.get(m.id, ()),
            xp=outcome.xp[m.id],
            can_level=m.id in outcome.can_level,
        )
        for m in state.living
    )
    staying = tuple(e for e in state.loot if not with_the_living(state, e) or (e.item and e.holder == COMMON))
    return TownPlan(
        homecomings=homecomings,
        pooled=pooled,
        split=outcome.split,
        conversion=outcome.conversion,
        staying=staying,
        resets=_resets(state, outcome.resets_risk_reward),
        resets_risk_reward=outcome.resets_risk_reward,
        level=level,
        boss_hd=boss_hd,
        tier=_tier(ruleset, boss_hd),
    )


def _check_ready(state: State) -> None:
    if exploring(state) is not None:
        raise Refused("an Explore is under way: finish it before going back to town")
    if camp_under_way(state):
        raise Refused("the party is camping: finish the Camp before going back to town")
    if fight_under_way(state):
        raise Refused("a fight is on: end it (F, then x) before going back to town")
    if not state.living:
        raise Refused("nobody is alive to go back to town")


def _check_convert(ruleset: Ruleset, convert: int, pooled: int) -> None:
    if convert < 0:
        raise Refused("the coins to turn into XP cannot be fewer than none")
    if convert and not converts(ruleset):
        raise Refused(f"{ruleset.name} does not turn loot into XP")
    if convert > pooled:
        raise Refused(f"only {pooled} coins are the party's to turn into XP, not {convert}")


def converts(ruleset: Ruleset) -> int:
    """Coins to the XP in town (Book Three's 1,000), or 0 where loot never becomes XP."""
    return ruleset.advancement.coins_per_xp if ruleset.advancement else 0


def _survivor(state: State, ruleset: Ruleset, member: Character) -> rules.Survivor:
    return rules.Survivor(
        member.id,
        member.name,
        member.level,
        member.xp,
        member.hp,
        member.max_hp,
        kit=ruleset.kit,
        carried=carried(state, ruleset, member),
    )


def carried(state: State, ruleset: Ruleset, member: Character) -> dict[str, int]:
    """What of the kit a character has now: Rations, oil, a Bedroll (1 or 0), light sources by kind."""
    sheet = sheet_of(state, member.id)
    counts = {"rations": sheet.rations, "oil": flasks(state, member.id), "bedroll": int(sheet.bedroll)}
    held = held_sources(state, ruleset)
    for kind in ruleset.light_sources:
        counts[kind] = sum(1 for s in held if s.carrier == member.id and s.kind == kind)
    return counts


def item_label(entry: Loot) -> str:
    """How an item is written on the sheet it goes home on: its name, and its worth when known."""
    return f"{entry.name} ({entry.coins} coins)" if entry.coins else entry.name


def _tier(ruleset: Ruleset, boss_hd: int) -> int:
    return tiers.tier_of(ruleset, boss_hd) if ruleset.tier_rules else tiers.tier(boss_hd)


def _resets(state: State, risk_reward: bool) -> tuple[str, ...]:
    """What the dungeon forgets while the party is away, in the table's words."""
    pool = divining_pool(state)
    words = []
    if pool.bonuses:
        words.append(f"{len(pool.bonuses)} Scout/Watch bonus{'es' * (len(pool.bonuses) != 1)} end")
    if risk_reward and (pool.risk or pool.reward):
        words.append(f"the Risk ({pool.risk}) and Reward ({pool.reward}) dice go back to 0")
    if pool.rerolls:
        words.append(f"{pool.rerolls} bonus re-roll{'s' * (pool.rerolls != 1)} lost")
    if state.dungeon.safe_haven:
        words.append("the Safe Haven is left behind")
    return tuple(words)


def supplies_text(ruleset: Ruleset, added: Mapping[str, int]) -> str:
    """`2 Rations, 1 Torch, a Bedroll`: a restock in the table's words."""
    words = []
    for item, n in added.items():
        if item == "bedroll":
            words.append("a Bedroll")
        elif item == "rations":
            words.append(f"{n} Ration{'s' * (n != 1)}")
        elif item == "oil":
            words.append(f"{n} oil flask{'s' * (n != 1)}")
        else:
            definition = ruleset.light_sources.get(item)
            name = (definition.name if definition else item).lower()
            words.append(
                f"a {name}" if n == 1 else f"{n} {name}{'es' if name.endswith(('ch', 'sh', 's', 'x')) else 's'}"
            )
    return ", ".join(words)


# ---------------------------------------------------------------------------------------------
# The action
# ---------------------------------------------------------------------------------------------


@record
class ReturnToTown:
    """The party goes back to town and then back into the dungeon, the rules' steps in order.

    1. The living to full HP, spells relearned, a day's and an adventure's uses back. 2. The kit restocked. 3. The
    ledger divided: the party's coins split evenly (the odd ones stay), items home with their holders.
    4. (Book Three) `convert` coins turned into XP for every survivor. 5. Who can level is named.
    Then the dungeon forgets its camp bonuses, Risk and Reward, re-rolls and Safe Haven, and the
    party goes back in at `level` with its boss of `boss_hd` (None: where they left). Rooms explored
    stay explored.
    """

    label: ClassVar[str] = "town"
    convert: int = 0
    level: int | None = None
    boss_hd: int | None = None

    def apply(self, state: State, ctx: Context) -> Result:
        ruleset = ctx.ruleset
        plan = plan_town(state, ruleset, self.convert, self.level, self.boss_hd)
        party = state.party
        for home in plan.homecomings:
            party = tuple(_home(home) if m.id == home.member.id else m for m in party)
        loot = plan.staying
        if plan.split.remainder:
            odd = Loot(free_id("t", {e.id for e in state.loot}), ODD_COINS, plan.split.remainder, False, COMMON)
            loot = (*loot, odd)
        dungeon = attrs.evolve(state.dungeon, level=plan.level, boss_hd=plan.boss_hd, safe_haven=False)
        new = _remembered(attrs.evolve(state, party=party, loot=loot, dungeon=dungeon), ruleset, plan)
        for home in plan.homecomings:
            new = stock(new, ruleset, home.member.id, home.restock)
        if plan.resets_risk_reward:
            new = with_pool(new, risk=0, reward=0)
        return with_pool(new, bonuses=(), rerolls=0, haven_room=0), _events(self, state, ruleset, plan)


def _remembered(state: State, ruleset: Ruleset, plan: TownPlan) -> State:
    """Every survivor's spells re-memorized, a day's and an adventure's uses back, their Rations
    restocked, a Bedroll bought for whoever lacked one, and no 0 HP choice left on anyone: all are
    back on their feet."""
    for home in plan.homecomings:
        state = on_their_feet(state, home.member.id)
        uses = town_uses(state, ruleset, home.member)
        if uses != sheet_of(state, home.member.id).uses:
            state = sheet_changed(state, home.member.id, uses=uses)
        if sheet_of(state, home.member.id).spells_forgotten:
            state = sheet_changed(state, home.member.id, spells_forgotten=0)
        if home.restock.get("rations", 0):
            rations = sheet_of(state, home.member.id).rations + home.restock["rations"]
            state = sheet_changed(state, home.member.id, rations=rations)
        if home.restock.get("bedroll", 0) and not sheet_of(state, home.member.id).bedroll:
            state = sheet_changed(state, home.member.id, bedroll=True)
    return state


def _home(home: Homecoming) -> Character:
    """A survivor after town: full HP, rested, restocked, paid, XP counted."""
    member = home.member
    return attrs.evolve(
        member,
        hp=member.max_hp,
        status="ok",
        coins=member.coins + home.coins,
        items=(*member.items, *home.items),
        xp=home.xp,
    )


def town_uses(state: State, ruleset: Ruleset, member: Character) -> dict[str, int]:
    """A day's and an adventure's class uses (Turn Unholy; Thiefy rerolls, whose "count resets upon
    Returning to Town") back to their full count for the level; uses gone for good stay spent."""
    uses = dict(sheet_of(state, member.id).uses)
    class_def = ruleset.classes.get(member.class_id)
    if class_def is None:
        return uses
    for resource in class_def.resources:
        if resource.refresh in ("day", "adventure"):
            uses[resource.id] = resource.uses(member.level)
    return uses


def _events(action: ReturnToTown, state: State, ruleset: Ruleset, plan: TownPlan) -> list[Event]:
    """One line per step of the rules' list, so the log reads like the trip."""
    homes = plan.homecomings
    hurt = [f"{h.member.name} {h.member.hp} -> {h.member.max_hp}" for h in homes if h.member.hp < h.member.max_hp]
    healed = f"HP to full ({', '.join(hurt)})" if hurt else "everyone already at full HP"
    events = [
        note(action, f"The party returns to town: {healed}; spells relearned, a day's and an adventure's uses back.")
    ]
    stocked = [f"{h.member.name} {supplies_text(ruleset, h.restock)}" for h in homes if h.restock]
    events.append(
        note(action, f"Restocked: {'; '.join(stocked)}." if stocked else "Everyone's supplies are already full.")
    )
    if plan.conversion.converted:
        names = ", ".join(h.member.name for h in homes)
        text = (
            f"{plan.conversion.converted} coins become {plan.conversion.xp_each} XP each for {names};"
            " those coins are gone."
        )
        events.append(note(action, text))
    events.append(note(action, _split_text(plan)))
    events += _item_events(action, state, plan)
    if plan.ready:
        events.append(note(action, f"Enough XP to level up: {', '.join(m.name for m in plan.ready)}."))
    if plan.resets:
        events.append(note(action, "While they are away: " + "; ".join(plan.resets) + "."))
    where = f"Back into the dungeon at level {plan.level} (its boss {plan.boss_hd} HD, tier {plan.tier})."
    events.append(note(action, where + " Rooms already explored give no exploration XP again."))
    return events


def _split_text(plan: TownPlan) -> str:
    split = plan.split
    if not split.coins:
        return "No coins to divide."
    odd = f"; {split.remainder} left over in the ledger" if split.remainder else ""
    return f"{split.coins} coins divided: {split.each} each to {split.shares}{odd}."


def _item_events(action: ReturnToTown, state: State, plan: TownPlan) -> list[Event]:
    events = []
    home = [f"{h.member.name} {', '.join(h.items)}" for h in plan.homecomings if h.items]
    if home:
        gone = tuple(e.id for e in state.loot if e.item and e not in plan.staying)
        events.append(note(action, f"Items taken home: {'; '.join(home)}.", about=gone))
    left = [f"{describe(e)}, {whereabouts(state, e)}" for e in plan.staying]
    if left:
        level = "warn" if _unclaimed(plan) else "info"
        events.append(
            note(
                action, f"Still in the ledger: {'; '.join(left)}.", level=level, about=tuple(e.id for e in plan.staying)
            )
        )
    return events


def _unclaimed(plan: TownPlan) -> bool:
    return any(e.item and e.holder == COMMON for e in plan.staying)


@record
class Downtime:
    """A week of downtime in town before the party goes back in: "After returning to town, you can
    choose to stick around and take an extended rest." The clock moves a week (no light burns in
    town), the living rest to full Hit Points, and each regains the lost CON the difficulty mode
    gives a week (Book Three's Excitement: "For each week of downtime, your character restores 1
    point of lost CON"); elsewhere lost CON stays "permanent until magically restored"."""

    label: ClassVar[str] = "town"

    def apply(self, state: State, ctx: Context) -> Result:
        _check_ready(state)
        ruleset = ctx.ruleset
        mode = ruleset.difficulty(state.session.difficulty)
        per_week = mode.downtime_con if mode is not None else 0
        party, standing, restored = state.party, state, []
        for member in state.living:
            sheet = sheet_of(state, member.id)
            con = rules.rested_con(sheet.con, sheet.con_max, per_week)
            if con > sheet.con:
                restored.append(f"{member.name} +{con - sheet.con} CON ({con}/{sheet.con_max})")
                standing = sheet_changed(standing, member.id, con=con)
            party = replace_member(party, attrs.evolve(member, hp=member.max_hp, status="ok"))
            standing = on_their_feet(standing, member.id)
        units = rules.week_units(ruleset)
        clock = attrs.evolve(state.clock, units=state.clock.units + units)
        new, ended = effects.expire(attrs.evolve(standing, party=party, clock=clock), self.label)
        text = f"A week of downtime in town ({ruleset.time.label(units)}): everyone rests to full HP"
        if restored:
            text += "; " + ", ".join(restored)
        elif any(con_lost(state, m) for m in state.living) and not per_week:
            mode_name = mode.name if mode is not None else "this"
            text += f"; no CON comes back in {mode_name} mode, only by magic (Cure Serious Wounds)"
        return new, [note(self, text + "."), *ended]
