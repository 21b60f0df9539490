"""`[combat]`: initiative, tie-breaks and the phases of a side's turn, attack ranks, AC, criticals."""

from typing import Annotated

import attrs

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import (
    Dice,
    SaveName,
    StatName,
    Unique,
    Words,
    between,
    nonempty,
    one_of,
)

INITIATIVE_WHO = ("side_leader",)
TIE_BREAKS = ("more_numerous_side", "last_winner", "roll_off")
PHASES = ("morale", "movement", "missile", "melee", "misc", "magic", "move_again", "turn")
TURN_ORDERS = {
    "together": "everyone whose action falls in a phase acts in it at once",
    "leader_names": "one at a time, the Leader (or the 'Smith for the foes) naming who takes the next Turn",
}
"""Who acts when within a phase: each way the fight can hand out its Turns, in words for the screen."""
ATTACK_KINDS = ("melee", "missile", "thrown")

AttackKind = Annotated[str, one_of(ATTACK_KINDS)]


@record
class Initiative:
    """Who rolls initiative and how: `dice` + the listed stats' mods, every round."""

    dice: Dice
    stats: tuple[StatName, ...] = ()
    who: Annotated[str, one_of(INITIATIVE_WHO)] = "side_leader"


@record
class Critical:
    """Natural rolls that crit or fumble; `chain_save` lets a passed save raise the multiplier.

    `narrative_option`: the attacker may swap a crit's multiplied damage for a narrative or
    tactical effect (the complete rules), keeping the hit's ordinary damage.
    """

    natural: Annotated[int, between(1, None, "a die face")] = 20
    multiplier: Annotated[int, between(1)] = 2
    chain_save: SaveName | None = None
    fumble: Annotated[int, between(1, None, "a die face")] | None = 1
    narrative_option: bool = False


@record
class ArmourClass:
    """AC: a base, plus the mod of a stat."""

    base: Annotated[int, between(0)] = 10
    stat: StatName | None = None


@record
class SpecialAttacks:
    """Book Three's special attacks, made with dice already thrown: the Shield Bash's save, the
    saves a Tactical Attack may be made against, the Banes of a tactical weapon on the target's
    save, of an unarmed attack against an armed foe, and whether a Defensive Action is taken."""

    bash_save: SaveName = "Body"
    tactical_saves: Annotated[tuple[SaveName, ...], Unique()] = ("Mind", "Body")
    tactical_weapon_banes: Annotated[int, between(0)] = 1
    unarmed_banes: Annotated[int, between(0)] = 1
    defensive_action: bool = True


@record
class CombatRules:
    """Combat: initiative, tie-breaks and the phases of a side's turn, attack ranks, AC, crits."""

    initiative: Annotated[Initiative, Words('a table such as { dice = "1d10", stats = ["DEX", "WIS"] }')]
    phases: Annotated[tuple[Annotated[str, one_of(PHASES)], ...], Unique()] = ()
    phase_names: dict[str, str] = attrs.field(factory=dict)
    tie_breaks: Annotated[tuple[Annotated[str, one_of(TIE_BREAKS)], ...], Unique()] = ()
    tie_break_names: dict[str, str] = attrs.field(factory=dict)
    attack_ranks: Annotated[
        dict[str, Annotated[int, between(0, None, "a level divisor (0 = no bonus)")]],
        Words("a table such as { A = 1, B = 2, C = 3, D = 0 }"),
    ] = attrs.field(factory=dict)
    attack_kinds: Annotated[tuple[AttackKind, ...], nonempty("an array of attack kinds"), Unique()] = (
        "melee",
        "missile",
    )
    attack_stats: Annotated[dict[AttackKind, StatName], Words('a table such as { melee = "STR", missile = "DEX" }')] = (
        attrs.field(factory=dict)
    )
    damage_stats: Annotated[dict[AttackKind, StatName], Words('a table such as { melee = "STR" }')] = attrs.field(
        factory=dict
    )
    armour_class: ArmourClass = ArmourClass()
    critical: Critical = Critical()
    move_far_multiplier: Annotated[int, between(1)] = 2
    turn_order: Annotated[str, one_of(tuple(TURN_ORDERS))] = "together"
    special_attacks: SpecialAttacks | None = None
    """Book Three's Shield Bash, Tactical Attacks, Unarmed attacks and Defensive Action; None where
    the ruleset has none of them."""
    surprise_save: SaveName | None = None
    """The save each surprised combatant may make to act in round 1 anyway (Book Three's Rally);
    None where the 'Smith's call alone decides."""

    @property
    def one_at_a_time(self) -> bool:
        """Turns are named one at a time (Book Three's Advantage revision), not taken all at once."""
        return self.turn_order == "leader_names"

    def phase_name(self, phase: str) -> str:
        return self.phase_names.get(phase, phase.replace("_", " ").capitalize())


SECTIONS = {"combat": CombatRules}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
