"""The Russell House Rules' fight: initiative one by one, the Target 20 roll, fighting options and
conditions, weapon abilities, wounds, Bleeding Out and Guts.

Pure functions of numbers and the `[individual_initiative]` section. AC is descending (lower is
better). Modifier dice are counted as a net: +1 Advantage, -1 Disadvantage, two or more either way
the double kind ("roll two, keep the better, and improve the roll by 4").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hammertui.kernel.rules.records import record
from hammertui.procedures.individual_initiative.schema import FightingOptions, IndividualInitiative, WoundRow

OPTIONS = ("charge", "brace", "press", "defend")
"""The fighting options, in the text's order; "" is fighting plainly."""
OPTION_NAMES = {"": "Fight", "charge": "Charge", "brace": "Brace", "press": "Press", "defend": "Defend"}
ABILITIES = ("heavy", "light", "reach", "close", "reactive", "crushing", "finesse", "cleaving")
"""The weapon abilities, in the text's order."""
CONDITION_NAMES = {"floored": "Floored", "stunned": "Stunned", "helpless": "Helpless", "bleeding_out": "Bleeding Out"}
RANGES = ("touching", "hand_to_hand", "close", "far")
"""The ranges of a fight, nearest first."""
RANGE_NAMES = {"touching": "Touching", "hand_to_hand": "Hand-to-Hand", "close": "Close", "far": "Far"}
MISSILE_RANGES = ("close", "far")
"""The ranges at which the light decides who a missile may target."""
SIDES = ("party", "foes")
"""Who may have the drop on the other when a fight begins."""
DOUBLE = 4
"""What double Advantage adds, or double Disadvantage takes off."""


