"""Recovering HP and retaining hirelings under the Russell House Rules (pure).

HP recovered never passes the maximum; a full night's rest needs cover, no watch shifts and a
blanket; a square meal is once a day; a character retains one hireling plus a modifier, at least one.
"""

from __future__ import annotations

MINUTES_A_DAY = 24 * 60


def recovered(hp: int, max_hp: int, gained: int) -> int:
    """ "Recovered HP cannot go above a character's maximum." """
    return max(hp, min(max_hp, hp + gained))


def full_night(sheltered: bool, whole_night: bool, blanket: bool) -> bool:
    """ "A full night's rest (no watch shifts) with a a cover of some kind ... and a warm-enough
    blanket recovers all HP"; anything less recovers 1d6+level."""
    return sheltered and whole_night and blanket


def day_of(units: int, minutes_per_unit: int) -> int:
    """The day the clock is in (day 0 from the session's start), for "Once per day"."""
    return units * minutes_per_unit // MINUTES_A_DAY


def retain_most(base: int, modifier: int, least: int) -> int:
    """ "1 hireling plus a number equal to their charisma modifier, with a minimum of 1"."""
    return max(least, base + modifier)
