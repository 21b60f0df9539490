"""The session's side of the procedure seam, typed: what the kernel asks of a procedure's state.

A procedure that keeps state exposes one object, `SESSION` in the module its registration names
(`Procedure.state`), declared as its part's protocol here (`SESSION: LightProcedure = ...`): the
type checker then holds it to every hook of its part, so a hook misspelt or missing fails the check
instead of going unasked. A hook a procedure does not answer is named all the same, as None (burn-
down light tells nothing of a roll: `roll_effect = None`); the kernel then answers for it.

This module is for the type checker and the tests: the kernel's runtime reaches a procedure's
object through `session/procedures.py`, which imports nothing of it at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from hammertui.kernel.rules.burning import HeldSource
    from hammertui.kernel.rules.dice import DiceSource
    from hammertui.kernel.ruleset import Ruleset
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.events import Event
    from hammertui.kernel.session.state import Character, State


class Heard(Protocol):
    """One type of signal a procedure answers, and its handler (`procedures.Hears`, made so that
    the type checker holds the handler to the type)."""

    @property
    def kind(self) -> type:
        """The type of signal answered, its subtypes with it."""

    @property
    def handler(self) -> Callable[[State, Context, Action, Any], Result]:
        """The state it leaves, and its events."""


@runtime_checkable
class Slice(Protocol):
    """Every stateful procedure's object: its slice of the state, made, checked and told what happens."""

    @property
    def slice_type(self) -> type | None:
        """The attrs class of its slice, kept in `State.slices` under the procedure's name; None
        for one that keeps no slice and only answers its part's questions."""

    @property
    def new_slice(self) -> Callable[[Ruleset, tuple[Character, ...]], Any] | None:
        """The slice a new session starts with."""

    @property
    def problems(self) -> Callable[[Any, State], list[str]] | None:
        """What is wrong with its slice as saved (a hand-edited save)."""

    @property
    def rules_problems(self) -> Callable[[Any, State, Ruleset], list[str]] | None:
        """What its slice holds that the session's ruleset cannot play (steps, ids, ranges)."""

    @property
    def hears(self) -> tuple[Heard, ...]:
        """The signals it answers, by type, each with its handler."""


class Odds(Protocol):
    """Chances in 6 of each side being surprised."""

    @property
    def party(self) -> int: ...

    @property
    def foes(self) -> int: ...


@runtime_checkable
class ExploreProcedure(Slice, Protocol):
    """How the party explores; it owns surprise where it rolls it."""

    @property
    def surprise_odds(self) -> Callable[[State, Ruleset], Odds] | None:
        """The chances of the party and of what it meets being surprised, as things stand."""

    @property
    def held_surprise(self) -> Callable[[State], str] | None:
        """The side with the drop in the meeting just had ("party", "foes", or "")."""

    @property
    def exploring(self) -> Callable[[State], object | None] | None:
        """The Explore under way, or None, where it keeps one."""


@runtime_checkable
class CampProcedure(Slice, Protocol):
    """How the party camps."""

    def camping(self, state: State, /) -> object | None:
        """The camp under way, or None."""


@runtime_checkable
class LightProcedure(Slice, Protocol):
    """How light is spent, and what it lets the party see and do."""

    @property
    def spent_by_time(self) -> bool:
        """Whether the time that passes burns it (else something else spends it: the exploration die)."""

    def is_dark(self, state: State, /) -> bool:
        """Whether the party is in the dark."""

    def on_time(self, state: State, units: int, ctx: Context, action: Action, /) -> Result:
        """What `units` of time do to the light."""

    @property
    def light_level(self) -> Callable[[State, Ruleset], str] | None:
        """How well the party sees ("dark", "dim", "lit"), where it tells dim light apart."""

    @property
    def roll_effect(self) -> Callable[[State, Ruleset, str, str], tuple[bool, int]] | None:
        """Whether a roll of a kind may be made by a character in their light, and its modifier dice."""

    @property
    def can_target(self) -> Callable[[State, Ruleset, str, str], bool] | None:
        """Whether a missile may target someone at a range in the light they stand in."""

    @property
    def burning(self) -> Callable[[State, Ruleset], tuple[tuple[str, int, int, str], ...]] | None:
        """Each lit source as the table sees it: name, life left, life whole, unit."""

    @property
    def first_events(self) -> Callable[[State], list[Event]] | None:
        """What the log says of a new session besides its party (a torch lit)."""

    @property
    def keeping(self) -> SourceKeeping:
        """How it keeps its sources, for the moves every light procedure makes alike (`carrying`)."""

    @property
    def character_levels(self) -> Callable[[State, Ruleset], Mapping[str, str]] | None:
        """The light each character stands in, by id, where it differs from one to another."""

    @property
    def held_sources(self) -> Callable[[State, Ruleset], tuple[HeldSource, ...]] | None:
        """Each source the party holds that the clock burns, for another part to read (a camp's
        hour, a sheet, a trip to town); None where the clock burns none."""

    @property
    def stock(self) -> Callable[[State, Ruleset, str, Mapping[str, int]], State] | None:
        """The state with a character given fresh, unlit sources of these kinds and counts (a
        kit restocked in town), and of `oil` its flasks where the light counts them; None where
        sources are not kept one by one."""

    @property
    def flasks(self) -> Callable[[State, str], int] | None:
        """The flasks of oil a character carries, where the light counts them; None where it does not."""

    @property
    def darkness_lines(self) -> Callable[[Ruleset], tuple[str, ...]] | None:
        """What darkness does in the ruleset, one line per effect, for a fight to show."""


