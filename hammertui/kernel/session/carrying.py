"""What a carried thing (a light source) is called by who carries it, what it is drawn from, and
what lighting, dousing and handing it over do: words and moves every light procedure makes the same
way, whatever it counts a source's life in, and the characters procedure's supplies (a Torches or
Oil usage die) asked for by id, so the light never names the procedure that keeps them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import attrs

from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.actions import Refused, member_of
from hammertui.kernel.session.events import note
from hammertui.kernel.session.procedures import part_module
from hammertui.kernel.session.state import Character, State

if TYPE_CHECKING:
    from hammertui.kernel.session.actions import Action, Context, Result


class Carried(Protocol):
    """A source someone carries and may light: a light procedure's own record, with its own life."""

    @property
    def lit(self) -> bool: ...

    @property
    def carrier(self) -> str: ...


Source = TypeVar("Source", bound=Carried)
Put = Callable[[State, Source], State]
"""The state with one source put back as it now is (its id finds the old one), by its procedure."""


def carried_name(state: State, kind: str, carrier: str) -> str:
    """`Darla's torch`, or `The torch on the floor`; `kind` is already in the table's words."""
    if not carrier:
        return f"The {kind} on the floor"
    try:
        return f"{state.character(carrier).name}'s {kind}"
    except KeyError:
        return f"The {kind}"


def keeps_supplies(state: State) -> bool:
    """Whether the session's characters carry supplies on usage dice (`draw_supply` in the
    characters procedure's state module); else a light procedure counts its own flasks and packs."""
    return hasattr(part_module(state, "characters"), "draw_supply")


def draw(state: State, ctx: Context, action: Action, carrier: str, supply: str) -> Result | None:
    """Use one of `supply` from what `carrier` keeps (its usage die rolled, or a refusal): the
    state after and its events; None when the characters keep no supplies or `supply` is ""."""
    if not supply or not keeps_supplies(state):
        return None
    answer = part_module(state, "characters").draw_supply  # type: ignore[union-attr]
    return answer(state, ctx, action, carrier, supply)  # type: ignore[no-any-return]


def lighting(source: Source, name: str) -> Source:
    """`source` lit, or a refusal when it already is: what else stops a light is its procedure's."""
    if source.lit:
        raise Refused(f"{name} is already lit")
    return attrs.evolve(source, lit=True)  # type: ignore[misc]


@attrs.frozen
class Keeping(Generic[Source]):
    """How one light procedure keeps its sources: one found by id (a KeyError when there is none),
    named in the table's words, and put back as it now is."""

    find: Callable[[State, str], Source]
    name: Callable[[State, Ruleset, Source], str]
    put: Put[Source]

    def held(self, state: State, source_id: str) -> Source:
        """The source with this id, or a refusal the 'Smith can read."""
        try:
            return self.find(state, source_id)
        except KeyError:
            raise Refused(f"no light source {source_id!r}") from None


def douse(state: State, ctx: Context, action: Action, keeping: Keeping[Source], source_id: str) -> Result:
    """Put out a lit source, keeping what is left of it."""
    source = keeping.held(state, source_id)
    name = keeping.name(state, ctx.ruleset, source)
    if not source.lit:
        raise Refused(f"{name} is not lit")
    return keeping.put(state, attrs.evolve(source, lit=False)), [note(action, f"{name} is doused.")]  # type: ignore[misc]


def hand_over(state: State, ctx: Context, action: Action, keeping: Keeping[Source], source_id: str, to: str) -> Result:
    """Give a source to another member of the party (or set it down, with `to` empty)."""
    source = keeping.held(state, source_id)
    text = handed_over(state, keeping.name(state, ctx.ruleset, source), source.carrier, to)
    return keeping.put(state, attrs.evolve(source, carrier=to)), [note(action, text)]  # type: ignore[misc]


def handed_over(state: State, name: str, carrier: str, to: str) -> str:
    """What the log says when the light `name` goes from `carrier` to `to` (set down, when `to` is
    empty), or a refusal: it is already there, or the one to take it is dead or unknown."""
    if to == carrier:
        raise Refused(f"{name} is already there")
    if not to:
        return f"{name} is set down."
    receiver = member_of(state, to)
    if not receiver.alive:
        raise Refused(f"{receiver.name} is dead and cannot carry a light")
    return f"{name} goes to {receiver.name}."


def refiller(state: State, name: str, carrier: str, bring: str) -> Character:
    """Who refills the source `name` carried by `carrier`: its living carrier, or a refusal (set
    down, it is to be handed to someone with `bring`)."""
    if not carrier:
        raise Refused(f"{name} has no one to refill it: hand it to someone with {bring}")
    member = member_of(state, carrier)
    if not member.alive:
        raise Refused(f"{member.name} is dead and refills nothing")
    return member


def packer(state: State, character_id: str) -> Character:
    """Who a new source or flask goes to: a living member, or a refusal."""
    member = member_of(state, character_id)
    if not member.alive:
        raise Refused(f"{member.name} is dead and carries nothing more")
    return member


def counted(n: int, noun: str) -> str:
    """`no flasks`, `1 flask`, `3 flasks`."""
    return f"{n or 'no'} {noun}{'' if n == 1 else 's'}"
