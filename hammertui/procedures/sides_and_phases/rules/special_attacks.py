"""Book Three's special attacks: what a thrown attack die does when it is declared a Shield Bash or
a Tactical Attack instead of a basic attack, the Banes of a Defensive Action, and the unarmed
attack's halved damage.

"With the weapons declared, it's time to roll all of your Attack Dice, along with your class Hit
Die ... You can then assign the dice as you see fit between basic attacks and special attacks
(shield bash, tactical attacks, etc)" (Book Three, Attack Dice Explained). So a special attack is
read from a die already thrown; only its save (and a Tactical Attacker's Boon) is thrown here.

Decisions where the text is silent are named in the docstring that makes them.
"""

from __future__ import annotations

from collections.abc import Iterable

from hammertui.kernel.rules.dice import DiceSource, Roll
from hammertui.kernel.rules.modifiers import modifier_rules
from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.procedures.hammercrawl_classes.rules.checks import modified_d20, net_words
from hammertui.procedures.sides_and_phases.rules.combat import DAMAGE_DIE_LADDER, AttackDie
from hammertui.procedures.sides_and_phases.schema import SpecialAttacks

BASIC = ""
SHIELD_BASH = "bash"
BASH_EFFECTS: dict[str, tuple[str, str]] = {
    "disarmed": ("Disarmed", "weapon knocked beyond immediate melee reach"),
    "dazed": ("Dazed", "a combat Bane until its next action"),
    "knocked_down": ("Knocked down", "the next ally that attacks it gains a Boon on one die"),
}
"""The Shield Bash's three effects, by id: (name, what it does), in the text's words."""

TACTICAL_EFFECTS: tuple[str, ...] = (
    "a Bane on its next action",
    "the next action against it gains a Boon",
    "loses its next action",
    "temporarily incapacitated",
)
"""What a failed save against a Tactical Attack may cost, the 'Smith choosing ("Any other effect
that seems appropriate" is the 'Smith's own words)."""


def rules_of(ruleset: Ruleset) -> SpecialAttacks:
    """The ruleset's special attacks; a ruleset without them refuses any."""
    special = ruleset.combat.special_attacks
    if special is None:
        raise ValueError(f"{ruleset.name} has no special attacks (Shield Bash, Tactical Attacks)")
    return special


def uses(ruleset: Ruleset) -> tuple[str, ...]:
    """What a die may be declared: a basic attack, a Shield Bash, or a Tactical Attack by the save
    the target makes against it (Mind or Body)."""
    special = ruleset.combat.special_attacks
    if special is None:
        return (BASIC,)
    return (BASIC, SHIELD_BASH, *special.tactical_saves)


def use_name(use: str) -> str:
    if use == BASIC:
        return "basic attack"
    if use == SHIELD_BASH:
        return "Shield Bash"
    return f"Tactical Attack ({use})"


def effects_earned(die: AttackDie) -> int:
    """How many effects a failed save gives: one, and on a crit one more for each "multiplier"
    increase: "If you Crit with a Shield Bash, each "multiplier" increase instead lets you add
    and/or stack another effect." The x2 of the natural 20 is the first increase, so a crit at x2
    gives two effects, x3 three."""
    return die.multiplier if die.critical else 1


@record
class SpecialOutcome:
    """One die declared a special attack: the save against it, the damage it deals (a Shield
    Bash's half, a Tactical Attack's none), how many effects the failed save earns, and the line."""

    use: str
    die: int
    target_number: int
    save: Roll
    saved: bool
    damage: int
    effects: int
    boon: Roll | None = None

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (*((self.boon,) if self.boon else ()), self.save)

    def describe(self, target: str) -> str:
        """`die 1 Shield Bash on Goblin: 3 damage; Body save [8] +1 = 9 vs 14: failed, 1 effect`."""
        head = f"die {self.die} {use_name(self.use)} on {target}"
        if self.boon is not None:
            head += f" (Boon {self.boon.describe()}: {self.target_number} to save against)"
        damage = f": {self.damage} damage" if self.use == SHIELD_BASH else ": no damage"
        verdict = "saved" if self.saved else f"failed, {self.effects} effect{'s' if self.effects != 1 else ''}"
        return f"{head}{damage}; {self.save.describe()} vs {self.target_number}: {verdict}"


def shield_bash(
    ruleset: Ruleset, source: DiceSource, number: int, die: AttackDie, damage_per_hit: int, save_bonus: int
) -> SpecialOutcome:
    """A successful hit declared a Shield Bash: "The attack does half the rolled damage (round
    down), and the target must then make a Body Save vs the shield-bearer's attack roll."

    Decisions where the text is silent: the save passes on reaching the attack roll's total (a
    save's target is reached, as every save); "half the rolled damage" is half of one hit's damage
    with its bonuses, and a crit's multiplier goes to effects, not damage.
    """
    special = rules_of(ruleset)
    if not die.hit:
        raise ValueError(f"die {number} missed: only a successful hit can be a Shield Bash")
    target = die.roll.total
    save = modified_d20(ruleset, source, save_bonus, 0, f"{special.bash_save} save (Shield Bash)")
    saved = save.total >= target
    return SpecialOutcome(
        SHIELD_BASH, number, target, save, saved, damage_per_hit // 2, 0 if saved else effects_earned(die)
    )