def initiative_order(rolled: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """ "act in descending order of Initiative"; equal totals keep the order they are listed in
    (the party before the foes)."""
    return tuple(who for who, _ in sorted(rolled, key=lambda pair: -pair[1]))


def initiative_modifier(stat_mod: int, heavy: bool, penalty: int) -> int:
    """ "1d6 and adds their Wisdom modifier"; a Heavy weapon "penalize[s] initiative by one"."""
    return stat_mod - (penalty if heavy else 0)


def monster_weapon_skill(hit_dice: int, per_hd: int) -> int:
    """ "Monsters follow the same procedure, assuming 1 WS per HD"."""
    return hit_dice * per_hd


def cannot_attack(option: str, finesse: bool, conditions: Iterable[str]) -> str:
    """Why a combatant may not attack now, in the text's words, or "" when they may."""
    held = set(conditions)
    if "helpless" in held:
        return "is Helpless: paralyzed or unconscious"
    if "stunned" in held:
        return "is Stunned: no actions can be taken"
    if "floored" in held:
        return "is Floored: can defend only, and takes a full action to stand up"
    if option == "defend" and not finesse:
        return "is Defending: cannot attack this round (a Finesse weapon may, with Disadvantage)"
    return ""


def out_of_range(at: str, ranged: bool, close_weapon: bool) -> str:
    """Why an attack cannot be made at range `at`, in the text's words, or "" when it can.
    "Touching: ... Can only use close weapons like daggers or natural weapons"; "Hand-to-Hand: ...
    All melee weapons can be used at this range, but ranged weapons cannot"; "Close: ... characters
    can move into melee range and attack if desired"; "Far: ... Spend a round moving to get within
    Close range"."""
    if at not in RANGES:
        raise ValueError(f"no range {at!r}; expected one of: {', '.join(RANGES)}")
    if at == "touching" and not close_weapon:
        return "at Touching range only close weapons, like daggers or natural weapons, can be used"
    if at == "hand_to_hand" and ranged:
        return "at Hand-to-Hand range ranged weapons cannot be used"
    if at == "far" and not ranged:
        return "is Far away: spend a round moving to get within Close range first"
    return ""


def attack_net(
    option: str, finesse: bool, target_conditions: Iterable[str], light: int, tired: int, advantage: int = 0
) -> int:
    """The net modifier dice of an attack roll: Charge and Press give Advantage, Defending with a
    Finesse weapon Disadvantage; a Floored target gives Advantage, a Stunned one double; the light
    and weariness (`tired`: -1 each for Wearied and Burdened) and the referee's own add theirs."""
    held = set(target_conditions)
    net = advantage + light + tired
    net += 1 if option in ("charge", "press") else 0
    net -= 1 if option == "defend" and finesse else 0
    net += 2 if "stunned" in held else 1 if "floored" in held else 0
    return net


def armour_class(ac: int, option: str, finesse: bool, options: FightingOptions) -> int:
    """A combatant's AC this round: "Press: ... AC is 4 worse" ("only reduce AC by 2" with a
    Finesse weapon), "Defend: Improve AC by 2". Worse is higher."""
    if option == "press":
        return ac + (options.finesse_press_ac_worse if finesse else options.press_ac_worse)
    if option == "defend":
        return ac - options.defend_ac_better
    return ac


def crushed_ac(ac: int, crushing: bool, by_weight: bool, floor: int) -> int:
    """ "Any armor granting AC better than 5 counts as 5 against crushing weapons", when the AC
    comes of the armour's weight."""
    return max(ac, floor) if crushing and by_weight else ac


@record
class Hit:
    """An attack roll judged: the natural face, the total, and whether it hit, crit or fumbled."""

    face: int
    total: int
    hit: bool
    critical: bool = False
    fumble: bool = False


def target20(face: int, adjust: int, skill: int, ac: int, rules: IndividualInitiative) -> Hit:
    """ "rolls 1d20, adds their character's Weapon Skill or Bow Skill, their target's AC, and if
    the total is equal to 20 or higher, they hit"; a 20 "hits automatically", a 1 "automatically
    misses". `adjust` is what double Advantage or Disadvantage did to the kept die."""
    total = face + adjust + skill + ac
    if face >= rules.critical:
        return Hit(face, total, True, critical=True)
    if face <= rules.fumble:
        return Hit(face, total, False, fumble=True)
    return Hit(face, total, total >= rules.target)


def stray_hits_ally(hit: Hit, into_melee: bool, top: int) -> bool:
    """ "If firing into melee, a miss on an attack roll of 1-5 will hit a random ally"."""
    return into_melee and not hit.hit and hit.face <= top


def damage_net(abilities: Iterable[str], at: str = "hand_to_hand") -> int:
    """Heavy "advantage on damage", Light "disadvantage on damage"; Close, used at Touching range,
    "grants advantage on damage" ("Most close weapons can be used at melee range for normal damage")."""
    held = set(abilities)
    return ("heavy" in held) - ("light" in held) + ("close" in held and at == "touching")


def damage_dealt(rolled: int, modifier: int) -> int:
    """The damage roll with its modifier ("Add your strength modifier to any melee damage rolls",
    "Add your dexterity modifier to any ranged damage rolls"): a hit does at least 1 (a decision)."""
    return max(1, rolled + modifier)


def damage_words(rolled: int, modifier: int) -> str:
    """`4`, `1+2 = 3`, `3-1 = 2`, `1-2, at least 1`: the roll, its modifier and what it comes to."""
    if not modifier:
        return f"{rolled}"
    dealt = damage_dealt(rolled, modifier)
    if dealt > rolled + modifier:
        return f"{rolled}{modifier:+d}, at least {dealt}"
    return f"{rolled}{modifier:+d} = {dealt}"


def damage_times(double: bool, reach_braced_on_charger: bool) -> int:
    """A crit's "double damage"; Reach, "If Braced, can perform a reactive attack for x2 damage on
    the first opponent to charge within range"."""
    return (2 if double else 1) * (2 if reach_braced_on_charger else 1)


@record
class Harm:
    """What a blow does to a character: HP left, and whether it is a wound."""

    hp: int
    wound: bool


def harm(hp: int, amount: int, helpless: bool) -> Harm:
    """ "When a character reaches zero HP, any additional hits will cause wounds"; a Helpless
    target takes "wounds rather than HP damage"."""
    if helpless or hp <= 0:
        return Harm(max(hp, 0), True)
    return Harm(max(0, hp - amount), False)


def wound_for(table: Sequence[WoundRow], face: int) -> WoundRow:
    for row in table:
        if row.low <= face <= row.high:
            return row
    raise ValueError(f"no wound for a roll of {face}")


def wound_kills(wounds: int, limit: int) -> bool:
    """ "a second wound will kill the character"."""
    return wounds >= limit


def keep_for_save(faces: Sequence[int], net: int) -> tuple[int, int]:
    """The kept d20 of a roll-under save and what double modifier dice do to it: the lower with
    Advantage, the higher with Disadvantage, 4 better or worse when double."""
    if net == 0 or len(faces) == 1:
        return faces[0], 0
    kept = min(faces) if net > 0 else max(faces)
    shift = 0 if abs(net) < 2 else (-DOUBLE if net > 0 else DOUBLE)
    return kept, shift


def save_passes(kept: int, shift: int, score: int) -> bool:
    """ "roll equal to or lower than the ability score on a D20"."""
    return kept + shift <= score


def bled_out(failures: int, limit: int) -> bool:
    """ "After three failures, the character dies"."""
    return failures >= limit


def stabilised(face: int, stat_mod: int, target: int) -> bool:
    """ "May be stabilized by an ally rolling 1d6 + Int modifier, with a 6 or higher succeeding"."""
    return face + stat_mod >= target


def guts_passes(total: int, guts: int) -> bool:
    """ "rolling 2d6, with results equal to or below their Guts passing"."""
    return total <= guts


def hireling_guts(guts: int, employer_mod: int) -> int:
    """A hireling's Guts "modified by their employer's Charisma": the modifier is added to it."""
    return guts + employer_mod


def guts_total(totals: Sequence[int], net: int) -> int:
    """The 2d6 kept: at Disadvantage, the worse (higher) of two throws."""
    if net < 0 and len(totals) > 1:
        return max(totals)
    if net > 0 and len(totals) > 1:
        return min(totals)
    return totals[0]


def half_strength(standing: int, mustered: int) -> bool:
    """ "being reduced to half strength": half or fewer of those who began the fight still stand."""
    return mustered > 0 and standing * 2 <= mustered


def fight_time(turns: int, long: int = 0) -> int:
    """ "Generally assume that an encounter ends up taking a full turn unless it is exceptionally
    long": the referee names the turns of a long one."""
    return max(turns, long)