@runtime_checkable
class FightProcedure(Slice, Protocol):
    """How a fight runs."""

    def fighting(self, state: State, /) -> object | None:
        """The fight under way, or None."""

    @property
    def whose_turn(self) -> Callable[[State, Ruleset], str] | None:
        """Whose turn it is in the fight, for the table to see."""

    @property
    def fight_foes(self) -> Callable[[State], tuple[tuple[str, str], ...]] | None:
        """The foes of the fight under way, by id and name, for an effect to hang on."""

    @property
    def clocks(self) -> tuple[FightClock, ...]:
        """Its own clocks an effect may count on besides the rounds and the game clock (the turns
        one side has ended, where a side's turns come in an order rolled afresh each round); none
        where its effects count rounds alone."""


class FightClock(Protocol):
    """A clock a fight keeps of its own, an effect counting on it by its `unit`: the effect ends
    when the clock reaches its `ends_at`, and with the fight, whenever that ends."""

    @property
    def unit(self) -> str:
        """Its name as an effect's `unit` holds it (and a save keeps it)."""

    def reading(self, state: State, /) -> int | None:
        """Where it stands now; None once no fight is under way, its effects' time run out."""

    def left_words(self, left: int, /) -> str:
        """`left` on it as a screen says it: `until the foes' next turn ends`."""


@runtime_checkable
class CharactersProcedure(Slice, Protocol):
    """How characters are made and what they hold."""

    @property
    def new_party(
        self,
    ) -> Callable[[Ruleset, DiceSource], tuple[tuple[Character, ...], list[Event], dict[str, Any]]] | None:
        """A new session's party, the log of its rolls and the slices made with it; None leaves
        the party to the session's own roll."""

    @property
    def draw_supply(self) -> Callable[[State, Context, Action, str, str], Result] | None:
        """Use one of a supply a character keeps on a usage die; None: supplies are the light's to count."""

    @property
    def rations(self) -> Callable[[State, str], int] | None:
        """The Rations a character carries, counted one by one; None where the characters keep none counted."""

    @property
    def take_damage(self) -> Callable[[State, Context, Any, Character], Result] | None:
        """A blow of the action's `amount` on a living member, as its rules deal it; None: the
        kernel's Damage is refused, the characters taking their blows by their own actions."""

    @property
    def heal(self) -> Callable[[State, Context, Any, Character], Result] | None:
        """The action's `amount` healed on a living member; None: HP back alone."""

    @property
    def role_of(self) -> Callable[[State, str], str] | None:
        """The party role a character holds, "" for none; None where the characters hold no roles."""

    @property
    def negative_hp(self) -> bool:
        """Whether its characters' HP go below 0 (rules whose dying is counted in negative HP);
        else a save holding HP under 0 is refused."""

    @property
    def shown_to_table(self) -> Callable[[State, Ruleset], Mapping[str, str]] | None:
        """What the players see of each character beyond their HP band (`2 Wounds`), by id, read
        from the redacted state; None where the player view shows nothing more of them."""


class SourceKeeping(Protocol):
    """How a light procedure keeps its sources: one found by id and named (a refusal when there is
    none), and one put back as it now is (`carrying.Keeping`)."""

    def named(self, state: State, ruleset: Ruleset, source_id: str, /) -> tuple[Any, str]: ...

    @property
    def put(self) -> Callable[[State, Any], State]: ...


class ReportSection(Protocol):
    """A procedure's section of the session's report (`REPORT` in the module its `report` names):
    a `report.Section`, named here only as an object, since the report package asks the seam."""

    def __call__(self, state: State, events: Sequence[Event], ruleset: Ruleset, /) -> object: ...


PARTS: Mapping[str, type] = {
    "explore": ExploreProcedure,
    "camp": CampProcedure,
    "light": LightProcedure,
    "characters": CharactersProcedure,
    "fight": FightProcedure,
}
"""The protocol each part's procedure object meets (modifier dice keep no state)."""