def tactical(
    ruleset: Ruleset,
    source: DiceSource,
    number: int,
    die: AttackDie,
    save: str,
    save_bonus: int,
    boons: int = 0,
    tactical_weapon: bool = False,
) -> SpecialOutcome:
    """A die (hit or not: "not necessarily hits!") declared a Tactical Attack: no damage; the
    target saves by Mind or Body, with a Bane where the attacker uses a Tactical Weapon.

    Decisions where the text is silent: the save is made against the attack die's total, as the
    Shield Bash's is; a Thief's or Halfling's Boon ("Thieves and Halflings receive Boons to them")
    is the Boon die thrown now and added to that total, the die itself being thrown already (none
    where the ruleset's modifier dice are not a die added to a total).
    """
    special = rules_of(ruleset)
    if save not in special.tactical_saves:
        raise ValueError(f"a Tactical Attack is saved by {' or '.join(special.tactical_saves)}, not {save!r}")
    target, boon = die.roll.total, None
    size = modifier_rules(ruleset.modifier_dice).added_die(boons) if boons > 0 else None
    if size is not None:
        face = source.roll(size)
        boon = Roll(f"d{size} ({net_words(ruleset, boons)})", (face,), (face,))
        target += face
    net = -special.tactical_weapon_banes if tactical_weapon else 0
    words = f" with {net_words(ruleset, net)} (tactical weapon)" if net else ""
    thrown = modified_d20(ruleset, source, save_bonus, net, f"{save} save (Tactical Attack{words})")
    saved = thrown.total >= target
    return SpecialOutcome(save, number, target, thrown, saved, 0, 0 if saved else effects_earned(die), boon)


def defensive_banes(hit_die: int) -> int:
    """A Defensive Action's Banes on every attack the defender sees coming: "a number of Banes
    equivalent to the same as would match your Hit Die in the basic dice step. For example, if your
    Hit Die is a d4 then that's a single Bane, while HD of d6 applies two, d8 applies three, and d10
    applies four." A die off the ladder steps to the nearest size on it (a foe's d3 is a d4)."""
    nearest = min(DAMAGE_DIE_LADDER, key=lambda size: (abs(size - hit_die), size))
    return DAMAGE_DIE_LADDER.index(nearest) + 1


DEFENSIVE_ACTION = "Defensive Action"
"""The effect a Defensive Action hangs on the defender until its next turn."""

SITUATIONAL_BANES: dict[str, str] = {
    "max_range": 'beyond Effective Range, up to the Maximum: "attacks up to the Maximum range suffer a Bane"',
    "thrown_melee": 'a melee weapon without a Thrown quality: "can be thrown, but the attack receives a Bane"',
    "missile_in_melee": 'a missile weapon against a target in melee with you: "your attacks have a Bane die"',
}
"""Book Three's Banes of range and of missiles in melee, one each, by id: the reason in the text's words."""


def situational_banes(ruleset: Ruleset, reasons: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """The Banes of range, a thrown melee weapon and a missile weapon in melee, one for each
    reason given, and their lines; a ruleset without special attacks has none of them."""
    rules_of(ruleset)
    unknown = [r for r in reasons if r not in SITUATIONAL_BANES]
    if unknown:
        raise ValueError(f"no Bane for {unknown[0]!r}: {', '.join(SITUATIONAL_BANES)}")
    reasons = tuple(dict.fromkeys(reasons))
    return len(reasons), tuple(f"a Bane: {SITUATIONAL_BANES[r]}" for r in reasons)


HINDER_ATTACKER = {
    BASH_EFFECTS["dazed"][0]: f"a Bane: Dazed, {BASH_EFFECTS['dazed'][1]}",
    TACTICAL_EFFECTS[0]: "a Bane: a Tactical Attack left it a Bane on its next action",
}
"""Effects on an attacker that put a Bane on their attack, by name, with the line that says so."""
HELP_ALLY = {
    BASH_EFFECTS["knocked_down"][0]: f"a Boon: the target is knocked down, {BASH_EFFECTS['knocked_down'][1]}",
    TACTICAL_EFFECTS[1]: "a Boon: a Tactical Attack left the target open, the next action against it gains a Boon",
}
"""Effects on a target that give the next attack on it a Boon, spent by that attack."""


def effect_dice(
    attacker_effects: Iterable[str], target_effects: Iterable[str]
) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The Shield Bash's and Tactical Attacks' effects on a later attack, by the effects' names: a
    Dazed attacker throws with "a combat Bane until its next action", as one a Tactical Attack left
    "a Bane on its next action"; a Knocked-down target gives the next ally that attacks it "a Boon
    on one die", as one a Tactical Attack left open. The net modifier dice, their lines, and the
    target's effects this attack spends."""
    hinder = [name for name in HINDER_ATTACKER if name in attacker_effects]
    helps = [name for name in HELP_ALLY if name in target_effects]
    lines = (*(HINDER_ATTACKER[n] for n in hinder), *(HELP_ALLY[n] for n in helps))
    return len(helps) - len(hinder), lines, tuple(helps)


def unarmed_damage(damage_per_hit: int) -> int:
    """ "If you are attacking to cause damage, then your damage is halved, rounded down." """
    return damage_per_hit // 2


def unarmed_banes(ruleset: Ruleset, target_armed: bool) -> int:
    """ "If your opponent is armed, your attack roll receives a Bane, unless it is a Tactical Attack." """
    return rules_of(ruleset).unarmed_banes if target_armed else 0
