"""Hit points, the edge of death and healing, by the session's difficulty mode.

Complete rules (and Book Three's Adventure and Excitement modes): damage takes temporary HP first,
then HP; what is left once HP reach zero comes off CON for good, and CON 0 is death. Hardcore: zero
HP is death.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Vitals:
    """The numbers damage and healing change."""

    hp: int
    temp_hp: int
    con: int
    status: str


@attrs.frozen
class Outcome:
    """Vitals after the blow or the cure, and what happened in words for the log."""

    vitals: Vitals
    lines: tuple[str, ...]


def take_damage(vitals: Vitals, amount: int, mode: str = "adventure") -> Outcome:
    """Apply `amount` damage by the difficulty mode's rules."""
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
    con, status = vitals.con, vitals.status
    if hp_lost:
        lines.append(f"-{hp_lost} HP")
    if hp == 0 and mode == "hardcore" and rest:
        return Outcome(Vitals(0, vitals.temp_hp - absorbed, con, "dead"), (*lines, "0 HP: dead (Hardcore)"))
    if hp == 0 and rest:
        if status == "ok":
            status = "down"
            lines.append("drops to 0 HP")
        if excess:
            con = max(0, con - excess)
            lines.append(f"-{excess} CON (permanent)")
        if con == 0:
            status = "dead"
            lines.append("CON 0: dead")
    return Outcome(Vitals(hp, vitals.temp_hp - absorbed, con, status), tuple(lines))


def heal(vitals: Vitals, amount: int, max_hp: int) -> Outcome:
    """Heal up to max HP; a character back above 0 HP is back on their feet. CON is not restored."""
    if amount < 0:
        raise ValueError("healing cannot be negative")
    if vitals.status == "dead":
        return Outcome(vitals, ("the dead do not heal",))
    hp = min(max_hp, vitals.hp + amount)
    status = "ok" if hp > 0 else vitals.status
    lines = [f"+{hp - vitals.hp} HP" + (" (at max)" if hp == max_hp else "")]
    if status != vitals.status:
        lines.append("back on their feet")
    return Outcome(attrs.evolve(vitals, hp=hp, status=status), tuple(lines))
