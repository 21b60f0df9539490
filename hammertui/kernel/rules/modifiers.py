"""Modifier dice: what a check, an attack, a save or a light's penalty asks of a ruleset's way of
tilting a roll, and where that way is found.

Each way (stacking Advantage, Boons and Banes, double Advantage, a house rule) is a procedure of the
`modifiers` part with a module of its own; the ruleset's `[modifier_dice] mode` names it. A roll
that is tilted asks `modifier_rules(ruleset.modifier_dice)` and never names a way itself, so a new
way of tilting (keep the middle of three) is a new procedure and nothing else.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from hammertui.kernel.rules import procedures
from hammertui.kernel.rules.dice import DiceExpr, DiceSource, Roll


class Section(Protocol):
    """The ruleset's `[modifier_dice]` section, as the modifier dice read it."""

    @property
    def mode(self) -> str: ...

    @property
    def bean_dice(self) -> tuple[int, ...]: ...


class ModifierRules(Protocol):
    """One way of tilting a roll by `net` modifier dice: the dice in the roller's favour less those
    against (adds less disadds, Boons less Banes); negative is against the roller. A roll the roller
    wins low (`low_wins`: a die rolled under a score) is tilted the other way round: its edge keeps
    the low die, or takes its die off."""

    @property
    def field_label(self) -> str:
        """The dialogs' label for the net the 'Smith types: `Adv - Disadv`, `Boons - Banes`."""
        ...

    @property
    def edge(self) -> str:
        """One modifier die in the roller's favour, as a reason names it: `Advantage`, `a Boon`."""
        ...

    @property
    def pools(self) -> bool:
        """Whether the dice tilt a pool of dice (the attack dice) as one roll, extra dice thrown with
        the pool; otherwise each die of the pool is tilted alone."""
        ...

    def throw(self, source: DiceSource, expr: DiceExpr, net: int, *, low_wins: bool = False) -> Roll:
        """Throw `expr` tilted by `net` (0: as this way throws a roll nothing tilts), every die
        shown, in the roller's favour a lower roll where `low_wins`; a `ValueError` naming the roll
        where this way cannot tilt it."""
        ...

    def tilt_words(self, expr: DiceExpr, net: int, *, low_wins: bool = False) -> str:
        """What `throw` throws for `expr` and `net`, said before the throw (`4d20, the best 2 kept`,
        `a d6 added`); '' for none."""
        ...

    def net_words(self, net: int) -> str:
        """`net` as a reason names it (`Advantage x2`, `2 Boons`); '' for none."""
        ...

    def condition_words(self, net: int) -> str:
        """`net` as a condition's standing rule names it (darkness: `double Disadvantage`, `3 Banes`)."""
        ...

    def added_die(self, net: int) -> int | None:
        """The sides of the die added to (or taken from) a total for `net`, where the modifier dice
        are such a die (a Bean die); None where they are dice thrown with the roll and kept or dropped."""
        ...

    def problems(self) -> tuple[tuple[str, str], ...]:
        """What the `[modifier_dice]` section lacks that this way needs: (its key, what is wrong)."""
        ...


class KeptDice:
    """What the two ways of keeping the better (or worse) of thrown dice say alike: Advantage and
    Disadvantage by name, no added die, nothing asked of the section."""

    field_label = "Adv - Disadv"
    edge = "Advantage"

    def kept_words(self, expr: DiceExpr, net: int) -> str:
        """`the best kept`, `the worst 2 kept`: which of the thrown dice count."""
        which = "best" if net > 0 else "worst"
        return f"the {which} kept" if expr.count == 1 else f"the {which} {expr.count} kept"

    def net_words(self, net: int) -> str:
        if net == 0:
            return ""
        word = "Advantage" if net > 0 else "Disadvantage"
        return word if abs(net) == 1 else f"{word} x{abs(net)}"

    def condition_words(self, net: int) -> str:
        word = "Advantage" if net > 0 else "Disadvantage"
        n = abs(net)
        return word if n == 1 else f"double {word}" if n == 2 else f"{word} x{n}"

    def added_die(self, net: int) -> int | None:
        return None

    def problems(self) -> tuple[tuple[str, str], ...]:
        return ()


class Factory(Protocol):
    """What a modifier-dice procedure's rules module exposes as `modifier_rules`."""

    def __call__(self, section: Section) -> ModifierRules: ...


def modifier_rules(section: Section) -> ModifierRules:
    """The ruleset's modifier dice: the `modifiers` procedure its `mode` names, read from the
    registry and built from the section."""
    module = importlib.import_module(procedures.procedure("modifiers", section.mode).rules)
    factory: Factory = module.modifier_rules
    return factory(section)
