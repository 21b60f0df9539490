"""Game time as the table reads it."""

from __future__ import annotations


def clock_text(units: int, minutes_per_unit: int) -> str:
    """Game time as the Timekeeper says it: `day 1, 01:40` counted from the descent."""
    minutes = units * minutes_per_unit
    day, minute_of_day = divmod(minutes, 24 * 60)
    hours, mins = divmod(minute_of_day, 60)
    return f"day {day + 1}, {hours:02d}:{mins:02d}"


def to_next_hour(units: int, units_per_hour: int) -> int:
    """Units from the clock's `units` to the next full hour: 1 to `units_per_hour`.

    On the hour exactly, the next hour is a whole hour away. Torches burn an hour, so this is
    the Timekeeper's "how long till the torch we lit on the hour dies".
    """
    if units_per_hour < 1:
        raise ValueError("an hour holds at least one unit")
    if units < 0:
        raise ValueError("the clock starts at 0")
    return units_per_hour - units % units_per_hour
