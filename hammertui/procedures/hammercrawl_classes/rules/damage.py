"""Hit points, the edge of death and healing, by the session's difficulty mode.

Complete rules (and Book Three's Adventure and Excitement modes): damage takes temporary HP first,
then HP; what is left once HP reach zero comes off CON for good, and CON 0 is death. At 0 HP a
character either Lays Down (a Death save each round, a CON point lost on failure) or Fights On
(acts, then loses 1d4 CON). Hardcore: zero HP is death. A Fighter may spend "Not Today!" to stay at
1 HP instead of dropping.
"""

from __future__ import annotations

import attrs

from hammertui.kernel.rules.dice import DiceSource, Roll, roll
from hammertui.kernel.rules.records import record

LAY_DOWN = "lay_down"
FIGHT_ON = "fight_on"


@record
class Vitals:
    """The numbers damage and healing change; `stance` is the choice made at 0 HP."""

    hp: int
    temp_hp: int
    con: int
    status: str
    stance: str = ""


@record
class Outcome:
    """Vitals after the blow or the cure, what happened in words, and any dice thrown."""

    vitals: Vitals
    lines: tuple[str, ...]
    rolls: tuple[Roll, ...] = ()


def would_drop(vitals: Vitals, amount: int) -> bool:
    """Whether `amount` takes a standing character from positive HP to zero or below."""
    return vitals.status == "ok" and vitals.hp > 0 and amount - vitals.temp_hp >= vitals.hp


def take_damage(vitals: Vitals, amount: int, zero_hp: str = "burn_con") -> Outcome:
    """Apply `amount` damage; `zero_hp` is the difficulty mode's rule: `death` or `burn_con`."""
    if amount < 0:
        raise ValueError("damage cannot be negative")
    if vitals.status == "dead":
        return Outcome(vitals, ("already dead",))
    lines: list[str] = []
    absorbed = min(vitals.temp_hp, amount)
    if absorbed:
        lines.append(f"{absorbed} taken by temporary HP")
    rest = amount - absorbed
    hp_lost = min(vitals.hp, rest)
    excess = rest - hp_lost
    hp = vitals.hp - hp_lost
    after = attrs.evolve(vitals, hp=hp, temp_hp=vitals.temp_hp - absorbed)
    if hp_lost:
        lines.append(f"loses {hp_lost} HP")
    if hp > 0 or not rest:
        return Outcome(after, tuple(lines))
    if zero_hp == "death":
        return Outcome(attrs.evolve(after, status="dead"), (*lines, "0 HP: dead (Hardcore)"))
    dropped = after.status == "ok"
    if dropped:
        after = attrs.evolve(after, status="down")
    burnt = burn_con(after, excess) if excess else Outcome(after, ())
    if dropped:
        alive = burnt.vitals.status != "dead"
        lines.append("drops to 0 HP: Lay Down or Fight On each round" if alive else "drops to 0 HP")
    return Outcome(burnt.vitals, (*lines, *burnt.lines))


def burn_con(vitals: Vitals, amount: int) -> Outcome:
    """Take `amount` CON for good; CON 0 is death."""
    con = max(0, vitals.con - amount)
    lines = [f"-{vitals.con - con} CON (permanent)"]
    status = vitals.status
    if con == 0:
        status = "dead"
        lines.append("CON 0: dead")
    return Outcome(attrs.evolve(vitals, con=con, status=status), tuple(lines))


def not_today(vitals: Vitals, amount: int) -> Outcome:
    """A Fighter's "Not Today!": stay at 1 HP and negate the rest of this blow."""
    if not would_drop(vitals, amount):
        raise ValueError("Not Today! is for a blow that would drop a standing Fighter to 0 HP")
    absorbed = vitals.temp_hp
    lost = vitals.hp - 1
    negated = amount - absorbed - lost
    lines = [f"{absorbed} taken by temporary HP"] if absorbed else []
    lines.append(f"Not Today!: stays at 1 HP, {negated} damage negated")
    return Outcome(attrs.evolve(vitals, hp=1, temp_hp=0), tuple(lines))


def lay_down(vitals: Vitals, saved: bool) -> Outcome:
    """One round Laying Down: the Death save's result decides whether a CON point goes."""
    _check_down(vitals)
    prone = attrs.evolve(vitals, stance=LAY_DOWN)
    if saved:
        return Outcome(prone, ("lays down; Death save made, no CON lost",))
    burnt = burn_con(prone, 1)
    return Outcome(burnt.vitals, ("lays down; Death save failed", *burnt.lines))


def fight_on(vitals: Vitals, source: DiceSource) -> Outcome:
    """One turn Fighting On: act, then lose 1d4 CON with no save."""
    _check_down(vitals)
    thrown = roll(source, "1d4")
    thrown = attrs.evolve(thrown, label="Fight On 1d4")
    burnt = burn_con(attrs.evolve(vitals, stance=FIGHT_ON), thrown.total)
    return Outcome(burnt.vitals, ("fights on", *burnt.lines), (thrown,))


def _check_down(vitals: Vitals) -> None:
    if vitals.status != "down":
        raise ValueError("only a character at 0 HP Lays Down or Fights On")


def heal(vitals: Vitals, amount: int, max_hp: int) -> Outcome:
    """Heal up to max HP; a character back above 0 HP is back on their feet. CON is not restored."""
    if amount < 0:
        raise ValueError("healing cannot be negative")
    if vitals.status == "dead":
        return Outcome(vitals, ("the dead do not heal",))
    hp = min(max_hp, vitals.hp + amount)
    status = "ok" if hp > 0 else vitals.status
    stance = "" if hp > 0 else vitals.stance
    lines = [f"+{hp - vitals.hp} HP" + (" (at max)" if hp == max_hp else "")]
    if status != vitals.status:
        lines.append("back on their feet")
    return Outcome(attrs.evolve(vitals, hp=hp, status=status, stance=stance), tuple(lines))
