"""What a carried thing (a light source) is called by who carries it, what it is drawn from, and
the actions every light procedure takes on one alike (light, douse, hand over, refill, pack): each
written once here, on the sources as the session's light procedure keeps them (the `keeping` of
its object), and each procedure's own class adding only what its rules say (a torch spent, a
lantern's pips). The characters procedure's supplies (a Torches or Oil usage die) are asked for by
id, so the light never names the procedure that keeps them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session import procedures
from hammertui.kernel.session.acting import Refused
from hammertui.kernel.session.actions import member_of
from hammertui.kernel.session.events import Event, note
from hammertui.kernel.session.state import Character, State

if TYPE_CHECKING:
    from hammertui.kernel.session.acting import Action, Context, Result
    from hammertui.kernel.session.seam import SourceKeeping


class Carried(Protocol):
    """A source someone carries and may light: a light procedure's own record, with its own life."""

    @property
    def id(self) -> str: ...

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
    """Whether the session's characters carry supplies on usage dice (the characters procedure's
    `draw_supply`); else a light procedure counts its own flasks and packs."""
    characters = procedures.characters_of(state.session.procedures)
    return characters is not None and characters.draw_supply is not None


def draw(state: State, ctx: Context, action: Action, carrier: str, supply: str) -> Result | None:
    """Use one of `supply` from what `carrier` keeps (its usage die rolled, or a refusal): the
    state after and its events; None when the characters keep no supplies or `supply` is ""."""
    characters = procedures.characters_of(state.session.procedures)
    if not supply or characters is None or characters.draw_supply is None:
        return None
    return characters.draw_supply(state, ctx, action, carrier, supply)


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

    def named(self, state: State, ruleset: Ruleset, source_id: str) -> tuple[Source, str]:
        """The source with this id and its name, or a refusal."""
        source = self.held(state, source_id)
        return source, self.name(state, ruleset, source)


def keeping(state: State) -> SourceKeeping:
    """How the session's light procedure keeps its sources (its object's `keeping`)."""
    found = procedures.keeping(state)
    if found is None:
        raise Refused("this session is played without light sources")
    return found


@record
class Lighting(ABC):
    """Light an unlit source: every light procedure's light, whose own class says what else stops
    one (`check`) and what the log says of it (`said`)."""

    label: ClassVar[str] = "light"
    light_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        kept = keeping(state)
        source, name = kept.named(state, ctx.ruleset, self.light_id)
        if source.lit:
            raise Refused(f"{name} is already lit")
        self.check(ctx, source, name)
        lit = attrs.evolve(source, lit=True)
        new = kept.put(state, lit)
        return new, self.said(new, ctx, lit, name)

    @abstractmethod
    def check(self, ctx: Context, source: Any, name: str) -> None:
        """A refusal when `source`, not lit, cannot be lit now."""

    @abstractmethod
    def said(self, state: State, ctx: Context, lit: Any, name: str) -> list[Event]:
        """What the log says of `lit`, just lit, in `state`."""


@record
class Dousing:
    """Put out a lit source, keeping what is left of it: every light procedure's douse, on the
    sources as the session's light procedure keeps them."""

    label: ClassVar[str] = "douse"
    light_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        kept = keeping(state)
        source, name = kept.named(state, ctx.ruleset, self.light_id)
        if not source.lit:
            raise Refused(f"{name} is not lit")
        return kept.put(state, attrs.evolve(source, lit=False)), [note(self, f"{name} is doused.")]


@record
class HandingOver:
    """Give a source to another member of the party (or set it down, with `to` empty): every light
    procedure's hand-over, on the sources as the session's light procedure keeps them."""

    label: ClassVar[str] = "hand over"
    light_id: str
    to: str

    def apply(self, state: State, ctx: Context) -> Result:
        kept = keeping(state)
        source, name = kept.named(state, ctx.ruleset, self.light_id)
        text = handed_over(state, name, source.carrier, self.to)
        return kept.put(state, attrs.evolve(source, carrier=self.to)), [note(self, text)]


@record
class Refilling(ABC):
    """Fill a source from what its carrier holds: every light procedure's refill, whose own class
    says what a source takes (`fuel`, or a refusal) and what filling it does (`fill`)."""

    label: ClassVar[str] = "refill"
    light_id: str

    def apply(self, state: State, ctx: Context) -> Result:
        kept = keeping(state)
        source, name = kept.named(state, ctx.ruleset, self.light_id)
        member = refiller(state, name, source.carrier, self.fuel(ctx, source, name))
        return self.fill(state, ctx, source, name, member)

    @abstractmethod
    def fuel(self, ctx: Context, source: Any, name: str) -> str:
        """What refills `source` (`a flask of oil`), or a refusal when nothing does."""

    @abstractmethod
    def fill(self, state: State, ctx: Context, source: Any, name: str, member: Character) -> Result:
        """`source` refilled from what `member`, its living carrier, holds."""


@record
class Packing(ABC):
    """A new source or a flask of oil into a living member's pack: every light procedure's pack,
    whose own class says what packing `kind` does (`pack`)."""

    label: ClassVar[str] = "pack"
    character_id: str
    kind: str

    def apply(self, state: State, ctx: Context) -> Result:
        return self.pack(state, ctx, packer(state, self.character_id))

    @abstractmethod
    def pack(self, state: State, ctx: Context, member: Character) -> Result:
        """`kind` into the pack of `member`, standing or down but alive."""


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
