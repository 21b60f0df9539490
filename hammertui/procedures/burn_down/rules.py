"""Light by time's rules: how bright the party is, what the dark does, refills, corrections, the hour.

What a span of time does to lit sources (burnt by the same amount, a warning within one unit of the
end) is the kernel's `rules.burning`, which a camp planning its hour reads too. Everything here is
a pure function of plain numbers and the ruleset, so the Light pane, Search and Explore all agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from hammertui.kernel.rules.burning import LOW_AT
from hammertui.kernel.rules.modifiers import ModifierRules, modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.rules.words import listed
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.burn_down.schema import LightPenalty, LightSourceDef

# ------------------------------------------------------------------------------------ strength

LightLevelName = Literal["dark", "dim", "lit", "weak", "strong"]


@record
class LightLevel:
    """How well the party's lights let them see, and why, in the ruleset's own terms.

    `level` is "dark", "dim", "lit" (a ruleset with no weak/strong distinction, or a source of no
    stated strength), "weak" or "strong".
    """

    level: LightLevelName
    sources: tuple[str, ...]
    reason: str

    @property
    def is_dark(self) -> bool:
        return self.level == "dark"


def light_level(ruleset: Ruleset, kinds: Iterable[str]) -> LightLevel:
    """The light of the party's lit sources, by kind (Book Three: weak and strong light).

    Any strong source makes strong light; two or more weak ones do too where the ruleset says so
    (`two_weak_make_strong`). Book Three says the combination is strong "in the overlapping space":
    a party walking together is taken to stand in that overlap.
    """
    kinds = tuple(kinds)
    if not kinds:
        return LightLevel("dark", (), "no light")
    strengths = [_strength(ruleset, kind) for kind in kinds]
    weak = strengths.count("weak")
    if "strong" in strengths:
        return LightLevel("strong", kinds, "a strong light")
    two_weak = ruleset.light is not None and ruleset.light.two_weak_make_strong
    if weak >= 2 and two_weak:
        return LightLevel("strong", kinds, f"{weak} weak lights together make strong light")
    for level in _WEAKER:
        if level in strengths:
            return LightLevel(level, kinds, _reason(level))
    return LightLevel("lit", kinds, _reason("lit"))


_WEAKER: tuple[LightLevelName, ...] = ("weak", "lit", "dim")


def _strength(ruleset: Ruleset, kind: str) -> str:
    definition = ruleset.light_sources.get(kind)
    return (definition.strength if definition else None) or "lit"


def _reason(level: str) -> str:
    return {"weak": "weak light only", "dim": "dim light only", "lit": "lit"}[level]


# -------------------------------------------------------------------------------- durations


def source_def(ruleset: Ruleset, kind: str) -> LightSourceDef:
    """The ruleset's definition of a kind of light, or an error that names the kind."""
    definition = ruleset.light_sources.get(kind)
    if definition is None:
        raise ValueError(f"ruleset {ruleset.id} has no light source {kind!r}")
    return definition


def full_duration(ruleset: Ruleset, kind: str, caster_level: int = 0) -> int | None:
    """Units a fresh source of `kind` burns; None where the ruleset ends it another way."""
    return source_def(ruleset, kind).duration_for(caster_level)


def spell_duration(ruleset: Ruleset, caster_level: int) -> int:
    """The Light spell: 6 Beats plus one per caster level in Book Three (the source needing a caster)."""
    spell = next((s for s in ruleset.light_sources.values() if s.needs_caster), None)
    if spell is None or spell.duration is None:
        raise ValueError(f"ruleset {ruleset.id} has no light spell with a duration")
    if caster_level < 1:
        raise ValueError("only a caster of level 1 or more casts a light spell")
    duration = spell.duration_for(caster_level)
    assert duration is not None
    return duration


@record
class Refill:
    """A source refuelled: back to its full duration, with what was used and what it gained."""

    kind: str
    remaining: int
    gained: int
    used: str


def refill(ruleset: Ruleset, kind: str, remaining: int) -> Refill:
    """Refuel a source (a lantern from a flask of oil): back to full, whatever was left in it.

    A flask fills the lantern; oil still in it is topped up, never banked beyond the full duration.
    """
    definition = source_def(ruleset, kind)
    if definition.refuel is None:
        raise ValueError(f"a {definition.name} cannot be refuelled")
    full = definition.duration_for()
    if full is None:
        raise ValueError(f"a {definition.name} has no duration to refill")
    return Refill(kind, full, max(0, full - remaining), definition.refuel)


