"""Game time as the table reads it."""

from __future__ import annotations


def clock_text(units: int, minutes_per_unit: int) -> str:
    """Game time as the Timekeeper says it: `day 1, 01:40` counted from the descent."""
    minutes = units * minutes_per_unit
    day, minute_of_day = divmod(minutes, 24 * 60)
    hours, mins = divmod(minute_of_day, 60)
    return f"day {day + 1}, {hours:02d}:{mins:02d}"
