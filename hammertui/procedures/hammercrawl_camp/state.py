"""HAMMERCRAWL!'s Camp's part of the session: a Camp under way, and each character's choices at the
last one, offered first at the next.

Only the Camp reads or writes these. The dice a camp leaves for later rooms are the Divining Pool's
(`divining_state.DiviningPool.bonuses`), as the pool spends them.
"""

from typing import TYPE_CHECKING, Any

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import slice_of
from hammertui.kernel.session.state import State
from hammertui.procedures.divining_pool.rules.bonuses import PoolBonus

if TYPE_CHECKING:
    from hammertui.kernel.session.seam import CampProcedure

NAME = "hammercrawl_camp"

CAMP_STEPS = ("time", "eat", "free", "actions", "encounter")


@record
class CampPlan:
    """One character's choices at camp: the free action ("" for their class's only one), the one
    camp action ("" for none), and Scout Ahead's check, entered (`scout_success`) or rolled as
    d20 + `scout_modifier` against `scout_target` (0: not set)."""

    free: str = ""
    action: str = ""
    scout_success: bool | None = None
    scout_modifier: int = 0
    scout_target: int = 0


@record
class Camping:
    """A Camp under way, kept so it survives a restart; steps run in the text's order (`CAMP_STEPS`).

    `campers` are the living when camp began and `lost` their HP lost then (Rest heals "the second
    half" of it); `override` is the 'Smith's reason for camping without what the rules ask;
    `healed` who the free action healed; `bonuses` the dice this camp leaves for later rooms.
    """

    step: str
    campers: tuple[str, ...]
    lost: dict[str, int] = attrs.field(factory=dict)
    plans: dict[str, CampPlan] = attrs.field(factory=dict)
    override: str = ""
    healed: tuple[str, ...] = ()
    watchers: int = 0
    bonuses: tuple[PoolBonus, ...] = ()


@record
class HammercrawlCamp:
    """What the Camp keeps: the Camp under way (`camping`, None between camps) and each character's
    choices at the last camp (`last_camp`, by character id)."""

    camping: Camping | None = None
    last_camp: dict[str, CampPlan] = attrs.field(factory=dict)


EMPTY = HammercrawlCamp()


def new_slice(ruleset: Ruleset, party: tuple[Any, ...]) -> HammercrawlCamp:
    """A new session has not camped yet."""
    return HammercrawlCamp()


def camp_slice(state: State) -> HammercrawlCamp:
    return slice_of(state, NAME, EMPTY)


def camping(state: State) -> Camping | None:
    return camp_slice(state).camping


def last_camp(state: State) -> dict[str, CampPlan]:
    return camp_slice(state).last_camp


def with_camp(state: State, **changes: Any) -> State:
    return state.with_slice(NAME, attrs.evolve(camp_slice(state), **changes))


def problems(camp: HammercrawlCamp, state: State) -> list[str]:
    """A Camp on a step that exists, for characters who exist, with no negative counts."""
    trip = camp.camping
    if trip is None:
        return []
    found = []
    if trip.step not in CAMP_STEPS:
        found.append(f"camping.step: {trip.step!r} is not one of {', '.join(CAMP_STEPS)}")
    strangers = sorted({*trip.campers, *trip.lost, *trip.plans, *trip.healed} - {m.id for m in state.party})
    if strangers:
        found.append(f"camping: no character {', '.join(map(repr, strangers))} in the party")
    targets = (plan.scout_target for plan in trip.plans.values())
    if min([trip.watchers, *trip.lost.values(), *(b.rooms_left for b in trip.bonuses), *targets, 0]) < 0:
        found.append("camping: counts cannot be negative")
    return found


def rules_problems(camp: HammercrawlCamp, state: State, ruleset: Ruleset) -> list[str]:
    """Each plan's free action one the rules know, and its camp action one of the ruleset's Camp."""
    plans = {f"last_camp.{cid}": plan for cid, plan in camp.last_camp.items()}
    plans.update({f"camping.plans.{cid}": plan for cid, plan in (camp.camping.plans.items() if camp.camping else ())})
    if not plans:
        return []
    from hammertui.procedures.hammercrawl_camp.rules import (
        FREE_ACTIONS,  # only a save with plans needs the Camp's rules
    )

    actions = ruleset.camp.actions if ruleset.camp is not None else ()
    found = []
    for where, plan in plans.items():
        if plan.free and plan.free not in FREE_ACTIONS:
            found.append(f"{where}.free: {plan.free!r} is not one of {', '.join(FREE_ACTIONS)}")
        if plan.action and plan.action not in actions:
            found.append(
                f"{where}.action: {ruleset.name} has no camp action {plan.action!r} (one of {', '.join(actions)})"
            )
    return found


class _Session:
    """Camp in a Safe Haven, as the session asks of it."""

    slice_type = HammercrawlCamp
    new_slice = staticmethod(new_slice)
    problems = staticmethod(problems)
    rules_problems = staticmethod(rules_problems)
    hears = ()
    camping = staticmethod(camping)


SESSION: "CampProcedure" = _Session()