# ------------------------------------------------------------------------------- corrections

Correction = Literal["plus", "minus", "set"]


@record
class Corrected:
    """A source's time after the Timekeeper's correction, and what to tell them about it.

    `floored`: a minus went past zero and stopped there. `over_full`: the source now holds more than a
    fresh one; allowed (a house rule, a better lantern), but shown so a slip of the finger is caught.
    """

    before: int
    remaining: int
    floored: bool
    over_full: bool
    note: str

    @property
    def change(self) -> int:
        return self.remaining - self.before


def correct(remaining: int, how: Correction, amount: int, full: int | None = None) -> Corrected:
    """Add to, take from or set a source's remaining time; never below 0, over full flagged."""
    if amount < 0:
        raise ValueError("give a correction as a positive amount with plus, minus or set")
    wanted = {"plus": remaining + amount, "minus": remaining - amount, "set": amount}[how]
    left = max(0, wanted)
    floored = wanted < 0
    over_full = full is not None and left > full
    notes = []
    if floored:
        notes.append("stopped at 0")
    if over_full:
        notes.append(f"more than a fresh source's {full}")
    return Corrected(remaining, left, floored, over_full, "; ".join(notes))


# ------------------------------------------------------------------------------------- bars

BarLevel = Literal["full", "ok", "low", "last", "out"]
BAR_LEVELS: tuple[BarLevel, ...] = ("full", "ok", "low", "last", "out")
"""From calm to urgent; the UI maps each to a colour."""


def bar_level(remaining: int, full: int) -> BarLevel:
    """How urgent a source's time is: full, ok (more than half), low (half or less), last unit, out.

    "last" is `LOW_AT` units or fewer, the point at which `burn` warns. A source holding more than
    its full duration (a corrected one) reads full.
    """
    if remaining <= 0:
        return "out"
    if remaining <= LOW_AT:
        return "last"
    if remaining >= full:
        return "full"
    if remaining * 2 <= full:
        return "low"
    return "ok"


# -------------------------------------------------------------------------------- darkness


def darkness_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """What darkness does in this ruleset, one readable line per effect."""
    if ruleset.darkness is None:
        return ()
    return penalty_lines(ruleset.darkness, modifier_rules(ruleset.modifier_dice))


def dim_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """What dim light does, where the ruleset has it (the Russell House Rules)."""
    if ruleset.light is None or ruleset.light.dim is None:
        return ()
    return penalty_lines(ruleset.light.dim, modifier_rules(ruleset.modifier_dice))


def penalty_lines(penalty: LightPenalty, dice: ModifierRules) -> tuple[str, ...]:
    """A light penalty as lines, modifier dice named as the ruleset's modifier dice name them."""
    lines = []
    if penalty.attack_dice:
        lines.append(_attack_line(penalty.attack_dice))
    if not penalty.critical_hits:
        lines.append("no critical hits")
    if penalty.damage_die_steps:
        lines.append(_damage_line(penalty.damage_die_steps))
    if not penalty.skills_allowed:
        lines.append("no skill rolls")
    lines.extend(_modifier_lines(penalty.modifiers, dice))
    return tuple(lines)


def _attack_line(change: int) -> str:
    if change == -1:
        return "one fewer attack die (at zero: cannot attack)"
    if change < 0:
        return f"{-change} fewer attack dice (at zero: cannot attack)"
    return f"{change} more attack {'die' if change == 1 else 'dice'}"


def _damage_line(steps: int) -> str:
    way = "lower" if steps < 0 else "higher"
    size = "a size" if abs(steps) == 1 else f"{abs(steps)} sizes"
    return f"damage die {size} {way}"


_ROLL_NAMES = {"all": "every roll", "listen": "listening"}


def _modifier_lines(modifiers: Mapping[str, int], dice: ModifierRules) -> list[str]:
    """Group the rolls that take the same modifier: `3 Banes on skills and Area saves`."""
    groups: dict[int, list[str]] = {}
    for key, net in modifiers.items():
        if net:
            groups.setdefault(net, []).append(_roll_name(key))
    return [f"{dice.condition_words(net)} on {listed(names)}" for net, names in groups.items()]


def _roll_name(key: str) -> str:
    if key in _ROLL_NAMES:
        return _ROLL_NAMES[key]
    if key.endswith("_saves"):
        return f"{key.removesuffix('_saves').replace('_', ' ').title()} saves"
    return key.replace("_", " ")
